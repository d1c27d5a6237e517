# backtrack_add_plugin(<target> SOURCES <source>...)
# Builds a plugin as a loadable module, for `backtrack --plugin FILE` or a directory in
# BACKTRACK_PLUGIN_PATH. The sources register their problems with a static
# backtrack::Registrar, as in a program of their own.
#
# The module takes only the framework's headers and the libraries they need from
# backtrack::framework: its Registrars collect the problems, and the program adds them to
# its own registry once it has checked the version compiled in here
# (backtrack/plugin_module.hpp). Its symbols are hidden but for those two entry points, so
# nothing in it can stand in for a function of the program.
function(backtrack_add_plugin target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "SOURCES")
  if(NOT arg_SOURCES)
    message(FATAL_ERROR "backtrack_add_plugin(${target}): no SOURCES given")
  endif()
  get_property(version GLOBAL PROPERTY backtrack_version)
  add_library(${target} MODULE ${arg_SOURCES} ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/backtrack_plugin_entry.cpp)
  set_target_properties(${target} PROPERTIES
    POSITION_INDEPENDENT_CODE ON
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON)
  target_compile_definitions(${target} PRIVATE BACKTRACK_PLUGIN_MODULE BACKTRACK_PLUGIN_VERSION="${version}")
  target_link_libraries(${target} PRIVATE backtrack::framework)
endfunction()
