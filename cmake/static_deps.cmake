# SPDX-License-Identifier: Apache-2.0
# U8GUARD_STATIC_DEPS (option): the programs built (the tool, the
# examples) carry ICU with its data, Abseil and toml++ inside them, and the
# C++ runtime too (-static-libstdc++): they need the C library and GCC's
# unwinder (libgcc_s.so.1) and nothing else at run time, so the tool can be
# copied to another Linux of the same architecture whose glibc is at least
# the newest version it names, 2.34 (docs/install.md, "A self-contained
# tool"; ./dev dist makes the release tarball). Their symbols stay local
# (--exclude-libs=ALL).
#
# Programs only, not shared objects (libu8guard.so, the Python module, the
# PostgreSQL extension): Debian's static Abseil is not position-independent
# (its thread-local variables use the local-exec model, which a shared
# object cannot hold), nor is its libicuuc.a, so a configure that asks for
# one of them with U8GUARD_STATIC_DEPS is an error naming the options to
# turn off. U8GUARD_STATIC_DEPS_PIC says that the archives found are
# position-independent (ICU_ROOT and CMAKE_PREFIX_PATH naming ICU and
# Abseil built with -fPIC, as `./dev wheel` builds them from Debian's
# source packages): then the shared objects link them too, and the Python
# module of a portable wheel needs the C library only.
#
# Included by CMakeLists.txt after find_package(absl), find_package(ICU)
# and find_package(tomlplusplus). Takes the static archives those packages
# ship beside their shared libraries (Debian: libicu-dev's libicu*.a,
# libabsl-dev's libabsl_*.a) by pointing their imported targets at them,
# and toml++ in its header-only form. Sets U8GUARD_EXTERNAL_toml.
option(U8GUARD_STATIC_DEPS
  "Link ICU, Abseil, toml++ and the C++ runtime statically into what is built"
  OFF)
option(U8GUARD_STATIC_DEPS_PIC
  "The static archives U8GUARD_STATIC_DEPS links are position-independent: shared objects may link them"
  OFF)
if(NOT U8GUARD_STATIC_DEPS)
  return()
endif()
set(u8guard_shared_objects "")
if(U8GUARD_BUILD_SHARED)
  list(APPEND u8guard_shared_objects "-DU8GUARD_BUILD_SHARED=OFF")
endif()
foreach(integration PYTHON POSTGRESQL)
  if(NOT U8GUARD_${integration} STREQUAL "OFF")
    list(APPEND u8guard_shared_objects "-DU8GUARD_${integration}=OFF")
  endif()
endforeach()
if(u8guard_shared_objects AND NOT U8GUARD_STATIC_DEPS_PIC)
  list(JOIN u8guard_shared_objects " " u8guard_shared_objects)
  message(FATAL_ERROR "U8GUARD_STATIC_DEPS links programs only: Debian's "
    "static Abseil is not position-independent, so it cannot go into "
    "libu8guard.so, the Python module or the PostgreSQL extension. "
    "Configure with ${u8guard_shared_objects} (./dev dist does), or "
    "point ICU_ROOT and CMAKE_PREFIX_PATH at ICU and Abseil built with "
    "-fPIC and add -DU8GUARD_STATIC_DEPS_PIC=ON (./dev wheel does).")
endif()

# u8guard_use_archive(TARGET): TARGET's imported library, its .a instead
# of its .so (libabsl_base.so.20220623.0.0 -> libabsl_base.a); a missing
# archive is a configure error naming it.
function(u8guard_use_archive target)
  foreach(prop IMPORTED_LOCATION IMPORTED_LOCATION_NONE
      IMPORTED_LOCATION_RELEASE IMPORTED_LOCATION_RELWITHDEBINFO
      IMPORTED_LOCATION_DEBUG IMPORTED_LOCATION_MINSIZEREL)
    get_target_property(location ${target} ${prop})
    if(NOT location OR NOT location MATCHES "^(.*)\\.so(\\.[0-9.]+)?$")
      continue()
    endif()
    set(archive "${CMAKE_MATCH_1}.a")
    if(NOT EXISTS "${archive}")
      message(FATAL_ERROR "U8GUARD_STATIC_DEPS: ${target} has no static "
        "archive ${archive} beside ${location} (Debian: the -dev package "
        "ships it)")
    endif()
    set_target_properties(${target} PROPERTIES ${prop} "${archive}")
  endforeach()
  # A static archive has no soname for the linker to record.
  set_target_properties(${target} PROPERTIES IMPORTED_NO_SONAME TRUE)
endfunction()

get_property(u8guard_imported DIRECTORY PROPERTY IMPORTED_TARGETS)
set(u8guard_archived 0)
foreach(target ${u8guard_imported})
  if(target MATCHES "^absl::")
    get_target_property(type ${target} TYPE)
    if(NOT type STREQUAL "INTERFACE_LIBRARY")
      u8guard_use_archive(${target})
      math(EXPR u8guard_archived "${u8guard_archived} + 1")
    endif()
  endif()
endforeach()
if(u8guard_archived EQUAL 0)
  message(FATAL_ERROR "U8GUARD_STATIC_DEPS: no Abseil library target found")
endif()

# ICU: its archives, in the order a static link needs (i18n uses uc, uc
# uses data and the C library's dlopen).
foreach(component uc i18n data)
  u8guard_use_archive(ICU::${component})
endforeach()
set_property(TARGET ICU::i18n APPEND PROPERTY INTERFACE_LINK_LIBRARIES
  ICU::uc)
set_property(TARGET ICU::uc APPEND PROPERTY INTERFACE_LINK_LIBRARIES
  ICU::data ${CMAKE_DL_LIBS})

# toml++ in its header-only form: the header holds the implementation.
get_target_property(u8guard_toml_includes tomlplusplus::tomlplusplus
  INTERFACE_INCLUDE_DIRECTORIES)
add_library(u8guard_toml_header_only INTERFACE)
target_include_directories(u8guard_toml_header_only SYSTEM INTERFACE
  ${u8guard_toml_includes})
target_compile_definitions(u8guard_toml_header_only INTERFACE
  TOML_HEADER_ONLY=1)
set(U8GUARD_EXTERNAL_toml u8guard_toml_header_only)

# The C++ runtime goes in statically, GCC's unwinder does not: the static
# one (libgcc_eh.a) of Debian 12's GCC calls glibc 2.35's _dl_find_object,
# while libgcc_s.so.1 is on every glibc system (glibc itself loads it to
# unwind a cancelled thread) and is asked here for GCC 4.2's symbol
# versions at most. --gc-sections drops what nothing calls, among it the
# runtime's std::random_device and its call of arc4random (glibc 2.36).
# What is left asks for glibc 2.34 at most (tests/install/portable_check.py
# checks it: ./dev dist, ./dev wheel).
add_link_options(-static-libstdc++ -shared-libgcc "LINKER:--gc-sections"
  "LINKER:--exclude-libs=ALL")
message(STATUS "u8guard: ICU (${ICU_VERSION}), Abseil, toml++ and the C++ "
  "runtime linked statically (U8GUARD_STATIC_DEPS)")
