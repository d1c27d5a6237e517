#pragma once
// An XCC problem read and solved the plain way, to check problem xcc against: its own
// reading of the format (words split at blanks, ITEM:COLOUR split at the colon), a
// validator of a set of options, and a brute-force count that tries, for the first
// primary item not yet covered, every option that fits: no dancing links, no matrix.
#include <cstdint>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace xcc_reference {

struct Entry {
  std::string item;
  std::string colour;  // "" : none
};
using Option = std::vector<Entry>;

struct Problem {
  std::vector<std::string> primary;
  std::vector<std::string> secondary;
  std::vector<Option> options;     // those with a primary item, in the file's order
  std::vector<std::string> texts;  // each option's words joined by one blank
};

// "p3", for the tests' generated files: GCC 12 warns, wrongly, of "p" + std::to_string(3)
// (-Wrestrict).
inline std::string named(const char* prefix, int i) {
  std::string name = prefix;
  name += std::to_string(i);
  return name;
}

inline std::vector<std::string> words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> result;
  std::string word;
  while (in >> word) result.push_back(word);
  return result;
}

inline Problem read(const std::string& text) {
  Problem p;
  std::istringstream in(text);
  std::string line;
  bool items = false;
  while (std::getline(in, line)) {
    const auto w = words(line);
    if (w.empty() || w.front().front() == '|') continue;
    if (!items) {
      bool secondary = false;
      for (const auto& name : w) {
        if (name == "|") {
          secondary = true;
        } else {
          (secondary ? p.secondary : p.primary).push_back(name);
        }
      }
      items = true;
      continue;
    }
    Option option;
    bool has_primary = false;
    for (const auto& word : w) {
      const auto colon = word.find(':');
      Entry e{word.substr(0, colon), colon == std::string::npos ? "" : word.substr(colon + 1)};
      for (const auto& name : p.primary) has_primary = has_primary || name == e.item;
      option.push_back(e);
    }
    if (!has_primary) continue;
    std::string joined;
    for (const auto& word : w) joined += (joined.empty() ? "" : " ") + word;
    p.options.push_back(option);
    p.texts.push_back(joined);
  }
  return p;
}

// What a partial solution has taken: each primary item covered, each secondary item's
// colour ("" : taken without one, so by one option alone).
struct Taken {
  std::map<std::string, int> primary;
  std::map<std::string, std::string> secondary;

  bool fits(const Problem& p, const Option& option) const {
    for (const auto& e : option) {
      if (is_primary(p, e.item)) {
        if (primary.count(e.item) != 0) return false;
      } else if (const auto at = secondary.find(e.item); at != secondary.end()) {
        if (e.colour.empty() || at->second != e.colour) return false;
      }
    }
    return true;
  }
  void take(const Problem& p, const Option& option) {
    for (const auto& e : option) {
      if (is_primary(p, e.item)) {
        ++primary[e.item];
      } else {
        secondary[e.item] = e.colour;
      }
    }
  }
  static bool is_primary(const Problem& p, const std::string& item) {
    for (const auto& name : p.primary) {
      if (name == item) return true;
    }
    return false;
  }
};

// Whether these options (by text, as a solution prints them) are a solution.
inline bool is_solution(const Problem& p, const std::vector<std::string>& chosen) {
  Taken taken;
  for (const auto& text : chosen) {
    std::optional<std::size_t> found;
    for (std::size_t i = 0; i < p.texts.size(); ++i) {
      if (p.texts[i] == text) found = i;
    }
    if (!found || !taken.fits(p, p.options[*found])) return false;
    taken.take(p, p.options[*found]);
  }
  for (const auto& name : p.primary) {
    if (taken.primary.count(name) == 0) return false;
  }
  return true;
}

inline std::uint64_t count(const Problem& p, const Taken& taken) {
  for (const auto& item : p.primary) {
    if (taken.primary.count(item) != 0) continue;
    std::uint64_t total = 0;
    for (const auto& option : p.options) {
      bool covers = false;
      for (const auto& e : option) covers = covers || e.item == item;
      if (!covers || !taken.fits(p, option)) continue;
      Taken next = taken;
      next.take(p, option);
      total += count(p, next);
    }
    return total;
  }
  return 1;
}

inline std::uint64_t count(const Problem& p) { return count(p, Taken{}); }

}  // namespace xcc_reference
