#include "elf_section.hpp"

#include <elf.h>
#include <link.h>

#include <bit>
#include <cstdint>
#include <cstring>

namespace backtrack {
namespace {

using FileHeader = ElfW(Ehdr);
using SectionHeader = ElfW(Shdr);

constexpr unsigned char native_class = sizeof(void*) == 8 ? ELFCLASS64 : ELFCLASS32;
constexpr unsigned char native_byte_order = std::endian::native == std::endian::little ? ELFDATA2LSB : ELFDATA2MSB;

// Whether [offset, offset + size) lies inside the file, in arithmetic that cannot overflow.
bool inside(std::span<const unsigned char> file, std::uint64_t offset, std::uint64_t size) {
  return offset <= file.size() && size <= file.size() - offset;
}

// A copy, since nothing says the bytes are aligned for T.
template <class T>
T read_at(std::span<const unsigned char> file, std::uint64_t offset) {
  T value;
  std::memcpy(&value, file.data() + offset, sizeof value);
  return value;
}

std::span<const unsigned char> contents(std::span<const unsigned char> file, const SectionHeader& section) {
  if (section.sh_type == SHT_NOBITS) return {};  // occupies no bytes of the file (.bss)
  if (!inside(file, section.sh_offset, section.sh_size)) throw ElfError("a section lies outside the file");
  return file.subspan(section.sh_offset, section.sh_size);
}

}  // namespace

std::optional<std::span<const unsigned char>> find_elf_section(std::span<const unsigned char> file,
                                                               std::string_view name) {
  if (file.size() < SELFMAG || std::memcmp(file.data(), ELFMAG, SELFMAG) != 0) throw ElfError("not an ELF file");
  if (file.size() < sizeof(FileHeader)) throw ElfError("an ELF file cut short");
  const auto header = read_at<FileHeader>(file, 0);
  if (header.e_ident[EI_CLASS] != native_class || header.e_ident[EI_DATA] != native_byte_order) {
    throw ElfError("an ELF file of another word size or byte order");
  }
  if (header.e_type != ET_DYN) throw ElfError("an ELF file, but no shared object");
  if (header.e_shoff == 0) return std::nullopt;  // no section headers at all
  if (header.e_shentsize != sizeof(SectionHeader) || !inside(file, header.e_shoff, sizeof(SectionHeader))) {
    throw ElfError("its section headers lie outside the file");
  }
  // From 0xff00 sections on, the count and the index of the names move into section 0.
  const auto first = read_at<SectionHeader>(file, header.e_shoff);
  const std::uint64_t count = header.e_shnum != 0 ? header.e_shnum : first.sh_size;
  const std::uint64_t names_index = header.e_shstrndx != SHN_XINDEX ? header.e_shstrndx : first.sh_link;
  if (count > (file.size() - header.e_shoff) / sizeof(SectionHeader)) {
    throw ElfError("its section headers lie outside the file");
  }
  const auto section = [&](std::uint64_t i) {
    return read_at<SectionHeader>(file, header.e_shoff + i * sizeof(SectionHeader));
  };
  if (names_index >= count) throw ElfError("its section names are missing");
  const auto names = contents(file, section(names_index));
  for (std::uint64_t i = 0; i < count; ++i) {
    const SectionHeader candidate = section(i);
    if (candidate.sh_name >= names.size()) continue;
    const std::string_view named(reinterpret_cast<const char*>(names.data()) + candidate.sh_name,
                                 names.size() - candidate.sh_name);
    if (named.starts_with(name) && named.size() > name.size() && named[name.size()] == '\0') {
      return contents(file, candidate);
    }
  }
  return std::nullopt;
}

}  // namespace backtrack
