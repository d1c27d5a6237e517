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
// Searching the model is CspProblem's job (problem.hpp).
#include <bit>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace backtrack::csp {

using Domain = std::uint64_t;  // bit v: value v is still possible
inline constexpr int max_domain_size = 64;

inline Domain domain_of_size(int size) { return size >= 64 ? ~Domain{0} : (Domain{1} << size) - 1; }

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
    const int id = static_cast<int>(all_different_.size());
    for (int v : vars) {
      all_different_of_[checked(v)].push_back(id);
      degree_[static_cast<std::size_t>(v)] += static_cast<int>(vars.size()) - 1;
    }
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
    arcs_[static_cast<std::size_t>(x)].push_back({y, forward, backward});
    arcs_[static_cast<std::size_t>(y)].push_back({x, backward, forward});
    ++degree_[static_cast<std::size_t>(x)];
    ++degree_[static_cast<std::size_t>(y)];
  }

  using Check = std::function<bool(std::span<const int> values)>;
  void custom(std::vector<int> scope, Check check) {
    const int id = static_cast<int>(custom_.size());
    for (int v : scope) {
      custom_of_[checked(v)].push_back(id);
      degree_[static_cast<std::size_t>(v)] += static_cast<int>(scope.size()) - 1;
    }
    custom_.push_back({std::move(scope), std::move(check)});
  }

  // What the search reads.
  // An arc of a binary constraint, seen from one of its variables x: for each value a
  // of x, supports()[support + a] is the mask of the other's values compatible with it,
  // and supports()[reverse + b] the mask of x's values compatible with other = b.
  struct Arc {
    int other;
    int support;
    int reverse;
  };
  struct Custom {
    std::vector<int> scope;
    Check check;
  };
  const std::vector<Domain>& domains() const { return domains_; }
  const std::vector<Arc>& arcs(int var) const { return arcs_[static_cast<std::size_t>(var)]; }
  const std::vector<Domain>& supports() const { return supports_; }
  const std::vector<std::vector<int>>& all_differents() const { return all_different_; }
  const std::vector<int>& all_different_of(int var) const { return all_different_of_[static_cast<std::size_t>(var)]; }
  const std::vector<Custom>& customs() const { return custom_; }
  const std::vector<int>& custom_of(int var) const { return custom_of_[static_cast<std::size_t>(var)]; }
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

  std::vector<Domain> domains_;
  std::vector<std::vector<Arc>> arcs_;
  std::vector<Domain> supports_;
  std::vector<std::vector<int>> all_different_;
  std::vector<std::vector<int>> all_different_of_;
  std::vector<Custom> custom_;
  std::vector<std::vector<int>> custom_of_;
  std::vector<int> degree_;
};

}  // namespace backtrack::csp
