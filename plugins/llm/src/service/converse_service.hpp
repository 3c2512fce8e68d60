// service/converse_service.hpp -- the protocol adapters' completion
// (adapters/README.md): LLMService.converse, cancel_converse and
// count_tokens. Deltas go as AcApp.converseChunk to the caller only; the
// round's text and tool calls are the answer. None of the chat turn's
// pipeline: no file context, no edit blocks, no compaction.
//
//   ConverseService converse(host, config, session, count);
//   converse.start(call, "r1", request);   // answered when the round ends
//   converse.cancel("r1");
//
// Its state is the runner's table of running rounds (its own lock); the
// session is touched only to record a turn the caller asked to keep.
#pragma once

#include "context/context_engine.hpp"
#include "converse/converse_runner.hpp"
#include "history/chat_session.hpp"
#include "service/plugin_config.hpp"

#include <acdc/sdk.hpp>

#include <map>
#include <string>
#include <vector>

namespace acdc::llm {

class ConverseService {
 public:
  ConverseService(acdc::Host& host, const PluginConfig& config, ChatSession& session, const TokenCounter& count)
      : host_(host), config_(config), session_(session), count_(count) {}

  void start(acdc::Call call, std::string request_id, acdc::Json request);
  std::map<std::string, std::string> cancel(const std::string& request_id);
  // The tokens of each text as the plugin counts them for its budget.
  std::vector<long> count_tokens(const std::vector<std::string>& texts) const;

 private:
  acdc::Host& host_;
  const PluginConfig& config_;
  ChatSession& session_;
  const TokenCounter& count_;
  ConverseRunner runner_;  // last: its rounds end before the rest goes
};

}  // namespace acdc::llm
