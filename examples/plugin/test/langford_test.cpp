// Both strategies, with and without the reversal symmetry, against OEIS A014552.
// A plain program (exit status 1 on a wrong count), so the example needs no test library.
#include <cstdint>
#include <cstdio>

#include "backtrack/engine.hpp"
#include "langford/array.hpp"
#include "langford/word.hpp"

namespace {

// A014552: arrangements of 1 .. n, each with its reversal counted once.
constexpr std::uint64_t a014552[] = {0, 0, 0, 1, 1, 0, 0, 26, 150, 0, 0, 17792};

template <class Strategy>
bool counts_agree(const char* name) {
  bool ok = true;
  for (int n = 1; n < static_cast<int>(std::size(a014552)); ++n) {
    for (const auto symmetry : {langford::Symmetry::none, langford::Symmetry::reversal}) {
      const auto stats = backtrack::count_solutions(Strategy(n, symmetry));
      const auto expected = 2 * a014552[n];
      const auto classes = symmetry == langford::Symmetry::reversal ? a014552[n] : expected;
      if (stats.solutions != expected || stats.representatives != classes) {
        std::printf("%s n = %d symmetry %d: %llu solutions, %llu reached; expected %llu, %llu\n", name, n,
                    static_cast<int>(symmetry), static_cast<unsigned long long>(stats.solutions),
                    static_cast<unsigned long long>(stats.representatives),
                    static_cast<unsigned long long>(expected), static_cast<unsigned long long>(classes));
        ok = false;
      }
    }
  }
  return ok;
}

}  // namespace

int main() {
  const bool word = counts_agree<langford::WordLangford>("word");
  const bool array = counts_agree<langford::ArrayLangford>("array");
  std::puts(word && array ? "langford: every count matches A014552" : "langford: a count is wrong");
  return word && array ? 0 : 1;
}
