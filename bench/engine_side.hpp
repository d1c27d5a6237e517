#pragma once
// The engine's count of a problem, compiled in engine_side.cpp (see there why apart).
#include "backtrack/search_stats.hpp"

namespace backtrack::bench {

template <class P>
SearchStats engine_count(const P& problem);

}  // namespace backtrack::bench
