// bb7/chat_store.hpp -- one chats/ directory of the .bb7/ layout (bb7.md §5):
// the chat directories, index.json (a cache rebuilt from a scan when missing
// or corrupt, and where the active chat is remembered) and the per-chat PID
// lock files. The project store is <root>/.bb7/chats, the global one
// ~/.bb7/chats.
//
//   ChatStore store(root / ".bb7" / "chats");
//   std::string id = store.create(chat);        // writes chat.json and index.json
//   store.lock(id);                             // throws "chat is locked by another process"
#pragma once

#include "bb7/chat.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace acdc::adapters::bb7 {

struct ChatSummary {
  std::string id, name, created;
  bool locked = false;  // by another live process
};

class ChatStore {
 public:
  // `global`: ~/.bb7's store, whose chats have no output/ (bb7.md §5).
  explicit ChatStore(std::filesystem::path dir, bool global = false) : dir_(std::move(dir)), global_(global) {}

  const std::filesystem::path& dir() const { return dir_; }
  std::filesystem::path chat_dir(const std::string& id) const { return dir_ / id; }
  std::filesystem::path chat_file(const std::string& id) const { return dir_ / id / "chat.json"; }
  bool exists(const std::string& id) const;

  // Newest first, from index.json repaired against the directories.
  std::vector<ChatSummary> list() const;
  Chat load(const std::string& id) const;       // throws "Chat not found"
  void save(const Chat& chat) const;            // chat.json, and the index entry
  void create(const Chat& chat) const;         // with context/ (and output/ in a project)
  void remove(const std::string& id) const;
  void remove_from_index(const std::string& id) const;  // the directory has moved away

  // Lock files hold the owner's PID; a dead or unreadable owner is stale.
  void lock(const std::string& id) const;       // throws "chat is locked by another process"
  void unlock(const std::string& id) const;     // only our own lock
  void force_unlock(const std::string& id) const;
  bool locked_by_other(const std::string& id) const;

  struct Active {
    std::string id;
    bool global = false;
  };
  std::optional<Active> active() const;
  void set_active(const std::optional<Active>& active) const;

 private:
  struct Index {
    std::optional<Active> active;
    std::vector<ChatSummary> chats;
  };
  Index read_index() const;
  void write_index(const Index& index) const;

  std::filesystem::path dir_;
  bool global_ = false;
};

}  // namespace acdc::adapters::bb7
