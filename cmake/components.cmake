# SPDX-License-Identifier: Apache-2.0
# What a configure builds and what it leaves out, and why.
#
# A plain `cmake -S . -B build` needs only the library's own dependencies
# (a C++20 compiler, ICU, Abseil, toml++) and builds the libraries, the
# tool and the examples. The rest is optional:
#   U8GUARD_TESTS, U8GUARD_BENCH      OFF unless asked for (as Abseil's
#                                     ABSL_BUILD_TESTING and RE2's
#                                     RE2_BENCHMARK); ON requires their
#                                     dependencies (GoogleTest; Google
#                                     Benchmark and the peer libraries).
#   U8GUARD_PYTHON, U8GUARD_POSTGRESQL  AUTO (the default at top level):
#                                     built when their dependencies are
#                                     found, skipped with the reason when
#                                     not; ON requires them; OFF skips.
# Each part skipped is named with its reason as it is decided, and the
# configure ends with a summary of what is built and what is not.

# u8guard_mode(VAR): VAR's value as AUTO, ON or OFF (CMake's false
# constants are OFF; any other true value, ON).
function(u8guard_mode var)
  string(TOUPPER "${${var}}" value)
  if(value STREQUAL "AUTO")
    set(${var}_MODE AUTO PARENT_SCOPE)
  elseif(${var})
    set(${var}_MODE ON PARENT_SCOPE)
  else()
    set(${var}_MODE OFF PARENT_SCOPE)
  endif()
endfunction()

# u8guard_built(PART): PART (e.g. "the Python module") is built.
function(u8guard_built part)
  set_property(GLOBAL APPEND PROPERTY U8GUARD_BUILT_PARTS "${part}")
endfunction()

# u8guard_skipped(PART REASON): PART is not built, because of REASON (no
# ';' in it: the summary keeps a list).
function(u8guard_skipped part reason)
  message(STATUS "u8guard: ${part} not built: ${reason}")
  set_property(GLOBAL APPEND PROPERTY U8GUARD_SKIPPED_PARTS
    "${part} (${reason})")
endfunction()

# u8guard_missing(VAR PART REASON): PART's dependency is missing. A
# configure error when VAR (the part's option) is ON, i.e. asked for
# explicitly; otherwise (AUTO) PART is skipped with REASON.
function(u8guard_missing var part reason)
  u8guard_mode(${var})
  if(${var}_MODE STREQUAL "ON")
    message(FATAL_ERROR "u8guard: ${part} cannot be built: ${reason} "
      "(${var}=ON requires it; -D${var}=OFF skips it)")
  endif()
  u8guard_skipped("${part}" "${reason}")
endfunction()

# The summary: called once, at the end of the top-level CMakeLists.txt.
function(u8guard_component_summary)
  get_property(built GLOBAL PROPERTY U8GUARD_BUILT_PARTS)
  get_property(skipped GLOBAL PROPERTY U8GUARD_SKIPPED_PARTS)
  list(JOIN built ", " built)
  message(STATUS "u8guard: building: ${built}")
  if(skipped)
    list(JOIN skipped "; " skipped)
    message(STATUS "u8guard: not building: ${skipped}")
  endif()
endfunction()
