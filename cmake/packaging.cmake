# SPDX-License-Identifier: Apache-2.0
# Debian packages, made by CPack's DEB generator from the install components
# (included by CMakeLists.txt, before cmake/install.cmake, when
# U8GUARD_INSTALL is ON).
#
#   ./dev package   cmake/debian/build_packages.sh: a build of its own for
#                   Debian's layout (build-deb/, -DU8GUARD_DEB=ON), cpack,
#                   and the packages in build-deb/packages/
#
# One package per group of install components:
#   libu8guard0            u8guard_shared: libu8guard.so.0 and the file it
#                          links to; a shlibs file and the ldconfig trigger
#   libu8guard-dev         u8guard_development, u8guard_static and
#                          u8guard_shared_development (the libu8guard.so
#                          namelink and the shared library's CMake targets,
#                          which go with u8guard_shared in other builds)
#   u8guard                u8guard_cli: the tool (linked with
#                          libu8guard.so.0), its manual page u8guard(1)
#                          (compressed here), the policy files
#   python3-u8guard        python: /usr/lib/python3/dist-packages/u8guard
#   postgresql-NN-u8guard  postgresql: the extension for the PostgreSQL NN
#                          that pg_config names
# and to each, its component deb_<group>: /usr/share/doc/<package>/
# copyright and changelog.Debian.gz. The version is project(VERSION) and
# the Debian revision U8GUARD_DEB_REVISION (0.1.0-1).
#
# CPack rather than a debian/ directory: the packages are made of the same
# install components as `cmake --install` (which tests/install checks), so
# a file added to a component is in its package with no second list to keep;
# the version is written once, in project(); and the packages come from an
# ordinary CMake build directory, built incrementally, rather than from
# dpkg-buildpackage's build inside the source tree. What debhelper would do
# is done here: per-package copyright and changelog, dpkg-shlibdeps for the
# binary packages, the shlibs file, the ldconfig trigger (in place of
# CPack's postinst and postrm, which call ldconfig), stripped binaries,
# compressed manual pages (cmake/debian/pre_build.cmake and
# post_build.cmake).

option(U8GUARD_DEB
  "Build for Debian packages (CMAKE_INSTALL_PREFIX=/usr) and configure CPack's DEB generator"
  OFF)

if(U8GUARD_TESTS AND NOT U8GUARD_SANITIZE AND NOT U8GUARD_FUZZ)
  # tests/packaging: builds the packages in a build directory of its own
  # and checks them. Registered at the end, once the integrations are
  # configured.
  cmake_language(DEFER CALL include
    ${PROJECT_SOURCE_DIR}/tests/packaging/deb_test.cmake)
endif()

if(NOT U8GUARD_DEB)
  return()
endif()

if(NOT CMAKE_INSTALL_PREFIX STREQUAL "/usr")
  message(FATAL_ERROR "U8GUARD_DEB needs -DCMAKE_INSTALL_PREFIX=/usr "
    "(not ${CMAKE_INSTALL_PREFIX}): Debian packages install there")
endif()

set(U8GUARD_DEB_REVISION 1 CACHE STRING
  "The Debian revision of the packages: VERSION-REVISION")
set(U8GUARD_DEB_MAINTAINER
  "u8guard maintainers <maintainers@users.noreply.a-seed-f26c3071.example>"
  CACHE STRING "The packages' Maintainer field")
set(U8GUARD_DEB_DISTRIBUTION unstable CACHE STRING
  "The distribution of changelog.Debian's entry")

# The layout Debian's packages need (they are not what a /usr/local
# install wants):
# * libu8guard.so and the shared library's CMake targets in -dev, not in
#   the runtime library package (cmake/install.cmake reads this);
set(U8GUARD_SHARED_DEV_COMPONENT u8guard_shared_development)
# * the Python package where Debian's python3 looks for packages of the
#   distribution (integrations/python reads this);
set(U8GUARD_PYTHON_INSTALL_DIR lib/python3/dist-packages CACHE STRING
  "Where `cmake --install` puts the Python package u8guard/ (relative to CMAKE_INSTALL_PREFIX)"
  FORCE)
# * no RUNPATH in installed programs: the libraries are in the loader's
#   path (lintian: custom-library-search-path).
set(CMAKE_SKIP_INSTALL_RPATH ON)

# Everything else is decided once the integrations are configured.
cmake_language(DEFER CALL u8guard_deb_packages)

# u8guard_deb_doc(GROUP PACKAGE): copyright and changelog.Debian.gz into
# /usr/share/doc/PACKAGE, as component deb_GROUP.
function(u8guard_deb_doc group package)
  set(dir ${U8GUARD_GENERATED}/debian/${package})
  set(U8GUARD_DEB_PACKAGE ${package})
  configure_file(${PROJECT_SOURCE_DIR}/cmake/debian/changelog.Debian.in
    ${dir}/changelog.Debian @ONLY)
  # gzip -n: no name or time stamp in the file, so that the package is the
  # same from one build to the next (lintian:
  # package-contains-timestamped-gzip).
  add_custom_command(OUTPUT ${dir}/changelog.Debian.gz
    COMMAND gzip -9nc changelog.Debian > changelog.Debian.gz
    DEPENDS ${dir}/changelog.Debian
    WORKING_DIRECTORY ${dir} VERBATIM)
  add_custom_target(u8guard_deb_${group}_changelog ALL
    DEPENDS ${dir}/changelog.Debian.gz)
  install(FILES ${PROJECT_SOURCE_DIR}/cmake/debian/copyright
    ${dir}/changelog.Debian.gz
    DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/doc/${package}
    COMPONENT deb_${group} EXCLUDE_FROM_ALL)
endfunction()

# u8guard_deb_package(GROUP PACKAGE SECTION DEPENDS SUMMARY DESCRIPTION
#   COMPONENT...): the package PACKAGE, made of COMPONENTs and deb_GROUP.
# DEPENDS is added to what dpkg-shlibdeps finds.
macro(u8guard_deb_package group package section depends summary description)
  string(TOUPPER ${group} u8guard_deb_upper)
  set(CPACK_DEBIAN_${u8guard_deb_upper}_PACKAGE_NAME ${package})
  set(CPACK_DEBIAN_${u8guard_deb_upper}_PACKAGE_SECTION ${section})
  set(CPACK_DEBIAN_${u8guard_deb_upper}_PACKAGE_DEPENDS "${depends}")
  set(CPACK_DEBIAN_${u8guard_deb_upper}_DESCRIPTION
    "${summary}\n${description}\n\n${U8GUARD_DEB_ABOUT}")
  foreach(u8guard_deb_component ${ARGN} deb_${group})
    string(TOUPPER ${u8guard_deb_component} u8guard_deb_component_upper)
    set(CPACK_COMPONENT_${u8guard_deb_component_upper}_GROUP ${group})
    list(APPEND CPACK_COMPONENTS_ALL ${u8guard_deb_component})
  endforeach()
  u8guard_deb_doc(${group} ${package})
  list(APPEND U8GUARD_DEB_PACKAGES ${package})
endmacro()

function(u8guard_deb_packages)
  set(U8GUARD_DEB_VERSION "${PROJECT_VERSION}-${U8GUARD_DEB_REVISION}")
  # The date of the changelog entry: SOURCE_DATE_EPOCH's when set
  # (cmake/debian/build_packages.sh sets it to the commit's), else now.
  string(TIMESTAMP U8GUARD_DEB_DATE "%a, %d %b %Y %H:%M:%S +0000" UTC)
  set(U8GUARD_DEB_ABOUT [=[
u8guard compares untrusted text securely: credentials against
access-control lists, new user names against registered accounts, request
paths against a served root. It is built on strict UTF-8 (RFC 3629), the
PRECIS profiles (RFC 8264, 8265, 8266) and UTS #39 look-alike detection,
with ICU as its only source of Unicode data, and fails closed: an input it
rejects matches nothing, and every rejection names the byte offset, the
code point and the rule.]=])
  set(CPACK_COMPONENTS_ALL "")
  set(U8GUARD_DEB_PACKAGES "")

  if(NOT TARGET u8guard_shared OR NOT U8GUARD_BUILD_STATIC)
    message(FATAL_ERROR "U8GUARD_DEB needs both libraries "
      "(U8GUARD_BUILD_SHARED and U8GUARD_BUILD_STATIC ON)")
  endif()
  get_target_property(soversion u8guard_shared SOVERSION)
  u8guard_deb_package(pkg_lib libu8guard${soversion} libs ""
    "secure comparison of untrusted text (shared library)"
    "This package holds the shared library libu8guard.so.${soversion}, with
its C++20 and C11 interfaces."
    u8guard_shared)
  u8guard_deb_package(pkg_dev libu8guard-dev libdevel
    "libu8guard${soversion} (= ${U8GUARD_DEB_VERSION}), libicu-dev, libabsl-dev, libtomlplusplus-dev"
    "secure comparison of untrusted text (development files)"
    "This package holds the headers (C++20 and C11), the static library, the
CMake package (find_package(u8guard)) and u8guard.pc for pkg-config."
    u8guard_development u8guard_shared_development u8guard_static)

  if(TARGET u8guard_cli)
    get_target_property(library u8guard::u8guard ALIASED_TARGET)
    if(NOT library STREQUAL "u8guard_shared")
      # The tool gets fixes to the library from libu8guard0, as every other
      # program does, rather than from a copy of its own.
      message(FATAL_ERROR "U8GUARD_DEB: the tool would link libu8guard.a; "
        "configure with -DBUILD_SHARED_LIBS=ON")
    endif()
    # (dpkg-shlibdeps finds no shlibs file for the library, which is not
    # installed yet: it leaves it out, and this is what it would write.)
    u8guard_deb_package(pkg_cli u8guard utils
      "libu8guard${soversion} (>= ${U8GUARD_DEB_VERSION})"
      "secure comparison of untrusted text (command-line tool)"
      "This package holds the command-line tool u8guard: strict UTF-8
validation of files and streams, PRECIS canonicalization and comparison,
ACL lookup and audit, path sanitization; its manual page; and the built-in
profiles' policy files, in /usr/share/u8guard/policies."
      u8guard_cli)
  endif()

  if(TARGET u8guard_python)
    # The module is built for one python3 minor version (its file name says
    # which: _u8guard.cpython-311-x86_64-linux-gnu.so); its dependency is
    # what dh_python3 writes for ${python3:Depends}.
    get_target_property(suffix u8guard_python SUFFIX)
    if(NOT suffix MATCHES "^\\.cpython-3([0-9]+)-")
      message(FATAL_ERROR "U8GUARD_DEB: no Python version in the module's "
        "file name suffix \"${suffix}\"")
    endif()
    set(minor ${CMAKE_MATCH_1})
    set(py 3.${minor})
    math(EXPR next_minor "${minor} + 1")
    u8guard_deb_package(pkg_python python3-u8guard python
      "python3 (>= ${py}), python3 (<< 3.${next_minor})"
      "secure comparison of untrusted text (Python 3)"
      "This package holds the Python module u8guard for Python ${py}: profiles,
allow and deny lists, strict UTF-8 validation and path sanitization."
      python)
  endif()

  if(TARGET u8guard_postgresql)
    execute_process(COMMAND ${U8GUARD_PG_CONFIG} --version
      OUTPUT_VARIABLE pg_version RESULT_VARIABLE result)
    if(NOT result EQUAL 0 OR NOT pg_version MATCHES "PostgreSQL ([0-9]+)")
      message(FATAL_ERROR "U8GUARD_DEB: no version from ${U8GUARD_PG_CONFIG}")
    endif()
    set(pg ${CMAKE_MATCH_1})
    u8guard_deb_package(pkg_postgresql postgresql-${pg}-u8guard database
      "postgresql-${pg}"
      "secure comparison of untrusted text (PostgreSQL ${pg} extension)"
      "This package holds the PostgreSQL extension u8guard (CREATE EXTENSION
u8guard) for PostgreSQL ${pg}: comparison keys and look-alike skeletons for
unique indexes, strict UTF-8 checks and path sanitization in SQL."
      postgresql)
  endif()

  set(CPACK_GENERATOR DEB)
  set(CPACK_PACKAGE_NAME u8guard)
  set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
  set(CPACK_PACKAGE_CONTACT "${U8GUARD_DEB_MAINTAINER}")
  set(CPACK_DEBIAN_PACKAGE_RELEASE ${U8GUARD_DEB_REVISION})
  set(CPACK_DEBIAN_PACKAGE_SOURCE u8guard)
  set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
  set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
  set(CPACK_DEB_COMPONENT_INSTALL ON)
  set(CPACK_COMPONENTS_GROUPING ONE_PER_GROUP)
  # Installed with DESTDIR: the prefix is /usr at install time too (u8guard.pc
  # is written then), and the PostgreSQL extension's absolute destinations
  # land in the package.
  set(CPACK_SET_DESTDIR ON)
  set(CPACK_STRIP_FILES ON)
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
  # The library in the package being built, for the tool's dependencies.
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS
    ${CMAKE_CURRENT_BINARY_DIR})
  set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
  set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS_POLICY ">=")
  set(CPACK_DEBIAN_PKG_LIB_PACKAGE_CONTROL_EXTRA
    ${PROJECT_SOURCE_DIR}/cmake/debian/triggers)
  set(CPACK_DEBIAN_COMPRESSION_TYPE xz)
  set(CPACK_PRE_BUILD_SCRIPTS ${PROJECT_SOURCE_DIR}/cmake/debian/pre_build.cmake)
  set(CPACK_POST_BUILD_SCRIPTS ${PROJECT_SOURCE_DIR}/cmake/debian/post_build.cmake)
  set(CPACK_PACKAGE_DIRECTORY ${PROJECT_BINARY_DIR}/cpack)
  # For the scripts: which packages ship shared libraries in the loader's
  # path (their ldconfig calls are replaced by the trigger).
  set(CPACK_U8GUARD_DEB_TRIGGERED libu8guard${soversion})
  set(CPACK_U8GUARD_DEB_PACKAGES ${U8GUARD_DEB_PACKAGES})
  include(CPack)
  list(JOIN U8GUARD_DEB_PACKAGES ", " packages)
  message(STATUS "u8guard Debian packages (cpack): ${packages}")
endfunction()
