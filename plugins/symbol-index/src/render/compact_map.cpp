#include "render/compact_map.hpp"

#include <algorithm>

namespace acdc::symbols {
namespace {

std::string_view code(const Symbol& s) {
  switch (s.kind) {
    case SymbolKind::class_: return "c";
    case SymbolKind::method: return s.is_async ? "am" : "m";
    case SymbolKind::function: return s.is_async ? "af" : "f";
    case SymbolKind::variable: return "v";
    case SymbolKind::property: return "p";
    case SymbolKind::import: return "i";
  }
  return "?";
}

void append_params(std::string& out, const Symbol& s) {
  out += '(';
  for (size_t i = 0; i < s.parameters.size(); ++i) {
    const Parameter& p = s.parameters[i];
    if (i) out += ',';
    if (p.is_kwarg) out += "**";
    else if (p.is_vararg && p.name != "...") out += '*';
    out += p.name;
    if (p.has_default) out += '?';
  }
  out += ')';
}

void append_signature(std::string& out, const Symbol& s) {
  if (s.kind == SymbolKind::class_) {
    if (!s.bases.empty()) {
      out += '(';
      for (size_t i = 0; i < s.bases.size(); ++i) out += (i ? "," : "") + s.bases[i];
      out += ')';
    }
  } else if (s.kind != SymbolKind::variable && s.kind != SymbolKind::import) {
    append_params(out, s);
  }
  if (!s.return_type.empty()) out += "->" + s.return_type;
}

class BlockWriter {
 public:
  BlockWriter(const SymbolGraph& g, const FileNode& node, bool with_lines)
      : g_(g), node_(node), with_lines_(with_lines) {}

  void symbols(const std::vector<Symbol>& list, int depth, std::string& out) {
    for (const Symbol& s : list) symbol(s, depth, out);
  }

 private:
  void symbol(const Symbol& s, int depth, std::string& out) {
    out += '\n';
    out.append(static_cast<size_t>(depth) * 2, ' ');
    out += code(s);
    out += ' ';
    out += s.name;
    if (with_lines_) out += ':' + std::to_string(s.range.start_line + 1);
    append_signature(out, s);
    if (uint32_t refs = g_.references_to(call_name(s.name)); refs && s.kind != SymbolKind::variable)
      out += " ←" + std::to_string(refs);
    targets(s, out);
    for (const auto& v : s.instance_vars) {
      bool also_child = std::any_of(s.children.begin(), s.children.end(), [&](const Symbol& c) {
        return c.kind == SymbolKind::variable && c.name == v;
      });
      if (also_child) continue;
      out += '\n';
      out.append(static_cast<size_t>(depth + 1) * 2, ' ');
      out += "v " + v;
    }
    symbols(s.children, depth + 1, out);
  }

  // " →a,b": the distinct names this symbol's resolved calls reach.
  void targets(const Symbol& s, std::string& out) {
    std::vector<std::string_view> seen;
    for (size_t i = 0; i < s.call_sites.size(); ++i) {
      const ResolvedCall& r = node_.calls[next_call_ + i];
      if (r.target == kNoFile) continue;
      std::string_view n = s.call_sites[i].name;
      if (std::find(seen.begin(), seen.end(), n) == seen.end()) seen.push_back(n);
    }
    next_call_ += s.call_sites.size();
    for (size_t i = 0; i < seen.size(); ++i) {
      out += i ? "," : " →";
      out += seen[i];
    }
  }

  const SymbolGraph& g_;
  const FileNode& node_;
  bool with_lines_;
  size_t next_call_ = 0;  // walks node_.calls in for_each_call order
};

}  // namespace

std::string map_legend(const PathAliases& aliases, bool with_lines) {
  std::string out =
      "# c=class m=method f=function af=async func am=async method\n"
      "# v=var p=property i=import\n";
  out += with_lines ? "# :N=line(s) ->T=returns ?=optional\n" : "# ->T=returns ?=optional\n";
  out += "# +N=more Nc/Nm=test summary\n";
  out += aliases.legend();
  return out;
}

std::string render_block(const SymbolGraph& graph, FileId id, const PathAliases& aliases, bool with_lines) {
  const FileNode& node = graph.node(id);
  const FileRecord& rec = *node.record;
  std::string out = aliases.apply(rec.path) + ":";
  if (node.incoming) out += " ←" + std::to_string(node.incoming);
  if (!node.externals.empty()) {
    out += "\ni ";
    for (size_t i = 0; i < node.externals.size(); ++i) out += (i ? "," : "") + node.externals[i];
  }
  if (!node.imports.empty()) {
    out += "\ni→ ";
    for (size_t i = 0; i < node.imports.size(); ++i)
      out += (i ? "," : "") + aliases.apply(graph.node(node.imports[i]).record->path);
  }
  BlockWriter(graph, node, with_lines).symbols(rec.unpack().symbols, 0, out);
  return out;
}

std::string render_summary(const SymbolGraph& graph, FileId id, const PathAliases& aliases) {
  constexpr std::size_t kTopLevel = 24, kMembers = 8;
  const FileNode& node = graph.node(id);
  const FileRecord& rec = *node.record;
  std::string out = aliases.apply(rec.path) + ":";
  if (node.incoming) out += " ←" + std::to_string(node.incoming);
  out += " (summary)";
  auto listed = [](const Symbol& s) { return s.kind != SymbolKind::import && s.kind != SymbolKind::variable; };
  const std::vector<Symbol> symbols = rec.unpack().symbols;
  const auto total = static_cast<std::size_t>(std::count_if(symbols.begin(), symbols.end(), listed));
  std::size_t shown = 0;
  for (const Symbol& s : symbols) {
    if (!listed(s)) continue;
    if (shown++ == kTopLevel) {
      out += "\n+" + std::to_string(total - kTopLevel) + " more";
      break;
    }
    out += '\n';
    out += code(s);
    out += ' ';
    out += s.name;
    const auto member_count = static_cast<std::size_t>(std::count_if(s.children.begin(), s.children.end(), listed));
    std::size_t members = 0;
    for (const Symbol& c : s.children) {
      if (!listed(c)) continue;
      if (members == kMembers) {
        out += " +" + std::to_string(member_count - kMembers);
        break;
      }
      out += members++ ? "," : ": ";
      out += c.name;
    }
  }
  return out;
}

std::string signature(const Symbol& s) {
  std::string out = s.name;
  append_signature(out, s);
  return out;
}

}  // namespace acdc::symbols
