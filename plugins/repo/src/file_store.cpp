#include "file_store.hpp"

#include <acdc/sdk/base64.hpp>
#include <acdc/sdk/error.hpp>
#include <acdc/sdk/utf8.hpp>
#include <acdc/util/atomic_file.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>
#include <map>

namespace fs = std::filesystem;

namespace acdc::repo {

namespace {

[[noreturn]] void io_error(const std::string& what, const std::string& rel) {
  const int why = errno;  // before the message's allocations can touch it
  throw Error(ACDC_E_APPLICATION, what + " " + quote_path(rel) + ": " + std::strerror(why));
}

}  // namespace

bool looks_binary(std::string_view head) {
  return std::memchr(head.data(), '\0', std::min(head.size(), kBinaryProbeBytes)) != nullptr;
}

bool read_file_within(const fs::path& abs, size_t cap, std::string& data) {
  data.clear();
  // O_NOFOLLOW: a listed path that is a symlink may point anywhere (callers
  // that want a link followed pass the path PathGuard resolved). O_NONBLOCK:
  // opening a named pipe would otherwise wait for a writer forever.
  int fd = ::open(abs.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
  if (fd < 0) return false;
  struct stat st {};
  const bool stat_ok = ::fstat(fd, &st) == 0;
  if (!stat_ok || !S_ISREG(st.st_mode) || static_cast<size_t>(st.st_size) > cap) {
    const int why = !stat_ok ? errno : !S_ISREG(st.st_mode) ? EINVAL : EFBIG;
    ::close(fd);
    errno = why;
    return false;
  }
  data.resize(static_cast<size_t>(st.st_size));
  size_t got = 0;
  while (got < data.size()) {
    ssize_t n = ::read(fd, data.data() + got, data.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      int saved = errno;
      ::close(fd);
      errno = saved;
      return false;
    }
    if (n == 0) break;
    got += static_cast<size_t>(n);
  }
  data.resize(got);  // a file that shrank while being read
  ::close(fd);
  return true;
}

bool read_file_at(int dir_fd, const std::string& rel, size_t cap, std::string& buf, size_t& len) {
  int fd = ::openat(dir_fd, rel.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
  if (fd < 0) return false;
  struct stat st {};
  bool ok = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && static_cast<size_t>(st.st_size) <= cap;
  len = 0;
  if (ok && buf.size() < static_cast<size_t>(st.st_size)) buf.resize(static_cast<size_t>(st.st_size));
  // Up to the size fstat gave: a file growing meanwhile is read as it was.
  for (ssize_t n; ok && len < static_cast<size_t>(st.st_size); len += static_cast<size_t>(n))
    if ((n = ::read(fd, buf.data() + len, static_cast<size_t>(st.st_size) - len)) <= 0) break;
  ::close(fd);
  return ok;
}

fs::path FileStore::existing_file(const std::string& rel) const {
  fs::path abs = guard_.resolve_normalized(rel);
  std::error_code ec;
  auto status = fs::status(abs, ec);
  if (!fs::exists(status)) throw Error(ACDC_E_NOT_FOUND, "File not found: " + quote_path(rel));
  if (fs::is_directory(status))
    throw invalid_params(quote_path(rel) + " is a directory, not a file");
  if (!fs::is_regular_file(status))
    throw invalid_params(quote_path(rel) + " is not a regular file (a pipe, socket or device): only files can be opened");
  return abs;
}

std::string FileStore::read_capped(const std::string& rel, const fs::path& abs) const {
  std::error_code ec;
  auto size = fs::file_size(abs, ec);
  if (!ec && size > max_file_bytes_)
    throw Error(ACDC_E_FAILED_PRECONDITION,
                "File too large to send: " + quote_path(rel) + " is " + std::to_string(size) +
                    " bytes, the limit is " + std::to_string(max_file_bytes_) +
                    " (max_file_bytes in the repo plugin's config)");
  std::string data;
  if (!read_file_within(abs, SIZE_MAX, data)) {
    const int why = errno;  // before the message's allocations can touch it
    if (why == ENOENT) throw Error(ACDC_E_NOT_FOUND, "File not found: " + quote_path(rel));  // gone meanwhile
    throw Error(ACDC_E_APPLICATION, "cannot read " + quote_path(rel) + ": " + std::strerror(why) +
                                        ": check that you may read it");
  }
  return data;
}

std::string FileStore::read_text(const std::string& path) const {
  std::string rel = guard_.normalize(path);
  std::string data = read_capped(rel, existing_file(rel));
  if (looks_binary(data)) throw Error(ACDC_E_FAILED_PRECONDITION, "Binary file cannot be read as text: " + quote_path(rel));
  return to_valid_utf8(data);
}

bool FileStore::exists(const std::string& path) const {
  std::error_code ec;
  return fs::is_regular_file(guard_.resolve(path), ec);
}

bool FileStore::is_binary(const std::string& path) const {
  std::string rel = guard_.normalize(path);
  fs::path abs = existing_file(rel);
  int fd = ::open(abs.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) io_error("cannot open", rel);
  char head[kBinaryProbeBytes];
  ssize_t n = ::read(fd, head, sizeof head);
  ::close(fd);
  return n > 0 && looks_binary(std::string_view(head, static_cast<size_t>(n)));
}

std::string FileStore::data_uri(const std::string& path) const {
  std::string rel = guard_.normalize(path);
  std::string data = read_capped(rel, existing_file(rel));
  return "data:" + mime_type_for(rel) + ";base64," + base64_encode(data);
}

std::string FileStore::write(const std::string& path, const std::string& content) {
  std::string rel = guard_.normalize(path);
  auto held = locks_.acquire({rel});
  write_locked(rel, guard_.resolve_normalized(rel), content);
  return rel;
}

std::string FileStore::create(const std::string& path, const std::string& content) {
  std::string rel = guard_.normalize(path);
  auto held = locks_.acquire({rel});
  fs::path abs = guard_.resolve_normalized(rel);
  std::error_code ec;
  if (fs::exists(fs::symlink_status(abs, ec)))
    throw Error(ACDC_E_FAILED_PRECONDITION, "File already exists: " + quote_path(rel) + " (use write_file to replace it)");
  write_locked(rel, abs, content);
  return rel;
}

std::string FileStore::remove(const std::string& path) {
  std::string rel = guard_.normalize(path);
  auto held = locks_.acquire({rel});
  guard_.resolve_normalized(rel);  // refuses a link leading outside, as for every path (§2.1)
  // Then the entry itself, as `rm` does: a symlink goes, never the file it
  // points to, so only its directory is resolved.
  fs::path name = fs::path(rel).filename();
  fs::path parent = fs::path(rel).has_parent_path() ? guard_.resolve_normalized(fs::path(rel).parent_path().string())
                                                     : guard_.root();
  fs::path abs = parent / name;
  struct stat st {};
  if (::lstat(abs.c_str(), &st) != 0) throw Error(ACDC_E_NOT_FOUND, "File not found: " + quote_path(rel));
  if (S_ISDIR(st.st_mode)) throw invalid_params(quote_path(rel) + " is a directory, not a file");
  if (::unlink(abs.c_str()) != 0) io_error("cannot delete", rel);
  return rel;
}

void FileStore::write_locked(const std::string& rel, const fs::path& abs, const std::string& content) {
  if (content.size() > max_file_bytes_)
    throw Error(ACDC_E_FAILED_PRECONDITION, "Content for " + quote_path(rel) + " is " + std::to_string(content.size()) +
                                                " bytes, over the limit of " + std::to_string(max_file_bytes_));
  // A symlink in the repository is replaced, not followed: its target may
  // lie outside the repository.
  acdc::util::replace_file(abs, content);
}

std::string mime_type_for(const std::string& path) {
  static const std::map<std::string, std::string> kTypes{
      {".png", "image/png"},   {".jpg", "image/jpeg"}, {".jpeg", "image/jpeg"}, {".gif", "image/gif"},
      {".webp", "image/webp"}, {".svg", "image/svg+xml"}, {".bmp", "image/bmp"}, {".ico", "image/x-icon"},
      {".pdf", "application/pdf"}, {".txt", "text/plain"}, {".json", "application/json"}};
  std::string ext = fs::path(path).extension().string();
  for (auto& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  auto it = kTypes.find(ext);
  return it == kTypes.end() ? "application/octet-stream" : it->second;
}

}  // namespace acdc::repo
