#pragma once
// Conflict-directed backjumping (--learn cbj, Prosser 1993) on the bitset layer: which
// decisions a domain, a failure and a failed subtree depend on.
//
// A decision is named by its level, the depth of the node that made it. Every variable
// carries the set of levels its domain depends on: a decision on x makes x's set that
// level alone; a narrowing adds the sets of the variables the narrowing read (the
// other variable of an arc, the scope of a constraint), and the decision's own level
// when the decision itself narrows. A set wider than the true dependence is sound,
// only a narrower one is not; so a constraint's whole scope stands for the variables
// it read. A failure depends on the set of the domain it emptied, or, when a constraint
// fails without emptying one, on its scope's. A node whose children all failed
// depends on their sets, less its own level, and on its variable's set when it
// branched (the values pruned before); the search goes back to the deepest level of
// that set, whose node takes the set over, and the nodes between are jumped over:
// nothing they could choose differently undoes the failure.
//
// Sets are rows of 64-bit words, one bit a level. A variable's old set goes on a trail
// of its own when it changes, and a move's undo pops it with the domains. What a node
// calls is out of line: a search without backjumping keeps its loops as they were
// (inlined, N-Queens' forward checking took 1.1x the time without it).
#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace backtrack::csp {

class ConflictLevels {
 public:
  // `levels`: the deepest decision a path can make, plus one.
  void reset(int variables, int levels) {
    words_ = static_cast<std::size_t>(std::max(levels, 1) + 63) / 64;
    const auto n = static_cast<std::size_t>(variables);
    variable_.assign(n * words_, 0);
    node_.assign(static_cast<std::size_t>(std::max(levels, 1)) * words_, 0);
    branched_.assign(static_cast<std::size_t>(std::max(levels, 1)), -1);
    cause_.assign(words_, 0);
    failure_.assign(words_, 0);
    trail_.clear();
    trail_.reserve(n * (words_ + 1) * 8);
    marks_.clear();
  }
  // The root's narrowings depend on no decision: what they left on the trail stays.
  void forget_trail() {
    trail_.clear();
    marks_.clear();
  }

  // The node at depth `level` makes its decision, a move that the next undo() takes
  // back; the child it makes starts with no failed children.
  [[gnu::noinline]] void decide(int level) {
    marks_.push_back(trail_.size());
    clear(node(level + 1));
    clear(cause_);
    set(cause_, level);
  }
  // The decision assigns `var`: its set becomes the decision's level alone.
  [[gnu::noinline]] void assigned(int var, int level) {
    save(var);
    auto row = of(var);
    clear(row);
    set(row, level);
  }
  // The node at depth `level` branches on `var` (told when its children are listed: one
  // whose children are all refused makes none).
  [[gnu::noinline]] void branching(int level, int var) { branched_[static_cast<std::size_t>(level)] = var; }
  [[gnu::noinline]] void undo() {
    const std::size_t mark = marks_.back();
    marks_.pop_back();
    while (trail_.size() > mark) {
      const std::size_t at = trail_.size() - words_ - 1;
      std::copy_n(trail_.begin() + static_cast<std::ptrdiff_t>(at) + 1, words_, of(static_cast<int>(trail_[at])).begin());
      trail_.resize(at);
    }
  }

  // What the narrowings to come read: `var`'s domain, or a whole scope.
  [[gnu::noinline]] void cause_is(int var) { std::ranges::copy(of(var), cause_.begin()); }
  [[gnu::noinline]] void cause_is(std::span<const int> scope) {
    clear(cause_);
    for (int y : scope) add(cause_, of(y));
  }
  // `var` was narrowed by the cause: its set takes the cause's in.
  void narrowed(int var) {
    auto row = of(var);
    bool grows = false;
    for (std::size_t w = 0; w < words_; ++w) grows = grows || (cause_[w] & ~row[w]) != 0;
    if (!grows) return;
    save(var);
    add(row, cause_);
  }
  // The failure: of the domain that `emptied` (-1: of the cause, a constraint that failed
  // with its domains whole).
  void failed(int emptied) {
    if (emptied >= 0) {
      std::ranges::copy(of(emptied), failure_.begin());
    } else {
      std::ranges::copy(cause_, failure_.begin());
    }
  }
  // A candidate refused at the node at depth `level`, for a conflict with `var`'s value
  // (--prune none: the check against the assigned variables).
  [[gnu::noinline]] void refused(int level, int var) { add(node(level), of(var)); }

  // The node at depth `level` failed: by itself (its state `failed`), or in every child.
  // Returns the level to go back to (-1: no decision, the whole tree fails), whose node
  // takes the failure's set in.
  int backjump(int level, bool failed) {
    auto set = node(level);
    if (failed) {
      std::ranges::copy(failure_, set.begin());
    } else {
      const int var = branched_[static_cast<std::size_t>(level)];
      if (var >= 0) add(set, of(var));
      reset_bit(set, level);
    }
    const int target = highest(set);
    if (target >= 0) add(node(target), set);
    return target;
  }

 private:
  std::span<std::uint64_t> of(int var) { return {variable_.data() + static_cast<std::size_t>(var) * words_, words_}; }
  std::span<std::uint64_t> node(int level) { return {node_.data() + static_cast<std::size_t>(level) * words_, words_}; }
  void save(int var) {
    trail_.push_back(static_cast<std::uint64_t>(var));
    const auto row = of(var);
    trail_.insert(trail_.end(), row.begin(), row.end());
  }
  static void clear(std::span<std::uint64_t> s) { std::ranges::fill(s, 0); }
  static void set(std::span<std::uint64_t> s, int level) {
    s[static_cast<std::size_t>(level) / 64] |= std::uint64_t{1} << (level % 64);
  }
  static void reset_bit(std::span<std::uint64_t> s, int level) {
    s[static_cast<std::size_t>(level) / 64] &= ~(std::uint64_t{1} << (level % 64));
  }
  static void add(std::span<std::uint64_t> into, std::span<const std::uint64_t> from) {
    for (std::size_t w = 0; w < into.size(); ++w) into[w] |= from[w];
  }
  static int highest(std::span<const std::uint64_t> s) {
    for (std::size_t w = s.size(); w-- > 0;) {
      if (s[w] != 0) return static_cast<int>(w * 64) + 63 - std::countl_zero(s[w]);
    }
    return -1;
  }

  std::size_t words_ = 1;
  std::vector<std::uint64_t> variable_;  // a set per variable
  std::vector<std::uint64_t> node_;      // a set per depth: its failed children's
  std::vector<int> branched_;            // per depth: the variable its node branches on
  std::vector<std::uint64_t> cause_;
  std::vector<std::uint64_t> failure_;
  std::vector<std::uint64_t> trail_;  // (variable, its old set) entries
  std::vector<std::size_t> marks_;
};

}  // namespace backtrack::csp
