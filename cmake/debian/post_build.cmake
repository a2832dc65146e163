# SPDX-License-Identifier: Apache-2.0
# CPack post-build script of the Debian packages (cmake/packaging.cmake): runs
# once the packages are made (CPACK_PACKAGE_FILES), before they are copied
# out.
#
# CPack gives a package with a shared library in the loader's directories a
# postinst and a postrm that call ldconfig. Debian replaced those calls with
# the ldconfig trigger (lintian: maintscript-calls-ldconfig), which
# cmake/debian/triggers declares: the packages named in
# CPACK_U8GUARD_DEB_TRIGGERED are rebuilt by dpkg-deb without the two
# scripts, which do nothing else.
foreach(deb IN LISTS CPACK_PACKAGE_FILES)
  get_filename_component(name "${deb}" NAME)
  string(REGEX REPLACE "_.*" "" package "${name}")
  if(NOT package IN_LIST CPACK_U8GUARD_DEB_TRIGGERED)
    continue()
  endif()
  set(tree "${CPACK_TOPLEVEL_DIRECTORY}/repack-${package}")
  file(REMOVE_RECURSE "${tree}")
  execute_process(COMMAND dpkg-deb -R "${deb}" "${tree}"
    RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "dpkg-deb -R ${deb} failed: ${result}")
  endif()
  foreach(script postinst postrm)
    file(READ "${tree}/DEBIAN/${script}" text)
    string(REGEX REPLACE "#[^\n]*|set -e|if \\[ \"\\$1\" = \"[a-z]+\" \\]; then|ldconfig|fi|[ \t\n]" "" rest "${text}")
    if(NOT rest STREQUAL "")
      message(FATAL_ERROR "${deb}: its ${script} does more than call "
        "ldconfig:\n${text}")
    endif()
    file(REMOVE "${tree}/DEBIAN/${script}")
  endforeach()
  execute_process(COMMAND dpkg-deb --root-owner-group -Zxz -b "${tree}" "${deb}"
    OUTPUT_QUIET RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "dpkg-deb -b ${tree} failed: ${result}")
  endif()
  file(REMOVE_RECURSE "${tree}")
  message(STATUS "u8guard: ${name}: the ldconfig trigger, no postinst or postrm")
endforeach()
