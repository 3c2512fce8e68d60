// acp/agent.cpp -- see agent.hpp: dispatch, initialize, cancel, close.
#include "acp/agent.hpp"

#include <acdc/host/errors.hpp>
#include <acdc/host/json.hpp>
#include <acdc/host/log.hpp>

namespace acdc::adapters::acp {

void Agent::handle(const Incoming& in) {
  using Kind = Incoming::Kind;
  if (in.kind == Kind::malformed) return o_.conn.error(in.id, in.code, in.message);
  if (in.kind == Kind::response) return o_.conn.on_response(in);
  const std::string& m = in.method;
  if (m == "initialize") return initialize(in);
  if (m == "session/cancel") return cancel(in);
  if (m == "session/new") return on_worker(in, [this, in] { new_session(in); });
  if (m == "session/load") return on_worker(in, [this, in] { load_session(in); });
  if (m == "session/resume") return on_worker(in, [this, in] { resume_session(in); });
  if (m == "session/close") return on_worker(in, [this, in] { close_session(in); });
  if (m == "session/prompt") return on_worker(in, [this, in] { prompt(in); });
  if (m == "session/set_mode") return on_worker(in, [this, in] { set_mode(in); });
  if (m == "session/set_config_option") return on_worker(in, [this, in] { set_config_option(in); });
  if (m == "session/list") return on_worker(in, [this, in] { list_sessions(in); });
  // JSON-RPC: an unknown notification is dropped; an unknown request is told.
  if (in.kind == Kind::request)
    o_.conn.error(in.id, rpc::kMethodNotFound,
                  "acdc acp does not serve " + m +
                      " (it serves initialize, session/new, session/load, session/resume, session/close, "
                      "session/prompt, session/cancel, session/set_mode, session/set_config_option, "
                      "session/list)");
}

void Agent::on_worker(const Incoming& in, std::function<void()> work) {
  if (in.kind != Incoming::Kind::request) return;  // session methods are requests; a notification of one is dropped
  worker_.post([this, id = in.id, work = std::move(work)] {
    try {
      work();
    } catch (const acdc::Error& e) {
      o_.conn.error(id, jsonrpc_code(e.status()), e.what());
    } catch (const std::exception& e) {
      o_.conn.error(id, rpc::kInternalError, e.what());
    }
  });
}

void Agent::initialize(const Incoming& in) {
  const rapidjson::Value* p = in.params();
  auto version = p && p->IsObject() ? p->FindMember("protocolVersion") : rapidjson::Value::ConstMemberIterator();
  if (!p || !p->IsObject() || version == p->MemberEnd() || !version->value.IsUint())
    return o_.conn.error(in.id, rpc::kInvalidParams, "initialize needs \"protocolVersion\" (an integer; acdc speaks 1)");
  if (auto caps = p->FindMember("clientCapabilities"); caps != p->MemberEnd() && caps->value.IsObject()) {
    if (auto fs = caps->value.FindMember("fs"); fs != caps->value.MemberEnd() && fs->value.IsObject()) {
      auto flag = [&fs](const char* key) {
        auto it = fs->value.FindMember(key);
        return it != fs->value.MemberEnd() && it->value.IsTrue();
      };
      std::lock_guard lock(mu_);
      editor_reads_ = flag("readTextFile");
      editor_writes_ = flag("writeTextFile");
    }
    if (auto terminal = caps->value.FindMember("terminal"); terminal != caps->value.MemberEnd()) {
      std::lock_guard lock(mu_);
      editor_terminal_ = terminal->value.IsTrue();
    }
  }
  // Version negotiation (protocol/v1/initialization): the client's version
  // when we speak it, else our latest, and the client decides.
  std::string result = R"({"protocolVersion":)" + std::to_string(kProtocolVersion) +
                       R"(,"agentCapabilities":{"loadSession":true,)"
                       R"("sessionCapabilities":{"list":{},"resume":{},"close":{}},)"
                       R"("promptCapabilities":{"image":true,"audio":false,"embeddedContext":true},)"
                       R"("mcpCapabilities":{"http":false,"sse":false}},)"
                       R"("authMethods":[],"agentInfo":{"name":"acdc","title":"AC-DC++","version":)";
  rpc::append_quoted(result, o_.version);
  o_.conn.result(in.id, result + "}}");
}

void Agent::cancel(const Incoming& in) {
  std::shared_ptr<PromptTurn> turn;
  std::string session;
  try {
    session = required_string(in.params(), "sessionId", "session/cancel");
  } catch (const acdc::Error& e) {
    return log::warn(std::string("acp: ") + e.what());  // a notification has no answer
  }
  {
    std::lock_guard lock(mu_);
    if (running_session_ == session) turn = running_;
  }
  if (turn) turn->cancel();
}

void Agent::close() {
  std::shared_ptr<PromptTurn> turn;
  {
    std::lock_guard lock(mu_);
    turn = running_;
  }
  // The plugin ends the turn as a stopped one and writes its history.
  if (turn && o_.engine.attached()) turn->cancel();
  o_.conn.close();
}

}  // namespace acdc::adapters::acp
