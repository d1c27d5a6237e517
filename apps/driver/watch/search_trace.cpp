#include "search_trace.hpp"

#include <nlohmann/json.hpp>
#include <string_view>

#include "../output/report.hpp"
#include "../program/interrupt.hpp"
#include "../program/log.hpp"
#include "backtrack/solution_text.hpp"

namespace backtrack {
namespace {

// Past this many nodes a trace says once that it is long, where no --max-nodes bounds it.
constexpr std::uint64_t long_trace = 10000;

// A step of the trace as a JSON line of type "step" (docs/json-schema.md).
nlohmann::json step(const char* event, int depth) {
  return {{"type", "step"}, {"schema_version", json_schema_version}, {"event", event}, {"depth", depth}};
}

nlohmann::json board_json(const std::string& drawing) {
  nlohmann::json rows = nlohmann::json::array();
  for (const std::string_view row : lines_of(drawing)) rows.push_back(row);
  return rows;
}

}  // namespace

bool SearchTrace::writes() {
  if (cut_) return false;
  if (max_lines_ == 0 || lines_ < max_lines_) return true;
  // The search stops at its next check of the stop flag; until then it is not written.
  cut_ = true;
  interrupt::request_stop();
  return false;
}

void SearchTrace::line(int depth, const std::string& text) {
  out_ << std::string(static_cast<std::size_t>(2 * depth), ' ') << text << '\n';
  ++lines_;
}

void SearchTrace::json(const nlohmann::json& event) {
  out_ << json_line(event) << '\n';
  ++lines_;
}

void SearchTrace::drawing(int depth, const std::string& text) {
  for (const std::string_view row : lines_of(text)) line(depth, "  " + std::string(row));
}

void SearchTrace::enter(int depth, const NodeView& node) {
  if (++nodes_ == long_trace) {
    log::warn("the trace has passed " + std::to_string(long_trace) +
              " nodes; --max-nodes N stops the search sooner, --tree FILE draws a large tree");
  }
  depth_ = depth;
  refused_ = 0;
  if (!writes()) return;
  board_ = node.drawing();
  const std::string move = node.move();
  if (json_) {
    nlohmann::json event = step("node", depth);
    event["move"] = move;
    if (boards_ && !board_.empty()) event["board"] = board_json(board_);
    json(event);
    return;
  }
  line(depth, move.empty() ? "start" : move);
  if (boards_) drawing(depth, board_);
}

void SearchTrace::solution(std::uint64_t weight) {
  if (!writes()) return;
  if (json_) {
    nlohmann::json event = step("solution", depth_);
    event["weight"] = weight;
    if (!board_.empty()) event["board"] = board_json(board_);
    json(event);
    return;
  }
  line(depth_ + 1, weight == 0 ? "a solution, not counted: a symmetric one is" : "solution");
  if (!boards_) drawing(depth_ + 1, board_);
}

void SearchTrace::refused(const NodeView& move) {
  if (!writes()) return;
  const std::string why = move.why();
  if (json_) {
    nlohmann::json event = step("refused", depth_ + 1);
    event["move"] = move.move();
    event["why"] = why;
    json(event);
    return;
  }
  ++refused_;
  line(depth_ + 1, move.move() + " -- refused" + (why.empty() ? "" : ": " + why));
}

void SearchTrace::dead_end(const NodeView& node) {
  if (!writes()) return;
  std::string why = node.why();
  if (why.empty() && refused_ > 0) why = "every move refused";
  if (json_) {
    nlohmann::json event = step("dead_end", depth_);
    event["why"] = why;
    json(event);
    return;
  }
  line(depth_ + 1, why.empty() ? "dead end" : "dead end: " + why);
}

void SearchTrace::backjump(int to) {
  if (!writes()) return;
  if (json_) {
    nlohmann::json event = step("backjump", depth_);
    event["to"] = to;
    json(event);
    return;
  }
  line(depth_ + 1, "backjump to depth " + std::to_string(to) + ": the failure depends on no decision below it");
}

void SearchTrace::learnt(const std::vector<std::string>& nogood, int to) {
  if (!writes()) return;
  if (json_) {
    nlohmann::json event = step("conflict", depth_);
    event["nogood"] = nogood;
    event["to"] = to;
    json(event);
    return;
  }
  if (nogood.empty()) {
    line(depth_ + 1, "conflict: it holds whatever is decided; the search is over");
    return;
  }
  std::string literals;
  for (const std::string& l : nogood) literals += (literals.empty() ? "" : ", ") + l;
  line(depth_ + 1, "conflict: learnt that " + literals + " cannot all hold; back to depth " + std::to_string(to));
}

void SearchTrace::restart() {
  if (!writes()) return;
  if (json_) {
    json(step("restart", depth_));
    return;
  }
  line(depth_ + 1, "restart: back to the root, keeping what was learnt");
}

void SearchTrace::leave() {
  if (json_ && writes()) json(step("back", depth_));
  --depth_;
}

}  // namespace backtrack
