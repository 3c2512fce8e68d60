// bb7/session_output.cpp -- output files, statuses, apply and reject
// (bb7.md §3.4, §9). The backend never writes the user's project file: the
// Lua client does, then calls sync_context.
#include "bb7/session.hpp"

#include "bb7/chat_files.hpp"
#include "bb7/files.hpp"
#include "bb7/tokens.hpp"

#include <acdc/sdk/error.hpp>

namespace acdc::adapters::bb7 {

namespace fs = std::filesystem;

namespace {

[[noreturn]] void file_not_found() { throw Error(ACDC_E_NOT_FOUND, "File not found"); }

void refuse_global(const Session::Active& a) {
  if (a.global)
    throw Error(ACDC_E_FAILED_PRECONDITION, "global chats are read-only: file operations are not available");
}

}  // namespace

std::string Session::get_output_file(const Request& req) {
  Active& a = active();
  const std::string path = lookup_path(a, req.str("path"));
  auto content = ChatFiles(chat_root(a), root_).read_output(path);
  if (!content) file_not_found();
  return Reply("file_content", req.request_id).field("path", path).field("content", *content).line();
}

std::string Session::get_diff_paths(const Request& req) {
  Active& a = active();
  const std::string path = lookup_path(a, req.str("path"));
  ChatFiles files(chat_root(a), root_);
  if (!files.read_output(path)) file_not_found();
  return Reply("diff_paths", req.request_id)
      .field("path", path)
      .field("output_path", fs::absolute(files.output_path(path)).string())
      .field("local_path", fs::absolute(files.local_path(path)).string())
      .line();
}

std::string Session::get_file_statuses(const Request& req) {
  Active& a = active();
  Chat chat = a.store.load(a.id);
  return file_statuses_line(*this, chat, a, req);
}

// Copies `content` into P's snapshot (adding P to context when it is not
// there) and records `action`. Returns the entry.
ContextFile Session::take_into_context(const Active& a, Chat& chat, const std::string& path, const std::string& content,
                                       const char* action, const std::string& original_path) {
  ChatFiles files(chat_root(a), root_);
  ContextFile* entry = nullptr;
  for (auto& f : chat.context_files)
    if (f.path == path && !f.is_section()) entry = &f;
  ContextEvent event{.action = action, .path = path, .original_path = original_path};
  if (!entry || !original_path.empty()) {
    ContextPath cp = context_path(a, path);  // a new entry must be a valid path
    chat.context_files.push_back(ContextFile{cp.path, false, false, "", 0, 0});
    entry = &chat.context_files.back();
    event.added = original_path.empty();
  } else {
    event.prev_version = entry->version;
  }
  entry->version = content_version(entry->path, content);
  files.write_snapshot(*entry, content);
  event.path = entry->path;
  event.version = entry->version;
  chat.append_event(event);
  return *entry;
}

std::string Session::apply_file(const Request& req) {
  Active& a = active();
  refuse_global(a);
  const std::string path = lookup_path(a, req.str("path"));
  ChatFiles files(chat_root(a), root_);
  auto output = files.read_output(path);
  if (!output) file_not_found();
  Chat chat = a.store.load(a.id);
  take_into_context(a, chat, path, *output, "UserApplyFile", "");
  a.store.save(chat);
  files.remove_output(path);
  return Reply("ok", req.request_id).field("content", *output).line();
}

std::string Session::apply_file_as(const Request& req) {
  Active& a = active();
  refuse_global(a);
  const std::string path = lookup_path(a, req.str("path"));
  const std::string destination = req.str("destination");
  if (destination.empty()) throw Error(ACDC_E_INVALID_PARAMS, "Missing required field: destination");
  ChatFiles files(chat_root(a), root_);
  auto output = files.read_output(path);
  if (!output) file_not_found();
  Chat chat = a.store.load(a.id);
  // §15 Q10: D is not checked against the context, as in the reference.
  take_into_context(a, chat, lookup_path(a, destination), *output, "UserSaveAs", path);
  a.store.save(chat);
  files.remove_output(path);
  return Reply("ok", req.request_id).field("content", *output).line();
}

std::string Session::diff_local_done(const Request& req) {
  Active& a = active();
  refuse_global(a);
  const std::string path = lookup_path(a, req.str("path"));
  ChatFiles files(chat_root(a), root_);
  auto output = files.read_output(path);
  auto local = read_file(files.local_path(path));
  auto outcome = [&](const char* o) { return Reply("ok", req.request_id).field("outcome", o).line(); };
  if (!output || !local) return outcome("none");
  Chat chat = a.store.load(a.id);
  const ContextFile* entry = chat.find_context(path);
  std::string context = entry ? files.read_snapshot(*entry).value_or("") : "";
  if (same_text(*local, context)) return outcome("none");
  if (same_text(*local, *output)) {
    // apply_file, then sync_context: the snapshot ends up as the local file.
    take_into_context(a, chat, path, *local, "UserApplyFile", "");
    a.store.save(chat);
    files.remove_output(path);
    return outcome("full");
  }
  take_into_context(a, chat, path, *local, "UserPartialApplyFile", "");
  a.store.save(chat);
  return outcome("partial");
}

std::string Session::output_delete(const Request& req) {
  Active& a = active();
  refuse_global(a);
  const std::string path = lookup_path(a, req.str("path"));
  ChatFiles files(chat_root(a), root_);
  if (!files.read_output(path)) file_not_found();
  Chat chat = a.store.load(a.id);
  const ContextFile* entry = chat.find_context(path);
  files.remove_output(path);
  chat.append_event({.action = "UserRejectOutput", .path = path, .prev_version = entry ? entry->version : ""});
  a.store.save(chat);
  return ok_line(req.request_id);
}

}  // namespace acdc::adapters::bb7
