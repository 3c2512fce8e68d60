#include "upgrader.hpp"

#include "config_types.hpp"
#include "file_store.hpp"

#include <acdc/sdk/error.hpp>
#include <acdc/util/atomic_file.hpp>

#include <cstdint>
#include <cstdio>

namespace acdc::settings {

namespace fs = std::filesystem;

namespace {

std::string trimmed(std::string s) {
  const char* space = " \t\r\n";
  s.erase(s.find_last_not_of(space) + 1);
  s.erase(0, s.find_first_not_of(space));
  return s;
}

// FNV-1a: stable across compilers and runs, unlike std::hash.
void fnv1a(uint64_t& h, std::string_view bytes) {
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 1099511628211ull;
  }
}

// An old version string becomes part of a file name.
std::string file_safe(std::string s) {
  for (char& c : s)
    if (c == '/' || c == '\\' || c == ' ' || static_cast<unsigned char>(c) < 0x20) c = '_';
  return s.empty() ? "unversioned" : s;
}

}  // namespace

std::string Upgrader::bundled_version() const {
  auto stated = FileStore::read(bundled_ / "VERSION");
  uint64_t h = 14695981039346656037ull;
  for (const auto& f : ConfigTypes::bundled_files()) {
    fnv1a(h, f.file);
    fnv1a(h, std::string_view("\0", 1));
    fnv1a(h, FileStore::read(bundled_ / f.file).value_or(""));
  }
  char digest[20];
  std::snprintf(digest, sizeof digest, "%08llx", static_cast<unsigned long long>(h >> 32));
  return (stated ? trimmed(*stated) : std::string("dev")) + "+" + digest;
}

Upgrader::Outcome Upgrader::run() const {
  std::error_code ec;
  if (!fs::is_directory(bundled_, ec))
    throw Error(ACDC_E_NOT_FOUND, "the bundled config directory '" + bundled_.string() +
                                      "' is missing: reinstall acdc (it ships share/acdc/config)");
  fs::create_directories(user_ / "prompts", ec);
  if (ec)
    throw Error(ACDC_E_APPLICATION, "cannot create the config directory " + user_.string() + ": " +
                                        ec.message() + " (set ACDC_CONFIG_HOME to a writable directory)");
  acdc::util::remove_stale_temporaries(user_);
  Outcome out;
  out.from = trimmed(FileStore::read(user_ / kMarker).value_or(""));
  out.to = bundled_version();
  const bool upgrading = out.from != out.to;
  for (const auto& f : ConfigTypes::bundled_files()) place(f.file, f.managed, upgrading, out);
  if (upgrading) FileStore::write_atomic(user_ / kMarker, out.to + "\n");
  return out;
}

void Upgrader::place(const std::string& file, bool managed, bool upgrading, Outcome& out) const {
  auto bundled = FileStore::read(bundled_ / file);
  if (!bundled) return;
  const fs::path target = user_ / file;
  auto current = FileStore::read(target);
  if (!current) {
    FileStore::write_atomic(target, *bundled);
    out.created.push_back(file);
    return;
  }
  if (!managed || !upgrading || *current == *bundled) return;
  fs::path backup = target;
  backup += "." + FileStore::utc_stamp(false) + "-" + file_safe(out.from);
  FileStore::copy(target, backup);
  FileStore::write_atomic(target, *bundled);
  out.replaced.push_back(file);
  out.backups.push_back(backup.string());
}

}  // namespace acdc::settings
