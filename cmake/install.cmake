# Installs the engine, the integer layer, the runtime and the driver as the CMake package
# `backtrack`, so that a project of its own can write plugins against them:
#   find_package(backtrack REQUIRED)
#   target_link_libraries(my-app PRIVATE backtrack::framework backtrack::driver)
# or use the engine alone: target_link_libraries(my-search PRIVATE backtrack::engine)
# The program installs with its bundled plugins compiled in; their headers and targets
# are this project's, not the package's.
include(CMakePackageConfigHelpers)
include(GNUInstallDirs)

# Before anything is copied, so that an install from a build that lacks the program leaves
# no half-installed prefix. The program's target builds the libraries and the manual page too.
install(CODE "if(NOT EXISTS \"$<TARGET_FILE:backtrack>\" OR NOT EXISTS \"${PROJECT_BINARY_DIR}/backtrack.1\")
  message(FATAL_ERROR \"nothing installed: build backtrack first (cmake --build ${PROJECT_BINARY_DIR} --target backtrack)\")
endif()")

install(TARGETS backtrack_engine backtrack_csp backtrack_runtime backtrack_framework backtrack_driver
  EXPORT backtrackTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS backtrack RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# The program loads plugins unasked from BACKTRACK_INSTALLED_PLUGIN_DIR (apps/CMakeLists.txt),
# fixed when configured: an install under another prefix does not move it.
install(CODE "if(NOT CMAKE_INSTALL_PREFIX STREQUAL \"${CMAKE_INSTALL_PREFIX}\")
  message(STATUS \"backtrack loads installed plugins from ${BACKTRACK_INSTALLED_PLUGIN_DIR}, not from below \${CMAKE_INSTALL_PREFIX}\")
endif()")
install(DIRECTORY framework/include/ apps/driver/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

# The plugin examples, to copy and build against this package (docs/writing-a-plugin.md).
install(DIRECTORY examples/plugin examples/int-model-plugin DESTINATION ${CMAKE_INSTALL_DATADIR}/backtrack/examples)

# Shell completion (the scripts ask the installed program, so plugins complete too) and
# the manual page, written by the program from the declarations that --help shows.
install(FILES apps/completion/backtrack.bash DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
  RENAME backtrack)
install(FILES apps/completion/_backtrack DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)
# backtrack.1 is written with the program (apps/CMakeLists.txt).
install(FILES ${PROJECT_BINARY_DIR}/backtrack.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)

# A driver built with MPI links Boost.MPI and MPI as well: the package must find them too.
set(BACKTRACK_EXTRA_CONFIG_DEPENDENCIES "")
if(BACKTRACK_MPI)
  string(CONCAT BACKTRACK_EXTRA_CONFIG_DEPENDENCIES
    "find_dependency(MPI COMPONENTS CXX)\n"
    "find_dependency(Boost 1.74 CONFIG COMPONENTS mpi serialization)")
endif()

set(BACKTRACK_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/backtrack)
install(EXPORT backtrackTargets NAMESPACE backtrack:: DESTINATION ${BACKTRACK_CMAKE_DIR})
configure_package_config_file(cmake/backtrackConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/backtrackConfig.cmake
  INSTALL_DESTINATION ${BACKTRACK_CMAKE_DIR})
# The interface changes between minor versions while the project is young.
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/backtrackConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${CMAKE_CURRENT_BINARY_DIR}/backtrackConfig.cmake
  ${CMAKE_CURRENT_BINARY_DIR}/backtrackConfigVersion.cmake
  cmake/backtrack_add_plugin.cmake
  cmake/backtrack_plugin_entry.cpp
  DESTINATION ${BACKTRACK_CMAKE_DIR})
