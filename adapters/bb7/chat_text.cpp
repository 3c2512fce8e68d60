// bb7/chat_text.cpp -- see chat_text.hpp.
#include "bb7/chat_text.hpp"

#include <algorithm>
#include <cctype>

namespace acdc::adapters::bb7 {

namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

std::string excerpt_at(const std::string& text, std::size_t at, std::size_t len) {
  const std::size_t from = at > 30 ? at - 30 : 0;
  const std::size_t to = std::min(text.size(), at + len + 50);
  std::string out = text.substr(from, to - from);
  std::replace(out.begin(), out.end(), '\n', ' ');
  std::replace(out.begin(), out.end(), '\r', ' ');
  if (from > 0) out = "..." + out;
  if (to < text.size()) out += "...";
  return out;
}

bool bool_of(const rapidjson::Value& v, const char* key) {
  auto it = v.FindMember(key);
  return it != v.MemberEnd() && it->value.IsBool() && it->value.GetBool();
}

int int_of(const rapidjson::Value& v, const char* key) {
  auto it = v.FindMember(key);
  return it != v.MemberEnd() && it->value.IsInt() ? it->value.GetInt() : 0;
}

}  // namespace

std::optional<SearchHit> search_chat(const ChatStore& store, const ChatSummary& chat, const std::string& query) {
  const std::string q = lower(query);
  if (q.empty() || lower(chat.name).find(q) != std::string::npos) return SearchHit{true, {}};
  Chat c;
  try {
    c = store.load(chat.id);
  } catch (const std::exception&) {
    return std::nullopt;
  }
  for (const auto& m : c.messages.GetArray()) {
    if (!m.IsObject()) continue;
    std::string text = parts_text(m, "text");
    std::size_t at = lower(text).find(q);
    if (at != std::string::npos) return SearchHit{false, excerpt_at(text, at, q.size())};
  }
  return std::nullopt;
}

std::string flat_message_text(const rapidjson::Value& message) {
  std::string out;
  auto parts = message.FindMember("parts");
  if (parts == message.MemberEnd() || !parts->value.IsArray()) return out;
  for (const auto& p : parts->value.GetArray()) {
    std::string piece;
    if (string_member(p, "type") == "context_event") {
      piece = "[context_event action=" + string_member(p, "action") + " path=\"" + string_member(p, "path") + "\"";
      if (int s = int_of(p, "start_line"); s > 0) piece += " lines=" + std::to_string(s) + "-" + std::to_string(int_of(p, "end_line"));
      piece += std::string(" readonly=") + (bool_of(p, "readonly") ? "true" : "false");
      piece += std::string(" external=") + (bool_of(p, "external") ? "true" : "false");
      piece += " prev_version=" + string_member(p, "prev_version") + " version=" + string_member(p, "version") + "]";
    } else {
      piece = string_member(p, "content");
    }
    out += (out.empty() ? "" : "\n") + piece;
  }
  return out;
}

}  // namespace acdc::adapters::bb7
