#pragma once
// compare --format json writes JSON Lines: a "row" line for each row, then one "compare"
// line. The tests read them back as one table: the "compare" line, with "rows" the array
// of the row lines in order (and the count it states checked against them).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

namespace cli {

inline nlohmann::json compare_table(const std::string& out) {
  nlohmann::json rows = nlohmann::json::array();
  nlohmann::json table;
  std::istringstream lines(out);
  std::string line;
  while (std::getline(lines, line)) {
    auto object = nlohmann::json::parse(line);
    EXPECT_EQ(object["schema_version"], 2) << line;
    if (object["type"] == "row") {
      EXPECT_TRUE(table.is_null()) << "a row after the compare line: " << line;
      rows.push_back(std::move(object));
    } else {
      EXPECT_EQ(object["type"], "compare") << line;
      table = std::move(object);
    }
  }
  if (table.is_null()) {
    ADD_FAILURE() << "no compare line in:\n" << out;
    return {{"rows", rows}};
  }
  EXPECT_EQ(table["rows"], rows.size()) << out;
  table["rows"] = rows;
  return table;
}

}  // namespace cli
