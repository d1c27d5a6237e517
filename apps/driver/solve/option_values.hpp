#pragma once
// The values of a problem's own options as text, for the identity of a checkpointed
// count: the journal keeps them, and refuses a run whose values differ. A second guard
// beside the plugin's Instance: an option a plugin forgot to name there still
// separates two counts. Only the problem's options count; the driver's own (threads,
// checkpoint, format, limits, ...) change how a count runs, not what it counts.
#include <boost/program_options.hpp>
#include <map>
#include <string>

namespace backtrack {

// name -> value of every option of `own` that `vm` holds, given or defaulted:
// "size" -> "14", "place" -> "1:0". A flag without a value is "yes"; a list is its
// items joined by ','. Throws std::logic_error for a value type it cannot write.
std::map<std::string, std::string> option_values(const boost::program_options::variables_map& vm,
                                                 const boost::program_options::options_description& own);

}  // namespace backtrack
