// The symbol-index plugin: id "symbol-index", class SymbolIndex. It needs no
// other plugin; with the repo plugin loaded it indexes what git lists (so
// ignored files stay out), without it the directory tree.
#include "service/symbol_index_service.hpp"
#include "service/symbol_tool_decls.hpp"

namespace {

using acdc::symbols::SymbolIndexService;
namespace tool_decls = acdc::symbols::tool_decls;

acdc::PluginSpec<SymbolIndexService> describe() {
  return acdc::PluginSpec<SymbolIndexService>("symbol-index", "1.0.0")
      .cls("SymbolIndex")
      .method<&SymbolIndexService::refresh>("refresh")
      .method<&SymbolIndexService::get_map>("get_map", acdc::kBlocking)
      .method<&SymbolIndexService::get_ranked_map>("get_ranked_map", acdc::kBlocking)
      .method<&SymbolIndexService::get_doc_map>("get_doc_map", acdc::kBlocking)
      .method<&SymbolIndexService::get_file_block>("get_file_block", acdc::kBlocking)
      .method<&SymbolIndexService::get_status>("get_status", acdc::kBlocking)
      .method<&SymbolIndexService::set_excluded_files>("set_excluded_files", acdc::kBlocking)
      .method<&SymbolIndexService::get_excluded_files>("get_excluded_files")
      .method<&SymbolIndexService::rebuild>("rebuild")
      .method<&SymbolIndexService::reference_graph>("reference_graph", acdc::kBlocking)
      .method<&SymbolIndexService::hover>("hover", acdc::kBlocking)
      .method<&SymbolIndexService::definition>("definition", acdc::kBlocking)
      .method<&SymbolIndexService::references>("references", acdc::kBlocking)
      .method<&SymbolIndexService::completions>("completions", acdc::kBlocking)
      .method<&SymbolIndexService::find_symbol>("find_symbol", acdc::kBlocking)
      .method<&SymbolIndexService::references_named>("references_named", acdc::kBlocking)
      .method<&SymbolIndexService::index_directory>("index_directory", acdc::kLongRunning)
      .tool<&SymbolIndexService::repo_map>("repo_map", tool_decls::kRepoMap, acdc::kBlocking)
      .tool<&SymbolIndexService::find_definition>("find_definition", tool_decls::kFindDefinition, acdc::kBlocking)
      .tool<&SymbolIndexService::find_references>("find_references", tool_decls::kFindReferences, acdc::kBlocking)
      .tool<&SymbolIndexService::symbol_hover>("symbol_hover", tool_decls::kHover, acdc::kBlocking);
}

}  // namespace

ACDC_PLUGIN(symbol_index, describe)
