// config/server_config.cpp -- see server_config.hpp.
#include "config/server_config.hpp"

#include <acdc/sdk/error.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

namespace acdc::mcp_client {
namespace {

const acdc::JsonValue* member(const acdc::JsonValue& o, const char* key) {
  if (!o.IsObject()) return nullptr;
  auto m = o.FindMember(key);
  return m == o.MemberEnd() || m->value.IsNull() ? nullptr : &m->value;
}

// ${VAR} and ${env:VAR} from acdc's environment. A variable that is not set
// is the entry's problem: a server started with an empty token fails later
// with a reason far harder to read.
std::string expand(std::string_view text, std::string& problem) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t open = text.find("${", i);
    const std::size_t close = open == std::string_view::npos ? open : text.find('}', open);
    if (close == std::string_view::npos) {
      out.append(text.substr(i));
      break;
    }
    out.append(text.substr(i, open - i));
    std::string name(text.substr(open + 2, close - open - 2));
    if (name.rfind("env:", 0) == 0) name.erase(0, 4);
    if (const char* value = std::getenv(name.c_str())) out += value;
    else if (problem.empty()) problem = "${" + name + "} is not set in acdc's environment: export it before starting acdc";
    i = close + 1;
  }
  return out;
}

NamedValues named_values(const acdc::JsonValue* map, const char* what, std::string& problem) {
  NamedValues out;
  if (!map) return out;
  if (!map->IsObject()) {
    problem = std::string(what) + " must be a map of names to text";
    return out;
  }
  for (const auto& m : map->GetObject()) {
    if (!m.value.IsString() && !m.value.IsNumber() && !m.value.IsBool()) {
      problem = std::string(what) + "." + m.name.GetString() + " must be text";
      continue;
    }
    const std::string raw = m.value.IsString() ? m.value.GetString() : acdc::to_json_text(m.value);
    out.emplace_back(m.name.GetString(), expand(raw, problem));
  }
  return out;
}

ServerConfig read_server(const std::string& name, const acdc::JsonValue& entry, const std::string& source,
                         const std::filesystem::path& root) {
  ServerConfig s{.name = name, .source = source};
  if (!entry.IsObject()) {
    s.problem = "its entry must be a map with command (a program to run) or url (a Streamable HTTP endpoint)";
    return s;
  }
  if (const auto* d = member(entry, "disabled"); d && d->IsBool()) s.disabled = d->GetBool();
  const auto* command = member(entry, "command");
  const auto* url = member(entry, "url");
  if (const auto* type = member(entry, "type"); type && type->IsString() && std::string_view(type->GetString()) == "sse") {
    s.problem = "it uses the old HTTP+SSE transport, which acdc does not speak: give the server's Streamable HTTP url";
    return s;
  }
  if ((command == nullptr) == (url == nullptr)) {
    s.problem = "its entry needs either command (a program to run) or url (a Streamable HTTP endpoint), not both";
    return s;
  }
  if (url) {
    if (!url->IsString()) s.problem = "url must be text";
    else s.url = expand(url->GetString(), s.problem);
    if (s.problem.empty() && s.url.rfind("http://", 0) != 0 && s.url.rfind("https://", 0) != 0)
      s.problem = "url must start with http:// or https://";
    s.headers = named_values(member(entry, "headers"), "headers", s.problem);
    return s;
  }
  if (!command->IsString() || !command->GetStringLength()) {
    s.problem = "command must be the program to run";
    return s;
  }
  s.command = expand(command->GetString(), s.problem);
  if (const auto* args = member(entry, "args")) {
    if (!args->IsArray()) s.problem = "args must be a list";
    else
      for (const auto& a : args->GetArray()) {
        if (a.IsString()) s.args.push_back(expand(a.GetString(), s.problem));
        else if (a.IsNumber()) s.args.push_back(acdc::to_json_text(a));
        else s.problem = "args must be a list of text";
      }
  }
  s.env = named_values(member(entry, "env"), "env", s.problem);
  s.cwd = root.string();
  if (const auto* cwd = member(entry, "cwd")) {
    if (!cwd->IsString()) s.problem = "cwd must be text";
    else s.cwd = (root / expand(cwd->GetString(), s.problem)).lexically_normal().string();
  }
  return s;
}

long whole(const acdc::JsonValue& block, const char* key, long fallback, long min, long max) {
  const acdc::JsonValue* v = member(block, key);
  if (!v) return fallback;
  if (!v->IsInt64() || v->GetInt64() < min || v->GetInt64() > max)
    throw acdc::invalid_params(std::string("app.yaml mcp_client.") + key + ": expected a whole number from " +
                               std::to_string(min) + " to " + std::to_string(max));
  return static_cast<long>(v->GetInt64());
}

}  // namespace

std::string ServerConfig::target() const {
  if (http()) return url;
  std::string out = command;
  for (const auto& a : args) out += " " + a;
  return out;
}

std::vector<ServerConfig> read_servers(const acdc::JsonValue& map, const std::string& source,
                                       const std::filesystem::path& root) {
  std::vector<ServerConfig> out;
  if (!map.IsObject()) return out;
  for (const auto& m : map.GetObject()) out.push_back(read_server(m.name.GetString(), m.value, source, root));
  return out;
}

std::vector<ServerConfig> read_server_file(const std::filesystem::path& file, const std::string& source,
                                           const std::filesystem::path& root) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  acdc::Json doc;
  doc.Parse(text.str().c_str());
  if (doc.HasParseError() || !doc.IsObject())
    throw acdc::invalid_params(file.string() + " is not a JSON object: fix it, or remove it");
  for (const char* key : {"mcpServers", "servers"})
    if (const auto* map = member(doc, key)) {
      if (!map->IsObject()) throw acdc::invalid_params(file.string() + ": " + key + " must be an object of servers");
      return read_servers(*map, source, root);
    }
  return {};
}

McpSettings McpSettings::from(const acdc::JsonValue& config) {
  McpSettings s;
  const acdc::JsonValue* host = member(config, "host");
  const acdc::JsonValue* root = host ? member(*host, "repo_root") : nullptr;
  if (!root || !root->IsString())
    throw acdc::Error(ACDC_E_FAILED_PRECONDITION, "the host gave mcp-client no repo_root: start acdc in a repository");
  s.root = std::filesystem::path(root->GetString()).lexically_normal();
  const acdc::JsonValue* state = member(*host, "state_dir");
  s.state_dir = state && state->IsString() ? std::filesystem::path(state->GetString()) : s.root / ".acdc";

  static const acdc::Json kNone(rapidjson::kObjectType);
  const acdc::JsonValue* app = member(config, "app");
  const acdc::JsonValue& block = app && member(*app, "mcp_client") ? *member(*app, "mcp_client") : kNone;
  if (!block.IsObject()) throw acdc::invalid_params("app.yaml mcp_client: must be a map (start_timeout_s, ...)");
  s.start_timeout = std::chrono::seconds(whole(block, "start_timeout_s", 30, 1, 600));
  s.call_timeout = std::chrono::seconds(whole(block, "call_timeout_s", 600, 1, 24 * 3600));
  s.max_message_bytes = static_cast<std::size_t>(whole(block, "max_message_mb", 16, 1, 1024)) << 20;

  std::map<std::string, ServerConfig> by_name;
  if (const acdc::JsonValue* map = app ? member(*app, "mcp_servers") : nullptr) {
    if (!map->IsObject()) throw acdc::invalid_params("app.yaml mcp_servers: must be a map of server names to entries");
    for (auto& server : read_servers(*map, "app.yaml", s.root)) by_name[server.name] = std::move(server);
  }
  const auto project = s.state_dir / "mcp.json";
  std::error_code ec;
  if (std::filesystem::exists(project, ec)) {
    try {
      for (auto& server : read_server_file(project, ".acdc/mcp.json", s.root)) by_name[server.name] = std::move(server);
    } catch (const acdc::Error& e) {
      // One broken file must not take app.yaml's servers with it: shown as a server that cannot start.
      by_name[".acdc/mcp.json"] = ServerConfig{.name = ".acdc/mcp.json", .source = ".acdc/mcp.json", .problem = e.what()};
    }
  }
  for (auto& [name, server] : by_name) s.servers.push_back(std::move(server));
  return s;
}

}  // namespace acdc::mcp_client
