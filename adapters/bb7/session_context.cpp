// bb7/session_context.cpp -- context actions (bb7.md §3.3). The client
// supplies the content; only sync_context reads the user's file.
#include "bb7/session.hpp"

#include "bb7/chat_files.hpp"
#include "bb7/files.hpp"
#include "bb7/safe_path.hpp"

#include <acdc/sdk/error.hpp>

namespace acdc::adapters::bb7 {

namespace fs = std::filesystem;

namespace {

[[noreturn]] void file_not_found() { throw Error(ACDC_E_NOT_FOUND, "File not found"); }

}  // namespace

ContextPath Session::context_path(const Active& a, const std::string& path) const {
  if (path.empty()) throw Error(ACDC_E_INVALID_PARAMS, "Missing required field: path");
  if (a.global) {
    // §12: a global chat holds only external, read-only entries.
    if (path.front() == '/') return {fs::path(path).lexically_normal().generic_string(), true};
    if (root_.empty()) throw Error(ACDC_E_FAILED_PRECONDITION, "no project root set");
    join_under(root_, path);
    return {(root_ / fs::path(path).lexically_normal()).generic_string(), true};
  }
  return classify_context_path(root_, path);
}

// The stored path a request names, for lookups (never throws: an odd path
// simply matches nothing).
std::string Session::lookup_path(const Active& a, const std::string& path) const {
  try {
    return context_path(a, path).path;
  } catch (const std::exception&) {
    return path;
  }
}

std::string Session::context_add(const Request& req) {
  Active& a = active();
  ContextPath cp = context_path(a, req.str("path"));
  Chat chat = a.store.load(a.id);
  for (const auto& f : chat.context_files)
    if (f.path == cp.path && !f.is_section()) throw Error(ACDC_E_FAILED_PRECONDITION, "Context file already exists");
  const std::string content = req.str("content");
  ContextFile entry{cp.path, cp.external || a.global || req.boolean("readonly"), cp.external || a.global,
                    content_version(cp.path, content), 0, 0};
  ChatFiles(chat_root(a), root_).write_snapshot(entry, content);
  chat.context_files.push_back(entry);
  chat.append_event({.action = "UserAddFile", .path = entry.path, .version = entry.version,
                     .readonly = entry.readonly, .external = entry.external});
  a.store.save(chat);
  return ok_line(req.request_id);
}

std::string Session::context_add_section(const Request& req) {
  Active& a = active();
  ContextPath cp = context_path(a, req.str("path"));
  const long long s = req.number("start_line").value_or(0), e = req.number("end_line").value_or(0);
  if (s <= 0 || e <= 0) throw Error(ACDC_E_INVALID_PARAMS, "start_line and end_line must be positive integers");
  if (s > e)
    throw Error(ACDC_E_INVALID_PARAMS, "start_line (" + std::to_string(s) + ") cannot be greater than end_line (" +
                                           std::to_string(e) + ")");
  Chat chat = a.store.load(a.id);
  if (chat.find_section(cp.path, static_cast<int>(s), static_cast<int>(e)))
    throw Error(ACDC_E_FAILED_PRECONDITION, "Context file already exists");
  const std::string content = req.str("content");
  ContextFile entry{cp.path, true, cp.external || a.global, "", static_cast<int>(s), static_cast<int>(e)};
  entry.version = content_version(entry.version_key(), content);
  ChatFiles(chat_root(a), root_).write_snapshot(entry, content);
  chat.context_files.push_back(entry);
  chat.append_event({.action = "UserAddSection", .path = entry.path, .version = entry.version, .readonly = true,
                     .external = entry.external, .start_line = entry.start_line, .end_line = entry.end_line});
  a.store.save(chat);
  return ok_line(req.request_id);
}

std::string Session::context_update(const Request& req) {
  Active& a = active();
  if (req.str("path").empty()) throw Error(ACDC_E_INVALID_PARAMS, "Missing required field: path");
  Chat chat = a.store.load(a.id);
  ContextFile* entry = chat.find_context(lookup_path(a, req.str("path")));
  if (!entry) file_not_found();
  const std::string content = req.str("content");
  const std::string prev = entry->version;
  entry->version = content_version(entry->version_key(), content);
  ChatFiles(chat_root(a), root_).write_snapshot(*entry, content);
  chat.append_event({.action = "UserWriteFile", .path = entry->path, .version = entry->version, .prev_version = prev});
  a.store.save(chat);
  return ok_line(req.request_id);
}

std::string Session::context_remove(const Request& req) {
  Active& a = active();
  if (req.str("path").empty()) throw Error(ACDC_E_INVALID_PARAMS, "Missing required field: path");
  Chat chat = a.store.load(a.id);
  const std::string path = lookup_path(a, req.str("path"));
  // §15 Q10: the first entry with the path, which may be a section.
  auto it = std::find_if(chat.context_files.begin(), chat.context_files.end(),
                         [&](const ContextFile& f) { return f.path == path; });
  if (it == chat.context_files.end()) file_not_found();
  ContextEvent event{.action = "UserRemoveFile", .path = it->path, .version = it->version};
  chat.context_files.erase(it);
  chat.append_event(event);
  a.store.save(chat);
  return ok_line(req.request_id);
}

std::string Session::context_remove_section(const Request& req) {
  Active& a = active();
  if (req.str("path").empty()) throw Error(ACDC_E_INVALID_PARAMS, "Missing required field: path");
  Chat chat = a.store.load(a.id);
  const int s = static_cast<int>(req.number("start_line").value_or(0)), e = static_cast<int>(req.number("end_line").value_or(0));
  ContextFile* entry = chat.find_section(lookup_path(a, req.str("path")), s, e);
  if (!entry || !entry->is_section()) file_not_found();
  ContextEvent event{.action = "UserRemoveSection", .path = entry->path, .version = entry->version,
                     .start_line = s, .end_line = e};
  chat.context_files.erase(chat.context_files.begin() + (entry - chat.context_files.data()));
  chat.append_event(event);
  a.store.save(chat);
  return ok_line(req.request_id);
}

std::string Session::context_set_readonly(const Request& req) {
  Active& a = active();
  if (req.str("path").empty()) throw Error(ACDC_E_INVALID_PARAMS, "Missing required field: path");
  if (!req.has("readonly")) throw Error(ACDC_E_INVALID_PARAMS, "Missing required field: readonly");
  const bool readonly = req.boolean("readonly");
  Chat chat = a.store.load(a.id);
  ContextFile* entry = chat.find_context(lookup_path(a, req.str("path")));
  if (!entry) file_not_found();
  if (entry->readonly == readonly) return ok_line(req.request_id);  // no event when nothing changes
  if (!readonly && (entry->external || entry->is_section()))
    throw Error(ACDC_E_FAILED_PRECONDITION, "external files are always read-only");
  if (readonly && !entry->external) {
    auto out = ChatFiles(chat_root(a), root_).read_output(entry->path);
    if (out && !out->empty())
      throw Error(ACDC_E_FAILED_PRECONDITION, "File has pending output. Apply changes before setting read-only.");
  }
  entry->readonly = readonly;
  chat.append_event({.action = "UserSetReadOnly", .path = entry->path, .version = entry->version,
                     .readonly = readonly, .external = entry->external});
  a.store.save(chat);
  return ok_line(req.request_id);
}

std::string Session::context_list(const Request& req) {
  Active& a = active();
  Chat chat = a.store.load(a.id);
  Reply reply("context_list", req.request_id);
  auto& w = reply.raw("files");
  w.StartArray();
  for (const auto& f : chat.context_files) {
    w.StartObject();
    w.Key("path"); w.String(f.path.c_str(), static_cast<rapidjson::SizeType>(f.path.size()));
    w.Key("readonly"); w.Bool(f.readonly);
    w.Key("external"); w.Bool(f.external);
    w.Key("version"); w.String(f.version.c_str());
    if (f.is_section()) {
      w.Key("start_line"); w.Int(f.start_line);
      w.Key("end_line"); w.Int(f.end_line);
    }
    w.EndObject();
  }
  w.EndArray();
  return reply.line();
}

std::string Session::get_context_file(const Request& req) {
  Active& a = active();
  Chat chat = a.store.load(a.id);
  ContextFile* entry = chat.find_context(lookup_path(a, req.str("path")));
  if (!entry) file_not_found();
  auto content = ChatFiles(chat_root(a), root_).read_snapshot(*entry);
  if (!content) file_not_found();
  return Reply("file_content", req.request_id).field("path", entry->path).field("content", *content).line();
}

std::string Session::sync_context(const Request& req) {
  Active& a = active();
  Chat chat = a.store.load(a.id);
  ContextFile* entry = chat.find_context(lookup_path(a, req.str("path")));
  if (!entry || entry->is_section()) return ok_line(req.request_id);
  ChatFiles files(chat_root(a), root_);
  auto local = read_file(files.local_path(entry->path));
  auto snapshot = files.read_snapshot(*entry);
  if (!local || (snapshot && same_text(*local, *snapshot))) return ok_line(req.request_id);
  // §3.3: the snapshot follows the user's file without an event.
  files.write_snapshot(*entry, *local);
  entry->version = content_version(entry->version_key(), *local);
  a.store.save(chat);
  return ok_line(req.request_id);
}

}  // namespace acdc::adapters::bb7
