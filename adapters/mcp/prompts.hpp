// mcp/prompts.hpp -- acdc's snippets as MCP prompts: the quick prompts the
// web app shows under the chat input (snippets.yaml, read by the settings
// plugin, so a repository's .acdc/snippets.yaml wins there too), for the
// code, doc and review modes. A prompt is named after its mode and tooltip
// ("code-write-tests") and takes one optional argument, `details`, added
// after its text (the bug to find, the files to look at).
//
//   Prompts prompts(engine);
//   prompts.list(reply);        // {"prompts":[{name, title, description, arguments}]}
//   prompts.get("code-write-tests", arguments, reply);   // {"description", "messages":[{role:"user", ...}]}
//   // reply(code, json): 0 with the result, or a JSON-RPC error code and message
#pragma once

#include "mcp/engine.hpp"

#include <rapidjson/document.h>

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace acdc::adapters::mcp {

class Prompts {
 public:
  using Reply = std::function<void(int code, std::string json_or_message)>;

  explicit Prompts(Engine& engine) : engine_(engine) {}

  void list(Reply reply);
  // `arguments` may be null; a `details` member that is not a string is refused.
  void get(const std::string& name, const rapidjson::Value* arguments, Reply reply);

 private:
  struct Prompt {
    std::string name, mode, tooltip, message;
  };
  using Collected = std::function<void(int code, std::string error, std::vector<Prompt> prompts)>;
  void collect(size_t mode, std::vector<Prompt> so_far, Collected done);
  Engine& engine_;
};

// "Write tests" in mode "code" -> "code-write-tests": lower case, runs of
// anything but letters and digits as one '-'.
std::string prompt_name(std::string_view mode, std::string_view tooltip);

}  // namespace acdc::adapters::mcp
