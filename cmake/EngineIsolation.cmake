# The rules engine may depend on the C++ standard library only. This check runs at
# configure time over the engine's sources: every quoted include must name a file inside
# engine/, and every angle-bracket include must be a standard library header.
function(kafenio_check_engine_isolation target)
  set(std_headers
    algorithm array bit bitset cassert cctype charconv chrono cmath compare concepts cstddef
    cstdint cstdio cstdlib cstring functional initializer_list iomanip ios iosfwd iostream
    istream iterator limits map memory numeric optional ostream random set span sstream
    stdexcept string string_view system_error tuple type_traits unordered_map unordered_set
    utility variant vector)
  get_target_property(sources ${target} SOURCES)
  get_target_property(libs ${target} LINK_LIBRARIES)
  foreach(lib IN LISTS libs)
    if(NOT lib STREQUAL "kafenio_options" AND NOT lib MATCHES "^\\$<LINK_ONLY:kafenio_options>$")
      message(FATAL_ERROR "engine must depend on the standard library only, but links ${lib}")
    endif()
  endforeach()
  foreach(src IN LISTS sources)
    file(STRINGS "${CMAKE_CURRENT_SOURCE_DIR}/${src}" lines REGEX "^[ \t]*#[ \t]*include")
    foreach(line IN LISTS lines)
      if(line MATCHES "<([^>]+)>")
        list(FIND std_headers "${CMAKE_MATCH_1}" found)
        if(found EQUAL -1)
          message(FATAL_ERROR "${src}: engine may include only standard headers, not <${CMAKE_MATCH_1}>")
        endif()
      elseif(line MATCHES "\"([^\"]+)\"")
        if(NOT CMAKE_MATCH_1 MATCHES "^engine/")
          message(FATAL_ERROR "${src}: engine may include only engine/ headers, not \"${CMAKE_MATCH_1}\"")
        endif()
      endif()
    endforeach()
  endforeach()
endfunction()
