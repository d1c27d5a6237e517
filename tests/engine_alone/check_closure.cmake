# cmake -D CXX_COMPILER=... -D INCLUDE_DIR=... -D SOURCE=... -P this
# Fails if any header that SOURCE includes, directly or not, belongs to the command line,
# JSON, threads or logging: the engine must build without them.
execute_process(COMMAND ${CXX_COMPILER} -std=c++20 -M -I ${INCLUDE_DIR} ${SOURCE}
  RESULT_VARIABLE status OUTPUT_VARIABLE dependencies ERROR_VARIABLE errors)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "cannot preprocess ${SOURCE}:\n${errors}")
endif()
foreach(forbidden boost/program_options tbb/ oneapi/ nlohmann/ spdlog/ fmt/ backtrack/csp/program_options.hpp)
  string(FIND "${dependencies}" "/${forbidden}" at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "the engine's headers include ${forbidden}:\n${dependencies}")
  endif()
endforeach()
