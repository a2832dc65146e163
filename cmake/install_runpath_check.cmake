# SPDX-License-Identifier: Apache-2.0
# Run by `cmake --install` (./dev install) before anything is copied
# (cmake/install.cmake): no installed program or shared object may load code
# from a directory that anyone but root (or, for a prefix of one's own, its
# owner) can write.
#
# What it checks: every directory named in the RUNPATH/RPATH of each ELF
# file about to be installed (read from the built file; $ORIGIN is where the
# file is installed), and the directory of each ICU library linked (unless
# U8GUARD_INSTALL_ICU installs that ICU beside libu8guard). Each directory
# and every parent of it, symbolic links resolved, must be owned by root
# and writable by its owner only (no group or world write bit, sticky or
# not: /tmp is never a place to load code from). A directory inside the
# install prefix is checked from the prefix down: where the prefix lives is
# the installer's choice, and the installed files are there anyway.
#
# Whose directories are allowed: root's. When the installer is not root,
# the prefix is not root's and this is no Debian build (U8GUARD_DEB), also
# the installer's own (an install into ~/.local: who can write those can
# already write the prefix).
#
# Reads (U8GUARD_GENERATED/install_runpath_inputs.cmake, written by
# cmake/rpath.cmake): U8GUARD_CHECK_FILES (pairs: built file, install
# destination), U8GUARD_CHECK_ICU_LIBRARIES, U8GUARD_CHECK_ICU_INSTALLED,
# U8GUARD_CHECK_DEB; and CMAKE_INSTALL_PREFIX, as `cmake --install
# --prefix` sets it.

cmake_policy(VERSION 3.25)  # (an install script has no policies set)

if(U8GUARD_RUNPATH_CHECKED)
  return()  # once per install, whichever component comes first
endif()
set(U8GUARD_RUNPATH_CHECKED TRUE)
include("${U8GUARD_CHECK_INPUTS}")

# u8guard_stat(PATH OUT_UID OUT_USER OUT_MODE): the owner and the octal mode
# of PATH (not following a last symbolic link).
function(u8guard_stat path out_uid out_user out_mode)
  execute_process(COMMAND stat -c "%u %U %a" -- "${path}"
    OUTPUT_VARIABLE out RESULT_VARIABLE rc OUTPUT_STRIP_TRAILING_WHITESPACE
    ERROR_QUIET)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "u8guard: cannot stat ${path}")
  endif()
  string(REPLACE " " ";" out "${out}")
  list(GET out 0 uid)
  list(GET out 1 user)
  list(GET out 2 mode)
  set(${out_uid} "${uid}" PARENT_SCOPE)
  set(${out_user} "${user}" PARENT_SCOPE)
  set(${out_mode} "${mode}" PARENT_SCOPE)
endfunction()

execute_process(COMMAND id -u OUTPUT_VARIABLE u8guard_installer_uid
  OUTPUT_STRIP_TRAILING_WHITESPACE)
set(u8guard_prefix "${CMAKE_INSTALL_PREFIX}")
get_filename_component(u8guard_prefix "${u8guard_prefix}" ABSOLUTE)
# The prefix, or the nearest of its parents that exists.
set(u8guard_existing "${u8guard_prefix}")
while(NOT EXISTS "${u8guard_existing}")
  get_filename_component(u8guard_existing "${u8guard_existing}" DIRECTORY)
endwhile()
get_filename_component(u8guard_existing "${u8guard_existing}" REALPATH)
u8guard_stat("${u8guard_existing}" u8guard_prefix_uid u8guard_prefix_user
  u8guard_prefix_mode)
# The prefix as it resolves (a link in its path followed).
get_filename_component(u8guard_prefix_real "${u8guard_prefix}" REALPATH)

set(u8guard_allowed_uids 0)
set(u8guard_whose "root")
if(NOT u8guard_installer_uid STREQUAL "0"
    AND NOT u8guard_prefix_uid STREQUAL "0" AND NOT U8GUARD_CHECK_DEB)
  list(APPEND u8guard_allowed_uids "${u8guard_installer_uid}")
  string(CONCAT u8guard_whose "root or the installing user (uid ${u8guard_installer_uid}, "
    "who owns the prefix ${u8guard_existing})")
endif()

string(CONCAT u8guard_fix "Either install that ICU (or library) into a prefix that "
  "root owns and only root can write, e.g. /opt/icu-78 (built with "
  "--prefix=/opt/icu-78, installed as root), and configure with "
  "-DICU_ROOT=/opt/icu-78; or configure with -DU8GUARD_INSTALL_ICU=ON, "
  "which installs the ICU libraries beside libu8guard under the prefix and "
  "gives what is installed an $ORIGIN-relative RUNPATH only "
  "(docs/install.md, \"Building against another ICU\").")

# u8guard_check_directory(DIRECTORY WHY): refuses DIRECTORY unless it and
# each parent (from the prefix down when inside the prefix) is owned by an
# allowed user and not writable by group or others.
function(u8guard_check_directory directory why)
  get_filename_component(directory "${directory}" ABSOLUTE)  # ".." resolved
  set(inside FALSE)
  foreach(prefix "${u8guard_prefix}" "${u8guard_prefix_real}")
    string(FIND "${directory}/" "${prefix}/" at)
    if(at EQUAL 0)
      set(inside TRUE)
    endif()
  endforeach()
  # Not there yet: a directory the install makes under the prefix, or one
  # that does not exist (then nothing can be loaded from it until someone
  # makes it: its nearest existing parent decides who can).
  set(real "${directory}")
  while(NOT EXISTS "${real}")
    get_filename_component(real "${real}" DIRECTORY)
  endwhile()
  get_filename_component(real "${real}" REALPATH)
  set(stop "/")
  string(FIND "${real}/" "${u8guard_prefix_real}/" at)
  if(at EQUAL 0)
    set(stop "${u8guard_prefix_real}")
  elseif(inside)
    return()  # under a prefix the install makes: nothing of it exists yet
  endif()
  set(path "${real}")
  while(TRUE)
    u8guard_stat("${path}" uid user mode)
    # The last three octal digits: owner, group, others.
    string(LENGTH "00${mode}" length)
    math(EXPR from "${length} - 2")
    string(SUBSTRING "00${mode}" ${from} 2 group_other)
    string(SUBSTRING "${group_other}" 0 1 group)
    string(SUBSTRING "${group_other}" 1 1 other)
    math(EXPR group_write "${group} & 2")
    math(EXPR other_write "${other} & 2")
    set(problem "")
    if(NOT uid IN_LIST u8guard_allowed_uids)
      set(problem "is owned by ${user} (uid ${uid}, mode ${mode}), not by ${u8guard_whose}")
    elseif(group_write OR other_write)
      set(problem "is writable by its group or by anyone (owner ${user}, mode ${mode})")
    endif()
    if(problem)
      message(FATAL_ERROR "u8guard: refusing to install into "
        "${CMAKE_INSTALL_PREFIX}: ${why}, and the directory ${path} "
        "${problem}: whoever can write it "
        "can make root's and postgres's processes that load u8guard run "
        "their code. ${u8guard_fix}")
    endif()
    if(path STREQUAL stop OR path STREQUAL "/")
      break()
    endif()
    get_filename_component(path "${path}" DIRECTORY)
  endwhile()
endfunction()

set(u8guard_files ${U8GUARD_CHECK_FILES})
while(u8guard_files)
  list(POP_FRONT u8guard_files u8guard_file u8guard_destination)
  if(NOT EXISTS "${u8guard_file}")
    continue()  # not built (a component not asked for)
  endif()
  if(IS_ABSOLUTE "${u8guard_destination}")
    set(u8guard_origin "${u8guard_destination}")
  else()
    set(u8guard_origin "${u8guard_prefix}/${u8guard_destination}")
  endif()
  get_filename_component(u8guard_name "${u8guard_file}" NAME)
  foreach(u8guard_tag RUNPATH RPATH)
    file(READ_ELF "${u8guard_file}" ${u8guard_tag} u8guard_rpath)
    string(REPLACE ":" ";" u8guard_rpath "${u8guard_rpath}")
    foreach(u8guard_entry IN LISTS u8guard_rpath)
      string(REPLACE "$ORIGIN" "${u8guard_origin}" u8guard_dir
        "${u8guard_entry}")
      string(REPLACE "\${ORIGIN}" "${u8guard_origin}" u8guard_dir
        "${u8guard_dir}")
      if(NOT IS_ABSOLUTE "${u8guard_dir}")
        message(FATAL_ERROR "u8guard: refusing to install ${u8guard_name}: "
          "its ${u8guard_tag} has the relative entry \"${u8guard_entry}\" "
          "(cmake/rpath.cmake)")
      endif()
      u8guard_check_directory("${u8guard_dir}"
        "${u8guard_name} (installed into ${u8guard_origin}) has ${u8guard_entry} in its ${u8guard_tag}")
    endforeach()
  endforeach()
endwhile()

if(NOT U8GUARD_CHECK_ICU_INSTALLED)
  foreach(u8guard_library IN LISTS U8GUARD_CHECK_ICU_LIBRARIES)
    get_filename_component(u8guard_dir "${u8guard_library}" DIRECTORY)
    get_filename_component(u8guard_name "${u8guard_library}" NAME)
    u8guard_check_directory("${u8guard_dir}"
      "u8guard is linked with the ICU library ${u8guard_library}")
  endforeach()
endif()
