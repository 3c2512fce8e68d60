#include "interactive/connection.hpp"

#include "interactive/notifications.hpp"

#include <acdc/host/json.hpp>
#include <acdc/host/log.hpp>
#include <acdc/host/reply.hpp>
#include <acdc/util/random.hpp>

namespace acdc::interactive {
namespace {

Status invalid(std::string message) { return Status(ACDC_E_INVALID_PARAMS, std::move(message)); }

const rapidjson::Value* member(const rapidjson::Value& object, const char* key) {
  auto m = object.FindMember(key);
  return m == object.MemberEnd() ? nullptr : &m->value;
}

// A string parameter; pydantic's strict str: a number is not coerced (§2).
const rapidjson::Value* string_param(const rapidjson::Value& params, const char* key) {
  const rapidjson::Value* v = member(params, key);
  return v && v->IsString() ? v : nullptr;
}

std::string text_of(const rapidjson::Value& v) { return std::string(v.GetString(), v.GetStringLength()); }

// sessionParams.{model,context,language}: absent, null or a string.
bool optional_string(const rapidjson::Value& object, const char* key, std::string& out) {
  const rapidjson::Value* v = member(object, key);
  if (!v || v->IsNull()) return true;
  if (!v->IsString()) return false;
  out = text_of(*v);
  return true;
}

}  // namespace

Connection::Connection(std::weak_ptr<rpc::Transport> transport, std::shared_ptr<ConverseEngine> engine,
                       config::InteractiveConfig timeouts)
    : ports_(std::make_shared<SessionPorts>()), transport_(std::move(transport)) {
  if (auto t = transport_.lock()) ports_->executor = t->executor();
  ports_->send = [weak = transport_](std::string frame) {
    if (auto t = weak.lock()) t->send(std::move(frame));
  };
  ports_->engine = std::move(engine);
  ports_->timeouts = timeouts;
}

void Connection::send(std::string frame) const { ports_->send(std::move(frame)); }

void Connection::on_message(char* text, size_t size) {
  rapidjson::Document doc;
  Envelope e = read_envelope(text, size, doc);
  if (e.kind == Envelope::Kind::reply_now) return send(std::move(e.reply));
  if (e.kind == Envelope::Kind::notification) return;  // §2: not run, not answered
  static const rapidjson::Value kEmpty(rapidjson::kObjectType);
  Answer answer;
  if (e.params && !e.params->IsObject())
    answer = {invalid("params must be an object of named parameters")};
  else
    answer = dispatch(e.method, e.params ? *e.params : kEmpty);
  send(answer.status.ok() ? result_reply(e.id, answer.result)
                          : error_reply(e.id, rpc::to_jsonrpc_code(answer.status.code()), answer.status.message()));
  if (answer.then) answer.then();
}

bool Connection::on_binary() {
  send(error_reply("null", kParseError, "binary frames are not JSON-RPC: send each request as a text frame"));
  return true;  // A-10: answered, and the connection stays
}

void Connection::on_closed() {
  if (closed_) return;
  closed_ = true;
  if (!sessions_.empty())
    log::debug("an Interactive Mode API client disconnected; " + std::to_string(sessions_.size()) +
               " session(s) ended");
  for (auto& [id, session] : sessions_) session->drop();
  sessions_.clear();
}

Connection::Answer Connection::dispatch(std::string_view method, const rapidjson::Value& params) {
  if (method == "startSession") return start_session(params);
  if (method == "sendUserMessage") return send_user_message(params);
  if (method == "provideToolResult") return provide_tool_result(params);
  if (method == "stopSession") return stop_session(params);
  if (method == "echo") {
    const rapidjson::Value* message = member(params, "message");
    return {{}, rpc::to_text(message ? *message : params)};
  }
  return {Status(rpc::kStatusMethodNotFound, "no method '" + std::string(method) +
                                                  "': the methods are startSession, sendUserMessage, provideToolResult, stopSession")};
}

std::shared_ptr<Session> Connection::find(const rapidjson::Value& params, const char* key) const {
  const rapidjson::Value* id = string_param(params, key);
  if (!id) return nullptr;
  auto it = sessions_.find(std::string_view(id->GetString(), id->GetStringLength()));
  return it == sessions_.end() ? nullptr : it->second;
}

Connection::Answer Connection::start_session(const rapidjson::Value& params) {
  if (!string_param(params, "userId")) return {invalid("userId must be a string")};
  SessionSettings settings;
  if (const rapidjson::Value* sp = member(params, "sessionParams"); sp && !sp->IsNull()) {
    if (!sp->IsObject()) return {invalid("sessionParams must be an object")};
    if (!optional_string(*sp, "model", settings.model) || !optional_string(*sp, "context", settings.context) ||
        !optional_string(*sp, "language", settings.language))
      return {invalid("sessionParams.model, .context and .language must be strings or null")};
    if (const rapidjson::Value* tools = member(*sp, "tools"); tools && !tools->IsNull()) {
      bool ok = tools->IsArray();
      if (ok)
        for (const auto& t : tools->GetArray()) ok = ok && t.IsObject();
      if (!ok) return {invalid("sessionParams.tools must be an array of OpenAI function schemas")};
      if (!tools->Empty()) settings.tools_json = rpc::to_text(*tools);
    }
  }
  if (auto why = ports_->engine->unavailable()) return {Status(ACDC_E_INTERNAL, *why)};
  std::string id = random_uuid();
  auto session = std::make_shared<Session>(id, std::move(settings), ports_);
  sessions_.emplace(id, session);
  std::string result = R"({"sessionId":)";
  rpc::append_quoted(result, id);
  result += R"(,"status":1})";
  // A-13: the result first, then the notification.
  return {{}, std::move(result), [this, id] { send(status_notification(id, kSessionActive, "Session started")); }};
}

Connection::Answer Connection::send_user_message(const rapidjson::Value& params) {
  if (!string_param(params, "sessionId")) return {invalid("sessionId must be a string")};
  auto session = find(params, "sessionId");
  const rapidjson::Value* message = string_param(params, "message");
  if (!message) {
    // §10 item 4: the session hears of it too (the reference's test needs it).
    if (session) session->report_error("message must be a string");
    return {invalid("message must be a string")};
  }
  if (!session) return {invalid("no session with this sessionId on this connection: call startSession")};
  std::string result = R"({"messageId":)";
  rpc::append_quoted(result, random_uuid());
  result += R"(,"status":0})";
  return {{}, std::move(result), [session, text = text_of(*message)]() mutable { session->enqueue(std::move(text)); }};
}

Connection::Answer Connection::provide_tool_result(const rapidjson::Value& params) {
  const rapidjson::Value* call_id = string_param(params, "toolCallId");
  const rapidjson::Value* result = string_param(params, "result");
  if (!string_param(params, "sessionId") || !call_id || !result)
    return {invalid("sessionId, toolCallId and result must be strings")};
  auto session = find(params, "sessionId");
  if (!session) return {invalid("no session with this sessionId on this connection")};
  if (!session->provide_tool_result(text_of(*call_id), text_of(*result)))
    return {invalid("no tool call with this toolCallId waits for a result in this session")};
  return {{}, R"({"status":0})"};
}

Connection::Answer Connection::stop_session(const rapidjson::Value& params) {
  // §3.4: always {status:2}, for an unknown session or bad params too.
  if (auto session = find(params, "sessionId")) {
    sessions_.erase(session->id());
    session->stop();
  }
  return {{}, R"({"status":2})"};
}

net::WsEndpointFactory endpoint_factory(TimeoutsSource timeouts, EngineFactory make_engine) {
  return [timeouts = std::move(timeouts), make_engine = std::move(make_engine)](std::weak_ptr<rpc::Transport> transport) {
    auto t = transport.lock();
    auto engine = make_engine(t ? t->executor() : boost::asio::any_io_executor());
    return std::make_shared<Connection>(std::move(transport), std::move(engine), timeouts());
  };
}

}  // namespace acdc::interactive
