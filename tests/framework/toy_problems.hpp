#pragma once
// Small problems that are not N-Queens, written only against the Problem concept, and
// brute-force answers for them computed without the engine.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <numeric>
#include <span>
#include <vector>

#include "backtrack/set_bits.hpp"
#include "backtrack/problem.hpp"

namespace toy {

// ---------------------------------------------------------------------------------
// Subset sum: decide for 1, 2, ..., k in turn whether it is in the subset; a leaf at
// depth k whose sum is `target` is a solution. A move is "take" (1) or "skip" (0), in
// that order. A move that would pass the target is not allowed, so every node has the
// child "skip" until depth k, and the failures are exactly the full assignments whose
// sum stays below the target.

// Flavour 1: in place (apply/undo), candidates not pre-filtered, an allowed() hook.
class SubsetSumUndo {
 public:
  using Move = int;  // 1: take the next number, 0: skip it
  struct State {
    int depth = 0;
    int sum = 0;
  };
  SubsetSumUndo(int k, int target) : k_(k), target_(target) {}
  State root() const { return {}; }
  bool is_solution(const State& s) const { return s.depth == k_ && s.sum == target_; }
  std::vector<Move> candidates(const State& s) const {
    if (s.depth == k_) return {};
    return {1, 0};
  }
  bool allowed(const State& s, Move m) const { return s.sum + m * (s.depth + 1) <= target_; }
  void apply(State& s, Move m) const {
    ++s.depth;
    s.sum += m * s.depth;
  }
  void undo(State& s, Move m) const {
    s.sum -= m * s.depth;
    --s.depth;
  }
  int max_depth() const { return k_; }
  int k() const { return k_; }
  int target() const { return target_; }

 private:
  int k_;
  int target_;
};

// Flavour 2: by value (child()), candidates pre-filtered, no allowed() hook.
class SubsetSumChild {
 public:
  using Move = int;
  struct State {
    int depth = 0;
    int sum = 0;
  };
  SubsetSumChild(int k, int target) : k_(k), target_(target) {}
  State root() const { return {}; }
  bool is_solution(const State& s) const { return s.depth == k_ && s.sum == target_; }
  std::vector<Move> candidates(const State& s) const {
    std::vector<Move> moves;
    if (s.depth == k_) return moves;
    if (s.sum + s.depth + 1 <= target_) moves.push_back(1);
    moves.push_back(0);
    return moves;
  }
  State child(const State& s, Move m) const { return {s.depth + 1, s.sum + m * (s.depth + 1)}; }
  int max_depth() const { return k_; }

 private:
  int k_;
  int target_;
};

// The subset a path of take/skip moves chooses.
inline std::vector<int> subset_of(std::span<const int> path) {
  std::vector<int> subset;
  for (std::size_t i = 0; i < path.size(); ++i) {
    if (path[i] == 1) subset.push_back(static_cast<int>(i) + 1);
  }
  return subset;
}

struct BruteSubsetSum {
  std::vector<std::vector<int>> solutions;  // in the engine's order: "take" before "skip"
  std::uint64_t nodes = 0;                  // prefixes whose sum stays <= target
  std::uint64_t failures = 0;               // full assignments with sum < target
};

// Every one of the 2^k assignments, independent of the engine. The DFS order with
// "take" first is the order of the masks read as binary numbers, number 1 the
// highest digit, counted downwards.
inline BruteSubsetSum brute_subset_sum(int k, int target) {
  BruteSubsetSum result;
  for (int depth = 0; depth <= k; ++depth) {
    for (std::uint32_t mask = 0; mask < (1u << depth); ++mask) {
      int sum = 0;
      for (int i = 0; i < depth; ++i) {
        if (mask & (1u << i)) sum += i + 1;
      }
      if (sum > target) continue;
      ++result.nodes;
      if (depth == k && sum < target) ++result.failures;
    }
  }
  for (std::int64_t code = (std::int64_t{1} << k) - 1; code >= 0; --code) {
    // bit (k-1-i) of code says whether i+1 is taken: the first decision is the top bit
    std::vector<int> subset;
    int sum = 0;
    for (int i = 0; i < k; ++i) {
      if (code & (std::int64_t{1} << (k - 1 - i))) {
        subset.push_back(i + 1);
        sum += i + 1;
      }
    }
    if (sum == target) result.solutions.push_back(subset);
  }
  return result;
}

// ---------------------------------------------------------------------------------
// Permutations of 0..k-1 in which no two neighbouring positions hold consecutive
// values (|p[i] - p[i+1]| != 1).

inline bool neighbours_ok(const std::vector<int>& p) {
  for (std::size_t i = 0; i + 1 < p.size(); ++i) {
    if (std::abs(p[i] - p[i + 1]) == 1) return false;
  }
  return true;
}

inline std::vector<std::vector<int>> brute_permutations(int k) {
  std::vector<int> p(static_cast<std::size_t>(k));
  std::iota(p.begin(), p.end(), 0);
  std::vector<std::vector<int>> all;
  do {
    if (neighbours_ok(p)) all.push_back(p);
  } while (std::next_permutation(p.begin(), p.end()));
  return all;
}

// Flavour 3: roots() with weights. The complement p -> k-1-p maps a good permutation
// to a good one and its first value c to k-1-c, so only first values in the lower half
// are searched (weight 2), and the middle one when k is odd (weight 1). In place.
class PermutationsByComplement {
 public:
  using Move = int;  // the value at the next position
  struct State {
    std::vector<int> values;
    std::uint32_t used = 0;
  };
  explicit PermutationsByComplement(int k) : k_(k) {}
  State root() const { return {}; }
  bool is_solution(const State& s) const { return static_cast<int>(s.values.size()) == k_; }
  std::vector<Move> candidates(const State& s) const {
    std::vector<Move> moves;
    for (int v = 0; v < k_; ++v) {
      if (s.used & (1u << v)) continue;
      if (!s.values.empty() && std::abs(s.values.back() - v) == 1) continue;
      moves.push_back(v);
    }
    return moves;
  }
  void apply(State& s, Move v) const {
    s.values.push_back(v);
    s.used |= 1u << v;
  }
  void undo(State& s, Move v) const {
    s.values.pop_back();
    s.used &= ~(1u << v);
  }
  int max_depth() const { return k_; }
  std::vector<backtrack::Root<Move>> roots() const {
    std::vector<backtrack::Root<Move>> roots;
    for (int c = 0; c < k_ / 2; ++c) roots.push_back({{c}, 2});
    if (k_ % 2 == 1) roots.push_back({{k_ / 2}, 1});
    return roots;
  }

 private:
  int k_;
};

// Flavour 4: solution_weight(). A permutation and its reversal are both good; a leaf
// counts for 2 when it is the smaller of the two, 0 when it is the larger, 1 when they
// are equal (only for k <= 1). By value.
class PermutationsByReversal {
 public:
  using Move = int;
  struct State {
    std::uint32_t used = 0;
    int last = -2;  // no value yet: nothing is adjacent to it
    int depth = 0;
  };
  explicit PermutationsByReversal(int k) : k_(k) {}
  State root() const { return {}; }
  bool is_solution(const State& s) const { return s.depth == k_; }
  std::vector<Move> candidates(const State& s) const {
    std::vector<Move> moves;
    for (int v = 0; v < k_; ++v) {
      if ((s.used & (1u << v)) == 0 && std::abs(s.last - v) != 1) moves.push_back(v);
    }
    return moves;
  }
  State child(const State& s, Move v) const { return {s.used | (1u << v), v, s.depth + 1}; }
  int max_depth() const { return k_; }
  std::uint64_t solution_weight(const State&, std::span<const Move> path) const {
    const std::vector<int> forward(path.begin(), path.end());
    const std::vector<int> backward(path.rbegin(), path.rend());
    if (forward < backward) return 2;
    if (forward == backward) return 1;
    return 0;
  }

 private:
  int k_;
};

// Flavour 5: moves as bits of a word, the state two words, candidates a SetBits:
// nothing in the engine's loop has a destructor, so a count's node limit returns by a
// jump instead of an exception (DepthFirstSearch::jumps_at_node_limit). By value.
class PermutationsAsBits {
 public:
  using Move = std::uint64_t;  // the bit of the value at the next position
  struct State {
    std::uint64_t used = 0;
    std::uint64_t near = 0;  // the values adjacent to the last one
  };
  explicit PermutationsAsBits(int k) : k_(k), all_((std::uint64_t{1} << k) - 1) {}
  State root() const { return {}; }
  bool is_solution(const State& s) const { return s.used == all_; }
  backtrack::SetBits candidates(const State& s) const { return backtrack::SetBits(all_ & ~(s.used | s.near)); }
  State child(const State& s, Move bit) const { return {s.used | bit, (bit << 1) | (bit >> 1)}; }
  int max_depth() const { return k_; }

 private:
  int k_;
  std::uint64_t all_;
};

// ---------------------------------------------------------------------------------
// Slow nodes: a tree far too large to finish (`width` children a node, `depth` levels,
// no solution), whose every node costs `node_cost` of busy work and, with the
// allowed() hook, every candidate `try_cost` more. For the limits: a stop must be seen
// within about one node's or one candidate's work, not after a whole batch of nodes.
template <bool WithAllowed>
class SlowNodes {
 public:
  using Move = int;
  struct State {
    int depth = 0;
  };
  SlowNodes(int width, int depth, std::chrono::microseconds node_cost, std::chrono::microseconds try_cost = {})
      : width_(width), depth_(depth), node_cost_(node_cost), try_cost_(try_cost) {}
  State root() const { return {}; }
  // Called once per node entered: where a node's cost is spent.
  bool is_solution(const State&) const {
    busy(node_cost_);
    return false;
  }
  std::vector<Move> candidates(const State& s) const {
    if (s.depth == depth_) return {};
    return std::vector<Move>(static_cast<std::size_t>(width_), 0);
  }
  bool allowed(const State&, Move) const
    requires WithAllowed
  {
    busy(try_cost_);
    return true;
  }
  void apply(State& s, Move) const { ++s.depth; }
  void undo(State& s, Move) const { --s.depth; }
  int max_depth() const { return depth_; }

 private:
  // Work, not sleep: the thread stays busy, as in an expensive node.
  static void busy(std::chrono::microseconds cost) {
    if (cost.count() == 0) return;
    const auto until = std::chrono::steady_clock::now() + cost;
    while (std::chrono::steady_clock::now() < until) {
    }
  }

  int width_;
  int depth_;
  std::chrono::microseconds node_cost_;
  std::chrono::microseconds try_cost_;
};

}  // namespace toy
