# Shared helpers: warning flags, one static library per folder, a game's library.

function(evoplay_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic)
  # GCC 12's flow warnings fire inside libstdc++'s own std::string and std::vector code once
  # -O3 inlines it into ours (GCC bugs 105329, 105651, 106199: false positives in GCC 12);
  # they would be noise in every Release build of Debian 12. Other compilers keep them.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
    target_compile_options(${target} PRIVATE -Wno-array-bounds -Wno-stringop-overflow
                                             -Wno-restrict -Wno-use-after-free)
  endif()
endfunction()

# A portable baseline with POPCNT (x86-64-v2) so bit tricks are fast, yet results stay
# identical on any x86-64 machine from the last fifteen years (no FMA contraction).
if(CMAKE_SYSTEM_PROCESSOR MATCHES "x86_64|AMD64")
  add_compile_options(-march=x86-64-v2)
endif()
add_compile_options(-ffp-contract=off)

# evoplay_add_game(NAME [NO_CLI] [NO_PYTHON] [NO_WEB] [LIBS lib...]), in the game's folder (listed
# in src/evoplay/games/CMakeLists.txt): the folder becomes library evoplay_game_NAME, linked into
# the front ends and into tests/games/NAME. Each front end registers the game by the name of its
# function (add_NAME_commands, add_NAME, add_NAME_routes) unless NO_<front end> leaves it out.
function(evoplay_add_game name)
  cmake_parse_arguments(ARG "NO_CLI;NO_PYTHON;NO_WEB" "" "LIBS" ${ARGN})
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "evoplay_add_game(${name}): unknown arguments ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  file(GLOB sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*.cpp)
  add_library(evoplay_game_${name} STATIC ${sources})
  target_link_libraries(evoplay_game_${name} PUBLIC evoplay_search evoplay_evo evoplay_render ${ARG_LIBS})
  evoplay_warnings(evoplay_game_${name})
  target_precompile_headers(evoplay_game_${name} REUSE_FROM evoplay_core)
  set(without "")
  foreach(front_end CLI PYTHON WEB)
    if(ARG_NO_${front_end})
      list(APPEND without ${front_end})
    endif()
  endforeach()
  set_target_properties(evoplay_game_${name} PROPERTIES EVOPLAY_WITHOUT "${without}")
endfunction()

# Heavy third-party headers compiled once per target (CLI11 alone costs ~20 s per file under ASan).
function(evoplay_precompile target)
  target_precompile_headers(${target} PRIVATE <nlohmann/json.hpp> <fmt/format.h> <vector> <string>
                            ${ARGN})
endfunction()
