#include "graph/symbol_graph.hpp"

#include "graph/import_resolver.hpp"

#include <algorithm>
#include <numeric>

namespace acdc::symbols {
namespace {

// Classes, functions, methods and properties can be called; variables and
// imports are not definitions a call resolves to.
bool callable(SymbolKind k) { return k != SymbolKind::variable && k != SymbolKind::import; }

void sort_unique(std::vector<NameEntry*>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

std::vector<NameEntry*> distinct_names(const std::vector<ResolvedCall>& calls) {
  std::vector<NameEntry*> out;
  out.reserve(calls.size());
  for (const auto& c : calls) out.push_back(c.name);
  sort_unique(out);
  return out;
}

}  // namespace

SymbolGraph::SymbolGraph() = default;
SymbolGraph::~SymbolGraph() = default;
SymbolGraph::SymbolGraph(SymbolGraph&&) noexcept = default;
SymbolGraph& SymbolGraph::operator=(SymbolGraph&&) noexcept = default;

NameEntry& SymbolGraph::entry(std::string_view n) {
  auto it = names_.find(n);
  if (it != names_.end()) return it->second;
  return names_.emplace(std::string(n), NameEntry{}).first->second;
}

const NameEntry* SymbolGraph::name(std::string_view n) const {
  auto it = names_.find(n);
  return it == names_.end() ? nullptr : &it->second;
}

FileId SymbolGraph::id_of(std::string_view path) const {
  auto it = by_path_.find(path);
  return it == by_path_.end() ? kNoFile : it->second;
}

std::unique_ptr<ImportResolver> SymbolGraph::make_resolver() const {
  std::vector<std::string> paths;
  paths.reserve(by_path_.size());
  for (const auto& [path, id] : by_path_) paths.push_back(path);
  return std::make_unique<ImportResolver>(paths);
}

FileId SymbolGraph::place(std::string path, std::unique_ptr<FileRecord> record) {
  FileId id;
  if (!free_.empty()) {
    id = free_.back();
    free_.pop_back();
  } else {
    id = static_cast<FileId>(nodes_.size());
    nodes_.emplace_back();
  }
  nodes_[id] = FileNode{};
  nodes_[id].record = std::move(record);
  by_path_.emplace(std::move(path), id);
  return id;
}

void SymbolGraph::add_definitions(FileId id, const FileSymbols& symbols, std::vector<NameEntry*>& names) {
  for_each_symbol(symbols.symbols, [&](const Symbol& s) {
    if (!callable(s.kind)) return;
    NameEntry& e = entry(call_name(s.name));
    names.push_back(&e);
    auto& defs = e.definers;
    auto at = std::lower_bound(defs.begin(), defs.end(), id);
    if (at == defs.end() || *at != id) defs.insert(at, id);
  });
}

void SymbolGraph::remove_definitions(FileId id, const FileSymbols& symbols, std::vector<NameEntry*>& changed) {
  for_each_symbol(symbols.symbols, [&](const Symbol& s) {
    if (!callable(s.kind)) return;
    NameEntry& e = entry(call_name(s.name));
    auto at = std::lower_bound(e.definers.begin(), e.definers.end(), id);
    if (at != e.definers.end() && *at == id) {
      e.definers.erase(at);
      changed.push_back(&e);
    }
  });
}

void SymbolGraph::collect_calls(FileId id, const FileSymbols& symbols) {
  FileNode& node = nodes_[id];
  node.calls.clear();
  for_each_call(symbols, [&](const CallSite& c) { node.calls.push_back({&entry(c.name), kNoFile, c.line}); });
  node.calls.shrink_to_fit();
  for (NameEntry* e : distinct_names(node.calls)) e->callers.push_back(id);
}

void SymbolGraph::forget_calls(FileId id) {
  for (NameEntry* e : distinct_names(nodes_[id].calls)) {
    auto it = std::find(e->callers.begin(), e->callers.end(), id);
    if (it != e->callers.end()) {
      *it = e->callers.back();
      e->callers.pop_back();
    }
  }
  nodes_[id].calls.clear();
}

void SymbolGraph::resolve_imports(FileId id, const ImportResolver& resolver) {
  FileNode& node = nodes_[id];
  const FileRecord& rec = *node.record;
  node.imports.clear();
  auto add = [&](const std::string& path) {
    FileId target = id_of(path);
    if (target != kNoFile && std::find(node.imports.begin(), node.imports.end(), target) == node.imports.end())
      node.imports.push_back(target);
  };
  node.externals.clear();
  for (const Import& imp : rec.symbols.imports()) {
    std::string target = resolver.resolve(rec.language, rec.path, imp);
    if (target.empty()) {
      std::string written = std::string(static_cast<size_t>(imp.level > 0 && rec.language == Language::python ? imp.level : 0), '.') + imp.module;
      if (!written.empty() && std::find(node.externals.begin(), node.externals.end(), written) == node.externals.end())
        node.externals.push_back(std::move(written));
    } else {
      add(target);
    }
    if (rec.language == Language::python)
      for (const auto& sub : resolver.python_submodules(rec.path, imp)) add(sub);
  }
}

FileId SymbolGraph::resolve(FileId from, const NameEntry& name) const {
  const auto& defs = name.definers;
  if (defs.empty()) return kNoFile;
  if (std::binary_search(defs.begin(), defs.end(), from)) return from;
  for (FileId t : nodes_[from].imports)
    if (std::binary_search(defs.begin(), defs.end(), t)) return t;
  Family fam = family(nodes_[from].record->language);
  FileId only = kNoFile;
  for (FileId d : defs) {
    if (family(nodes_[d].record->language) != fam) continue;
    if (only != kNoFile) return kNoFile;  // ambiguous
    only = d;
  }
  return only;
}

void SymbolGraph::resolve_calls(FileId id) {
  for (auto& c : nodes_[id].calls) c.target = resolve(id, *c.name);
}

void SymbolGraph::add_edge(FileId from, FileId to, int sign, std::vector<char>& dirty) {
  if (from == to) return;
  auto& weight = edges_[EdgeKey{from, to}];
  weight += sign;
  nodes_[to].incoming += sign;
  dirty[to] = 1;
  if (weight == 0) edges_.erase(EdgeKey{from, to});
}

void SymbolGraph::contribute(FileId id, int sign, std::vector<char>& dirty) {
  FileNode& node = nodes_[id];
  dirty[id] = 1;
  std::vector<NameEntry*> counted;
  for (const auto& c : node.calls) {
    if (c.target == kNoFile) continue;
    c.name->resolved_calls += sign;
    counted.push_back(c.name);
    add_edge(id, c.target, sign, dirty);
  }
  for (FileId t : node.imports) add_edge(id, t, sign, dirty);
  // A name's count shows on every line that defines it (its ←N).
  sort_unique(counted);
  for (NameEntry* e : counted)
    for (FileId d : e->definers) dirty[d] = 1;
}

std::vector<FileId> SymbolGraph::apply(std::vector<Change> changes) {
  bool set_changes = false;
  for (const auto& [path, record] : changes)
    if (!record || id_of(path) == kNoFile) set_changes = true;

  std::vector<char> dirty(nodes_.size() + changes.size(), 0);
  std::vector<NameEntry*> old_names, new_names;
  std::vector<FileId> replaced;
  for (auto& [path, record] : changes) {
    FileId id = id_of(path);
    if (id != kNoFile) {
      if (!set_changes) contribute(id, -1, dirty);
      remove_definitions(id, nodes_[id].record->unpack(), old_names);
      forget_calls(id);
      if (!record) {
        by_path_.erase(path);
        nodes_[id] = FileNode{};
        free_.push_back(id);
        continue;
      }
      nodes_[id].record = std::move(record);
    } else if (record) {
      id = place(path, std::move(record));
    } else {
      continue;
    }
    const FileSymbols symbols = nodes_[id].record->unpack();
    add_definitions(id, symbols, new_names);
    collect_calls(id, symbols);
    replaced.push_back(id);
  }
  dirty.resize(nodes_.size(), 0);

  if (set_changes) {
    // Imports may land elsewhere now: resolve everything again.
    edges_.clear();
    for (auto& [n, e] : names_) e.resolved_calls = 0;
    auto resolver = make_resolver();
    for (FileId id = 0; id < nodes_.size(); ++id)
      if (nodes_[id].record) {
        nodes_[id].incoming = 0;
        resolve_imports(id, *resolver);
      }
    for (FileId id = 0; id < nodes_.size(); ++id)
      if (nodes_[id].record) resolve_calls(id);
    for (FileId id = 0; id < nodes_.size(); ++id)
      if (nodes_[id].record) contribute(id, +1, dirty);
    std::vector<FileId> all;
    for (FileId id = 0; id < nodes_.size(); ++id)
      if (nodes_[id].record) all.push_back(id);
    return all;
  }

  // Names whose set of defining files changed: calls of them elsewhere may
  // resolve differently now.
  sort_unique(old_names);
  sort_unique(new_names);
  std::vector<NameEntry*> moved;
  std::set_symmetric_difference(old_names.begin(), old_names.end(), new_names.begin(), new_names.end(),
                                std::back_inserter(moved));
  std::vector<char> is_replaced(nodes_.size(), 0);
  for (FileId id : replaced) is_replaced[id] = 1;
  std::vector<FileId> affected;
  for (NameEntry* e : moved)
    for (FileId caller : e->callers)
      if (!is_replaced[caller]) affected.push_back(caller);
  std::sort(affected.begin(), affected.end());
  affected.erase(std::unique(affected.begin(), affected.end()), affected.end());

  auto resolver = replaced.empty() ? nullptr : make_resolver();
  for (FileId id : replaced) {
    resolve_imports(id, *resolver);
    resolve_calls(id);
    contribute(id, +1, dirty);
  }
  for (FileId id : affected) {
    contribute(id, -1, dirty);
    resolve_calls(id);
    contribute(id, +1, dirty);
  }
  std::vector<FileId> out;
  for (FileId id = 0; id < nodes_.size(); ++id)
    if (dirty[id] && nodes_[id].record) out.push_back(id);
  return out;
}

std::uint32_t SymbolGraph::references_to(std::string_view n) const {
  const NameEntry* e = name(n);
  return e ? e->resolved_calls : 0;
}

FileId SymbolGraph::resolve_name(FileId from, std::string_view n) const {
  const NameEntry* e = name(n);
  return e && from < nodes_.size() && nodes_[from].record ? resolve(from, *e) : kNoFile;
}

std::vector<std::pair<FileId, std::uint32_t>> SymbolGraph::reference_sites(std::string_view n, FileId target) const {
  std::vector<std::pair<FileId, std::uint32_t>> out;
  const NameEntry* e = name(n);
  if (!e) return out;
  std::vector<FileId> callers = e->callers;
  std::sort(callers.begin(), callers.end(), [&](FileId a, FileId b) {
    return nodes_[a].record->path < nodes_[b].record->path;
  });
  for (FileId id : callers)
    for (const ResolvedCall& r : nodes_[id].calls)
      if (r.name == e && r.target != kNoFile && (target == kNoFile || r.target == target))
        out.emplace_back(id, r.line);
  return out;
}

std::vector<FileId> SymbolGraph::files_referencing(FileId id) const {
  std::vector<FileId> out;
  for (const auto& [key, weight] : edges_)
    if (key.to == id) out.push_back(key.from);
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<FileId> SymbolGraph::file_dependencies(FileId id) const {
  std::vector<FileId> out;
  for (const auto& [key, weight] : edges_)
    if (key.from == id) out.push_back(key.to);
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::pair<FileId, FileId>> SymbolGraph::bidirectional_edges() const {
  std::vector<std::pair<FileId, FileId>> out;
  for (const auto& [key, weight] : edges_)
    if (key.from < key.to && edges_.count(EdgeKey{key.to, key.from})) out.emplace_back(key.from, key.to);
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::vector<FileId>> SymbolGraph::connected_components() const {
  std::vector<FileId> parent(nodes_.size());
  std::iota(parent.begin(), parent.end(), FileId{0});
  auto find = [&](FileId x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  for (const auto& [a, b] : bidirectional_edges()) parent[find(a)] = find(b);
  std::unordered_map<FileId, std::vector<FileId>> groups;
  for (FileId id = 0; id < nodes_.size(); ++id)
    if (nodes_[id].record) groups[find(id)].push_back(id);
  std::vector<std::vector<FileId>> out;
  for (auto& [root, members] : groups) {
    std::sort(members.begin(), members.end(), [&](FileId a, FileId b) {
      return nodes_[a].record->path < nodes_[b].record->path;
    });
    out.push_back(std::move(members));
  }
  std::sort(out.begin(), out.end(), [&](const auto& a, const auto& b) {
    if (a.size() != b.size()) return a.size() > b.size();
    return nodes_[a.front()].record->path < nodes_[b.front()].record->path;
  });
  return out;
}

}  // namespace acdc::symbols
