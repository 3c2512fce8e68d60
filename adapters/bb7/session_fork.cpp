// bb7/session_fork.cpp -- fork, edit in place, new chat with context
// (bb7.md §10).
#include "bb7/session.hpp"

#include "bb7/chat_files.hpp"
#include "bb7/files.hpp"

#include <acdc/sdk/error.hpp>
#include <acdc/util/utc_time.hpp>

#include <set>

namespace acdc::adapters::bb7 {

namespace fs = std::filesystem;

namespace {

struct Warning {
  std::string path, issue, original_version;
};

struct Restored {
  std::vector<ContextFile> entries;
  std::vector<std::pair<ContextFile, std::string>> contents;  // for the new chat's storage
  std::vector<Warning> warnings;
};

int int_of(const rapidjson::Value& v, const char* key) {
  auto it = v.FindMember(key);
  return it != v.MemberEnd() && it->value.IsInt() ? it->value.GetInt() : 0;
}

// Context as it was at message `index`: its snapshot refs, or the chat's
// current entries when the snapshot is empty, read from `source`'s storage.
Restored restore_context(const Chat& chat, const rapidjson::Value& message, const ChatFiles& source) {
  std::vector<ContextFile> refs;
  auto snap = message.FindMember("context_snapshot");
  if (snap != message.MemberEnd() && snap->value.IsArray() && !snap->value.Empty()) {
    for (const auto& r : snap->value.GetArray())
      refs.push_back(ContextFile{string_member(r, "path"), false, false, string_member(r, "file_id"),
                                 int_of(r, "start_line"), int_of(r, "end_line")});
  } else {
    refs = chat.context_files;
  }
  Restored out;
  for (auto ref : refs) {
    const ContextFile* current = nullptr;
    for (const auto& f : chat.context_files)
      if (f.path == ref.path && f.start_line == ref.start_line && f.end_line == ref.end_line) current = &f;
    if (current) {
      ref.readonly = current->readonly;
      ref.external = current->external;
    } else {
      ref.external = !ref.path.empty() && ref.path.front() == '/';
      ref.readonly = ref.external || ref.is_section();
    }
    std::optional<std::string> content = source.read_snapshot(ref);  // throws on an escaping path
    std::error_code ec;
    if (!content || !fs::exists(source.local_path(ref.path), ec)) {
      out.warnings.push_back({ref.path, "deleted", ref.version});
      continue;
    }
    const std::string version = content_version(ref.version_key(), *content);
    if (version != ref.version) out.warnings.push_back({ref.path, "modified", ref.version});
    ref.version = version;
    out.entries.push_back(ref);
    out.contents.emplace_back(ref, *content);
  }
  return out;
}

void append_warnings(Chat& chat, const std::vector<Warning>& warnings) {
  if (warnings.empty()) return;
  auto& a = chat.alloc();
  rapidjson::Value msg(rapidjson::kObjectType);
  msg.AddMember("role", "system", a);
  rapidjson::Value parts(rapidjson::kArrayType);
  for (const auto& w : warnings)
    parts.PushBack(chat.event_part({.action = w.issue == "deleted" ? "ForkWarningDeleted" : "ForkWarningModified",
                                    .path = w.path, .version = w.original_version}), a);
  msg.AddMember("parts", parts, a);
  msg.AddMember("timestamp", rapidjson::Value(util::utc_now().c_str(), a), a);
  chat.append(std::move(msg));
}

void write_warnings(Writer& w, const std::vector<Warning>& warnings) {
  w.StartArray();
  for (const auto& x : warnings) {
    w.StartObject();
    w.Key("path"); w.String(x.path.c_str());
    w.Key("issue"); w.String(x.issue.c_str());
    w.Key("original_version"); w.String(x.original_version.c_str());
    w.EndObject();
  }
  w.EndArray();
}

const rapidjson::Value& user_message(const Chat& chat, long long index, const char* range_error, const char* role_error) {
  if (index < 0 || index >= static_cast<long long>(chat.messages.Size())) throw Error(ACDC_E_INVALID_PARAMS, range_error);
  const auto& m = chat.messages[static_cast<rapidjson::SizeType>(index)];
  if (string_member(m, "role") != "user") throw Error(ACDC_E_INVALID_PARAMS, role_error);
  return m;
}

}  // namespace

std::string Session::fork_chat(const Request& req) {
  require_init();
  const std::string id = req.str("chat_id");
  if (id.empty()) throw Error(ACDC_E_INVALID_PARAMS, "Missing required field: chat_id");
  auto index = req.number("fork_message_index");
  if (!index) throw Error(ACDC_E_INVALID_PARAMS, "Missing required field: fork_message_index");
  ChatStore store = store_of(id, req.boolean("global"));
  Chat source = store.load(id);
  const auto& message = user_message(source, *index, "fork index out of range", "can only fork from user messages");
  Restored restored = restore_context(source, message, ChatFiles(store.chat_dir(id), root_));
  const std::string prefix = "Fork of ";
  Chat fork = new_chat(source.name.rfind(prefix, 0) == 0 ? source.name : prefix + source.name, source.model);
  fork.reasoning_effort = source.reasoning_effort;
  fork.draft = parts_text(message, "text");
  for (long long i = 0; i < *index; ++i)
    fork.append(rapidjson::Value(source.messages[static_cast<rapidjson::SizeType>(i)], fork.alloc()));
  fork.context_files = restored.entries;
  append_warnings(fork, restored.warnings);
  ChatFiles dest(store.chat_dir(fork.id), root_);
  for (const auto& [entry, content] : restored.contents) dest.write_snapshot(entry, content);
  store.create(fork);
  const bool global = store.dir() != store_for(false).dir() || global_only_;
  select(store, fork.id, global);
  Reply reply("fork_result", req.request_id);
  reply.field("new_chat_id", fork.id).field("fork_message_content", fork.draft);
  write_warnings(reply.raw("context_warnings"), restored.warnings);
  return reply.line();
}

std::string Session::chat_edit(const Request& req) {
  Active& a = active();
  if (req.has("chat_id") && req.str("chat_id") != a.id) throw Error(ACDC_E_FAILED_PRECONDITION, "Chat is not active");
  auto index = req.number("message_index");
  if (!index) throw Error(ACDC_E_INVALID_PARAMS, "Missing required field: message_index");
  Chat chat = a.store.load(a.id);
  const auto& message = user_message(chat, *index, "message index out of range", "can only edit user messages");
  ChatFiles files(chat_root(a), root_);
  Restored restored = restore_context(chat, message, files);
  chat.context_files = restored.entries;
  while (chat.messages.Size() > static_cast<rapidjson::SizeType>(*index)) chat.messages.PopBack();
  chat.draft = req.str("content");
  // Outputs no remaining assistant message claims are gone with the messages.
  std::set<std::string> kept;
  for (const auto& m : chat.messages.GetArray())
    if (auto of = m.FindMember("output_files"); of != m.MemberEnd() && of->value.IsArray())
      for (const auto& p : of->value.GetArray())
        if (p.IsString()) kept.insert(p.GetString());
  for (const auto& path : files.output_files())
    if (!kept.count(path)) files.remove_output(path);
  append_warnings(chat, restored.warnings);
  a.store.save(chat);
  Reply reply("ok", req.request_id);
  write_warnings(reply.raw("context_warnings"), restored.warnings);
  return reply.line();
}

std::string Session::chat_new_with_context(const Request& req) {
  require_init();
  const std::string id = req.str("source_chat_id");
  if (id.empty()) throw Error(ACDC_E_INVALID_PARAMS, "Missing required field: source_chat_id");
  ChatStore store = store_of(id, req.boolean("global"));
  Chat source = store.load(id);
  ChatFiles from(store.chat_dir(id), root_);
  Chat chat = new_chat("", source.model);
  chat.reasoning_effort = source.reasoning_effort;
  ChatFiles to(store.chat_dir(chat.id), root_);
  for (auto entry : source.context_files) {
    // §15 Q11: full files come from the local disk; sections from storage.
    auto content = entry.is_section() ? from.read_snapshot(entry) : read_file(from.local_path(entry.path));
    if (!content) continue;
    entry.version = content_version(entry.version_key(), *content);
    to.write_snapshot(entry, *content);
    chat.context_files.push_back(entry);
  }
  store.create(chat);
  const bool global = store.dir() != store_for(false).dir() || global_only_;
  select(store, chat.id, global);
  return Reply("ok", req.request_id).field("id", chat.id).line();
}

}  // namespace acdc::adapters::bb7
