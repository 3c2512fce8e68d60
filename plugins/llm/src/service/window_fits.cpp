// service/window_fits.cpp -- see window_fits.hpp.
#include "service/window_fits.hpp"

#include <acdc/sdk/json.hpp>
#include <acdc/util/json_writer.hpp>

namespace acdc::llm {

WindowFit fit_window(const PluginConfig& config, const TokenCounter& count, const ModelLimits& limits, ChatMode mode,
                     bool reviewing, const AgentTools* tools) {
  const PromptStore prompts = config.prompts();
  const std::size_t reminder = count(prompts.system_reminder());
  FixedParts parts{.context_window = limits.context_window,
                   .system_tokens = reminder + count(reviewing                  ? prompts.review_prompt()
                                                     : mode == ChatMode::doc ? prompts.doc_system_prompt()
                                                                             : prompts.system_prompt()),
                   .map_budget = config.map_budget(limits)};
  if (!reviewing)
    if (const std::string compact = prompts.compact_system_prompt(); !compact.empty())
      parts.compact_system_tokens = reminder + count(compact);
  if (tools && !tools->empty()) {
    parts.tool_tokens = count(tools->provider_json());
    for (const auto& entry : tools->brief_entries()) parts.brief_tool_tokens.push_back(count(entry));
  }
  return fit_fixed_parts(parts);
}

std::string window_fit_json(const ModelLimits& limits, const WindowFit& fit) {
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartObject();
  w.Key("window"), w.Int64(limits.context_window);
  util::write_member(w, "window_source", limits.window_source);
  w.Key("cap"), w.Int64(fit.cap);
  w.Key("fixed_tokens"), w.Uint64(fit.fixed_tokens);
  w.Key("map_budget"), w.Int64(fit.map_budget);
  util::write_member(w, "shrunk", fit.shrunk);
  w.EndObject();
  return std::string(buf.GetString(), buf.GetSize());
}

}  // namespace acdc::llm
