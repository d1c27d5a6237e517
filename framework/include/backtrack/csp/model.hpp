#pragma once
// A finite-domain constraint model: variables with small bitset domains, and constraints.
//
// A variable's domain is a subset of 0 .. 63, one bit a value, so that every domain
// operation is one machine instruction. Constraints:
//   all_different(vars)         no two of vars take the same value
//   binary(x, y, allowed)       allowed(a, b) says whether x = a, y = b may go together;
//                               it is asked once per value pair, here, and kept as one
//                               support mask per value: the search only ANDs words
//   custom(scope, check)        check(values of scope) on complete assignments of its
//                               scope; forward checking also filters the last free
//                               variable of the scope with it
//   propagator(scope, filter)   any n-ary constraint with its own filtering: filter(domains
//                               of scope) narrows them in place (never widens) and returns
//                               false when the constraint cannot hold; it must fail when
//                               every domain is one value and those values break it
// Every constraint has a number (0, 1, ... in the order they are added): the search
// keeps a failure weight per constraint (--order dom-wdeg). The n-ary ones (all the
// kinds but binary) are woken through the variables they watch.
// Searching the model is CspProblem's job (problem.hpp).
#include <bit>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "backtrack/csp/domain.hpp"

namespace backtrack::csp {

class Model {
 public:
  // A variable taking the values 0 .. size-1; returns its number.
  int add_variable(int size) {
    if (size < 1 || size > max_domain_size) {
      throw std::invalid_argument("csp: a domain has 1 to 64 values, got " + std::to_string(size));
    }
    domains_.push_back(domain_of_size(size));
    arcs_.emplace_back();
    all_different_of_.emplace_back();
    custom_of_.emplace_back();
    watchers_.emplace_back();
    degree_.push_back(0);
    return variables() - 1;
  }
  int add_variables(int count, int size) {
    const int first = variables();
    for (int i = 0; i < count; ++i) add_variable(size);
    return first;
  }
  int variables() const { return static_cast<int>(domains_.size()); }

  // Narrows a domain (e.g. a Sudoku given): only `values` stay possible.
  void restrict_to(int var, Domain values) { domains_[checked(var)] &= values; }
  void fix(int var, int value) { restrict_to(var, Domain{1} << value); }

  void all_different(std::vector<int> vars) {
    if (vars.size() > static_cast<std::size_t>(max_domain_size)) {
      throw std::invalid_argument("csp: an all-different has at most 64 variables (one value each)");
    }
    const int id = static_cast<int>(all_different_.size());
    add_nary(Kind::all_different, id, vars);
    for (int v : vars) all_different_of_[static_cast<std::size_t>(v)].push_back(id);
    all_different_.push_back(std::move(vars));
  }

  template <class Allowed>
  void binary(int x, int y, Allowed allowed) {
    checked(x);
    checked(y);
    if (x == y) throw std::invalid_argument("csp: a binary constraint needs two variables");
    const int sx = size_of(x);
    const int sy = size_of(y);
    const int forward = static_cast<int>(supports_.size());
    for (int a = 0; a < sx; ++a) {
      Domain mask = 0;
      for (int b = 0; b < sy; ++b) {
        if (allowed(a, b)) mask |= Domain{1} << b;
      }
      supports_.push_back(mask);
    }
    const int backward = static_cast<int>(supports_.size());
    for (int b = 0; b < sy; ++b) {
      Domain mask = 0;
      for (int a = 0; a < sx; ++a) {
        if (allowed(a, b)) mask |= Domain{1} << a;
      }
      supports_.push_back(mask);
    }
    const int constraint = static_cast<int>(constraints_.size());
    constraints_.push_back({Kind::binary, -1, {x, y}});
    arcs_[static_cast<std::size_t>(x)].push_back({y, forward, backward, constraint});
    arcs_[static_cast<std::size_t>(y)].push_back({x, backward, forward, constraint});
    ++degree_[static_cast<std::size_t>(x)];
    ++degree_[static_cast<std::size_t>(y)];
  }

  using Check = std::function<bool(std::span<const int> values)>;
  void custom(std::vector<int> scope, Check check) {
    const int id = static_cast<int>(custom_.size());
    add_nary(Kind::custom, id, scope);
    for (int v : scope) custom_of_[static_cast<std::size_t>(v)].push_back(id);
    custom_.push_back({std::move(scope), std::move(check)});
  }

  using Filter = std::function<bool(std::span<Domain> domains)>;
  void propagator(std::vector<int> scope, Filter filter) {
    add_nary(Kind::propagator, static_cast<int>(propagators_.size()), scope);
    propagators_.push_back({std::move(scope), std::move(filter)});
  }

  // What the search reads.
  // An arc of a binary constraint, seen from one of its variables x: for each value a
  // of x, supports()[support + a] is the mask of the other's values compatible with it,
  // and supports()[reverse + b] the mask of x's values compatible with other = b.
  struct Arc {
    int other;
    int support;
    int reverse;
    int constraint;
  };
  struct Custom {
    std::vector<int> scope;
    Check check;
  };
  struct Propagator {
    std::vector<int> scope;
    Filter filter;
  };
  enum class Kind { binary, all_different, custom, propagator };
  struct Constraint {
    Kind kind;
    int index;  // into all_differents(), customs() or propagators(); -1 for binary
    std::vector<int> scope;
  };
  const std::vector<Domain>& domains() const { return domains_; }
  const std::vector<Arc>& arcs(int var) const { return arcs_[static_cast<std::size_t>(var)]; }
  const std::vector<Domain>& supports() const { return supports_; }
  const std::vector<std::vector<int>>& all_differents() const { return all_different_; }
  const std::vector<int>& all_different_of(int var) const { return all_different_of_[static_cast<std::size_t>(var)]; }
  const std::vector<Custom>& customs() const { return custom_; }
  const std::vector<int>& custom_of(int var) const { return custom_of_[static_cast<std::size_t>(var)]; }
  const std::vector<Propagator>& propagators() const { return propagators_; }
  const std::vector<Constraint>& constraints() const { return constraints_; }
  // The n-ary constraints (numbers into constraints()) that watch the variable.
  const std::vector<int>& watchers(int var) const { return watchers_[static_cast<std::size_t>(var)]; }
  int degree(int var) const { return degree_[static_cast<std::size_t>(var)]; }
  // The number of values of the variable's initial range (its highest value + 1).
  int size_of(int var) const {
    const Domain d = domains_[static_cast<std::size_t>(var)];
    return d == 0 ? 0 : 64 - std::countl_zero(d);
  }

 private:
  std::size_t checked(int var) const {
    if (var < 0 || var >= variables()) throw std::invalid_argument("csp: no variable " + std::to_string(var));
    return static_cast<std::size_t>(var);
  }

  void add_nary(Kind kind, int index, const std::vector<int>& scope) {
    const int constraint = static_cast<int>(constraints_.size());
    for (std::size_t i = 0; i < scope.size(); ++i) {
      checked(scope[i]);
      for (std::size_t j = 0; j < i; ++j) {
        if (scope[i] == scope[j]) throw std::invalid_argument("csp: a variable twice in one constraint");
      }
    }
    for (int v : scope) {
      watchers_[static_cast<std::size_t>(v)].push_back(constraint);
      degree_[static_cast<std::size_t>(v)] += static_cast<int>(scope.size()) - 1;
    }
    constraints_.push_back({kind, index, scope});
  }

  std::vector<Domain> domains_;
  std::vector<std::vector<Arc>> arcs_;
  std::vector<Domain> supports_;
  std::vector<std::vector<int>> all_different_;
  std::vector<std::vector<int>> all_different_of_;
  std::vector<Custom> custom_;
  std::vector<std::vector<int>> custom_of_;
  std::vector<Propagator> propagators_;
  std::vector<Constraint> constraints_;
  std::vector<std::vector<int>> watchers_;
  std::vector<int> degree_;
};

}  // namespace backtrack::csp
