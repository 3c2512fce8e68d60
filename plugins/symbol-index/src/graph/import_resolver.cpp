#include "graph/import_resolver.hpp"

#include <array>

namespace acdc::symbols {

std::string_view parent_dir(std::string_view path) {
  auto slash = path.rfind('/');
  return slash == std::string_view::npos ? std::string_view() : path.substr(0, slash);
}

std::string join_path(std::string_view dir, std::string_view relative) {
  std::vector<std::string_view> parts;
  auto push = [&](std::string_view s) {
    size_t start = 0;
    while (start <= s.size()) {
      size_t slash = s.find('/', start);
      std::string_view part = s.substr(start, slash == std::string_view::npos ? std::string_view::npos : slash - start);
      if (part == "..") {
        if (parts.empty()) return false;
        parts.pop_back();
      } else if (!part.empty() && part != ".") {
        parts.push_back(part);
      }
      if (slash == std::string_view::npos) break;
      start = slash + 1;
    }
    return true;
  };
  if (!push(dir) || !push(relative)) return {};
  std::string out;
  for (auto p : parts) {
    if (!out.empty()) out += '/';
    out += p;
  }
  return out;
}

ImportResolver::ImportResolver(const std::vector<std::string>& paths) : paths_(paths.begin(), paths.end()) {
  for (const auto& p : paths) {
    auto slash = p.rfind('/');
    by_basename_[slash == std::string::npos ? p : p.substr(slash + 1)].push_back(p);
  }
}

std::string ImportResolver::resolve(Language lang, std::string_view from, const Import& imp) const {
  switch (family(lang)) {
    case Family::python: return python(from, imp);
    case Family::script: return script(from, imp.module);
    case Family::c_family: return c_include(from, imp);
    case Family::none: break;
  }
  return {};
}

std::string ImportResolver::python_module(std::string_view from, std::string dotted, int level) const {
  for (char& c : dotted)
    if (c == '.') c = '/';
  auto probe = [&](const std::string& base) -> std::string {
    if (base.empty()) return {};
    if (has(base + ".py")) return base + ".py";
    if (has(base + "/__init__.py")) return base + "/__init__.py";
    return {};
  };
  if (level > 0) {
    std::string_view dir = parent_dir(from);
    for (int i = 1; i < level; ++i) {
      if (dir.empty()) return {};  // climbs above the repository
      dir = parent_dir(dir);
    }
    if (dotted.empty()) return has(join_path(dir, "__init__.py")) ? join_path(dir, "__init__.py") : std::string();
    return probe(join_path(dir, dotted));
  }
  if (std::string hit = probe(dotted); !hit.empty()) return hit;
  // src/ layouts: the package may sit below any directory above the importer.
  for (std::string_view dir = parent_dir(from); !dir.empty(); dir = parent_dir(dir))
    if (std::string hit = probe(join_path(dir, dotted)); !hit.empty()) return hit;
  return {};
}

std::string ImportResolver::python(std::string_view from, const Import& imp) const {
  return python_module(from, imp.module, imp.level);
}

std::vector<std::string> ImportResolver::python_submodules(std::string_view from, const Import& imp) const {
  std::vector<std::string> out;
  for (const auto& name : imp.names) {
    if (name == "*") continue;
    std::string dotted = imp.module.empty() ? name : imp.module + "." + name;
    std::string hit = python_module(from, dotted, imp.level);
    if (!hit.empty() && !hit.ends_with("__init__.py")) out.push_back(std::move(hit));
  }
  return out;
}

std::string ImportResolver::script(std::string_view from, const std::string& spec) const {
  if (spec.empty() || (spec[0] != '.' && spec[0] != '/')) return {};  // a package
  std::string base = join_path(spec[0] == '/' ? std::string_view() : parent_dir(from), spec);
  if (base.empty()) return {};
  static constexpr std::array kExtensions{".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", ".d.ts"};
  if (has(base)) return base;
  for (const char* ext : kExtensions)
    if (has(base + ext)) return base + ext;
  // TypeScript's ESM style: import "./a.js" for a.ts.
  for (std::string_view written : {".js", ".jsx", ".mjs"})
    if (base.ends_with(written)) {
      std::string stem = base.substr(0, base.size() - written.size());
      for (const char* ext : {".ts", ".tsx", ".mts"})
        if (has(stem + ext)) return stem + ext;
    }
  for (const char* ext : kExtensions)
    if (has(base + "/index" + ext)) return base + "/index" + ext;
  return {};
}

std::string ImportResolver::c_include(std::string_view from, const Import& imp) const {
  if (imp.module.empty()) return {};
  if (imp.level == 1) {
    std::string local = join_path(parent_dir(from), imp.module);
    if (!local.empty() && has(local)) return local;
  }
  auto slash = imp.module.rfind('/');
  auto it = by_basename_.find(slash == std::string::npos ? imp.module : imp.module.substr(slash + 1));
  if (it == by_basename_.end()) return {};
  // Among the files whose path ends with the include, the one sharing the
  // longest directory prefix with the includer (then the shortest path).
  const std::string* best = nullptr;
  size_t best_shared = 0;
  for (const auto& candidate : it->second) {
    if (candidate != imp.module &&
        !(candidate.size() > imp.module.size() && candidate.ends_with(imp.module) &&
          candidate[candidate.size() - imp.module.size() - 1] == '/'))
      continue;
    size_t shared = 0;
    while (shared < candidate.size() && shared < from.size() && candidate[shared] == from[shared]) ++shared;
    if (!best || shared > best_shared || (shared == best_shared && candidate.size() < best->size())) {
      best = &candidate;
      best_shared = shared;
    }
  }
  return best ? *best : std::string();
}

}  // namespace acdc::symbols
