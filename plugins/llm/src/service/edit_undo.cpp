#include "service/edit_undo.hpp"

#include <acdc/util/json_writer.hpp>
#include <acdc/util/sha256.hpp>

namespace acdc::llm {

void EditUndo::undo_turn(acdc::Call call, std::string turn_id) {
  work_.check_git("undo");
  const std::string session_id = session_.session_id();
  worker_.post([this, call, session_id, turn_id = std::move(turn_id)]() mutable {
    try {
      call.ok_raw(run(session_id, turn_id));
    } catch (const acdc::Error& e) {
      call.fail(e.status(), e.what());
    } catch (const FileAccessError& e) {
      call.fail(e.status(), "Undo failed: " + std::string(e.what()));
    } catch (const std::exception& e) {
      call.fail(ACDC_E_APPLICATION, "Undo failed: " + std::string(e.what()));
    }
  });
}

std::string EditUndo::run(const std::string& session_id, const std::string& turn_id) {
  const auto files = snapshots_.load(turn_id);
  if (!files)
    throw acdc::Error(ACDC_E_NOT_FOUND, "turn '" + turn_id +
                                            "' has no edits to undo: they were undone already, or acdc did not apply them");
  // Every file first, then any write: a refusal leaves everything as it is.
  for (const FileSnapshot& f : *files) {
    const bool there = repo_.exists(f.path);
    if (!there || util::sha256_hex(repo_.read(f.path)) != f.after_sha256)
      throw acdc::Error(ACDC_E_FAILED_PRECONDITION,
                        f.path + (there ? " changed" : " was deleted") +
                            " since that answer's edits; undoing them would lose that change, so nothing was undone. "
                            "Undo the later change first, or restore the file from git.");
  }
  std::vector<std::string> restored, removed, paths;
  for (const FileSnapshot& f : *files) {
    if (f.before) {
      repo_.write(f.path, *f.before);
      restored.push_back(f.path);
    } else {
      repo_.call("Repo.delete_file", acdc::json_array(f.path));
      removed.push_back(f.path);
    }
    paths.push_back(f.path);
  }
  snapshots_.remove(turn_id);
  repo_.stage(paths);
  auto list = [](const std::vector<std::string>& v) {
    std::string out;
    for (const auto& p : v) out += (out.empty() ? "" : ", ") + p;
    return out;
  };
  std::string event = "**Undid an answer's edits**:";
  if (!restored.empty()) event += " restored " + list(restored) + (removed.empty() ? "." : ";");
  if (!removed.empty()) event += " removed " + list(removed) + ".";
  session_.add_to(session_id, "user", event, {.system_event = true, .for_model = true});
  host_.notify(ACDC_CLIENT_ALL, "AcApp.filesModified", acdc::json_array(paths));
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartObject();
  util::write_member(w, "status", std::string("undone"));
  util::write_member(w, "turn_id", turn_id);
  util::write_member(w, "files", paths);
  util::write_member(w, "system_event_message", event);
  w.EndObject();
  return std::string(buf.GetString(), buf.GetSize());
}

}  // namespace acdc::llm
