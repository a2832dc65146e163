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

#
# With U8GUARD_INSTALL_ICU (cmake/icu.cmake) the ICU libraries are installed
# into LIBDIR, and each installed target's RUNPATH names that directory
# relative to where the target is installed ($ORIGIN, $ORIGIN/../lib...;
# for a target installed into an absolute directory, such as the
# PostgreSQL extension's pkglibdir, relative to CMAKE_INSTALL_PREFIX's LIBDIR
# as configured), and no absolute directory of the build machine: INSTALL_RPATH_USE_LINK_PATH
# is off, so another library from outside the system's directories needs its
# directory in CMAKE_INSTALL_RPATH, which the install checks like the rest.
#
# Every directory an installed RUNPATH names, and the directory of each ICU
# library linked, is checked when installing (before anything is copied:
# cmake/install_runpath_check.cmake; docs/install.md, "Building against
# another ICU"); this file writes what that check reads,
# U8GUARD_GENERATED/install_runpath_inputs.cmake.

# u8guard_rpath_as_installed(TARGET [DESTINATION]): builds TARGET with the
# RUNPATH it is installed with (see above), DESTINATION being where it is
# installed (relative to the prefix, or absolute). For targets that are
# installed.
function(u8guard_rpath_as_installed target)
  set_target_properties(${target} PROPERTIES
    BUILD_WITH_INSTALL_RPATH ON
    INSTALL_RPATH_USE_LINK_PATH ON)
  if(U8GUARD_ICU_INSTALLED AND ARGC GREATER 1)
    set(destination "${ARGV1}")
    if(IS_ABSOLUTE "${destination}")
      file(RELATIVE_PATH relative "${destination}"
        "${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}")
    else()
      file(RELATIVE_PATH relative "/prefix/${destination}"
        "/prefix/${CMAKE_INSTALL_LIBDIR}")
    endif()
    string(REGEX REPLACE "/+$" "" relative "${relative}")
    if(relative STREQUAL "")
      set(entry "$ORIGIN")
    else()
      set(entry "$ORIGIN/${relative}")
    endif()
    get_target_property(rpath ${target} INSTALL_RPATH)
    if(NOT rpath)
      set(rpath "")
    endif()
    list(REMOVE_ITEM rpath "${entry}")
    list(PREPEND rpath "${entry}")
    set_target_properties(${target} PROPERTIES
      INSTALL_RPATH "${rpath}"
      INSTALL_RPATH_USE_LINK_PATH OFF)
  endif()
endfunction()

# Every installed program and shared object, once every directory has
# been configured (the integrations are subdirectories), and what the
# install-time check reads: each one's file in the build tree and where it
# is installed.
function(u8guard_rpath_of_installed_targets)
  set(installed "")
  if(TARGET u8guard_shared)
    list(APPEND installed u8guard_shared "${CMAKE_INSTALL_LIBDIR}")
  endif()
  if(DEFINED U8GUARD_CLI_INSTALLED_TARGET)
    list(APPEND installed ${U8GUARD_CLI_INSTALLED_TARGET}
      "${CMAKE_INSTALL_BINDIR}")
  endif()
  if(TARGET u8guard_python)
    get_directory_property(dir DIRECTORY integrations/python
      DEFINITION U8GUARD_PYTHON_INSTALL_DIR)
    list(APPEND installed u8guard_python "${dir}/u8guard")
  endif()
  if(TARGET u8guard_postgresql)
    get_directory_property(dir DIRECTORY integrations/postgresql
      DEFINITION U8GUARD_PG_PKGLIBDIR)
    list(APPEND installed u8guard_postgresql "${dir}")
  endif()
  set(inputs "# Written by cmake/rpath.cmake for cmake/install_runpath_check.cmake.\n")
  string(APPEND inputs "set(U8GUARD_CHECK_FILES \"\")\n")
  while(installed)
    list(POP_FRONT installed target destination)
    u8guard_rpath_as_installed(${target} "${destination}")
    string(APPEND inputs "list(APPEND U8GUARD_CHECK_FILES "
      "\"$<TARGET_FILE:${target}>\" \"${destination}\")\n")
  endwhile()
  string(APPEND inputs
    "set(U8GUARD_CHECK_ICU_LIBRARIES \"${U8GUARD_ICU_LIBRARIES}\")\n"
    "set(U8GUARD_CHECK_ICU_INSTALLED \"${U8GUARD_ICU_INSTALLED}\")\n"
    "set(U8GUARD_CHECK_DEB \"${U8GUARD_DEB}\")\n"
    "set(U8GUARD_CHECK_INSTALL_RPATH \"${CMAKE_INSTALL_RPATH}\")\n")
  file(GENERATE OUTPUT "${U8GUARD_GENERATED}/install_runpath_inputs.cmake"
    CONTENT "${inputs}")
endfunction()
cmake_language(DEFER CALL u8guard_rpath_of_installed_targets)
