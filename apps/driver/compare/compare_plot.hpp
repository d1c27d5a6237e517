#pragma once
// compare --plot: search seconds against the size (or a bar a row), drawn by gnuplot into an SVG, PNG or PDF file.
#include <string>
#include <vector>

#include "compare_report.hpp"

namespace backtrack::compare {

// The gnuplot terminal that draws the picture --plot names, by its extension (.svg, .png,
// .pdf; any other is a usage error), where this gnuplot has a terminal for it.
// Checked before any run, as the path is: the table is not thrown away because the
// picture cannot be drawn.
struct PlotTerminal {
  std::string name;         // as gnuplot's `set terminal` takes it
  std::string unavailable;  // why this machine cannot draw it (exit 69); "" if it can
};
PlotTerminal plot_terminal(const std::string& file);

// Draws search seconds against size, log scale, one line per configuration, with gnuplot
// (one size, or a problem without one: a bar per row); with --profile, below it a second
// chart: nodes per depth, log scale, one line per row.
void plot(const std::vector<Row>& rows, const std::vector<Axis>& axes, const std::string& title,
          const std::string& size_name, const std::string& file, const std::string& terminal, bool profile,
          bool sizes);

}  // namespace backtrack::compare
