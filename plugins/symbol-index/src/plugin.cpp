// The symbol-index plugin: id "symbol-index", class SymbolIndex. It needs no
// other plugin; with the repo plugin loaded it indexes what git lists (so
// ignored files stay out), without it the directory tree.
#include "service/symbol_index_service.hpp"

namespace {

using acdc::symbols::SymbolIndexService;

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
      .method<&SymbolIndexService::index_directory>("index_directory", acdc::kLongRunning);
}

}  // namespace

ACDC_PLUGIN(symbol_index, describe)
