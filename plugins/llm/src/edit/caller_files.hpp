// edit/caller_files.hpp -- a FileAccess that reads and/or writes through the
// client that asked for the turn (chat/turn_options.hpp: caller_reads,
// caller_writes) instead of Repo.*: an editor adapter answers with the
// editor's buffer and writes into it, so the user sees and can undo each
// change (adapters/acp/).
//
//   CallerFiles files(host, call.client(), repo, {.reads = true, .writes = true});
//   RecordingFiles recording(files);
//   EditApplier(recording).apply(blocks, in_context);
//
// The calls: AcApp.readTextFile(path) -> the text, and
// AcApp.writeTextFile(path, content, old_text) with old_text the text this
// object last read of the file (null for a file the answer creates), so the
// caller can show the change as a diff. Paths are the repository's. Every
// path passes the repo plugin's guard first (Repo.file_exists refuses a path
// outside the root or in .git/), so a caller is never asked about one.
// A refusal by the caller (the user rejected the edit) is a FileAccessError
// with the caller's message. Blocking: the chat worker only.
#pragma once

#include "clients/repo_client.hpp"
#include "edit/file_access.hpp"

#include <acdc/sdk.hpp>

#include <map>
#include <optional>
#include <string>

namespace acdc::llm {

class CallerFiles : public FileAccess {
 public:
  struct Through {
    bool reads = false;
    bool writes = false;
  };
  CallerFiles(const acdc::Host& host, acdc_client caller, RepoClient& repo, Through through)
      : host_(host), caller_(caller), repo_(repo), through_(through) {}

  bool exists(const std::string& path) override { return repo_.exists(path); }
  std::string read(const std::string& path) override;
  void write(const std::string& path, const std::string& content) override { send(path, content); }
  void create(const std::string& path, const std::string& content) override { send(path, content); }

 private:
  void send(const std::string& path, const std::string& content);
  // The caller's answer to `method`; throws FileAccessError with its message.
  acdc::Json ask_caller(const std::string& method, const std::string& args_json);

  const acdc::Host& host_;
  const acdc_client caller_;
  RepoClient& repo_;
  const Through through_;
  std::map<std::string, std::string> last_read_;  // path -> the text read, for write's old_text
};

}  // namespace acdc::llm
