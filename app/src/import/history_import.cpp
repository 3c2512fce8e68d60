// import/history_import.cpp -- see history_import.hpp.
#include "import/history_import.hpp"

#include "import/json_text.hpp"

#include <acdc/sdk/json.hpp>
#include <acdc/util/sha256.hpp>

#include <algorithm>
#include <map>
#include <optional>

namespace acdc::app::importer {
namespace {

// §4.8: "%Y-%m-%dT%H:%M:%SZ"; older AC-DC wrote Python's isoformat
// ("2025-01-15T12:00:00.123456"), which is cut to the second and marked UTC.
std::string timestamp(const std::string& t) {
  if (t.size() >= 19 && t[4] == '-' && t[7] == '-' && t[10] == 'T' && t[13] == ':' && t[16] == ':')
    return t.substr(0, 19) + "Z";
  return t;
}

// AC-DC writes content as text; a multimodal list (text parts and images)
// keeps its text, the images being in image_refs.
std::optional<std::string> content_text(const JsonValue& v) {
  if (v.IsString()) return std::string(v.GetString(), v.GetStringLength());
  if (!v.IsArray()) return std::nullopt;
  std::string out;
  for (const auto& part : v.GetArray()) {
    std::string text = string_member(part, "text");
    if (text.empty()) continue;
    out += (out.empty() ? "" : "\n") + text;
  }
  return out;
}

bool plain_name(const std::string& name) {
  return !name.empty() && name.find('/') == std::string::npos && name.find('\\') == std::string::npos &&
         !name.starts_with(".");
}

void write_strings(JsonWriter& w, const char* key, const JsonValue& record, std::vector<std::string>* collect) {
  auto it = record.FindMember(key);
  if (it == record.MemberEnd() || !it->value.IsArray() || it->value.Empty()) return;
  w.Key(key);
  w.StartArray();
  for (const auto& v : it->value.GetArray()) {
    if (!v.IsString()) continue;
    std::string s(v.GetString(), v.GetStringLength());
    if (collect && !plain_name(s)) continue;  // an image name leading out of images/
    w.String(s.c_str(), static_cast<rapidjson::SizeType>(s.size()));
    if (collect) collect->push_back(s);
  }
  w.EndArray();
}

// The fields acdc keeps for an edit result (edit/edit_results_json.cpp);
// the webapp's "file_path" spelling (§4.2) becomes "file".
void write_edit_results(JsonWriter& w, const JsonValue& record) {
  auto it = record.FindMember("edit_results");
  if (it == record.MemberEnd() || !it->value.IsArray() || it->value.Empty()) return;
  w.Key("edit_results");
  w.StartArray();
  for (const auto& e : it->value.GetArray()) {
    if (!e.IsObject()) continue;
    std::string file = string_member(e, "file");
    if (file.empty()) file = string_member(e, "file_path");
    w.StartObject();
    for (auto [key, value] : {std::pair{"file", file}, {"status", string_member(e, "status")},
                              {"message", string_member(e, "message")}, {"error_type", string_member(e, "error_type")}}) {
      w.Key(key);
      acdc::to_json(w, value);
    }
    w.EndObject();
  }
  w.EndArray();
}

const char* const kCarried[] = {"id", "session_id", "timestamp", "role", "content", "system_event", "turn_id",
                                "files", "files_modified", "image_refs", "edit_results"};

class HistoryConversion {
 public:
  HistoryConversion(const std::set<std::string>& known, HistoryImport& out) : known_(known), out_(out) {}

  void line(std::string_view text, size_t number);
  void finish();

 private:
  std::string record(const JsonValue& r, const std::string& id, const std::string& content);
  void note_dropped(const JsonValue& r);

  const std::set<std::string>& known_;
  HistoryImport& out_;
  std::set<std::string> seen_;
  std::set<std::string> sessions_new_, sessions_known_;
  std::map<std::string, size_t> dropped_;  // field -> records that had it
  size_t messages_ = 0, known_messages_ = 0;
};

std::string HistoryConversion::record(const JsonValue& r, const std::string& id, const std::string& content) {
  rapidjson::StringBuffer buf;
  JsonWriter w(buf);
  w.StartObject();
  for (auto [key, value] : {std::pair{"id", id}, {"session_id", string_member(r, "session_id")},
                            {"timestamp", timestamp(string_member(r, "timestamp"))}, {"role", string_member(r, "role")},
                            {"content", content}}) {
    w.Key(key);
    acdc::to_json(w, value);
  }
  if (auto ev = r.FindMember("system_event"); ev != r.MemberEnd() && ev->value.IsBool() && ev->value.GetBool()) {
    w.Key("system_event");
    w.Bool(true);
  }
  if (std::string turn = string_member(r, "turn_id"); !turn.empty()) {
    w.Key("turn_id");
    acdc::to_json(w, turn);
  }
  write_strings(w, "files", r, nullptr);
  write_strings(w, "files_modified", r, nullptr);
  write_strings(w, "image_refs", r, &out_.images);
  write_edit_results(w, r);
  w.EndObject();
  return std::string(buf.GetString(), buf.GetSize());
}

void HistoryConversion::note_dropped(const JsonValue& r) {
  for (const auto& m : r.GetObject()) {
    std::string key = m.name.GetString();
    if (std::find(std::begin(kCarried), std::end(kCarried), key) == std::end(kCarried)) ++dropped_[key];
  }
}

void HistoryConversion::line(std::string_view text, size_t number) {
  if (text.find_first_not_of(" \t\r") == std::string_view::npos) return;
  Json doc;
  doc.Parse(text.data(), text.size());
  const std::string where = "line " + std::to_string(number);
  if (doc.HasParseError() || !doc.IsObject())
    return out_.report.skipped.push_back(where + ": not a complete JSON record (a write cut short?)");
  std::string session = string_member(doc, "session_id"), role = string_member(doc, "role");
  std::optional<std::string> content = doc.HasMember("content") ? content_text(doc["content"]) : std::nullopt;
  if (session.empty() || (role != "user" && role != "assistant") || !content)
    return out_.report.skipped.push_back(where + ": no session_id, role (user or assistant) or content");
  // A record without an id gets one from its own bytes: the same on every run.
  std::string id = string_member(doc, "id");
  if (id.empty()) id = "imported-" + util::sha256_hex(text).substr(0, 16);
  if (known_.contains(id) || !seen_.insert(id).second) {
    ++known_messages_;
    sessions_known_.insert(session);
    return;
  }
  note_dropped(doc);
  out_.lines.push_back(record(doc, id, *content));
  sessions_new_.insert(session);
  ++messages_;
}

void HistoryConversion::finish() {
  auto& r = out_.report;
  if (messages_)
    r.mapped.push_back(std::to_string(messages_) + " messages in " + std::to_string(sessions_new_.size()) +
                       " sessions, " + std::to_string(out_.images.size()) + " image references");
  if (known_messages_)
    r.skipped.push_back(std::to_string(known_messages_) + " messages in " + std::to_string(sessions_known_.size()) +
                        " sessions acdc's history holds already (imported before)");
  for (const auto& [key, count] : dropped_) {
    std::string why = key == "agent_blocks" ? "acdc has no agents"
                      : key == "images"     ? "the legacy image count names no image files"
                                            : "acdc's history record has no such field";
    r.not_mapped.push_back(key + " (in " + std::to_string(count) + " records): " + why);
  }
}

}  // namespace

HistoryImport convert_history(std::string_view source, const std::set<std::string>& known_ids,
                              const std::string& source_name) {
  HistoryImport out;
  out.report.title = source_name + " -> .acdc/history.jsonl";
  HistoryConversion conversion(known_ids, out);
  size_t number = 0;
  for (size_t start = 0; start < source.size();) {
    size_t end = source.find('\n', start);
    if (end == std::string_view::npos) end = source.size();
    conversion.line(source.substr(start, end - start), ++number);
    start = end + 1;
  }
  conversion.finish();
  return out;
}

std::set<std::string> record_ids(std::string_view history) {
  std::set<std::string> ids;
  for (size_t start = 0; start < history.size();) {
    size_t end = history.find('\n', start);
    if (end == std::string_view::npos) end = history.size();
    Json doc;
    doc.Parse(history.data() + start, end - start);
    if (!doc.HasParseError() && doc.IsObject())
      if (std::string id = string_member(doc, "id"); !id.empty()) ids.insert(id);
    start = end + 1;
  }
  return ids;
}

}  // namespace acdc::app::importer
