// clients/repo_client.hpp -- the repo plugin's methods as blocking calls,
// for the chat worker thread (never an I/O thread). The llm plugin reaches
// files only through these Repo.* calls via the host.
//
//   RepoClient repo(host);
//   std::string text = repo.call("Repo.get_file_content", acdc::json_array(path)).GetString();
//   repo.write("src/a.py", text);     // FileAccess, for the edit applier
//
// A failed call throws FileAccessError carrying the repo plugin's message.
#pragma once

#include "edit/file_access.hpp"

#include <acdc/sdk.hpp>

#include <chrono>
#include <string>
#include <vector>

namespace acdc::llm {

class RepoClient : public FileAccess {
 public:
  explicit RepoClient(const acdc::Host& host) : host_(host) {}

  // Calls `method` with `args_json` and waits for the answer.
  acdc::Json call(const std::string& method, const std::string& args_json,
                  std::chrono::seconds timeout = std::chrono::seconds(60));

  // The file as text for a prompt: bytes that are not UTF-8 come as U+FFFD,
  // CRLF line ends as LF (as the model writes them, and as edits match them).
  std::string read_for_prompt(const std::string& path);

  bool exists(const std::string& path) override;
  // The file's exact text, for an edit that writes it back: a file that is
  // not valid UTF-8 is refused, as its text would not be its bytes.
  std::string read(const std::string& path) override;
  void write(const std::string& path, const std::string& content) override;
  void create(const std::string& path, const std::string& content) override;

  // Stages the files an answer modified; a failure is only logged (§4.3 step 6).
  void stage(const std::vector<std::string>& paths);

 private:
  const acdc::Host& host_;
};

}  // namespace acdc::llm
