#include "option_values.hpp"

#include <boost/any.hpp>
#include <charconv>
#include <cstdint>
#include <stdexcept>
#include <type_traits>
#include <vector>

namespace backtrack {

namespace {

// Shortest text that reads back as the same number.
template <class Number>
std::string number_text(Number value) {
  char text[64];
  return std::string(text, std::to_chars(text, text + sizeof text, value).ptr);
}

template <class Item>
bool list_text(const boost::any& value, std::string& text) {
  const auto* items = boost::any_cast<std::vector<Item>>(&value);
  if (items == nullptr) return false;
  for (const auto& item : *items) {
    if (!text.empty()) text += ',';
    if constexpr (std::is_same_v<Item, std::string>) {
      text += item;
    } else {
      text += number_text(item);
    }
  }
  return true;
}

template <class Number>
bool scalar_text(const boost::any& value, std::string& text) {
  const auto* number = boost::any_cast<Number>(&value);
  if (number != nullptr) text = number_text(*number);
  return number != nullptr;
}

std::string value_text(const std::string& name, const boost::any& value) {
  if (value.empty()) return "yes";  // a flag: present
  if (const auto* text = boost::any_cast<std::string>(&value)) return *text;
  if (const auto* flag = boost::any_cast<bool>(&value)) return *flag ? "true" : "false";
  std::string text;
  if (scalar_text<int>(value, text) || scalar_text<long>(value, text) || scalar_text<long long>(value, text) ||
      scalar_text<unsigned>(value, text) || scalar_text<unsigned long>(value, text) ||
      scalar_text<unsigned long long>(value, text) || scalar_text<float>(value, text) ||
      scalar_text<double>(value, text) || list_text<std::string>(value, text) || list_text<int>(value, text)) {
    return text;
  }
  throw std::logic_error("--checkpoint cannot record the value of option --" + name + ": its type (" +
                         value.type().name() + ") is none the journal knows how to write");
}

}  // namespace

std::map<std::string, std::string> option_values(const boost::program_options::variables_map& vm,
                                                 const boost::program_options::options_description& own) {
  std::map<std::string, std::string> values;
  for (const auto& option : own.options()) {
    const std::string& name = option->long_name();
    if (vm.count(name) == 0) continue;
    values[name] = value_text(name, vm[name].value());
  }
  return values;
}

}  // namespace backtrack
