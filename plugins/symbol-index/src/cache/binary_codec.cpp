#include "cache/binary_codec.hpp"

#include <unistd.h>
#include <xxhash.h>

#include <cerrno>
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
  std::filesystem::create_directories(file.parent_path());
  std::filesystem::path temp = file;
  temp += ".tmp." + std::to_string(::getpid());
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.flush();
    if (!out) {
      std::error_code ignored;
      std::filesystem::remove(temp, ignored);
      throw std::runtime_error("cannot write " + temp.string() + ": " + std::strerror(errno));
    }
  }
  std::error_code ec;
  std::filesystem::rename(temp, file, ec);
  if (ec) {
    std::filesystem::remove(temp, ec);
    throw std::runtime_error("cannot replace " + file.string() + ": " + ec.message());
  }
}

}  // namespace acdc::symbols
