// import/mcp_import.cpp -- see mcp_import.hpp.
#include "import/mcp_import.hpp"
#include "import/import_sources.hpp"
#include "import/target_file.hpp"

#include <acdc/sdk/json.hpp>
#include <acdc/util/atomic_file.hpp>

#include <rapidjson/prettywriter.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <vector>

namespace acdc::app::importer {
namespace {

namespace fs = std::filesystem;

struct Source {
  std::string label;  // ".mcp.json", "Claude Desktop"
  fs::path file;
};

struct Found {
  std::string name, from;
  Json entry;  // owns its allocator
};

fs::path claude_desktop_config() {
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg) return fs::path(xdg) / "Claude" / "claude_desktop_config.json";
  if (const char* home = std::getenv("HOME")) return fs::path(home) / ".config" / "Claude" / "claude_desktop_config.json";
  return {};
}

// VS Code's ${workspaceFolder} is the repository; other ${VAR}s stay, for
// acdc to read from its environment when it starts the server.
void place_workspace(JsonValue& v, const std::string& root, Json::AllocatorType& a) {
  if (v.IsString()) {
    std::string s = v.GetString();
    for (std::size_t at; (at = s.find("${workspaceFolder}")) != std::string::npos;) s.replace(at, 18, root);
    v.SetString(s.c_str(), static_cast<rapidjson::SizeType>(s.size()), a);
  } else if (v.IsArray()) {
    for (auto& item : v.GetArray()) place_workspace(item, root, a);
  } else if (v.IsObject()) {
    for (auto& m : v.GetObject()) place_workspace(m.value, root, a);
  }
}

std::string target_of(const JsonValue& entry) {
  if (!entry.IsObject()) return "(not a map)";
  if (entry.HasMember("url") && entry["url"].IsString()) return entry["url"].GetString();
  std::string out = entry.HasMember("command") && entry["command"].IsString() ? entry["command"].GetString() : "(no command)";
  if (entry.HasMember("args") && entry["args"].IsArray())
    for (const auto& a : entry["args"].GetArray()) out += " " + (a.IsString() ? std::string(a.GetString()) : to_json_text(a));
  return out;
}

// Keeps .acdc/ (and so the tokens an entry may hold) out of git, as acdc's repo plugin does.
void exclude_state_dir(const fs::path& root) {
  const fs::path exclude = root / ".git" / "info" / "exclude";
  std::string text = read_bytes(exclude).value_or("");
  if (text.find(".acdc/") != std::string::npos || !fs::is_directory(root / ".git")) return;
  fs::create_directories(exclude.parent_path());
  std::ofstream(exclude, std::ios::app) << (text.empty() || text.back() == '\n' ? "" : "\n") << ".acdc/\n";
}

}  // namespace

int run_mcp_import(const McpImportOptions& options, std::ostream& out, std::ostream& err) {
  const fs::path root = enclosing_repository(options.repo.empty() ? "." : options.repo);
  if (root.empty()) {
    err << "acdc import-mcp: " << (options.repo.empty() ? "the current directory" : options.repo)
        << " is not in a git repository: run it in the repository whose servers to import, or pass --repo\n";
    return 2;
  }
  const std::vector<Source> sources = {{".mcp.json", root / ".mcp.json"},
                                       {".cursor/mcp.json", root / ".cursor" / "mcp.json"},
                                       {".vscode/mcp.json", root / ".vscode" / "mcp.json"},
                                       {"Claude Desktop", claude_desktop_config()}};
  const fs::path target = root / ".acdc" / "mcp.json";
  Json existing(rapidjson::kObjectType);
  if (auto text = read_bytes(target)) {
    existing.Parse(text->c_str());
    if (existing.HasParseError() || !existing.IsObject()) {
      err << "acdc import-mcp: " << target.string() << " is not a JSON object: fix it (or move it away), then run this again\n";
      return 2;
    }
  }
  if (!existing.HasMember("mcpServers")) existing.AddMember("mcpServers", JsonValue(rapidjson::kObjectType), existing.GetAllocator());
  JsonValue& have = existing["mcpServers"];

  std::vector<Found> found;
  std::map<std::string, std::string> first_from;
  out << "MCP servers for " << root.string() << ":\n";
  bool any_source = false;
  for (const auto& source : sources) {
    if (source.file.empty()) continue;
    auto text = read_bytes(source.file);
    if (!text) continue;
    any_source = true;
    Json doc;
    doc.Parse(text->c_str());
    const char* key = doc.IsObject() && doc.HasMember("mcpServers") ? "mcpServers" : "servers";
    if (doc.HasParseError() || !doc.IsObject() || !doc.HasMember(key) || !doc[key].IsObject()) {
      out << "  (skipped " << source.file.string() << ": not a JSON object with mcpServers or servers)\n";
      continue;
    }
    for (auto& m : doc[key].GetObject()) {
      const std::string name = m.name.GetString();
      const std::string target_text = target_of(m.value);
      if (auto seen = first_from.find(name); seen != first_from.end()) {
        out << "  - " << name << "  " << target_text << "  (" << source.label << ": " << seen->second << " has one of that name first)\n";
        continue;
      }
      first_from[name] = source.label;
      if (have.HasMember(name.c_str())) {
        const bool same = to_json_text(have[name.c_str()]) == to_json_text(m.value);
        out << "  = " << name << "  " << target_text << "  (" << source.label << ": "
            << (same ? "already in .acdc/mcp.json" : ".acdc/mcp.json has another '" + name + "', kept") << ")\n";
        continue;
      }
      if (text->find("${input:") != std::string::npos && to_json_text(m.value).find("${input:") != std::string::npos)
        out << "    (" << name << " asks VS Code for an input (${input:...}): replace it with ${VAR} in .acdc/mcp.json)\n";
      Found f{name, source.label, Json()};
      f.entry.CopyFrom(m.value, f.entry.GetAllocator());
      place_workspace(f.entry, root.string(), f.entry.GetAllocator());
      out << "  + " << name << "  " << target_of(f.entry) << "  (" << source.label << ")\n";
      found.push_back(std::move(f));
    }
  }
  if (!any_source) out << "  none found in .mcp.json, .cursor/mcp.json, .vscode/mcp.json or Claude Desktop's config\n";
  if (found.empty()) {
    out << "Nothing to add.\n";
    return 0;
  }
  if (options.dry_run) {
    out << "Dry run: " << found.size() << " server(s) would be added to " << target.string() << "; nothing was written.\n";
    return 0;
  }
  auto& a = existing.GetAllocator();
  for (auto& f : found) have.AddMember(JsonValue(f.name.c_str(), a), JsonValue(f.entry, a), a);
  rapidjson::StringBuffer buf;
  rapidjson::PrettyWriter<rapidjson::StringBuffer> w(buf);
  w.SetIndent(' ', 2);
  existing.Accept(w);
  try {
    util::replace_file(target, std::string(buf.GetString(), buf.GetSize()) + "\n");
    exclude_state_dir(root);
  } catch (const std::exception& e) {
    err << "acdc import-mcp: " << e.what() << "\n";
    return 1;
  }
  out << "Added " << found.size() << " server(s) to " << target.string()
      << ". acdc starts them when it starts; a running acdc: Restart any server in the Settings tab.\n";
  return 0;
}

}  // namespace acdc::app::importer
