#include "cache/binary_codec.hpp"

#include <acdc/util/atomic_file.hpp>
#include <xxhash.h>

#include <cstring>
#include <fstream>
#include <sstream>

namespace acdc::symbols {

std::optional<std::string> read_whole_file(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return std::move(buffer).str();
}

std::string_view framed_body(std::string_view data, std::string_view magic, const char* what) {
  if (data.size() < magic.size() + 8 || data.substr(0, magic.size()) != magic)
    throw std::runtime_error(std::string("it is not ") + what);
  std::uint64_t stored;
  std::memcpy(&stored, data.data() + data.size() - 8, 8);
  std::string_view body = data.substr(0, data.size() - 8);
  if (XXH3_64bits(body.data(), body.size()) != stored) throw std::runtime_error("its checksum does not match");
  return body.substr(magic.size());
}

void write_framed(const std::filesystem::path& file, std::string& bytes) {
  std::uint64_t sum = XXH3_64bits(bytes.data(), bytes.size());
  bytes.append(reinterpret_cast<const char*>(&sum), 8);
  acdc::util::replace_file(file, bytes);
}

}  // namespace acdc::symbols
