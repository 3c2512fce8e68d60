#include "history/history_message.hpp"

#include "edit/edit_results_json.hpp"

#include <acdc/sdk/json.hpp>
#include <acdc/util/utc_time.hpp>

#include <random>

namespace acdc::llm {
namespace {

long long epoch_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

std::string random_hex(int digits) {
  thread_local std::mt19937_64 rng{std::random_device{}()};
  static const char* hex = "0123456789abcdef";
  std::string out;
  for (int i = 0; i < digits; ++i) out += hex[rng() & 15];
  return out;
}

void write_list(JsonWriter& w, const char* key, const std::vector<std::string>& list) {
  if (list.empty()) return;
  w.Key(key);
  to_json(w, list);
}

std::string string_member(const JsonValue& o, const char* key) {
  auto it = o.FindMember(key);
  return it != o.MemberEnd() && it->value.IsString() ? std::string(it->value.GetString(), it->value.GetStringLength())
                                                     : std::string();
}

std::vector<std::string> list_member(const JsonValue& o, const char* key) {
  std::vector<std::string> out;
  auto it = o.FindMember(key);
  if (it == o.MemberEnd() || !it->value.IsArray()) return out;
  for (const auto& v : it->value.GetArray())
    if (v.IsString()) out.emplace_back(v.GetString(), v.GetStringLength());
  return out;
}

}  // namespace

std::string new_session_id() { return "sess_" + std::to_string(epoch_ms()) + "_" + random_hex(6); }
std::string new_turn_id() { return "turn_" + std::to_string(epoch_ms()) + "_" + random_hex(6); }
std::string new_message_id() { return std::to_string(epoch_ms()) + "-" + random_hex(8); }

HistoryMessage HistoryMessage::make(std::string session_id, std::string role, std::string content) {
  HistoryMessage m;
  m.id = new_message_id();
  m.session_id = std::move(session_id);
  m.timestamp = util::utc_now();
  m.role = std::move(role);
  m.content = std::move(content);
  return m;
}

std::string HistoryMessage::to_json(const std::vector<std::string>& image_uris) const {
  rapidjson::StringBuffer buf;
  JsonWriter w(buf);
  w.StartObject();
  for (auto [key, value] : {std::pair{"id", &id}, {"session_id", &session_id}, {"timestamp", &timestamp},
                            {"role", &role}, {"content", &content}}) {
    w.Key(key);
    acdc::to_json(w, *value);
  }
  if (system_event) {
    w.Key("system_event");
    w.Bool(true);
  }
  if (for_model) {
    w.Key("for_model");
    w.Bool(true);
  }
  if (!turn_id.empty()) {
    w.Key("turn_id");
    acdc::to_json(w, turn_id);
  }
  write_list(w, "files", files);
  write_list(w, "files_modified", files_modified);
  write_list(w, "image_refs", image_refs);
  write_list(w, "images", image_uris);
  if (cut_off) {
    w.Key("cut_off");
    w.Bool(true);
    w.Key("error");
    acdc::to_json(w, error);
  }
  if (!reasoning.empty()) {
    w.Key("reasoning");
    acdc::to_json(w, reasoning);
  }
  if (!edit_results.empty()) write_edit_results(w, edit_results);
  write_list(w, "shell_commands", shell_commands);
  if (!steps_json.empty()) {
    w.Key("steps");
    w.RawValue(steps_json.data(), steps_json.size(), rapidjson::kArrayType);
  }
  if (!stopped_by.empty()) {
    w.Key("stopped_by");
    acdc::to_json(w, stopped_by);
  }
  if (compacted_history) {
    w.Key("compacted_history");
    w.StartArray();
    for (const auto& k : *compacted_history) {
      w.StartObject();
      w.Key("role");
      acdc::to_json(w, k.role);
      w.Key("content");
      acdc::to_json(w, k.content);
      write_list(w, "image_refs", k.image_refs);
      if (!k.reasoning.empty()) {
        w.Key("reasoning");
        acdc::to_json(w, k.reasoning);
      }
      w.EndObject();
    }
    w.EndArray();
  }
  w.EndObject();
  return std::string(buf.GetString(), buf.GetSize());
}

std::optional<HistoryMessage> HistoryMessage::from_json(std::string_view line) {
  Json doc;
  doc.Parse(line.data(), line.size());
  if (doc.HasParseError() || !doc.IsObject()) return std::nullopt;
  HistoryMessage m;
  m.id = string_member(doc, "id");
  m.session_id = string_member(doc, "session_id");
  m.role = string_member(doc, "role");
  if (m.session_id.empty() || m.role.empty() || !doc.HasMember("content")) return std::nullopt;
  m.timestamp = string_member(doc, "timestamp");
  m.content = string_member(doc, "content");
  m.turn_id = string_member(doc, "turn_id");
  auto ev = doc.FindMember("system_event");
  m.system_event = ev != doc.MemberEnd() && ev->value.IsBool() && ev->value.GetBool();
  auto fm = doc.FindMember("for_model");
  m.for_model = fm != doc.MemberEnd() && fm->value.IsBool() && fm->value.GetBool();
  m.files = list_member(doc, "files");
  m.files_modified = list_member(doc, "files_modified");
  m.image_refs = list_member(doc, "image_refs");  // the legacy integer "images" holds no names
  auto cut = doc.FindMember("cut_off");
  m.cut_off = cut != doc.MemberEnd() && cut->value.IsBool() && cut->value.GetBool();
  m.error = string_member(doc, "error");
  m.reasoning = string_member(doc, "reasoning");
  m.edit_results = read_edit_results(doc);
  m.shell_commands = list_member(doc, "shell_commands");
  if (auto steps = doc.FindMember("steps"); steps != doc.MemberEnd() && steps->value.IsArray()) {
    rapidjson::StringBuffer buf;
    rapidjson::Writer<rapidjson::StringBuffer> sw(buf);
    steps->value.Accept(sw);
    m.steps_json.assign(buf.GetString(), buf.GetSize());
  }
  m.stopped_by = string_member(doc, "stopped_by");
  auto kept = doc.FindMember("compacted_history");
  if (kept != doc.MemberEnd() && kept->value.IsArray()) {
    m.compacted_history.emplace();
    for (const auto& k : kept->value.GetArray()) {
      if (!k.IsObject()) continue;
      std::string role = string_member(k, "role");
      if (role.empty()) continue;
      m.compacted_history->push_back(
          KeptMessage{role, string_member(k, "content"), list_member(k, "image_refs"), string_member(k, "reasoning")});
    }
  }
  return m;
}

}  // namespace acdc::llm
