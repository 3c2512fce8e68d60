// import/import_command.hpp -- `acdc import-acdc`: a user of the reference
// AC-DC brings their configuration and a repository's history over (issue 30).
//
//   ImportOptions o{.from = "", .repo = "", .dry_run = true};
//   return run_import(o, std::cout, std::cerr);   // 0 done, 1 a write failed, 2 bad arguments or source
//
// Reads AC-DC's config directory (llm.json, app.json, snippets.json,
// prompts/system_extra.md; acdc-features.md §3) and <repo>/.ac-dc4/
// (history.jsonl, images/, snippets.json; §4.8), and writes acdc's
// equivalents into acdc's config directory and <repo>/.acdc/. Every source
// is read and checked before anything is written; nothing of AC-DC's is
// ever changed. How each file is placed: target_file.hpp.
#pragma once

#include <ostream>
#include <string>

namespace acdc::app::importer {

struct ImportOptions {
  std::string from;  // AC-DC's config directory; "" for where AC-DC keeps it
  std::string repo;  // the repository; "" for the current directory's git repository
  bool dry_run = false;
  bool force = false;
};

int run_import(const ImportOptions& options, std::ostream& out, std::ostream& err);

}  // namespace acdc::app::importer
