// mcp/tools_git.cpp -- git status, diffs and history (tools.hpp).
#include "mcp/json_read.hpp"
#include "mcp/tools.hpp"

#include <acdc/host/json.hpp>

namespace acdc::adapters::mcp {
namespace {

// The paths of a "diff --git a/X b/Y" header line (Y, and X when it differs).
std::vector<std::string> header_paths(std::string_view header) {
  auto b = header.rfind(" b/");
  if (!header.starts_with("diff --git a/") || b == std::string_view::npos) return {};
  std::string x(header.substr(13, b - 13)), y(header.substr(b + 3));
  return x == y ? std::vector<std::string>{y} : std::vector<std::string>{x, y};
}

bool under(const std::string& file, const std::string& path) {
  return path.empty() || file == path || (file.size() > path.size() && file.starts_with(path) && file[path.size()] == '/');
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

}  // namespace

void Tools::git_status(Args& a, Done done) {
  if (!a.ok()) return;
  plugin("Repo.get_current_branch", "[]", done, [this, done](std::string branch_json) {
    plugin("Repo.get_file_tree", "[]", done, [done, branch_json](std::string result) {
      rapidjson::Document tree, branch;
      if (!parse(result, tree) || !tree.IsObject() || !parse(branch_json, branch) || !branch.IsObject())
        return done(tool_error("the repo plugin's status could not be read"));
      JsonOut o;
      o.w.StartObject();
      const std::string name = str(branch, "branch"), sha = str(branch, "sha");
      auto text_or_null = [&o](const char* key, const std::string& v) {
        o.key(key);
        if (v.empty()) o.w.Null();
        else o.string(v);
      };
      text_or_null("branch", name);
      text_or_null("sha", sha);
      o.key("detached"), o.w.Bool(flag(branch, "detached"));
      std::string text = name.empty() ? "HEAD detached at " + sha.substr(0, 8) + "\n" : "on branch " + name + "\n";
      for (const char* list : {"staged", "modified", "untracked", "deleted"}) {
        const auto paths = strs(tree, list);
        o.key(list), o.strings(paths);
        if (paths.empty()) continue;
        text += std::string(list) + ":\n";
        for (const auto& p : paths) text += "  " + p + "\n";
      }
      o.w.EndObject();
      done(tool_result(text, o.text()));
    });
  });
}

void Tools::git_diff(Args& a, Done done) {
  const bool staged = a.flag("staged").value_or(false);
  const std::string path = a.text("path").value_or("");
  if (!a.ok()) return;
  plugin(staged ? "Repo.get_staged_diff" : "Repo.get_unstaged_diff", "[]", done,
         [done, path, staged](std::string result) {
           std::vector<std::string> files;
           const std::string diff = filter_diff(as_text(result), path, files);
           JsonOut o;
           o.w.StartObject();
           o.key("diff"), o.string(diff);
           o.key("files"), o.strings(files);
           o.w.EndObject();
           const std::string none = std::string("no ") + (staged ? "staged" : "unstaged") + " changes" +
                                    (path.empty() ? "" : " under " + path);
           done(tool_result(diff.empty() ? none : diff, o.text()));
         });
}

void Tools::git_log(Args& a, Done done) {
  const std::string path = a.text("path").value_or("");
  const long limit = a.integer("limit", 1, 1000).value_or(20);
  if (!a.ok()) return;
  std::string args = "[";
  rpc::append_quoted(args, path);
  args += "," + std::to_string(limit) + "]";
  plugin("Repo.get_path_log", std::move(args), done, [done](std::string result) {
    rapidjson::Document doc;
    if (!parse(result, doc) || !doc.IsArray()) return done(tool_error("the repo plugin answered no history"));
    JsonOut o;
    std::string text;
    o.w.StartObject();
    o.key("commits");
    o.w.StartArray();
    for (const auto& c : doc.GetArray()) {
      o.w.StartObject();
      for (const char* k : {"sha", "short_sha", "message", "author", "email", "date"}) o.key(k), o.string(str(c, k));
      o.w.EndObject();
      std::string message = str(c, "message");
      text += str(c, "short_sha") + " " + str(c, "date").substr(0, 10) + " " + str(c, "author") + "  " +
              message.substr(0, message.find('\n')) + "\n";
    }
    o.w.EndArray();
    o.w.EndObject();
    done(tool_result(text.empty() ? "no commits" : text, o.text()));
  });
}

}  // namespace acdc::adapters::mcp
