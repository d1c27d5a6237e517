# backtrack as a MiniZinc solver: the solver configuration backtrack.msc names the program
# fzn-backtrack and the solver library share/minizinc/backtrack (the redefinitions that hand
# global constraints to the FlatZinc reader's native ones instead of their decompositions).
#
# Written twice. Into the build tree, for the tests and scripts:
#   minizinc --solver <build>/share/minizinc/solvers/backtrack.msc model.mzn
# naming this build's program and the library in the source tree (an edit to the library
# needs no build). And installed to <prefix>/share/minizinc/solvers, where minizinc looks
# under /usr (the .deb) and /usr/local (the default prefix); under another prefix, name that
# directory in MZN_SOLVER_PATH. The installed one names the program and the library
# relative to itself, as minizinc allows: right under any prefix, DESTDIR and the .deb alike.
if(NOT TARGET fzn-backtrack)
  return()
endif()
include(GNUInstallDirs)
set(msc_template ${PROJECT_SOURCE_DIR}/share/minizinc/backtrack.msc.in)

# The build tree's: the program's path is known only when generating, hence file(GENERATE).
set(BACKTRACK_MSC_EXECUTABLE $<TARGET_FILE:fzn-backtrack>)
set(BACKTRACK_MSC_MZNLIB ${PROJECT_SOURCE_DIR}/share/minizinc/backtrack)
configure_file(${msc_template} ${PROJECT_BINARY_DIR}/backtrack.msc.build @ONLY)
set(BACKTRACK_BUILD_MSC ${PROJECT_BINARY_DIR}/share/minizinc/solvers/backtrack.msc)
file(GENERATE OUTPUT ${BACKTRACK_BUILD_MSC} INPUT ${PROJECT_BINARY_DIR}/backtrack.msc.build)

# The installed one.
set(solvers_dir ${CMAKE_INSTALL_FULL_DATADIR}/minizinc/solvers)
set(library_dir ${CMAKE_INSTALL_FULL_DATADIR}/minizinc/backtrack)
file(RELATIVE_PATH BACKTRACK_MSC_EXECUTABLE ${solvers_dir} ${CMAKE_INSTALL_FULL_BINDIR}/fzn-backtrack)
file(RELATIVE_PATH BACKTRACK_MSC_MZNLIB ${solvers_dir} ${library_dir})
configure_file(${msc_template} ${PROJECT_BINARY_DIR}/backtrack.msc.install @ONLY)

# A build of the one target backtrack has no fzn-backtrack: the install then leaves the
# solver out and says so, rather than stop half-way or install a configuration that names a
# missing program. Where minizinc will not look (MiniZinc 2.6.4 searches MZN_SOLVER_PATH,
# ~/.minizinc/solvers and share/minizinc/solvers under /usr and /usr/local), it says what
# to export.
set(installed_datadir ${CMAKE_INSTALL_DATADIR})
if(NOT IS_ABSOLUTE ${installed_datadir})
  set(installed_datadir "\${CMAKE_INSTALL_PREFIX}/${installed_datadir}")  # the prefix given to cmake --install
endif()
install(TARGETS fzn-backtrack RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} OPTIONAL)
install(CODE "if(NOT EXISTS \"$<TARGET_FILE:fzn-backtrack>\")
  message(STATUS \"MiniZinc solver not installed: fzn-backtrack is not built (cmake --build ${PROJECT_BINARY_DIR} --target fzn-backtrack)\")
else()
  set(solvers \"${installed_datadir}/minizinc/solvers\")
  file(INSTALL DESTINATION \"\${solvers}\" TYPE FILE RENAME backtrack.msc FILES \"${PROJECT_BINARY_DIR}/backtrack.msc.install\")
  file(INSTALL DESTINATION \"${installed_datadir}/minizinc\" TYPE DIRECTORY
    FILES \"${PROJECT_SOURCE_DIR}/share/minizinc/backtrack\")
  if(CMAKE_INSTALL_PREFIX MATCHES \"^/usr(/local)?/?$\")
    message(STATUS \"MiniZinc solver: \${solvers}/backtrack.msc, found by minizinc --solver backtrack\")
  else()
    message(STATUS \"MiniZinc solver: \${solvers}/backtrack.msc; for minizinc --solver backtrack: export MZN_SOLVER_PATH=\${solvers}\")
  endif()
endif()")
