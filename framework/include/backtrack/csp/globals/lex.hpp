#pragma once
// lex_lesseq(m, x, y): x is lexicographically at most y; lex_less(m, x, y): below it.
// The first position where they differ decides; where one array is a prefix of the
// other, the shorter one is the smaller (MiniZinc's lex_lesseq and lex_less, for
// integer and Boolean arrays alike).
//
// Native: propagators/lex.hpp, domain consistent (Frisch, Hnich, Kiziltan, Miguel and
// Walsh 2002). Decomposed as MiniZinc's standard library does: Booleans b[0..n] with
// b[i] "the order holds from position i on", b[0] true, b[i] -> x[i] <= y[i], b[i] ->
// (x[i] < y[i] or b[i+1]), and b[n] -> the tail decides.
#include <algorithm>
#include <cstddef>
#include <span>
#include <vector>

#include "backtrack/csp/int_model.hpp"
#include "backtrack/csp/propagators/lex.hpp"

namespace backtrack::csp {

namespace detail {
inline void lex(IntModel& m, std::span<const IntVar> x, std::span<const IntVar> y, bool strict) {
  const std::size_t n = std::min(x.size(), y.size());
  // Equal over the first n: the order then holds where x is the shorter, or as long.
  const bool tie_holds = strict ? x.size() < y.size() : x.size() <= y.size();
  if (m.globals() == Globals::native) {
    LexLessEqual lex{{}, !tie_holds};
    std::vector<int> ids;  // of the unequal pairs
    for (std::size_t i = 0; i < n; ++i) {
      lex.pairs.emplace_back(x[i].id, y[i].id);
      if (x[i].id != y[i].id) ids.insert(ids.end(), {x[i].id, y[i].id});
    }
    std::sort(ids.begin(), ids.end());
    lex.repeats = std::adjacent_find(ids.begin(), ids.end()) != ids.end();
    m.add(std::move(lex));
    return;
  }
  std::vector<IntVar> b{m.int_var(1, 1)};
  for (std::size_t i = 1; i <= n; ++i) b.push_back(m.bool_var());
  if (!tie_holds) m.post(b[n] == 0);
  for (std::size_t i = 0; i < n; ++i) {
    m.post(x[i] <= y[i], when(b[i]));
    const IntVar less = m.bool_var();
    m.post(x[i] < y[i], when(less));
    m.clause(std::vector<IntVar>{less, b[i + 1]}, std::vector<IntVar>{b[i]});
  }
}
}  // namespace detail

inline void lex_lesseq(IntModel& m, std::span<const IntVar> x, std::span<const IntVar> y) {
  detail::lex(m, x, y, false);
}
inline void lex_less(IntModel& m, std::span<const IntVar> x, std::span<const IntVar> y) {
  detail::lex(m, x, y, true);
}

}  // namespace backtrack::csp
