#include "mcp/server.hpp"

#include "mcp/json_read.hpp"
#include "mcp/message.hpp"
#include "mcp/stateless.hpp"

#include <acdc/host/errors.hpp>
#include <acdc/host/json.hpp>

namespace acdc::adapters::mcp {
namespace {

constexpr const char* kInstructions =
    "acdc indexes this repository with tree-sitter (symbols, a reference graph ranked by PageRank) and git. Start "
    "with repo_map for a question to see where things are, then find_definition, find_references and read_file. "
    "apply_edits changes files with exact search/replace matching.";

constexpr const char* kLevels[] = {"debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"};

std::string capabilities_json(bool logging) {
  return std::string(R"({"tools":{"listChanged":false},"resources":{"subscribe":false,"listChanged":false},)"
                     R"("prompts":{"listChanged":false})") +
         (logging ? R"(,"logging":{}})" : "}");
}

std::string server_info_json() {
  std::string out = R"({"name":"acdc","title":"AC-DC++","version":)";
  rpc::append_quoted(out, ACDC_VERSION);
  return out + "}";
}

const rapidjson::Value* member(const rapidjson::Value* o, const char* key) {
  if (!o || !o->IsObject()) return nullptr;
  auto it = o->FindMember(key);
  return it == o->MemberEnd() ? nullptr : &it->value;
}

}  // namespace

Server::Server(Options options)
    : engine_(options.engine),
      root_(std::move(options.root)),
      tools_(options.engine, options.executor),
      resources_(options.engine, root_),
      prompts_(options.engine) {}

Server::~Server() {
  std::map<std::string, std::shared_ptr<Running>> running;
  {
    std::lock_guard lock(mu_);
    running = in_flight_;
  }
  for (auto& [id, r] : running) {
    std::function<void()> stop;
    {
      std::lock_guard lock(r->mu);
      r->ended = r->cancelled = true;
      stop = std::move(r->stop);
    }
    if (stop) stop();
  }
}

std::string Server::protocol_version() const {
  std::lock_guard lock(mu_);
  return version_;
}

bool Server::handle(std::string_view text, Sink sink) {
  rapidjson::Document doc;
  Message m = read_message(text, doc);
  switch (m.kind) {
    case Message::invalid: sink(rpc::error_frame(m.id, m.error_code, m.error), true); return true;
    case Message::response: return false;  // acdc sends the client no requests
    case Message::notification:
      if (m.method == "notifications/cancelled") cancel(m.params);
      return false;  // notifications/initialized and the rest need nothing
    case Message::request:
      if (!is_stateless(m)) return dispatch(m.method, m.params, m.id, std::move(sink), false), true;
      // MCP 2026-07-28: each request says its version; no session to keep.
      if (auto refusal = check_stateless(m, nullptr)) return sink(refusal_frame(m.id, *refusal), true), true;
      if (!serves_stateless(m.method))
        return sink(rpc::error_frame(m.id, rpc::kMethodNotFound, not_served(m.method, true)), true), true;
      dispatch(m.method, m.params, m.id,
               [sink = std::move(sink), id = m.id, method = m.method](std::string frame, bool last) {
                 sink(last ? stateless_result(std::move(frame), id, method) : std::move(frame), last);
               },
               true);
      return true;
  }
  return false;
}

void Server::dispatch(const std::string& method, const rapidjson::Value* params, const std::string& id, Sink sink,
                      bool stateless) {
  auto reply = [&](int code, std::string json_or_message) {
    sink(code == 0 ? rpc::result_frame(id, json_or_message) : rpc::error_frame(id, code, json_or_message), true);
  };
  if (stateless && method == "server/discover") return reply(0, discover_json());
  if (method == "initialize") return initialize(params, id, sink);
  if (method == "ping") return reply(0, "{}");
  if (method == "tools/list")
    return list_tools(engine_, [id, sink](std::string out) { sink(rpc::result_frame(id, out), true); });
  if (method == "tools/call") return call_tool(params, id, std::move(sink));
  // The answer of a call that ends later, on any thread.
  auto answer = [id, sink](int code, std::string out) {
    sink(code == 0 ? rpc::result_frame(id, out) : rpc::error_frame(id, code, out), true);
  };
  if (method == "resources/list") {
    const rapidjson::Value* cursor = member(params, "cursor");
    return resources_.list(cursor && cursor->IsString() ? cursor->GetString() : "", answer);
  }
  if (method == "resources/read") {
    const rapidjson::Value* uri = member(params, "uri");
    if (!uri || !uri->IsString()) return reply(rpc::kInvalidParams, "resources/read needs a \"uri\" string");
    if (!stateless) return resources_.read(uri->GetString(), answer);
    // The revision's "not found" (SEP-2164): invalid params, naming the URI.
    return resources_.read(uri->GetString(), [id, sink, uri = std::string(uri->GetString())](int code, std::string out) {
      if (code != kResourceNotFound) return sink(code == 0 ? rpc::result_frame(id, out) : rpc::error_frame(id, code, out), true);
      std::string data = R"({"uri":)";
      rpc::append_quoted(data, uri);
      sink(refusal_frame(id, Refusal{400, rpc::kInvalidParams, out, data + "}"}), true);
    });
  }
  if (method == "resources/templates/list") return reply(0, resources_.templates_json());
  if (method == "prompts/list") return prompts_.list(answer);
  if (method == "prompts/get") {
    const rapidjson::Value* name = member(params, "name");
    if (!name || !name->IsString()) return reply(rpc::kInvalidParams, "prompts/get needs the prompt's \"name\"");
    return prompts_.get(name->GetString(), member(params, "arguments"), answer);
  }
  if (method == "logging/setLevel") {
    const rapidjson::Value* level = member(params, "level");
    for (const char* l : kLevels)
      if (level && level->IsString() && std::string_view(level->GetString()) == l) {
        std::lock_guard lock(mu_);
        log_level_ = l;
        return reply(0, "{}");
      }
    return reply(rpc::kInvalidParams,
                 "level must be one of debug, info, notice, warning, error, critical, alert, emergency");
  }
  reply(rpc::kMethodNotFound, not_served(method, stateless));
}

std::string not_served(std::string_view method, bool stateless) {
  return "acdc's MCP server has no method '" + std::string(method) + "'" +
         (stateless ? std::string(" in ") + kStatelessVersion +
                          ": it serves server/discover, tools/list, tools/call, resources/list, resources/read, "
                          "resources/templates/list, prompts/list and prompts/get"
                    : ": it serves initialize, ping, tools/list, tools/call, resources/list, resources/read, "
                      "resources/templates/list, prompts/list, prompts/get and logging/setLevel");
}

void Server::initialize(const rapidjson::Value* params, const std::string& id, Sink& sink) {
  const rapidjson::Value* asked = member(params, "protocolVersion");
  if (!asked || !asked->IsString())
    return sink(rpc::error_frame(id, rpc::kInvalidParams, "initialize needs \"protocolVersion\" (a string)"), true);
  // The client's version when acdc speaks it, else acdc's newest: the
  // client then decides whether it can go on (MCP's lifecycle).
  std::string version = kProtocolVersions[0];
  for (const char* v : kProtocolVersions)
    if (std::string_view(asked->GetString()) == v) version = v;
  {
    std::lock_guard lock(mu_);
    version_ = version;
  }
  std::string out = R"({"protocolVersion":)";
  rpc::append_quoted(out, version);
  out += R"(,"capabilities":)" + capabilities_json(true) + R"(,"serverInfo":)" + server_info_json() +
         R"(,"instructions":)";
  rpc::append_quoted(out, kInstructions);
  out += '}';
  sink(rpc::result_frame(id, out), true);
}

// The revision's handshake-free introduction: its versions, what acdc
// serves (no logging: the revision sets a log level per request), and who
// it is, in the result and (spec PR #3002) in its _meta.
std::string Server::discover_json() {
  std::string out = R"({"supportedVersions":[)";
  for (const std::string& v : all_protocol_versions()) {
    if (out.back() != '[') out += ',';
    rpc::append_quoted(out, v);
  }
  out += R"(],"capabilities":)" + capabilities_json(false) + R"(,"serverInfo":)" + server_info_json() +
         R"(,"instructions":)";
  rpc::append_quoted(out, kInstructions);
  out += R"(,"_meta":{"io.modelcontextprotocol/serverInfo":)" + server_info_json() + "}}";
  return out;
}

void Server::call_tool(const rapidjson::Value* params, const std::string& id, Sink sink) {
  const rapidjson::Value* name = member(params, "name");
  if (!name || !name->IsString())
    return sink(rpc::error_frame(id, rpc::kInvalidParams, "tools/call needs the tool's \"name\""), true);
  const ToolSpec* tool = find_tool(name->GetString());
  if (!tool) {
    // A plugin's own tool: the host knows which method serves it.
    const rapidjson::Value* arguments = member(params, "arguments");
    std::string args = arguments && !arguments->IsNull() ? rpc::to_text(*arguments) : "{}";
    return engine_.call("Host.list_tools", "[]",
                        [this, id, sink, tool_name = std::string(name->GetString()), args = std::move(args)](
                            acdc_status status, std::string_view list) mutable {
                          std::string method = status == ACDC_OK ? tool_method(list, tool_name) : std::string();
                          if (method.empty())
                            return sink(rpc::error_frame(id, rpc::kInvalidParams,
                                                         "unknown tool '" + tool_name +
                                                             "'; tools/list names the tools acdc serves"),
                                        true);
                          run_tool(id, sink, [this, method = std::move(method), args = std::move(args)](Tools::Done done) {
                            return tools_.call_plugin_tool(method, args, std::move(done));
                          });
                        });
  }
  if (!engine_.serves(tool->needs))
    return sink(rpc::error_frame(id, rpc::kInvalidParams,
                                 "unknown tool '" + std::string(name->GetString()) +
                                     "': this build of acdc lacks the plugin it needs (" + std::string(tool->needs) +
                                     "); tools/list names the tools acdc serves"),
                true);
  Tools::Progress progress;
  if (const rapidjson::Value* token = member(member(params, "_meta"), "progressToken");
      token && (token->IsString() || token->IsInt64())) {
    auto count = std::make_shared<std::atomic<long>>(0);
    progress = [sink, count, token_text = rpc::to_text(*token)](std::string_view message) {
      std::string p = R"({"progressToken":)" + token_text + R"(,"progress":)" + std::to_string(++*count) +
                      R"(,"message":)";
      rpc::append_quoted(p, message);
      p += '}';
      sink(notification("notifications/progress", p), false);
    };
  }
  const rapidjson::Value* arguments = member(params, "arguments");
  run_tool(id, sink, [this, tool, arguments, progress = std::move(progress)](Tools::Done done) mutable {
    return tools_.call(*tool, arguments, std::move(progress), std::move(done));
  });
}

void Server::run_tool(const std::string& id, const Sink& sink,
                      const std::function<std::function<void()>(Tools::Done)>& start) {
  // One entry per running call. Whichever comes first, the answer or a
  // cancel, ends it; the other then does nothing.
  auto running = std::make_shared<Running>();
  running->sink = sink;
  {
    std::lock_guard lock(mu_);
    in_flight_[id] = running;
  }
  auto stop = start([this, id, sink, running](std::string result) {
    if (!end(id, running)) return;
    sink(rpc::result_frame(id, result), true);
  });
  {
    std::lock_guard lock(running->mu);
    if (!running->cancelled) return void(running->stop = std::move(stop));
  }
  stop();  // cancelled before the call had started
}

bool Server::end(const std::string& id, const std::shared_ptr<Running>& running) {
  {
    std::lock_guard lock(running->mu);
    if (running->ended) return false;
    running->ended = true;
  }
  std::lock_guard lock(mu_);
  if (auto it = in_flight_.find(id); it != in_flight_.end() && it->second == running) in_flight_.erase(it);
  return true;
}

void Server::cancel(const rapidjson::Value* params) {
  const rapidjson::Value* id = member(params, "requestId");
  if (!id) return;
  const std::string key = rpc::to_text(*id);
  std::shared_ptr<Running> running;
  {
    std::lock_guard lock(mu_);
    auto it = in_flight_.find(key);
    if (it == in_flight_.end()) return;  // finished, or never ours: MCP says ignore it
    running = it->second;
  }
  if (!end(key, running)) return;
  std::function<void()> stop;
  Sink sink;
  {
    std::lock_guard lock(running->mu);
    running->cancelled = true;
    stop = std::move(running->stop);
    sink = running->sink;
  }
  if (stop) stop();
  if (sink) sink(std::string(), true);  // no response: the transport may close the request
}

}  // namespace acdc::adapters::mcp
