// The repo plugin's tools (plugin_api.h, since 1.2; declarations in
// tools/repo_tool_decls.hpp): what acdc's agent and every MCP agent read of
// the repository. Each reads its arguments against its schema, does the
// work in process, and answers a CallToolResult: the text the model reads,
// and structuredContent matching the tool's outputSchema. A problem the
// model can correct (a bad path, a file too large to read at once) is an
// isError result that says what to ask instead.
#include <acdc/util/glob.hpp>
#include <acdc/util/path_rules.hpp>
#include <algorithm>
#include <map>

#include "repo_service.hpp"
#include "searcher.hpp"

namespace acdc::repo {
namespace {

constexpr size_t kMaxReadBytes = 256 * 1024;

Json parsed(const std::string& text) {
  Json doc;
  doc.Parse(text.data(), text.size());
  return doc;
}

const JsonValue* args_of(const std::optional<Json>& args) { return args ? &*args : nullptr; }

// The paths of a "diff --git a/X b/Y" header line (Y, and X when it differs).
std::vector<std::string> header_paths(std::string_view header) {
  auto b = header.rfind(" b/");
  if (!header.starts_with("diff --git a/") || b == std::string_view::npos) return {};
  std::string x(header.substr(13, b - 13)), y(header.substr(b + 3));
  return x == y ? std::vector<std::string>{y} : std::vector<std::string>{x, y};
}

bool under(const std::string& file, const std::string& path) {
  return path.empty() || file == path ||
         (file.size() > path.size() && file.starts_with(path) && file[path.size()] == '/');
}

// The diff's file sections that touch `path` (a file or a directory).
std::string filter_diff(std::string_view diff, std::string path, std::vector<std::string>& files) {
  while (path.ends_with('/')) path.pop_back();
  std::string out;
  size_t at = 0;
  while (at < diff.size()) {
    size_t next = diff.find("\ndiff --git ", at);
    size_t end = next == std::string_view::npos ? diff.size() : next + 1;
    std::string_view section = diff.substr(at, end - at);
    auto paths = header_paths(section.substr(0, section.find('\n')));
    bool keep = false;
    for (const auto& p : paths) keep = keep || under(p, path);
    if (keep) {
      out += section;
      files.push_back(paths.back());
    }
    at = end;
  }
  return out;
}

// Lines [from, to] of `text` (1-based; `to` past the end: to the end).
std::string_view line_range(std::string_view text, long from, long to) {
  for (long i = 1; i < from && !text.empty(); ++i) {
    auto nl = text.find('\n');
    text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
  }
  size_t end = 0;
  for (long i = from; i <= to && end < text.size(); ++i) {
    auto nl = text.find('\n', end);
    end = nl == std::string_view::npos ? text.size() : nl + 1;
  }
  return text.substr(0, end);
}

}  // namespace

RawJson RepoService::read_file(std::optional<Json> args) {
  ToolArgs a(args_of(args), {"path", "start_line", "end_line"});
  const std::string path = a.text("path", true).value_or("");
  const long from = a.integer("start_line", 1, 100'000'000).value_or(1);
  const auto to = a.integer("end_line", 1, 100'000'000);
  if (a.ok())
    if (auto fault = util::relative_path_fault(path)) a.fail("path: " + util::fault_message(*fault, path));
  if (a.ok() && to && *to < from) a.fail("end_line is before start_line");
  if (!a.ok()) return tool_error(a.problem());
  std::string text;
  try {
    text = files_.read_text(path);
  } catch (const std::exception& e) {
    return tool_error(e.what());
  }
  const long total =
      static_cast<long>(std::count(text.begin(), text.end(), '\n')) + (!text.empty() && text.back() != '\n' ? 1 : 0);
  const long last = std::min(to.value_or(total), total);
  const std::string_view part = line_range(text, from, last);
  if (part.size() > kMaxReadBytes)
    return tool_error(path + " is " + std::to_string(text.size()) + " bytes in " + std::to_string(total) +
                      " lines; at most " + std::to_string(kMaxReadBytes / 1024) +
                      " KiB are read at once: read it in parts with start_line and end_line");
  ToolOut o;
  o.w.StartObject();
  o.key("path"), o.string(path);
  o.key("text"), o.string(part);
  o.key("start_line"), o.w.Int64(from);
  o.key("end_line"), o.w.Int64(std::max(from - 1, last));
  o.key("total_lines"), o.w.Int64(total);
  o.w.EndObject();
  return tool_result(part, o.text());
}

RawJson RepoService::search_code(std::optional<Json> args) {
  ToolArgs a(args_of(args), {"pattern", "regex", "case_sensitive", "whole_word", "paths", "max_results"});
  const std::string pattern = a.text("pattern", true).value_or("");
  const bool regex = a.flag("regex").value_or(false);
  const bool case_sensitive = a.flag("case_sensitive").value_or(false);
  const bool whole_word = a.flag("whole_word").value_or(false);
  const auto globs = a.texts("paths").value_or(std::vector<std::string>{});
  const long max = a.integer("max_results", 1, 2000).value_or(200);
  if (!a.ok()) return tool_error(a.problem());
  // Only the files the globs name are read: on boost's headers a search of
  // smart_ptr/** reads 89 files, not 15,446 (bench/agent: 150-230 ms each);
  // and only the directories they can be in are walked to find them (the
  // whole tree's listing took 20 ms there).
  std::vector<std::string> roots;
  bool anywhere = globs.empty();
  for (const auto& g : globs) {
    std::string root = util::glob_root(g);
    if (root.empty()) anywhere = true;  // this glob may match in any directory
    // A root outside the repository ("../x/**") holds none of its files, and is never walked.
    else if (!util::relative_path_fault(root)) roots.push_back(std::move(root));
  }
  if (anywhere) roots.clear();
  std::vector<std::string> files;
  if (anywhere || !roots.empty()) {
    auto lock = repo_.lock();
    files = status_.list_files(roots);
  }
  std::erase_if(files, [&globs](const std::string& f) { return !util::matches_any(globs, f); });
  SearchLimits limits;
  limits.max_file_bytes = files_.max_file_bytes();
  Json doc;
  try {
    doc = parsed(repo::search_files(repo_.root(), files, {pattern, whole_word, regex, !case_sensitive, 0}, limits));
  } catch (const std::exception& e) {
    return tool_error(e.what());
  }
  ToolOut o;
  std::string text;
  long n = 0;
  bool truncated = false;
  o.w.StartObject();
  o.key("matches");
  o.w.StartArray();
  if (doc.IsArray())
    for (const auto& f : doc.GetArray()) {
      const std::string file = text_member(f, "file");
      if (!f.HasMember("matches") || !f["matches"].IsArray()) continue;
      for (const auto& m : f["matches"].GetArray()) {
        if (n == max) {
          truncated = true;
          break;
        }
        o.w.StartObject();
        o.key("file"), o.string(file);
        o.key("line"), o.w.Int64(integer_member(m, "line_num"));
        o.key("text"), o.string(text_member(m, "line"));
        o.w.EndObject();
        text += file + ":" + std::to_string(integer_member(m, "line_num")) + ": " + text_member(m, "line") + "\n";
        ++n;
      }
    }
  o.w.EndArray();
  o.key("truncated"), o.w.Bool(truncated);
  o.w.EndObject();
  if (truncated) text += "(more matches: narrow the pattern or the paths, or raise max_results)\n";
  return tool_result(text.empty() ? "no matches" : text, o.text());
}

RawJson RepoService::list_files(std::optional<Json> args) {
  ToolArgs a(args_of(args), {"paths", "changed_only", "max_results"});
  const auto globs = a.texts("paths").value_or(std::vector<std::string>{});
  const bool changed_only = a.flag("changed_only").value_or(false);
  const long max = a.integer("max_results", 1, 100000).value_or(5000);
  if (!a.ok()) return tool_error(a.problem());
  const Json doc = parsed(get_file_tree().text);
  if (!doc.IsObject()) return tool_error("the repository's file tree could not be read");
  std::map<std::string, const char*> status;
  // Later lists win: a deleted file is "deleted" whatever else it is.
  for (const char* list : {"untracked", "staged", "modified", "deleted"})
    for (const auto& p : texts_member(doc, list)) status[p] = list;
  std::vector<std::string> paths;
  std::vector<const JsonValue*> todo{doc.HasMember("tree") ? &doc["tree"] : nullptr};
  while (!todo.empty()) {
    const JsonValue* n = todo.back();
    todo.pop_back();
    if (!n || !n->IsObject()) continue;
    if (text_member(*n, "type") == "file") paths.push_back(text_member(*n, "path"));
    if (n->HasMember("children") && (*n)["children"].IsArray())
      for (const auto& c : (*n)["children"].GetArray()) todo.push_back(&c);
  }
  std::sort(paths.begin(), paths.end());
  ToolOut o;
  std::string text;
  long total = 0;
  o.w.StartObject();
  o.key("files");
  o.w.StartArray();
  for (const auto& p : paths) {
    auto s = status.find(p);
    const char* st = s == status.end() ? "clean" : s->second;
    if ((changed_only && s == status.end()) || !util::matches_any(globs, p)) continue;
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
  return tool_result(text.empty() ? "no files" : text, o.text());
}

RawJson RepoService::git_status(std::optional<Json> args) {
  ToolArgs a(args_of(args), {});
  if (!a.ok()) return tool_error(a.problem());
  const Json branch = parsed(get_current_branch().text);
  const Json tree = parsed(get_file_tree().text);
  if (!tree.IsObject() || !branch.IsObject()) return tool_error("the repository's status could not be read");
  ToolOut o;
  o.w.StartObject();
  const std::string name = text_member(branch, "branch"), sha = text_member(branch, "sha");
  auto text_or_null = [&o](const char* key, const std::string& v) {
    o.key(key);
    if (v.empty())
      o.w.Null();
    else
      o.string(v);
  };
  text_or_null("branch", name);
  text_or_null("sha", sha);
  const auto detached = branch.FindMember("detached");
  o.key("detached"), o.w.Bool(detached != branch.MemberEnd() && detached->value.IsBool() && detached->value.GetBool());
  std::string text = name.empty() ? "HEAD detached at " + sha.substr(0, 8) + "\n" : "on branch " + name + "\n";
  for (const char* list : {"staged", "modified", "untracked", "deleted"}) {
    const auto paths = texts_member(tree, list);
    o.key(list), o.strings(paths);
    if (paths.empty()) continue;
    text += std::string(list) + ":\n";
    for (const auto& p : paths) text += "  " + p + "\n";
  }
  o.w.EndObject();
  return tool_result(text, o.text());
}

RawJson RepoService::git_diff(std::optional<Json> args) {
  ToolArgs a(args_of(args), {"staged", "path"});
  const bool staged = a.flag("staged").value_or(false);
  const std::string path = a.text("path").value_or("");
  if (!a.ok()) return tool_error(a.problem());
  std::vector<std::string> files;
  const std::string diff = filter_diff(staged ? get_staged_diff() : get_unstaged_diff(), path, files);
  ToolOut o;
  o.w.StartObject();
  o.key("diff"), o.string(diff);
  o.key("files"), o.strings(files);
  o.w.EndObject();
  const std::string none =
      std::string("no ") + (staged ? "staged" : "unstaged") + " changes" + (path.empty() ? "" : " under " + path);
  return tool_result(diff.empty() ? none : diff, o.text());
}

RawJson RepoService::git_log(std::optional<Json> args) {
  ToolArgs a(args_of(args), {"path", "limit"});
  const std::string path = a.text("path").value_or("");
  const long limit = a.integer("limit", 1, 1000).value_or(20);
  if (!a.ok()) return tool_error(a.problem());
  Json doc;
  try {
    doc = parsed(get_path_log(path, static_cast<int>(limit)).text);
  } catch (const std::exception& e) {
    return tool_error(e.what());
  }
  if (!doc.IsArray()) return tool_error("the repository's history could not be read");
  ToolOut o;
  std::string text;
  o.w.StartObject();
  o.key("commits");
  o.w.StartArray();
  for (const auto& c : doc.GetArray()) {
    o.w.StartObject();
    for (const char* k : {"sha", "short_sha", "message", "author", "email", "date"})
      o.key(k), o.string(text_member(c, k));
    o.w.EndObject();
    const std::string message = text_member(c, "message");
    text += text_member(c, "short_sha") + " " + text_member(c, "date").substr(0, 10) + " " + text_member(c, "author") +
            "  " + message.substr(0, message.find('\n')) + "\n";
  }
  o.w.EndArray();
  o.w.EndObject();
  return tool_result(text.empty() ? "no commits" : text, o.text());
}

}  // namespace acdc::repo
