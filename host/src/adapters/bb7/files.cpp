// bb7/files.cpp -- see files.hpp.
#include "adapters/bb7/files.hpp"

#include <openssl/sha.h>

#include <chrono>
#include <ctime>
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

std::string sha256_hex(std::string_view bytes) {
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(), digest);
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  for (unsigned char b : digest) {
    out += kDigits[b >> 4];
    out += kDigits[b & 15];
  }
  return out;
}

std::string content_version(std::string_view path, std::string_view content) {
  std::string joined(path);
  joined += '\0';
  joined += content;
  return sha256_hex(joined).substr(0, 8);
}

std::string now_rfc3339() {
  std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace acdc::adapters::bb7
