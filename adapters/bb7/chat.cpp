// bb7/chat.cpp -- see chat.hpp.
#include "bb7/chat.hpp"

#include "bb7/files.hpp"

#include <acdc/host/json.hpp>
#include <acdc/sdk/error.hpp>
#include <acdc/util/atomic_file.hpp>
#include <acdc/util/utc_time.hpp>
#include <rapidjson/prettywriter.h>
#include <rapidjson/stringbuffer.h>

namespace acdc::adapters::bb7 {

namespace fs = std::filesystem;
using rapidjson::Value;

std::string ContextFile::version_key() const {
  if (!is_section()) return path;
  return path + ":" + std::to_string(start_line) + ":" + std::to_string(end_line);
}

std::string string_member(const Value& v, const char* key) {
  if (!v.IsObject()) return {};
  auto it = v.FindMember(key);
  return it != v.MemberEnd() && it->value.IsString() ? std::string(it->value.GetString(), it->value.GetStringLength())
                                                     : std::string();
}

namespace {

bool bool_member(const Value& v, const char* key) {
  auto it = v.FindMember(key);
  return it != v.MemberEnd() && it->value.IsBool() && it->value.GetBool();
}

int int_member(const Value& v, const char* key) {
  auto it = v.FindMember(key);
  return it != v.MemberEnd() && it->value.IsInt() ? it->value.GetInt() : 0;
}

// v0/v1 messages had a top-level `content`: it becomes a text part.
bool migrate_messages(Value& messages, rapidjson::Document::AllocatorType& a) {
  bool changed = false;
  for (auto& m : messages.GetArray()) {
    if (!m.IsObject()) continue;
    auto c = m.FindMember("content");
    if (c == m.MemberEnd()) continue;
    if (c->value.IsString() && !m.HasMember("parts")) {
      Value parts(rapidjson::kArrayType);
      Value part(rapidjson::kObjectType);
      part.AddMember("type", "text", a);
      part.AddMember("content", Value(c->value, a), a);
      parts.PushBack(part, a);
      m.AddMember("parts", parts, a);
    }
    m.RemoveMember("content");
    changed = true;
  }
  return changed;
}

}  // namespace

Chat::Chat() { messages.SetArray(); }

Chat Chat::load(const fs::path& file) {
  auto text = read_file(file);
  if (!text) throw Error(ACDC_E_NOT_FOUND, "Chat not found");
  rapidjson::Document doc;
  if (rpc::parse_limited(*text, doc, rpc::kMaxDepth) != rpc::ParseOutcome::ok || !doc.IsObject())
    throw Error(ACDC_E_INTERNAL, "failed to parse chat: " + file.string());
  Chat chat;
  chat.id = string_member(doc, "id");
  chat.name = string_member(doc, "name");
  chat.created = string_member(doc, "created");
  chat.model = string_member(doc, "model");
  chat.reasoning_effort = string_member(doc, "reasoning_effort");
  chat.draft = string_member(doc, "draft");
  if (auto cf = doc.FindMember("context_files"); cf != doc.MemberEnd() && cf->value.IsArray())
    for (const auto& e : cf->value.GetArray()) {
      if (!e.IsObject()) continue;
      chat.context_files.push_back(ContextFile{string_member(e, "path"), bool_member(e, "readonly"),
                                               bool_member(e, "external"), string_member(e, "version"),
                                               int_member(e, "start_line"), int_member(e, "end_line")});
    }
  if (auto m = doc.FindMember("messages"); m != doc.MemberEnd() && m->value.IsArray())
    chat.messages.CopyFrom(m->value, chat.alloc());
  auto v = doc.FindMember("version");
  const bool old = v == doc.MemberEnd() || !v->value.IsInt() || v->value.GetInt() < 2;
  if (migrate_messages(chat.messages, chat.alloc()) || old) chat.save(file);
  return chat;
}

void Chat::save(const fs::path& file) const {
  rapidjson::StringBuffer buf;
  rapidjson::PrettyWriter<rapidjson::StringBuffer> w(buf);
  w.SetIndent(' ', 2);
  w.StartObject();
  w.Key("version"); w.Int(2);
  w.Key("id"); w.String(id.c_str(), static_cast<rapidjson::SizeType>(id.size()));
  w.Key("name"); w.String(name.c_str(), static_cast<rapidjson::SizeType>(name.size()));
  w.Key("created"); w.String(created.c_str(), static_cast<rapidjson::SizeType>(created.size()));
  w.Key("model"); w.String(model.c_str(), static_cast<rapidjson::SizeType>(model.size()));
  if (!reasoning_effort.empty()) {
    w.Key("reasoning_effort");
    w.String(reasoning_effort.c_str(), static_cast<rapidjson::SizeType>(reasoning_effort.size()));
  }
  if (!draft.empty()) {
    w.Key("draft");
    w.String(draft.c_str(), static_cast<rapidjson::SizeType>(draft.size()));
  }
  w.Key("context_files");
  w.StartArray();
  for (const auto& f : context_files) {
    w.StartObject();
    w.Key("path"); w.String(f.path.c_str(), static_cast<rapidjson::SizeType>(f.path.size()));
    w.Key("readonly"); w.Bool(f.readonly);
    w.Key("external"); w.Bool(f.external);
    if (!f.version.empty()) { w.Key("version"); w.String(f.version.c_str()); }
    if (f.is_section()) {
      w.Key("start_line"); w.Int(f.start_line);
      w.Key("end_line"); w.Int(f.end_line);
    }
    w.EndObject();
  }
  w.EndArray();
  w.Key("messages");
  messages.Accept(w);
  w.EndObject();
  acdc::util::replace_file(file, std::string_view(buf.GetString(), buf.GetSize()));
}

Value Chat::event_part(const ContextEvent& e) {
  auto& a = alloc();
  Value part(rapidjson::kObjectType);
  part.AddMember("type", "context_event", a);
  auto add = [&](const char* key, const std::string& s) {
    if (!s.empty()) part.AddMember(rapidjson::StringRef(key), Value(s.c_str(), a), a);
  };
  add("action", e.action);
  add("path", e.path);
  add("version", e.version);
  add("prev_version", e.prev_version);
  add("original_path", e.original_path);
  if (e.readonly) part.AddMember("readonly", *e.readonly, a);
  if (e.external) part.AddMember("external", *e.external, a);
  if (e.added) part.AddMember("added", true, a);
  if (e.start_line > 0) {
    part.AddMember("start_line", e.start_line, a);
    part.AddMember("end_line", e.end_line, a);
  }
  return part;
}

void Chat::append_event(const ContextEvent& event) {
  auto& a = alloc();
  Value msg(rapidjson::kObjectType);
  msg.AddMember("role", "assistant", a);
  Value parts(rapidjson::kArrayType);
  parts.PushBack(event_part(event), a);
  msg.AddMember("parts", parts, a);
  msg.AddMember("timestamp", Value(util::utc_now().c_str(), a), a);
  messages.PushBack(msg, a);
}

void Chat::append_text(const char* role, const std::string& text) {
  auto& a = alloc();
  Value msg(rapidjson::kObjectType);
  msg.AddMember("role", rapidjson::StringRef(role), a);
  Value parts(rapidjson::kArrayType);
  Value part(rapidjson::kObjectType);
  part.AddMember("type", "text", a);
  part.AddMember("content", Value(text.c_str(), static_cast<rapidjson::SizeType>(text.size()), a), a);
  parts.PushBack(part, a);
  msg.AddMember("parts", parts, a);
  msg.AddMember("timestamp", Value(util::utc_now().c_str(), a), a);
  messages.PushBack(msg, a);
}

ContextFile* Chat::find_context(const std::string& path) {
  for (auto& f : context_files)
    if (f.path == path) return &f;
  return nullptr;
}

ContextFile* Chat::find_section(const std::string& path, int start_line, int end_line) {
  for (auto& f : context_files)
    if (f.path == path && f.start_line == start_line && f.end_line == end_line) return &f;
  return nullptr;
}

std::string parts_text(const Value& message, const char* type) {
  std::string out;
  auto parts = message.FindMember("parts");
  if (parts == message.MemberEnd() || !parts->value.IsArray()) return out;
  for (const auto& p : parts->value.GetArray())
    if (string_member(p, "type") == type) out += string_member(p, "content");
  return out;
}

}  // namespace acdc::adapters::bb7
