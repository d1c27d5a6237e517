#pragma once
// How results are written to stdout: text for people, JSON Lines for scripts.
// In JSON every line is one object with a "type": "solution" lines while a search
// lists solutions, then one "summary" line. 128-bit counts are decimal strings.
#include <iosfwd>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

#include "../solve/instance_clock.hpp"
#include "backtrack/solver_interface.hpp"

namespace backtrack {

// docs/json-schema.md describes every line type; docs/backtrack.schema.json checks them.
inline constexpr int json_schema_version = 2;

enum class Format { text, json, csv, leetcode };

// "n=8 strategy=word" -> {"n": 8, "strategy": "word"}: a whole number as a number.
nlohmann::json instance_json(const std::string& description);
// A value of a description or an option as JSON: a number where it is a whole number
// ("12"), else the text; null for "".
nlohmann::json value_json(const std::string& text);

// A run is partial when its search stopped before it had seen the whole tree for any
// reason but the solutions asked for (--first, --limit K); `capped`: a listing that
// stopped at the cap the user did not ask for (solve's 100,000 without --force) is
// partial too.
nlohmann::json summary_json(const std::string& problem, const std::string& description, const RunResult& result,
                            unsigned threads, const InstanceTimes& times, bool capped = false);

void write_summary_text(std::ostream& out, const std::string& problem, const std::string& description,
                        const RunResult& result, unsigned threads, const InstanceTimes& times, bool capped = false);

// The problem's own counters of its work by name ({"propagations": 12, "checks": 40}),
// or null when it has none.
nlohmann::json counters_json(const RunResult& result);
// One of them, or nothing when the problem has no counter of that name.
std::optional<std::uint64_t> counter(const RunResult& result, const std::string& name);

// Nodes and failures per depth: [{"depth": 0, "nodes": 1, "failures": 0}, ...], up to
// the deepest depth with a node.
nlohmann::json profile_json(const DepthProfile& profile);
// The same as a table, under a heading.
void write_profile_text(std::ostream& out, const DepthProfile& profile);

// The nodes this run searched per second of its search: a count resumed from a
// checkpoint did not search the subtrees it resumed, so their nodes do not count.
double nodes_per_second(const RunResult& result, const InstanceTimes& times);

// The median of some times (0 for none).
double median(std::vector<double> values);

// One JSON line for stdout, without its line end. Text the user typed (a file name, a
// description) may be any bytes: what is not UTF-8 is written as U+FFFD rather than
// making the dump throw after the work is done.
std::string json_line(const nlohmann::json& j);

// A sink that takes every solution and keeps none (a count that needs no example).
SolutionSink ignore_solutions();

}  // namespace backtrack
