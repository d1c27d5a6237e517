#pragma once
// One named section of an ELF shared object, found through the section headers in the
// file's bytes: how the program reads a plugin module's version without loading it
// (backtrack/plugin_module.hpp). Only this machine's ELF class and byte order are read;
// a module of another could not be loaded here anyway. Every offset and size is checked
// against the bytes, so any file at all gives an answer or an ElfError, never a read
// outside it (tests/fuzz/elf_section_fuzz.cpp).
#include <optional>
#include <span>
#include <stdexcept>
#include <string_view>

namespace backtrack {

// What makes a file no shared object of this machine, or a broken one: one phrase.
struct ElfError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The bytes of the first section called `name`, a view into `file`; nullopt when there is
// no such section. Throws ElfError when `file` is no ELF shared object of this machine's
// class and byte order, or when a section it needs lies outside the file.
std::optional<std::span<const unsigned char>> find_elf_section(std::span<const unsigned char> file,
                                                               std::string_view name);

}  // namespace backtrack
