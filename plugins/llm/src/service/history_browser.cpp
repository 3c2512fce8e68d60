// service/history_browser.cpp -- see history_browser.hpp.
#include "service/history_browser.hpp"

namespace acdc::llm {
acdc::RawJson HistoryBrowser::list_sessions(std::optional<int> limit) const {
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartArray();
  std::optional<size_t> cap;
  if (limit && *limit > 0) cap = static_cast<size_t>(*limit);
  for (const auto& s : store_.list_sessions(cap)) {
    w.StartObject();
    for (auto [k, v] : {std::pair{"session_id", &s.session_id}, {"timestamp", &s.timestamp},
                        {"preview", &s.preview}, {"first_role", &s.first_role}}) {
      w.Key(k);
      acdc::to_json(w, *v);
    }
    w.Key("message_count");
    w.Uint64(s.message_count);
    w.EndObject();
  }
  w.EndArray();
  return acdc::RawJson{std::string(buf.GetString(), buf.GetSize())};
}

acdc::RawJson HistoryBrowser::get_session(const std::string& session_id) const {
  std::string out = "[";
  for (const auto& r : store_.session(session_id))
    out += (out.size() > 1 ? "," : "") + r.to_json(images_.load_all(r.image_refs));
  return acdc::RawJson{out + "]"};
}

acdc::RawJson HistoryBrowser::search(const std::string& query, const std::optional<std::string>& role,
                                     std::optional<int> limit) const {
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartArray();
  for (const auto& h : store_.search(query, role.value_or(""), static_cast<size_t>(limit.value_or(50)))) {
    w.StartObject();
    for (auto [k, v] : {std::pair{"session_id", &h.session_id}, {"message_id", &h.message_id}, {"role", &h.role},
                        {"content_preview", &h.content_preview}, {"timestamp", &h.timestamp}}) {
      w.Key(k);
      acdc::to_json(w, *v);
    }
    w.EndObject();
  }
  w.EndArray();
  return acdc::RawJson{std::string(buf.GetString(), buf.GetSize())};
}

}  // namespace acdc::llm
