// service/messages_json.cpp -- see messages_json.hpp.
#include "service/messages_json.hpp"

#include "edit/edit_results_json.hpp"

#include <acdc/util/json_writer.hpp>

namespace acdc::llm {

// The webapp shows each message's images from `images` (chat-panel.js onSession)
// and an answer's thinking from `reasoning`, collapsed.
void write_messages(acdc::JsonWriter& w, const std::vector<ChatMessage>& messages,
                    const std::function<bool(const std::string&)>& undoable) {
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
    if (!m.turn_id.empty()) util::write_member(w, "turn_id", m.turn_id);
    if (!m.edit_results.empty()) {
      write_edit_results(w, m.edit_results);
      write_edit_counts(w, m.edit_results);
    }
    if (!m.shell_commands.empty()) util::write_member(w, "shell_commands", m.shell_commands);
    if (!m.steps_json.empty()) {
      w.Key("steps");
      w.RawValue(m.steps_json.data(), m.steps_json.size(), rapidjson::kArrayType);
    }
    if (!m.stopped_by.empty()) util::write_member(w, "stopped_by", m.stopped_by);
    if (undoable && !m.turn_id.empty() && m.role == "assistant" && undoable(m.turn_id)) util::write_member(w, "undoable", true);
    w.EndObject();
  }
  w.EndArray();
}

}  // namespace acdc::llm
