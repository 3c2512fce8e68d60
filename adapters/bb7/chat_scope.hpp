// bb7/chat_scope.hpp -- what chat_move (bb7.md §3.2) does to a chat besides
// moving its directory: a global chat holds only external, read-only entries
// with absolute paths (§12), so a project chat's entries become external on
// the way out, and external entries inside the project become
// project-relative again on the way back (as the reference does). Each
// snapshot moves to where the new path keeps it (§5), its version follows
// the new path (§5.1), and the messages' context_snapshot refs follow too,
// so a fork or an edit of an earlier message still finds its files.
//
//   move_chat_dir(from.chat_dir(id), dest.chat_dir(id));
//   Chat chat = dest.load(id);
//   rescope_to_global(chat, dest.chat_dir(id), project_root);
//   dest.save(chat);
#pragma once

#include "bb7/chat.hpp"

#include <filesystem>

namespace acdc::adapters::bb7 {

// Renames a chat directory into another store; across file systems (~/.bb7
// on /home, the project on another mount) it copies, then removes the
// original. Throws acdc::Error "cannot move chat: ..." and leaves the
// original in place when it fails.
void move_chat_dir(const std::filesystem::path& from, const std::filesystem::path& to);

// Project-relative entries become absolute under `root`, external and
// read-only; every entry ends read-only.
void rescope_to_global(Chat& chat, const std::filesystem::path& chat_dir, const std::filesystem::path& root);

// External entries inside `root` become project-relative and writable
// (sections stay read-only); entries outside it stay external.
void rescope_to_project(Chat& chat, const std::filesystem::path& chat_dir, const std::filesystem::path& root);

}  // namespace acdc::adapters::bb7
