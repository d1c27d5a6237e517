#pragma once
// A variable's domain: a subset of 0 .. 63, one bit a value, so that every domain
// operation is one machine instruction.
#include <cstdint>

namespace backtrack::csp {

using Domain = std::uint64_t;  // bit v: value v is still possible
inline constexpr int max_domain_size = 64;

inline Domain domain_of_size(int size) { return size >= 64 ? ~Domain{0} : (Domain{1} << size) - 1; }

}  // namespace backtrack::csp
