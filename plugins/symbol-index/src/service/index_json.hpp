// service/index_json.hpp -- the JSON replies of SymbolIndex.* (RapidJSON),
// kept apart from the service so that its methods read as what they do.
#pragma once

#include "index/repo_index.hpp"
#include "lsp/lsp_queries.hpp"
#include "rank/map_ranker.hpp"

#include <set>
#include <string>
#include <vector>

namespace acdc::symbols {

// {ready:true, legend, blocks:[{path, text}]}
std::string map_json(const RepoIndex& index, const std::set<std::string>& exclude);
// {ready:true, complete, legend, blocks:[{path, text, why}], outline, budget_tokens,
//  estimated_tokens, files:{total, full, summary, outline, left_out}}; a block's level: full or summary
// `indexing_percent` >= 0: the index is still being built; the map says so
// (to the model, at the top of its outline) and carries the figure.
std::string ranked_map_json(const RankedMap& map, int indexing_percent = -1);
// The doc index's {ready:true, legend, blocks:[{path, text}]}.
std::string doc_map_json(const std::string& legend, const std::vector<std::pair<std::string, std::string>>& blocks);
std::string block_json(const std::string& path, const std::string& block);
std::string refresh_json(const UpdateStats& stats);
std::string status_json(const char* state, int percent, const RepoIndex& index, const UpdateStats& last,
                        const std::vector<std::string>& excluded, const std::string& cache_note);
// {files:[{path, references}], components:[[paths]]}: what tier seeding needs (§4.7).
std::string graph_json(const RepoIndex& index);
// Monaco's shapes: {contents:[markdown]}, [{file, range}], [{label, kind, detail, insertText}].
std::string hover_json(const Definition& d);
std::string locations_json(const std::vector<Location>& ls);
std::string completions_json(const std::vector<Completion>& cs);
// {file, range, kind, header, language, references}: Monaco's location and
// what an agent needs to read it; by name, an array of them.
std::string definition_json(const Definition& d);
std::string definitions_json(const std::vector<Definition>& ds);

}  // namespace acdc::symbols
