// repo_fixture.hpp -- a real git repository in a temp dir, and a real host
// serving it with the repo plugin, for the Repo.* tests.
//
//   GitFixture repo;                       // git init, identity set
//   repo.write("a.txt", "hello\n");
//   repo.git("add -A && git commit -qm init");
//   RepoHost h(repo);                      // acdc --repo <it>, plugins: [repo]
//   auto tree = h.ok("Repo.get_file_tree", "[]");
//   std::string why = h.error("Repo.get_file_content", R"(["../x"])");
#pragma once

#include "support/host_process.hpp"
#include "support/ws_client.hpp"

#include <rapidjson/document.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace acdc::test {

class GitFixture {
 public:
  GitFixture();
  const std::filesystem::path& root() const { return root_; }
  // Runs `git <args>` in the repository through the shell; returns stdout.
  // Throws when git fails.
  std::string git(const std::string& args) const;
  void write(const std::string& rel, const std::string& content) const;
  std::string read(const std::string& rel) const;
  // write + add + commit.
  void commit_file(const std::string& rel, const std::string& content, const std::string& message = "c") const;

 private:
  TempDir dir_;
  std::filesystem::path root_;
};

class RepoHost {
 public:
  explicit RepoHost(const GitFixture& repo, const std::string& plugin_block = "");
  // The response's result; fails the test if the call returned an error.
  rapidjson::Document ok(const std::string& method, const std::string& args);
  // The error message; fails the test if the call succeeded.
  std::string error(const std::string& method, const std::string& args);
  int error_code(const std::string& method, const std::string& args);
  WsClient& client() { return *client_; }
  // A second client that declares AcApp.filesModified, so broadcasts reach it.
  std::unique_ptr<WsClient> listener();
  HostProcess& host() { return host_; }

 private:
  HostProcess host_;
  std::unique_ptr<WsClient> client_;
};

// JSON string literal for `s` (quotes and escapes).
std::string jstr(const std::string& s);
// The value as compact JSON text.
std::string to_text(const rapidjson::Value& v);
// A JSON array of strings as a vector.
std::vector<std::string> strings(const rapidjson::Value& v);
// The child named `name` of a get_file_tree directory node; nullptr if none.
const rapidjson::Value* find_child(const rapidjson::Value& dir, const std::string& name);

}  // namespace acdc::test
