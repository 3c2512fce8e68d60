// acp/slash_commands.hpp -- acdc's commands an editor offers after "/"
// (protocol/v1/slash-commands): announced with available_commands_update
// when a session opens, and answered by the agent itself when a prompt is
// one of them, without a turn of the model.
//
//   /agent on|off   Agent or Ask mode (LLMService.set_agent_mode)
//   /mode code|doc  acdc's code or doc mode (LLMService.switch_mode)
//   /undo           takes back the newest answer's edits that can still be undone
//
//   conn.notify("session/update", available_commands_update(session_id));
//   if (auto c = slash_command(parts.message)) ...   // "/agent off" -> {"agent", "off"}
#pragma once

#include <optional>
#include <string>

namespace acdc::adapters::acp {

struct SlashCommand {
  std::string name;   // agent | mode | undo
  std::string input;  // the text after the name, trimmed
};

std::string available_commands_update(const std::string& session_id);

// The command a prompt's text is, or nullopt: text that starts with "/" and
// a name acdc does not serve is a message for the model like any other.
std::optional<SlashCommand> slash_command(const std::string& text);

}  // namespace acdc::adapters::acp
