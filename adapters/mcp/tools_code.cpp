// mcp/tools_code.cpp -- the tools that read code: the ranked map, symbols by
// name or occurrence, search, files (tools.hpp).
#include "mcp/glob.hpp"
#include "mcp/json_read.hpp"
#include "mcp/tools.hpp"

#include <acdc/host/json.hpp>
#include <acdc/util/path_rules.hpp>

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>

namespace acdc::adapters::mcp {
namespace {

// A path the agent gave, refused here when it cannot be inside the
// repository (the repo plugin's guard refuses the rest, symlinks included).
std::optional<std::string> path_problem(const std::string& path) {
  if (auto fault = util::relative_path_fault(path)) {
    switch (*fault) {
      case util::PathFault::absolute:
        return "'" + path + "' is absolute: give a path relative to the repository's root";
      case util::PathFault::traversal: return "'" + path + "' leads outside the repository: paths stay inside it";
      case util::PathFault::git_dir: return "'" + path + "' is inside .git, which acdc does not serve";
      case util::PathFault::empty: return std::string("the path is empty");
      case util::PathFault::nul_byte: return std::string("the path contains a NUL byte");
    }
  }
  return std::nullopt;
}

// The plugin's {file, range, kind, header, references} as the tool's definition.
void write_definition(JsonOut& o, const rapidjson::Value& d) {
  const auto& r = d["range"];
  o.w.StartObject();
  o.key("file"), o.string(str(d, "file"));
  o.key("line"), o.w.Int64(num(r, "startLineNumber"));
  o.key("column"), o.w.Int64(num(r, "startColumn"));
  o.key("end_line"), o.w.Int64(num(r, "endLineNumber"));
  o.key("kind"), o.string(str(d, "kind"));
  o.key("signature"), o.string(str(d, "header"));
  o.key("references"), o.w.Int64(num(d, "references"));
  o.w.EndObject();
}

std::string definition_line(const rapidjson::Value& d) {
  return str(d, "file") + ":" + std::to_string(num(d["range"], "startLineNumber")) + "  " + str(d, "kind") + "  " +
         str(d, "header") + "  (" + std::to_string(num(d, "references")) + " references)";
}

bool is_definition(const rapidjson::Value& d) {
  return d.IsObject() && d.HasMember("range") && d["range"].IsObject();
}

// 1-based UTF-16 column of `name`'s first whole-word occurrence on `line`, or 0.
long column_of(std::string_view line, std::string_view name) {
  auto ident = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$'; };
  for (size_t p = line.find(name); p != std::string_view::npos; p = line.find(name, p + 1)) {
    if ((p > 0 && ident(line[p - 1])) || (p + name.size() < line.size() && ident(line[p + name.size()]))) continue;
    long units = 0;
    for (size_t i = 0; i < p; ++i) {
      const unsigned char c = static_cast<unsigned char>(line[i]);
      if ((c & 0xC0) != 0x80) units += c >= 0xF0 ? 2 : 1;  // a 4-byte sequence is a surrogate pair
    }
    return units + 1;
  }
  return 0;
}

std::string_view nth_line(std::string_view text, long n) {
  for (long i = 1; i < n; ++i) {
    auto nl = text.find('\n');
    if (nl == std::string_view::npos) return {};
    text.remove_prefix(nl + 1);
  }
  return text.substr(0, text.find('\n'));
}

}  // namespace

bool Tools::read_occurrence(Args& a, Occurrence& out) {
  out.name = a.text("name").value_or("");
  out.file = a.text("file").value_or("");
  out.line = a.integer("line", 1, 100'000'000).value_or(0);
  out.column = a.integer("column", 1, 100'000'000).value_or(0);
  if (!a.ok()) return false;
  if (!out.file.empty())
    if (auto problem = path_problem(out.file)) a.fail("file: " + *problem);
  if (out.line && out.file.empty()) a.fail("line needs file: give the file the line is in");
  if (out.line && !out.column && out.name.empty())
    a.fail("with file and line, give the symbol's name or its column");
  if (!out.line && out.name.empty()) a.fail("give a name, or a file and line (with the name or a column)");
  return a.ok();
}

void Tools::locate(const Occurrence& at, Done done, std::function<void(long column)> then) {
  if (at.column) return then(at.column);
  plugin("Repo.get_file_content", "[" + json_string(at.file) + "]", done, [at, done, then](std::string result) {
    const std::string text = as_text(result);
    const long column = column_of(nth_line(text, at.line), at.name);
    if (!column)
      return done(tool_error("'" + at.name + "' does not occur on line " + std::to_string(at.line) + " of " +
                             at.file + ": give the line where it occurs, or a column"));
    then(column);
  });
}

void Tools::definitions(const Occurrence& at, long limit, Done done, OnDefinitions then) {
  auto deliver = [then](std::string result) {
    rapidjson::Document doc;
    std::vector<const rapidjson::Value*> defs;
    if (parse(result, doc) && doc.IsArray()) {
      for (const auto& d : doc.GetArray())
        if (is_definition(d)) defs.push_back(&d);
    } else if (is_definition(doc)) {
      defs.push_back(&doc);
    }
    then(defs);
  };
  if (!at.line)
    return plugin("SymbolIndex.find_symbol", "[" + json_string(at.name) + "," + std::to_string(limit) + "]", done,
                  deliver);
  locate(at, done, [this, at, done, deliver](long column) {
    plugin("SymbolIndex.definition",
           "[" + json_string(at.file) + "," + std::to_string(at.line) + "," + std::to_string(column) + "]", done,
           deliver);
  });
}

void Tools::repo_map(Args& a, Done done) {
  const std::string question = a.text("question").value_or("");
  const auto files = a.texts("files").value_or(std::vector<std::string>{});
  const long budget = a.integer("budget_tokens", 500, 200000).value_or(8000);
  if (!a.ok()) return;
  // Named paths bring their files into the map's focus, neighbours with them
  // (rank/focus.hpp: a file named scores highest).
  std::string message = question;
  for (const auto& f : files) message += "\n" + f;
  std::string args = "[[]," + std::to_string(budget) + "," + json_string(message) + ",null]";
  plugin("SymbolIndex.get_ranked_map", std::move(args), done, [done](std::string result) {
    rapidjson::Document doc;
    if (!parse(result, doc) || !doc.IsObject()) return done(tool_error("the symbol index answered no map"));
    std::string map = str(doc, "legend") + "\n";
    if (doc.HasMember("blocks") && doc["blocks"].IsArray())
      for (const auto& b : doc["blocks"].GetArray()) {
        map += str(b, "text");
        if (!map.empty() && map.back() != '\n') map += '\n';
      }
    if (const std::string outline = str(doc, "outline"); !outline.empty()) map += "\n" + outline;
    JsonOut o;
    o.w.StartObject();
    o.key("map"), o.string(map);
    o.key("budget_tokens"), o.w.Int64(num(doc, "budget_tokens"));
    o.key("estimated_tokens"), o.w.Int64(num(doc, "estimated_tokens"));
    o.key("complete"), o.w.Bool(flag(doc, "complete"));
    o.key("files");
    o.w.StartObject();
    for (const char* k : {"total", "full", "summary", "outline", "left_out"}) {
      o.key(k);
      o.w.Int64(doc.HasMember("files") ? num(doc["files"], k) : 0);
    }
    o.w.EndObject();
    o.w.EndObject();
    done(tool_result(map, o.text()));
  });
}

void Tools::find_definition(Args& a, Done done) {
  Occurrence at;
  const long limit = a.integer("limit", 1, 200).value_or(20);
  if (!read_occurrence(a, at)) return;
  auto answer = [done](const std::vector<const rapidjson::Value*>& defs) {
    JsonOut o;
    std::string text;
    o.w.StartObject();
    o.key("definitions");
    o.w.StartArray();
    for (const auto* d : defs) {
      write_definition(o, *d);
      text += definition_line(*d) + "\n";
    }
    o.w.EndArray();
    o.w.EndObject();
    done(tool_result(text.empty() ? "no definition found in the index" : text, o.text()));
  };
  definitions(at, limit, done, answer);
}

void Tools::find_references(Args& a, Done done) {
  Occurrence at;
  const long limit = a.integer("limit", 1, 499).value_or(100);
  if (!read_occurrence(a, at)) return;
  // One more than asked: whether there are more is worth saying.
  auto answer = [done, limit](std::string result) {
    rapidjson::Document doc;
    JsonOut o;
    std::string text;
    size_t n = 0;
    o.w.StartObject();
    o.key("references");
    o.w.StartArray();
    if (parse(result, doc) && doc.IsArray())
      for (const auto& l : doc.GetArray()) {
        if (!l.IsObject() || !l.HasMember("range") || static_cast<long>(n) == limit) continue;
        const long line = num(l["range"], "startLineNumber"), column = num(l["range"], "startColumn");
        o.w.StartObject();
        o.key("file"), o.string(str(l, "file"));
        o.key("line"), o.w.Int64(line);
        o.key("column"), o.w.Int64(column);
        o.w.EndObject();
        text += str(l, "file") + ":" + std::to_string(line) + ":" + std::to_string(column) + "\n";
        ++n;
      }
    o.w.EndArray();
    const bool more = doc.IsArray() && static_cast<long>(doc.Size()) > limit;
    o.key("truncated"), o.w.Bool(more);
    o.w.EndObject();
    if (more) text += "(more: raise limit, or give file to narrow to one definition)\n";
    done(tool_result(text.empty() ? "no references found in the index" : text, o.text()));
  };
  if (!at.line) {
    std::string args = "[" + json_string(at.name) + "," + (at.file.empty() ? std::string("null") : json_string(at.file)) +
                       "," + std::to_string(limit + 1) + "]";
    return plugin("SymbolIndex.references_named", std::move(args), done, answer);
  }
  locate(at, done, [this, at, done, answer](long column) {
    plugin("SymbolIndex.references",
           "[" + json_string(at.file) + "," + std::to_string(at.line) + "," + std::to_string(column) + "]", done, answer);
  });
}

void Tools::hover(Args& a, Done done) {
  Occurrence at;
  if (!read_occurrence(a, at)) return;
  auto answer = [done](const rapidjson::Value* d) {
    JsonOut o;
    o.w.StartObject();
    o.key("found"), o.w.Bool(d != nullptr);
    if (d) o.key("definition"), write_definition(o, *d);
    o.w.EndObject();
    done(tool_result(d ? "```\n" + str(*d, "header") + "\n```\n" + definition_line(*d) : "no symbol found in the index",
                     o.text()));
  };
  definitions(at, 1, done, [answer](const std::vector<const rapidjson::Value*>& defs) {
    answer(defs.empty() ? nullptr : defs.front());
  });
}

void Tools::search_code(Args& a, Done done) {
  const std::string pattern = a.text("pattern", true).value_or("");
  const bool regex = a.flag("regex").value_or(false);
  const bool case_sensitive = a.flag("case_sensitive").value_or(false);
  const bool whole_word = a.flag("whole_word").value_or(false);
  const auto globs = a.texts("paths").value_or(std::vector<std::string>{});
  const long max = a.integer("max_results", 1, 2000).value_or(200);
  if (!a.ok()) return;
  std::string args = "[" + json_string(pattern) + "," + (whole_word ? "true" : "false") + "," + (regex ? "true" : "false") +
                     "," + (case_sensitive ? "false" : "true") + ",0]";
  plugin("Repo.search_files", std::move(args), done, [done, globs, max](std::string result) {
    rapidjson::Document doc;
    JsonOut o;
    std::string text;
    long n = 0;
    bool truncated = false;
    o.w.StartObject();
    o.key("matches");
    o.w.StartArray();
    if (parse(result, doc) && doc.IsArray())
      for (const auto& f : doc.GetArray()) {
        const std::string file = str(f, "file");
        if (!matches_any(globs, file) || !f.HasMember("matches") || !f["matches"].IsArray()) continue;
        for (const auto& m : f["matches"].GetArray()) {
          if (n == max) {
            truncated = true;
            break;
          }
          o.w.StartObject();
          o.key("file"), o.string(file);
          o.key("line"), o.w.Int64(num(m, "line_num"));
          o.key("text"), o.string(str(m, "line"));
          o.w.EndObject();
          text += file + ":" + std::to_string(num(m, "line_num")) + ": " + str(m, "line") + "\n";
          ++n;
        }
      }
    o.w.EndArray();
    o.key("truncated"), o.w.Bool(truncated);
    o.w.EndObject();
    if (truncated) text += "(more matches: narrow the pattern or the paths, or raise max_results)\n";
    done(tool_result(text.empty() ? "no matches" : text, o.text()));
  });
}

void Tools::read_file(Args& a, Done done) {
  const std::string path = a.text("path", true).value_or("");
  const long from = a.integer("start_line", 1, 100'000'000).value_or(1);
  const auto to = a.integer("end_line", 1, 100'000'000);
  if (a.ok())
    if (auto problem = path_problem(path)) a.fail("path: " + *problem);
  if (a.ok() && to && *to < from) a.fail("end_line is before start_line");
  if (!a.ok()) return;
  plugin("Repo.get_file_content", "[" + json_string(path) + "]", done, [done, path, from, to](std::string result) {
    const std::string text = as_text(result);
    const long total = static_cast<long>(std::count(text.begin(), text.end(), '\n')) +
                       (!text.empty() && text.back() != '\n' ? 1 : 0);
    std::string_view rest = text;
    for (long i = 1; i < from && !rest.empty(); ++i) {
      auto nl = rest.find('\n');
      rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
    }
    const long last = std::min(to.value_or(total), total);
    size_t end = 0;
    for (long i = from; i <= last && end < rest.size(); ++i) {
      auto nl = rest.find('\n', end);
      end = nl == std::string_view::npos ? rest.size() : nl + 1;
    }
    std::string_view part = rest.substr(0, end);
    if (part.size() > kMaxReadBytes)
      return done(tool_error(path + " is " + std::to_string(text.size()) + " bytes in " + std::to_string(total) +
                             " lines; at most " + std::to_string(kMaxReadBytes / 1024) +
                             " KiB are read at once: read it in parts with start_line and end_line"));
    JsonOut o;
    o.w.StartObject();
    o.key("path"), o.string(path);
    o.key("text"), o.string(part);
    o.key("start_line"), o.w.Int64(from);
    o.key("end_line"), o.w.Int64(std::max(from - 1, last));
    o.key("total_lines"), o.w.Int64(total);
    o.w.EndObject();
    done(tool_result(part, o.text()));
  });
}

void Tools::list_files(Args& a, Done done) {
  const auto globs = a.texts("paths").value_or(std::vector<std::string>{});
  const bool changed_only = a.flag("changed_only").value_or(false);
  const long max = a.integer("max_results", 1, 100000).value_or(5000);
  if (!a.ok()) return;
  plugin("Repo.get_file_tree", "[]", done, [done, globs, changed_only, max](std::string result) {
    rapidjson::Document doc;
    if (!parse(result, doc) || !doc.IsObject()) return done(tool_error("the repo plugin answered no file tree"));
    std::map<std::string, const char*> status;
    // Later lists win: a deleted file is "deleted" whatever else it is.
    for (const char* list : {"untracked", "staged", "modified", "deleted"})
      for (const auto& p : strs(doc, list)) status[p] = list;
    std::vector<std::string> paths;
    std::vector<const rapidjson::Value*> todo{doc.HasMember("tree") ? &doc["tree"] : nullptr};
    while (!todo.empty()) {
      const rapidjson::Value* n = todo.back();
      todo.pop_back();
      if (!n || !n->IsObject()) continue;
      if (str(*n, "type") == "file") paths.push_back(str(*n, "path"));
      if (n->HasMember("children") && (*n)["children"].IsArray())
        for (const auto& c : (*n)["children"].GetArray()) todo.push_back(&c);
    }
    std::sort(paths.begin(), paths.end());
    JsonOut o;
    std::string text;
    long total = 0;
    o.w.StartObject();
    o.key("files");
    o.w.StartArray();
    for (const auto& p : paths) {
      auto s = status.find(p);
      const char* st = s == status.end() ? "clean" : s->second;
      if ((changed_only && s == status.end()) || !matches_any(globs, p)) continue;
      if (total++ >= max) continue;
      o.w.StartObject();
      o.key("path"), o.string(p);
      o.key("status"), o.w.String(st);
      o.w.EndObject();
      text += s == status.end() ? p + "\n" : p + "  [" + st + "]\n";
    }
    o.w.EndArray();
    o.key("total"), o.w.Int64(total);
    o.key("truncated"), o.w.Bool(total > max);
    o.w.EndObject();
    if (total > max) text += "(" + std::to_string(total - max) + " more: narrow the paths or raise max_results)\n";
    done(tool_result(text.empty() ? "no files" : text, o.text()));
  });
}

}  // namespace acdc::adapters::mcp
