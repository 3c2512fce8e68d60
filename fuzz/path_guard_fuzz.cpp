// fuzz/path_guard_fuzz.cpp -- a client's path into the repo plugin's path
// guard (plugins/repo/src/path_guard.cpp, acdc-features.md §2.1).
//
// The guard runs over a scratch repository with a .git directory, a nested
// folder, and symlinks that lead outside it (to a directory and to a file)
// and one that stays inside. Whatever the input, an accepted path must be
// relative, clean (no "", "." or ".." segment, no backslash, nothing under
// .git) and resolve to a place inside the root; a refusal must be an
// acdc::Error, the only exception the plugin's handlers turn into an answer.
#include "path_guard.hpp"

#include <acdc/sdk/error.hpp>

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>

namespace fs = std::filesystem;

namespace {

[[noreturn]] void broken(const char* what, std::string_view raw, const std::string& got) {
  std::fprintf(stderr, "%s: input '%.*s' gave '%s'\n", what, static_cast<int>(raw.size()), raw.data(),
               got.c_str());
  std::abort();
}

const acdc::repo::PathGuard& guard() {
  static const acdc::repo::PathGuard* g = [] {
    fs::path base = fs::temp_directory_path() / ("acdc-path-guard-fuzz-" + std::to_string(getpid()));
    fs::remove_all(base);
    fs::create_directories(base / "repo/.git/objects");
    fs::create_directories(base / "repo/src/deep");
    fs::create_directories(base / "outside");
    std::FILE* f = std::fopen((base / "outside/secret.txt").c_str(), "w");
    if (f) std::fclose(f);
    f = std::fopen((base / "repo/src/main.cpp").c_str(), "w");
    if (f) std::fclose(f);
    fs::create_directory_symlink(base / "outside", base / "repo/out");
    fs::create_symlink(base / "outside/secret.txt", base / "repo/src/secret_link");
    fs::create_directory_symlink("../..", base / "repo/src/deep/up");
    fs::create_directory_symlink("..", base / "repo/src/parent");
    fs::create_directory_symlink(".git", base / "repo/gitlink");
    std::atexit([] {
      std::error_code ec;
      fs::remove_all(fs::temp_directory_path() / ("acdc-path-guard-fuzz-" + std::to_string(getpid())), ec);
    });
    return new acdc::repo::PathGuard(base / "repo");
  }();
  return *g;
}

bool is_within(const fs::path& root, const fs::path& path) {
  auto r = root.begin(), p = path.begin();
  for (; r != root.end(); ++r, ++p)
    if (p == path.end() || *r != *p) return false;
  return true;
}

void check_clean(std::string_view raw, const std::string& rel) {
  if (rel.empty() || rel.front() == '/' || rel.back() == '/') broken("not a clean relative path", raw, rel);
  if (rel.find('\\') != std::string::npos || rel.find('\0') != std::string::npos)
    broken("a backslash or NUL survived", raw, rel);
  size_t start = 0;
  while (start <= rel.size()) {
    size_t end = std::min(rel.find('/', start), rel.size());
    std::string seg = rel.substr(start, end - start);
    for (char& c : seg) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (seg.empty() || seg == "." || seg == ".." || seg == ".git") broken("a bad segment survived", raw, rel);
    start = end + 1;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view raw(reinterpret_cast<const char*>(data), size);
  const auto& g = guard();
  std::string rel;
  try {
    rel = g.normalize(raw);
  } catch (const acdc::Error&) {
    return 0;
  }
  check_clean(raw, rel);
  try {
    fs::path real = g.resolve_normalized(rel);
    if (!is_within(g.root(), real)) broken("resolved outside the root", raw, real.string());
    fs::path inside = real.lexically_relative(g.root());
    if (!inside.empty() && inside.begin()->string() == ".git") broken("resolved into .git", raw, real.string());
  } catch (const acdc::Error&) {
  }
  return 0;
}
