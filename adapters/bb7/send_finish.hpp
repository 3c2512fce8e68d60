// bb7/send_finish.hpp -- the end of a `send` (bb7.md §7.4-§7.7): tool calls
// into pending writes, then exactly one terminal line (done, diff_error or
// error), the chat saved first and the stream slot freed before the line is
// written (the reference frees it after: §15 Q7).
#pragma once

#include "bb7/send_run.hpp"

#include <memory>

namespace acdc::adapters::bb7 {

void finish_send(Session& session, const std::shared_ptr<SendRun>& run, EngineResult result);

std::string retry_context_block(const rapidjson::Value* ctx, const std::string& diff_mode);

}  // namespace acdc::adapters::bb7
