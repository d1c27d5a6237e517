#include "compare_plot.hpp"

#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include "../program/log.hpp"
#include "backtrack/errors.hpp"
#include "backtrack/quoted.hpp"
#include "gnuplot_string.hpp"

namespace backtrack::compare {

PlotTerminal plot_terminal(const std::string& file) {
  std::string extension = std::filesystem::path(file).extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  // Each format's terminals, the first this gnuplot has drawing it (cairo's, for their
  // anti-aliasing).
  const std::vector<std::pair<std::string, std::vector<const char*>>> formats = {
      {".svg", {"svg"}}, {".png", {"pngcairo", "png"}}, {".pdf", {"pdfcairo", "pdf"}}};
  const auto format = std::find_if(formats.begin(), formats.end(), [&](const auto& f) { return f.first == extension; });
  if (format == formats.end()) {
    throw UsageError("--plot " + in_quotes(file) + ": the picture's format is named by its extension, .svg, .png or .pdf");
  }
  // A fixed command, no user text: GPVAL_TERMINALS lists the terminals this gnuplot has.
  const PlotTerminal no_gnuplot{"", "--plot needs gnuplot, which is not installed (Debian: apt-get install gnuplot-nox)"};
  FILE* pipe = popen("gnuplot -e 'print GPVAL_TERMINALS' 2>&1", "r");
  if (pipe == nullptr) return no_gnuplot;
  std::string listed;
  char buffer[4096];
  for (std::size_t got; (got = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) listed.append(buffer, got);
  if (pclose(pipe) != 0) return no_gnuplot;
  std::istringstream words(listed);
  const std::vector<std::string> terminals{std::istream_iterator<std::string>(words), {}};
  auto has = [&](const char* name) { return std::find(terminals.begin(), terminals.end(), name) != terminals.end(); };
  for (const char* name : format->second) {
    if (has(name)) return {name, ""};
  }
  return {"", "--plot " + in_quotes(file) + ": this gnuplot cannot draw " + extension.substr(1) +
                  " (it has no terminal for it); use .svg"};
}

namespace {

// The ticks of an axis of integers (sizes, depths): "lo, step, hi", about ten of them at
// most; "" unless every value is an integer. gnuplot's own ticks fall between them
// (8, 8.5, 9, 9.5, 10 for the sizes 8 to 10).
std::string integer_ticks(const std::vector<std::string>& values) {
  long long lo = 0, hi = 0;
  for (std::size_t i = 0; i < values.size(); ++i) {
    long long value = 0;
    const char* end = values[i].data() + values[i].size();
    const auto [stop, error] = std::from_chars(values[i].data(), end, value);
    if (error != std::errc() || stop != end) return "";
    lo = i == 0 ? value : std::min(lo, value);
    hi = i == 0 ? value : std::max(hi, value);
  }
  if (values.empty()) return "";
  const long long step = std::max(1LL, (hi - lo + 9) / 10);
  return std::to_string(lo) + ", " + std::to_string(step) + ", " + std::to_string(hi);
}

}  // namespace

// gnuplot writes into a private directory of ours, and the picture is then copied to
// `file`: the user's file name never enters the script, and gnuplot never falls back to
// writing the picture to stdout. Every other text enters it as gnuplot_string().
void plot(const std::vector<Row>& rows, const std::vector<Axis>& axes, const std::string& title,
          const std::string& size_name, const std::string& file, const std::string& terminal, bool profile,
          bool sizes) {
  std::string pattern = (std::filesystem::temp_directory_path() / "backtrack-plot-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) throw InputError("cannot create a temporary directory: " + std::string(std::strerror(errno)));
  const std::filesystem::path directory = pattern;
  struct RemoveDirectory {
    std::filesystem::path path;
    ~RemoveDirectory() {
      std::error_code ignored;
      std::filesystem::remove_all(path, ignored);
    }
  } cleanup{directory};
  std::vector<std::string> lines;  // the configurations, in the table's order
  for (const auto& r : rows) {
    if (std::find(lines.begin(), lines.end(), label(r.config, axes)) == lines.end()) lines.push_back(label(r.config, axes));
  }
  {
    std::ofstream out(directory / "times.dat");
    for (const auto& line : lines) {
      for (const auto& r : rows) {
        if (label(r.config, axes) == line && r.times.search_seconds > 0) {
          out << r.config.size << ' ' << r.times.search_seconds << '\n';
        }
      }
      out << "\n\n";
    }
  }
  if (profile) {
    std::ofstream out(directory / "profile.dat");
    for (const auto& r : rows) {
      for (std::size_t d = 0; d < r.result.profile.size(); ++d) {
        if (r.result.profile[d].nodes > 0) out << d << ' ' << r.result.profile[d].nodes << '\n';
      }
      out << "\n\n";
    }
  }
  std::ostringstream script;
  // A PDF's size is in inches, the others' in pixels.
  const bool pdf = terminal.starts_with("pdf");
  script << "set terminal " << terminal << " size " << (pdf ? "8in," : "800,") << (profile ? 10 : 5)
         << (pdf ? "in" : "00") << (terminal == "svg" ? " dynamic" : "")
         << " enhanced" << (terminal == "pdf" ? "" : " background rgb 'white'") << '\n'
         << "set output " << gnuplot_string((directory / "plot").string()) << '\n'
         << (profile ? "set multiplot layout 2,1\n" : "")
         << "set logscale y\nset format y '10^{%L}'\nset ylabel 'search seconds (log scale)'\nset grid\n"
         << "set title " << gnuplot_string(title) << " noenhanced\n";
  std::vector<std::string> sizes_drawn;
  for (const auto& r : rows) {
    if (std::find(sizes_drawn.begin(), sizes_drawn.end(), r.config.size) == sizes_drawn.end()) {
      sizes_drawn.push_back(r.config.size);
    }
  }
  if (sizes_drawn.size() > 1) {
    // Half a step of room at either end, so that the first and last points are not on the frame.
    const std::string ticks = integer_ticks(sizes_drawn);
    if (!ticks.empty()) script << "set xtics " << ticks << "\nset offsets 0.5, 0.5, 0, 0\n";
    script << "set xlabel " << gnuplot_string(size_name) << "\nset key left top noenhanced\nplot ";
    for (std::size_t i = 0; i < lines.size(); ++i) {
      script << (i ? ", " : "") << gnuplot_string((directory / "times.dat").string()) << " index " << i
             << " using 1:2 with linespoints title " << gnuplot_string(lines[i]);
    }
  } else {
    // One size (or none: a puzzle, a set of them): a bar a row, where lines over one
    // size would be a scatter of points.
    std::ofstream out(directory / "bars.dat");
    script << "set style fill solid 0.6 border\nset boxwidth 0.7\nset xrange [-0.5:"
           << static_cast<double>(rows.size()) - 0.5 << "]\nset xtics rotate by -30 noenhanced (";
    for (std::size_t i = 0; i < rows.size(); ++i) {
      script << (i ? ", " : "") << gnuplot_string(profile_label(rows[i], axes, false)) << ' ' << i;
      if (rows[i].times.search_seconds > 0) out << i << ' ' << rows[i].times.search_seconds << '\n';
    }
    script << ")\nset xlabel " << gnuplot_string(sizes_drawn.empty() || sizes_drawn[0].empty() ? "" : size_name + " = " + sizes_drawn[0])
           << "\nplot " << gnuplot_string((directory / "bars.dat").string()) << " using 1:2 with boxes notitle";
  }
  script << '\n';
  if (profile) {
    // The curves of every row fill the chart's corners (the largest size reaches the
    // right edge high up): the key goes to the right of the chart, outside it.
    std::vector<std::string> depths;
    for (const auto& r : rows) {
      for (std::size_t d = 0; d < r.result.profile.size(); ++d) {
        if (r.result.profile[d].nodes > 0) depths.push_back(std::to_string(d));
      }
    }
    const std::string ticks = integer_ticks(depths);
    script << "set autoscale x\nset xtics norotate " << (ticks.empty() ? "autofreq" : ticks)
           << "\nset offsets 0, 0, 0, 0\nset xlabel 'depth'\nset ylabel 'nodes (log scale)'\n"
           << "set key outside right top noenhanced\nset title 'nodes per depth' noenhanced\nplot ";
    for (std::size_t i = 0; i < rows.size(); ++i) {
      script << (i ? ", " : "") << gnuplot_string((directory / "profile.dat").string()) << " index " << i
             << " using 1:2 with linespoints title " << gnuplot_string(profile_label(rows[i], axes, sizes));
    }
    script << "\nunset multiplot\n";
  }
  // gnuplot's own messages ("Warning: empty x range") go to a log of ours: shown with -v,
  // or when it fails. Its path reaches the shell through the environment, never as text
  // of the command.
  const std::filesystem::path messages = directory / "gnuplot.log";
  ::setenv("BACKTRACK_GNUPLOT_LOG", messages.c_str(), 1);
  FILE* gnuplot = popen("exec gnuplot 2>\"$BACKTRACK_GNUPLOT_LOG\"", "w");
  if (gnuplot == nullptr) throw std::runtime_error("cannot start gnuplot");
  std::istringstream script_lines(script.str());
  for (std::string line; std::getline(script_lines, line);) log::debug("gnuplot script: " + line);
  std::fputs(script.str().c_str(), gnuplot);
  const int status = pclose(gnuplot);
  std::ifstream said(messages);
  std::string told;
  for (std::string line; std::getline(said, line);) {
    if (line.empty()) continue;
    log::debug("gnuplot: " + line);
    told = line;
  }
  std::error_code ec;
  if (status != 0 || !std::filesystem::exists(directory / "plot", ec)) {
    throw InputError("gnuplot could not draw the plot (exit status " + std::to_string(status) + ")" +
                     (told.empty() ? "" : ": " + told));
  }
  std::filesystem::copy_file(directory / "plot", file, std::filesystem::copy_options::overwrite_existing, ec);
  if (ec) throw InputError("--plot " + in_quotes(file) + ": " + ec.message());
  log::info("wrote " + shown(file, std::string_view::npos));  // one line, whatever the name
}

}  // namespace backtrack::compare
