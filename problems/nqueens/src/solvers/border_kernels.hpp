#pragma once
// The kernels of count_in_lanes(), one translation unit each (border_lanes_*.cpp), each
// compiled for its own instruction set: call one only where kernel_supported() says the
// CPU has it (border_kernels.cpp dispatches).
#include <cstdint>

#include "backtrack/nqueens/border_count.hpp"

namespace backtrack::nqueens::lanes {

SearchStats count_avx512(const LaneRoot& root, std::uint64_t weight, const SearchLimits& limits);
SearchStats count_avx512bw(const LaneRoot& root, std::uint64_t weight, const SearchLimits& limits);
SearchStats count_avx2(const LaneRoot& root, std::uint64_t weight, const SearchLimits& limits);

}  // namespace backtrack::nqueens::lanes
