# SPDX-License-Identifier: Apache-2.0
# CPack pre-build script of the Debian packages (cmake/packaging.cmake): runs
# once the components are installed into their staging directories
# (CPACK_TEMPORARY_DIRECTORY/<group>/), before the packages are made.
#
# Manual pages are compressed, as Debian wants them (lintian:
# uncompressed-manual-page) and as dh_compress does: gzip -9n (no name or
# time stamp, so that the package is the same from one build to the next).
# A link to a page becomes a link to the compressed page.
file(GLOB_RECURSE pages LIST_DIRECTORIES false
  "${CPACK_TEMPORARY_DIRECTORY}/usr/share/man/*"
  "${CPACK_TEMPORARY_DIRECTORY}/*/usr/share/man/*")
foreach(page IN LISTS pages)
  if(page MATCHES "\\.gz$")
    continue()
  endif()
  if(IS_SYMLINK "${page}")
    file(READ_SYMLINK "${page}" target)
    file(REMOVE "${page}")
    file(CREATE_LINK "${target}.gz" "${page}.gz" SYMBOLIC)
    continue()
  endif()
  execute_process(COMMAND gzip -9nf "${page}" RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "gzip ${page} failed: ${result}")
  endif()
  message(STATUS "u8guard: compressed ${page}.gz")
endforeach()
