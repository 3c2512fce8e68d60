// atomic_file.cpp -- see atomic_file.hpp.
#include <acdc/util/atomic_file.hpp>

#include <acdc/sdk/error.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <string>

namespace acdc::util {

namespace fs = std::filesystem;

namespace {

[[noreturn]] void fail(const std::string& what, const fs::path& path, const std::string& why) {
  throw Error(ACDC_E_APPLICATION, "cannot " + what + " " + path.string() + ": " + why +
                                      " (check that the directory exists and is writable, and the disk has room)");
}

// Unique per process and call: two threads replacing one file never share a
// temporary, nor do two processes.
fs::path temporary_for(const fs::path& file) {
  static std::atomic<unsigned long> counter{0};
  return file.parent_path() / ("." + file.filename().string() + "." + std::to_string(::getpid()) + "-" +
                               std::to_string(counter.fetch_add(1)) + std::string(kTempSuffix));
}

bool write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return false;
    bytes.remove_prefix(static_cast<size_t>(n));
  }
  return true;
}

// The rename is only durable once the directory entry is on disk too.
void sync_dir(const fs::path& dir) {
  int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

}  // namespace

void replace_file(const fs::path& link_or_file, std::string_view bytes, ReplaceOptions options) {
  std::error_code ec;
  fs::path file = link_or_file;
  if (options.through_symlink && fs::is_symlink(link_or_file, ec)) {
    file = fs::weakly_canonical(link_or_file, ec);
    if (ec) fail("follow the symlink", link_or_file, ec.message());
  }
  if (file.has_parent_path()) {
    fs::create_directories(file.parent_path(), ec);
    if (ec) fail("create", file.parent_path(), ec.message());
  }
  const fs::path temp = temporary_for(file);
  // 0666 through the umask for a new file; an existing one keeps its mode.
  int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0) fail("create", temp, std::strerror(errno));
  struct stat st {};
  bool ok = write_all(fd, bytes) && (::stat(file.c_str(), &st) != 0 || ::fchmod(fd, st.st_mode & 07777) == 0) &&
            ::fsync(fd) == 0;
  int err = errno;
  ::close(fd);
  if (ok && ::rename(temp.c_str(), file.c_str()) != 0) {
    ok = false;
    err = errno;
  }
  if (!ok) {
    ::unlink(temp.c_str());
    fail("write", file, std::strerror(err));
  }
  sync_dir(file.has_parent_path() ? file.parent_path() : fs::path("."));
}

void append_line(const fs::path& file, std::string_view line) {
  std::error_code ec;
  if (file.has_parent_path()) {
    fs::create_directories(file.parent_path(), ec);
    if (ec) fail("create", file.parent_path(), ec.message());
  }
  int fd = ::open(file.c_str(), O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
  if (fd < 0) fail("open", file, std::strerror(errno));
  std::string bytes;
  struct stat st {};
  char last = '\n';
  if (::fstat(fd, &st) == 0 && st.st_size > 0 && ::pread(fd, &last, 1, st.st_size - 1) == 1 && last != '\n')
    bytes += '\n';
  bytes.append(line);
  bytes += '\n';
  const bool ok = write_all(fd, bytes);
  const int err = errno;
  ::close(fd);
  if (!ok) fail("append to", file, std::strerror(err));
}

void remove_stale_temporaries(const fs::path& dir) {
  const auto cutoff = fs::file_time_type::clock::now() - std::chrono::minutes(1);
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, fs::directory_options::skip_permission_denied, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (!it->path().filename().string().ends_with(kTempSuffix)) continue;
    std::error_code ignored;
    if (fs::last_write_time(it->path(), ignored) < cutoff) fs::remove(it->path(), ignored);
  }
}

}  // namespace acdc::util
