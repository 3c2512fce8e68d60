// LLMService: the symbol map's methods under the reference's names
// (acdc-features.md §4.1), answered by the symbol-index plugin through the
// host. Without that plugin each answers the host's reason (the plugin is
// not loaded), which the webapp shows where the feature would be.
#include "service/llm_service.hpp"

namespace acdc::llm {

void LLMService::forward(acdc::Call call, std::string_view method, std::string args_json) const {
  host_.call(method, args_json, [call](acdc::Result r) mutable {
    if (r.ok()) call.ok_raw(r.payload);
    else call.fail(r.status, r.payload);
  }, call.handle());
}

void LLMService::get_file_map_block(acdc::Call call, std::string path) {
  host_.call("SymbolIndex.get_file_block", acdc::json_array(path), [call](acdc::Result r) mutable {
    if (!r.ok()) return call.fail(r.status, r.payload);
    acdc::Json block = r.json();
    if (!block.IsObject() || !block.HasMember("content")) return call.fail(ACDC_E_INTERNAL, "SymbolIndex.get_file_block answered no content");
    block.AddMember("mode", "code", block.GetAllocator());
    call.ok(static_cast<const acdc::JsonValue&>(block));
  }, call.handle());
}

void LLMService::set_excluded_index_files(acdc::Call call, std::vector<std::string> files,
                                          std::optional<bool> /*invalidate_l0: a no-op in the reference too*/) {
  host_.call("SymbolIndex.set_excluded_files", acdc::json_array(files), [this, call](acdc::Result r) mutable {
    if (!r.ok()) return call.fail(r.status, r.payload);
    std::vector<std::string> now;
    try {
      acdc::from_json(r.json(), now);
    } catch (const std::exception& e) {
      return call.fail(ACDC_E_INTERNAL, std::string("SymbolIndex.set_excluded_files answered: ") + e.what());
    }
    {
      std::lock_guard lock(mu_);
      excluded_index_files_ = now;
    }
    call.ok(now);
  }, call.handle());
}

void LLMService::get_excluded_index_files(acdc::Call call) { forward(call, "SymbolIndex.get_excluded_files", "[]"); }

// The tiers start afresh and are seeded again from the rebuilt index on the next turn.
void LLMService::rebuild_cache(acdc::Call call) {
  engine_.rebuild();
  doc_engine_.rebuild();
  forward(call, "SymbolIndex.rebuild", "[]");
}

void LLMService::lsp_get_hover(acdc::Call call, std::string path, int line, int col) {
  forward(call, "SymbolIndex.hover", acdc::json_array(path, line, col));
}

void LLMService::lsp_get_definition(acdc::Call call, std::string path, int line, int col) {
  forward(call, "SymbolIndex.definition", acdc::json_array(path, line, col));
}

void LLMService::lsp_get_references(acdc::Call call, std::string path, int line, int col) {
  forward(call, "SymbolIndex.references", acdc::json_array(path, line, col));
}

void LLMService::lsp_get_completions(acdc::Call call, std::string path, int line, int col,
                                     std::optional<std::string> prefix) {
  forward(call, "SymbolIndex.completions", acdc::json_array(path, line, col, prefix.value_or("")));
}

}  // namespace acdc::llm
