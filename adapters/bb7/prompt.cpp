// bb7/prompt.cpp -- BODY, the structured user message of bb7.md §7.2.
#include "bb7/prompt.hpp"

#include "bb7/files.hpp"

#include <algorithm>

namespace acdc::adapters::bb7 {

namespace {

struct Block {
  std::string id, path, mode, source, lines, status, content;
};

std::string header(const Block& b) {
  std::string h = "@file id=" + b.id + " path=" + b.path + " mode=" + b.mode + " source=" + b.source;
  if (!b.lines.empty()) h += " lines=" + b.lines;
  if (!b.status.empty()) h += " status=" + b.status;
  return h;
}

std::string render(const Block& b) {
  std::string out = header(b) + "\n" + b.content;
  if (out.back() != '\n') out += '\n';
  return out + "@end file id=" + b.id + "\n\n";
}

std::string summary_line(const Block& b) {
  std::string s = "  id=" + b.id + " path=" + b.path + " mode=" + b.mode;
  if (!b.lines.empty()) s += " lines=" + b.lines;
  if (!b.status.empty()) s += " status=" + b.status;
  return s + "\n";
}

bool bool_field(const rapidjson::Value& v, const char* key, bool& out) {
  auto it = v.FindMember(key);
  if (it == v.MemberEnd() || !it->value.IsBool()) return false;
  out = it->value.GetBool();
  return true;
}

int int_field(const rapidjson::Value& v, const char* key) {
  auto it = v.FindMember(key);
  return it != v.MemberEnd() && it->value.IsInt() ? it->value.GetInt() : 0;
}

std::string render_event(const rapidjson::Value& p, int n) {
  std::string s = "@action id=" + std::to_string(n) + " type=" + string_member(p, "action");
  auto opt = [&](const char* label, const char* key) {
    if (std::string v = string_member(p, key); !v.empty()) s += std::string(" ") + label + "=" + v;
  };
  opt("file_id", "version");
  opt("path", "path");
  if (int a = int_field(p, "start_line"); a > 0) s += " lines=" + std::to_string(a) + "-" + std::to_string(int_field(p, "end_line"));
  opt("original_path", "original_path");
  opt("prev_file_id", "prev_version");
  bool b = false;
  if (bool_field(p, "readonly", b)) s += std::string(" readonly=") + (b ? "true" : "false");
  if (bool_field(p, "external", b)) s += std::string(" external=") + (b ? "true" : "false");
  if (bool_field(p, "added", b) && b) s += " added=true";
  return s + "\n@end action id=" + std::to_string(n) + "\n";
}

std::string render_history(const rapidjson::Value& messages, rapidjson::SizeType end) {
  std::string out;
  int n = 0;
  for (rapidjson::SizeType i = 0; i < end; ++i) {
    const auto& m = messages[i];
    const std::string role = string_member(m, "role");
    auto parts = m.FindMember("parts");
    if (parts == m.MemberEnd() || !parts->value.IsArray()) continue;
    for (const auto& p : parts->value.GetArray()) {
      const std::string type = string_member(p, "type");
      if (type == "file") continue;
      ++n;
      if (type == "context_event") {
        out += render_event(p, n);
        continue;
      }
      std::string head = "@msg id=" + std::to_string(n) + " role=" + (type == "thinking" ? "assistant" : role);
      if (type == "thinking") head += " kind=reasoning";
      else if (type == "code" || type == "raw") head += " kind=" + type;
      std::string body = string_member(p, "content");
      if (!body.empty() && body.back() != '\n') body += '\n';
      out += head + "\n" + body + "@end msg id=" + std::to_string(n) + "\n";
    }
  }
  return out;
}

}  // namespace

std::string build_body(BodyInput& in, bool& versions_fixed) {
  versions_fixed = false;
  std::vector<Block> ro, rw;
  for (auto& f : in.chat.context_files) {
    std::string content = in.files.read_snapshot(f).value_or("");
    std::string version = content_version(f.version_key(), content);
    if (version != f.version) {  // a stale stored version is fixed on the way (§7.2)
      f.version = version;
      versions_fixed = true;
    }
    std::string lines = f.is_section() ? std::to_string(f.start_line) + "-" + std::to_string(f.end_line) : "";
    if (f.is_section() || f.readonly || f.external) {
      ro.push_back({version, f.path, "ro", "context", lines, "", content});
      continue;
    }
    std::optional<std::string> output;
    if (in.overrides && in.overrides->count(f.path)) output = in.overrides->at(f.path);
    else output = in.files.read_output(f.path);
    if (output && !output->empty()) {
      ro.push_back({version, f.path, "ro", "context", "", "original", content});
      rw.push_back({content_version(f.path, *output), f.path, "rw", "output", "", "pending_output", *output});
    } else {
      rw.push_back({version, f.path, "rw", "context", "", "", content});
    }
  }
  std::map<std::string, std::string> added;
  for (const auto& path : in.files.output_files()) added[path] = in.files.read_output(path).value_or("");
  if (in.overrides) for (const auto& [path, content] : *in.overrides) added[path] = content;
  for (const auto& [path, content] : added)
    if (!in.chat.find_context(path) && !content.empty())
      rw.push_back({content_version(path, content), path, "rw", "output", "", "added_output", content});
  std::stable_sort(ro.begin(), ro.end(), [](const Block& a, const Block& b) {
    return a.path != b.path ? a.path < b.path : a.id < b.id;
  });

  // The latest user message is the last one; history is everything before it.
  rapidjson::SizeType latest = in.chat.messages.Size();
  while (latest > 0 && string_member(in.chat.messages[latest - 1], "role") != "user") --latest;
  const std::string latest_text = latest > 0 ? parts_text(in.chat.messages[latest - 1], "text") : "";
  const std::string history = latest > 1 ? render_history(in.chat.messages, latest - 1) : "";

  std::string body;
  if (!ro.empty()) {
    body += section_marker("readonly files") + "\n";
    for (const auto& b : ro) body += render(b);
  }
  if (!history.empty()) body += section_marker("history") + "\n" + history + "\n";
  body += section_marker("latest") + "\n@latest\n";
  if (!ro.empty() || !rw.empty()) {
    body += "Files:\n";
    for (const auto& b : ro) body += summary_line(b);
    for (const auto& b : rw) body += summary_line(b);
    body += "\n";
  }
  body += latest_text + "\n@end latest\n\n";
  if (!in.retry_context.empty()) body += in.retry_context + "\n\n";
  if (!rw.empty()) {
    body += section_marker("writable files") + "\n";
    for (const auto& b : rw) body += render(b);
  }
  while (!body.empty() && body.back() == '\n') body.pop_back();
  return body;
}

}  // namespace acdc::adapters::bb7
