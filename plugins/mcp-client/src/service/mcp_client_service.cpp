// service/mcp_client_service.cpp -- see mcp_client_service.hpp.
#include "service/mcp_client_service.hpp"
#include "session/tool_result.hpp"

#include <acdc/sdk/error.hpp>

namespace acdc::mcp_client {
namespace {

constexpr std::string_view kCallMethod = "McpClient.call_tool";

// Two entries start the same server the same way.
std::string fingerprint(const ServerConfig& c) {
  std::string out = c.source + '\n' + c.command + '\n' + c.cwd + '\n' + c.url + '\n' + c.problem + '\n';
  for (const auto& a : c.args) out += a + '\x1f';
  for (const auto& [n, v] : c.env) out += n + '=' + v + '\x1f';
  for (const auto& [n, v] : c.headers) out += n + ':' + v + '\x1f';
  return out + (c.disabled ? "off" : "on");
}

acdc::Json parse(std::string_view text) {
  acdc::Json doc;
  doc.Parse(text.data(), text.size());
  return doc;
}

void write_server(acdc::JsonWriter& w, const ServerLink::Snapshot& s, const Switches& switches) {
  w.StartObject();
  w.Key("name"), acdc::to_json(w, s.config.name);
  w.Key("transport"), w.String(s.config.http() ? "http" : "stdio");
  w.Key("target"), acdc::to_json(w, s.config.target());
  w.Key("source"), acdc::to_json(w, s.config.source);
  w.Key("enabled"), w.Bool(s.enabled);
  w.Key("status"), acdc::to_json(w, s.status);
  if (!s.error.empty()) w.Key("error"), acdc::to_json(w, s.error);
  if (s.retry_in_s >= 0) w.Key("retry_in_s"), w.Int(s.retry_in_s);
  if (!s.protocol.empty()) w.Key("protocol"), acdc::to_json(w, s.protocol);
  if (acdc::Json info = parse(s.server_info); info.IsObject()) w.Key("server_info"), info.Accept(w);
  w.Key("log"), acdc::to_json(w, s.log);
  w.Key("tools");
  w.StartArray();
  acdc::Json list = parse(s.tools_json);
  if (list.IsObject() && list.HasMember("tools") && list["tools"].IsArray())
    for (const auto& t : list["tools"].GetArray()) {
      if (!t.IsObject() || !t.HasMember("name") || !t["name"].IsString()) continue;
      const std::string name = t["name"].GetString();
      const std::string qualified = qualified_name(s.config.name, name);
      w.StartObject();
      w.Key("name"), acdc::to_json(w, name);
      w.Key("qualified"), acdc::to_json(w, qualified);
      w.Key("description");
      if (t.HasMember("description") && t["description"].IsString()) t["description"].Accept(w);
      else w.String("");
      w.Key("enabled"), w.Bool(!qualified.empty() && switches.tool_on(qualified));
      w.EndObject();
    }
  w.EndArray();
  w.EndObject();
}

}  // namespace

McpClientService::McpClientService(acdc::Context& ctx)
    : host_(ctx.host), settings_(McpSettings::from(ctx.config)), switches_(settings_.state_dir / "mcp-client.json") {}

McpClientService::~McpClientService() {
  std::map<std::string, std::shared_ptr<ServerLink>> links;
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
    links.swap(links_);
  }
  links.clear();  // each stops its server and joins its thread
}

void McpClientService::start() {
  McpSettings settings;
  {
    std::lock_guard lock(mu_);
    settings = settings_;
  }
  apply(std::move(settings));
}

void McpClientService::on_event(std::string_view topic, std::string_view json) {
  if (topic != "host.config.changed") return;
  try {
    apply(McpSettings::from(parse(json)));
  } catch (const std::exception& e) {
    host_.log(ACDC_LOG_WARN, std::string("the MCP servers stay as they were: ") + e.what());
  }
}

// Servers whose entry changed start again; the others keep running.
void McpClientService::apply(McpSettings settings) {
  std::vector<std::shared_ptr<ServerLink>> retired;
  std::vector<ServerConfig> fresh;
  {
    std::lock_guard lock(mu_);
    if (stopping_) return;
    settings_ = settings;
    std::map<std::string, const ServerConfig*> wanted;
    for (const auto& s : settings.servers) wanted[s.name] = &s;
    for (auto it = links_.begin(); it != links_.end();) {
      auto w = wanted.find(it->first);
      if (w != wanted.end() && fingerprint(*w->second) == fingerprint(it->second->config())) {
        wanted.erase(w);
        ++it;
      } else {
        retired.push_back(std::move(it->second));
        it = links_.erase(it);
      }
    }
    for (const auto& [name, config] : wanted) fresh.push_back(*config);
  }
  retired.clear();  // stops those servers (outside the lock: their threads report changes)
  const LinkLimits limits{settings.root, settings.start_timeout, settings.call_timeout, settings.max_message_bytes};
  for (auto& config : fresh) {
    const bool on = !config.disabled && switches_.server_on(config.name);
    const std::string name = config.name;
    auto link = std::make_shared<ServerLink>(
        std::move(config), limits, on, [this] { changed(); },
        [this, name](std::string_view line) { host_.log(ACDC_LOG_INFO, "MCP server '" + name + "': " + std::string(line)); });
    std::lock_guard lock(mu_);
    links_[name] = std::move(link);
  }
  changed();
}

// Runs on any link's thread: the tools the agent sees, and what clients show.
void McpClientService::changed() {
  std::string declarations, servers;
  {
    std::lock_guard lock(mu_);
    if (stopping_) return;
    std::vector<ServerLink::Snapshot> snapshots;
    for (const auto& [name, link] : links_) snapshots.push_back(link->snapshot());
    catalog_ = ToolCatalog::build(snapshots, switches_, kCallMethod);
    if (catalog_.declarations() != published_) declarations = published_ = catalog_.declarations();
    rapidjson::StringBuffer buf;
    acdc::JsonWriter w(buf);
    w.StartArray();
    for (const auto& s : snapshots) write_server(w, s, switches_);
    w.EndArray();
    servers.assign(buf.GetString(), buf.GetSize());
    // Published under the lock, so two links' changes cannot land in the wrong order.
    if (!declarations.empty() && !host_.set_tools(declarations))
      host_.log(ACDC_LOG_WARN, "the host did not take the MCP servers' tools (an acdc older than ABI 1.3?)");
  }
  host_.notify(ACDC_CLIENT_ALL, "AcApp.mcpServersChanged", "[" + servers + "]");
}

std::string McpClientService::servers_json() const {
  std::lock_guard lock(mu_);
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartArray();
  for (const auto& [name, link] : links_) write_server(w, link->snapshot(), switches_);
  w.EndArray();
  return {buf.GetString(), buf.GetSize()};
}

std::shared_ptr<ServerLink> McpClientService::link(const std::string& server) const {
  std::lock_guard lock(mu_);
  auto it = links_.find(server);
  if (it == links_.end())
    throw acdc::Error(ACDC_E_NOT_FOUND, "no MCP server is named '" + server + "': McpClient.servers() lists them");
  return it->second;
}

acdc::RawJson McpClientService::servers() { return {servers_json()}; }

acdc::RawJson McpClientService::set_enabled(std::string server, std::optional<std::string> tool, bool enabled) {
  auto l = link(server);
  if (tool) {
    const std::string qualified = qualified_name(server, *tool);
    if (qualified.empty()) throw acdc::invalid_params("'" + server + "__" + *tool + "' is longer than a tool name may be");
    switches_.set_tool(qualified, enabled);
    changed();
  } else {
    switches_.set_server(server, enabled);
    l->set_enabled(enabled);  // its thread reports the change
  }
  return {servers_json()};
}

acdc::RawJson McpClientService::restart(std::string server) {
  (void)link(server);
  McpSettings settings;
  {
    std::lock_guard lock(mu_);
    settings = settings_;
  }
  // An edited .acdc/mcp.json applies now: a changed entry starts anew.
  try {
    settings.servers = McpSettings::from(host_.config()).servers;
  } catch (const std::exception& e) {
    host_.log(ACDC_LOG_WARN, std::string("restarting with the config read before: ") + e.what());
  }
  apply(std::move(settings));
  try {
    link(server)->restart();
  } catch (const acdc::Error&) {
    // The edited config has no such server any more: the list says so.
  }
  return {servers_json()};
}

acdc::RawJson McpClientService::stop_tool_calls() {
  ++stop_epoch_;
  return {R"({"stopped":true})"};
}

acdc::RawJson McpClientService::call_tool(acdc::Json arguments, std::string name) {
  if (!arguments.IsObject()) throw acdc::invalid_params("McpClient.call_tool expects the tool's arguments object first");
  CatalogEntry entry;
  std::shared_ptr<ServerLink> l;
  {
    std::lock_guard lock(mu_);
    const CatalogEntry* e = catalog_.find(name);
    if (!e) return {error_result("There is no MCP tool '" + name + "' now: its server is not connected, or the user switched it off.")};
    entry = *e;
    auto it = links_.find(entry.server);
    if (it != links_.end()) l = it->second;
  }
  if (!l) return {error_result("The MCP server '" + entry.server + "' is gone from the config.")};
  const long epoch = stop_epoch_.load();
  McpSession::Reply r =
      l->call(entry.tool, acdc::to_json_text(arguments), [this, epoch] { return stop_epoch_.load() != epoch; });
  if (r.ok) return {to_agent_result(r.result)};
  return {error_result(entry.tool + " of the MCP server '" + entry.server + "' failed: " + r.message)};
}

}  // namespace acdc::mcp_client
