#pragma once
// xs <=lex ys, or xs <lex ys (strict): the first position where they differ has the
// smaller value in xs; where they never differ, strict fails. Arrays of unequal length
// compare over the shorter one's length, and the tail decides a tie (globals/lex.hpp
// folds that into `strict`).
//
// Domain consistency by the two pointers of Frisch, Hnich, Kiziltan, Miguel and Walsh
// ("Global constraints for lexicographic orderings", CP 2002):
//   alpha: the first position whose pair is not fixed equal (those before are equal in
//          every solution); kept on the trail, for it only moves right below a node;
//   beta:  the first position from which xs >lex ys holds whatever values are taken
//          (each pair from it has min(x) >= max(y) up to one with min(x) > max(y), or to
//          the end where strict), past the end when there is none.
// Every solution has xs[alpha] < ys[alpha], or xs[alpha] = ys[alpha] and a suffix that
// is not forced greater: so alpha >= beta fails, alpha + 1 = beta needs xs[alpha] <
// ys[alpha], and otherwise xs[alpha] <= ys[alpha] is all there is to prune (the pairs
// after alpha keep a support each, as the paper proves). Only bounds matter. Beta is
// found by a scan from alpha, not kept incrementally as the paper's event handlers do:
// a run is linear in the positions past alpha. A variable in two pairs makes the run
// repeat until nothing moves (a narrowing at alpha may move beta); it stays sound but
// may miss values (the supports are built pair by pair). A variable in both arrays at
// the same position is an equal pair.
#include <cstddef>
#include <utility>
#include <vector>

#include "backtrack/csp/propagators/basics.hpp"

namespace backtrack::csp {

struct LexLessEqual {
  std::vector<std::pair<int, int>> pairs;  // (xs[i], ys[i])
  bool strict = false;
  bool repeats = false;  // a variable in two pairs: a narrowing at alpha may move beta
  std::size_t alpha_word = 0;

  static constexpr bool idempotent = true;
  std::vector<Subscription> subscriptions() const {
    std::vector<Subscription> subs;
    for (const auto& [x, y] : pairs) {
      subs.push_back({x, Event::bounds});
      subs.push_back({y, Event::bounds});
    }
    return subs;
  }
  void prepare(Space& s) { alpha_word = s.reserve_words(1); }

  Outcome propagate(Space& s) const {
    const std::size_t n = pairs.size();
    auto alpha = static_cast<std::size_t>(s.word(alpha_word));
    for (;;) {
      while (alpha < n && equal_pair(s, alpha)) ++alpha;
      s.set_word(alpha_word, alpha);
      if (alpha == n) return strict ? Outcome::failed : Outcome::subsumed;
      const auto [x, y] = pairs[alpha];
      if (s.max(x) < s.min(y)) return Outcome::subsumed;
      const std::size_t beta = forced_greater_from(s, alpha);
      if (beta <= alpha) return Outcome::failed;
      const Value gap = beta == alpha + 1 ? 1 : 0;  // x + gap <= y
      const bool moved = s.max(x) > s.max(y) - gap || s.min(y) < s.min(x) + gap;
      if (!s.set_max(x, s.max(y) - gap) || !s.set_min(y, s.min(x) + gap)) return Outcome::failed;
      if (s.max(x) < s.min(y)) return Outcome::subsumed;
      if (!equal_pair(s, alpha) && !(repeats && moved)) return Outcome::open;
    }
  }

 private:
  bool equal_pair(const Space& s, std::size_t i) const {
    const auto [x, y] = pairs[i];
    return x == y || (s.fixed(x) && s.fixed(y) && s.value(x) == s.value(y));
  }
  // beta: the first position at or after `from` from which xs >lex ys is certain; past
  // the end (n + 1) when there is none.
  std::size_t forced_greater_from(const Space& s, std::size_t from) const {
    const std::size_t none = pairs.size() + 1;
    std::size_t beta = none;
    for (std::size_t i = from; i < pairs.size(); ++i) {
      const auto [x, y] = pairs[i];
      if (x == y || s.min(x) == s.max(y)) {
        if (beta == none) beta = i;  // x >= y here: greater if what follows is
      } else if (s.min(x) > s.max(y)) {
        return beta == none ? i : beta;
      } else {
        beta = none;  // x < y is possible here
      }
    }
    if (!strict) return none;  // an equal suffix is allowed
    return beta == none ? pairs.size() : beta;
  }
};

}  // namespace backtrack::csp
