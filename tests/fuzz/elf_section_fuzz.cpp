// Plugin module files: find_elf_section reads the section headers of any bytes, as the
// program reads a module's version before it loads it (apps/driver/plugins/elf_section.hpp).
// Promises: it answers or throws ElfError, never reads outside the input, and a section
// it finds lies inside the input.
#include <span>

#include "contract.hpp"
#include "plugins/elf_section.hpp"

using backtrack::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const unsigned char> file(data, size);
  try {
    const auto section = backtrack::find_elf_section(file, ".backtrack_plugin");
    if (section && !section->empty()) {
      require(section->data() >= data && section->size() <= size &&
                  static_cast<std::size_t>(section->data() - data) <= size - section->size(),
              "a section found lies inside the file");
      // Every byte read, as the program reads the version, so that AddressSanitizer sees
      // any that lies outside the input.
      [[maybe_unused]] volatile unsigned char last = 0;
      for (const unsigned char byte : *section) last = byte;
    }
  } catch (const backtrack::ElfError&) {
  }
  return 0;
}
