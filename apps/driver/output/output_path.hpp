#pragma once
// The files a command writes after its search (--plot's picture, --tree's drawings),
// checked before it: a search of minutes is not thrown away for a name that cannot be
// written. `option` names the option in the messages ("--plot"); a UsageError says why.
#include <string>

namespace backtrack {

// A new file or a regular file we may write, in a directory we may write into (not a
// directory, nor a device such as /dev/null, which copying would refuse only at the end).
void check_output_file(const std::string& option, const std::string& file);

// A directory we may write into, or one that can be made: where it is missing, the
// nearest directory above it that exists must be one we may write into.
void check_output_directory(const std::string& option, const std::string& directory);

}  // namespace backtrack
