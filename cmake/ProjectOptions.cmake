# Interface targets that carry the project's compile settings. Every project target links
# kafenio_options PRIVATE, so no flag is set globally.
add_library(kafenio_options INTERFACE)
target_compile_features(kafenio_options INTERFACE cxx_std_20)
target_compile_options(kafenio_options INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion
  $<$<CONFIG:Release>:-O3>)

if(KAFENIO_SANITIZE)
  target_compile_options(kafenio_options INTERFACE
    -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
  target_link_options(kafenio_options INTERFACE -fsanitize=address,undefined)
endif()
