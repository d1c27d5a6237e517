#pragma once
// A cryptarithm such as SEND+MORE=MONEY as an integer model (csp::IntModel): a digit per
// letter, the letters' digits all different, the words read as numbers add up (one
// linear equality), and no word of two letters or more starts with 0.
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "backtrack/csp/int_model.hpp"
#include "backtrack/csp/int_problem.hpp"
#include "backtrack/errors.hpp"

namespace cryptarithm {

namespace csp = backtrack::csp;

// The words to add, their sum, and the letters in the order they first appear: the order
// of the model's variables, and so of IntProblem::values(path).
struct Sum {
  std::vector<std::string> addends;
  std::string result;
  std::string letters;
};

// Eight letters a word at most: the first letter's place value, 10^7, times the words
// that share it, stays far inside a coefficient's range.
constexpr std::size_t max_word = 8;

// "SEND+MORE=MONEY"; throws backtrack::UsageError for anything else.
inline Sum parse(const std::string& text) {
  const auto refuse = [&text](const std::string& why) {
    return backtrack::UsageError("--puzzle '" + text + "': " + why + " (e.g. SEND+MORE=MONEY)");
  };
  const std::size_t equals = text.find('=');
  if (equals == std::string::npos) throw refuse("no '='");
  Sum sum;
  std::string word;
  for (const char c : text.substr(0, equals) + '+') {
    if (c != '+') {
      word += c;
      continue;
    }
    sum.addends.push_back(word);
    word.clear();
  }
  sum.result = text.substr(equals + 1);
  std::vector<std::string> words = sum.addends;
  words.push_back(sum.result);
  for (const std::string& w : words) {
    if (w.empty() || w.size() > max_word) throw refuse("a word has 1 to 8 letters");
    for (const char c : w) {
      if (c < 'A' || c > 'Z') throw refuse("words are capital letters A to Z, joined by '+' and one '='");
      if (sum.letters.find(c) == std::string::npos) sum.letters += c;
    }
  }
  if (sum.letters.size() > 10) throw refuse("more than 10 letters for 10 digits");
  return sum;
}

inline csp::IntModel cryptarithm_model(const Sum& sum) {
  csp::IntModel m;
  const std::vector<csp::IntVar> digit = m.int_vars(static_cast<int>(sum.letters.size()), 0, 9);
  const auto of = [&](char letter) { return digit[sum.letters.find(letter)]; };
  const auto number = [&](const std::string& word) {
    csp::LinearExpr value;
    for (const char letter : word) value = 10 * value + of(letter);
    return value;
  };
  m.all_different(digit);
  csp::LinearExpr total;
  for (const std::string& word : sum.addends) total = total + number(word);
  m.post(total == number(sum.result));
  for (const std::string& word : sum.addends) {
    if (word.size() > 1) m.post(of(word[0]) != 0);
  }
  if (sum.result.size() > 1) m.post(of(sum.result[0]) != 0);
  return m;
}

// The strategy's problem: IntProblem searches the model (it models backtrack::Problem);
// this adds only what the puzzle knows, its letters.
class Cryptarithm : public csp::IntProblem {
 public:
  Cryptarithm(Sum sum, csp::SearchOptions options) : IntProblem(cryptarithm_model(sum), options), sum_(std::move(sum)) {}

  const Sum& sum() const { return sum_; }
  // A decision's letter: decision.x is a variable, numbered in the order model() made them.
  char letter(const csp::Decision& decision) const { return sum_.letters[static_cast<std::size_t>(decision.x)]; }
  // The sum in digits, e.g. "9567+1085=10652", from a solution's values(path): a digit a
  // letter, in the order of sum().letters.
  std::string in_digits(const std::vector<csp::Value>& digit) const {
    const auto spell = [&](const std::string& word) {
      std::string number;
      for (const char letter : word) number += std::to_string(digit[sum_.letters.find(letter)]);
      return number;
    };
    std::string text;  // piece by piece: GCC 12 warns (restrict) on "+" + spell(word)
    for (const std::string& word : sum_.addends) {
      if (!text.empty()) text += '+';
      text += spell(word);
    }
    text += '=';
    text += spell(sum_.result);
    return text;
  }

 private:
  Sum sum_;
};

}  // namespace cryptarithm
