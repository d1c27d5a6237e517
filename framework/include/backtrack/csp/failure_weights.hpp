#pragma once
// What a search learns from its failures (and, for activity, from every node), for the
// variable orders that read it (variable_choice.hpp): both constraint layers keep one of
// these in their state.
//
//   wdeg  (dom-wdeg, Boussemart et al. 2004) every constraint starts at 1 and gains 1 each
//         time it fails; a variable weighs the sum over the constraints on it.
//   AFC   (afc, afc-size: the accumulated failure count, as Gecode decays it) every
//         constraint starts at 1; at each failure every count is multiplied by the decay
//         (0.99, Gecode's FlatZinc default), then the failing constraint gains 1. A
//         variable weighs the sum over the constraints that still bind it
//         (variable_choice.hpp). Old failures fade, so the search follows where it fails now.
//
//   activity (activity, activity-size: Michel and Van Hentenryck 2012, as Gecode decays
//         it) every variable starts at 1; at each node every activity is multiplied by
//         the decay, then each variable the node narrowed (its decision and propagation:
//         the integer layer's trail) gains 1. Kept the same way as AFC, per variable.
//
// wdeg is kept per variable (a failure adds 1 to each variable of the failing scope, twice
// to one that is there twice); AFC per constraint. The decay is not applied to every count
// at each failure but folded into the unit: a failure adds `unit_`, and the unit grows by
// 1 / decay, so every count is its AFC times the same factor, which comparisons ignore;
// the factor is taken out (rescaled) before it overflows a double.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace backtrack::csp {

class FailureWeights {
 public:
  static constexpr double default_decay = 0.99;

  // What to keep: each costs an addition per failure (wdeg: per variable of the scope).
  struct Kept {
    bool wdeg = false;
    bool afc = false;
    bool activity = false;
  };

  // `scopes(add)` calls add(scope) for every constraint's scope (a range of variables), in
  // the order of the constraints' numbers.
  template <class Scopes>
  FailureWeights(int variables, Kept kept, Scopes scopes, double decay = default_decay)
      : kept_(kept), growth_(1.0 / decay) {
    if (kept_.wdeg) wdeg_.assign(static_cast<std::size_t>(variables), 0);
    if (kept_.activity) activity_.assign(static_cast<std::size_t>(variables), 1.0);
    scopes([&](const auto& scope) { add_constraint(scope); });
    // A variable on no constraint weighs 1 (none of its constraints can fail): its
    // ratio stays finite, and the choice reads the weight as it is.
    for (std::int64_t& w : wdeg_) w = std::max<std::int64_t>(w, 1);
  }
  FailureWeights() = default;

  // One more constraint (the next number), of this scope, as if it had been there from
  // the start without failing.
  template <class Scope>
  void add_constraint(const Scope& scope) {
    if (kept_.wdeg) add_wdeg(scope);
    if (kept_.afc) afc_.push_back(unit_);
    ++constraints_;
  }
  int constraints() const { return constraints_; }

  // Constraint c, of this scope, failed.
  template <class Scope>
  void fail(int c, const Scope& scope) {
    if (kept_.wdeg) add_wdeg(scope);
    if (kept_.afc) {
      unit_ *= growth_;
      if (unit_ > rescale_above) rescale();
      afc_[static_cast<std::size_t>(c)] += unit_;
    }
  }

  // A node begins: every activity decays. Then narrowed(x) for each variable it narrowed.
  void next_node() {
    activity_unit_ *= growth_;
    if (activity_unit_ > rescale_above) {
      for (double& a : activity_) a /= activity_unit_;
      activity_unit_ = 1.0;
    }
  }
  void narrowed(int x) { activity_[static_cast<std::size_t>(x)] += activity_unit_; }
  // x's activity in a unit of its own, the same for every variable at a time.
  double activity(int x) const { return activity_[static_cast<std::size_t>(x)]; }
  // x's activity itself, as the definition above counts it (for tests).
  double decayed_activity(int x) const { return activity(x) / activity_unit_; }

  // The sum of the failure weights of x's constraints (1 for a variable on none).
  std::int64_t wdeg(int x) const { return wdeg_[static_cast<std::size_t>(x)]; }
  // All of them, by variable (for a loop that reads them many times).
  const std::int64_t* wdegs() const { return wdeg_.data(); }
  // No variable's wdeg is higher.
  std::int64_t heaviest_wdeg() const { return heaviest_wdeg_; }
  // Constraint c's AFC in a unit of its own, the same for every constraint at a time.
  double afc(int c) const { return afc_[static_cast<std::size_t>(c)]; }
  // c's AFC itself, as the definition above counts it (for tests and traces).
  double decayed_afc(int c) const { return afc(c) / unit_; }

 private:
  static constexpr double rescale_above = 1e100;

  template <class Scope>
  void add_wdeg(const Scope& scope) {
    for (const int x : scope) heaviest_wdeg_ = std::max(heaviest_wdeg_, ++wdeg_[static_cast<std::size_t>(x)]);
  }
  void rescale() {
    for (double& a : afc_) a /= unit_;
    unit_ = 1.0;
  }

  Kept kept_;
  double growth_ = 1.0;  // 1 / decay
  double unit_ = 1.0;    // what a failure adds now
  std::vector<std::int64_t> wdeg_;
  std::int64_t heaviest_wdeg_ = 1;
  std::vector<double> afc_;
  int constraints_ = 0;
  double activity_unit_ = 1.0;  // what narrowing adds now
  std::vector<double> activity_;
};

}  // namespace backtrack::csp
