#pragma once
// Symmetry breaking for N-Queens. The board has 8 symmetries (rotations, reflections).
//   none    every solution is reached
//   mirror  the first queen only in the left half; each solution found stands for
//           itself and its mirror image (weight 2), the middle column for itself only
//   full    one representative per class of the 8 symmetries (see word_symmetric.hpp)
#include <optional>
#include <string_view>
#include <vector>

#include "backtrack/problem.hpp"

namespace backtrack::nqueens {

enum class Symmetry { none, mirror, full };

constexpr std::string_view to_string(Symmetry s) {
  switch (s) {
    case Symmetry::none: return "none";
    case Symmetry::mirror: return "mirror";
    case Symmetry::full: return "full";
  }
  return "none";
}

inline std::optional<Symmetry> parse_symmetry(std::string_view name) {
  for (Symmetry s : {Symmetry::none, Symmetry::mirror, Symmetry::full}) {
    if (name == to_string(s)) return s;
  }
  return std::nullopt;
}

// The roots for `none` or `mirror`: move_at(c) is the move that puts the first queen in column c.
template <class Move, class MoveAt>
std::vector<Root<Move>> first_row_roots(int n, Symmetry symmetry, MoveAt move_at) {
  if (symmetry == Symmetry::none) return {Root<Move>{}};
  std::vector<Root<Move>> roots;
  for (int c = 0; c < n / 2; ++c) roots.push_back({{move_at(c)}, 2});
  if (n % 2 == 1) roots.push_back({{move_at(n / 2)}, 1});
  return roots;
}

}  // namespace backtrack::nqueens
