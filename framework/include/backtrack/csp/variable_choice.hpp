#pragma once
// Which open variable to branch on (--order), for both constraint layers: every order is
// a merit per variable, written once here. A layer brings the rest: how it walks its
// open variables (problem.hpp scans them, or reads them bucketed by domain size;
// int_problem.hpp goes through a search phase), a view of its domains, and its
// FailureWeights.
//
// A merit is a ratio to minimise, num / den, compared by cross-multiplying (den >= 0; a
// den of 0 is an infinite ratio, worse than any finite one):
//   mrv        size / 1         the fewest values
//   largest    -size / 1        the most values
//   min-value  min / 1          the smallest minimum
//   max-value  -max / 1         the largest maximum
//   dom-deg    size / degree    the fewest values per constraint neighbour
//   dom-wdeg   size / wdeg      ... per failure weight (failure_weights.hpp)
//   afc        1 / afc          the largest accumulated failure count (decayed)
//   afc-size   size / afc       the fewest values per AFC
//   activity   1 / activity     the largest activity (failure_weights.hpp)
//   activity-size  size / activity   the fewest values per activity
// A variable's AFC sums its constraints that still bind it: those with another open
// variable and, where a layer can tell, not yet entailed, as Gecode's sums the propagators
// still subscribed to it (a constraint that can no longer fail on x's account stops
// steering the search to x).
// static has none: the first open variable. Ties go to the variable the walk meets
// first. The sizes-and-weights orders are exact in integers (a layer picks the width
// its products need); the AFC ones are doubles.
//
// The view: size(x), min(x), max(x), degree(x) (at least 1), heaviest_degree(),
// constraints_of(x) (their numbers, a constraint once for each time x is in its scope),
// and binds(c, x): whether constraint c has an open variable other than x (and is not
// entailed, where the layer knows).
#include <cstdint>
#include <optional>

#include "backtrack/csp/failure_weights.hpp"
#include "backtrack/csp/options.hpp"

namespace backtrack::csp {

template <class T>
struct Merit {
  T num;
  T den;
  friend bool operator<(const Merit& a, const Merit& b) { return a.num * b.den < b.num * a.den; }
  friend bool operator==(const Merit& a, const Merit& b) { return a.num * b.den == b.num * a.den; }
};

// What a failure teaches the orders that learn (none for the others).
constexpr FailureWeights::Kept learned_by(VariableOrder order) {
  return {.wdeg = order == VariableOrder::dom_wdeg,
          .afc = order == VariableOrder::afc || order == VariableOrder::afc_size,
          .activity = order == VariableOrder::activity || order == VariableOrder::activity_size};
}

namespace detail {
// A merit of one variable's size per a weight of it: best_of_size(s) is the best merit a
// variable of s values can have, so that a walk by increasing size may stop there.
template <class T, class View, class Weight>
struct SizePerWeight {
  View view;  // a copy: a few pointers, read in the walk's loop without an indirection
  Weight weight;
  T heaviest;
  Merit<T> operator()(int x) const { return {static_cast<T>(view.size(x)), static_cast<T>(weight(x))}; }
  std::optional<Merit<T>> best_of_size(std::int64_t size) const { return Merit<T>{static_cast<T>(size), heaviest}; }
};
// Any other merit: no bound by size.
template <class T, class F>
struct Plain {
  F merit;
  Merit<T> operator()(int x) const { return merit(x); }
  static std::optional<Merit<T>> best_of_size(std::int64_t) { return std::nullopt; }
};
template <class T, class F>
Plain<T, F> plain(F f) {
  return {f};
}
template <class T, class View, class Weight>
SizePerWeight<T, View, Weight> per_weight(const View& view, Weight weight, T heaviest) {
  return {view, weight, heaviest};
}
}  // namespace detail

// The orders whose merit is a size per weight known in bounds: a walk by increasing size
// may stop early.
constexpr bool is_size_per_weight(VariableOrder order) {
  return order == VariableOrder::mrv || order == VariableOrder::dom_deg || order == VariableOrder::dom_wdeg;
}

// x's AFC: the sum over the constraints that bind it.
template <class View>
double afc_of(const View& view, const FailureWeights& weights, int x) {
  double sum = 0;
  for (const int c : view.constraints_of(x)) {
    if (view.binds(c, x)) sum += weights.afc(c);
  }
  return sum;
}

// walk(merit), merit(x) being x's merit under `order` (not static): returns what the
// walk returns. Each order compiles its own walk, so the choice costs no dispatch per
// variable. Int is the integers' width (their products must not overflow).
template <class Int, class View, class Walk>
decltype(auto) with_merit(VariableOrder order, const View view, const FailureWeights& weights, Walk walk) {
  using I = Merit<Int>;
  using D = Merit<double>;
  switch (order) {
    case VariableOrder::largest:
      return walk(detail::plain<Int>([&](int x) { return I{-static_cast<Int>(view.size(x)), 1}; }));
    case VariableOrder::min_value:
      return walk(detail::plain<Int>([&](int x) { return I{static_cast<Int>(view.min(x)), 1}; }));
    case VariableOrder::max_value:
      return walk(detail::plain<Int>([&](int x) { return I{-static_cast<Int>(view.max(x)), 1}; }));
    case VariableOrder::dom_deg:
      return walk(detail::per_weight(view, [&](int x) { return view.degree(x); }, static_cast<Int>(view.heaviest_degree())));
    case VariableOrder::dom_wdeg:
      return walk(detail::per_weight(view, [wdeg = weights.wdegs()](int x) { return wdeg[x]; },
                                     static_cast<Int>(weights.heaviest_wdeg())));
    case VariableOrder::afc:
      return walk(detail::plain<double>([&](int x) { return D{1.0, afc_of(view, weights, x)}; }));
    case VariableOrder::afc_size:
      return walk(detail::plain<double>([&](int x) {
        return D{static_cast<double>(view.size(x)), afc_of(view, weights, x)};
      }));
    case VariableOrder::activity:
      return walk(detail::plain<double>([&](int x) { return D{1.0, weights.activity(x)}; }));
    case VariableOrder::activity_size:
      return walk(detail::plain<double>([&](int x) {
        return D{static_cast<double>(view.size(x)), weights.activity(x)};
      }));
    case VariableOrder::static_order:  // every variable ties: the first is taken
    case VariableOrder::mrv:
      break;
  }
  return walk(detail::per_weight(view, [](int) { return 1; }, Int{1}));
}

}  // namespace backtrack::csp
