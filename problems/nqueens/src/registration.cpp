// Registers N-Queens and its strategies with the driver's registry.
// Each strategy's solver is built in a unit of its own (solvers/solvers.hpp says why).
#include <algorithm>
#include <boost/program_options.hpp>
#include <optional>
#include <string>
#include <utility>

#include "backtrack/csp/model.hpp"
#include "backtrack/csp/program_options.hpp"
#include "backtrack/errors.hpp"
#include "backtrack/input_file.hpp"
#include "backtrack/memory_limit.hpp"
#include "backtrack/nqueens/constellations.hpp"
#include "backtrack/nqueens/dlx.hpp"
#include "backtrack/nqueens/memory.hpp"
#include "backtrack/nqueens/word.hpp"
#include "backtrack/quoted.hpp"
#include "backtrack/registry.hpp"
#include "backtrack/solution.hpp"
#include "solvers/solvers.hpp"

namespace backtrack::nqueens {
namespace {

namespace po = boost::program_options;

// From this size on, a plain count (no --symmetry, no --strategy) uses strategy border:
// faster than word with full symmetry from n = 14 on, but it counts no classes.
constexpr int smallest_border_default = 14;

Symmetry choose_symmetry(const po::variables_map& vm, const SolveIntent& intent, const std::string& strategy) {
  const bool counting = intent.mode == SearchMode::count;
  if (vm.count("symmetry") == 0) {
    if (intent.mode == SearchMode::unique) return Symmetry::full;
    if (!counting || intent.uniform || intent.watched) return Symmetry::none;
    return strategy == "word" || strategy == "border" ? Symmetry::full : Symmetry::mirror;
  }
  const auto name = vm["symmetry"].as<std::string>();
  const auto symmetry = parse_symmetry(name);
  if (!symmetry) throw UsageError("unknown --symmetry " + in_quotes(name) + " (choose none, mirror or full)");
  if (intent.mode == SearchMode::unique && *symmetry != Symmetry::full) {
    throw UsageError("--unique lists one board per symmetry class: it needs --symmetry full");
  }
  if (!counting && intent.mode != SearchMode::unique && *symmetry != Symmetry::none) {
    throw UsageError("--symmetry " + name + " applies to --count and --unique; listing boards uses every solution");
  }
  return *symmetry;
}

// The given queens (--place, --file), checked; n may come from the board file.
struct GivenQueens {
  int n = 0;
  std::vector<Queen> queens;
  std::string source;  // --place or the board file, for messages
};

std::optional<GivenQueens> given_queens(const po::variables_map& vm) {
  const bool place = vm.count("place") != 0;
  const bool board = vm.count("file") != 0;
  if (!place && !board) return std::nullopt;
  if (place && board) throw UsageError("give the queens with --place or with --file, not both");
  GivenQueens given;
  given.n = vm["size"].as<int>();
  std::string& source = given.source;
  source = "--place";
  if (place) {
    given.queens = parse_place(vm["place"].as<std::string>());
  } else {
    const std::string& path = vm["file"].as<std::string>();
    source = input_name(path);
    Board read = read_board(read_input_file(path), source);
    if (!vm["size"].defaulted() && read.n != given.n) {
      throw InputError(source + ": the board has " + std::to_string(read.n) + " rows, but -n is " +
                       std::to_string(given.n));
    }
    given.n = read.n;
    given.queens = std::move(read.queens);
  }
  if (given.n < 1) throw UsageError("-n must be a positive board size, got " + std::to_string(given.n));
  return given;  // checked by make(), once the size is known to fit the machine
}

// Every strategy in one table: what it declares (the driver checks a command line against
// it before make() is called) and how it is built. A new strategy is one more row.
struct Strategy {
  StrategyInfo info;
  std::unique_ptr<Solver> (*build)(const po::variables_map& vm, int n, Symmetry symmetry);
  // For given queens (the strategy takes "place" and "file").
  std::unique_ptr<Solver> (*build_given)(int n, const GivenQueens& given) = nullptr;
};

const std::vector<std::string> any_symmetry = {"none", "mirror", "full"};
const std::vector<std::string> no_full_symmetry = {"none", "mirror"};
const std::vector<std::string> given_queen_options = {"place", "file"};
const std::vector<SearchMode> all_but_unique = {SearchMode::count, SearchMode::all, SearchMode::first,
                                                SearchMode::limit};

std::unique_ptr<Solver> row_by_row(const char* strategy, int n, const GivenQueens& given) {
  return given_queens_solver(n, given.queens, strategy);
}

std::string given_description(int n, const std::string& strategy, const GivenQueens& given) {
  return "n=" + std::to_string(n) + " strategy=" + strategy + " symmetry=none given=" +
         std::to_string(given.queens.size());
}

const std::vector<Strategy>& strategies() {
  static const std::vector<Strategy> table = {
      {{.name = "word",
        .summary = "three 64-bit attack masks shifted per row, lowest free bit first (n <= 64); the fastest",
        .max_size = max_word_size,
        .symmetries = any_symmetry,
        .options = given_queen_options},
       [](const po::variables_map&, int n, Symmetry s) { return word_solver(n, s); },
       [](int n, const GivenQueens& g) { return row_by_row("word", n, g); }},
      {{.name = "border",
        .summary = "queens on the border placed first (constellations, one per orbit of the 8 symmetries), then "
                   "the row with the fewest free squares (n <= 32); the default for --count from n = 14, totals "
                   "only (classes: word --symmetry full)",
        .max_size = max_border_size,
        .symmetries = any_symmetry,
        .modes = all_but_unique},
       [](const po::variables_map&, int n, Symmetry s) { return border_solver(n, s); }},
      {{.name = "bitset",
        .summary = "three boost::dynamic_bitset attack masks, one preallocated frame per row (any n)",
        .symmetries = no_full_symmetry,
        .options = given_queen_options},
       [](const po::variables_map&, int n, Symmetry s) { return bitset_solver(n, s); },
       [](int n, const GivenQueens& g) { return row_by_row("bitset", n, g); }},
      {{.name = "arrays",
        .summary = "boolean arrays for columns and both diagonal families (r+c, r-c+n-1): O(1) per check",
        .symmetries = no_full_symmetry,
        .options = given_queen_options},
       [](const po::variables_map&, int n, Symmetry s) { return arrays_solver(n, s); },
       [](int n, const GivenQueens& g) { return row_by_row("arrays", n, g); }},
      {{.name = "scan",
        .summary = "the column of each placed queen; a candidate is checked against all of them: O(n) per check",
        .symmetries = no_full_symmetry,
        .options = given_queen_options},
       [](const po::variables_map&, int n, Symmetry s) { return scan_solver(n, s); },
       [](int n, const GivenQueens& g) { return row_by_row("scan", n, g); }},
      {{.name = "csp",
        .summary = "the generic CSP layer: a variable per row, a binary constraint per pair of rows (--prune, "
                   "--order, --values, --branching); the bitset layer up to n = 64, the integer layer beyond, "
                   "both branching on every column by default",
        .symmetries = no_full_symmetry,
        .options = csp::restarting_search_option_names},
       [](const po::variables_map& vm, int n, Symmetry s) { return csp_solver(vm, n, s); }},
      {{.name = "dlx",
        .summary = "exact cover with dancing links: rows and columns primary, diagonals secondary (Knuth's Algorithm X)",
        .max_size = DlxQueens::max_size,
        .symmetries = no_full_symmetry},
       [](const po::variables_map&, int n, Symmetry s) { return dlx_solver(n, s); }},
      {{.name = "mrv",
        .summary = "most constrained row (or forced column) first, middle columns first, free-square counts kept "
                   "incrementally: one solution for n up to 100,000 and more; the default for --first, --limit "
                   "when n > 24",
        .symmetries = {"none"},
        .modes = all_but_unique,
        .options = given_queen_options},
       [](const po::variables_map&, int n, Symmetry) {
         return mrv_solver(n, {}, "n=" + std::to_string(n) + " strategy=mrv symmetry=none");
       },
       [](int n, const GivenQueens& g) { return mrv_solver(n, g.queens, given_description(n, "mrv", g)); }},
  };
  return table;
}

const Strategy& strategy_named(const std::string& name) {
  for (const auto& s : strategies()) {
    if (s.info.name == name) return s;
  }
  throw UsageError("unknown strategy '" + name + "' for nqueens");  // the driver checked the name: a bug
}

// The best strategy for the mode and the size n, with queens given or not.
std::string default_strategy_for(int n, const po::variables_map& vm, const SolveIntent& intent, bool given) {
  // One solution of a board larger than a few dozen rows: only a dynamic order finds it.
  // Watched (--trace, --tree): the textbook's check, whose every refusal says why.
  if (intent.watched) return "scan";
  const bool finds_few = intent.mode == SearchMode::first || intent.mode == SearchMode::limit;
  const bool plain_count = intent.mode == SearchMode::count && !intent.uniform && vm.count("symmetry") == 0 &&
                           !given && n >= smallest_border_default && n <= max_border_size;
  return finds_few && n > 24 ? "mrv" : plain_count ? "border" : n <= max_word_size ? "word" : "bitset";
}

// As the driver asks before make(): "" (make() decides, by the same rule) for a board
// read from a file, whose size is not known yet.
std::string default_strategy(const po::variables_map& vm, const SolveIntent& intent) {
  if (vm.count("file") != 0) return "";
  return default_strategy_for(vm["size"].as<int>(), vm, intent, vm.count("place") != 0);
}

const ProblemInfo& nqueens_info();

std::unique_ptr<Solver> make(const po::variables_map& vm, const SolveIntent& intent) {
  const auto given = given_queens(vm);
  const int n = given ? given->n : vm["size"].as<int>();
  if (n < 1) throw UsageError("-n must be a positive board size, got " + std::to_string(n));
  std::string name = !intent.strategy.empty() ? intent.strategy : default_strategy(vm, intent);
  if (name.empty()) name = default_strategy_for(n, vm, intent, true);  // a board's size is known now
  const Strategy& strategy = strategy_named(name);
  // The driver checked a strategy it knew; the one chosen here for a board, and the
  // board's size (the driver saw only -n), are checked the same way now.
  if (intent.strategy.empty()) check_declared(nqueens_info(), strategy.info, vm, intent);
  check_size(nqueens_info(), strategy.info, n);
  // Before anything is built: a size beyond the machine's memory is refused, not tried.
  require_memory("strategy " + strategy.info.name, "n = " + std::to_string(n),
                 strategy_bytes(strategy.info.name, n, given.has_value()), intent.threads);
  if (given) {
    require_consistent(n, given->queens, given->source);
    if (vm.count("symmetry") != 0 && vm["symmetry"].as<std::string>() != "none") {
      throw UsageError("--symmetry " + vm["symmetry"].as<std::string>() +
                       " cannot be used with given queens (--place, --file): they break the board's "
                       "symmetry (use --symmetry none, the default then)");
    }
    if (intent.mode == SearchMode::unique) {
      throw UsageError("--unique lists one board per symmetry class; given queens break the symmetry (use --all)");
    }
    return strategy.build_given(n, *given);  // the driver checked that the strategy takes given queens
  }
  return strategy.build(vm, n, choose_symmetry(vm, intent, strategy.info.name));
}

std::vector<OptionInfo> declared_options() {
  using Type = OptionInfo::Type;
  std::vector<OptionInfo> options = {
      {.name = "size", .help = "board size: n queens on an n x n board", .type = Type::integer,
       .default_value = "8", .short_name = 'n'},
      {.name = "symmetry",
       .help = "mirror: first queen in the left half (about 2x); full: one board per class of the 8 symmetries, "
               "also reports the number of classes (strategy word; strategy border takes one border "
               "constellation per class of them and reports totals only). Default: full for --count with word "
               "and border, mirror for other strategies, none when listing",
       .choices = {"none", "mirror", "full"}},
      {.name = "place",
       .help = "given queens, ROW:COL,ROW:COL,... (0-based): count, list or find the completions "
               "(symmetry none)",
       .value_name = "ROW:COL,..."},
      {.name = "file",
       .help = "a file of given queens: n lines of n squares, 'Q' a queen, '.' empty; sets -n "
               "(at most 64 MiB)",
       .short_name = 'f',
       .names_input_file = true,
       .former_names = {"board"}},
  };
  for (auto& option : csp::search_options()) options.push_back(std::move(option));
  return options;
}

std::vector<StrategyInfo> declared_strategies() {
  std::vector<StrategyInfo> infos;
  for (const auto& s : strategies()) infos.push_back(s.info);
  return infos;
}

const ProblemInfo& nqueens_info() {
  static const ProblemInfo info{
      .name = "nqueens",
      .summary = "place n queens on an n x n board so that no two attack each other",
      .strategies = declared_strategies(),
      .make = make,
      .size_option = "size",
      .check = [](const std::string& input, const std::string& source) { return check_solution(input, source); },
      .default_strategy = default_strategy,
      .options = declared_options(),
  };
  return info;
}

const Registrar registrar(nqueens_info());

}  // namespace

Solution render(const Placement& columns, int n) {
  Solution solution;
  solution.text = "columns: " + columns_text(columns) + "\n";
  solution.json = {{"columns", columns}};
  // Drawn up to 64 x 64: a larger board is millions of characters.
  if (n <= max_word_size) {
    solution.text += board_text(columns, n);
    solution.json["rows"] = board_rows(columns, n);
  }
  return solution;
}

std::string describe(int n, const std::string& strategy, Symmetry symmetry) {
  return "n=" + std::to_string(n) + " strategy=" + strategy + " symmetry=" + std::string(to_string(symmetry));
}

std::string given_input(std::vector<Queen> queens) {
  std::sort(queens.begin(), queens.end(),
            [](const Queen& a, const Queen& b) { return std::pair(a.row, a.col) < std::pair(b.row, b.col); });
  std::string text;
  for (const Queen& q : queens) {
    if (!text.empty()) text += ',';
    text += to_string(q);
  }
  return text;
}

}  // namespace backtrack::nqueens
