// bb7/chat_scope.cpp -- see chat_scope.hpp.
#include "bb7/chat_scope.hpp"

#include "bb7/files.hpp"
#include "bb7/safe_path.hpp"

#include <acdc/sdk/error.hpp>
#include <acdc/util/atomic_file.hpp>

#include <functional>
#include <optional>
#include <system_error>
#include <vector>

namespace acdc::adapters::bb7 {

namespace fs = std::filesystem;

namespace {

// An entry's new path, or nullopt when it stays as it is.
using PathMap = std::function<std::optional<std::string>(const std::string&)>;

struct Moved {
  ContextFile from, to;
};

fs::path snapshot_of(const fs::path& context_dir, const ContextFile& f) {
  return snapshot_file(context_dir, f.path, f.external, f.start_line, f.end_line);
}

// Copies one snapshot to where `to` keeps it; `to` gets the version of its
// new path. A missing snapshot stays missing (get_context_file says so).
void copy_snapshot(const fs::path& context_dir, const ContextFile& from, ContextFile& to) {
  auto content = read_file(snapshot_of(context_dir, from));
  if (!content) return;
  acdc::util::replace_file(snapshot_of(context_dir, to), *content);
  to.version = content_version(to.version_key(), *content);
}

int int_of(const rapidjson::Value& v, const char* key) {
  auto it = v.FindMember(key);
  return it != v.MemberEnd() && it->value.IsInt() ? it->value.GetInt() : 0;
}

// A ref to a moved entry takes its new path, and its new version when it
// named the entry's current one; a ref to an entry removed since takes the
// new form of its path.
void follow_ref(rapidjson::Value& ref, const std::vector<Moved>& moved, const PathMap& new_path, Chat& chat) {
  const std::string path = string_member(ref, "path"), id = string_member(ref, "file_id");
  const int start = int_of(ref, "start_line"), end = int_of(ref, "end_line");
  std::optional<std::string> to_path, to_id;
  for (const auto& m : moved)
    if (m.from.path == path && m.from.start_line == start && m.from.end_line == end) {
      to_path = m.to.path;
      if (id == m.from.version) to_id = m.to.version;
    }
  if (!to_path) to_path = new_path(path);
  if (to_path) ref["path"].SetString(to_path->c_str(), static_cast<rapidjson::SizeType>(to_path->size()), chat.alloc());
  if (to_id && ref.HasMember("file_id")) ref["file_id"].SetString(to_id->c_str(), chat.alloc());
}

void follow_refs(Chat& chat, const std::vector<Moved>& moved, const PathMap& new_path) {
  for (auto& m : chat.messages.GetArray()) {
    if (!m.IsObject()) continue;
    auto refs = m.FindMember("context_snapshot");
    if (refs == m.MemberEnd() || !refs->value.IsArray()) continue;
    for (auto& ref : refs->value.GetArray())
      if (ref.IsObject() && ref.HasMember("path") && ref["path"].IsString()) follow_ref(ref, moved, new_path, chat);
  }
}

void rescope(Chat& chat, const fs::path& chat_dir, const PathMap& new_path, bool external) {
  std::vector<Moved> moved;
  for (auto& f : chat.context_files) {
    auto path = new_path(f.path);
    if (!path) continue;
    const ContextFile from = f;
    f.path = *path;
    f.external = external;
    try {
      copy_snapshot(chat_dir / "context", from, f);
    } catch (const std::exception&) {
      f = from;  // a snapshot that cannot be copied keeps its entry as it was
      continue;
    }
    moved.push_back({from, f});
  }
  // Removed only once all are copied: two entries may share a snapshot (§15 Q10).
  std::error_code ec;
  for (const auto& m : moved) fs::remove(snapshot_of(chat_dir / "context", m.from), ec);
  follow_refs(chat, moved, new_path);
}

}  // namespace

void move_chat_dir(const fs::path& from, const fs::path& to) {
  std::error_code ec;
  fs::create_directories(to.parent_path(), ec);
  fs::rename(from, to, ec);
  if (!ec) return;
  if (ec != std::errc::cross_device_link) throw Error(ACDC_E_INTERNAL, "cannot move chat: " + ec.message());
  // Copied whole under a name no scan lists (not a chat id), then renamed
  // into place, so the destination never shows half a chat.
  const fs::path staging = to.parent_path() / ("." + to.filename().string() + ".moving");
  fs::remove_all(staging, ec);
  fs::copy(from, staging, fs::copy_options::recursive, ec);
  if (!ec) fs::rename(staging, to, ec);
  if (ec) {
    std::error_code ignored;
    fs::remove_all(staging, ignored);
    throw Error(ACDC_E_INTERNAL, "cannot move chat: " + ec.message());
  }
  fs::remove_all(from, ec);
}

void rescope_to_global(Chat& chat, const fs::path& chat_dir, const fs::path& root) {
  const PathMap absolute = [&root](const std::string& path) -> std::optional<std::string> {
    if (path.empty() || path.front() == '/' || root.empty()) return std::nullopt;
    return (root / fs::path(path)).lexically_normal().generic_string();
  };
  rescope(chat, chat_dir, absolute, true);
  for (auto& f : chat.context_files) f.readonly = true;
}

void rescope_to_project(Chat& chat, const fs::path& chat_dir, const fs::path& root) {
  const PathMap relative = [&root](const std::string& path) -> std::optional<std::string> {
    if (path.empty() || path.front() != '/' || root.empty()) return std::nullopt;
    try {
      ContextPath cp = classify_context_path(root, path);
      if (!cp.external) return cp.path;
    } catch (const std::exception&) {
      // A path the project's rules refuse (inside .git/) stays external.
    }
    return std::nullopt;
  };
  std::vector<std::string> before;
  for (const auto& f : chat.context_files) before.push_back(f.path);
  rescope(chat, chat_dir, relative, false);
  for (std::size_t i = 0; i < chat.context_files.size(); ++i) {
    ContextFile& f = chat.context_files[i];
    if (f.path != before[i]) f.readonly = f.is_section();
  }
}

}  // namespace acdc::adapters::bb7
