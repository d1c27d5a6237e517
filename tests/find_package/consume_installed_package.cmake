# cmake -D BUILD_DIR=... -D EXAMPLE_DIR=... -D OLD_INTERFACE_DIR=... -D ENGINE_ONLY_DIR=... -D MINIZINC_MODEL=...
#   -D ENGINE_ALONE_SOURCE=... -D WORK_DIR=...
#   -D GENERATOR=... -D CXX_COMPILER=... -D CTEST_COMMAND=... -P this
# Fails (non-zero exit) at the first step that does not do what a user would expect.

# Starts from nothing each time, so that a stale install cannot hide a missing file.
file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
set(build ${WORK_DIR}/build)

function(run_step)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "failed (${status}): ${ARGN}\n${out}\n${err}")
  endif()
  set(step_output "${out}" PARENT_SCOPE)
endfunction()

# A step that must fail with `code` and say `wanted` on stderr, in one line.
function(run_refused code wanted)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL code)
    message(FATAL_ERROR "expected exit ${code}, got ${status}: ${ARGN}\n${out}\n${err}")
  endif()
  string(FIND "${err}" "${wanted}" at)
  string(REGEX MATCHALL "\n" newlines "${err}")
  list(LENGTH newlines lines)
  if(at EQUAL -1 OR NOT lines EQUAL 1)
    message(FATAL_ERROR "${ARGN}: expected one line with '${wanted}' on stderr, got:\n${err}")
  endif()
endfunction()

function(expect_in text wanted what)
  string(FIND "${text}" "${wanted}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${what}: expected '${wanted}' in:\n${text}")
  endif()
endfunction()

run_step(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
# A prefix of one's own, which minizinc does not search: the install says what to export.
set(solvers ${prefix}/share/minizinc/solvers)
expect_in("${step_output}" "-- MiniZinc solver: ${solvers}/backtrack.msc; for minizinc --solver backtrack: export MZN_SOLVER_PATH=${solvers}\n"
  "cmake --install --prefix ${prefix}")
run_step(${CMAKE_COMMAND} -S ${EXAMPLE_DIR} -B ${build} -G ${GENERATOR}
  -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DCMAKE_BUILD_TYPE=Release
  "-DCMAKE_CXX_FLAGS=-Wall -Wextra -Wpedantic -Werror"
  -DCMAKE_PREFIX_PATH=${prefix})
run_step(${CMAKE_COMMAND} --build ${build})

set(program ${build}/example-backtrack)
run_step(${program} list)
expect_in("${step_output}" "langford  " "list")  # one line a problem: its name, then its summary
# OEIS A014552: 17792 arrangements of 1 .. 11 up to reversal, 35584 in all.
run_step(${program} solve langford -n 11 --count)
expect_in("${step_output}" "solutions: 35584\n" "solve langford -n 11 --count")
expect_in("${step_output}" "classes: 17792\n" "solve langford -n 11 --count")
run_step(${program} solve langford -n 11 --count --strategy array)
expect_in("${step_output}" "solutions: 35584\n" "solve langford -n 11 --count --strategy array")
# The renderer's describe(): --trace in the puzzle's words (docs/writing-a-plugin.md).
run_step(${program} solve langford -n 3 --trace)
expect_in("${step_output}" "the two 3s at 0 and 4" "solve langford -n 3 --trace")

run_step(${CTEST_COMMAND} --test-dir ${build} --output-on-failure)

# The example's module, loaded into the installed backtrack program.
set(backtrack ${prefix}/bin/backtrack)
if(NOT EXISTS ${backtrack})
  message(FATAL_ERROR "the package installs no bin/backtrack under ${prefix}")
endif()
set(module ${build}/liblangford.so)
run_step(${backtrack} --plugin ${module} solve langford -n 11 --count)
expect_in("${step_output}" "solutions: 35584\n" "backtrack --plugin liblangford.so solve langford -n 11 --count")
run_step(${CMAKE_COMMAND} -E env BACKTRACK_PLUGIN_PATH=/no/such/directory:${build}
  ${backtrack} solve langford -n 11 --count --strategy array)
expect_in("${step_output}" "solutions: 35584\n" "BACKTRACK_PLUGIN_PATH=${build} backtrack solve langford -n 11")
run_step(${backtrack} --plugin ${module} list)
expect_in("${step_output}" "nqueens" "backtrack --plugin liblangford.so list")
run_step(${backtrack} --plugin ${module} list --format json)
expect_in("${step_output}" "\"name\":\"langford\"" "backtrack --plugin liblangford.so list --format json")
expect_in("${step_output}" "\"version\":\"1.0\"" "the plugin's own version in list --format json")
# The installed plugin directory is the one fixed when backtrack was configured, not
# lib/backtrack/plugins below wherever the program was installed or copied to: a module
# put there is not loaded.
set(beside_program ${prefix}/lib/backtrack/plugins)
file(MAKE_DIRECTORY ${beside_program})
file(COPY_FILE ${module} ${beside_program}/liblangford.so)
run_step(${backtrack} list)
string(FIND "${step_output}" "langford" at)
if(NOT at EQUAL -1)
  message(FATAL_ERROR "backtrack loaded the module in ${beside_program}, below its install prefix:\n${step_output}")
endif()
file(REMOVE ${beside_program}/liblangford.so)
run_step(${CMAKE_COMMAND} -E env BACKTRACK_PLUGIN_PATH=${build} ${backtrack} compare langford -n 9..10 --format csv)
expect_in("${step_output}" "10,word," "backtrack compare langford with the module in BACKTRACK_PLUGIN_PATH")
# Completion asks the installed program, so the plugin's problem completes too; the
# scripts and the manual page are installed beside it.
run_step(${CMAKE_COMMAND} -E env BACKTRACK_PLUGIN_PATH=${build} ${backtrack} complete 1 solve lang)
expect_in("${step_output}" "langford" "backtrack complete 1 solve lang, with the module in BACKTRACK_PLUGIN_PATH")
run_step(${CMAKE_COMMAND} -E env BACKTRACK_PLUGIN_PATH=${build} ${backtrack} manual)
expect_in("${step_output}" ".SS langford" "backtrack manual, with the module in BACKTRACK_PLUGIN_PATH")
foreach(installed share/bash-completion/completions/backtrack share/zsh/vendor-completions/_backtrack
        share/man/man1/backtrack.1)
  if(NOT EXISTS ${prefix}/${installed})
    message(FATAL_ERROR "the package installs no ${installed} under ${prefix}")
  endif()
endforeach()
# Built with MPI where Open MPI is installed: the installed program shares a count
# between the ranks of a job.
if(MPIEXEC)
  run_step(${MPIEXEC} -n 2 ${backtrack} solve nqueens -n 10 --count --mpi -j 1)
  expect_in("${step_output}" "solutions: 724\n" "mpiexec -n 2 backtrack solve nqueens -n 10 --mpi (installed)")
endif()
run_step(${backtrack} solve nqueens -n 4 --all --format leetcode)
expect_in("${step_output}" "[[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"],[\"..Q.\",\"Q...\",\"...Q\",\".Q..\"]]" "installed backtrack --format leetcode")

# The IntModel example, as installed for a user to copy, built against the package and
# loaded into the installed program.
set(int_example ${prefix}/share/backtrack/examples/int-model-plugin)
if(NOT EXISTS ${int_example}/CMakeLists.txt OR NOT EXISTS ${prefix}/share/backtrack/examples/plugin/CMakeLists.txt)
  message(FATAL_ERROR "the package installs no examples under ${prefix}/share/backtrack/examples")
endif()
set(int_build ${WORK_DIR}/int-model-plugin)
run_step(${CMAKE_COMMAND} -S ${int_example} -B ${int_build} -G ${GENERATOR}
  -DCMAKE_CXX_COMPILER=${CXX_COMPILER} "-DCMAKE_CXX_FLAGS=-Wall -Wextra -Wpedantic -Werror"
  -DCMAKE_PREFIX_PATH=${prefix})
run_step(${CMAKE_COMMAND} --build ${int_build})
set(cryptarithm ${int_build}/libcryptarithm.so)
run_step(${backtrack} --plugin ${cryptarithm} solve cryptarithm --all)
expect_in("${step_output}" "solution 1\n9567+1085=10652\n" "backtrack --plugin libcryptarithm.so solve cryptarithm --all")
expect_in("${step_output}" "solutions: 1\n" "backtrack --plugin libcryptarithm.so solve cryptarithm --all")
run_step(${backtrack} --plugin ${cryptarithm} solve cryptarithm --puzzle TO+GO=OUT --first --format json)
expect_in("${step_output}" "\"digits\":{\"G\":8,\"O\":1,\"T\":2,\"U\":0}" "solve cryptarithm --puzzle TO+GO=OUT")
# The renderer's describe(): --trace names the letters.
run_step(${backtrack} --plugin ${cryptarithm} solve cryptarithm --first --trace)
expect_in("${step_output}" "\n  E != 4\n    E = 5\n      solution\n" "solve cryptarithm --first --trace")
# csp::with_restarts: a solver per run for --first.
run_step(${backtrack} --plugin ${cryptarithm} solve cryptarithm --first --restarts luby --seed 3)
expect_in("${step_output}" "9567+1085=10652\n" "solve cryptarithm --first --restarts luby")
run_refused(64 "--puzzle 'SEND': no '='" ${backtrack} --plugin ${cryptarithm} solve cryptarithm --puzzle SEND)

# MiniZinc finds the installed solver through the variable the install named, which the
# solver's --help names too.
run_step(${prefix}/bin/fzn-backtrack --help)
expect_in("${step_output}" "export MZN_SOLVER_PATH=<prefix>/share/minizinc/solvers\n" "fzn-backtrack --help")
find_program(MINIZINC minizinc)
if(MINIZINC)
  run_step(${CMAKE_COMMAND} -E env MZN_SOLVER_PATH=${solvers}
    ${MINIZINC} --solver backtrack ${MINIZINC_MODEL} -D n=6)
  expect_in("${step_output}" "q = [2, 4, 6, 1, 3, 5];\n----------\n" "MZN_SOLVER_PATH=${solvers} minizinc --solver backtrack")
endif()

# Refused, with the file named and a one-line reason, before the module's problems are used:
# a module of another version (built as backtrack 0.0.1 would build it, with a Registrar
# that must not register), a shared object that is no plugin, a file that is no shared
# object, a problem offered twice.
set(bad_source ${WORK_DIR}/bad-plugins)
file(WRITE ${bad_source}/CMakeLists.txt "
cmake_minimum_required(VERSION 3.25)
project(bad_plugins LANGUAGES CXX)
find_package(backtrack REQUIRED)
set_property(GLOBAL PROPERTY backtrack_version 0.0.1)
backtrack_add_plugin(older SOURCES older.cpp)
add_library(no_plugin MODULE no_plugin.cpp)
")
# Each says so on stderr if its code runs, which run_refused's one line would catch:
# neither may run before it is refused.
file(WRITE ${bad_source}/older.cpp "#include <cstdio>
#include \"backtrack/registry.hpp\"
const int announced = std::fputs(\"older: constructor ran\\n\", stderr);
const backtrack::Registrar registrar(backtrack::ProblemInfo{\"older\", \"a problem of another version\", {}, {}, {}, {}});
")
file(WRITE ${bad_source}/no_plugin.cpp "#include <cstdio>
extern \"C\" int no_plugin_answer() { return 42; }
const int announced = std::fputs(\"no_plugin: constructor ran\\n\", stderr);
")
run_step(${CMAKE_COMMAND} -S ${bad_source} -B ${WORK_DIR}/bad-build -G ${GENERATOR}
  -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=${prefix})
run_step(${CMAKE_COMMAND} --build ${WORK_DIR}/bad-build)
set(older ${WORK_DIR}/bad-build/libolder.so)
run_refused(69 "plugin ${older}: built against backtrack 0.0.1 (" ${backtrack} --plugin ${older} solve older)
set(no_plugin ${WORK_DIR}/bad-build/libno_plugin.so)
run_refused(69 "plugin ${no_plugin}: not a backtrack plugin" ${backtrack} --plugin ${no_plugin} list)
# The directory's modules load in name order: libno_plugin.so is refused first.
run_refused(69 "plugin ${no_plugin}: not a backtrack plugin"
  ${CMAKE_COMMAND} -E env BACKTRACK_PLUGIN_PATH=${WORK_DIR}/bad-build ${backtrack} list)
run_refused(69 "plugin ${EXAMPLE_DIR}/CMakeLists.txt cannot be loaded: not an ELF file"
  ${backtrack} --plugin ${EXAMPLE_DIR}/CMakeLists.txt list)
file(COPY_FILE ${module} ${WORK_DIR}/liblangford-copy.so)
run_refused(69 "plugin ${WORK_DIR}/liblangford-copy.so: offers problem 'langford', which is registered already"
  ${backtrack} --plugin ${module} --plugin ${WORK_DIR}/liblangford-copy.so list)
run_refused(69 "offers problem 'langford', which is registered already"
  ${program} --plugin ${module} list)

# A plugin written for the first plugin interface still builds, with warnings as errors
# but for the deprecation it is told about, and counts right.
set(old_build ${WORK_DIR}/old-interface)
run_step(${CMAKE_COMMAND} -S ${OLD_INTERFACE_DIR} -B ${old_build} -G ${GENERATOR}
  -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DCMAKE_BUILD_TYPE=Release
  "-DCMAKE_CXX_FLAGS=-Wall -Wextra -Wpedantic -Werror"
  -DCMAKE_PREFIX_PATH=${prefix} -DLANGFORD_INCLUDE_DIR=${EXAMPLE_DIR}/include)
run_step(${CMAKE_COMMAND} --build ${old_build})
expect_in("${step_output}" "write make_solver(problem, render, backtrack::Instance{description, input}, classes)"
  "the deprecation warning of the old make_solver")
run_step(${backtrack} --plugin ${old_build}/libold_langford.so solve langford -n 11 --count)
expect_in("${step_output}" "solutions: 35584\n" "backtrack --plugin libold_langford.so solve langford -n 11 --count")

# The engine alone, as a project that needs no command line, JSON or threads uses it.
set(engine_build ${WORK_DIR}/engine-only)
run_step(${CMAKE_COMMAND} -S ${ENGINE_ONLY_DIR} -B ${engine_build} -G ${GENERATOR}
  -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DCMAKE_BUILD_TYPE=Release
  "-DCMAKE_CXX_FLAGS=-Wall -Wextra -Wpedantic -Werror"
  -DCMAKE_PREFIX_PATH=${prefix} -DENGINE_ALONE_SOURCE=${ENGINE_ALONE_SOURCE})
run_step(${CMAKE_COMMAND} --build ${engine_build} --verbose)
foreach(foreign program_options tbb nlohmann spdlog fmt)
  string(FIND "${step_output}" "${foreign}" at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "the engine-only program is built with ${foreign}:\n${step_output}")
  endif()
endforeach()
run_step(${engine_build}/engine_alone)
message(STATUS "examples/plugin and examples/int-model-plugin build against the installed package, solve right and load as modules; an engine-only program builds and counts right")
