# SPDX-License-Identifier: Apache-2.0
# The ICU this build uses, and what its consumers must know of it
# (included by CMakeLists.txt after find_package(ICU)).
#
# A program linked with libu8guard.a must link the same ICU major version
# as the library (ICU's symbols carry it: icu_78::UnicodeString), and
# libu8guard.so must find it at run time. With a system ICU that is all
# there is to it. An ICU in another prefix (a self-built one, e.g.
# ./dev test-icu's under ~/.cache/u8guard) also needs:
#   * its prefix in the installed package (u8guardConfig.cmake hints
#     ICU_ROOT with it) and in u8guard.pc (-L, -rpath);
#   * its lib directory in the RUNPATH of what is installed (the build tree's
#     programs get it from CMake: ICU is linked by full path);
#   * every ICU library in DT_NEEDED, not only those whose symbols a program
#     uses: ICU's libraries carry no RUNPATH of their own, so when
#     libicuuc.so asks the loader for libicudata.so, only a library already
#     loaded (or LD_LIBRARY_PATH) can answer. Linkers that default to
#     --as-needed (Debian's and Ubuntu's GCC) would drop libicudata.so,
#     whose one symbol nothing names; --no-as-needed keeps it.
#
# Sets:
#   U8GUARD_ICU_MAJOR         "78"
#   U8GUARD_ICU_LIBDIR        the directory of libicuuc.so (real path)
#   U8GUARD_ICU_SYSTEM        TRUE when that is one of the linker's
#                             implicit directories (/usr/lib/<triplet>...)
#   U8GUARD_ICU_ROOT          the ICU prefix when not the system's, else ""
#   U8GUARD_ICU_RPATH         U8GUARD_ICU_LIBDIR when not the system's
#   U8GUARD_ICU_LINK_OPTIONS  LINKER:--no-as-needed when not the system's

string(REGEX MATCH "^[0-9]+" U8GUARD_ICU_MAJOR "${ICU_VERSION}")

set(u8guard_icu_library "${ICU_UC_LIBRARY_RELEASE}")
if(NOT u8guard_icu_library)
  set(u8guard_icu_library "${ICU_UC_LIBRARY_DEBUG}")
endif()
if(NOT u8guard_icu_library)
  get_target_property(u8guard_icu_library ICU::uc IMPORTED_LOCATION)
endif()
get_filename_component(U8GUARD_ICU_LIBDIR "${u8guard_icu_library}" DIRECTORY)
get_filename_component(U8GUARD_ICU_LIBDIR "${U8GUARD_ICU_LIBDIR}" REALPATH)

set(U8GUARD_ICU_SYSTEM FALSE)
foreach(dir ${CMAKE_CXX_IMPLICIT_LINK_DIRECTORIES}
    ${CMAKE_PLATFORM_IMPLICIT_LINK_DIRECTORIES})
  get_filename_component(dir "${dir}" REALPATH)
  if(dir STREQUAL U8GUARD_ICU_LIBDIR)
    set(U8GUARD_ICU_SYSTEM TRUE)
  endif()
endforeach()

if(U8GUARD_ICU_SYSTEM)
  set(U8GUARD_ICU_ROOT "")
  set(U8GUARD_ICU_RPATH "")
  set(U8GUARD_ICU_LINK_OPTIONS "")
  message(STATUS "u8guard: ICU ${ICU_VERSION} (the system's, ${U8GUARD_ICU_LIBDIR})")
else()
  # <prefix>/include holds unicode/*.h.
  get_filename_component(U8GUARD_ICU_ROOT "${ICU_INCLUDE_DIR}" DIRECTORY)
  get_filename_component(U8GUARD_ICU_ROOT "${U8GUARD_ICU_ROOT}" REALPATH)
  set(U8GUARD_ICU_RPATH "${U8GUARD_ICU_LIBDIR}")
  set(U8GUARD_ICU_LINK_OPTIONS "LINKER:--no-as-needed")
  message(STATUS "u8guard: ICU ${ICU_VERSION} from ${U8GUARD_ICU_ROOT} "
    "(not the system's: recorded in the package, u8guard.pc and the "
    "RUNPATH of what is installed)")
endif()
