// acp/engine.hpp -- the plugins as the ACP agent reaches them: one
// LocalClient (adapters/README.md), made once the plugins for the session's
// repository have started, that routes the llm plugin's frames for a chat
// turn (AcApp.streamChunk / streamThinking / agentStep / streamComplete, by request id)
// and its file calls (AcApp.readTextFile / writeTextFile, to the turn that
// runs) to that turn.
//
//   Engine engine;                                // usable at once; calls wait
//   engine.attach(hub, io.get_executor());        // the loader thread, plugins started
//   engine.wait_ready();                          // a worker thread: LLMService restored its session
//   std::string state = engine.call("LLMService.get_current_state", "[]");
//   engine.begin("acp-1", turn);                  // then LLMService.chat_streaming("acp-1", ...)
//   ... turn->on_text(...) ... turn->on_complete(result) ... engine.end("acp-1");
//
// Frames reach a Turn on the plugin's thread, in order, the completion last.
#pragma once

#include <acdc/host/local_client.hpp>

#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

namespace acdc::adapters::acp {

class Engine {
 public:
  using Reply = host::LocalClient::Reply;
  // One chat turn's receiver. Handlers must not block.
  struct Turn {
    virtual ~Turn() = default;
    virtual void on_text(std::string_view accumulated) = 0;      // the whole answer so far
    virtual void on_thinking(std::string_view accumulated) = 0;  // the whole reasoning so far
    virtual void on_complete(std::string_view result_json) = 0;
    virtual void on_step(std::string_view step_json) = 0;        // an Agent turn's tool call, started or ended
    virtual void on_read(std::string path, Reply reply) = 0;
    // `old_text`: the text the plugin read before; none for a new file.
    virtual void on_write(std::string path, std::string content, std::optional<std::string> old_text, Reply reply) = 0;
    // An Agent turn's tool call that changes things (a command) asks first;
    // `ask_json` as AcApp.askPermission's (plugins/llm/src/agent/tool_consent.hpp).
    virtual void on_ask(std::string ask_json, Reply reply) = 0;
    // The model's command, when the turn runs commands in the editor
    // (caller_runs): `arguments_json` is run_command's; answers a CallToolResult.
    virtual void on_run(std::string tool_call_id, std::string arguments_json, Reply reply) = 0;
  };

  Engine();
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  void attach(rpc::Hub& hub, boost::asio::any_io_executor executor);
  void give_up(const std::string& why);  // the plugins will not come: calls fail at once
  bool attached() const;

  // Waits (at most a minute each) for attach() and for the llm plugin to
  // have restored its last session; throws acdc::Error saying why not.
  void wait_ready();
  // A call and its answer's JSON; throws acdc::Error with the plugin's
  // message. Blocking: never on the reader's or a plugin's thread.
  std::string call(std::string_view method, std::string_view args_json);
  void call_async(std::string_view method, std::string_view args_json, rpc::ReplyHandler done);

  void begin(const std::string& request_id, std::shared_ptr<Turn> turn);
  void end(const std::string& request_id);

 private:
  // Shared with the client's handlers, which may run after this object is gone.
  struct Routes {
    std::mutex mu;
    std::map<std::string, std::shared_ptr<Turn>, std::less<>> by_request;
    std::shared_ptr<Turn> current;  // the turn whose edits are being applied
    std::shared_ptr<Turn> find(std::string_view request_id);
  };
  host::LocalClient& client();  // waits for attach() or give_up()

  std::shared_ptr<Routes> routes_;
  mutable std::mutex mu_;
  std::condition_variable ready_cv_;
  bool settled_ = false;
  std::string unavailable_;
  std::shared_ptr<host::LocalClient> client_;  // set once, by attach()
};

}  // namespace acdc::adapters::acp
