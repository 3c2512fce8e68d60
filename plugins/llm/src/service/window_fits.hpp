// service/window_fits.hpp -- the fit of a turn's fixed parts to its window
// (context/window_fit.hpp) from what this plugin has: the prompt files, the
// mode, app.yaml's map budget and, in Agent mode, the tool list. A turn
// applies it (ChatTurns::run); get_window_fit shows it in the Settings tab.
//
//   WindowFit f = fit_window(config, count, limits, ChatMode::code, /*reviewing=*/false, &tools);
//   if (!f.shrunk.empty()) ...   // said to the user
#pragma once

#include "agent/agent_tools.hpp"
#include "context/chat_mode.hpp"
#include "context/window_fit.hpp"
#include "prompt/prompt_input.hpp"
#include "service/plugin_config.hpp"

#include <string>

namespace acdc::llm {

// `tools` null in Ask mode. A review keeps its own system prompt.
WindowFit fit_window(const PluginConfig& config, const TokenCounter& count, const ModelLimits& limits, ChatMode mode,
                     bool reviewing, const AgentTools* tools);

// {"window", "window_source", "cap", "fixed_tokens", "map_budget", "shrunk": [...]}, for the Settings tab.
std::string window_fit_json(const ModelLimits& limits, const WindowFit& fit);

}  // namespace acdc::llm
