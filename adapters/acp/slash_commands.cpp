// acp/slash_commands.cpp -- see slash_commands.hpp.
#include "acp/slash_commands.hpp"

#include "acp/wire.hpp"

#include <array>

namespace acdc::adapters::acp {
namespace {

struct Known {
  const char* name;
  const char* description;
  const char* hint;  // nullptr: the command takes no input
};

constexpr std::array<Known, 3> kCommands{{
    {"agent", "Agent mode on (the model reads, searches and runs the tests itself) or off (Ask)", "on or off"},
    {"mode", "acdc's code mode (the symbol map) or doc mode (the documents' outlines)", "code or doc"},
    {"undo", "take back the newest answer's edits that can still be undone", nullptr},
}};

std::string trimmed(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
}

}  // namespace

std::string available_commands_update(const std::string& session_id) {
  std::string commands;
  for (const Known& k : kCommands) {
    commands += std::string(commands.empty() ? "" : ",") + R"({"name":)" + json_string(k.name) + R"(,"description":)" +
                json_string(k.description) +
                (k.hint ? R"(,"input":{"hint":)" + json_string(k.hint) + "}" : std::string(R"(,"input":null)")) + "}";
  }
  return R"({"sessionId":)" + json_string(session_id) +
         R"(,"update":{"sessionUpdate":"available_commands_update","availableCommands":[)" + commands + "]}}";
}

std::optional<SlashCommand> slash_command(const std::string& text) {
  const std::string t = trimmed(text);
  if (t.size() < 2 || t[0] != '/') return std::nullopt;
  const auto end = t.find_first_of(" \t\r\n");
  const std::string name = t.substr(1, end == std::string::npos ? std::string::npos : end - 1);
  for (const Known& k : kCommands)
    if (name == k.name) return SlashCommand{name, end == std::string::npos ? "" : trimmed(t.substr(end))};
  return std::nullopt;
}

}  // namespace acdc::adapters::acp
