#include "shared_options.hpp"

#include <boost/program_options/value_semantic.hpp>

namespace backtrack {

namespace po = boost::program_options;

void add_help_option(po::options_description& options) { options.add_options()("help,h", "this help"); }

void add_format_option(po::options_description& options, const std::vector<std::string>& formats,
                       const std::string& help) {
  std::string listed;
  for (const auto& format : formats) listed += (listed.empty() ? "" : " | ") + format;
  options.add_options()("format", po::value<std::string>()->default_value("text")->value_name("FORMAT"),
                        (help.empty() ? listed : help).c_str());
}

void add_strategy_option(po::options_description& options, const char* help, const char* placeholder) {
  options.add_options()("strategy,s", po::value<std::string>()->value_name(placeholder), help);
}

void add_threads_option(po::options_description& options, const char* help, std::optional<int> default_threads) {
  auto* threads = po::value<int>()->value_name("N");
  if (default_threads) threads->default_value(*default_threads);
  options.add_options()("threads,j", threads, help);
}

void add_first_option(po::options_description& options, const char* help) { options.add_options()("first", help); }

void add_limit_option(po::options_description& options, const char* help) {
  options.add_options()("limit", po::value<long long>()->value_name("K"), help);
}

void add_max_nodes_option(po::options_description& options, const char* help) {
  options.add_options()("max-nodes", po::value<long long>()->value_name("N"), help);
}

void add_max_failures_option(po::options_description& options, const char* help) {
  options.add_options()("max-failures", po::value<long long>()->value_name("N"), help);
}

void add_time_limit_option(po::options_description& options, const char* help) {
  options.add_options()("time-limit", po::value<double>()->value_name("SECONDS"), help);
}

void add_profile_option(po::options_description& options, const char* help) { options.add_options()("profile", help); }

}  // namespace backtrack
