// chat/unread_edits.cpp -- an Ask turn's edits to files the user did not put
// in context (issue 38): the user is asked once per turn whether to add them
// and apply (the browser's dialog, an ACP editor's session/request_permission).
// Allowed, they join this turn's context, the edits apply with the others
// (recorded for the turn's undo) and the files stay selected; refused, or
// with no one to ask, the edits are "not in context" as before and the files
// are selected for a retry.
#include "chat/chat_turn.hpp"

#include <acdc/util/json_writer.hpp>

#include <algorithm>

namespace acdc::llm {
namespace {

// The session's "always" answer to this question (agent/tool_consent.hpp's grants).
constexpr const char* kGrant = "add files for edits";

std::string ask_json(const std::string& call_id, const std::vector<std::string>& paths) {
  const std::string named = paths.size() == 1 ? paths.front() : std::to_string(paths.size()) + " files";
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartObject();
  util::write_member(w, "tool_call_id", call_id);
  util::write_member(w, "kind", std::string("edit"));
  util::write_member(w, "tool", std::string("add_files_for_edits"));
  util::write_member(w, "title", "Add " + named + " to the context and apply the answer's edits?");
  util::write_member(w, "paths", paths);
  w.Key("arguments");
  w.StartObject();
  util::write_member(w, "paths", paths);
  w.EndObject();
  w.EndObject();
  return {buf.GetString(), buf.GetSize()};
}

}  // namespace

std::vector<std::string> ChatTurn::unread_edited_files() const {
  std::vector<std::string> out;
  for (const EditBlock& b : out_.blocks) {
    if (!b.completed || b.is_create || in_context_.contains(b.file_path)) continue;
    if (std::find(out.begin(), out.end(), b.file_path) != out.end()) continue;
    // A file that is not there cannot be added: its edit fails as before.
    if (d_.repo.exists(b.file_path)) out.push_back(b.file_path);
  }
  return out;
}

void ChatTurn::add_unread_for_edits() {
  const std::vector<std::string> paths = unread_edited_files();
  if (paths.empty() || d_.cancel.load()) return;
  const bool granted = d_.tool_grants && d_.tool_grants->has(kGrant);
  const std::string answer = granted ? "allow_once" : ask_caller(ask_json("add-" + req_.request_id, paths));
  if (answer == "allow_always" && d_.tool_grants) d_.tool_grants->add(kGrant);
  if (answer != "allow_once" && answer != "allow_always") {
    d_.host.log(ACDC_LOG_INFO, "request " + req_.request_id + ": edits to files not in context left unapplied (" +
                                   (answer.empty() ? "no one could be asked" : "the user said no") + ")");
    return;
  }
  for (const std::string& p : paths) in_context_.insert(p);
  added_for_edits_ = paths;
}

}  // namespace acdc::llm
