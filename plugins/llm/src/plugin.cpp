// The llm plugin: id "llm", class LLMService, needs the repo plugin (files
// are reached only through Repo.* calls via the host).
#include "service/llm_service.hpp"

namespace {

using acdc::llm::LLMService;

acdc::PluginSpec<LLMService> describe() {
  return acdc::PluginSpec<LLMService>("llm", "1.0.0")
      .depends("repo")
      .cls("LLMService")
      .method<&LLMService::chat_streaming>("chat_streaming", acdc::kLongRunning)
      .method<&LLMService::cancel_streaming>("cancel_streaming")
      .method<&LLMService::get_current_state>("get_current_state")
      .method<&LLMService::set_selected_files>("set_selected_files")
      .method<&LLMService::get_selected_files>("get_selected_files")
      .method<&LLMService::new_session>("new_session")
      .method<&LLMService::new_session>("history_new_session")
      .method<&LLMService::load_session_into_context>("load_session_into_context")
      .method<&LLMService::history_list_sessions>("history_list_sessions")
      .method<&LLMService::history_get_session>("history_get_session")
      .method<&LLMService::history_search>("history_search")
      .method<&LLMService::get_history_status>("get_history_status")
      .method<&LLMService::get_session_totals>("get_session_totals")
      .method<&LLMService::get_context_breakdown>("get_context_breakdown")
      .method<&LLMService::get_window_fit>("get_window_fit")
      .method<&LLMService::get_file_map_block>("get_file_map_block")
      .method<&LLMService::set_excluded_index_files>("set_excluded_index_files")
      .method<&LLMService::get_excluded_index_files>("get_excluded_index_files")
      .method<&LLMService::rebuild_cache>("rebuild_cache")
      .method<&LLMService::lsp_get_hover>("lsp_get_hover")
      .method<&LLMService::lsp_get_definition>("lsp_get_definition")
      .method<&LLMService::lsp_get_references>("lsp_get_references")
      .method<&LLMService::lsp_get_completions>("lsp_get_completions")
      .method<&LLMService::detect_urls>("detect_urls")
      .method<&LLMService::fetch_url>("fetch_url", acdc::kLongRunning)
      .method<&LLMService::detect_and_fetch>("detect_and_fetch", acdc::kLongRunning)
      .method<&LLMService::get_url_content>("get_url_content")
      .method<&LLMService::invalidate_url_cache>("invalidate_url_cache")
      .method<&LLMService::remove_fetched_url>("remove_fetched_url")
      .method<&LLMService::clear_url_cache>("clear_url_cache")
      .method<&LLMService::get_snippets>("get_snippets")
      .method<&LLMService::get_mode>("get_mode")
      .method<&LLMService::switch_mode>("switch_mode")
      .method<&LLMService::get_agent_mode>("get_agent_mode")
      .method<&LLMService::set_agent_mode>("set_agent_mode")
      // Read-only for the repository: it changes only which files the conversation holds.
      .tool<&LLMService::add_to_context>(
          "add_to_context",
          R"({"name":"add_to_context","title":"Add files to the context","description":"Puts files in the )"
          R"(conversation's context in full from the next message on, where acdc keeps them cached across )"
          R"(turns. To see a file now, read_file it (a file read whole joins the context by itself).",)"
          R"("inputSchema":{"type":"object","properties":{"paths":{"type":"array","minItems":1,"items":{"type":"string"},)"
          R"("description":"repository-relative paths"}},"required":["paths"],"additionalProperties":false},)"
          R"("outputSchema":{"type":"object","properties":{"added":{"type":"array","items":{"type":"string"}},)"
          R"("refused":{"type":"array","items":{"type":"string"}}},"required":["added","refused"]},)"
          R"("annotations":{"title":"Add files to the context","readOnlyHint":true,"destructiveHint":false,)"
          R"("idempotentHint":true,"openWorldHint":false}})")
      .method<&LLMService::set_cross_reference>("set_cross_reference")
      .method<&LLMService::navigate_file>("navigate_file")
      .method<&LLMService::generate_commit_message>("generate_commit_message", acdc::kLongRunning)
      .method<&LLMService::commit_all>("commit_all")
      .method<&LLMService::reset_to_head>("reset_to_head")
      .method<&LLMService::check_review_ready>("check_review_ready")
      .method<&LLMService::get_commit_graph>("get_commit_graph")
      .method<&LLMService::start_review>("start_review")
      .method<&LLMService::end_review>("end_review")
      .method<&LLMService::undo_turn>("undo_turn")
      .method<&LLMService::apply_edits>("apply_edits")
      .method<&LLMService::get_cache_warmer_status>("get_cache_warmer_status")
      .method<&LLMService::cancel_cache_warmup>("cancel_cache_warmup")
      .method<&LLMService::local_model_offer>("local_model_offer")
      .method<&LLMService::use_local_model>("use_local_model")
      .method<&LLMService::get_review_state>("get_review_state")
      .method<&LLMService::get_review_file_diff>("get_review_file_diff")
      .method<&LLMService::converse>("converse", acdc::kLongRunning)
      .method<&LLMService::cancel_converse>("cancel_converse")
      .method<&LLMService::count_tokens>("count_tokens");
}

}  // namespace

ACDC_PLUGIN(llm, describe)
