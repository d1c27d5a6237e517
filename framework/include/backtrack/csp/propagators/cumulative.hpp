#pragma once
// cumulative(s, d, r, b): tasks with start s[i], duration d[i] and use r[i] of a resource
// of capacity b; at no time do the tasks running then use more than b (and b >= 0).
//
// Time-tabling (Aggoun and Beldiceanu 1993; the sweep of Beldiceanu and Carlsson 2002):
// a task whose latest start lies before its earliest end surely runs in between (its
// compulsory part, of height its least use). The parts, summed, are a profile; the
// propagator fails where the profile passes b's largest value, raises b to its peak, and
// moves each start past every stretch of the profile the task cannot share with it
// (bounds consistency of the starts with respect to the profile), both ways, to a
// fixpoint. Variable durations and uses count at their least, the capacity at its
// largest. A task's use is at most what the others' parts leave free over its own part
// (where it surely runs): without it, a task whose use is open (a worker that may or may
// not take it) would learn it cannot run only once all others' uses are fixed, as a
// decomposition at each time learns it at once.
//
// Then energetic overload checking and edge-finding on a Θ-Λ-tree of energies (Vilím
// 2009, "Edge finding filtering algorithm for discrete cumulative resources in
// O(kn log n)", CP): with the tasks taken out by decreasing latest end L, the white ones
// (Θ) must fit their energy before L, and a gray task i whose energy would not fit with
// them ends after all of them; its earliest start then rises to est(Ω) + rest / c_i for
// the Ω of Θ that start at or after some est, rest = e(Ω) - (C - c_i)(L - est(Ω)) (a
// scan of Θ, O(n) per task moved, in place of Vilím's O(k n log n) update; L bounds
// the lct of Ω from above, which is sound and may move less). Both directions. Where the
// times, uses and capacity are beyond 2^24, only time-tabling runs (the energies stay
// within 64 bits).
//
// Then timetable-edge-finding (Vilím 2011, "Timetable edge finding filtering algorithm
// for discrete cumulative resources", CPAIOR; in the O(n^2) form of Schutt, Feydy and
// Stuckey 2013, "Explaining time-table-edge-finding propagation for the cumulative
// resource constraint", CPAIOR): edge-finding counts a task's energy only in a window
// that holds the whole task, time-tabling only a task's compulsory part; over a window
// [a, b) between an earliest start and a latest end, the profile's energy there plus the
// free energy (use x duration beyond the compulsory part) of the tasks inside it must fit
// in C (b - a) (else the node fails), and a task u starting at or after a that may end
// after b has at least avail = C (b - a) - that much room for what its earliest start
// would add to the profile there; where it would add more, u starts at
// b - (its compulsory part in the window) - avail / c_u at the earliest. Each window
// tries the one such task that would add most (Schutt et al.'s choice: the rule is not
// applied to all, and the run's fixpoint takes up what a window missed). Both directions.
//
// The profile is rebuilt each run from the parts, its events sorted by insertion sort
// from the order of the run before (kept in scratch: the order barely changes below a
// node); a run allocates nothing.
#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

#include "backtrack/csp/propagators/basics.hpp"
#include "backtrack/csp/propagators/theta_lambda_tree.hpp"

namespace backtrack::csp {

class Cumulative {
 public:
  Cumulative(std::vector<int> start, std::vector<int> duration, std::vector<int> use, int capacity)
      : s_(std::move(start)), d_(std::move(duration)), r_(std::move(use)), b_(capacity),
        leaves_(ThetaLambdaTree::leaves_for(s_.size())) {}

  // Timetable-edge-finding on or off: IntProblem turns it on for --prune domain.
  bool timetable_edge_finding = false;

  // Its variables, for what explains its narrowings (learning/explanations.hpp).
  const std::vector<int>& starts() const { return s_; }
  const std::vector<int>& durations() const { return d_; }
  const std::vector<int>& uses() const { return r_; }
  int capacity() const { return b_; }

  static constexpr bool idempotent = true;
  static constexpr Cost cost = Cost::high;

  std::vector<Subscription> subscriptions() const {
    std::vector<Subscription> subs;
    for (const auto* xs : {&s_, &d_, &r_}) {
      for (int x : *xs) subs.push_back({x, Event::bounds});
    }
    subs.push_back({b_, Event::bounds});
    return subs;
  }

  // Scratch: the events' order (2n ints); their times and height changes (4n values) and
  // the profile's stretches (start, end, height: 6n values). Edge-finding's: two orders,
  // each task's leaf and state (4n ints), the tree's gray tasks (2 per node); est, lct,
  // use, energy and new est of each task (5n values), the tree's sums (4 per node).
  void prepare(Space& s) {
    const std::size_t n = s_.size();
    const std::size_t nodes = ThetaLambdaTree::nodes_for(leaves_);
    ints_at_ = s.reserve_scratch(6 * n + 2 * nodes);
    values_at_ = s.reserve_scratch_values(15 * n + 4 * nodes);
    for (std::size_t e = 0; e < 2 * n; ++e) s.scratch_ints()[ints_at_ + e] = static_cast<int>(e);
    for (std::size_t i = 0; i < n; ++i) {
      s.scratch_ints()[ints_at_ + 2 * n + i] = s.scratch_ints()[ints_at_ + 3 * n + i] = static_cast<int>(i);
    }
    // Timetable-edge-finding's: the tasks by est and by lct in each direction (4n ints);
    // the profile's energy before each stretch (2n + 1 values) and ten values per task.
    tt_ints_at_ = s.reserve_scratch(4 * n);
    tt_values_at_ = s.reserve_scratch_values(12 * n + 1);
    for (std::size_t k = 0; k < 4 * n; ++k) s.scratch_ints()[tt_ints_at_ + k] = static_cast<int>(k % n);
  }

  bool propagate(Space& s) const {
    if (!s_.empty() && !s.set_min(b_, 0)) return false;
    for (std::size_t i = 0; i < s_.size(); ++i) {
      // A task that runs uses at most b; one that cannot fit does not run.
      if (least(s, d_[i]) > 0 && !s.set_max(r_[i], s.max(b_))) return false;
      if (least(s, r_[i]) > s.max(b_) && !s.set_max(d_[i], 0)) return false;
    }
    for (bool moved = true; moved;) {
      moved = false;
      const int stretches = profile(s, moved);
      if (stretches < 0) return s.fail();
      for (std::size_t i = 0; i < s_.size(); ++i) {
        if (!sweep(s, i, stretches, moved)) return false;
      }
      if (moved) continue;
      if (!cap_uses(s, stretches, moved)) return false;
      if (moved || !energies_fit(s)) continue;
      for (const bool mirrored : {false, true}) {
        if (!edge_finding(s, mirrored, moved)) return false;
      }
      // Each direction reads the profile, which is current only while nothing moved.
      for (const bool mirrored : {false, true}) {
        if (moved || !timetable_edge_finding) break;
        if (!timetable_edges(s, mirrored, stretches, moved)) return false;
      }
    }
    return true;
  }

 private:
  static Value least(const Space& s, int x) { return std::max<Value>(s.min(x), 0); }

  // Task i's compulsory part [from, to), empty when from >= to.
  std::pair<Value, Value> compulsory(const Space& s, std::size_t i) const {
    return {s.max(s_[i]), s.min(s_[i]) + least(s, d_[i])};
  }

  // The profile's stretches of positive height, in order; their count, or -1 where the
  // profile passes the capacity. b rises to the peak.
  int profile(Space& s, bool& moved) const {
    const std::size_t n = s_.size();
    int* order = s.scratch_ints().data() + ints_at_;
    Value* time = s.scratch_values().data() + values_at_;
    Value* delta = time + 2 * n;
    Value* from = delta + 2 * n;
    Value* to = from + 2 * n;
    Value* height = to + 2 * n;
    for (std::size_t i = 0; i < n; ++i) {
      const auto [a, e] = compulsory(s, i);
      const Value h = a < e ? least(s, r_[i]) : 0;
      time[2 * i] = a;
      delta[2 * i] = h;
      time[2 * i + 1] = e;
      delta[2 * i + 1] = -h;
    }
    for (std::size_t k = 1; k < 2 * n; ++k) {
      const int e = order[k];
      std::size_t j = k;
      for (; j > 0 && time[order[j - 1]] > time[e]; --j) order[j] = order[j - 1];
      order[j] = e;
    }
    int count = 0;
    Value level = 0;
    Value peak = 0;
    for (std::size_t k = 0; k < 2 * n;) {
      const Value t = time[order[k]];
      for (; k < 2 * n && time[order[k]] == t; ++k) level += delta[order[k]];
      if (level > 0 && k < 2 * n) {
        from[count] = t;
        to[count] = time[order[k]];
        height[count] = level;
        ++count;
        peak = std::max(peak, level);
      }
    }
    if (peak > s.max(b_)) return -1;
    if (peak > s.min(b_)) {
      // b may be a task's duration or use as well (one variable in two roles): the
      // profile just built is then stale, and the run goes round once more.
      if (!s.set_min(b_, peak)) return -1;
      moved = true;
    }
    return count;
  }

  // Moves task i's earliest start past the stretches it cannot overlap (in order), then
  // its latest end before them (in reverse).
  bool sweep(Space& s, std::size_t i, int stretches, bool& moved) const {
    const Value p = least(s, d_[i]);
    const Value h = least(s, r_[i]);
    if (p == 0 || h == 0 || s.fixed(s_[i])) return true;
    const std::size_t n = s_.size();
    const Value* from = s.scratch_values().data() + values_at_ + 4 * n;
    const Value* to = from + 2 * n;
    const Value* height = to + 2 * n;
    const std::pair<Value, Value> own_part = compulsory(s, i);
    const Value capacity = s.max(b_);
    auto overloads = [&](int k) {
      const bool own = from[k] >= own_part.first && to[k] <= own_part.second;
      return height[k] - (own ? h : 0) + h > capacity;
    };
    Value est = s.min(s_[i]);
    for (int k = 0; k < stretches && from[k] < est + p; ++k) {
      if (to[k] > est && overloads(k)) est = to[k];
    }
    Value lct = s.max(s_[i]) + p;
    for (int k = stretches - 1; k >= 0 && to[k] > lct - p; --k) {
      if (from[k] < lct && overloads(k)) lct = from[k];
    }
    if (est > s.min(s_[i]) || lct - p < s.max(s_[i])) {
      moved = true;
      return s.set_min(s_[i], est) && s.set_max(s_[i], lct - p);
    }
    return true;
  }

  // Lowers each use to what the profile leaves free over its task's compulsory part; moved
  // when one fell, for a use may be another task's start or duration.
  bool cap_uses(Space& s, int stretches, bool& moved) const {
    const std::size_t n = s_.size();
    const Value* from = s.scratch_values().data() + values_at_ + 4 * n;
    const Value* to = from + 2 * n;
    const Value* height = to + 2 * n;
    const Value capacity = s.max(b_);
    for (std::size_t i = 0; i < n; ++i) {
      const auto [a, e] = compulsory(s, i);
      if (a >= e || s.fixed(r_[i])) continue;  // a fixed use fits: the profile holds it
      const Value h = least(s, r_[i]);
      Value others = 0;  // the stretches are cut at a and e: each lies inside [a, e) or outside
      for (int k = 0; k < stretches && from[k] < e; ++k) {
        if (to[k] > a) others = std::max(others, height[k] - h);
      }
      if (capacity - others < s.max(r_[i])) {
        moved = true;
        if (!s.set_max(r_[i], capacity - others)) return false;
      }
    }
    return true;
  }

  // Whether every time, use, duration and the capacity are within 2^24 (and the tasks
  // within 2^12): energies and envelopes then stay within 2^60.
  bool energies_fit(const Space& s) const {
    constexpr Value reach = Value{1} << 24;
    if (s_.size() > 4096 || s.max(b_) > reach) return false;
    for (std::size_t i = 0; i < s_.size(); ++i) {
      if (s.min(s_[i]) < -reach || s.max(s_[i]) > reach || least(s, d_[i]) > reach || least(s, r_[i]) > reach) {
        return false;
      }
    }
    return true;
  }

  // Overload checking and edge-finding raising the earliest starts (of the mirrored
  // tasks: lowering the latest ends).
  bool edge_finding(Space& s, bool mirrored, bool& moved) const {
    const std::size_t n = s_.size();
    const std::size_t nodes = ThetaLambdaTree::nodes_for(leaves_);
    int* by_est = s.scratch_ints().data() + ints_at_ + 2 * n;
    int* by_lct = by_est + n;
    int* leaf_of = by_lct + n;
    int* white = leaf_of + n;
    Value* e = s.scratch_values().data() + values_at_ + 10 * n;
    Value* l = e + n;
    Value* c = l + n;
    Value* energy = c + n;
    Value* new_est = energy + n;
    ThetaLambdaTree tree{new_est + n, new_est + n + nodes, new_est + n + 2 * nodes, new_est + n + 3 * nodes,
                         white + n, white + n + nodes, leaves_};
    const Value capacity = s.max(b_);
    for (std::size_t i = 0; i < n; ++i) {
      const Value p = least(s, d_[i]);
      e[i] = mirrored ? -(s.max(s_[i]) + p) : s.min(s_[i]);
      l[i] = mirrored ? -s.min(s_[i]) : s.max(s_[i]) + p;
      c[i] = least(s, r_[i]);
      energy[i] = c[i] * p;
      new_est[i] = e[i];
    }
    ThetaLambdaTree::resort(by_est, e, n);
    ThetaLambdaTree::resort(by_lct, l, n);
    tree.fill(by_est, leaf_of, energy, n, [&](std::size_t i, Value a) { return capacity * e[i] + a; });
    for (std::size_t i = 0; i < n; ++i) white[i] = energy[i] > 0 ? 1 : 0;
    for (std::size_t k = n; k-- > 0;) {
      const auto j = static_cast<std::size_t>(by_lct[k]);
      if (energy[j] == 0) continue;
      const Value end = l[j];
      if (tree.env[1] > capacity * end) return s.fail();
      while (tree.env_bar[1] > capacity * end) {
        const int gray = tree.gray_env[1];
        if (gray < 0) break;  // none: env_bar > env names one
        const auto i = static_cast<std::size_t>(gray);
        // Ω: the white tasks from some est on, added latest first.
        Value sum = 0;
        for (std::size_t m = n; m-- > 0;) {
          const auto t = static_cast<std::size_t>(by_est[m]);
          if (white[t] == 0) continue;
          sum += energy[t];
          const Value rest = sum - (capacity - c[i]) * (end - e[t]);
          if (rest > 0) new_est[i] = std::max(new_est[i], e[t] + (rest + c[i] - 1) / c[i]);
        }
        tree.set_out(static_cast<std::size_t>(leaf_of[i]));
      }
      white[j] = 0;
      if (k > 0) tree.set_gray(static_cast<std::size_t>(leaf_of[j]), energy[j], capacity * e[j] + energy[j], static_cast<int>(j));
    }
    for (std::size_t i = 0; i < n; ++i) {
      if (new_est[i] <= e[i]) continue;
      moved = true;
      const Value p = least(s, d_[i]);
      const bool ok = mirrored ? s.set_max(s_[i], -new_est[i] - p) : s.set_min(s_[i], new_est[i]);
      if (!ok) return false;
    }
    return true;
  }

  // Timetable-edge-finding raising the earliest starts (of the mirrored tasks: lowering
  // the latest ends); the profile's `stretches` are those of the tasks' bounds now.
  bool timetable_edges(Space& s, bool mirrored, int stretches, bool& moved) const {
    const std::size_t n = s_.size();
    int* by_est = s.scratch_ints().data() + tt_ints_at_ + (mirrored ? 2 * n : 0);
    int* by_lct = by_est + n;
    const Value* from = s.scratch_values().data() + values_at_ + 4 * n;
    const Value* to = from + 2 * n;
    const Value* height = to + 2 * n;
    Value* area = s.scratch_values().data() + tt_values_at_;  // the profile's energy before stretch k
    Value* e = area + 2 * n + 1;
    Value* l = e + n;
    Value* c = l + n;
    Value* p = c + n;
    Value* part_from = p + n;  // the compulsory part, empty where part_from >= part_to
    Value* part_to = part_from + n;
    Value* spare = part_to + n;  // energy beyond the compulsory part
    Value* before_e = spare + n;  // the profile's energy before e[i], and before l[i]
    Value* before_l = before_e + n;
    Value* new_est = before_l + n;
    area[0] = 0;
    for (int k = 0; k < stretches; ++k) area[k + 1] = area[k] + height[k] * (to[k] - from[k]);
    // The profile's energy before time t (of the tasks as given, not mirrored).
    auto before = [&](Value t) {
      const auto k = static_cast<int>(std::upper_bound(from, from + stretches, t) - from) - 1;
      return k < 0 ? Value{0} : area[k] + height[k] * (std::min(t, to[k]) - from[k]);
    };
    const Value total = area[stretches];
    for (std::size_t i = 0; i < n; ++i) {
      p[i] = least(s, d_[i]);
      c[i] = least(s, r_[i]);
      const Value lo = s.min(s_[i]);
      const Value hi = s.max(s_[i]);
      e[i] = mirrored ? -(hi + p[i]) : lo;
      l[i] = mirrored ? -lo : hi + p[i];
      part_from[i] = mirrored ? -(lo + p[i]) : hi;
      part_to[i] = mirrored ? -hi : lo + p[i];
      spare[i] = c[i] * (p[i] - std::clamp<Value>(part_to[i] - part_from[i], 0, p[i]));
      before_e[i] = mirrored ? total - before(-e[i]) : before(e[i]);
      before_l[i] = mirrored ? total - before(-l[i]) : before(l[i]);
      new_est[i] = e[i];
    }
    ThetaLambdaTree::resort(by_est, e, n);
    ThetaLambdaTree::resort(by_lct, l, n);
    const Value capacity = s.max(b_);
    for (std::size_t kb = n; kb-- > 0;) {
      const auto j = static_cast<std::size_t>(by_lct[kb]);
      const Value b = l[j];
      if (kb + 1 < n && l[by_lct[kb + 1]] == b) continue;  // this window's end was done
      Value inside = 0;  // the free energy of the tasks within [a, b)
      int most = -1;     // the task u that would add most to [a, b) at its earliest start
      Value most_adds = 0;
      Value most_part = 0;  // its compulsory part within [a, b)
      for (std::size_t ka = n; ka-- > 0;) {
        const auto i = static_cast<std::size_t>(by_est[ka]);
        const Value a = e[i];
        if (a >= b) continue;
        if (l[i] <= b) {
          inside += spare[i];
        } else if (c[i] > 0 && p[i] > 0) {
          const Value part = std::max<Value>(0, std::min(b, part_to[i]) - part_from[i]);
          const Value adds = c[i] * (std::min(b, a + p[i]) - a - part);
          if (adds > most_adds) {
            most = static_cast<int>(i);
            most_adds = adds;
            most_part = part;
          }
        }
        if (ka > 0 && e[by_est[ka - 1]] == a) continue;  // every task starting at a first
        const Value avail = capacity * (b - a) - (before_l[j] - before_e[i]) - inside;
        if (avail < 0) return s.fail();
        if (most >= 0 && most_adds > avail) {
          const auto u = static_cast<std::size_t>(most);
          new_est[u] = std::max(new_est[u], b - most_part - avail / c[u]);
        }
      }
    }
    for (std::size_t i = 0; i < n; ++i) {
      if (new_est[i] <= e[i]) continue;
      moved = true;
      const bool ok = mirrored ? s.set_max(s_[i], -new_est[i] - least(s, d_[i])) : s.set_min(s_[i], new_est[i]);
      if (!ok) return false;
    }
    return true;
  }

  std::vector<int> s_, d_, r_;
  int b_;
  std::size_t leaves_;
  std::size_t ints_at_ = 0, values_at_ = 0;
  std::size_t tt_ints_at_ = 0, tt_values_at_ = 0;
};

}  // namespace backtrack::csp
