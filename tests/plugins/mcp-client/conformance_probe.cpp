// acdc-mcp-conformance-probe URL: acdc's MCP client as the official
// conformance suite's client scenarios run a client (`conformance client
// --command ...` appends the URL of the scenario's server). It connects over
// Streamable HTTP as the mcp-client plugin does (the session, the
// transport), lists the tools and calls each once with arguments made from
// its input schema (a number 1, a string "x", true), as an agent would.
// Exit 0 when every step answered.
#include "config/server_config.hpp"
#include "session/mcp_session.hpp"
#include "session/tool_result.hpp"
#include "transport/http_transport.hpp"

#include <acdc/sdk/json.hpp>

#include <filesystem>
#include <iostream>

using namespace acdc::mcp_client;

namespace {

std::string sample_arguments(const acdc::JsonValue& tool) {
  std::string out = "{";
  auto schema = tool.FindMember("inputSchema");
  if (schema != tool.MemberEnd() && schema->value.IsObject() && schema->value.HasMember("properties") &&
      schema->value["properties"].IsObject())
    for (const auto& p : schema->value["properties"].GetObject()) {
      std::string type = p.value.IsObject() && p.value.HasMember("type") && p.value["type"].IsString() ? p.value["type"].GetString() : "";
      std::string value = type == "number" || type == "integer" ? "1" : type == "boolean" ? "true" : "\"x\"";
      out += (out.size() > 1 ? "," : "") + acdc::to_json_text(std::string(p.name.GetString())) + ":" + value;
    }
  return out + "}";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: acdc-mcp-conformance-probe URL\n";
    return 2;
  }
  ServerConfig server{.name = "conformance", .source = "probe", .url = argv[argc - 1]};
  auto session = std::make_shared<McpSession>(std::filesystem::current_path(),
                                              McpSession::Hooks{.log = [](std::string_view l) { std::cerr << l << "\n"; }});
  session->attach(HttpTransport::open(server, session->events(), 16u << 20, std::chrono::seconds(30)));
  if (std::string why = session->open(std::chrono::seconds(20)); !why.empty()) {
    std::cerr << "open: " << why << "\n";
    return 1;
  }
  std::cerr << "connected, MCP " << session->protocol() << "\n";
  McpSession::Reply tools = session->list_tools(std::chrono::seconds(20));
  if (!tools.ok) {
    std::cerr << "tools/list: " << tools.message << "\n";
    return 1;
  }
  acdc::Json list;
  list.Parse(tools.result.c_str());
  int failed = 0;
  for (const auto& t : list["tools"].GetArray()) {
    const std::string name = t["name"].GetString();
    McpSession::Reply r = session->call_tool(name, sample_arguments(t), std::chrono::seconds(20), {});
    std::cerr << name << ": " << (r.ok ? to_agent_result(r.result) : "error " + r.message) << "\n";
    failed += r.ok ? 0 : 1;
  }
  session->close();
  return failed ? 1 : 0;
}
