// session/mcp_session.cpp -- see mcp_session.hpp.
#include "session/mcp_session.hpp"

#include <acdc/sdk/json.hpp>

#include <array>

namespace acdc::mcp_client {
namespace {

constexpr std::string_view kStateless = "2026-07-28";
constexpr std::string_view kNewestSessionful = "2025-11-25";
constexpr std::array<std::string_view, 4> kSessionful = {"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"};
constexpr int kMethodNotFound = -32601;

std::string text_of(const acdc::JsonValue& v) { return acdc::to_json_text(v); }

std::string string_member(const acdc::JsonValue& o, const char* key) {
  if (!o.IsObject()) return {};
  auto m = o.FindMember(key);
  return m != o.MemberEnd() && m->value.IsString() ? m->value.GetString() : "";
}

std::string preview(std::string_view text) {
  std::string out(text.substr(0, 200));
  return text.size() > 200 ? out + "…" : out;
}

}  // namespace

McpSession::McpSession(std::filesystem::path root, Hooks hooks) : root_(std::move(root)), hooks_(std::move(hooks)) {}

// No hook runs from here: whoever held the hooks may be going too.
McpSession::~McpSession() {
  if (transport_) transport_->close();
}

TransportEvents McpSession::events() {
  std::weak_ptr<McpSession> weak = weak_from_this();
  return TransportEvents{
      .on_message = [weak](std::string_view m) { if (auto s = weak.lock()) s->on_message(m); },
      .on_log = [weak](std::string_view line) { if (auto s = weak.lock(); s && s->hooks_.log) s->hooks_.log(line); },
      .on_closed = [weak](std::string why) { if (auto s = weak.lock()) s->on_closed(std::move(why)); },
  };
}

void McpSession::attach(std::shared_ptr<Transport> transport) { transport_ = std::move(transport); }

bool McpSession::is_closed() const {
  std::lock_guard lock(mu_);
  return closed_;
}

std::string McpSession::closed_reason() const {
  std::lock_guard lock(mu_);
  return closed_reason_;
}

void McpSession::close() {
  if (transport_) transport_->close();
  on_closed("acdc closed the connection");
}

std::string McpSession::with_meta(std::string_view params_json) const {
  if (!stateless_) return std::string(params_json);
  std::string meta = R"({"_meta":{"io.modelcontextprotocol/protocolVersion":")" + std::string(kStateless) +
                     R"(","io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"acdc","version":")" +
                     ACDC_MCP_CLIENT_VERSION + "\"}}";
  std::string_view rest = params_json.substr(params_json.find('{') + 1);
  if (rest.find_first_not_of(" \n\t}") == std::string_view::npos) return meta + "}";
  return meta + "," + std::string(rest);
}

McpSession::Reply McpSession::request(std::string_view method, std::string_view params_json,
                                      std::chrono::milliseconds timeout, const Cancelled& cancelled) {
  int64_t id;
  {
    std::lock_guard lock(mu_);
    if (closed_) return Reply{.code = -32000, .message = closed_reason_};
    id = next_id_++;
    pending_[id];
  }
  std::string message = R"({"jsonrpc":"2.0","id":)" + std::to_string(id) + R"(,"method":)" +
                        acdc::to_json_text(std::string(method)) + R"(,"params":)" + with_meta(params_json) + "}";
  if (auto t = transport_) t->send(std::move(message));
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  std::unique_lock lock(mu_);
  std::string gave_up;
  for (;;) {
    if (pending_[id]) break;
    if (closed_) {
      gave_up = closed_reason_;
      break;
    }
    if (cancelled && cancelled()) {
      gave_up = "cancelled";
      break;
    }
    if (std::chrono::steady_clock::now() >= deadline) {
      gave_up = "no answer to " + std::string(method) + " in " +
                std::to_string(std::chrono::duration_cast<std::chrono::seconds>(timeout).count()) + " s";
      break;
    }
    answered_.wait_for(lock, std::chrono::milliseconds(50));
  }
  std::optional<Reply> reply = std::move(pending_[id]);
  pending_.erase(id);
  lock.unlock();
  if (reply) return *reply;
  if (!is_closed())
    notify("notifications/cancelled", R"({"requestId":)" + std::to_string(id) + R"(,"reason":)" +
                                          acdc::to_json_text(gave_up) + "}");
  return Reply{.code = -32000, .message = gave_up};
}

void McpSession::notify(std::string_view method, std::string_view params_json) {
  std::string message = R"({"jsonrpc":"2.0","method":)" + acdc::to_json_text(std::string(method)) +
                        R"(,"params":)" + std::string(params_json) + "}";
  if (auto t = transport_) t->send(std::move(message));
}

void McpSession::on_message(std::string_view text) {
  acdc::Json doc;
  doc.Parse(text.data(), text.size());
  if (doc.HasParseError() || !doc.IsObject()) {
    if (hooks_.log) hooks_.log("not JSON-RPC, skipped: " + preview(text));
    return;
  }
  auto method = doc.FindMember("method");
  auto id = doc.FindMember("id");
  if (method != doc.MemberEnd() && method->value.IsString()) {
    const std::string name = method->value.GetString();
    if (id != doc.MemberEnd() && !id->value.IsNull()) return answer_request(text_of(id->value), name);
    if (name == "notifications/tools/list_changed" && hooks_.tools_changed) hooks_.tools_changed();
    if (name == "notifications/message" && hooks_.log) {
      const auto& params = doc["params"];
      hooks_.log(string_member(params, "level") + ": " +
                 (params.IsObject() && params.HasMember("data") ? preview(text_of(params["data"])) : ""));
    }
    return;
  }
  if (id == doc.MemberEnd() || !id->value.IsInt64()) {
    if (hooks_.log) hooks_.log("an answer to no request of acdc's, skipped: " + preview(text));
    return;
  }
  Reply reply;
  if (auto r = doc.FindMember("result"); r != doc.MemberEnd() && r->value.IsObject()) {
    // The stateless revision: a server that needs the user's input says so
    // instead of asking; acdc has no way to give it.
    if (string_member(r->value, "resultType") == "input_required")
      reply = Reply{.code = -32000, .message = "the server asked for input (elicitation or sampling), which acdc cannot give"};
    else
      reply = Reply{.ok = true, .result = text_of(r->value)};
  } else if (auto e = doc.FindMember("error"); e != doc.MemberEnd() && e->value.IsObject()) {
    auto code = e->value.FindMember("code");
    reply = Reply{.code = code != e->value.MemberEnd() && code->value.IsInt() ? code->value.GetInt() : -32000,
                  .message = string_member(e->value, "message")};
  } else {
    reply = Reply{.code = -32000, .message = "the server's answer has neither a result object nor an error"};
  }
  std::lock_guard lock(mu_);
  auto p = pending_.find(id->value.GetInt64());
  if (p == pending_.end()) return;  // answered after acdc gave up on it
  p->second = std::move(reply);
  answered_.notify_all();
}

void McpSession::answer_request(const std::string& id_json, std::string_view method) {
  std::string out = R"({"jsonrpc":"2.0","id":)" + id_json;
  if (method == "ping") {
    out += R"(,"result":{}})";
  } else if (method == "roots/list") {
    out += R"(,"result":{"roots":[{"uri":)" + acdc::to_json_text("file://" + root_.string()) + R"(,"name":)" +
           acdc::to_json_text(root_.filename().string()) + "}]}}";
  } else {
    out += R"(,"error":{"code":-32601,"message":)" +
           acdc::to_json_text("acdc does not offer " + std::string(method) + " to MCP servers") + "}}";
  }
  if (auto t = transport_) t->send(std::move(out));
}

void McpSession::on_closed(std::string reason) {
  {
    std::lock_guard lock(mu_);
    if (closed_) return;
    closed_ = true;
    closed_reason_ = std::move(reason);
    answered_.notify_all();
  }
  if (hooks_.closed) hooks_.closed(closed_reason_);
}

std::string McpSession::try_discover(std::chrono::milliseconds timeout) {
  stateless_ = true;
  Reply r = request("server/discover", "{}", timeout);
  if (r.ok) {
    acdc::Json result;
    result.Parse(r.result.c_str());
    bool speaks = false;
    if (auto v = result.FindMember("supportedVersions"); v != result.MemberEnd() && v->value.IsArray())
      for (const auto& version : v->value.GetArray()) speaks = speaks || (version.IsString() && kStateless == version.GetString());
    if (speaks) {
      protocol_ = kStateless;
      if (auto info = result.FindMember("serverInfo"); info != result.MemberEnd()) server_info_ = text_of(info->value);
      return {};
    }
  }
  stateless_ = false;
  return r.ok ? "no 2026-07-28 in supportedVersions" : r.message;
}

std::string McpSession::initialize(std::chrono::milliseconds timeout) {
  Reply r = request("initialize",
                    R"({"protocolVersion":")" + std::string(kNewestSessionful) +
                        R"(","capabilities":{"roots":{"listChanged":false}},"clientInfo":{"name":"acdc","version":")" +
                        ACDC_MCP_CLIENT_VERSION + "\"}}",
                    timeout);
  if (!r.ok) return "initialize failed: " + r.message;
  acdc::Json result;
  result.Parse(r.result.c_str());
  const std::string version = string_member(result, "protocolVersion");
  bool known = false;
  for (auto v : kSessionful) known = known || v == version;
  if (!known) return "the server speaks MCP " + (version.empty() ? std::string("of no version") : version) +
                     ", which acdc does not (it speaks 2024-11-05 to 2025-11-25 and 2026-07-28)";
  protocol_ = version;
  if (auto info = result.FindMember("serverInfo"); info != result.MemberEnd()) server_info_ = text_of(info->value);
  notify("notifications/initialized", "{}");
  return {};
}

std::string McpSession::open(std::chrono::milliseconds timeout) {
  const auto started = std::chrono::steady_clock::now();
  // A server of the older era answers "method not found" at once; one that
  // says nothing to an unknown method costs at most 5 s before initialize.
  // The revision requires its version in the MCP-Protocol-Version header of
  // every request, server/discover included; initialize goes without one.
  if (transport_) transport_->set_protocol_version(std::string(kStateless));
  if (try_discover(std::min<std::chrono::milliseconds>(timeout, std::chrono::seconds(5))).empty()) return {};
  if (transport_) transport_->set_protocol_version("");
  if (is_closed()) {
    std::lock_guard lock(mu_);
    return closed_reason_;
  }
  const auto left = timeout - std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
  std::string why = initialize(std::max<std::chrono::milliseconds>(left, std::chrono::seconds(1)));
  if (why.empty() && transport_) transport_->set_protocol_version(protocol_);
  return why;
}

McpSession::Reply McpSession::list_tools(std::chrono::milliseconds timeout) {
  std::string tools = "[";
  std::string cursor;
  for (int page = 0; page < 100; ++page) {
    Reply r = request("tools/list", cursor.empty() ? "{}" : R"({"cursor":)" + acdc::to_json_text(cursor) + "}", timeout);
    if (!r.ok) return r;
    acdc::Json result;
    result.Parse(r.result.c_str());
    if (auto t = result.FindMember("tools"); t != result.MemberEnd() && t->value.IsArray())
      for (const auto& tool : t->value.GetArray()) tools += (tools.size() > 1 ? "," : "") + text_of(tool);
    cursor = string_member(result, "nextCursor");
    if (cursor.empty()) break;
  }
  return Reply{.ok = true, .result = R"({"tools":)" + tools + "]}"};
}

McpSession::Reply McpSession::call_tool(std::string_view name, std::string_view arguments_json,
                                        std::chrono::milliseconds timeout, const Cancelled& cancelled) {
  return request("tools/call",
                 R"({"name":)" + acdc::to_json_text(std::string(name)) + R"(,"arguments":)" + std::string(arguments_json) + "}",
                 timeout, cancelled);
}

}  // namespace acdc::mcp_client
