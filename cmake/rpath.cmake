# SPDX-License-Identifier: Apache-2.0
# Run-time search paths (RUNPATH) of what the build makes and installs.
#
# glibc's loader reads an empty entry of a RUNPATH or RPATH ("::", a
# leading or trailing ':') as the current directory, and a relative entry
# as relative to it: a program with one loads a library of the right name
# from wherever it is run (this happened: build/u8guard had the RUNPATH
# "::::::::::::::" and ran a libtomlplusplus.so.3 planted in the directory
# of whoever ran it). CMake makes exactly that for every installed target
# whose RUNPATH it rewrites at install time: it pads the build tree's
# RUNPATH with ':' to the length of the installed one, plus one more, and
# relinking instead is not supported by the Ninja generator.
#
# So no installed target has a RUNPATH to rewrite: each is built with its
# installed RUNPATH (BUILD_WITH_INSTALL_RPATH), which holds absolute
# directories (a non-system ICU's, and those of the other libraries it
# links from outside the build tree: INSTALL_RPATH_USE_LINK_PATH) and
# $ORIGIN-relative ones, both right in the build tree as after install.
# The one program that needs another RUNPATH in the build tree than
# installed, the tool linked with libu8guard.so, is built twice
# (CMakeLists.txt: u8guard_cli for the build tree and the tests,
# u8guard_cli_installed, with $ORIGIN/../LIBDIR, for the install). The
# test Build.Runpath (tests/build/runpath_test.py) reads every ELF file of
# the build tree, and Install.rpath every one installed, and fails on an
# empty, relative or otherwise non-absolute entry.

# u8guard_rpath_as_installed(TARGET...): builds each target with the
# RUNPATH it is installed with (see above). For targets that are installed.
function(u8guard_rpath_as_installed)
  foreach(target ${ARGN})
    set_target_properties(${target} PROPERTIES
      BUILD_WITH_INSTALL_RPATH ON
      INSTALL_RPATH_USE_LINK_PATH ON)
  endforeach()
endfunction()

# Every installed program and shared object, once every directory has
# been configured (the integrations are subdirectories).
function(u8guard_rpath_of_installed_targets)
  foreach(target u8guard_shared u8guard_python u8guard_postgresql)
    if(TARGET ${target})
      u8guard_rpath_as_installed(${target})
    endif()
  endforeach()
  if(DEFINED U8GUARD_CLI_INSTALLED_TARGET)
    u8guard_rpath_as_installed(${U8GUARD_CLI_INSTALLED_TARGET})
  endif()
endfunction()
cmake_language(DEFER CALL u8guard_rpath_of_installed_targets)
