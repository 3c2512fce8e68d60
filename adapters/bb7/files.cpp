// bb7/files.cpp -- see files.hpp.
#include "bb7/files.hpp"

#include <acdc/util/sha256.hpp>

#include <fstream>
#include <sstream>

namespace acdc::adapters::bb7 {

namespace fs = std::filesystem;

std::optional<std::string> read_file(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

std::string content_version(std::string_view path, std::string_view content) {
  std::string joined(path);
  joined += '\0';
  joined += content;
  return util::sha256_hex(joined).substr(0, 8);
}

}  // namespace acdc::adapters::bb7
