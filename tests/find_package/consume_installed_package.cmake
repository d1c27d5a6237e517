# cmake -D BUILD_DIR=... -D EXAMPLE_DIR=... -D ENGINE_ONLY_DIR=... -D ENGINE_ALONE_SOURCE=... -D WORK_DIR=... -D GENERATOR=... -D CXX_COMPILER=... -D CTEST_COMMAND=... -P this
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

function(expect_in text wanted what)
  string(FIND "${text}" "${wanted}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${what}: expected '${wanted}' in:\n${text}")
  endif()
endfunction()

run_step(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
run_step(${CMAKE_COMMAND} -S ${EXAMPLE_DIR} -B ${build} -G ${GENERATOR}
  -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DCMAKE_BUILD_TYPE=Release
  "-DCMAKE_CXX_FLAGS=-Wall -Wextra -Wpedantic -Werror"
  -DCMAKE_PREFIX_PATH=${prefix})
run_step(${CMAKE_COMMAND} --build ${build})

set(program ${build}/example-backtrack)
run_step(${program} list)
expect_in("${step_output}" "langford:" "list")
# OEIS A014552: 17792 arrangements of 1 .. 11 up to reversal, 35584 in all.
run_step(${program} solve langford -n 11 --count)
expect_in("${step_output}" "solutions: 35584\n" "solve langford -n 11 --count")
expect_in("${step_output}" "classes: 17792\n" "solve langford -n 11 --count")
run_step(${program} solve langford -n 11 --count --strategy array)
expect_in("${step_output}" "solutions: 35584\n" "solve langford -n 11 --count --strategy array")

run_step(${CTEST_COMMAND} --test-dir ${build} --output-on-failure)

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
message(STATUS "examples/plugin and an engine-only program build against the installed package and count right")
