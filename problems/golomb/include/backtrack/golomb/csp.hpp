#pragma once
// Strategy `csp`: the shortest Golomb ruler of M marks as an integer model (IntModel),
// searched by branch and bound.
//
// Marks m[0] = 0 < m[1] < ... < m[M-1]; a variable d_ij = m_j - m_i for each pair i < j
// (a linear equality), the differences all different. Redundant bounds: d_ij spans j - i
// gaps, themselves distinct, so d_ij >= 1 + 2 + ... + (j - i). The ruler and its mirror
// image are one: d_01 < d_{M-2,M-1} keeps the one whose first gap is the shorter. The
// search decides the marks alone, in order, the smallest value first, and minimises
// m[M-1], the length (OEIS A003022: 0, 1, 3, 6, 11, 17, 25, 34, 44, 55, 72 for 1 .. 11).
#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "backtrack/csp/int_model.hpp"
#include "backtrack/csp/int_problem.hpp"

namespace backtrack::golomb {

// A length some ruler of M marks has, so the shortest is no longer: the marks 2^i - 1
// (every difference 2^j - 2^i apart), or Erdős and Turán's 2pk + (k^2 mod p), k < M, for
// the smallest prime p >= M (a length below 2p^2).
inline csp::Value longest_length(int marks) {
  auto prime = [](std::int64_t p) {
    for (std::int64_t d = 2; d * d <= p; ++d) {
      if (p % d == 0) return false;
    }
    return p >= 2;
  };
  std::int64_t p = marks;
  while (!prime(p)) ++p;
  std::int64_t longest = 2 * p * p;
  if (marks <= 31) longest = std::min(longest, (std::int64_t{1} << (marks - 1)) - 1);
  return static_cast<csp::Value>(longest);
}

inline csp::IntModel golomb_model(int marks) {
  csp::IntModel m;
  const csp::Value longest = longest_length(marks);
  std::vector<csp::IntVar> mark{m.int_var(0, 0)};
  for (int i = 1; i < marks; ++i) mark.push_back(m.int_var(i * (i + 1) / 2, longest));
  std::vector<csp::IntVar> difference;
  std::vector<std::vector<csp::IntVar>> d(static_cast<std::size_t>(marks), std::vector<csp::IntVar>(static_cast<std::size_t>(marks)));
  for (int i = 0; i < marks; ++i) {
    for (int j = i + 1; j < marks; ++j) {
      const csp::IntVar x = m.int_var((j - i) * (j - i + 1) / 2, longest);
      m.post(x == mark[static_cast<std::size_t>(j)] - mark[static_cast<std::size_t>(i)]);
      d[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] = x;
      difference.push_back(x);
    }
  }
  if (!difference.empty()) m.all_different(difference);
  if (marks >= 3) m.post(d[0][1] < d[static_cast<std::size_t>(marks - 2)][static_cast<std::size_t>(marks - 1)]);
  m.branch_on(mark);
  m.minimize(mark.back());
  return m;
}

class CspGolomb : public csp::IntProblem {
 public:
  CspGolomb(int marks, csp::SearchOptions options) : IntProblem(golomb_model(marks), options), marks_(marks) {}

  // The marks at the end of a path to a solution (the first variables of the model).
  std::vector<csp::Value> ruler(std::span<const Move> path) const {
    std::vector<csp::Value> v = values(path);
    v.resize(static_cast<std::size_t>(marks_));
    return v;
  }

 private:
  int marks_;
};

}  // namespace backtrack::golomb
