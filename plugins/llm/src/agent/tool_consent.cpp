// agent/tool_consent.cpp -- see tool_consent.hpp.
#include "agent/tool_consent.hpp"

#include <acdc/util/json_writer.hpp>

namespace acdc::llm {
namespace {

std::string text_arg(const acdc::JsonValue& args, const char* key) {
  auto m = args.IsObject() ? args.FindMember(key) : args.MemberEnd();
  return args.IsObject() && m != args.MemberEnd() && m->value.IsString() ? m->value.GetString() : "";
}

std::string ask_json(const std::string& call_id, const AgentTool& tool, const acdc::JsonValue& args, bool sandboxed) {
  const std::string command = text_arg(args, "command");
  const std::string cwd = text_arg(args, "cwd");
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartObject();
  util::write_member(w, "tool_call_id", call_id);
  util::write_member(w, "tool", tool.name);
  util::write_member(w, "title", !command.empty() ? "Run `" + command + "`"
                                 : tool.by_name   ? "Use " + tool.name + " (an MCP server's tool)"
                                                  : "Run " + tool.name);
  util::write_member(w, "command", command);
  util::write_member(w, "cwd", cwd.empty() ? std::string(".") : cwd);
  w.Key("arguments"), args.Accept(w);
  w.Key("sandbox_available"), w.Bool(sandboxed);
  w.EndObject();
  return {buf.GetString(), buf.GetSize()};
}

}  // namespace

// An MCP server's tool (by_name) asks once: "always" covers every later call
// of it, whatever its arguments.
std::string ToolGrants::key(const AgentTool& tool, const acdc::JsonValue& args) {
  if (tool.by_name) return tool.name;
  const std::string command = text_arg(args, "command");
  return tool.name + "\n" + (command.empty() ? acdc::to_json_text(args) : command);
}

bool ToolGrants::has(const std::string& key) const {
  std::lock_guard lock(mu_);
  return keys_.contains(key);
}

void ToolGrants::add(const std::string& key) {
  std::lock_guard lock(mu_);
  keys_.insert(key);
}

std::optional<std::string> ToolConsent::refusal(const AgentTool& tool, const acdc::JsonValue& args,
                                                const std::string& call_id) {
  if (tool.read_only) return std::nullopt;
  const bool must_ask = commands_.ask_always && tool.name == "run_command";
  const std::string key = ToolGrants::key(tool, args);
  if (!must_ask && (rules_.allows(tool.name, args) || grants_.has(key))) return std::nullopt;
  const std::string answer = ask_ ? ask_(ask_json(call_id, tool, args, commands_.sandboxed)) : "";
  if (answer == "allow_once") return std::nullopt;
  if (answer == "allow_always") {
    if (!must_ask) grants_.add(key);
    return std::nullopt;
  }
  if (answer == "deny")
    return "The user did not allow this " + tool.name + " call. Do not try it again this turn: do without it, or ask the user.";
  return "No one could be asked to allow this " + tool.name + " call, and app.yaml's permissions do not allow it (" +
         "permissions: allow: [\"" + tool.name + "(...)\"]). Do without it, or tell the user what to run.";
}

}  // namespace acdc::llm
