// Registers N-Queens and its strategies with the driver's registry.
#include <boost/program_options.hpp>
#include <string>

#include "backtrack/errors.hpp"
#include "backtrack/nqueens/arrays.hpp"
#include "backtrack/csp/program_options.hpp"
#include "backtrack/nqueens/bitset.hpp"
#include "backtrack/nqueens/csp.hpp"
#include "backtrack/nqueens/dlx.hpp"
#include "backtrack/nqueens/scan.hpp"
#include "backtrack/nqueens/word.hpp"
#include "backtrack/nqueens/word_symmetric.hpp"
#include "backtrack/registry.hpp"

namespace backtrack::nqueens {
namespace {

namespace po = boost::program_options;

// Listing more than this many boards needs --force (or --limit): the output, not the
// memory, is what grows; every solution is streamed as it is found.
constexpr int largest_listed_without_force = 12;
// The bitset strategy keeps n + 1 frames of four n-bit masks.
constexpr double largest_bitset_bytes = 4.0 * 1024 * 1024 * 1024;

Solution render(const Placement& columns, int n) {
  Solution solution;
  solution.text = "columns: " + columns_text(columns) + "\n";
  if (n <= max_word_size) solution.text += board_text(columns, n);
  solution.json = {{"columns", columns}};
  return solution;
}

template <class P>
std::unique_ptr<Solver> solver_for(P problem, int n, const std::string& strategy, Symmetry symmetry) {
  auto render_path = [n](const P& p, std::span<const typename P::Move> path) { return render(p.placement(path), n); };
  return make_solver(std::move(problem), render_path,
                     "n=" + std::to_string(n) + " strategy=" + strategy + " symmetry=" + std::string(to_string(symmetry)),
                     symmetry == Symmetry::full);
}

// Strategy csp: the generic CSP layer with the --prune/--order/--values options.
std::unique_ptr<Solver> csp_solver(const po::variables_map& vm, int n, Symmetry symmetry) {
  if (n > csp::max_domain_size) throw UsageError("strategy csp handles n <= 64 (one bit a value), got n = " + std::to_string(n));
  const auto options = csp::read_search_options(vm, {});
  auto render_path = [n](const CspQueens& p, std::span<const CspQueens::Move> path) { return render(p.placement(path), n); };
  return make_solver(CspQueens(n, options, symmetry), render_path,
                     "n=" + std::to_string(n) + " strategy=csp symmetry=" + std::string(to_string(symmetry)) + " " +
                         csp::describe(options));
}

Symmetry choose_symmetry(const po::variables_map& vm, const SolveIntent& intent, const std::string& strategy) {
  const bool counting = intent.mode == SearchMode::count;
  if (vm.count("symmetry") == 0) {
    if (intent.mode == SearchMode::unique) return Symmetry::full;
    if (!counting || intent.uniform) return Symmetry::none;
    return strategy == "word" ? Symmetry::full : Symmetry::mirror;
  }
  const auto name = vm["symmetry"].as<std::string>();
  const auto symmetry = parse_symmetry(name);
  if (!symmetry) throw UsageError("unknown --symmetry '" + name + "' (choose none, mirror or full)");
  if (intent.mode == SearchMode::unique && *symmetry != Symmetry::full) {
    throw UsageError("--unique lists one board per symmetry class: it needs --symmetry full");
  }
  if (!counting && intent.mode != SearchMode::unique && *symmetry != Symmetry::none) {
    throw UsageError("--symmetry " + name + " applies to --count and --unique; listing boards uses every solution");
  }
  return *symmetry;
}

std::unique_ptr<Solver> make(const po::variables_map& vm, const SolveIntent& intent) {
  const int n = vm["size"].as<int>();
  if (n < 1) throw UsageError("-n must be a positive board size, got " + std::to_string(n));
  const std::string strategy = intent.strategy.empty() ? (n <= max_word_size ? "word" : "bitset") : intent.strategy;
  if (strategy != "word" && strategy != "bitset" && strategy != "arrays" && strategy != "scan" &&
      strategy != "dlx" && strategy != "csp") {
    throw UsageError("unknown strategy '" + strategy + "' for nqueens (choose word, bitset, arrays, scan, dlx or csp)");
  }
  const Symmetry symmetry = choose_symmetry(vm, intent, strategy);

  const bool lists_all = intent.mode == SearchMode::all || intent.mode == SearchMode::unique;
  if (lists_all && n > largest_listed_without_force && !intent.force) {
    throw UsageError("listing every board for n = " + std::to_string(n) +
                     " prints a very large output; add --limit K, count with --count, or pass --force");
  }
  if (symmetry == Symmetry::full && strategy != "word") {
    throw UsageError("--symmetry full is implemented by strategy word; strategy " + strategy + " has none or mirror");
  }

  if (strategy == "dlx") return solver_for(DlxQueens(n, symmetry), n, strategy, symmetry);
  if (strategy == "csp") return csp_solver(vm, n, symmetry);
  if (strategy == "scan") return solver_for(ScanQueens(n, symmetry), n, strategy, symmetry);
  if (strategy == "arrays") return solver_for(ArrayQueens(n, symmetry), n, strategy, symmetry);
  if (strategy == "bitset") {
    const double bytes = 4.0 * (n + 1.0) * n / 8.0;
    if (bytes > largest_bitset_bytes) {
      throw UsageError("strategy bitset needs about " + std::to_string(static_cast<long long>(bytes / (1 << 20))) +
                       " MiB for n = " + std::to_string(n) + ", more than this tool allows (4 GiB)");
    }
    return solver_for(BitsetQueens(n, symmetry), n, strategy, symmetry);
  }
  if (n > max_word_size) {
    throw UsageError("strategy word handles n <= 64 (one bit a column), got n = " + std::to_string(n) +
                     "; use --strategy bitset");
  }
  if (symmetry == Symmetry::full) return solver_for(SymmetricWordQueens(n), n, strategy, symmetry);
  return solver_for(WordQueens(n, symmetry), n, strategy, symmetry);
}

void add_options(po::options_description& options) {
  options.add_options()
    ("size,n", po::value<int>()->default_value(8), "board size: n queens on an n x n board")
    ("symmetry", po::value<std::string>(),
     "none | mirror | full. mirror: first queen in the left half (about 2x); full: one board per "
     "class of the 8 symmetries, also reports the number of classes (strategy word). "
     "Default: full for --count with word, mirror for other strategies, none when listing");
  csp::add_search_options(options);
}

const Registrar registrar(ProblemInfo{
    "nqueens",
    "place n queens on an n x n board so that no two attack each other",
    {
        {"word", "three 64-bit attack masks shifted per row, lowest free bit first (n <= 64); the fastest"},
        {"bitset", "three boost::dynamic_bitset attack masks, one preallocated frame per row (any n)"},
        {"arrays", "boolean arrays for columns and both diagonal families (r+c, r-c+n-1): O(1) per check"},
        {"scan", "the column of each placed queen; a candidate is checked against all of them: O(n) per check"},
        {"csp", "the generic CSP layer: a variable per row, a binary constraint per pair of rows (--prune, --order, --values)"},
        {"dlx", "exact cover with dancing links: rows and columns primary, diagonals secondary (Knuth's Algorithm X)"},
    },
    add_options,
    make,
    "size",
});

}  // namespace
}  // namespace backtrack::nqueens
