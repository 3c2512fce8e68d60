// service/messages_json.cpp -- see messages_json.hpp.
#include "service/messages_json.hpp"

namespace acdc::llm {

// The webapp shows each message's images from `images` (chat-panel.js onSession)
// and an answer's thinking from `reasoning`, collapsed.
void write_messages(acdc::JsonWriter& w, const std::vector<ChatMessage>& messages) {
  w.StartArray();
  for (const auto& m : messages) {
    w.StartObject();
    w.Key("role");
    acdc::to_json(w, m.role);
    w.Key("content");
    acdc::to_json(w, m.content);
    if (!m.images.empty()) {
      w.Key("images");
      acdc::to_json(w, m.images);
    }
    if (m.system_event) {
      w.Key("system_event");
      w.Bool(true);
    }
    if (m.cut_off) {
      w.Key("cut_off");
      w.Bool(true);
      w.Key("error");
      acdc::to_json(w, m.error);
    }
    if (!m.reasoning.empty()) {
      w.Key("reasoning");
      acdc::to_json(w, m.reasoning);
    }
    w.EndObject();
  }
  w.EndArray();
}

}  // namespace acdc::llm
