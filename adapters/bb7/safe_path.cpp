// bb7/safe_path.cpp -- see safe_path.hpp.
#include "bb7/safe_path.hpp"

#include "bb7/files.hpp"

#include <acdc/sdk/error.hpp>
#include <acdc/util/path_rules.hpp>
#include <acdc/util/sha256.hpp>

namespace acdc::adapters::bb7 {

namespace fs = std::filesystem;

namespace {

[[noreturn]] void escapes() { throw Error(ACDC_E_PERMISSION_DENIED, "path escapes base directory"); }

}  // namespace

fs::path join_under(const fs::path& base, std::string_view rel) {
  if (rel.empty() || rel.find('\0') != std::string_view::npos) throw Error(ACDC_E_INVALID_PARAMS, "invalid path");
  if (rel.front() == '/') throw Error(ACDC_E_INVALID_PARAMS, "absolute paths not allowed for internal files");
  // Cleaned first, as the reference does: "a/../b" is "b"; a ".." left
  // over climbs out of `base`.
  fs::path clean = fs::path(rel).lexically_normal();
  if (clean.empty() || clean == ".") throw Error(ACDC_E_INVALID_PARAMS, "invalid path");
  // The segments are the file system's: "~a" and "a\\b" are plain names
  // here, so util::relative_path_fault (which reads them as a client's
  // Windows or home paths) is not the test; its segment rules are.
  for (const auto& part : clean) {
    if (part == "..") escapes();
    if (util::is_git_dir_name(part.native())) throw Error(ACDC_E_PERMISSION_DENIED, "paths inside .git/ are not allowed");
  }
  return base / clean;
}

ContextPath classify_context_path(const fs::path& root, std::string_view path) {
  if (path.empty() || path.find('\0') != std::string_view::npos) throw Error(ACDC_E_INVALID_PARAMS, "invalid path");
  if (path.front() != '/') {
    if (root.empty()) throw Error(ACDC_E_INVALID_PARAMS, "no project root set");
    join_under(root, path);  // throws on escapes
    return {fs::path(path).lexically_normal().generic_string(), false};
  }
  fs::path abs = fs::path(path).lexically_normal();
  if (!root.empty() && util::is_within(root, abs) && abs != root) return {abs.lexically_relative(root).generic_string(), false};
  return {abs.generic_string(), true};
}

fs::path snapshot_file(const fs::path& context_dir, const std::string& path, bool external, int start_line,
                       int end_line) {
  auto ext_of = [](const std::string& p) { return fs::path(p).extension().string(); };
  if (start_line > 0) {
    std::string key = path + ":" + std::to_string(start_line) + ":" + std::to_string(end_line);
    return context_dir / "_sections" / (util::sha256_hex(key).substr(0, 16) + ext_of(path));
  }
  if (external) return context_dir / "_external" / (util::sha256_hex(path).substr(0, 16) + ext_of(path));
  return join_under(context_dir, path);
}

void ensure_inside(const fs::path& root, const fs::path& target) {
  std::error_code ec;
  fs::path real_root = fs::weakly_canonical(root, ec);
  // weakly_canonical resolves symlinks on the existing part and keeps the rest.
  fs::path real = fs::weakly_canonical(target, ec);
  if (ec || !util::is_within(real_root, real)) escapes();
}

}  // namespace acdc::adapters::bb7
