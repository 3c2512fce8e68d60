#include "file_store.hpp"

#include <acdc/sdk/error.hpp>
#include <acdc/util/atomic_file.hpp>
#include <acdc/util/utc_time.hpp>


#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
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

void FileStore::write_atomic(const fs::path& file, const std::string& content) {
  // A config file symlinked into a dotfiles repository stays a symlink.
  acdc::util::replace_file(file, content, {.through_symlink = true});
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

std::string FileStore::utc_stamp(bool with_seconds) {
  using namespace std::chrono;
  const auto now = system_clock::now();
  std::string out = util::utc_format(now, with_seconds ? "%Y.%m.%d-%H.%M.%S" : "%Y.%m.%d-%H.%M");
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
