#include "file_store.hpp"

#include <acdc/sdk/error.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <fstream>
#include <sstream>
#include <vector>

namespace acdc::settings {

namespace fs = std::filesystem;

namespace {

[[noreturn]] void fail(const std::string& what, const fs::path& path, const std::string& why) {
  throw Error(ACDC_E_APPLICATION,
              "cannot " + what + " " + path.string() + ": " + why +
                  " (check that the directory exists and is writable)");
}

void write_all(int fd, const std::string& content, const fs::path& temp) {
  size_t done = 0;
  while (done < content.size()) {
    ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail("write", temp, std::strerror(errno));
    done += static_cast<size_t>(n);
  }
  if (::fsync(fd) != 0) fail("flush", temp, std::strerror(errno));
}

// The rename is only durable once the directory entry is on disk too.
void sync_dir(const fs::path& dir) {
  int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

}  // namespace

std::optional<std::string> FileStore::read(const fs::path& file) {
  std::error_code ec;
  if (!fs::is_regular_file(file, ec)) return std::nullopt;
  std::ifstream in(file, std::ios::binary);
  if (!in) fail("read", file, std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void FileStore::write_atomic(const fs::path& link_or_file, const std::string& content) {
  std::error_code ec;
  // A config file symlinked into a dotfiles repository stays a symlink: the
  // file it points to is replaced, not the link.
  fs::path file = link_or_file;
  if (fs::is_symlink(link_or_file, ec)) {
    file = fs::weakly_canonical(link_or_file, ec);
    if (ec) fail("follow the symlink", link_or_file, ec.message());
  }
  fs::create_directories(file.parent_path(), ec);
  if (ec) fail("create", file.parent_path(), ec.message());
  fs::path temp = file;
  temp += "." + std::to_string(::getpid()) + kTempSuffix;
  int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) fail("create", temp, std::strerror(errno));
  try {
    write_all(fd, content, temp);
  } catch (...) {
    ::close(fd);
    fs::remove(temp, ec);
    throw;
  }
  ::close(fd);
  if (::rename(temp.c_str(), file.c_str()) != 0) {
    std::string why = std::strerror(errno);
    fs::remove(temp, ec);
    fail("replace", file, why);
  }
  sync_dir(file.parent_path());
}

void FileStore::copy(const fs::path& file, const fs::path& backup) {
  auto content = read(file);
  if (content) write_atomic(backup, *content);
}

fs::path FileStore::keep_previous(const fs::path& file) {
  auto content = read(file);
  if (!content) return {};
  fs::path kept = file;
  kept += "." + utc_stamp(true) + ".bak";
  write_atomic(kept, *content);
  // The stamp sorts by time, so the oldest copies come first.
  std::vector<fs::path> copies;
  const std::string prefix = file.filename().string() + ".";
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(file.parent_path(), ec)) {
    std::string name = entry.path().filename().string();
    if (name.starts_with(prefix) && name.ends_with(".bak")) copies.push_back(entry.path());
  }
  std::sort(copies.begin(), copies.end());
  for (size_t i = 0; i + kKeptSaves < copies.size(); ++i) fs::remove(copies[i], ec);
  return kept;
}

void FileStore::remove_stale_temporaries(const fs::path& dir) {
  // Only old ones: a second acdc starting at the same moment may be writing
  // its own temporary file right now.
  const auto cutoff = fs::file_time_type::clock::now() - std::chrono::minutes(1);
  std::error_code ec;
  for (const auto& entry : fs::recursive_directory_iterator(dir, ec)) {
    if (!entry.path().filename().string().ends_with(kTempSuffix)) continue;
    if (fs::last_write_time(entry.path(), ec) < cutoff) fs::remove(entry.path(), ec);
  }
}

std::string FileStore::utc_stamp(bool with_seconds) {
  using namespace std::chrono;
  const auto now = system_clock::now();
  std::time_t t = system_clock::to_time_t(now);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[40];
  std::strftime(buf, sizeof buf, with_seconds ? "%Y.%m.%d-%H.%M.%S" : "%Y.%m.%d-%H.%M", &tm);
  std::string out = buf;
  // Two saves within one second still get distinct, ordered names.
  if (with_seconds) {
    auto ms = duration_cast<milliseconds>(now.time_since_epoch()).count() % 1000;
    char frac[8];
    std::snprintf(frac, sizeof frac, ".%03d", static_cast<int>(ms));
    out += frac;
  }
  return out;
}

}  // namespace acdc::settings
