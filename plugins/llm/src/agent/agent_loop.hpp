// agent/agent_loop.hpp -- the steps of one Agent turn (acdc's one turn
// engine: an Ask turn is this with one step and no tools).
//
//   step k: one provider request, the tools listed -> its text streams to
//   the user and its edit blocks are applied (those that fail are told to
//   the model in step k+1) -> each tool call runs through the host as any
//   client's call would (AcApp.agentStep before and after) -> the answer
//   and the results are appended to the messages -> step k+1, until the
//   model answers without a tool call (and the checks, lint and tests,
//   pass or have no round left), or a limit (steps, cost, time) is
//   reached: the model is then told so and answers once more, tools unused.
//
// Each request is the previous one with the new messages appended, byte for
// byte, and its last message carries a cache marker (the only one that
// moves): the provider reads every step's prefix from its cache
// (prompt/cache_marks.hpp keeps the prompt to three markers so the fourth is free).
//
//   AgentLoop loop(host, tools, permissions, limits, cancel, hooks);
//   AgentLoop::Outcome o = loop.run(first_request);   // blocks; call on the chat worker
#pragma once

#include "agent/agent_step.hpp"
#include "agent/tool_answer.hpp"
#include "agent/agent_tools.hpp"
#include "provider/provider.hpp"

#include <acdc/sdk.hpp>

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace acdc::llm {

struct AgentLimits {
  int max_steps = 25;                 // provider requests in one turn
  std::optional<double> max_cost_usd = 2.0;  // per turn, where the model's price is known
  long max_seconds = 900;             // wall clock of the whole turn
};

// app.yaml's `agent:` block (null: the defaults). Throws acdc::Error
// (ACDC_E_INVALID_PARAMS) naming the key that is wrong.
AgentLimits agent_limits_from(const acdc::JsonValue* section);

class AgentLoop {
 public:
  struct Hooks {
    // One provider request; its text and thinking stream to the user as it
    // arrives. Priced usage in the result (cost_usd when the price is known).
    std::function<ChatResult(const ChatRequest&)> stream;
    // Applies the edit blocks of one step's text; returns what to tell the
    // model about those that failed ("" when none did).
    std::function<std::string(const std::string& step_text)> apply_edits;
    // A tool call started (status "running") or ended.
    std::function<void(const AgentStep&)> on_step;
    // The model read a whole file (it joins the session's selection).
    std::function<void(const std::string& path)> on_read_whole;
    // Whether a call that changes things may run (agent/tool_consent.hpp):
    // nullopt, or what the model is told. Without it such calls are refused.
    std::function<std::optional<std::string>(const AgentTool&, const acdc::JsonValue& args, const std::string& call_id)>
        consent;
    // Runs the call somewhere other than its plugin (an editor's terminal
    // for run_command): true when it took the call and will answer `done`.
    std::function<bool(const AgentTool&, const std::string& call_id, const std::string& arguments,
                       std::function<void(acdc::Result)> done)>
        run_elsewhere;
    // After a request that answered without calling a tool: the checks
    // (agent/checks.hpp), when there are edits they have not seen; their
    // steps go into `steps`. Returns what the model is told of a failure,
    // "" when there is none (or no round is left to fix it).
    std::function<std::string(int step, std::vector<AgentStep>& steps)> check;
    // A request whose tool calls have all run, with those calls: what a
    // crash from here on must not lose (the turn's history record).
    std::function<void(const ChatResult&, const std::vector<AgentStep>&)> on_request_done;
  };

  struct Outcome {
    ChatResult last;              // the last request's result (error, cancelled, finish_reason)
    Usage usage;                  // summed over every request
    std::vector<AgentStep> steps;  // every finished tool call, in order
    std::string stopped_by;       // "" | max_steps | max_cost | max_seconds
    int requests = 0;
  };

  // `sees_images`: the model takes images (ModelLimits::sees_images), so a
  // tool's images go to it with the tool's result; otherwise they are described.
  AgentLoop(const acdc::Host& host, const AgentTools& tools, const ToolPermissions& permissions, AgentLimits limits,
            const CancelFlag& cancel, Hooks hooks, bool sees_images);

  Outcome run(ChatRequest request);

 private:
  struct Message {
    std::string role;  // assistant | tool | user
    std::string content;
    std::string tool_call_id;  // tool
    std::vector<std::string> images;  // tool: data URLs, after its text
    std::vector<ChatResult::ToolCall> tool_calls;  // assistant
    std::string thinking, signature;               // assistant (Anthropic)
  };

  std::string render(const std::string& base) const;
  static std::string mark_end(const std::string& base);
  // The request's answer and its tool calls' results join the messages.
  void run_calls(const ChatResult& r, Outcome& out);
  // What the next request tells the model: the edits that failed, and the
  // limit reached, if one was (out.stopped_by: that request is the last).
  void tell_model(const std::string& problems, Outcome& out);
  // The finished step; the images of its result go to `images`.
  AgentStep run_tool(const ChatResult::ToolCall& call, int step, std::vector<std::string>& images);
  // The call's answer: refused here (no such tool, arguments that are not
  // an object, app.yaml's permissions, the user's consent) or the plugin's,
  // waited for until it comes, the user stops the turn or its time is up.
  ToolAnswer answer(const ChatResult::ToolCall& call, const std::string& arguments);
  // The limit reached after `requests` requests, or "".
  std::string limit_reached(int requests, const Usage& usage) const;

  const acdc::Host& host_;
  const AgentTools& tools_;
  const ToolPermissions& permissions_;
  AgentLimits limits_;
  const CancelFlag& cancel_;
  Hooks hooks_;
  bool sees_images_;
  std::chrono::steady_clock::time_point started_;
  std::vector<Message> appended_;
};

}  // namespace acdc::llm
