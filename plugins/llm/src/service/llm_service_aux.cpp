// LLMService: the context breakdown's inputs, gathered on the aux worker
// (it waits on Repo.*), the window's fit, and the snippets.
#include "service/llm_service.hpp"

#include "context/map_budget.hpp"
#include "context/model_limits.hpp"
#include "edit/edit_parser.hpp"
#include "prompt/prompt_assembler.hpp"
#include "prompt/prompt_store.hpp"
#include "provider/provider_config.hpp"
#include "service/context_breakdown.hpp"
#include "service/window_fits.hpp"

#include <optional>

namespace acdc::llm {

void LLMService::get_context_breakdown(acdc::Call call) {
  aux_worker_.post([this, call]() mutable {
    try {
      call.ok_raw(context_breakdown());
    } catch (const acdc::Error& e) {
      call.fail(e.status(), e.what());
    } catch (const std::exception& e) {
      call.fail(ACDC_E_APPLICATION, e.what());
    }
  });
}

// Reads every selected file and places the content as the next turn would:
// on the aux worker only. The shape of acdc-features.md §4.1.
std::string LLMService::context_breakdown() {
  const ProviderConfig pc = config_.provider();  // a broken llm.yaml is this answer's error
  const std::string& model = pc.model;
  const PromptStore prompts = config_.prompts();
  const auto [mode, cross_ref] = modes_.now();
  ContextEngine* engine = &modes_.engine(mode);
  const ModelLimits limits = config_.served_limits(pc);
  TurnContent content{.system_prompt = mode == ChatMode::doc ? prompts.doc_system_prompt() : prompts.system_prompt(),
                      .history = session_.prompt_history()};
  for (const auto& path : session_.selected()) {
    try {
      content.files.push_back(FileEntry{path, repo_.read_for_prompt(path)});
    } catch (const FileAccessError&) {
      // binary or gone: not in the prompt either
    }
  }
  MapFocus focus{.history = recent_history_text(content.history)};
  focus.budget_tokens = config_.map_budget(limits);
  SymbolMap map = symbols_.current(session_.selected(), mode, &focus);
  std::optional<SymbolMap> other;
  if (cross_ref) other = symbols_.current(session_.selected(), other_mode(mode), &focus);
  add_maps(content, map, other ? &*other : nullptr);
  PromptInput unused;
  const Placement p = engine->preview(content, unused);
  const SessionTotals totals = session_.totals();

  BreakdownInput in{.model = model,
                    .mode = mode,
                    .cross_ref = cross_ref,
                    .limits = limits,
                    .content = content,
                    .map = map,
                    .placement = p,
                    .totals = totals,
                    .moves = engine->last_changes(),
                    .legend_tokens = content.map_header_and_legend.empty()
                                         ? 0
                                         : static_cast<long>(count_tokens_(content.map_header_and_legend))};
  return breakdown_json(in, [this](acdc::JsonWriter& w) { return url_methods_.write_breakdown(w); });
}

void LLMService::get_window_fit(acdc::Call call) {
  aux_worker_.post([this, call]() mutable {
    try {
      const ProviderConfig pc = config_.provider();
      const ModelLimits limits = config_.served_limits(pc);
      // The tools an Agent turn would offer, as ChatTurns::choose_mode finds them.
      std::optional<AgentTools> tools;
      if (agent_modes_.on(session_.session_id()) && !agent_unavailable(pc, limits))
        tools = AgentTools::from_host(host_, config_.tool_permissions());
      const WindowFit fit = fit_window(config_, count_tokens_, limits, modes_.now().mode, work_.reviewing(),
                                       tools ? &*tools : nullptr);
      call.ok_raw(window_fit_json(limits, fit));
    } catch (const acdc::Error& e) {
      call.fail(e.status(), e.what());
    } catch (const std::exception& e) {
      call.fail(ACDC_E_APPLICATION, e.what());
    }
  });
}

void LLMService::local_model_offer(acdc::Call call) {
  long num_ctx_max = ProviderConfig{}.num_ctx_max;
  try {
    num_ctx_max = config_.provider().num_ctx_max;
  } catch (const acdc::Error&) {
    // llm.yaml does not parse: the offer is how to get a working one; the default cap stands.
  }
  local_.offer(call, num_ctx_max);
}

void LLMService::get_snippets(acdc::Call call) {
  // Each mode has its own list (§3.6); a review has the review list.
  const char* mode = work_.reviewing() ? "review" : mode_name(modes_.now().mode);
  host_.call("Settings.get_mode_snippets", acdc::json_array(std::string(mode)), [call](acdc::Result r) mutable {
    if (r.ok()) return call.ok_raw(r.payload);
    if (r.status == ACDC_E_NOT_FOUND) return call.ok_raw("[]");  // a build without the settings plugin
    call.fail(r.status, "snippets unavailable: " + r.payload);
  }, call.handle());
}

}  // namespace acdc::llm
