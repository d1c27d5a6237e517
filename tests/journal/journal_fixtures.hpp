#pragma once
// What the journal tests share: a journal's header for an N-Queens count, and a file's bytes.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "backtrack/digest.hpp"
#include "backtrack/journal.hpp"

inline backtrack::JournalHeader header(const std::string& instance = "n=8 strategy=word symmetry=none") {
  return {.problem = "nqueens",
          .instance = instance,
          .input_digest = backtrack::sha1_hex(""),
          .options = {{"size", "8"}},
          .program_version = "test-1"};
}

inline std::string read(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}
