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
#   U8GUARD_ICU_LIBRARIES     the real paths of libicuuc, libicui18n and
#                             libicudata as linked
#   U8GUARD_ICU_INSTALLED     TRUE when U8GUARD_INSTALL_ICU installs that
#                             ICU beside libu8guard (then U8GUARD_ICU_RPATH
#                             is "": cmake/rpath.cmake gives the installed
#                             targets $ORIGIN-relative entries instead)
#
# U8GUARD_INSTALL_ICU (option): an ICU that is not the system's is
# installed with u8guard, into LIBDIR (libicuuc.so.MAJOR and its real file,
# ...), and nothing installed has its directory in its RUNPATH. For an ICU
# in a directory that others than root can write (./dev test-icu's cache in
# a home directory): the install refuses that RUNPATH
# (cmake/install_runpath_check.cmake).

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

set(U8GUARD_ICU_LIBRARIES "")
foreach(component UC I18N DATA)
  set(library "${ICU_${component}_LIBRARY_RELEASE}")
  if(NOT library)
    set(library "${ICU_${component}_LIBRARY_DEBUG}")
  endif()
  if(NOT library)
    string(TOLOWER ${component} name)
    get_target_property(library ICU::${name} IMPORTED_LOCATION)
  endif()
  get_filename_component(library "${library}" REALPATH)
  list(APPEND U8GUARD_ICU_LIBRARIES "${library}")
endforeach()

option(U8GUARD_INSTALL_ICU
  "Install an ICU that is not the system's beside libu8guard, and give nothing installed its directory in its RUNPATH"
  OFF)
set(U8GUARD_ICU_INSTALLED FALSE)

if(U8GUARD_ICU_SYSTEM)
  if(U8GUARD_INSTALL_ICU)
    message(STATUS "u8guard: U8GUARD_INSTALL_ICU has nothing to do: the "
      "system's ICU is not installed with u8guard")
  endif()
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
  if(U8GUARD_INSTALL_ICU)
    set(U8GUARD_ICU_RPATH "")
    set(U8GUARD_ICU_INSTALLED TRUE)
    # libu8guard.so, built with its installed RUNPATH ($ORIGIN), finds this
    # ICU beside itself in the build tree too: a copy, under each SONAME.
    foreach(library IN LISTS U8GUARD_ICU_LIBRARIES)
      get_filename_component(real_name "${library}" NAME)
      string(REGEX MATCH "^libicu[a-z0-9]+\\.so" stem "${real_name}")
      file(COPY "${library}" DESTINATION "${PROJECT_BINARY_DIR}")
      if(NOT real_name STREQUAL "${stem}.${U8GUARD_ICU_MAJOR}")
        file(CREATE_LINK "${real_name}"
          "${PROJECT_BINARY_DIR}/${stem}.${U8GUARD_ICU_MAJOR}" SYMBOLIC)
      endif()
    endforeach()
    message(STATUS "u8guard: ICU ${ICU_VERSION} from ${U8GUARD_ICU_ROOT} "
      "(not the system's: installed beside libu8guard, U8GUARD_INSTALL_ICU; "
      "the RUNPATH of what is installed is $ORIGIN-relative)")
  else()
    message(STATUS "u8guard: ICU ${ICU_VERSION} from ${U8GUARD_ICU_ROOT} "
      "(not the system's: recorded in the package, u8guard.pc and the "
      "RUNPATH of what is installed)")
  endif()
endif()
