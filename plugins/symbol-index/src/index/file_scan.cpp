#include "index/file_scan.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace acdc::symbols {
namespace fs = std::filesystem;

std::vector<std::string> walk_directory(const fs::path& root, std::vector<SkippedFile>& skipped) {
  std::vector<std::string> out;
  std::error_code ec;
  fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec), end;
  if (ec) {
    skipped.push_back({"", "cannot list " + root.string() + ": " + ec.message()});
    return out;
  }
  for (; it != end; it.increment(ec)) {
    if (ec) {
      skipped.push_back({it->path().lexically_relative(root).generic_string(), "cannot list: " + ec.message()});
      ec.clear();
      continue;
    }
    const fs::directory_entry& e = *it;
    std::string name = e.path().filename().string();
    if (e.is_directory(ec) && !e.is_symlink(ec)) {
      if (!name.empty() && name[0] == '.') it.disable_recursion_pending();
      continue;
    }
    if (language_for_path(name) == Language::none) continue;
    out.push_back(e.path().lexically_relative(root).generic_string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

FileProbe probe_file(const fs::path& root, const std::string& path, const ScanLimits& limits) {
  FileProbe p;
  fs::path full = root / path;
  struct stat st{};
  if (::lstat(full.c_str(), &st) != 0) {
    p.missing = errno == ENOENT || errno == ENOTDIR;
    p.skip_reason = std::string("cannot read: ") + std::strerror(errno);
    return p;
  }
  if (S_ISLNK(st.st_mode)) {
    if (::stat(full.c_str(), &st) != 0) {
      p.skip_reason = std::string("a broken link: ") + std::strerror(errno);
      return p;
    }
    std::error_code ec;
    fs::path target = fs::canonical(full, ec);
    fs::path base = ec ? fs::path() : fs::canonical(root, ec);
    auto rel = target.lexically_relative(base);
    if (ec || rel.empty() || *rel.begin() == "..") {
      p.skip_reason = "a link to a file outside the repository";
      return p;
    }
  }
  if (!S_ISREG(st.st_mode)) {
    p.skip_reason = "not a regular file";
    return p;
  }
  p.stamp = {static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec,
             static_cast<std::uint64_t>(st.st_size), static_cast<std::uint64_t>(st.st_ino)};
  if (p.stamp.size > limits.max_file_bytes)
    p.skip_reason = "larger than " + std::to_string(limits.max_file_bytes / 1024) +
                    " KiB (symbol_index.max_file_bytes in app.yaml)";
  return p;
}

std::optional<std::string> read_source(const fs::path& file, std::string& reason) {
  int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    reason = std::string("cannot read: ") + std::strerror(errno);
    return std::nullopt;
  }
  struct stat st{};
  std::string data;
  // One byte more than stat says, so that EOF shows without growing the buffer.
  if (::fstat(fd, &st) == 0 && st.st_size > 0) data.resize(static_cast<size_t>(st.st_size) + 1);
  size_t used = 0;
  for (;;) {
    // The file may have grown since fstat: keep reading until EOF.
    if (used == data.size()) data.resize(data.size() + 65536);
    ssize_t n = ::read(fd, data.data() + used, data.size() - used);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      reason = std::string("cannot read: ") + std::strerror(errno);
      ::close(fd);
      return std::nullopt;
    }
    if (n == 0) break;
    used += static_cast<size_t>(n);
  }
  data.resize(used);
  ::close(fd);
  if (std::memchr(data.data(), '\0', std::min<size_t>(data.size(), 8000))) {
    reason = "binary (a NUL byte in its first 8 KB)";
    return std::nullopt;
  }
  return data;
}

std::uint64_t content_hash(std::string_view bytes) { return XXH3_64bits(bytes.data(), bytes.size()); }

}  // namespace acdc::symbols
