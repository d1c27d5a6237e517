#pragma once
// A number in a message, written as fmt's "{}" writes it: the shortest text that reads
// back as the same double, without an exponent from 1e-4 up to 1e16 ("0.5", "1e+20",
// "nan"). The messages were formatted by fmt before they were built as strings, and
// tests and users' scripts read them; std::to_string() would write "0.500000".
#include <string>

namespace backtrack {

std::string double_text(double value);

}  // namespace backtrack
