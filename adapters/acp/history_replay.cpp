// acp/history_replay.cpp -- see history_replay.hpp.
#include "acp/history_replay.hpp"

#include "acp/wire.hpp"

#include "acp/updates.hpp"

namespace acdc::adapters::acp {
namespace {

void replay_edits(const std::string& session_id, const rapidjson::Value& message, const std::filesystem::path& root,
                  std::size_t index, std::vector<std::string>& out) {
  auto results = message.FindMember("edit_results");
  if (results == message.MemberEnd() || !results->value.IsArray()) return;
  std::size_t n = 0;
  for (const auto& r : results->value.GetArray()) {
    if (!r.IsObject()) continue;
    const std::string status = string_member(r, "status");
    out.push_back(tool_call(session_id, {.id = "history-" + std::to_string(index) + "-" + std::to_string(n++),
                                         .path = (root / string_member(r, "file")).string(),
                                         .old_text = string_member(r, "old_preview"),
                                         .new_text = string_member(r, "new_preview"),
                                         .status = edit_call_status(status),
                                         .note = status == "applied" ? "" : string_member(r, "message")}));
  }
}

}  // namespace

const char* edit_call_status(const std::string& result_status) {
  return result_status == "applied" || result_status == "already_applied" ? "completed" : "failed";
}

std::vector<std::string> replay_updates(const std::string& session_id, const rapidjson::Value& messages,
                                        const std::filesystem::path& root) {
  std::vector<std::string> out;
  if (!messages.IsArray()) return out;
  std::size_t index = 0;
  for (const auto& m : messages.GetArray()) {
    ++index;
    if (!m.IsObject()) continue;
    const std::string role = string_member(m, "role"), content = string_member(m, "content");
    if (role == "user") {
      out.push_back(message_chunk(session_id, "user_message_chunk", content));
    } else if (role == "assistant") {
      if (std::string reasoning = string_member(m, "reasoning"); !reasoning.empty())
        out.push_back(message_chunk(session_id, "agent_thought_chunk", reasoning));
      out.push_back(message_chunk(session_id, "agent_message_chunk", content));
      replay_edits(session_id, m, root, index, out);
    }
  }
  return out;
}

}  // namespace acdc::adapters::acp
