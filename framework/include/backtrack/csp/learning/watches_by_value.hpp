#pragma once
// One variable's watches of a learning search (learning_search.hpp), kept by their
// literal's kind and value, so that a narrowing visits those of the values it passed.
//
// A watch moves on nearly every visit that does not find its nogood satisfied, so its
// list is found by the literal's value at once: by index, over a domain of at most
// dense_width values at the root (a list keeps its memory when emptied), and in a map
// for the values of a wider domain, which forgets a value when no watch is left on it
// (a bound moved past it visits no empty list).
#include <algorithm>
#include <array>
#include <cstddef>
#include <map>
#include <vector>

#include "backtrack/csp/space.hpp"

namespace backtrack::csp {

template <class Watch>
class WatchesByValue {
 public:
  static constexpr Value dense_width = 256;

  // For a variable whose domain at the root is lo..hi.
  WatchesByValue(Value lo, Value hi) : base_(lo), width_(hi - lo < dense_width ? hi - lo + 1 : 0) {}

  std::vector<Watch>& at(LiteralKind kind, Value v) {
    if (dense(v)) {
      auto& lists = dense_[index(kind)];
      if (lists.empty()) lists.resize(static_cast<std::size_t>(width_));
      return lists[static_cast<std::size_t>(v - base_)];
    }
    return sparse_[index(kind)][v];
  }

  // Calls visit(watches) with the list of each value from `from` to `to` (in order) that
  // has watches, until one returns false; returns whether none did. visit may move
  // watches out of the list it was given, and add to others.
  template <class Visit>
  bool visit(LiteralKind kind, Value from, Value to, Visit&& visit) {
    const Value last_dense = base_ + width_ - 1;
    if (!visit_sparse(kind, from, std::min(to, base_ - 1), visit)) return false;
    if (auto& lists = dense_[index(kind)]; !lists.empty()) {
      for (Value v = std::max(from, base_); v <= std::min(to, last_dense); ++v) {
        auto& watches = lists[static_cast<std::size_t>(v - base_)];
        if (!watches.empty() && !visit(watches)) return false;
      }
    }
    return visit_sparse(kind, std::max(from, last_dense + 1), to, visit);
  }

  // Takes out the watch that `is` picks on x <kind> v (there is one).
  template <class Is>
  void erase(LiteralKind kind, Value v, Is&& is) {
    if (dense(v)) return erase_from(at(kind, v), is);
    auto& by_value = sparse_[index(kind)];
    const auto it = by_value.find(v);
    erase_from(it->second, is);
    if (it->second.empty()) by_value.erase(it);
  }

 private:
  static std::size_t index(LiteralKind kind) { return static_cast<std::size_t>(kind); }
  bool dense(Value v) const { return v >= base_ && v - base_ < width_; }
  template <class Visit>
  bool visit_sparse(LiteralKind kind, Value from, Value to, Visit& visit) {
    auto& by_value = sparse_[index(kind)];
    for (auto it = by_value.lower_bound(from); it != by_value.end() && it->first <= to;) {
      if (!it->second.empty() && !visit(it->second)) return false;
      it = it->second.empty() ? by_value.erase(it) : std::next(it);
    }
    return true;
  }
  template <class Is>
  static void erase_from(std::vector<Watch>& watches, Is& is) {
    for (auto& w : watches) {
      if (!is(w)) continue;
      w = watches.back();
      watches.pop_back();
      return;
    }
  }

  Value base_;   // the root's lower bound
  Value width_;  // the values kept by index from base_ (0: none)
  std::array<std::vector<std::vector<Watch>>, 4> dense_;  // by kind, each empty until a watch is on it
  std::array<std::map<Value, std::vector<Watch>>, 4> sparse_;
};

}  // namespace backtrack::csp
