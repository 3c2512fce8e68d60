// bb7/files.cpp -- see files.hpp.
#include "adapters/bb7/files.hpp"

#include "util/random.hpp"

#include <acdc/sdk/error.hpp>
#include <openssl/sha.h>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <fstream>
#include <sstream>

namespace acdc::adapters::bb7 {

namespace fs = std::filesystem;

void write_atomic(const fs::path& file, std::string_view bytes) {
  std::error_code ec;
  fs::create_directories(file.parent_path(), ec);
  const fs::path tmp = file.parent_path() / ("." + file.filename().string() + ".tmp-" + random_hex(4));
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw Error(ACDC_E_INTERNAL, "cannot write " + file.string() + ": " + std::strerror(errno));
  std::size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      int err = errno;
      ::close(fd);
      fs::remove(tmp, ec);
      throw Error(ACDC_E_INTERNAL, "cannot write " + file.string() + ": " + std::strerror(err));
    }
    done += static_cast<std::size_t>(n);
  }
  // Data before name: after a crash the rename never points at an empty file.
  ::fdatasync(fd);
  ::close(fd);
  if (::rename(tmp.c_str(), file.c_str()) != 0) {
    int err = errno;
    fs::remove(tmp, ec);
    throw Error(ACDC_E_INTERNAL, "cannot write " + file.string() + ": " + std::strerror(err));
  }
}

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
