#pragma once
// "did you mean --first?": the known word nearest to a mistyped one, for usage errors.
#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace backtrack {

// Edits (insert, delete, replace, swap of neighbours) that turn `a` into `b`: the
// optimal string alignment distance, which counts the common slip "frist" as one edit.
inline std::size_t edit_distance(std::string_view a, std::string_view b) {
  const std::size_t width = b.size() + 1;
  std::vector<std::size_t> d((a.size() + 1) * width);
  auto at = [&](std::size_t i, std::size_t j) -> std::size_t& { return d[i * width + j]; };
  for (std::size_t i = 0; i <= a.size(); ++i) at(i, 0) = i;
  for (std::size_t j = 0; j <= b.size(); ++j) at(0, j) = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      at(i, j) = std::min({at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        at(i, j) = std::min(at(i, j), at(i - 2, j - 2) + 1);
      }
    }
  }
  return at(a.size(), b.size());
}

// The known word nearest to `typed`, if it is near enough to be what was meant: at most
// a third of its letters wrong (one for short words), or `typed` the start of only it.
// Empty when nothing is near, or when two are equally near (no guess is better then).
inline std::string nearest_word(std::string_view typed, const std::vector<std::string>& known) {
  const std::size_t allowed = std::max<std::size_t>(1, typed.size() / 3);
  std::string best;
  std::size_t best_distance = allowed + 1;
  bool tied = false;
  for (const auto& word : known) {
    const std::size_t distance = edit_distance(typed, word);
    if (distance < best_distance) {
      best = word;
      best_distance = distance;
      tied = false;
    } else if (distance == best_distance && word != best) {
      tied = true;
    }
  }
  if (!best.empty() && !tied) return best;
  std::string prefixed;
  for (const auto& word : known) {
    if (typed.size() >= 2 && word.starts_with(typed)) {
      if (!prefixed.empty()) return {};
      prefixed = word;
    }
  }
  return prefixed;
}

// " (did you mean 'x'?)" with `quote` around the word, or "" when nothing is near.
inline std::string did_you_mean(std::string_view typed, const std::vector<std::string>& known,
                                std::string_view before = "'", std::string_view after = "'") {
  const std::string word = nearest_word(typed, known);
  if (word.empty()) return {};
  return " (did you mean " + std::string(before) + word + std::string(after) + "?)";
}

}  // namespace backtrack
