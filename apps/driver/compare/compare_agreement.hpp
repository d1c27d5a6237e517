#pragma once
// Counts that should agree: rows of the same size and instance, and the same options of
// the instance (those no strategy alone takes), searched to the end, count the same
// tree, or prove the same optimum.
#include <vector>

#include "compare_report.hpp"

namespace backtrack::compare {

// Logs each disagreement; false if there was one. Only counts are compared: a listing's
// rows may stop at different solutions.
bool rows_agree(const std::vector<Row>& rows, const std::vector<Axis>& axes, SearchMode mode);

}  // namespace backtrack::compare
