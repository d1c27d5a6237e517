// The explanations of explanations.hpp, compiled once.
#include "backtrack/csp/learning/explanations.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>


namespace backtrack::csp {

namespace detail {

// The values a bound narrowing (log position `at`) moved past: from the bound before it
// to the one before the new bound, both ends in.
std::pair<Value, Value> values_passed(const ExplainedTrail& trail, const Narrowing& n, std::size_t at) {
  if (n.kind == LiteralKind::more_than) return {trail.bounds_before(at).lo, n.v};
  return {n.v + 1, trail.bounds_before(at).hi};
}

// The all-different's explanation of narrowing `at` (-1: its failure) by the values
// fixed, held before log position `limit`; false where it took more than fixed values
// (out is then unchanged).
bool explain_by_fixed_values(const Distinct& d, const ExplainedTrail& trail, const Space& s, long at,
                             std::size_t limit, std::vector<Literal>& out) {
  const auto fixed_to = [&](int except, Value v) -> std::optional<Literal> {
    for (const int x : d.xs) {
      const Literal l{x, Literal::Kind::equal, v};
      if (x != except && trail.when_true(l, limit) != ExplainedTrail::not_yet) return l;
    }
    return std::nullopt;
  };
  if (at < 0) {  // two of its variables fixed to one value
    std::map<Value, int> fixed;
    for (const int x : d.xs) {
      if (!s.fixed(x)) continue;
      const auto [it, first] = fixed.emplace(s.value(x), x);
      if (first) continue;
      out.push_back({it->second, Literal::Kind::equal, it->first});
      out.push_back({x, Literal::Kind::equal, it->first});
      return true;
    }
    return false;
  }
  const Narrowing& n = s.narrowings()[static_cast<std::size_t>(at)];
  if (n.kind == LiteralKind::not_equal) {
    const auto by = fixed_to(n.x, n.v);
    if (by) out.push_back(*by);
    return by.has_value();
  }
  if (n.kind == LiteralKind::equal) return false;
  // A bound moved past the values from the old bound to the new one (at most 64).
  const auto [from, to] = values_passed(trail, n, limit);
  if (to - from >= 64) return false;
  const std::size_t size = out.size();
  for (Value u = from; u <= to; ++u) {
    if (trail.append_hole(n.x, u, limit, out)) continue;
    if (const auto by = fixed_to(n.x, u)) {
      out.push_back(*by);
    } else {
      out.resize(size);
      return false;
    }
  }
  trail.bound_before(s, limit, out);
  return true;
}

// The all-different's explanation by a Hall interval of the ranges at `limit`: variables
// other than the one narrowed, each within a .. b, as many as its values, so that none
// is left for another; more than its values: a failure. x's bound raised past such an
// interval (x > a - 1 before) or lowered past it (x <= b), x != v for v inside it. Of the
// intervals found, the one of fewest variables; false where none shows it.
bool explain_by_hall_interval(const Distinct& d, const ExplainedTrail& trail, const Space& s, long at,
                              std::size_t limit, std::vector<Literal>& out) {
  constexpr std::size_t max_scope = 128;  // each variable's low tried: a square of the scope
  if (d.xs.size() > max_scope) return false;
  const Narrowing* n = at < 0 ? nullptr : &s.narrowings()[static_cast<std::size_t>(at)];
  if (n && n->kind == LiteralKind::equal) return false;
  struct Range {
    int x;
    Value lo, hi;
  };
  std::vector<Range> ranges;
  for (const int y : d.xs) {
    if (!n || y != n->x) ranges.push_back({y, trail.lo_at(y, limit), trail.hi_at(y, limit)});
  }
  // Whether a .. b, holding `count` of the ranges, explains the narrowing.
  const auto explains = [&](Value a, Value b, std::size_t count) {
    const auto width = static_cast<std::size_t>(b - a + 1);
    if (!n) return count > width;
    if (count < width) return false;
    switch (n->kind) {
      case LiteralKind::more_than: return a <= trail.lo_at(n->x, limit) && b >= n->lo - 1;
      case LiteralKind::at_most: return b >= trail.hi_at(n->x, limit) && a <= n->hi + 1;
      default: return a <= n->v && n->v <= b;
    }
  };
  std::sort(ranges.begin(), ranges.end(), [](const Range& p, const Range& q) { return p.hi < q.hi; });
  std::optional<Value> best_a, best_b;
  std::size_t best_count = 0;
  for (const Range& low : ranges) {  // a: some range's low
    const Value a = low.lo;
    std::size_t count = 0;
    for (std::size_t k = 0; k < ranges.size(); ++k) {  // b: the highs in order
      if (ranges[k].lo < a) continue;
      ++count;
      const Value b = ranges[k].hi;
      const bool last_of_b = k + 1 == ranges.size() || ranges[k + 1].hi != b;
      if (last_of_b && b >= a && explains(a, b, count) && (!best_a || count < best_count)) {
        best_a = a;
        best_b = b;
        best_count = count;
      }
    }
  }
  if (!best_a) return false;
  const auto add = [&](const Literal& l) { trail.append_unless_at_root(l, out); };
  for (const Range& r : ranges) {
    if (r.lo < *best_a || r.hi > *best_b) continue;
    add({r.x, Literal::Kind::more_than, *best_a - 1});
    add({r.x, Literal::Kind::at_most, *best_b});
  }
  if (n && n->kind == LiteralKind::more_than) add({n->x, Literal::Kind::more_than, *best_a - 1});
  if (n && n->kind == LiteralKind::at_most) add({n->x, Literal::Kind::at_most, *best_b});
  return true;
}

// The all-different's explanation by a Hall set of the domains at `limit`, what its
// matching (gac) removes where bounds show nothing: variables other than x whose domains
// hold, together, no more values than there are of them, v among them, so that x != v
// (for a failure, fewer values than variables). Found as the matching finds it: a
// maximum matching of the others without v leaves one of them unmatched, and the
// variables its alternating paths reach are the set. Each of them is explained as
// within the set's values: two bounds and the holes between. A bound moved past values
// takes a set for each. False where no set shows it, or a domain spans more than 64
// values.
bool explain_by_hall_set(const Distinct& d, const ExplainedTrail& trail, const Space& s, long at, std::size_t limit,
                         std::vector<Literal>& out) {
  constexpr Value max_width = 64;
  const Narrowing* n = at < 0 ? nullptr : &s.narrowings()[static_cast<std::size_t>(at)];
  if (n && n->kind == LiteralKind::equal) return false;
  std::vector<int> others;
  std::vector<std::vector<Value>> domains;
  for (const int y : d.xs) {
    if (n && y == n->x) continue;
    const Value lo = trail.lo_at(y, limit), hi = trail.hi_at(y, limit);
    if (hi - lo >= max_width) return false;
    others.push_back(y);
    domains.emplace_back();
    for (Value w = lo; w <= hi; ++w) {
      if (trail.contains_at(y, w, limit)) domains.back().push_back(w);
    }
  }
  std::vector<std::optional<Value>> removed;  // a failure: none
  if (!n) {
    removed.push_back(std::nullopt);
  } else if (n->kind == LiteralKind::not_equal) {
    removed.push_back(n->v);
  } else {
    const auto [from, to] = values_passed(trail, *n, limit);
    if (to - from >= max_width) return false;
    for (Value u = from; u <= to; ++u) {
      if (trail.contains_at(n->x, u, limit)) removed.push_back(u);
    }
  }
  const std::size_t size = out.size();
  const auto add = [&](const Literal& l) { trail.append_unless_at_root(l, out); };
  for (const std::optional<Value>& v : removed) {
    // A maximum matching of the others, v left out (Kuhn's augmenting paths).
    std::map<Value, std::size_t> owner;  // value -> the variable (in others) matched to it
    std::vector<char> seen;
    const auto augment = [&](auto&& self, std::size_t i) -> bool {
      seen[i] = 1;
      for (const Value w : domains[i]) {
        if (w != v && owner.emplace(w, i).second) return true;
      }
      for (const Value w : domains[i]) {
        if (w == v) continue;
        const std::size_t j = owner.at(w);
        if (!seen[j] && self(self, j)) {
          owner[w] = i;
          return true;
        }
      }
      return false;
    };
    std::optional<std::size_t> unmatched;
    for (std::size_t i = 0; i < others.size() && !unmatched; ++i) {
      seen.assign(others.size(), 0);
      if (!augment(augment, i)) unmatched = i;
    }
    if (!unmatched) {
      out.resize(size);
      return false;
    }
    // The variables reachable from it by alternating paths, and their values but v: each
    // value matched, to a variable reached.
    std::vector<char> in_set(others.size(), 0);
    std::set<Value> values;
    std::vector<std::size_t> queue{*unmatched};
    in_set[*unmatched] = 1;
    while (!queue.empty()) {
      const std::size_t i = queue.back();
      queue.pop_back();
      for (const Value w : domains[i]) {
        if (w == v || !values.insert(w).second) continue;
        const std::size_t j = owner.at(w);  // matched: a free value would have augmented
        if (!in_set[j]) {
          in_set[j] = 1;
          queue.push_back(j);
        }
      }
    }
    if (v) values.insert(*v);
    for (std::size_t i = 0; i < others.size(); ++i) {
      if (!in_set[i]) continue;
      const int y = others[i];
      add({y, Literal::Kind::more_than, *values.begin() - 1});
      add({y, Literal::Kind::at_most, *values.rbegin()});
      for (Value w = *values.begin() + 1; w < *values.rbegin(); ++w) {
        if (!values.contains(w)) add({y, Literal::Kind::not_equal, w});
      }
    }
  }
  if (n) trail.bound_before(s, limit, out);
  return true;
}

// Of the three, the one of fewer literals (the values fixed first: one literal for
// x != v), a Hall set where neither of the others shows it.
bool explain_distinct(const Distinct& d, const ExplainedTrail& trail, const Space& s, long at,
                      std::size_t limit, std::vector<Literal>& out) {
  const std::size_t size = out.size();
  const bool by_fixed = explain_by_fixed_values(d, trail, s, at, limit, out);
  if (by_fixed && out.size() - size <= 1) return true;
  std::vector<Literal> hall;
  if (!explain_by_hall_interval(d, trail, s, at, limit, hall)) {
    return by_fixed || explain_by_hall_set(d, trail, s, at, limit, out);
  }
  if (by_fixed && out.size() - size <= hall.size()) return true;
  out.resize(size);
  out.insert(out.end(), hall.begin(), hall.end());
  return true;
}


// Which bound of each term a sum's bounds reasoning read: the one of the term's smallest
// value (its lower bound where a > 0), of its largest, or both.
enum class SumRead { least, most, both };

// The bounds of the terms but `skip`'s (-1: none), as they were before log position t.
void term_bounds(const std::vector<Term>& terms, SumRead read, int skip, const ExplainedTrail& trail,
                 std::size_t t, std::vector<Literal>& out) {
  for (const Term& term : terms) {
    if (term.x == skip) continue;
    if (read == SumRead::both || (read == SumRead::least) == (term.a > 0)) trail.lower_bound(term.x, t, out);
    if (read == SumRead::both || (read == SumRead::least) != (term.a > 0)) trail.upper_bound(term.x, t, out);
  }
}

// The term of x, where x is in one term alone (-1: none, or more than one).
const Term* own_term(const std::vector<Term>& terms, int x) {
  const Term* own = nullptr;
  for (const Term& t : terms) {
    if (t.x != x) continue;
    if (own != nullptr) return nullptr;
    own = &t;
  }
  return own;
}

// sum(sign * terms) <= c: a narrowing of a term's variable read the smallest values of
// the others; a failure, of all.
void explain_at_most(const std::vector<Term>& terms, int sign, const ExplainedTrail& trail, const Space& s,
                     long at, std::size_t before, std::vector<Literal>& out) {
  const SumRead read = sign > 0 ? SumRead::least : SumRead::most;
  const Term* own = at < 0 ? nullptr : own_term(terms, s.narrowings()[static_cast<std::size_t>(at)].x);
  term_bounds(terms, read, own != nullptr ? own->x : -1, trail, before, out);
}

// sum(terms) = c: a narrowing of a * x from above read the others' smallest values, from
// below their largest; a failure, both.
void explain_equal(const std::vector<Term>& terms, const ExplainedTrail& trail, const Space& s, long at,
                   std::size_t before, std::vector<Literal>& out) {
  const Narrowing* n = at < 0 ? nullptr : &s.narrowings()[static_cast<std::size_t>(at)];
  const Term* own = n == nullptr ? nullptr : own_term(terms, n->x);
  if (own == nullptr || (n->kind != LiteralKind::at_most && n->kind != LiteralKind::more_than)) {
    return term_bounds(terms, SumRead::both, -1, trail, before, out);
  }
  const bool from_above = (n->kind == LiteralKind::at_most) == (own->a > 0);
  term_bounds(terms, from_above ? SumRead::least : SumRead::most, own->x, trail, before, out);
}

// x's value, as it was before log position t (its two bounds).
void value_of(int x, const ExplainedTrail& trail, std::size_t t, std::vector<Literal>& out) {
  trail.lower_bound(x, t, out);
  trail.upper_bound(x, t, out);
}

// sum(terms) = c decided, true or false (b of a reified = or !=): c past the sum's least
// or greatest value, by the bounds that make it so; every term fixed, by their values;
// one term open, by the others' values and its hole at the one value that makes the sum
// c. False for more open terms.
bool explain_equality_decided(const std::vector<Term>& terms, Wide c, const ExplainedTrail& trail,
                              std::size_t before, std::vector<Literal>& out) {
  Wide lo = 0, hi = 0, fixed = 0;
  const Term* open = nullptr;
  int open_terms = 0;
  for (const Term& t : terms) {
    const Wide a = t.a, x_lo = trail.lo_at(t.x, before), x_hi = trail.hi_at(t.x, before);
    lo += a > 0 ? a * x_lo : a * x_hi;
    hi += a > 0 ? a * x_hi : a * x_lo;
    if (x_lo == x_hi) {
      fixed += a * x_lo;
    } else {
      open = &t;
      ++open_terms;
    }
  }
  if (c < lo || c > hi) {
    term_bounds(terms, c < lo ? SumRead::least : SumRead::most, -1, trail, before, out);
    return true;
  }
  if (open_terms > 1) return false;
  term_bounds(terms, SumRead::both, open == nullptr ? -1 : open->x, trail, before, out);
  if (open == nullptr || (c - fixed) % open->a != 0) return true;
  return trail.append_hole(open->x, static_cast<Value>((c - fixed) / open->a), before, out);
}

void explain_reified(const LinearReified& r, const std::vector<int>& scope, const ExplainedTrail& trail,
                     const Space& s, long at, std::size_t before, std::vector<Literal>& out) {
  const int narrowed = at < 0 ? -1 : s.narrowings()[static_cast<std::size_t>(at)].x;
  if (narrowed == r.b) {  // decided by the bounds of the sum (= and !=: and the holes)
    if (r.relation != Relation::less_equal) {
      const std::size_t size = out.size();
      if (explain_equality_decided(r.terms, r.sums.constant(s, r.terms), trail, before, out)) return;
      out.resize(size);
      return trail.domain_literals(s, scope, before, out);
    }
    const bool entailed = s.narrowings()[static_cast<std::size_t>(at)].v == 1;
    return term_bounds(r.terms, entailed ? SumRead::most : SumRead::least, -1, trail, before, out);
  }
  value_of(r.b, trail, before, out);
  const bool holds = trail.lo_at(r.b, before) == 1;
  if (r.relation == Relation::less_equal) return explain_at_most(r.terms, holds ? 1 : -1, trail, s, at, before, out);
  if (holds == (r.relation == Relation::equal)) return explain_equal(r.terms, trail, s, at, before, out);
  // != : the others fixed; the value it removed may have been a bound
  term_bounds(r.terms, SumRead::both, narrowed, trail, before, out);
  if (at >= 0) trail.bound_before(s, before, out);
}

void explain_value_reified(const ValueReified& r, const ExplainedTrail& trail, const Space& s, long at,
                           std::size_t before, std::vector<Literal>& out) {
  const int narrowed = at < 0 ? -1 : s.narrowings()[static_cast<std::size_t>(at)].x;
  if (narrowed != r.b) value_of(r.b, trail, before, out);
  if (narrowed == r.x) return trail.bound_before(s, before, out);  // x != v may have moved a bound
  const Literal out_of_x{r.x, Literal::Kind::not_equal, r.v};
  if (trail.when_true(out_of_x, before) != ExplainedTrail::not_yet) {
    out.push_back(out_of_x);
  } else {
    value_of(r.x, trail, before, out);
  }
}

// r = and(xs) or or(xs): r decided by one x of the deciding value, that x; an x made the
// other value by r, r; a failure of r against an x of the deciding value, those two; else
// the values fixed (r by the xs, the last open x by r and the others).
void explain_and_or(const BoolAndOr& a, const std::vector<int>& scope, const ExplainedTrail& trail,
                    const Space& s, long at, std::size_t before, std::vector<Literal>& out) {
  const Value other = 1 - a.deciding;
  const auto fixed_at = [&](int x, Value v) { return trail.lo_at(x, before) == v && trail.hi_at(x, before) == v; };
  // An x of the deciding value, read only where one may explain it: each read is a search
  // of the trail.
  const auto deciding_x = [&] { return std::find_if(a.xs.begin(), a.xs.end(), [&](int x) { return fixed_at(x, a.deciding); }); };
  if (at >= 0) {
    const Narrowing& n = s.narrowings()[static_cast<std::size_t>(at)];
    if (n.x == a.r && n.v == a.deciding) {
      if (const auto x = deciding_x(); x != a.xs.end()) return value_of(*x, trail, before, out);
    }
    // an x made `other` by r alone
    if (n.x != a.r && n.lo == other && n.hi == other && fixed_at(a.r, other)) return value_of(a.r, trail, before, out);
  } else if (fixed_at(a.r, other)) {  // a failure: r against one x
    if (const auto x = deciding_x(); x != a.xs.end()) {
      value_of(a.r, trail, before, out);
      return value_of(*x, trail, before, out);
    }
  }
  trail.domain_literals(s, scope, before, out);
}

// The one task whose start is x; none where x starts no task or several (their
// explanations would mix).
std::optional<std::size_t> only_task_of(const std::vector<int>& starts, int x) {
  const auto it = std::find(starts.begin(), starts.end(), x);
  if (it == starts.end() || std::find(it + 1, starts.end(), x) != starts.end()) return std::nullopt;
  return static_cast<std::size_t>(it - starts.begin());
}

// A task's bounds before a narrowing: earliest start, latest end, least duration and
// least use (1 for a disjunctive's, which has none).
struct TaskBounds {
  Value est, lct, p;
  Wide use;
};
std::vector<TaskBounds> task_bounds(const std::vector<int>& starts, const std::vector<int>& durations,
                                    const std::vector<int>& uses, const ExplainedTrail& trail,
                                    std::size_t before) {
  std::vector<TaskBounds> tasks;
  for (std::size_t i = 0; i < starts.size(); ++i) {
    const Value lo = trail.lo_at(starts[i], before), hi = trail.hi_at(starts[i], before);
    const Value p = std::max<Value>(trail.lo_at(durations[i], before), 0);
    const Value use = uses.empty() ? 1 : std::max<Value>(trail.lo_at(uses[i], before), 0);
    tasks.push_back({lo, hi + p, p, use});
  }
  return tasks;
}
// The same in the mirror's times (t -> -t: the latest end becomes the earliest start).
std::vector<TaskBounds> mirror(std::vector<TaskBounds> tasks) {
  for (TaskBounds& t : tasks) t = {-t.lct, -t.est, t.p, t.use};
  return tasks;
}

// Cumulative by its time-table (Schutt, Feydy, Stuckey and Wallace 2011, pointwise
// explanations): a task i surely runs at time p where s[i] <= p < s[i] + d[i] for every
// start left, which the literals s[i] <= p and s[i] > p - d[i] say (d[i] and r[i] at
// their least, the capacity at its largest, as literals too). A failure is a time where
// those running use more than the capacity; a start raised from e to L is a chain of
// such times p, each too full for the task beside them, that it cannot run over: no start
// in p - d + 1 .. p. Found again from the bounds before the narrowing; where the profile
// does not show it (edge-finding's energies moved it), false, and the caller explains by
// the whole scope.
class TimeTable {
 public:
  TimeTable(const Cumulative& c, const ExplainedTrail& trail, std::size_t before)
      : c_(c), trail_(trail), before_(before) {
    for (std::size_t i = 0; i < c.starts().size(); ++i) {
      const Value lst = trail.hi_at(c.starts()[i], before);
      const Value ect = trail.lo_at(c.starts()[i], before) + least(c.durations()[i]);
      const Value use = least(c.uses()[i]);
      if (lst < ect && use > 0) parts_.push_back({lst, ect, i, use});
    }
  }

  // A time the parts fill past the capacity, or else the task whose every start meets a
  // time too full for it that takes the fewest literals.
  bool explain_failure(std::vector<Literal>& out) const {
    const Value most = trail_.hi_at(c_.capacity(), before_);
    for (const Part& p : parts_) {  // the profile's peaks are at the parts' starts
      if (height(p.from, c_.starts().size()) > most) {
        running_at(p.from, c_.starts().size(), out);
        trail_.upper_bound(c_.capacity(), before_, out);
        return true;
      }
    }
    std::vector<Literal> best, tried;
    bool found = false;
    for (std::size_t j = 0; j < c_.starts().size(); ++j) {
      const int x = c_.starts()[j];
      tried.clear();
      if (!explain_start(j, trail_.lo_at(x, before_), trail_.hi_at(x, before_) + 1, true, tried)) continue;
      trail_.upper_bound(x, before_, tried);
      if (found && tried.size() >= best.size()) continue;
      best.swap(tried);
      found = true;
    }
    out.insert(out.end(), best.begin(), best.end());
    return found;
  }

  // Task j's earliest start raised from `from` to `to` (up), or its latest start lowered
  // from `from` to `to`.
  bool explain_start(std::size_t j, Value from, Value to, bool up, std::vector<Literal>& out) const {
    const Value d = least(c_.durations()[j]);
    const Value room = trail_.hi_at(c_.capacity(), before_) - least(c_.uses()[j]);
    if (d <= 0) return false;
    const std::size_t size = out.size();
    // A start at t runs over t .. t + d - 1, and a time q there too full for the task
    // rules out the starts q - d + 1 .. q: up, the starts from .. to - 1 go, the latest
    // such q first; down, to + 1 .. from, the earliest. The height changes only where a
    // part begins or ends, so the extreme full time is one of those or the reach's end.
    for (Value t = from; up ? t < to : t > to;) {
      const Value lo = t, hi = t + d - 1;
      bool any = false;
      Value found = 0;
      const auto consider = [&](Value q) {
        if (q < lo || q > hi || (any && (up ? q <= found : q >= found)) || height(q, j) <= room) return;
        found = q;
        any = true;
      };
      consider(up ? hi : lo);
      for (const Part& p : parts_) {
        for (const Value q : up ? std::array{p.from - 1, p.to - 1} : std::array{p.from, p.to}) consider(q);
      }
      if (!any) {
        out.resize(size);
        return false;
      }
      running_at(found, j, out);
      t = up ? found + 1 : found - d;
    }
    if (up) {
      trail_.lower_bound(c_.starts()[j], before_, out);
    } else {
      trail_.upper_bound(c_.starts()[j], before_, out);
    }
    trail_.lower_bound(c_.durations()[j], before_, out);
    trail_.lower_bound(c_.uses()[j], before_, out);
    trail_.upper_bound(c_.capacity(), before_, out);
    return true;
  }

 private:
  struct Part {
    Value from, to;  // [from, to)
    std::size_t task;
    Value use;  // its least
  };
  Value least(int x) const { return std::max<Value>(trail_.lo_at(x, before_), 0); }
  // The uses at time p of the parts there, but task `except`'s.
  Value height(Value p, std::size_t except) const {
    Value sum = 0;
    for (const Part& part : parts_) {
      if (part.task != except && part.from <= p && p < part.to) sum += part.use;
    }
    return sum;
  }
  // The literals that make every part at p but `except`'s run there.
  void running_at(Value p, std::size_t except, std::vector<Literal>& out) const {
    for (const Part& part : parts_) {
      if (part.task == except || part.from > p || p >= part.to) continue;
      const int x = c_.starts()[part.task];
      const Value d = least(c_.durations()[part.task]);
      out.push_back({x, Literal::Kind::at_most, p});
      out.push_back({x, Literal::Kind::more_than, p - d});
      trail_.lower_bound(c_.durations()[part.task], before_, out);
      trail_.lower_bound(c_.uses()[part.task], before_, out);
    }
  }

  const Cumulative& c_;
  const ExplainedTrail& trail_;
  std::size_t before_;
  std::vector<Part> parts_;
};

// A failure by energy (overload checking, timetable-edge-finding): a window a .. b in
// which the tasks must run more than the capacity gives there. A task whose start lies
// within est .. lst runs there at least o = min(d, b - a, est + d - a, b - lst) (its
// duration, use and the capacity at their least and largest), which its start's
// literals s >= a + o - d and s <= b - o say. Windows from an est or lst to an ect or
// lct, found again on the bounds before the failure: the one of fewest tasks.
bool explain_overload(const Cumulative& c, const ExplainedTrail& trail, std::size_t before,
                      std::vector<Literal>& out) {
  const auto tasks = task_bounds(c.starts(), c.durations(), c.uses(), trail, before);
  std::vector<Value> froms, tos;
  for (const TaskBounds& t : tasks) {
    if (t.p == 0 || t.use == 0) continue;
    froms.insert(froms.end(), {t.est, t.lct - t.p});
    tos.insert(tos.end(), {t.est + t.p, t.lct});
  }
  const auto overlap = [](const TaskBounds& t, Value a, Value b) {
    return std::max<Value>(0, std::min({t.p, b - a, t.est + t.p - a, b - (t.lct - t.p)}));
  };
  const Wide capacity = trail.hi_at(c.capacity(), before);
  std::optional<std::pair<Value, Value>> best;  // a, b
  std::size_t fewest = tasks.size() + 1;
  for (const Value a : froms) {
    for (const Value b : tos) {
      if (b <= a) continue;
      Wide work = 0;
      std::size_t count = 0;
      for (const TaskBounds& t : tasks) {
        const Value o = overlap(t, a, b);
        work += t.use * o;
        count += o > 0 && t.use > 0 ? 1 : 0;
      }
      if (work > capacity * (Wide{b} - a) && count < fewest) {
        best = {a, b};
        fewest = count;
      }
    }
  }
  if (!best) return false;
  const auto [a, b] = *best;
  for (std::size_t i = 0; i < tasks.size(); ++i) {
    const Value o = overlap(tasks[i], a, b);
    if (o == 0 || tasks[i].use == 0) continue;
    const int x = c.starts()[i];
    trail.append_unless_at_root({x, Literal::Kind::more_than, a + o - tasks[i].p - 1}, out);
    trail.append_unless_at_root({x, Literal::Kind::at_most, b - o}, out);
    trail.lower_bound(c.durations()[i], before, out);
    trail.lower_bound(c.uses()[i], before, out);
  }
  trail.upper_bound(c.capacity(), before, out);
  return true;
}

// Edge-finding's move of task i's earliest start to `bound` (mirrored, t -> -t: its latest
// end), found again on the bounds before it. Θ: the other tasks ending by some L.
// Detection: those of Θ starting from a (a <= est_i) and i have more work than the
// capacity gives in a .. L, so i ends after L. Then those of Θ starting from a' leave i
// room for rest = their work - (C - c_i)(L - a') > 0 only after a' + rest / c_i, which
// reaches the bound. Each task of either set by its start's bounds (from a or a', ends
// by L), i by est_i >= a, all by their durations and uses, and the capacity. Of the L,
// the fewest literals.
bool explain_edge_finding(const Cumulative& c, const ExplainedTrail& trail, std::size_t before,
                          std::size_t i, bool mirrored, Value bound, std::vector<Literal>& out) {
  auto tasks = task_bounds(c.starts(), c.durations(), c.uses(), trail, before);
  if (mirrored) tasks = mirror(std::move(tasks));
  const TaskBounds& ti = tasks[i];
  if (ti.p == 0 || ti.use == 0) return false;
  const Wide capacity = trail.hi_at(c.capacity(), before);
  std::vector<std::size_t> by_est;  // the others that work, latest start first
  for (std::size_t j = 0; j < tasks.size(); ++j) {
    if (j != i && tasks[j].p > 0 && tasks[j].use > 0) by_est.push_back(j);
  }
  std::sort(by_est.begin(), by_est.end(), [&](std::size_t a, std::size_t b) { return tasks[a].est > tasks[b].est; });
  const auto est_at_least = [&](std::size_t j, Value a, std::vector<Literal>& into) {
    const int x = c.starts()[j];
    trail.append_unless_at_root(mirrored ? Literal{x, Literal::Kind::at_most, -a - tasks[j].p}
                                         : Literal{x, Literal::Kind::more_than, a - 1}, into);
  };
  const auto lct_at_most = [&](std::size_t j, Value b, std::vector<Literal>& into) {
    const int x = c.starts()[j];
    trail.append_unless_at_root(mirrored ? Literal{x, Literal::Kind::more_than, -b - 1}
                                         : Literal{x, Literal::Kind::at_most, b - tasks[j].p}, into);
  };
  const auto work_of = [&](std::size_t j) { return Wide{tasks[j].p} * tasks[j].use; };
  std::vector<Literal> best, tried;
  bool found = false;
  for (const std::size_t end : by_est) {
    const Value last = tasks[end].lct;
    std::vector<std::size_t> theta;
    for (const std::size_t j : by_est) {
      if (tasks[j].lct <= last) theta.push_back(j);
    }
    // Detection: the latest a <= est_i, est_i or a start of Θ.
    std::optional<Value> a;
    Wide work = work_of(i);
    std::size_t k = 0;
    while (k < theta.size() && tasks[theta[k]].est >= ti.est) work += work_of(theta[k++]);
    if (work > capacity * (Wide{last} - ti.est)) a = ti.est;
    while (!a && k < theta.size()) {
      const Value at = tasks[theta[k]].est;
      while (k < theta.size() && tasks[theta[k]].est == at) work += work_of(theta[k++]);
      if (work > capacity * (Wide{last} - at)) a = at;
    }
    if (!a) continue;
    // Update: the latest a' whose rest moves i to the bound.
    std::optional<Value> from;
    work = 0;
    for (const std::size_t j : theta) {
      work += work_of(j);
      const Wide rest = work - (capacity - ti.use) * (Wide{last} - tasks[j].est);
      if (rest > 0 && tasks[j].est + (rest + ti.use - 1) / ti.use >= bound) {
        from = tasks[j].est;
        break;
      }
    }
    if (!from) continue;
    tried.clear();
    const Value low = std::min(*a, *from), high = std::max(*a, *from);
    est_at_least(i, *a, tried);
    trail.lower_bound(c.durations()[i], before, tried);
    trail.lower_bound(c.uses()[i], before, tried);
    for (const std::size_t j : theta) {
      if (tasks[j].est < low) continue;
      est_at_least(j, tasks[j].est >= high ? high : low, tried);
      lct_at_most(j, last, tried);
      trail.lower_bound(c.durations()[j], before, tried);
      trail.lower_bound(c.uses()[j], before, tried);
    }
    trail.upper_bound(c.capacity(), before, tried);
    if (found && tried.size() >= best.size()) continue;
    best.swap(tried);
    found = true;
  }
  out.insert(out.end(), best.begin(), best.end());
  return found;
}

bool explain_cumulative(const Cumulative& c, const ExplainedTrail& trail, const Space& s, long at,
                        std::size_t before, std::vector<Literal>& out) {
  if (at < 0) return TimeTable(c, trail, before).explain_failure(out) || explain_overload(c, trail, before, out);
  const Narrowing& n = s.narrowings()[before];
  const auto j = only_task_of(c.starts(), n.x);
  if (!j) return false;
  const TimeTable table(c, trail, before);
  const Value p = std::max<Value>(trail.lo_at(c.durations()[*j], before), 0);
  if (n.kind == LiteralKind::more_than) {
    return table.explain_start(*j, trail.lo_at(n.x, before), n.lo, true, out) ||
           explain_edge_finding(c, trail, before, *j, false, n.lo, out);
  }
  if (n.kind == LiteralKind::at_most) {
    return table.explain_start(*j, trail.hi_at(n.x, before), n.hi, false, out) ||
           explain_edge_finding(c, trail, before, *j, true, -(n.hi + p), out);
  }
  return false;
}

// Disjunctive by the rules of its propagator (disjunctive.hpp), found again on the bounds
// before the narrowing. Each shows a set of tasks running before task i, which then
// starts no earlier than the end of those of them that start from some a: a plus their
// work. In the direction of the times where the bound moved is an earliest start
// (mirrored, t -> -t, for a latest start):
//   - edge-finding: every task ending by b precedes i when those of them starting from
//     a <= est_i cannot fit beside i in a .. b (a + their work + p_i > b);
//   - a detectable precedence: task j precedes i when it starts before i can end
//     (lct_j - p_j < est_i + p_i);
//   - not-last, a latest end lowered to H: were i to end after H, every task starting by
//     H would precede it, and those of them starting from a end past i's latest start.
// A failure: tasks in a .. b of more work than b - a, or a task whose bounds one of the
// rules crosses. Each task is named by the bounds that make it a member (est >= a,
// lct <= b) and its least duration; of the ways found, the one of fewest literals.
class UnaryExplainer {
 public:
  UnaryExplainer(const Disjunctive& d, const ExplainedTrail& trail, std::size_t before)
      : d_(d),
        trail_(trail),
        before_(before),
        tasks_{task_bounds(d.starts(), d.durations(), {}, trail, before)} {
    tasks_[1] = mirror(tasks_[0]);
  }

  bool explain_failure(std::vector<Literal>& out) const {
    Best best;
    for (const Value b : distinct_lcts(false)) {  // overload in a .. b (the mirror shows the same windows)
      const auto in = members(false, std::size_t(-1), [&](const Task& j) { return j.lct <= b; });
      if (const auto a = latest_window(tasks_[0], in, b + 1, none)) {
        best.offer([&](std::vector<Literal>& c) { window(false, in, *a, b, c); });
      }
    }
    for (const bool m : {false, true}) {
      const std::vector<Task>& t = tasks_[m];
      // A rule crossing a task's bounds: each task tried, a cube of the tasks in all, so
      // not past max_crossing_tasks (the whole scope explains it then).
      for (std::size_t i = 0; i < t.size() && t.size() <= max_crossing_tasks; ++i) {
        if (t[i].p == 0) continue;
        best.offer([&](std::vector<Literal>& c) {
          return raise_est(m, i, t[i].lct - t[i].p + 1, c) && (lct_at_most(m, i, t[i].lct, c), true);
        });
        best.offer([&](std::vector<Literal>& c) {
          return lower_lct(m, i, t[i].est + t[i].p - 1, c) && (est_at_least(m, i, t[i].est, c), true);
        });
      }
    }
    return best.into(out);
  }

  // Task i's start raised to `bound` (up) or lowered to it.
  bool explain_start(std::size_t i, bool up, Value bound, std::vector<Literal>& out) const {
    const Value p = tasks_[0][i].p;
    Best best;
    if (up) {
      best.offer([&](std::vector<Literal>& c) { return raise_est(false, i, bound, c); });
      best.offer([&](std::vector<Literal>& c) { return lower_lct(true, i, -bound, c); });
    } else {
      best.offer([&](std::vector<Literal>& c) { return raise_est(true, i, -(bound + p), c); });
      best.offer([&](std::vector<Literal>& c) { return lower_lct(false, i, bound + p, c); });
    }
    return best.into(out);
  }

 private:
  using Task = TaskBounds;
  static constexpr Value none = std::numeric_limits<Value>::max();
  static constexpr std::size_t max_crossing_tasks = 32;

  // The fewest literals of the explanations offered.
  struct Best {
    std::vector<Literal> literals;
    bool found = false;
    template <class Make>
    void offer(Make make) {
      std::vector<Literal> c;
      if constexpr (std::is_same_v<decltype(make(c)), bool>) {
        if (!make(c)) return;
      } else {
        make(c);
      }
      if (found && c.size() >= literals.size()) return;
      literals = std::move(c);
      found = true;
    }
    bool into(std::vector<Literal>& out) const {
      if (found) out.insert(out.end(), literals.begin(), literals.end());
      return found;
    }
  };

  // The tasks' latest ends in direction m, each once: the ends of the windows tried.
  std::vector<Value> distinct_lcts(bool m) const {
    std::vector<Value> b;
    for (const Task& t : tasks_[m]) b.push_back(t.lct);
    std::sort(b.begin(), b.end());
    b.erase(std::unique(b.begin(), b.end()), b.end());
    return b;
  }
  // The tasks but i of positive duration where `keep` holds.
  template <class Keep>
  std::vector<std::size_t> members(bool m, std::size_t i, Keep keep) const {
    std::vector<std::size_t> in;
    for (std::size_t j = 0; j < tasks_[m].size(); ++j) {
      if (j != i && tasks_[m][j].p > 0 && keep(tasks_[m][j])) in.push_back(j);
    }
    return in;
  }
  // The latest a (at most `cap`; an earliest start of `set`, or cap) such that a plus the
  // work of the tasks of `set` starting from a reaches `target`.
  static std::optional<Value> latest_window(const std::vector<Task>& t, std::vector<std::size_t> set, Value target,
                                            Value cap) {
    std::sort(set.begin(), set.end(), [&](std::size_t a, std::size_t b) { return t[a].est > t[b].est; });
    Value work = 0;
    std::size_t k = 0;
    const auto reaches = [&](Value a) {
      for (; k < set.size() && t[set[k]].est >= a; ++k) work += t[set[k]].p;
      return a + work >= target;
    };
    if (cap != none && reaches(cap)) return cap;
    for (const std::size_t j : set) {
      if (t[j].est <= cap && reaches(t[j].est)) return t[j].est;
    }
    return std::nullopt;
  }
  // The tasks of `set` starting from a, each by est >= a and lct <= b.
  void window(bool m, const std::vector<std::size_t>& set, Value a, Value b, std::vector<Literal>& out) const {
    for (const std::size_t j : set) {
      if (tasks_[m][j].est < a) continue;
      est_at_least(m, j, a, out);
      lct_at_most(m, j, b, out);
    }
  }

  // i's earliest start raised to e: by edge-finding or detectable precedences.
  bool raise_est(bool m, std::size_t i, Value e, std::vector<Literal>& out) const {
    const std::vector<Task>& t = tasks_[m];
    const Task& ti = t[i];
    if (ti.p == 0) return false;
    Best best;
    for (const Value b : distinct_lcts(m)) {
      const auto before = members(m, i, [&](const Task& j) { return j.lct <= b; });
      const auto a = latest_window(t, before, b + 1 - ti.p, ti.est);
      if (!a) continue;
      const auto from = latest_window(t, before, e, none);
      if (!from) continue;
      best.offer([&](std::vector<Literal>& c) {
        est_at_least(m, i, *a, c);
        for (const std::size_t j : before) {
          if (t[j].est < std::min(*a, *from)) continue;
          est_at_least(m, j, t[j].est >= std::max(*a, *from) ? std::max(*a, *from) : std::min(*a, *from), c);
          lct_at_most(m, j, b, c);
        }
      });
    }
    const auto precede = members(m, i, [&](const Task& j) { return j.lct - j.p < ti.est + ti.p; });
    if (const auto from = latest_window(t, precede, e, none)) {
      best.offer([&](std::vector<Literal>& c) {
        Value latest = std::numeric_limits<Value>::min();
        for (const std::size_t j : precede) {
          if (t[j].est < *from) continue;
          est_at_least(m, j, *from, c);
          lct_at_most(m, j, t[j].lct, c);
          latest = std::max(latest, t[j].lct - t[j].p);
        }
        est_at_least(m, i, latest + 1 - ti.p, c);
      });
    }
    return best.into(out);
  }

  // i's latest end lowered to h: not-last.
  bool lower_lct(bool m, std::size_t i, Value h, std::vector<Literal>& out) const {
    const std::vector<Task>& t = tasks_[m];
    const Task& ti = t[i];
    if (ti.p == 0) return false;
    const auto by_h = members(m, i, [&](const Task& j) { return j.lct - j.p <= h; });
    const auto from = latest_window(t, by_h, ti.lct - ti.p + 1, none);
    if (!from) return false;
    Value work = 0;
    for (const std::size_t j : by_h) {
      if (t[j].est < *from) continue;
      est_at_least(m, j, *from, out);
      lct_at_most(m, j, h + t[j].p, out);
      work += t[j].p;
    }
    lct_at_most(m, i, *from + work - 1 + ti.p, out);
    return true;
  }

  // est_j >= a and lct_j <= b in direction m, with j's least duration.
  void est_at_least(bool m, std::size_t j, Value a, std::vector<Literal>& out) const {
    const Value p = tasks_[m][j].p;
    out.push_back(m ? Literal{d_.starts()[j], Literal::Kind::at_most, -a - p}
                    : Literal{d_.starts()[j], Literal::Kind::more_than, a - 1});
    trail_.lower_bound(d_.durations()[j], before_, out);
  }
  void lct_at_most(bool m, std::size_t j, Value b, std::vector<Literal>& out) const {
    const Value p = tasks_[m][j].p;
    out.push_back(m ? Literal{d_.starts()[j], Literal::Kind::more_than, -b - 1}
                    : Literal{d_.starts()[j], Literal::Kind::at_most, b - p});
    trail_.lower_bound(d_.durations()[j], before_, out);
  }

  const Disjunctive& d_;
  const ExplainedTrail& trail_;
  std::size_t before_;
  std::array<std::vector<Task>, 2> tasks_;  // forward, mirrored
};

bool explain_disjunctive(const Disjunctive& d, const ExplainedTrail& trail, const Space& s, long at,
                         std::size_t before, std::vector<Literal>& out) {
  if (at < 0) return UnaryExplainer(d, trail, before).explain_failure(out);
  const Narrowing& n = s.narrowings()[before];
  const auto i = only_task_of(d.starts(), n.x);
  if (!i) return false;
  const UnaryExplainer unary(d, trail, before);
  if (n.kind == LiteralKind::more_than) return unary.explain_start(*i, true, n.lo, out);
  if (n.kind == LiteralKind::at_most) return unary.explain_start(*i, false, n.hi, out);
  return false;
}

// z = array[index] of constants: a position leaves the index where its value left z, a
// value leaves z where all its positions left the index. So a value u that a narrowing
// took from one of them (the values between a bound's old place and its new one, the
// others where it fixed the variable) is explained by u's own literal where u was gone
// already, else by the literals that took its support: z != array[u] for a position, the
// positions' index != i for a value. A failure: every position of the index's domain,
// each so. False where a literal needed does not hold, or the range is too wide.
bool explain_element_values(const ElementValues& e, const ExplainedTrail& trail, const Space& s, long at,
                            std::size_t before, std::vector<Literal>& out) {
  if (e.index == e.z) return false;
  // Whether u had left x, and if so its literal appended: x's bound where u lies past it
  // (one literal for many values), else the hole.
  const auto gone = [&](int x, Value u) {
    if (u < trail.lo_at(x, before)) {
      trail.lower_bound(x, before, out);
    } else if (u > trail.hi_at(x, before)) {
      trail.upper_bound(x, before, out);
    } else if (!trail.append_hole(x, u, before, out)) {
      return false;
    }
    return true;
  };
  // Why value u of x cannot be taken, appended; false: not by values gone.
  const auto unsupported = [&](int x, Value u) {
    if (u >= trail.lo_at(x, before) && u <= trail.hi_at(x, before) && gone(x, u)) return true;
    if (x == e.index) {
      if (u < 0 || u >= static_cast<Value>(e.array.size())) return true;
      return gone(e.z, e.array[static_cast<std::size_t>(u)]);
    }
    for (const int i : e.positions_of(u)) {
      if (!gone(e.index, i)) return false;
    }
    return true;
  };
  // The values of x in from .. to, but `kept`, each unsupported.
  const auto range = [&](int x, Value from, Value to, std::optional<Value> kept) {
    if (to - from > 1024) return false;
    for (Value u = from; u <= to; ++u) {
      if (u != kept && !unsupported(x, u)) return false;
    }
    return true;
  };
  const std::size_t size = out.size();
  bool ok = false;
  if (at < 0) {
    const Value lo = trail.lo_at(e.index, before), hi = trail.hi_at(e.index, before);
    ok = range(e.index, lo, hi, std::nullopt);
    trail.lower_bound(e.index, before, out);
    trail.upper_bound(e.index, before, out);
  } else {
    const Narrowing& n = s.narrowings()[before];
    if (n.x != e.index && n.x != e.z) return false;
    const Value lo = trail.lo_at(n.x, before), hi = trail.hi_at(n.x, before);
    switch (n.kind) {
      case LiteralKind::not_equal: ok = unsupported(n.x, n.v); break;
      case LiteralKind::more_than: ok = range(n.x, lo, n.lo - 1, std::nullopt); break;
      case LiteralKind::at_most: ok = range(n.x, n.hi + 1, hi, std::nullopt); break;
      case LiteralKind::equal: ok = range(n.x, lo, hi, n.lo); break;
    }
    if (n.kind == LiteralKind::more_than || n.kind == LiteralKind::equal) trail.lower_bound(n.x, before, out);
    if (n.kind == LiteralKind::at_most || n.kind == LiteralKind::equal) trail.upper_bound(n.x, before, out);
  }
  if (!ok) out.resize(size);
  return ok;
}

// sum(a * x) = c at domain consistency: a value u of x leaves where the others cannot
// make c - a * u. Where their bounds show it, by those bounds; else, of two terms, by the
// one value w of the other that would (a * u + b * w = c) gone from it, a hole (none
// where w is no integer); of more, by the others' domains. A bound moved past values
// also needs x's bound before it; x fixed, both, and the values of x gone before. False
// for a failure, x in more than one term, or a range too wide (the whole scope).
bool explain_linear_domain(const LinearDomainEqual& e, const ExplainedTrail& trail, const Space& s, long at,
                           std::size_t before, std::vector<Literal>& out) {
  if (at < 0) return false;
  const Narrowing& n = s.narrowings()[before];
  const Term* own = own_term(e.terms, n.x);
  if (own == nullptr) return false;
  const Term* other = e.terms.size() != 2 ? nullptr : own == &e.terms[0] ? &e.terms[1] : &e.terms[0];
  const Wide c = e.constant();
  Wide least = 0, most = 0;  // the others' sum, by their bounds
  for (const Term& t : e.terms) {
    if (&t == own) continue;
    const Wide lo = Wide{t.a} * trail.lo_at(t.x, before), hi = Wide{t.a} * trail.hi_at(t.x, before);
    least += std::min(lo, hi);
    most += std::max(lo, hi);
  }
  // The holes go to `out` as they are found: where this returns false, explain() drops
  // what it appended.
  bool by_domains = false;  // of more than two terms: the others' domains
  // u of x, present before, without a support; false where none is shown.
  const auto unsupported = [&](Value u) {
    const Wide rest = c - Wide{own->a} * u;
    if (rest < least || rest > most) return true;
    if (other == nullptr) {
      by_domains = true;
      return true;
    }
    if (rest % other->a != 0) return true;
    return trail.append_hole(other->x, static_cast<Value>(rest / other->a), before, out);
  };
  Value from = n.v, to = n.v;
  if (n.kind == LiteralKind::more_than || n.kind == LiteralKind::at_most) {
    std::tie(from, to) = values_passed(trail, n, before);
  } else if (n.kind == LiteralKind::equal) {
    from = trail.lo_at(n.x, before);
    to = trail.hi_at(n.x, before);
  }
  if (to - from > 1024) return false;
  for (Value u = from; u <= to; ++u) {
    if (n.kind == LiteralKind::equal && u == n.lo) continue;
    if (!trail.contains_at(n.x, u, before)) {  // gone before: a bound's holes_passed(), x fixed's own
      if (n.kind == LiteralKind::equal) trail.append_hole(n.x, u, before, out);
      continue;
    }
    if (!unsupported(u)) return false;
  }
  term_bounds(e.terms, SumRead::both, own->x, trail, before, out);
  for (const Term& t : e.terms) {
    if (by_domains && &t != own) trail.holes(s, t.x, before, out);
  }
  if (n.kind == LiteralKind::equal) {
    trail.lower_bound(n.x, before, out);
    trail.upper_bound(n.x, before, out);
  } else {
    trail.bound_before(s, before, out);
  }
  return true;
}

// A table of allowed tuples: each value it took from x had every tuple with it gone, each
// by another variable's value gone from it: its bound where the value lay past it, else
// the hole (gone at the root: nothing). A failure: every tuple gone. The tuples still to
// show gone are a bitset, which each variable in turn clears. False for x fixed (its
// holes would be needed).
bool explain_table(const Table& t, const ExplainedTrail& trail, const Space& s, long at, std::size_t before,
                   std::vector<Literal>& out) {
  std::vector<std::uint64_t> left(t.tuple_words(), 0);
  const auto show_gone = [&](std::size_t i, std::size_t k) {
    const auto tuples = t.tuples_with(i, k);
    for (std::size_t w = 0; w < left.size(); ++w) left[w] |= tuples[w];
  };
  std::size_t narrowed = t.xs.size();
  if (at < 0) {
    for (std::size_t k = 0; k < t.column(0).size(); ++k) show_gone(0, k);
  } else {
    const Narrowing& n = s.narrowings()[before];
    const auto it = std::find(t.xs.begin(), t.xs.end(), n.x);
    if (it == t.xs.end() || n.kind == LiteralKind::equal) return false;
    narrowed = static_cast<std::size_t>(it - t.xs.begin());
    const auto column = t.column(narrowed);
    const Value lo = trail.lo_at(n.x, before), hi = trail.hi_at(n.x, before);
    for (std::size_t k = 0; k < column.size(); ++k) {
      const Value v = column[k];
      const bool took = n.kind == LiteralKind::not_equal ? v == n.v
                        : n.kind == LiteralKind::more_than ? lo <= v && v < n.lo
                                                            : n.hi < v && v <= hi;
      if (took && trail.contains_at(n.x, v, before)) show_gone(narrowed, k);  // a hole passed is holes_passed()'s
    }
    trail.bound_before(s, before, out);
  }
  const auto meets = [&](std::span<const std::uint64_t> tuples) {
    for (std::size_t w = 0; w < left.size(); ++w) {
      if ((left[w] & tuples[w]) != 0) return true;
    }
    return false;
  };
  const auto clear = [&](std::span<const std::uint64_t> tuples) {
    for (std::size_t w = 0; w < left.size(); ++w) left[w] &= ~tuples[w];
  };
  std::vector<std::uint64_t> past(left.size());
  for (std::size_t j = 0; j < t.xs.size(); ++j) {
    if (j == narrowed || std::all_of(left.begin(), left.end(), [](std::uint64_t w) { return w == 0; })) continue;
    const int y = t.xs[j];
    const auto column = t.column(j);
    const Value lo = trail.lo_at(y, before), hi = trail.hi_at(y, before);
    for (const bool below : {true, false}) {  // the values past a bound: that bound
      std::fill(past.begin(), past.end(), 0);
      for (std::size_t k = 0; k < column.size(); ++k) {
        if (below ? column[k] >= lo : column[k] <= hi) continue;
        const auto tuples = t.tuples_with(j, k);
        for (std::size_t w = 0; w < past.size(); ++w) past[w] |= tuples[w];
      }
      if (!meets(past)) continue;
      if (below) {
        trail.lower_bound(y, before, out);
      } else {
        trail.upper_bound(y, before, out);
      }
      clear(past);
    }
    for (std::size_t k = 0; k < column.size(); ++k) {  // the holes
      const Value v = column[k];
      if (v <= lo || v >= hi || !meets(t.tuples_with(j, k)) || !trail.append_hole(y, v, before, out)) continue;
      clear(t.tuples_with(j, k));
    }
  }
  return std::all_of(left.begin(), left.end(), [](std::uint64_t w) { return w == 0; });
}

// z = min(x, y) (max: every bound mirrored, as MinMax reads them): a bound narrowing by
// the bounds that make it, each as weak as the rule allows. Which rule ran is not
// written down, but with three distinct variables one rule only moves each bound. A
// failure: x and y above z, or one of them below it, by those bounds. A variable twice:
// false.
bool explain_min_max(const MinMax& m, const ExplainedTrail& trail, const Space& s, long at, std::size_t before,
                     std::vector<Literal>& out) {
  if (m.x == m.y || m.x == m.z || m.y == m.z) return false;
  const bool mirrored = m.largest;
  const auto low = [&](int v) { return mirrored ? -trail.hi_at(v, before) : trail.lo_at(v, before); };
  const auto high = [&](int v) { return mirrored ? -trail.lo_at(v, before) : trail.hi_at(v, before); };
  const auto add = [&](const Literal& l) { trail.append_unless_at_root(l, out); };
  const auto at_least = [&](int v, Value a) {  // low(v) >= a
    add(mirrored ? Literal{v, Literal::Kind::at_most, -a} : Literal{v, Literal::Kind::more_than, a - 1});
  };
  const auto at_most = [&](int v, Value b) {  // high(v) <= b
    add(mirrored ? Literal{v, Literal::Kind::more_than, -b - 1} : Literal{v, Literal::Kind::at_most, b});
  };
  if (at < 0) {
    if (std::min(low(m.x), low(m.y)) > high(m.z)) {
      at_least(m.x, high(m.z) + 1);
      at_least(m.y, high(m.z) + 1);
      at_most(m.z, high(m.z));
      return true;
    }
    for (const int x : {m.x, m.y}) {
      if (high(x) >= low(m.z)) continue;
      at_most(x, high(x));
      at_least(m.z, high(x) + 1);
      return true;
    }
    return false;
  }
  const Narrowing& n = s.narrowings()[before];
  if (n.kind != LiteralKind::more_than && n.kind != LiteralKind::at_most) return false;
  const bool raised = (n.kind == LiteralKind::more_than) != mirrored;  // low(n.x) went up
  if (n.x == m.z) {
    if (raised && std::min(low(m.x), low(m.y)) > low(m.z)) {
      const Value a = std::min(low(m.x), low(m.y));
      at_least(m.x, a);
      at_least(m.y, a);
      return true;
    }
    if (!raised && std::min(high(m.x), high(m.y)) < high(m.z)) {
      const int by = high(m.x) <= high(m.y) ? m.x : m.y;
      at_most(by, high(by));
      return true;
    }
  }
  for (const auto& [x, other] : {std::pair{m.x, m.y}, std::pair{m.y, m.x}}) {
    if (n.x != x) continue;
    if (raised && low(m.z) > low(x)) {  // each at least z
      at_least(m.z, low(m.z));
      return true;
    }
    if (!raised && low(other) > high(m.z) && high(m.z) < high(x)) {  // the other above z: x is z
      at_most(m.z, high(m.z));
      at_least(other, high(m.z) + 1);
      return true;
    }
  }
  return false;
}

// z = x * y: Times reads bounds alone, so a bound it moves (or the 0 it removes) follows
// from the bounds of the other two, and, where it removed 0 at x's or y's bound, that
// bound; where x and y are at least 0, z's least value from their least values alone,
// and its greatest from their greatest and y >= 0. A failure: the bounds of the three
// as it failed (a rule's interval only shrinks as its inputs' do, and the last one
// missed the bounds of its variable). A square (x = y) reads the bounds of x and z
// alone, its own bound too. z in two places: false.
bool explain_times(const Times& t, const ExplainedTrail& trail, const Space& s, long at, std::size_t before,
                   std::vector<Literal>& out) {
  if (t.x == t.z || t.y == t.z) return false;
  if (at < 0 || t.x == t.y) {
    const int vars[] = {t.x, t.z, t.y};
    for (std::size_t k = 0; k < (t.x == t.y ? 2u : 3u); ++k) {
      trail.lower_bound(vars[k], before, out);
      trail.upper_bound(vars[k], before, out);
    }
    return true;
  }
  const Narrowing& n = s.narrowings()[before];
  const bool natural = trail.lo_at(t.x, before) >= 0 && trail.lo_at(t.y, before) >= 0;
  if (n.x == t.z && natural && n.kind == LiteralKind::more_than) {
    trail.lower_bound(t.x, before, out);
    trail.lower_bound(t.y, before, out);
    return true;
  }
  if (n.x == t.z && natural && n.kind == LiteralKind::at_most) {
    // y >= 0, and x <= its bound (at least 0): x * y <= that bound * y
    trail.append_unless_at_root({t.y, Literal::Kind::more_than, -1}, out);
    trail.upper_bound(t.x, before, out);
    trail.upper_bound(t.y, before, out);
    return true;
  }
  for (const int v : {t.x, t.y, t.z}) {
    if (v == n.x) continue;
    trail.lower_bound(v, before, out);
    trail.upper_bound(v, before, out);
  }
  // 0 removed at x's or y's bound moves the bound: it needs the bound it moved from.
  const bool from_zero = n.kind == LiteralKind::more_than ? trail.lo_at(n.x, before) == 0
                         : n.kind == LiteralKind::at_most ? trail.hi_at(n.x, before) == 0
                                                          : false;
  if (from_zero) trail.bound_before(s, before, out);
  return true;
}

// z = x div y, z = x mod y: Div and Mod read bounds alone (0 leaves y by the constraint
// itself), so the bounds of the three before a narrowing or a failure explain it; so too
// where one variable stands in two places, which Div and Mod settle by the constraint.
void explain_quotient(int x, int y, int z, const ExplainedTrail& trail, std::size_t before,
                      std::vector<Literal>& out) {
  std::array<int, 3> vars{x, y, z};
  std::sort(vars.begin(), vars.end());
  const auto end = std::unique(vars.begin(), vars.end());
  for (auto v = vars.begin(); v != end; ++v) value_of(*v, trail, before, out);
}

// z = |x|: what Abs took from one it took by the other's domain (a value stays while
// one of its signs does), and a bound it moved also by the bound it moved from.
bool explain_abs(const Abs& a, const ExplainedTrail& trail, const Space& s, long at, std::size_t before,
                 std::vector<Literal>& out) {
  if (a.x == a.z) return false;
  if (at < 0) {
    trail.domain_literals(s, {a.x, a.z}, before, out);
  } else {
    trail.domain_literals(s, {s.narrowings()[before].x == a.x ? a.z : a.x}, before, out);
    trail.bound_before(s, before, out);
  }
  return true;
}

// Why x and z share no value before log position t, appended: the bound of each that
// the other's values lie past, or, where the ranges meet, the greater lower bound, the
// smaller upper bound and a hole of one of them at each value between. False where they
// share a value or the ranges meet on more than 1024.
bool explain_disjoint(int x, int z, const ExplainedTrail& trail, std::size_t t,
                      std::vector<Literal>& out) {
  const Value x_lo = trail.lo_at(x, t), x_hi = trail.hi_at(x, t);
  const Value z_lo = trail.lo_at(z, t), z_hi = trail.hi_at(z, t);
  const auto apart = [&](int below, Value top, int above) {  // below <= top < above
    trail.append_unless_at_root({below, Literal::Kind::at_most, top}, out);
    trail.append_unless_at_root({above, Literal::Kind::more_than, top}, out);
  };
  if (x_hi < z_lo) return apart(x, x_hi, z), true;
  if (z_hi < x_lo) return apart(z, z_hi, x), true;
  const Value from = std::max(x_lo, z_lo), to = std::min(x_hi, z_hi);
  if (to - from > 1024) return false;
  const std::size_t size = out.size();
  for (Value u = from; u <= to; ++u) {
    if (!trail.append_hole(x, u, t, out) && !trail.append_hole(z, u, t, out)) {
      out.resize(size);
      return false;
    }
  }
  trail.lower_bound(x_lo == from ? x : z, t, out);
  trail.upper_bound(x_hi == to ? x : z, t, out);
  return true;
}

// z = xs[index]. A position the index lost shares no value with z (explain_disjoint);
// a bound of z, the values it moved past, each lacking from every variable the index
// may pick; once the index is fixed to i, z = xs[i]: the index's value and both
// domains. A failure: every position left shares no value with z. Each rule reads the
// domains as they stood when it ran, so they hold where z or the index is also in xs
// (vehicle[successor[i]] = vehicle[i]); but a position holding z shares z's values, and
// where the rules need it not to: false. A range too wide: false.
bool explain_element_vars(const ElementVars& e, const ExplainedTrail& trail, const Space& s, long at,
                          std::size_t before, std::vector<Literal>& out) {
  const auto present = [&](int x, Value u) { return trail.contains_at(x, u, before); };
  const auto var_at = [&](Value i) { return e.xs[static_cast<std::size_t>(i)]; };
  const Value lo = std::max<Value>(trail.lo_at(e.index, before), 0);
  const Value hi = std::min<Value>(trail.hi_at(e.index, before), static_cast<Value>(e.xs.size()) - 1);
  // The index's domain, and each position in it but `kept`, disjoint from z.
  const auto others_disjoint = [&](std::optional<Value> kept) {
    trail.domain_literals(s, {e.index}, before, out);
    for (Value i = lo; i <= hi; ++i) {
      if (i != kept && present(e.index, i) && !explain_disjoint(var_at(i), e.z, trail, before, out)) return false;
    }
    return true;
  };
  if (at < 0) return others_disjoint(std::nullopt);
  const Narrowing& n = s.narrowings()[before];
  if (lo == hi && (n.x == e.z || n.x == var_at(lo))) {  // z = xs[lo]
    trail.domain_literals(s, {e.index, e.z, var_at(lo)}, before, out);
    return true;
  }
  if (n.x == e.index) {
    if (n.kind == LiteralKind::equal) return others_disjoint(n.v);
    const auto [from, to] = n.kind == LiteralKind::not_equal ? std::pair{n.v, n.v} : values_passed(trail, n, before);
    for (Value i = std::max<Value>(from, 0); i <= std::min(to, hi); ++i) {
      if (present(e.index, i) && !explain_disjoint(var_at(i), e.z, trail, before, out)) return false;
    }
    trail.bound_before(s, before, out);
    return true;
  }
  if (n.x != e.z || (n.kind != LiteralKind::more_than && n.kind != LiteralKind::at_most)) return false;
  // z's values passed, each out of every variable the index may pick (or of z itself,
  // holes_passed()'s): where a variable's bound lies past them all, that bound.
  const auto [from, to] = values_passed(trail, n, before);
  if (to - from > 1024) return false;
  trail.domain_literals(s, {e.index}, before, out);
  trail.bound_before(s, before, out);
  for (Value i = lo; i <= hi; ++i) {
    if (!present(e.index, i)) continue;
    const int x = var_at(i);
    if (n.kind == LiteralKind::more_than && trail.lo_at(x, before) > to) {
      trail.append_unless_at_root({x, Literal::Kind::more_than, to}, out);
      continue;
    }
    if (n.kind == LiteralKind::at_most && trail.hi_at(x, before) < from) {
      trail.append_unless_at_root({x, Literal::Kind::at_most, from - 1}, out);
      continue;
    }
    bool below = false, above = false;  // x's lower bound, its upper bound needed
    for (Value u = from; u <= to; ++u) {
      if (!present(e.z, u)) continue;
      below = below || u < trail.lo_at(x, before);
      above = above || u > trail.hi_at(x, before);
      if (u >= trail.lo_at(x, before) && u <= trail.hi_at(x, before) && !trail.append_hole(x, u, before, out)) {
        return false;
      }
    }
    if (below) trail.lower_bound(x, before, out);
    if (above) trail.upper_bound(x, before, out);
  }
  return true;
}

// A count of the xs in a target (its constants, or y's value once fixed) against
// c + offset. Each x is in (all its values in the target) or out (none), by the literals
// that say so: x = t or x != t where the target is one value t, else its domain's. A
// bound of c by as many xs in (or out) as make it; an x pushed out of the target by c's
// upper bound and as many others in as c allows, into it by c's lower bound and as many
// others out as leave it no room; a failure by one x more than c allows in (or out); !=
// by the values of all the others and c's. False while y is open, or where c or y is
// also among the xs.
bool explain_count(const Count& k, const ExplainedTrail& trail, const Space& s, long at, std::size_t before,
                   std::vector<Literal>& out) {
  if ((k.y >= 0 && (k.y == k.c || std::find(k.xs.begin(), k.xs.end(), k.y) != k.xs.end())) ||
      (k.c >= 0 && std::find(k.xs.begin(), k.xs.end(), k.c) != k.xs.end())) {
    return false;
  }
  std::vector<Value> fixed_y;
  if (k.y >= 0) {
    if (trail.lo_at(k.y, before) != trail.hi_at(k.y, before)) return false;
    fixed_y.push_back(trail.lo_at(k.y, before));
    value_of(k.y, trail, before, out);
  }
  const std::vector<Value>& target = k.y >= 0 ? fixed_y : k.target;
  const auto in_target = [&](Value v) { return std::binary_search(target.begin(), target.end(), v); };
  const auto present = [&](int x, Value v) { return trail.contains_at(x, v, before); };
  enum class Side { in, out, open };
  const auto side = [&](int x) {
    const Value lo = trail.lo_at(x, before), hi = trail.hi_at(x, before);
    bool any_in = false, any_out = false;
    if (hi - lo > 1024) return Side::open;
    for (Value v = lo; v <= hi && !(any_in && any_out); ++v) {
      if (!present(x, v)) continue;
      (in_target(v) ? any_in : any_out) = true;
    }
    return !any_out ? Side::in : !any_in ? Side::out : Side::open;
  };
  const auto say = [&](int x, Side side_of_x) {  // the literals of x's side, appended
    if (target.size() == 1) {
      const Value t = target[0];
      if (side_of_x == Side::in) return trail.append_unless_at_root({x, Literal::Kind::equal, t}, out);
      const Value lo = trail.lo_at(x, before), hi = trail.hi_at(x, before);
      return trail.append_unless_at_root(t < lo   ? Literal{x, Literal::Kind::more_than, t}
                                         : t > hi ? Literal{x, Literal::Kind::at_most, t - 1}
                                                  : Literal{x, Literal::Kind::not_equal, t},
                                         out);
    }
    trail.lower_bound(x, before, out);
    trail.upper_bound(x, before, out);
    const Value lo = trail.lo_at(x, before), hi = trail.hi_at(x, before);
    for (Value v = lo + 1; v < hi; ++v) {  // the holes that make its side
      if ((side_of_x == Side::in) != in_target(v)) trail.append_hole(x, v, before, out);
    }
  };
  const int narrowed = at < 0 ? -1 : s.narrowings()[before].x;
  std::vector<int> ins, outs;  // the others, by side
  for (const int x : k.xs) {
    if (x == narrowed) continue;
    const Side sx = side(x);
    if (sx == Side::in) ins.push_back(x);
    if (sx == Side::out) outs.push_back(x);
  }
  const auto others = static_cast<Value>(k.xs.size()) -
                      static_cast<Value>(std::count(k.xs.begin(), k.xs.end(), narrowed));
  // `count` xs of `side`, with the bound of c that sets them against; false where fewer.
  const auto take = [&](Value count, Side sx, bool c_upper) {
    const std::vector<int>& xs = sx == Side::in ? ins : outs;
    if (count > static_cast<Value>(xs.size())) return false;
    for (Value i = 0; i < count; ++i) say(xs[static_cast<std::size_t>(i)], sx);
    if (k.c >= 0 && c_upper) trail.upper_bound(k.c, before, out);
    if (k.c >= 0 && !c_upper) trail.lower_bound(k.c, before, out);
    return true;
  };
  const Value c_min = k.c >= 0 ? trail.lo_at(k.c, before) : 0;
  const Value c_max = k.c >= 0 ? trail.hi_at(k.c, before) : 0;
  const bool at_most = k.relation == CountRelation::equal || k.relation == CountRelation::at_most;
  const bool at_least = k.relation == CountRelation::equal || k.relation == CountRelation::at_least;
  const auto all_decided = [&] {  // != : every other x, and c's value
    if (static_cast<Value>(ins.size() + outs.size()) != others) return false;
    for (const int x : ins) say(x, Side::in);
    for (const int x : outs) say(x, Side::out);
    if (k.c >= 0) value_of(k.c, trail, before, out);
    return true;
  };
  const auto at_least_zero = [](Value v) { return std::max<Value>(v, 0); };
  if (at < 0) {
    const Value n = static_cast<Value>(k.xs.size());
    if (at_most && static_cast<Value>(ins.size()) > c_max + k.offset) return take(at_least_zero(c_max + k.offset + 1), Side::in, true);
    if (at_least && static_cast<Value>(outs.size()) > n - c_min - k.offset) {
      return take(at_least_zero(n - c_min - k.offset + 1), Side::out, false);
    }
    return k.relation == CountRelation::not_equal && all_decided();
  }
  const Narrowing& nw = s.narrowings()[before];
  if (narrowed == k.c) {
    if (nw.kind == LiteralKind::more_than && at_most) return take(at_least_zero(nw.lo + k.offset), Side::in, true);
    if (nw.kind == LiteralKind::at_most && at_least) return take(at_least_zero(others - nw.hi - k.offset), Side::out, false);
    if (nw.kind == LiteralKind::not_equal && k.relation == CountRelation::not_equal) return all_decided();
    return false;
  }
  if (std::find(k.xs.begin(), k.xs.end(), narrowed) == k.xs.end()) return false;
  if (k.relation == CountRelation::not_equal) {
    trail.bound_before(s, before, out);
    return all_decided();
  }
  // Which way x was pushed: the values it lost were the target's (out) or not (in).
  bool pushed_in;
  if (nw.kind == LiteralKind::equal) {
    pushed_in = in_target(nw.v);
    trail.domain_literals(s, {narrowed}, before, out);
  } else {
    const auto [from, to] = nw.kind == LiteralKind::not_equal ? std::pair{nw.v, nw.v} : values_passed(trail, nw, before);
    Value lost = from;
    while (lost <= to && !present(narrowed, lost)) ++lost;
    if (lost > to) return false;
    pushed_in = !in_target(lost);
    trail.bound_before(s, before, out);
  }
  const Value mult = static_cast<Value>(k.xs.size()) - others;
  if (pushed_in) return at_least && take(at_least_zero(others - c_min - k.offset + 1), Side::out, false);
  return at_most && take(at_least_zero(c_max + k.offset - mult + 1), Side::in, true);
}

// xs <=lex ys (<lex where strict), by the pointers LexLessEqual reads, found again on the
// bounds before a narrowing or failure. The pairs before alpha are equal, each by x >= v
// and y <= v. Past alpha, a suffix that forces xs greater once the pairs before it are
// equal: pairs with min x >= max y up to one with min x > max y (or to the end where
// strict), each by x >= m (x > m for the last) and y <= m, m = max y. A bound at alpha
// by the other's bound, and, where it is strict (x < y: the suffix from alpha + 1
// forces), by that suffix; a failure by the suffix from alpha. Each step holds in every
// solution, so a variable in two pairs (symmetry breaking's) changes none of it.
bool explain_lex(const LexLessEqual& l, const ExplainedTrail& trail, const Space& s, long at, std::size_t before,
                 std::vector<Literal>& out) {
  const auto lo = [&](int v) { return trail.lo_at(v, before); };
  const auto hi = [&](int v) { return trail.hi_at(v, before); };
  const auto at_least = [&](int x, Value m) {  // x >= m over y <= m
    trail.append_unless_at_root({x, Literal::Kind::more_than, m - 1}, out);
  };
  const auto at_most = [&](int y, Value m) { trail.append_unless_at_root({y, Literal::Kind::at_most, m}, out); };
  const std::size_t n = l.pairs.size();
  std::size_t alpha = 0;
  for (; alpha < n; ++alpha) {
    const auto [x, y] = l.pairs[alpha];
    if (x == y) continue;
    if (lo(x) != hi(x) || lo(y) != hi(y) || lo(x) != lo(y)) break;
    at_least(x, lo(x));
    at_most(y, lo(y));
  }
  // The suffix from `from` that forces xs greater, appended; false where it does not.
  const auto forcing = [&](std::size_t from) {
    for (std::size_t i = from; i < n; ++i) {
      const auto [x, y] = l.pairs[i];
      if (x == y) continue;
      if (lo(x) < hi(y)) return false;
      at_most(y, hi(y));
      if (lo(x) > hi(y)) {
        trail.append_unless_at_root({x, Literal::Kind::more_than, hi(y)}, out);
        return true;
      }
      at_least(x, hi(y));
    }
    return l.strict;
  };
  if (at < 0) return alpha == n ? l.strict : forcing(alpha);
  if (alpha == n) return false;
  const Narrowing& narrowing = s.narrowings()[before];
  const auto [x, y] = l.pairs[alpha];
  if (narrowing.x == x && narrowing.kind == LiteralKind::at_most) {
    trail.upper_bound(y, before, out);
  } else if (narrowing.x == y && narrowing.kind == LiteralKind::more_than) {
    trail.lower_bound(x, before, out);
  } else {
    return false;
  }
  // x < y where the suffix forces: it needs its literals; else x <= y needs none more.
  const std::size_t size = out.size();
  if (!forcing(alpha + 1)) out.resize(size);
  return true;
}

// A circuit's graph of more than one strongly connected component (Circuit::components),
// at its failure (the space's domains are those it failed on): a set of nodes no edge
// leaves, each node by the values of the nodes outside gone from its successor. Of the
// sets a sink component makes, and the nodes outside a source component make, the one
// of fewest nodes. The successor's bounds say it with one literal each (x > the
// greatest value outside below them), the holes between one a value. False where the
// graph is one component.
bool explain_circuit_cut(const Circuit& c, const ExplainedTrail& trail, const Space& s, std::vector<Literal>& out) {
  const int n = static_cast<int>(c.xs.size());
  const auto x_of = [&](int i) { return c.xs[static_cast<std::size_t>(i)]; };
  std::vector<int> first(static_cast<std::size_t>(n) + 1), edges;
  for (int i = 0; i < n; ++i) {
    first[static_cast<std::size_t>(i)] = static_cast<int>(edges.size());
    s.for_each(x_of(i), [&](Value v) {
      if (v - c.offset >= 0 && v - c.offset < n && v - c.offset != i) edges.push_back(static_cast<int>(v - c.offset));
    });
  }
  first[static_cast<std::size_t>(n)] = static_cast<int>(edges.size());
  std::vector<int> scratch(StrongComponents::ints(static_cast<std::size_t>(n)));
  StrongComponents scc(scratch.data(), static_cast<std::size_t>(n));
  const int count = scc.find(
      n, edges.data(), [&](int j) { return first[static_cast<std::size_t>(j)]; },
      [&](int j) { return first[static_cast<std::size_t>(j) + 1]; });
  if (count < 2) return false;
  const auto component = [&](int i) { return static_cast<std::size_t>(scc.component[i]); };
  std::vector<int> size(static_cast<std::size_t>(count));
  std::vector<char> leaves(static_cast<std::size_t>(count)), entered(static_cast<std::size_t>(count));
  for (int i = 0; i < n; ++i) {
    ++size[component(i)];
    for (int e = first[static_cast<std::size_t>(i)]; e < first[static_cast<std::size_t>(i) + 1]; ++e) {
      const int j = edges[static_cast<std::size_t>(e)];
      if (component(j) == component(i)) continue;
      leaves[component(i)] = 1;
      entered[component(j)] = 1;
    }
  }
  std::size_t best = 0;  // a sink's component, or a source's (then its outside)
  bool outside = false;
  int nodes = n + 1;
  for (std::size_t k = 0; k < size.size(); ++k) {
    if (leaves[k] == 0 && size[k] < nodes) best = k, outside = false, nodes = size[k];
    if (entered[k] == 0 && n - size[k] < nodes) best = k, outside = true, nodes = n - size[k];
  }
  const auto in_set = [&](int j) { return (component(j) == best) != outside; };
  const std::size_t before = s.narrowings().size();
  for (int i = 0; i < n; ++i) {
    if (!in_set(i)) continue;
    const int x = x_of(i);
    const Value lo = s.min(x) - c.offset, hi = s.max(x) - c.offset;
    Value below = -1, above = n;  // the nearest nodes outside past the bounds
    for (int j = 0; j < n; ++j) {
      if (in_set(j)) continue;
      if (j < lo) below = j;
      if (j > hi && above == n) above = j;
      if (j > lo && j < hi && !trail.append_hole(x, c.offset + j, before, out)) return false;
    }
    trail.append_unless_at_root({x, Literal::Kind::more_than, c.offset + below}, out);
    trail.append_unless_at_root({x, Literal::Kind::at_most, c.offset + above - 1}, out);
  }
  return true;
}

// circuit and subcircuit where their chains show it (Circuit::chains), found again on
// the domains before: the end of a path of fixed successors may not point back to its
// start while the cycle that closes would be short, by the path's edges and, for a
// subcircuit, a node off the path that must be on the cycle; a node off a closed cycle
// of a subcircuit is left out, by the cycle's edges. A failure: a closed cycle short of
// every node (circuit) or of a node that must be in (subcircuit), or two edges into one
// node. A circuit's components: explain_circuit_cut. What a subcircuit's components
// rule out: false.
bool explain_circuit(const Circuit& c, const ExplainedTrail& trail, const Space& s, long at, std::size_t before,
                     std::vector<Literal>& out) {
  const int n = static_cast<int>(c.xs.size());
  const auto x_of = [&](int i) { return c.xs[static_cast<std::size_t>(i)]; };
  // i's successor where fixed to another node, else -1
  const auto next = [&](int i) {
    const Value lo = trail.lo_at(x_of(i), before);
    if (lo != trail.hi_at(x_of(i), before) || lo - c.offset < 0 || lo - c.offset >= n || lo - c.offset == i) return -1;
    return static_cast<int>(lo - c.offset);
  };
  const auto edge = [&](int i) {
    trail.append_unless_at_root({x_of(i), Literal::Kind::equal, c.offset + next(i)}, out);
  };
  const auto must_be_in = [&](int i) {
    return !trail.contains_at(x_of(i), c.offset + i, before);
  };
  // A node off `nodes` that must be on a subcircuit, by its literal; false where none.
  const auto one_in_off = [&](const std::vector<int>& nodes) {
    for (int k = 0; k < n; ++k) {
      if (std::find(nodes.begin(), nodes.end(), k) != nodes.end() || !must_be_in(k)) continue;
      trail.append_unless_at_root({x_of(k), Literal::Kind::not_equal, c.offset + k}, out);
      return true;
    }
    return false;
  };
  // The nodes from `start` along fixed successors until `stop`, the start again, or an
  // open end (last in the list).
  const auto walk = [&](int start, int stop) {
    std::vector<int> nodes{start};
    for (int i = next(start); i >= 0 && i != start && static_cast<int>(nodes.size()) <= n; i = next(i)) {
      nodes.push_back(i);
      if (i == stop) break;
    }
    return nodes;
  };
  const auto closes = [&](const std::vector<int>& nodes) { return next(nodes.back()) == nodes.front(); };
  if (at < 0) {
    for (int i = 0; i < n; ++i) {  // two edges into one node
      for (int j = i + 1; j < n; ++j) {
        if (next(i) >= 0 && next(i) == next(j)) {
          edge(i);
          edge(j);
          return true;
        }
      }
    }
    for (int i = 0; i < n; ++i) {
      const auto cycle = walk(i, -1);
      if (!closes(cycle) || (!c.sub && static_cast<int>(cycle.size()) == n)) continue;
      const std::size_t size = out.size();
      for (const int k : cycle) edge(k);
      if (!c.sub || one_in_off(cycle)) return true;
      out.resize(size);
    }
    return !c.sub && explain_circuit_cut(c, trail, s, out);
  }
  const Narrowing& nw = s.narrowings()[before];
  const auto it = std::find(c.xs.begin(), c.xs.end(), nw.x);
  if (it == c.xs.end() || std::find(it + 1, c.xs.end(), nw.x) != c.xs.end()) return false;
  const int end = static_cast<int>(it - c.xs.begin());
  if (nw.kind != LiteralKind::equal) {  // the end of a path kept from its start (at a bound: moving it)
    const Value start = (nw.kind == LiteralKind::not_equal ? nw.v
                         : nw.kind == LiteralKind::more_than ? trail.lo_at(nw.x, before)
                                                             : trail.hi_at(nw.x, before)) -
                        c.offset;
    if (start < 0 || start >= n || start == end) return false;
    const auto path = walk(static_cast<int>(start), end);
    if (path.back() != end || (!c.sub && static_cast<int>(path.size()) == n)) return false;
    for (std::size_t k = 0; k + 1 < path.size(); ++k) edge(path[k]);
    trail.bound_before(s, before, out);
    return !c.sub || one_in_off(path);
  }
  if (c.sub && nw.kind == LiteralKind::equal && nw.v == c.offset + end) {  // left out: a cycle closed without it
    for (int i = 0; i < n; ++i) {
      const auto cycle = walk(i, -1);
      if (!closes(cycle) || std::find(cycle.begin(), cycle.end(), end) != cycle.end()) continue;
      for (const int k : cycle) edge(k);
      return true;
    }
  }
  return false;
}

// inverse: a value v gone from a[i] (of f or of g) by b[v - b's base] lacking i + a's
// base, the channeling's one reason; a bound moved so, also by the bound it moved from;
// values out of b's positions, by the constraint alone. A variable in two places (p1f's
// inverse(f, f): an involution) is read at each place until one gives the reason. A
// failure or a fixing: false.
bool explain_inverse(const Inverse& p, const ExplainedTrail& trail, const Space& s, long at, std::size_t before,
                     std::vector<Literal>& out) {
  if (at < 0) return false;
  const Narrowing& n = s.narrowings()[before];
  if (n.kind == LiteralKind::equal) return false;
  const Value v = n.kind == LiteralKind::not_equal ? n.v
                  : n.kind == LiteralKind::more_than ? trail.lo_at(n.x, before)
                                                     : trail.hi_at(n.x, before);
  for (const bool forward : {true, false}) {
    const auto& a = forward ? p.f : p.g;
    const auto& b = forward ? p.g : p.f;
    const Value a_base = forward ? p.f_base : p.g_base, b_base = forward ? p.g_base : p.f_base;
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (a[i] != n.x) continue;
      const Value j = v - b_base;
      if (j < 0 || j >= static_cast<Value>(b.size())) return true;
      if (!trail.append_hole(b[static_cast<std::size_t>(j)], a_base + static_cast<Value>(i), before, out)) continue;
      trail.bound_before(s, before, out);
      return true;
    }
  }
  return false;
}

}  // namespace detail

// A nogood's explanation of narrowing `at` (-1: its failure): its literals that held
// before it, all but the one refuted, and the holes a bound moved past. The model's
// nogoods (restarts) and those the search learns explain themselves so.
void explain_nogood(const std::vector<Literal>& literals, const ExplainedTrail& trail, const Space& s, long at,
                    std::vector<Literal>& out) {
  const std::size_t before = at < 0 ? s.narrowings().size() : static_cast<std::size_t>(at);
  // A nogood refutes its last literal once all the others hold: only a literal on the
  // variable it narrowed may be the refuted one, which did not hold.
  const int narrowed = at < 0 ? -1 : s.narrowings()[before].x;
  for (const Literal& l : literals) {
    if ((at >= 0 && l.x != narrowed) || trail.when_true(l, before) != ExplainedTrail::not_yet) out.push_back(l);
  }
  if (at >= 0) {
    trail.holes_passed(s, before, out);
    const Narrowing& n = s.narrowings()[before];
    const auto removed_value = [&](const Literal& l) { return l.x == n.x && l.kind == Literal::Kind::equal; };
    if (std::any_of(literals.begin(), literals.end(), removed_value)) trail.bound_before(s, before, out);  // x = v refuted at a bound
  }
}

// Appends the explanation of narrowing `at` of propagator p (-1: the failure of p's run
// that began at log position run_start) to `out`; returns the log position its literals
// held before. A propagator's own explanation reads the domains just before the narrowing
// (or the failure): smaller than when its run began, so they imply what the run's start
// implied, and they hold what the run narrowed before (a bound moved past holes).
std::size_t explain(const Propagator& p, const std::vector<int>& scope, const ExplainedTrail& trail,
                    const Space& s, long at, std::size_t run_start, std::vector<Literal>& out) {
  const std::size_t before = at < 0 ? s.narrowings().size() : static_cast<std::size_t>(at);
  const std::size_t size = out.size();
  const bool own = std::visit(
      [&](const auto& q) {
        using Q = std::remove_cvref_t<decltype(q)>;
        if constexpr (std::is_same_v<Q, Distinct>) {
          return detail::explain_distinct(q, trail, s, at, before, out);
        } else if constexpr (std::is_same_v<Q, Nogood>) {
          explain_nogood(q.literals, trail, s, at, out);
        } else if constexpr (std::is_same_v<Q, LinearLessEqual>) {
          detail::explain_at_most(q.terms, 1, trail, s, at, before, out);
        } else if constexpr (std::is_same_v<Q, LinearEqual>) {
          detail::explain_equal(q.terms, trail, s, at, before, out);
        } else if constexpr (std::is_same_v<Q, LinearReified>) {
          const auto is_b = [&](const Term& t) { return t.x == q.b; };
          if (std::any_of(q.terms.begin(), q.terms.end(), is_b)) return false;  // b among the terms: the whole scope
          detail::explain_reified(q, scope, trail, s, at, before, out);
        } else if constexpr (std::is_same_v<Q, ValueReified>) {
          if (q.x == q.b) return false;
          detail::explain_value_reified(q, trail, s, at, before, out);
        } else if constexpr (std::is_same_v<Q, BoolAndOr>) {
          detail::explain_and_or(q, scope, trail, s, at, before, out);
        } else if constexpr (std::is_same_v<Q, Boxed<Cumulative>>) {
          return detail::explain_cumulative(*q, trail, s, at, before, out);
        } else if constexpr (std::is_same_v<Q, Boxed<Disjunctive>>) {
          return detail::explain_disjunctive(*q, trail, s, at, before, out);
        } else if constexpr (std::is_same_v<Q, Boxed<ElementValues>>) {
          return detail::explain_element_values(*q, trail, s, at, before, out);
        } else if constexpr (std::is_same_v<Q, Boxed<LinearDomainEqual>>) {
          return detail::explain_linear_domain(*q, trail, s, at, before, out);
        } else if constexpr (std::is_same_v<Q, Boxed<Table>>) {
          return detail::explain_table(*q, trail, s, at, before, out);
        } else if constexpr (std::is_same_v<Q, MinMax>) {
          return detail::explain_min_max(q, trail, s, at, before, out);
        } else if constexpr (std::is_same_v<Q, Times>) {
          return detail::explain_times(q, trail, s, at, before, out);
        } else if constexpr (std::is_same_v<Q, Div> || std::is_same_v<Q, Mod>) {
          detail::explain_quotient(q.x, q.y, q.z, trail, before, out);
        } else if constexpr (std::is_same_v<Q, Abs>) {
          return detail::explain_abs(q, trail, s, at, before, out);
        } else if constexpr (std::is_same_v<Q, ElementVars>) {
          return detail::explain_element_vars(q, trail, s, at, before, out);
        } else if constexpr (std::is_same_v<Q, Boxed<Inverse>>) {
          return detail::explain_inverse(*q, trail, s, at, before, out);
        } else if constexpr (std::is_same_v<Q, Circuit>) {
          return detail::explain_circuit(q, trail, s, at, before, out);
        } else if constexpr (std::is_same_v<Q, LexLessEqual>) {
          return detail::explain_lex(q, trail, s, at, before, out);
        } else if constexpr (std::is_same_v<Q, Boxed<Count>>) {
          return detail::explain_count(*q, trail, s, at, before, out);
        } else if constexpr (std::is_same_v<Q, LinearNotEqual>) {  // the others fixed
          const int narrowed = at < 0 ? -1 : s.narrowings()[before].x;
          detail::term_bounds(q.terms, detail::SumRead::both, narrowed, trail, before, out);
          if (at >= 0) trail.bound_before(s, before, out);
        } else if constexpr (std::is_same_v<Q, Clause> || std::is_same_v<Q, Parity>) {
          trail.domain_literals(s, scope, before, out);  // Booleans: the values fixed
        } else {
          return false;
        }
        return true;
      },
      p);
  if (own) {
    if (at >= 0) trail.holes_passed(s, before, out);
    return before;
  }
  out.resize(size);
  trail.domain_literals(s, scope, run_start, out);
  return run_start;
}

}  // namespace backtrack::csp
