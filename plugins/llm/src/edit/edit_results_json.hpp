// edit/edit_results_json.hpp -- an answer's edit results as JSON, one form
// for streamComplete, history.jsonl and a reloaded session's messages:
//   "edit_results": [{file, status, message, error_type, old_preview, new_preview}]
// and the counts the webapp's summary shows (passed, already_applied,
// failed, skipped, not_in_context), derived from the statuses.
//
//   write_edit_results(w, results);             // the key and the array
//   write_edit_counts(w, results);              // the five counts
//   std::vector<EditResult> back = read_edit_results(doc);
#pragma once

#include "edit/edit_block.hpp"

#include <acdc/sdk/json.hpp>

#include <vector>

namespace acdc::llm {

void write_edit_results(acdc::JsonWriter& w, const std::vector<EditResult>& results);
void write_edit_counts(acdc::JsonWriter& w, const std::vector<EditResult>& results);
// From an object's "edit_results"; entries that are not objects are skipped.
std::vector<EditResult> read_edit_results(const acdc::JsonValue& object);

}  // namespace acdc::llm
