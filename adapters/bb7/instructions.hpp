// bb7/instructions.hpp -- user and project instructions (bb7.md §7 step 3,
// §12 "@include"): `@@` comment lines are stripped; project instructions may
// `@include` files inside the project, one level deep, outside code fences.
//
//   std::string block = instructions_block(home, root, /*global_chat=*/false);  // throws parse errors
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace acdc::adapters::bb7 {

std::string strip_comment_lines(std::string_view text);

// The project file's text with includes expanded. Throws acdc::Error
// "<file>:<line>: <msg>".
std::string parse_project_instructions(const std::filesystem::path& root, std::string_view text);

// The instructions block of the system prompt ("" when there are none).
std::string instructions_block(const std::filesystem::path& home, const std::filesystem::path& root, bool global_chat);

}  // namespace acdc::adapters::bb7
