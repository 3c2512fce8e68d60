#include "review/review_state.hpp"

#include <acdc/sdk/error.hpp>
#include <acdc/util/atomic_file.hpp>

#include <fstream>
#include <regex>
#include <sstream>

namespace acdc::llm {
namespace {

const char* kFile = "review.json";
const char* kFields[] = {"branch", "branch_tip", "base_commit", "parent_commit", "original_branch"};

std::string* field(ReviewState& s, std::string_view key) {
  if (key == "branch") return &s.branch;
  if (key == "branch_tip") return &s.branch_tip;
  if (key == "base_commit") return &s.base_commit;
  if (key == "parent_commit") return &s.parent_commit;
  return &s.original_branch;
}

std::string str(const acdc::JsonValue& o, const char* key) {
  auto it = o.FindMember(key);
  return it != o.MemberEnd() && it->value.IsString() ? it->value.GetString() : std::string();
}

long num(const acdc::JsonValue& o, const char* key) {
  auto it = o.FindMember(key);
  return it != o.MemberEnd() && it->value.IsInt64() ? static_cast<long>(it->value.GetInt64()) : 0;
}

acdc::Json parse_array(const std::string& text) {
  acdc::Json doc;
  doc.Parse(text.c_str(), text.size());
  if (doc.HasParseError() || !doc.IsArray()) doc.SetArray();
  return doc;
}

std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

}  // namespace

std::string ReviewState::to_json() const {
  const acdc::Json files = parse_array(files_json);
  long additions = 0, deletions = 0;
  for (const auto& f : files.GetArray())
    if (f.IsObject()) additions += num(f, "additions"), deletions += num(f, "deletions");
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartObject();
  w.Key("active");
  w.Bool(true);
  ReviewState copy = *this;
  for (const char* key : kFields) {
    w.Key(key);
    acdc::to_json(w, *field(copy, key));
  }
  w.Key("commits");
  w.RawValue(commits_json.c_str(), commits_json.size(), rapidjson::kArrayType);
  w.Key("changed_files");
  w.RawValue(files_json.c_str(), files_json.size(), rapidjson::kArrayType);
  w.Key("pre_change_map");
  acdc::to_json(w, pre_change_map);
  w.Key("stats");
  w.StartObject();
  w.Key("commit_count"); w.Int64(static_cast<long>(parse_array(commits_json).Size()));
  w.Key("file_count"); w.Int64(static_cast<long>(files.Size()));
  w.Key("additions"); w.Int64(additions);
  w.Key("deletions"); w.Int64(deletions);
  w.EndObject();
  w.EndObject();
  return std::string(buf.GetString(), buf.GetSize());
}

std::optional<ReviewState> ReviewState::from_json(std::string_view text) {
  acdc::Json doc;
  doc.Parse(text.data(), text.size());
  if (doc.HasParseError() || !doc.IsObject()) return std::nullopt;
  ReviewState s;
  for (const char* key : kFields) *field(s, key) = str(doc, key);
  if (s.branch_tip.empty() || s.original_branch.empty()) return std::nullopt;
  s.pre_change_map = str(doc, "pre_change_map");
  for (auto [key, out] : {std::pair{"commits", &s.commits_json}, {"changed_files", &s.files_json}}) {
    auto it = doc.FindMember(key);
    if (it != doc.MemberEnd() && it->value.IsArray()) *out = acdc::to_json_text(it->value);
  }
  return s;
}

std::optional<ReviewState> ReviewState::load(const std::filesystem::path& state_dir) {
  std::ifstream in(state_dir / kFile, std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream text;
  text << in.rdbuf();
  return from_json(text.str());
}

void ReviewState::save(const std::filesystem::path& state_dir) const {
  acdc::util::replace_file(state_dir / kFile, to_json());
}

void ReviewState::clear(const std::filesystem::path& state_dir) {
  std::error_code ec;
  std::filesystem::remove(state_dir / kFile, ec);
}

std::vector<std::string> ReviewState::changed_paths() const {
  std::vector<std::string> out;
  const acdc::Json files = parse_array(files_json);
  for (const auto& f : files.GetArray())
    if (f.IsObject()) out.push_back(str(f, "path"));
  return out;
}

std::string ReviewState::context(const std::vector<std::pair<std::string, std::string>>& reverse_diffs) const {
  const acdc::Json commits = parse_array(commits_json);
  const acdc::Json files = parse_array(files_json);
  std::ostringstream s;
  s << "## Summary\n\nReviewing branch `" << branch << "` (tip " << branch_tip.substr(0, 7) << ") since "
    << parent_commit.substr(0, 7) << ": " << commits.Size() << " commit(s), " << files.Size()
    << " file(s) changed. The working files show the code after the change; the reverse diffs below "
       "turn it back into the code before it.\n\n## Commits\n\n";
  for (const auto& c : commits.GetArray())
    if (c.IsObject()) s << "- " << str(c, "short_sha") << " " << first_line(str(c, "message")) << " (" << str(c, "author") << ")\n";
  s << "\n## Changed files\n\n";
  for (const auto& f : files.GetArray())
    if (f.IsObject())
      s << "- " << str(f, "status") << " " << str(f, "path") << " (+" << num(f, "additions") << " -" << num(f, "deletions") << ")\n";
  if (!pre_change_map.empty()) s << "\n## Symbol map of the changed files before the change\n\n" << pre_change_map;
  if (!reverse_diffs.empty()) s << "\n## Reverse diffs of the selected files\n";
  for (const auto& [path, diff] : reverse_diffs) s << "\n### " << path << "\n\n```diff\n" << diff << (diff.ends_with('\n') ? "" : "\n") << "```\n";
  return s.str();
}

std::string reverse_diff(const std::string& unified) {
  static const std::regex hunk(R"(^@@ -(\S+) \+(\S+) @@(.*)$)");
  std::istringstream in(unified);
  std::ostringstream out;
  std::string line, minus_header;
  bool in_header = false;
  while (std::getline(in, line)) {
    std::smatch m;
    if (line.starts_with("diff --git ")) {
      in_header = true;
      out << line << '\n';
    } else if (in_header && line.starts_with("--- ")) {
      minus_header = line.substr(4);  // printed after the +++ line it swaps with
    } else if (in_header && line.starts_with("+++ ")) {
      out << "--- " << line.substr(4) << "\n+++ " << minus_header << '\n';
    } else if (in_header && line.starts_with("new file mode")) {
      out << "deleted file mode" << line.substr(13) << '\n';
    } else if (in_header && line.starts_with("deleted file mode")) {
      out << "new file mode" << line.substr(17) << '\n';
    } else if (std::regex_match(line, m, hunk)) {
      in_header = false;
      out << "@@ -" << m[2] << " +" << m[1] << " @@" << m[3] << '\n';
    } else if (!in_header && line.starts_with('+')) {
      out << '-' << line.substr(1) << '\n';
    } else if (!in_header && line.starts_with('-')) {
      out << '+' << line.substr(1) << '\n';
    } else {
      out << line << '\n';
    }
  }
  return out.str();
}

}  // namespace acdc::llm
