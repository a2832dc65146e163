# SPDX-License-Identifier: Apache-2.0
# Install rules (included by CMakeLists.txt when U8GUARD_INSTALL is ON).
#
# Layout under the prefix (GNUInstallDirs):
#   include/u8guard/*.h               the C++ headers, u8guard_c.h (C API),
#                                     version_macros.h (generated)
#   LIBDIR/libu8guard.so.VERSION      the shared library, SONAME
#   LIBDIR/libu8guard.so.ABI          libu8guard.so.ABI, and its links
#   LIBDIR/libu8guard.so
#   LIBDIR/libu8guard.a               the static library
#   LIBDIR/cmake/u8guard/             u8guardConfig.cmake, ...ConfigVersion,
#                                     u8guard-{shared,static}-targets.cmake
#   LIBDIR/pkgconfig/u8guard.pc
#   bin/u8guard                       the command-line tool
#   share/man/man1/u8guard.1          its manual page
#   share/bash-completion/completions/u8guard  its bash completion
#   share/u8guard/policies/*.toml     the built-in profiles' policy files, as
#   share/u8guard/policies/*.txt      (and the built-in name lists)
#                                     a starting point for a deployment's own
#
# Components, so that a packager (or tests/install) can split them:
#   u8guard_development  headers, CMake package files, u8guard.pc
#   u8guard_shared       the shared library, its links and its CMake targets
#   u8guard_static       the static library and its CMake targets
#   u8guard_cli          the tool, its manual page, its bash completion and
#                        the policy files

set(U8GUARD_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/u8guard)

# First, before anything is copied, whichever components are installed: no
# installed RUNPATH, and no ICU linked, in a directory that others than root
# can write (cmake/install_runpath_check.cmake). Its inputs are written at
# generate time (cmake/rpath.cmake).
foreach(component u8guard_development u8guard_shared u8guard_static
    u8guard_cli python postgresql Unspecified)
  set(exclude "")
  if(component STREQUAL "postgresql")
    set(exclude EXCLUDE_FROM_ALL)
  endif()
  install(CODE "set(U8GUARD_CHECK_INPUTS \"${U8GUARD_GENERATED}/install_runpath_inputs.cmake\")
include(\"${PROJECT_SOURCE_DIR}/cmake/install_runpath_check.cmake\")"
    COMPONENT ${component} ${exclude})
endforeach()

# U8GUARD_INSTALL_ICU (cmake/icu.cmake): the ICU libraries linked, each
# under its SONAME (libicuuc.so.78, a link to its real file when that has
# another name), into LIBDIR with every component that installs an ELF file
# needing them.
if(U8GUARD_ICU_INSTALLED)
  foreach(library IN LISTS U8GUARD_ICU_LIBRARIES)
    get_filename_component(real_name "${library}" NAME)
    string(REGEX MATCH "^libicu[a-z0-9]+\\.so" stem "${real_name}")
    set(soname "${stem}.${U8GUARD_ICU_MAJOR}")
    foreach(component u8guard_shared u8guard_cli python postgresql)
      set(exclude "")
      if(component STREQUAL "postgresql")
        set(exclude EXCLUDE_FROM_ALL)
      endif()
      install(FILES "${library}" DESTINATION ${CMAKE_INSTALL_LIBDIR}
        PERMISSIONS OWNER_READ OWNER_WRITE GROUP_READ WORLD_READ
        COMPONENT ${component} ${exclude})
      if(NOT real_name STREQUAL soname)
        install(CODE "file(CREATE_LINK \"${real_name}\"
  \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/${soname}\" SYMBOLIC)
list(APPEND CMAKE_INSTALL_MANIFEST_FILES \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/${soname}\")
message(STATUS \"Installing: \$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/${soname} -> ${real_name}\")"
          COMPONENT ${component} ${exclude})
      endif()
    endforeach()
  endforeach()
endif()

install(DIRECTORY include/u8guard DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  COMPONENT u8guard_development FILES_MATCHING PATTERN "*.h")
install(FILES ${U8GUARD_GENERATED_INCLUDE}/u8guard/version_macros.h
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/u8guard
  COMPONENT u8guard_development)

# The libu8guard.so namelink and the shared library's CMake targets are for
# building against it: Debian's split puts them in the -dev package
# (cmake/packaging.cmake sets U8GUARD_SHARED_DEV_COMPONENT), other installs
# keep them with the library.
if(NOT U8GUARD_SHARED_DEV_COMPONENT)
  set(U8GUARD_SHARED_DEV_COMPONENT u8guard_shared)
endif()
if(U8GUARD_BUILD_SHARED)
  install(TARGETS u8guard_shared EXPORT u8guard_shared_targets
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT u8guard_shared
      NAMELINK_COMPONENT ${U8GUARD_SHARED_DEV_COMPONENT})
  install(EXPORT u8guard_shared_targets NAMESPACE u8guard::
    FILE u8guard-shared-targets.cmake DESTINATION ${U8GUARD_CMAKE_DIR}
    COMPONENT ${U8GUARD_SHARED_DEV_COMPONENT})
endif()
if(U8GUARD_BUILD_STATIC)
  install(TARGETS u8guard EXPORT u8guard_static_targets
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT u8guard_static)
  if(TARGET u8guard_toml_header_only)
    # U8GUARD_STATIC_DEPS: toml++'s headers in their header-only form, a
    # part of libu8guard.a's link interface (cmake/static_deps.cmake).
    install(TARGETS u8guard_toml_header_only EXPORT u8guard_static_targets)
  endif()
  install(EXPORT u8guard_static_targets NAMESPACE u8guard::
    FILE u8guard-static-targets.cmake DESTINATION ${U8GUARD_CMAKE_DIR}
    COMPONENT u8guard_static)
endif()

if(U8GUARD_CLI)
  # The tool built for the install (CMakeLists.txt, cmake/rpath.cmake).
  install(TARGETS ${U8GUARD_CLI_INSTALLED_TARGET}
    RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT u8guard_cli)
  install(FILES ${U8GUARD_GENERATED}/u8guard.1
    DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT u8guard_cli)
  install(FILES ${U8GUARD_GENERATED}/u8guard.bash
    DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
    RENAME u8guard COMPONENT u8guard_cli)
  install(DIRECTORY policies/ DESTINATION ${CMAKE_INSTALL_DATADIR}/u8guard/policies
    COMPONENT u8guard_cli FILES_MATCHING PATTERN "*.toml" PATTERN "*.txt")
endif()

# The CMake package: find_package(u8guard CONFIG) gives u8guard::u8guard.
configure_package_config_file(cmake/u8guardConfig.cmake.in
  ${U8GUARD_GENERATED}/u8guardConfig.cmake
  INSTALL_DESTINATION ${U8GUARD_CMAKE_DIR})
# Before 1.0 a minor release may change the API; afterwards a major one.
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(u8guard_compatibility SameMinorVersion)
else()
  set(u8guard_compatibility SameMajorVersion)
endif()
write_basic_package_version_file(${U8GUARD_GENERATED}/u8guardConfigVersion.cmake
  COMPATIBILITY ${u8guard_compatibility})
install(FILES ${U8GUARD_GENERATED}/u8guardConfig.cmake
  ${U8GUARD_GENERATED}/u8guardConfigVersion.cmake
  DESTINATION ${U8GUARD_CMAKE_DIR} COMPONENT u8guard_development)

# u8guard.pc, written at install time so that its prefix is the one
# `cmake --install --prefix` installs into. cmake/u8guard.pc.in is configured
# twice: now for everything but the prefix, at install time for the prefix.
set(U8GUARD_PC_PREFIX "@CMAKE_INSTALL_PREFIX@")
foreach(dir LIBDIR INCLUDEDIR)
  if(IS_ABSOLUTE "${CMAKE_INSTALL_${dir}}")
    set(U8GUARD_PC_${dir} "${CMAKE_INSTALL_${dir}}")
  else()
    set(U8GUARD_PC_${dir} "\${prefix}/${CMAKE_INSTALL_${dir}}")
  endif()
endforeach()
# ICU: the system's through its .pc files, pinned to the major version the
# library was built with; another prefix's by its directory, with a RUNPATH
# and every library in DT_NEEDED (cmake/icu.cmake says why).
# Either way, an ICU that is not installed beside u8guard is required by
# version (Requires.private, which pkg-config checks for --exists and
# --cflags, shared or static): a consumer whose pkg-config finds another
# ICU major version fails to configure, told both versions. For another
# prefix's ICU, its lib/pkgconfig goes into PKG_CONFIG_PATH
# (docs/install.md).
math(EXPR u8guard_icu_next "${U8GUARD_ICU_MAJOR} + 1")
set(U8GUARD_PC_ICU_REQUIRES "")
if(NOT U8GUARD_ICU_INSTALLED)
  foreach(pc icu-uc icu-i18n)
    string(APPEND U8GUARD_PC_ICU_REQUIRES
      ", ${pc} >= ${U8GUARD_ICU_MAJOR}, ${pc} < ${u8guard_icu_next}")
  endforeach()
endif()
if(U8GUARD_ICU_SYSTEM)
  set(U8GUARD_PC_ICU_LIBS "")
elseif(U8GUARD_ICU_INSTALLED)
  # (Installed beside libu8guard: the static library's consumers link it
  # from there too.)
  set(U8GUARD_PC_ICU_LIBS "-L\${libdir} -Wl,-rpath,\${libdir} -licui18n -licuuc -Wl,--push-state,--no-as-needed,-licudata,--pop-state ")
else()
  # (One -Wl word for libicudata: pkg-config drops repeated words, such as
  # a --pop-state that Abseil's .pc files also use.)
  set(U8GUARD_PC_ICU_LIBS "-L${U8GUARD_ICU_LIBDIR} -Wl,-rpath,${U8GUARD_ICU_LIBDIR} -licui18n -licuuc -Wl,--push-state,--no-as-needed,-licudata,--pop-state ")
endif()
configure_file(cmake/u8guard.pc.in ${U8GUARD_GENERATED}/u8guard.pc.in @ONLY)
# Each install run configures it in a directory of its own: two runs at once
# (into two prefixes, as the docs tests do) wrote one file in the build
# tree, and one installed the other's prefix, or failed to read the file.
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  set(u8guard_pc_destination "${CMAKE_INSTALL_LIBDIR}/pkgconfig")
else()
  set(u8guard_pc_destination
    "\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/pkgconfig")
endif()
install(CODE "
  string(RANDOM LENGTH 16 u8guard_pc_run)
  set(u8guard_pc_dir \"${U8GUARD_GENERATED}/pc-\${u8guard_pc_run}\")
  configure_file(\"${U8GUARD_GENERATED}/u8guard.pc.in\"
    \"\${u8guard_pc_dir}/u8guard.pc\" @ONLY)
  file(INSTALL DESTINATION \"${u8guard_pc_destination}\" TYPE FILE
    FILES \"\${u8guard_pc_dir}/u8guard.pc\")
  file(REMOVE_RECURSE \"\${u8guard_pc_dir}\")
  " COMPONENT u8guard_development)
