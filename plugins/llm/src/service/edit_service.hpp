// service/edit_service.hpp -- LLMService.apply_edits: acdc's edit engine for
// a caller that wrote the edits itself (an agent over MCP, adapters/mcp/),
// with the same parser, matching, path guard and results as a chat answer.
//
//   EditService edits(host, repo);
//   edits.apply(call, "src/a.py\n🟧🟧🟧 EDIT\nx = 1\n🟨🟨🟨 REPL\nx = 2\n🟩🟩🟩 END\n", {}, false);
//   edits.apply(call, {}, {{{"path","src/a.py"},{"search","x = 1"},{"replace","x = 2"}}}, true);
//     -> {"edit_results":[{file,status,message,error_type,old_preview,new_preview}],
//         "passed":..,"already_applied":..,"failed":..,"skipped":..,"not_in_context":..,
//         "files_modified":[..],"files_created":[..],"dry_run":false}
//
// Every named file counts as in context: the caller chose it. A search that
// is empty creates the file (as an edit block with an empty old section).
// Nothing is staged (an agent reads its own changes in `git diff`); open
// browsers hear AcApp.filesModified. The work runs on this class's worker:
// each Repo.* call waits for the repo plugin.
#pragma once

#include "clients/repo_client.hpp"

#include <acdc/sdk.hpp>
#include <acdc/sdk/worker_thread.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace acdc::llm {

class EditService {
 public:
  using Pair = std::map<std::string, std::string>;  // path, search, replace

  EditService(acdc::Host& host, RepoClient& repo) : host_(host), repo_(repo) {}

  // Either `text` (edit blocks) or `pairs`, not both; throws acdc::Error
  // (ACDC_E_INVALID_PARAMS) naming what is wrong with the request.
  void apply(acdc::Call call, std::optional<std::string> text, std::optional<std::vector<Pair>> pairs,
             bool dry_run);

 private:
  acdc::Host& host_;
  RepoClient& repo_;
  acdc::WorkerThread worker_{"llm"};  // last: queued work ends first
};

}  // namespace acdc::llm
