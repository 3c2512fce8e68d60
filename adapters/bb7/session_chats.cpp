// bb7/session_chats.cpp -- chat actions (bb7.md §3.2), except fork/edit.
#include "bb7/session.hpp"

#include "bb7/chat_scope.hpp"
#include "bb7/chat_text.hpp"
#include "bb7/files.hpp"

#include <acdc/sdk/error.hpp>
#include <acdc/util/random.hpp>
#include <acdc/util/utc_time.hpp>

#include <algorithm>
#include <chrono>
#include <ctime>

namespace acdc::adapters::bb7 {

namespace fs = std::filesystem;

std::string default_chat_name() { return util::utc_format(std::chrono::system_clock::now(), "Chat %Y-%m-%d %H:%M"); }

Chat Session::new_chat(const std::string& name, const std::string& model) {
  Chat chat;
  chat.id = random_hex(5);
  chat.name = name.empty() ? default_chat_name() : name;
  chat.created = util::utc_now();
  chat.model = model;
  return chat;
}

std::string Session::chat_new(const Request& req) {
  require_init();
  // §15 Q1: the reference crashes here without a config file; we fall back
  // to the client's model, then the built-in default.
  std::string model = req.str("model");
  try {
    if (config().default_model_explicit || model.empty()) model = config().default_model;
  } catch (const std::exception&) {
    if (model.empty()) model = kDefaultModel;
  }
  const bool global = req.boolean("global");
  ChatStore store = store_for(global);
  Chat chat = new_chat(req.str("name"), model);
  store.create(chat);
  select(store, chat.id, global);
  return Reply("ok", req.request_id).field("id", chat.id).line();
}

std::string Session::chat_list(const Request& req) {
  ChatStore store = store_for(req.boolean("global"));
  Reply reply("chat_list", req.request_id);
  auto& w = reply.raw("chats");
  w.StartArray();
  for (const auto& c : store.list()) {
    w.StartObject();
    w.Key("id"); w.String(c.id.c_str());
    w.Key("name"); w.String(c.name.c_str(), static_cast<rapidjson::SizeType>(c.name.size()));
    w.Key("created"); w.String(c.created.c_str());
    if (c.locked) { w.Key("locked"); w.Bool(true); }
    w.EndObject();
  }
  w.EndArray();
  return reply.line();
}

std::string Session::chat_select(const Request& req) {
  const std::string id = req.str("id");
  if (id.empty()) throw Error(ACDC_E_INVALID_PARAMS, "Missing required field: id");
  const bool global = req.boolean("global");
  select(store_for(global), id, global);
  return ok_line(req.request_id);
}

std::string Session::chat_get(const Request& req) {
  Active& a = active();
  Chat chat = a.store.load(a.id);
  Reply reply("chat", req.request_id);
  reply.field("id", chat.id).field("name", chat.name).field("created", chat.created).field("model", chat.model);
  reply.field("reasoning_effort", chat.reasoning_effort).field("draft", chat.draft);
  chat.messages.Accept(reply.raw("messages"));
  const fs::path global_file = bb7_config_dir(env_.home) / "instructions.md";
  const fs::path project_file = root_.empty() ? fs::path() : root_ / ".bb7" / "instructions";
  std::error_code ec;
  auto& w = reply.raw("instructions_info");
  w.StartObject();
  w.Key("global_path"); w.String(global_file.c_str());
  w.Key("global_exists"); w.Bool(fs::is_regular_file(global_file, ec));
  w.Key("project_path"); w.String(project_file.c_str());
  w.Key("project_exists"); w.Bool(!project_file.empty() && fs::is_regular_file(project_file, ec));
  if (std::string error = project_instructions_error(); !error.empty()) {
    w.Key("project_error");
    w.String(error.c_str(), static_cast<rapidjson::SizeType>(error.size()));
  }
  w.EndObject();
  if (a.global) reply.field("global", true);
  return reply.line();
}

std::string Session::chat_active(const Request& req) {
  require_init();
  Reply reply("chat_active", req.request_id);
  if (active_) {
    reply.field("id", active_->id);
    if (active_->global) reply.field("global", true);
  }
  return reply.line();
}

// A chat named by id: the project store first, then the global one.
ChatStore Session::store_of(const std::string& id, bool global) const {
  ChatStore store = store_for(global);
  if (!global && !store.exists(id) && !global_only_) {
    ChatStore g = store_for(true);
    if (g.exists(id)) return g;
  }
  return store;
}

std::string Session::chat_rename(const Request& req) {
  const std::string id = req.str("id"), name = req.str("name");
  if (id.empty()) throw Error(ACDC_E_INVALID_PARAMS, "Missing required field: id");
  // The reference reads an absent name and "" alike (Go's zero value);
  // only a name of blanks gets the second message.
  if (name.empty()) throw Error(ACDC_E_INVALID_PARAMS, "Missing required field: name");
  if (name.find_first_not_of(" \t\r\n") == std::string::npos)
    throw Error(ACDC_E_INVALID_PARAMS, "chat name cannot be empty");
  ChatStore store = store_of(id, req.boolean("global"));
  Chat chat = store.load(id);
  chat.name = name;
  store.save(chat);
  return ok_line(req.request_id);
}

std::string Session::chat_delete(const Request& req) {
  const std::string id = req.str("id");
  if (id.empty()) throw Error(ACDC_E_INVALID_PARAMS, "Missing required field: id");
  const bool global = req.boolean("global");
  ChatStore store = store_for(global);
  if (!store.exists(id)) throw Error(ACDC_E_NOT_FOUND, "Chat not found");
  if (store.locked_by_other(id)) throw Error(ACDC_E_FAILED_PRECONDITION, "chat is locked by another process");
  const bool was_active = active_ && active_->id == id && active_->store.dir() == store.dir();
  store.remove(id);
  if (was_active) {
    active_.reset();
    persist_active();
  }
  return ok_line(req.request_id);
}

std::string Session::search_chats(const Request& req) {
  ChatStore store = store_for(req.boolean("global"));
  const std::string query = req.str("query");
  Reply reply("search_results", req.request_id);
  auto& w = reply.raw("results");
  w.StartArray();
  for (const auto& c : store.list()) {
    std::optional<SearchHit> hit = search_chat(store, c, query);
    if (!hit) continue;
    w.StartObject();
    w.Key("id"); w.String(c.id.c_str());
    w.Key("name"); w.String(c.name.c_str(), static_cast<rapidjson::SizeType>(c.name.size()));
    w.Key("created"); w.String(c.created.c_str());
    w.Key("match_type"); w.String(hit->title ? "title" : "content");
    if (!hit->excerpt.empty()) {
      w.Key("excerpt");
      w.String(hit->excerpt.c_str(), static_cast<rapidjson::SizeType>(hit->excerpt.size()));
    }
    w.EndObject();
  }
  w.EndArray();
  return reply.line();
}

std::string Session::save_draft(const Request& req) {
  Active& a = active();
  Chat chat = a.store.load(a.id);
  chat.draft = req.str("draft");
  a.store.save(chat);
  return ok_line(req.request_id);
}

std::string Session::save_chat_settings(const Request& req) {
  Active& a = active();
  Chat chat = a.store.load(a.id);
  if (req.has("model")) chat.model = req.str("model");
  if (req.has("reasoning_effort")) chat.reasoning_effort = req.str("reasoning_effort");
  a.store.save(chat);
  return ok_line(req.request_id);
}

std::string Session::chat_move(const Request& req) {
  const std::string id = req.str("id"), to = req.str("to");
  if (id.empty()) throw Error(ACDC_E_INVALID_PARAMS, "Missing required field: id");
  if (to != "global" && to != "project")
    throw Error(ACDC_E_INVALID_PARAMS, "Missing or invalid field: to (must be 'global' or 'project')");
  require_init();
  if (global_only_ && to == "project") throw Error(ACDC_E_FAILED_PRECONDITION, "no project root set");
  const bool global = to == "global";
  ChatStore from = store_for(!global), dest = store_for(global);
  if (!from.exists(id)) {
    if (dest.exists(id)) return ok_line(req.request_id);  // already there
    throw Error(ACDC_E_NOT_FOUND, "Chat not found");
  }
  if (from.locked_by_other(id)) throw Error(ACDC_E_FAILED_PRECONDITION, "chat is locked by another process");
  if (dest.exists(id)) throw Error(ACDC_E_FAILED_PRECONDITION, "chat ID already exists in " + to + " scope");
  std::error_code ec;
  if (global && !fs::is_empty(from.chat_dir(id) / "output", ec) && !ec)
    throw Error(ACDC_E_FAILED_PRECONDITION,
                "chat has pending file modifications — apply or reject changes before moving");
  move_chat_dir(from.chat_dir(id), dest.chat_dir(id));
  Chat chat = dest.load(id);
  if (global) {
    fs::remove_all(dest.chat_dir(id) / "output", ec);  // a global chat has none (§5)
    rescope_to_global(chat, dest.chat_dir(id), root_);
  } else {
    fs::create_directories(dest.chat_dir(id) / "output", ec);
    rescope_to_project(chat, dest.chat_dir(id), root_);
  }
  chat.created = util::utc_now();  // first in its new list, as in the reference
  dest.save(chat);
  from.remove_from_index(id);
  select(dest, id, global);  // the reference makes the moved chat the active one
  return ok_line(req.request_id);
}

std::string Session::chat_force_unlock(const Request& req) {
  const std::string id = req.str("id");
  if (id.empty()) throw Error(ACDC_E_INVALID_PARAMS, "Missing required field: id");
  store_for(req.boolean("global")).force_unlock(id);
  return ok_line(req.request_id);
}

}  // namespace acdc::adapters::bb7
