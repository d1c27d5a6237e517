#pragma once
// A space's narrowing log (space.hpp) read as an implication graph, for lazy clause
// generation (learning_search.hpp): the decision level of each narrowing, the first
// narrowing after which a literal held, and the literals of a variable's domain at a
// point of the log, which explanations (explanations.hpp) are made of.
//
// What holds at the root (the space the search starts from) is no literal: it is
// dropped from every explanation.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "backtrack/csp/propagation.hpp"
#include "backtrack/csp/propagators/nogood.hpp"
#include "backtrack/csp/space.hpp"

namespace backtrack::csp {

using Literal = Nogood::Literal;

class ExplainedTrail {
 public:
  static constexpr long at_root = -1;
  static constexpr long not_yet = -2;  // when_true() of a literal that does not hold

  explicit ExplainedTrail(const Space& root)
      : root_(root),
        steps_of_(static_cast<std::size_t>(root.variables())),
        holes_of_(static_cast<std::size_t>(root.variables())),
        hole_by_value_(static_cast<std::size_t>(root.variables())) {}

  // Brings the levels up to date with the space's log: narrowings undone since are
  // forgotten, new ones are at `level`.
  void sync(const Space& s, int level) {
    const auto& log = s.narrowings();
    while (level_.size() > log.size()) {
      const auto x = static_cast<std::size_t>(x_.back());
      auto& holes = holes_of_[x];
      if (!holes.empty() && holes.back() == steps_of_[x].back().at) {
        forget_hole(x_.back(), hole_value_.back(), holes.back());
        holes.pop_back();
        hole_value_.pop_back();
      }
      steps_of_[x].pop_back();
      prior_.pop_back();
      level_.pop_back();
      x_.pop_back();
    }
    for (std::size_t i = level_.size(); i < log.size(); ++i) {
      const auto x = static_cast<std::size_t>(log[i].x);
      level_.push_back(level);
      x_.push_back(log[i].x);
      prior_.push_back(steps_of_[x].empty() ? Bounds{root_.min(log[i].x), root_.max(log[i].x)}
                                            : Bounds{steps_of_[x].back().lo, steps_of_[x].back().hi});
      steps_of_[x].push_back({static_cast<long>(i), log[i].lo, log[i].hi});
      if (log[i].kind == LiteralKind::not_equal) {
        holes_of_[x].push_back(static_cast<long>(i));
        hole_value_.push_back(log[i].v);
        note_hole(log[i].x, log[i].v, static_cast<long>(i));
      }
    }
  }
  int level(long entry) const { return entry == at_root ? 0 : level_[static_cast<std::size_t>(entry)]; }

  // The first narrowing before log position `limit` after which l held, at_root, or
  // not_yet when l did not hold there.
  long when_true(const Literal& l, std::size_t limit) const {
    if (holds(root_, l)) return at_root;
    long ne = at_root;  // the narrowing that removed l.v, for x != v
    if (l.kind == Literal::Kind::not_equal) {
      const long made = hole_made(l.x, l.v);
      if (made != no_hole && static_cast<std::size_t>(made) < limit) ne = made;
    }
    const auto held_after = [&](const Step& n) {
      switch (l.kind) {
        case Literal::Kind::more_than: return n.lo > l.v;
        case Literal::Kind::at_most: return n.hi <= l.v;
        case Literal::Kind::not_equal: return n.lo > l.v || n.hi < l.v || (ne != at_root && n.at >= ne);
        case Literal::Kind::equal: return n.lo == l.v && n.hi == l.v;
      }
      return false;
    };
    // Each of x's narrowings holds l from the first that does on (its bounds only narrow,
    // a hole stays), so the first is found by halving.
    const auto& chain = steps_of_[static_cast<std::size_t>(l.x)];
    const auto end = before(chain, limit);
    if (end == chain.begin() || !held_after(*(end - 1))) return not_yet;
    return std::partition_point(chain.begin(), end, [&](const Step& n) { return !held_after(n); })->at;
  }

  // The literals of y's domain at log position t, appended to `out`: its lower bound,
  // its upper bound, its holes (those that hold at the root left out).
  void lower_bound(int y, std::size_t t, std::vector<Literal>& out) const {
    const Step* n = last_before(y, t);
    if (n != nullptr && n->lo > root_.min(y)) out.push_back({y, Literal::Kind::more_than, n->lo - 1});
  }
  void upper_bound(int y, std::size_t t, std::vector<Literal>& out) const {
    const Step* n = last_before(y, t);
    if (n != nullptr && n->hi < root_.max(y)) out.push_back({y, Literal::Kind::at_most, n->hi});
  }
  void holes(const Space& s, int y, std::size_t t, std::vector<Literal>& out) const {
    if (holes_of_[static_cast<std::size_t>(y)].empty()) return;
    const Step* n = last_before(y, t);
    if (n != nullptr) holes_between(s, y, t, n->lo, n->hi, out);
  }
  // The holes a bound narrowing moved past (log position `at`; none for another): the
  // values between its old bound and its new one that were gone already. A propagator
  // asks for a bound; the literal the narrowing made true is the domain's new bound,
  // which needs them beside the propagator's reason.
  void holes_passed(const Space& s, std::size_t at, std::vector<Literal>& out) const {
    const Narrowing& n = s.narrowings()[at];
    if (n.kind != LiteralKind::more_than && n.kind != LiteralKind::at_most) return;
    if (holes_of_[static_cast<std::size_t>(n.x)].empty()) return;
    const bool up = n.kind == LiteralKind::more_than;
    holes_between(s, n.x, at, up ? bounds_before(at).lo : n.hi, up ? n.lo : bounds_before(at).hi, out);
  }
  // Whether v was still in x's domain at log position t (x != v, past a bound or a hole,
  // did not hold): read off x's bounds then and the hole index, not found by halving as
  // when_true() does, since explanations ask it of value after value.
  bool contains_at(int x, Value v, std::size_t t) const {
    if (!root_.contains(x, v)) return false;
    const Step* n = last_before(x, t);
    if (n != nullptr && (v < n->lo || v > n->hi)) return false;
    const long made = hole_made(x, v);
    return made == no_hole || static_cast<std::size_t>(made) >= t;
  }
  // x != v appended where it held before log position t (left out where it held at the
  // root); false, with nothing appended, where v was still in x's domain.
  bool append_hole(int x, Value v, std::size_t t, std::vector<Literal>& out) const {
    if (contains_at(x, v, t)) return false;
    if (root_.contains(x, v)) out.push_back({x, Literal::Kind::not_equal, v});
    return true;
  }
  // l, appended to `out` unless it holds at the root (a fact every nogood may leave out).
  void append_unless_at_root(const Literal& l, std::vector<Literal>& out) const {
    if (!holds(root_, l)) out.push_back(l);
  }
  // The bound a bound narrowing moved from (none for another, or where it held at the
  // root): a value removed at the bound moves it, and the literal it made true, x > v or
  // x <= v, needs x's bound before it beside the propagator's reason, x != v.
  void bound_before(const Space& s, std::size_t at, std::vector<Literal>& out) const {
    const Narrowing& n = s.narrowings()[at];
    if (n.kind == LiteralKind::more_than) lower_bound(n.x, at, out);
    if (n.kind == LiteralKind::at_most) upper_bound(n.x, at, out);
  }
  // The bounds of its variable just before narrowing `at`: lo_at() and hi_at() of it at
  // `at`, read at once (propagate_nogoods() asks it of every narrowing).
  struct Bounds {
    Value lo, hi;
  };
  Bounds bounds_before(std::size_t at) const { return prior_[at]; }
  // y's bounds at log position t.
  Value lo_at(int y, std::size_t t) const {
    const Step* n = last_before(y, t);
    return n == nullptr ? root_.min(y) : n->lo;
  }
  Value hi_at(int y, std::size_t t) const {
    const Step* n = last_before(y, t);
    return n == nullptr ? root_.max(y) : n->hi;
  }
  void domain_literals(const Space& s, const std::vector<int>& scope, std::size_t t, std::vector<Literal>& out) const {
    for (const int y : scope) {
      lower_bound(y, t, out);
      upper_bound(y, t, out);
      holes(s, y, t, out);
    }
  }

 private:
  // A narrowing of a variable: its log position and the variable's bounds after it, read
  // here rather than in the log, which halving would read all over.
  struct Step {
    long at;
    Value lo, hi;
  };
  // An entry's log position: a hole's, or a narrowing's.
  static std::size_t position(long at) { return static_cast<std::size_t>(at); }
  static std::size_t position(const Step& n) { return static_cast<std::size_t>(n.at); }
  // The end of the entries of `chain` (in log order) before `limit`.
  template <class Entry>
  static typename std::vector<Entry>::const_iterator before(const std::vector<Entry>& chain, std::size_t limit) {
    if (chain.empty() || position(chain.back()) < limit) return chain.end();
    return std::partition_point(chain.begin(), chain.end(), [&](const Entry& e) { return position(e) < limit; });
  }
  // x != v for each hole made before log position t strictly between lo and hi, latest first.
  void holes_between(const Space& s, int x, std::size_t t, Value lo, Value hi, std::vector<Literal>& out) const {
    const auto& made = holes_of_[static_cast<std::size_t>(x)];
    const auto& log = s.narrowings();
    for (auto it = before(made, t); it != made.begin();) {
      const Narrowing& h = log[static_cast<std::size_t>(*--it)];
      if (h.v > lo && h.v < hi) out.push_back({x, Literal::Kind::not_equal, h.v});
    }
  }
  // x's last narrowing before log position `limit` (none: x is as at the root).
  const Step* last_before(int x, std::size_t limit) const {
    const auto& chain = steps_of_[static_cast<std::size_t>(x)];
    const auto end = before(chain, limit);
    return end == chain.begin() ? nullptr : &*(end - 1);
  }
  static bool holds(const Space& s, const Literal& l) { return Nogood::holds(s, l) == Nogood::Truth::yes; }
  // The hole made for x != v on the path: its log position, or no_hole. A value goes
  // once on a path, so that when_true() finds it at once where a look through x's holes
  // made a long nogood quadratic. By index over a root domain of at most
  // dense_holes values (explanations ask it of value after value), else hashed.
  static constexpr long no_hole = -1;
  static constexpr Value dense_holes = 256;
  long hole_made(int x, Value v) const {
    const auto& by_value = hole_by_value_[static_cast<std::size_t>(x)];
    if (!by_value.empty()) {
      return v < root_.min(x) || v > root_.max(x) ? no_hole : by_value[static_cast<std::size_t>(v - root_.min(x))];
    }
    const auto made = hole_made_.find(key(x, v));
    return made == hole_made_.end() ? no_hole : made->second;
  }
  void note_hole(int x, Value v, long at) {
    auto& by_value = hole_by_value_[static_cast<std::size_t>(x)];
    if (by_value.empty() && root_.max(x) - root_.min(x) < dense_holes) {
      by_value.assign(static_cast<std::size_t>(root_.max(x) - root_.min(x) + 1), no_hole);
    }
    if (by_value.empty()) {
      hole_made_.try_emplace(key(x, v), at);
    } else if (long& made = by_value[static_cast<std::size_t>(v - root_.min(x))]; made == no_hole) {
      made = at;
    }
  }
  void forget_hole(int x, Value v, long at) {
    auto& by_value = hole_by_value_[static_cast<std::size_t>(x)];
    if (!by_value.empty()) {
      if (long& made = by_value[static_cast<std::size_t>(v - root_.min(x))]; made == at) made = no_hole;
      return;
    }
    const auto made = hole_made_.find(key(x, v));
    if (made != hole_made_.end() && made->second == at) hole_made_.erase(made);
  }
  // x != v's key in hole_made_ (values are 32-bit: space.hpp).
  static std::uint64_t key(int x, Value v) {
    return (std::uint64_t{static_cast<std::uint32_t>(x)} << 32) | static_cast<std::uint32_t>(v);
  }

  Space root_;
  std::vector<int> level_;  // per narrowing
  std::vector<int> x_;      // per narrowing: its variable
  std::vector<Bounds> prior_;  // per narrowing: its variable's bounds before it
  // Per variable: its narrowings, and the log positions of those that made holes (x != v),
  // in order, so that a look back halves them or reads the holes alone.
  std::vector<std::vector<Step>> steps_of_;
  std::vector<std::vector<long>> holes_of_;
  std::vector<Value> hole_value_;  // per hole on the log, in order: its value
  std::vector<std::vector<long>> hole_by_value_;  // per variable: hole_made() by index (empty: hashed)
  std::unordered_map<std::uint64_t, long> hole_made_;
};

}  // namespace backtrack::csp
