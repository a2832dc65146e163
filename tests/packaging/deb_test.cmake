# SPDX-License-Identifier: Apache-2.0
# The Debian packages' test (tests/packaging/deb_test.sh): the packages built
# from this source tree in a build directory of their own
# (tests/packaging/deb-build/ in this build's directory, kept between runs:
# the next build is incremental), unpacked into a scratch
# root, and used from there by CMake, pkg-config, python3 and a PostgreSQL
# server; and lintian. One ctest test per step; `build` is the fixture.
#
# Included by cmake/packaging.cmake at the end of the top-level
# CMakeLists.txt when the tests are on (not in sanitizer or fuzz builds: the packages are
# built with Debian's flags, whatever this build's are), and registered only
# when the tools are there (Debian's dpkg-dev, file, lintian, pkg-config,
# psql) and this build has the Python module and the PostgreSQL extension
# (so that the packages' build has them too).

set(missing "")
foreach(tool dpkg-deb dpkg-shlibdeps dpkg-buildflags dpkg-architecture file
    lintian pkg-config psql)
  string(MAKE_C_IDENTIFIER "U8GUARD_TOOL_${tool}" var)
  find_program(${var} ${tool})
  if(NOT ${var})
    list(APPEND missing ${tool})
  endif()
endforeach()
if(NOT EXISTS /usr/bin/python3)
  list(APPEND missing /usr/bin/python3)
endif()
if(NOT TARGET u8guard_python)
  list(APPEND missing "the Python module")
endif()
if(NOT TARGET u8guard_postgresql)
  list(APPEND missing "the PostgreSQL extension")
endif()
if(missing)
  list(JOIN missing ", " missing)
  message(STATUS "u8guard Debian packages' test: not registered (no ${missing})")
  return()
endif()
execute_process(COMMAND ${U8GUARD_PG_CONFIG} --bindir
  OUTPUT_VARIABLE pg_bindir OUTPUT_STRIP_TRAILING_WHITESPACE)
# The C compiler of tests/ (which enables C), else the system's.
set(c_compiler ${CMAKE_C_COMPILER})
if(NOT c_compiler)
  set(c_compiler cc)
endif()

set(U8GUARD_DEB_STEPS lintian contents cmake pkgconfig cli python postgresql)
set(environment
  U8GUARD_SOURCE_DIR=${PROJECT_SOURCE_DIR}
  U8GUARD_WORK_DIR=${PROJECT_BINARY_DIR}/tests/packaging/deb_test
  U8GUARD_DEB_BUILD_DIR=${PROJECT_BINARY_DIR}/tests/packaging/deb-build
  U8GUARD_PG_BINDIR=${pg_bindir}
  CC=${c_compiler} CXX=${CMAKE_CXX_COMPILER} CMAKE=${CMAKE_COMMAND})
foreach(step build ${U8GUARD_DEB_STEPS})
  add_test(NAME Packaging.deb.${step}
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/deb_test.sh ${step})
  set_tests_properties(Packaging.deb.${step} PROPERTIES TIMEOUT 300
    ENVIRONMENT "${environment}")
endforeach()
# The first build compiles everything (about 5 minutes on 2 cores beside
# other suites): the costliest test of the Release run, so ctest starts it
# first (COST; in a fresh build directory ctest has no timings of its own)
# instead of leaving it to run alone at the end.
set_tests_properties(Packaging.deb.build PROPERTIES TIMEOUT 1200
  FIXTURES_SETUP u8guard_deb COST 300)
list(TRANSFORM U8GUARD_DEB_STEPS PREPEND Packaging.deb.)
set_tests_properties(${U8GUARD_DEB_STEPS} PROPERTIES
  FIXTURES_REQUIRED u8guard_deb)
