// bb7/chat.hpp -- one chat as chat.json version 2 holds it (bb7.md §5.1):
// metadata, context entries, and messages kept as JSON (their parts are
// rendered into prompts, counted and copied, rarely edited).
//
//   Chat chat = Chat::load(dir / "chat.json");   // migrates v0/v1 and saves v2
//   chat.append_event("UserAddFile", fields);
//   chat.save(dir / "chat.json");                // atomic (files.hpp)
#pragma once

#include <rapidjson/document.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace acdc::adapters::bb7 {

struct ContextFile {
  std::string path;
  bool readonly = false;
  bool external = false;
  std::string version;
  int start_line = 0;  // 0: a full file; otherwise a section (1-based, inclusive)
  int end_line = 0;

  bool is_section() const { return start_line > 0; }
  // The name a section's version hashes (§5.1).
  std::string version_key() const;
};

// The fields of a context_event part (§5.1); empty ones are left out.
struct ContextEvent {
  std::string action, path, version, prev_version, original_path;
  std::optional<bool> readonly, external;
  bool added = false;
  int start_line = 0, end_line = 0;
};

class Chat {
 public:
  Chat();

  // Throws acdc::Error when the file is missing or not a chat.
  static Chat load(const std::filesystem::path& file);
  void save(const std::filesystem::path& file) const;

  std::string id, name, created, model, reasoning_effort, draft;
  std::vector<ContextFile> context_files;
  rapidjson::Document messages;  // an array

  rapidjson::Document::AllocatorType& alloc() { return messages.GetAllocator(); }

  // A user context mutation: its own message with role "assistant" (§15 Q8).
  void append_event(const ContextEvent& event);
  // A message of `role` with one text part.
  void append_text(const char* role, const std::string& text);
  void append(rapidjson::Value&& message) { messages.PushBack(message, alloc()); }

  ContextFile* find_context(const std::string& path);
  ContextFile* find_section(const std::string& path, int start_line, int end_line);

  rapidjson::Value event_part(const ContextEvent& event);
};

// The text of a message's parts of type `type`, joined.
std::string parts_text(const rapidjson::Value& message, const char* type);
std::string string_member(const rapidjson::Value& v, const char* key);

}  // namespace acdc::adapters::bb7
