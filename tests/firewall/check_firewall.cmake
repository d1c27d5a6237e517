# cmake -D CXX_COMPILER=... -D INCLUDE_DIRS="a;b" -D SOURCE_DIR=... -D FILES="f;g" -D JSON_FILES="..."
#       -D LOG_FILES="..." -D THREAD_FILES="..." -P this
#
# The driver (apps/) and the runtime's sources (framework/src/) stay on the type-erased
# side of the boundary: no file among FILES may reach the engine, for each would parse
# (and none emits) it; JSON only in the files that read or write it (JSON_FILES),
# spdlog and fmt only in the one that logs (LOG_FILES), oneTBB only in the one that runs
# tasks on it (THREAD_FILES). Fails naming the file and the forbidden header.
cmake_policy(SET CMP0057 NEW)
set(failures "")
foreach(file IN LISTS FILES)
  set(include_flags "")
  foreach(dir IN LISTS INCLUDE_DIRS)
    list(APPEND include_flags -I ${dir})
  endforeach()
  execute_process(COMMAND ${CXX_COMPILER} -std=c++20 -x c++ -M ${include_flags} ${SOURCE_DIR}/${file}
    RESULT_VARIABLE status OUTPUT_VARIABLE dependencies ERROR_VARIABLE errors)
  if(NOT status EQUAL 0)
    string(APPEND failures "cannot preprocess ${file}:\n${errors}\n")
    continue()
  endif()
  set(forbidden /backtrack/engine.hpp)
  if(NOT file IN_LIST THREAD_FILES)
    list(APPEND forbidden /tbb/ /oneapi/)
  endif()
  if(NOT file IN_LIST JSON_FILES)
    list(APPEND forbidden /nlohmann/json.hpp)
  endif()
  if(NOT file IN_LIST LOG_FILES)
    list(APPEND forbidden /spdlog/ /fmt/)
  endif()
  foreach(header IN LISTS forbidden)
    string(FIND "${dependencies}" "${header}" at)
    if(NOT at EQUAL -1)
      string(APPEND failures "${file} reaches ${header}\n")
    endif()
  endforeach()
endforeach()
if(failures)
  message(FATAL_ERROR "the boundary leaks:\n${failures}")
endif()
list(LENGTH FILES checked)
message(STATUS "${checked} files stay on the driver's side of the boundary")
