# Interface targets that carry the project's compile settings. Every project target links
# kafenio_options PRIVATE, so no flag is set globally.
add_library(kafenio_options INTERFACE)
target_compile_features(kafenio_options INTERFACE cxx_std_20)
target_compile_options(kafenio_options INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion
  $<$<CONFIG:Release>:-O3>
  # GCC 12 (Debian 12's) warns falsely on "literal" + std::string at -O3 (-Wrestrict, GCC
  # bug 105651): the warnings named lines that only concatenate strings.
  $<$<AND:$<CXX_COMPILER_ID:GNU>,$<VERSION_LESS:$<CXX_COMPILER_VERSION>,13>>:-Wno-restrict>
  # Before GCC 14, -Wmissing-field-initializers also warns on designated initializers
  # (GCC bug 96868), the way records are built here (`{.match_id = ..., .seat = ...}`):
  # every member the initializer leaves out has its default in the struct.
  $<$<AND:$<CXX_COMPILER_ID:GNU>,$<VERSION_LESS:$<CXX_COMPILER_VERSION>,14>>:-Wno-missing-field-initializers>)

# x86-64-v2 (every x86 server CPU since about 2009) has POPCNT, which the bitboard
# engines use on every move; the baseline x86-64 would call a library routine instead.
if(CMAKE_SYSTEM_PROCESSOR MATCHES "x86_64|AMD64")
  set(KAFENIO_MARCH "x86-64-v2" CACHE STRING "Value for -march (empty for the compiler default)")
  if(KAFENIO_MARCH)
    target_compile_options(kafenio_options INTERFACE -march=${KAFENIO_MARCH})
  endif()
endif()

if(KAFENIO_SANITIZE)
  target_compile_options(kafenio_options INTERFACE
    -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
  target_link_options(kafenio_options INTERFACE -fsanitize=address,undefined)
endif()
