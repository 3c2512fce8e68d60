// bb7/files.hpp -- the file primitives of the .bb7/ store (bb7.md §5).
//
// Every write is acdc::util::replace_file, so a reader (another acdc, the
// Lua client, after a kill -9 at any moment) sees the old file or the new
// one, never a torn one: §15 Q7, where the reference writes in place.
//
//   std::optional<std::string> text = read_file(dir / "chat.json");
//   std::string v = content_version("src/a.c", text);   // 8 hex chars
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace acdc::adapters::bb7 {

std::optional<std::string> read_file(const std::filesystem::path& file);

// §5.1: the first 8 hex of sha256(path + "\0" + content).
std::string content_version(std::string_view path, std::string_view content);

}  // namespace acdc::adapters::bb7
