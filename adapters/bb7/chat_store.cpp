// bb7/chat_store.cpp -- see chat_store.hpp.
#include "bb7/chat_store.hpp"

#include "bb7/files.hpp"

#include <acdc/host/json.hpp>
#include <acdc/sdk/error.hpp>
#include <acdc/util/atomic_file.hpp>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

namespace acdc::adapters::bb7 {

namespace fs = std::filesystem;

namespace {

bool valid_id(const std::string& id) {
  return !id.empty() && id.size() <= 64 &&
         std::all_of(id.begin(), id.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_'; });
}

std::optional<pid_t> lock_owner(const fs::path& lock_file) {
  auto text = read_file(lock_file);
  if (!text || text->empty() || text->size() > 12) return std::nullopt;
  pid_t pid = 0;
  for (char c : *text) {
    if (c < '0' || c > '9') return std::nullopt;
    pid = pid * 10 + (c - '0');
  }
  return pid;
}

bool alive(pid_t pid) { return pid > 0 && (::kill(pid, 0) == 0 || errno == EPERM); }

}  // namespace

bool ChatStore::exists(const std::string& id) const {
  std::error_code ec;
  return valid_id(id) && fs::is_regular_file(chat_file(id), ec);
}

ChatStore::Index ChatStore::read_index() const {
  Index index;
  rapidjson::Document doc;
  auto text = read_file(dir_ / "index.json");
  const bool parsed = text && rpc::parse_limited(*text, doc, rpc::kMaxDepth) == rpc::ParseOutcome::ok && doc.IsObject();
  if (parsed) {
    std::string active = string_member(doc, "active_chat_id");
    if (!active.empty()) {
      auto g = doc.FindMember("active_chat_global");
      index.active = Active{active, g != doc.MemberEnd() && g->value.IsBool() && g->value.GetBool()};
    }
    if (auto c = doc.FindMember("chats"); c != doc.MemberEnd() && c->value.IsArray())
      for (const auto& e : c->value.GetArray())
        if (exists(string_member(e, "id")))
          index.chats.push_back({string_member(e, "id"), string_member(e, "name"), string_member(e, "created")});
  }
  // Repair: every chat directory with a chat.json is listed, whatever the cache says.
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir_, ec)) {
    const std::string id = entry.path().filename().string();
    if (!exists(id)) continue;
    if (std::any_of(index.chats.begin(), index.chats.end(), [&](const ChatSummary& s) { return s.id == id; })) continue;
    try {
      Chat chat = Chat::load(chat_file(id));
      index.chats.push_back({id, chat.name, chat.created});
    } catch (const std::exception&) {
      // An unreadable chat stays out of the list; its directory is left alone.
    }
  }
  return index;
}

void ChatStore::write_index(const Index& index) const {
  rapidjson::StringBuffer buf;
  rapidjson::Writer<rapidjson::StringBuffer> w(buf);
  w.StartObject();
  w.Key("version"); w.Int(1);
  if (index.active) {
    w.Key("active_chat_id"); w.String(index.active->id.c_str());
    if (index.active->global) { w.Key("active_chat_global"); w.Bool(true); }
  }
  w.Key("chats");
  w.StartArray();
  for (const auto& c : index.chats) {
    w.StartObject();
    w.Key("id"); w.String(c.id.c_str());
    w.Key("name"); w.String(c.name.c_str(), static_cast<rapidjson::SizeType>(c.name.size()));
    w.Key("created"); w.String(c.created.c_str());
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  acdc::util::replace_file(dir_ / "index.json", std::string_view(buf.GetString(), buf.GetSize()));
}

std::vector<ChatSummary> ChatStore::list() const {
  Index index = read_index();
  for (auto& c : index.chats) c.locked = locked_by_other(c.id);
  std::stable_sort(index.chats.begin(), index.chats.end(),
                   [](const ChatSummary& a, const ChatSummary& b) { return a.created > b.created; });
  return index.chats;
}

Chat ChatStore::load(const std::string& id) const {
  if (!exists(id)) throw Error(ACDC_E_NOT_FOUND, "Chat not found");
  return Chat::load(chat_file(id));
}

void ChatStore::save(const Chat& chat) const {
  chat.save(chat_file(chat.id));
  Index index = read_index();
  bool found = false;
  for (auto& c : index.chats)
    if (c.id == chat.id) {
      found = true;
      if (c.name == chat.name) return;  // the index only caches names
      c.name = chat.name;
    }
  if (!found) index.chats.push_back({chat.id, chat.name, chat.created});
  write_index(index);
}

void ChatStore::create(const Chat& chat) const {
  std::error_code ec;
  fs::create_directories(chat_dir(chat.id) / "context", ec);
  if (!global_) fs::create_directories(chat_dir(chat.id) / "output", ec);
  save(chat);
}

void ChatStore::remove(const std::string& id) const {
  if (!exists(id)) throw Error(ACDC_E_NOT_FOUND, "Chat not found");
  Index index = read_index();
  std::erase_if(index.chats, [&](const ChatSummary& c) { return c.id == id; });
  if (index.active && index.active->id == id) index.active.reset();
  std::error_code ec;
  fs::remove_all(chat_dir(id), ec);
  write_index(index);
}

void ChatStore::remove_from_index(const std::string& id) const {
  Index index = read_index();
  std::erase_if(index.chats, [&](const ChatSummary& c) { return c.id == id; });
  if (index.active && index.active->id == id) index.active.reset();
  write_index(index);
}

bool ChatStore::locked_by_other(const std::string& id) const {
  auto owner = lock_owner(chat_dir(id) / "lock");
  return owner && *owner != ::getpid() && alive(*owner);
}

void ChatStore::lock(const std::string& id) const {
  if (locked_by_other(id)) throw Error(ACDC_E_FAILED_PRECONDITION, "chat is locked by another process");
  acdc::util::replace_file(chat_dir(id) / "lock", std::to_string(::getpid()));
}

void ChatStore::unlock(const std::string& id) const {
  auto owner = lock_owner(chat_dir(id) / "lock");
  std::error_code ec;
  if (owner && *owner == ::getpid()) fs::remove(chat_dir(id) / "lock", ec);
}

void ChatStore::force_unlock(const std::string& id) const {
  std::error_code ec;
  fs::remove(chat_dir(id) / "lock", ec);
}

std::optional<ChatStore::Active> ChatStore::active() const { return read_index().active; }

void ChatStore::set_active(const std::optional<Active>& active) const {
  Index index = read_index();
  index.active = active;
  write_index(index);
}

}  // namespace acdc::adapters::bb7
