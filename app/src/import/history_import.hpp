// import/history_import.hpp -- AC-DC's .ac-dc4/history.jsonl records
// (acdc-features.md §4.8) as acdc's .acdc/history.jsonl records
// (plugins/llm/src/history/history_message.hpp), field by field.
//
//   HistoryImport h = convert_history(source_text, record_ids(acdc_history_text), "…/.ac-dc4/history.jsonl");
//   h.lines;    // the records to add, one JSON object per line, in source order
//   h.images;   // the image files those records name, to copy beside them
//   h.report;   // sessions and messages imported, torn lines skipped, fields dropped
//
// Both formats share id, session_id, timestamp, role, content, system_event,
// turn_id, files, files_modified, image_refs and edit_results. AC-DC's
// agent_blocks and its legacy integer `images` have no acdc field and are
// dropped (counted in the report). A record whose id acdc's history already
// holds is not added again: importing twice adds nothing the second time.
#pragma once

#include "import/file_report.hpp"

#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace acdc::app::importer {

struct HistoryImport {
  std::vector<std::string> lines;
  std::vector<std::string> images;  // plain file names under .ac-dc4/images/
  FileReport report;
};

HistoryImport convert_history(std::string_view source, const std::set<std::string>& known_ids,
                              const std::string& source_name);

// The ids of the records in an acdc (or AC-DC) history.jsonl; unreadable lines are ignored.
std::set<std::string> record_ids(std::string_view history);

}  // namespace acdc::app::importer
