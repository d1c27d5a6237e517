// One JSON schema for every command: each line that solve, compare, estimate, check and
// list write with --format json is checked against docs/backtrack.schema.json, by a
// validator of the part of JSON Schema that file uses (type, const, enum, minimum,
// required, properties, additionalProperties, items, oneOf, $ref).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "run_process.hpp"

namespace {

using nlohmann::json;

json load_schema() {
  std::ifstream in(std::string(BACKTRACK_SOURCE_DIR) + "/docs/backtrack.schema.json");
  return json::parse(in);
}

bool has_type(const json& value, const std::string& type) {
  if (type == "object") return value.is_object();
  if (type == "array") return value.is_array();
  if (type == "string") return value.is_string();
  if (type == "boolean") return value.is_boolean();
  if (type == "null") return value.is_null();
  if (type == "integer") return value.is_number_integer();
  if (type == "number") return value.is_number();
  return false;
}

class Validator {
 public:
  explicit Validator(json schema) : root_(std::move(schema)) {}

  // Why `value` does not match `schema`, or "" when it does.
  std::string check(const json& value, const json& schema, const std::string& where) const {
    if (schema.is_boolean()) return schema.get<bool>() ? "" : where + ": not allowed";
    if (schema.contains("$ref")) {
      const std::string ref = schema["$ref"];
      return check(value, root_.at(json::json_pointer(ref.substr(1))), where);
    }
    if (schema.contains("type")) {
      bool any = false;
      const auto& types = schema["type"];
      for (const auto& t : types.is_array() ? types : json::array({types})) any = any || has_type(value, t);
      if (!any) return where + ": " + value.dump() + " is not of type " + types.dump();
    }
    if (schema.contains("const") && value != schema["const"]) return where + ": not " + schema["const"].dump();
    if (schema.contains("enum")) {
      const auto& e = schema["enum"];
      if (std::find(e.begin(), e.end(), value) == e.end()) return where + ": " + value.dump() + " not in " + e.dump();
    }
    if (schema.contains("minimum") && value.is_number() && value.get<double>() < schema["minimum"].get<double>()) {
      return where + ": below the minimum";
    }
    if (schema.contains("oneOf")) {
      int matches = 0;
      std::string reasons;
      for (const auto& option : schema["oneOf"]) {
        const auto why = check(value, option, where);
        if (why.empty()) ++matches;
        else reasons += "\n  " + why;
      }
      if (matches != 1) return where + ": matches " + std::to_string(matches) + " of oneOf" + reasons;
    }
    if (value.is_object()) {
      for (const auto& key : schema.value("required", json::array())) {
        if (!value.contains(key.get<std::string>())) return where + ": lacks \"" + key.get<std::string>() + "\"";
      }
      const json properties = schema.value("properties", json::object());
      for (const auto& [key, item] : value.items()) {
        const std::string at = where + "." + key;
        std::string why;
        if (properties.contains(key)) {
          why = check(item, properties[key], at);
        } else if (schema.contains("additionalProperties")) {
          why = check(item, schema["additionalProperties"], at);
        }
        if (!why.empty()) return why;
      }
    }
    if (value.is_array() && schema.contains("items")) {
      for (std::size_t i = 0; i < value.size(); ++i) {
        if (auto why = check(value[i], schema["items"], where + "[" + std::to_string(i) + "]"); !why.empty()) return why;
      }
    }
    return "";
  }

  std::string check(const json& line) const { return check(line, root_, "line"); }

 private:
  json root_;
};

TEST(JsonSchema, EveryLineOfEveryCommandMatches) {
  const Validator validator(load_schema());
  const auto dir = std::filesystem::temp_directory_path() / ("backtrack-schema-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string set = (dir / "set.txt").string();
  std::ofstream(set) << "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..\n"
                     << "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..\n";
  const std::string board = (dir / "board.json").string();
  const std::string journal = (dir / "count.journal").string();
  const std::vector<std::vector<std::string>> commands = {
      {"solve", "nqueens", "-n", "6", "--all"},
      {"solve", "nqueens", "-n", "8", "--profile"},
      {"solve", "nqueens", "-n", "10", "--checkpoint", journal},
      {"solve", "nqueens", "-n", "9", "--strategy", "csp", "--first"},
      {"solve", "nqueens", "-n", "20", "--max-nodes", "1000"},
      {"solve", "nqueens", "-n", "12", "--max-failures", "100", "--limit", "3"},
      {"solve", "sudoku", "--file", set, "--first"},
      {"solve", "pentomino", "--shape", "3x20", "--limit", "2"},
      {"solve", "magic-square", "-n", "3", "--symmetry", "full", "--all"},
      {"solve", "golomb", "-n", "7"},
      {"solve", "golomb", "-n", "9", "--max-nodes", "100"},
      {"solve", "nqueens", "-n", "5", "--trace=boards", "--max-nodes", "30"},
      {"solve", "nqueens", "-n", "6", "--strategy", "csp", "--symmetry", "mirror", "--trace"},
      {"solve", "golomb", "-n", "5", "--learn", "lcg", "--restarts", "luby", "--trace"},
      {"compare", "golomb", "-n", "5..6"},
      {"compare", "nqueens", "-n", "5..7", "--strategy", "word,csp", "--vary", "prune=forward,arc", "--profile"},
      {"compare", "sudoku", "--file", set, "--strategy", "dlx,bits", "--per-instance"},
      {"compare", "nqueens", "-n", "12", "--strategy", "scan", "--max-nodes", "100"},
      {"estimate", "nqueens", "-n", "12"},
      {"list"},
  };
  std::set<std::string> types;
  for (auto args : commands) {
    args.insert(args.end(), {"--format", "json"});
    const auto o = cli::run(args);
    ASSERT_TRUE(o.exit_code == 0 || o.exit_code == 3) << args[1] << ": " << o.err;
    for (const auto& text : cli::lines_of(o.out)) {
      const json line = json::parse(text);
      EXPECT_EQ(validator.check(line), "") << args[0] << ' ' << args[1] << ": " << text;
      types.insert(line.value("type", "?"));
      if (args[0] == "solve" && args[1] == "nqueens" && line["type"] == "solution") {
        std::ofstream(board) << text << '\n';
      }
    }
  }
  for (const std::string format : {"json"}) {
    const auto o = cli::run({"check", "nqueens", board, "--format", format});
    ASSERT_EQ(o.exit_code, 0) << o.err;
    const json line = json::parse(o.out);
    EXPECT_EQ(validator.check(line), "") << o.out;
    types.insert(line.value("type", "?"));
  }
  EXPECT_EQ(types, (std::set<std::string>{"solution", "step", "summary", "instance", "row", "compare", "estimate", "check",
                                          "problems"}));
  std::filesystem::remove_all(dir);
}

// The validator is no rubber stamp: lines of schema version 1 and broken lines fail.
TEST(JsonSchema, RefusesWhatTheSchemaDoesNot) {
  const Validator validator(load_schema());
  const auto o = cli::run({"solve", "nqueens", "-n", "6", "--format", "json"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const json summary = json::parse(o.out);
  ASSERT_EQ(validator.check(summary), "");
  for (const auto& [key, value] : std::vector<std::pair<std::string, json>>{{"schema_version", 1},
                                                                            {"nodes", "17"},
                                                                            {"solutions", 4},
                                                                            {"status", "done"},
                                                                            {"objective", "55"},
                                                                            {"optimal", "yes"},
                                                                            {"speedup", 1.0}}) {
    json broken = summary;
    broken[key] = value;
    EXPECT_NE(validator.check(broken), "") << key;
  }
  json missing = summary;
  missing.erase("nodes");
  EXPECT_NE(validator.check(missing), "");
  EXPECT_NE(validator.check(json{{"type", "table"}, {"schema_version", 2}}), "");
}

}  // namespace
