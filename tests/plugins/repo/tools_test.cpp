// The repo plugin's tools (plugin_api.h 1.2) through the real host: listed
// by Host.list_tools with their method, called with one arguments object,
// answering a CallToolResult; bad arguments and paths are results the model
// reads (isError), never a failed call.
#include "repo_fixture.hpp"

#include <catch2/catch.hpp>

using namespace acdc::test;

namespace {

std::string text_of(const rapidjson::Value& result) { return result["content"][0]["text"].GetString(); }

struct ToolRepo {
  ToolRepo() {
    repo.write("src/a.py", "def f():\n    return 1\n\ndef g():\n    return f()\n");
    repo.write("README.md", "# demo\n");
    repo.git("add -A && git commit -qm 'first commit'");
    repo.write("src/a.py", "def f():\n    return 2\n\ndef g():\n    return f()\n");
    repo.write("notes.txt", "new\n");
  }
  GitFixture repo;
};

}  // namespace

TEST_CASE("Host.list_tools lists the repo plugin's tools in a fixed order, each with its method and schema") {
  ToolRepo r;
  RepoHost h(r.repo);
  auto list = h.ok("Host.list_tools", "[]");
  std::vector<std::string> names;
  for (const auto& t : list.GetArray()) {
    names.emplace_back(t["name"].GetString());
    CHECK(std::string(t["method"].GetString()) == "Repo." + names.back());
    CHECK(t["inputSchema"].IsObject());
    CHECK(t["annotations"]["readOnlyHint"].GetBool());
  }
  CHECK(names == std::vector<std::string>{"search_code", "read_file", "list_files", "git_status", "git_diff", "git_log"});
  CHECK(to_text(h.ok("Host.list_tools", "[]")) == to_text(list));
}

TEST_CASE("read_file: whole, a line range, and what the model is told when it asks wrongly") {
  ToolRepo r;
  RepoHost h(r.repo);
  auto whole = h.ok("Repo.read_file", R"([{"path":"src/a.py"}])");
  CHECK_FALSE(whole["isError"].GetBool());
  CHECK(text_of(whole) == "def f():\n    return 2\n\ndef g():\n    return f()\n");
  CHECK(whole["structuredContent"]["total_lines"].GetInt() == 5);
  auto part = h.ok("Repo.read_file", R"([{"path":"src/a.py","start_line":4,"end_line":99}])");
  CHECK(text_of(part) == "def g():\n    return f()\n");
  CHECK(part["structuredContent"]["end_line"].GetInt() == 5);
  auto outside = h.ok("Repo.read_file", R"([{"path":"../../etc/passwd"}])");
  CHECK(outside["isError"].GetBool());
  CHECK_THAT(text_of(outside), Catch::Contains("leads outside the repository"));
  auto missing = h.ok("Repo.read_file", R"([{"path":"src/nope.py"}])");
  CHECK(missing["isError"].GetBool());
  auto absurd = h.ok("Repo.read_file", R"([{"path":"src/a.py","start_line":-4}])");
  CHECK(absurd["isError"].GetBool());
  CHECK_THAT(text_of(absurd), Catch::Contains("start_line: expected an integer from 1"));
  auto unknown = h.ok("Repo.read_file", R"([{"file":"src/a.py"}])");
  CHECK_THAT(text_of(unknown), Catch::Contains("unknown argument 'file': this tool takes path, start_line, end_line"));
  auto not_object = h.ok("Repo.read_file", R"([[1,2]])");
  CHECK_THAT(text_of(not_object), Catch::Contains("arguments must be an object"));
}

TEST_CASE("a search with path globs walks only the directories they name and finds untracked files there too") {
  ToolRepo r;
  r.repo.write("src/sub/c.py", "def h():\n    return f()\n");        // untracked, in a tracked directory
  r.repo.write("extra/deep/b.py", "x = 1\n\ndef k():\n    return f()\n");  // an untracked directory
  r.repo.write("extra/skip.py", "return f()\n");
  r.repo.write(".gitignore", "extra/skip.py\n");
  RepoHost h(r.repo);
  auto search = [&h](const std::string& paths) {
    return text_of(h.ok("Repo.search_code", R"([{"pattern":"return f","paths":)" + paths + "}]"));
  };
  CHECK(search(R"(["src/**"])") == "src/a.py:5:     return f()\nsrc/sub/c.py:2:     return f()\n");
  CHECK(search(R"(["extra/**"])") == "extra/deep/b.py:4:     return f()\n");  // the ignored file is not searched
  CHECK(search(R"(["extra/deep/*.py", "src/a.py"])") == "extra/deep/b.py:4:     return f()\nsrc/a.py:5:     return f()\n");
  CHECK(search(R"(["missing/**"])") == "no matches");
  // A glob that reaches out of the repository names none of its files, and nothing outside is walked.
  CHECK(search(R"(["../**", "src/../../*.py"])") == "no matches");
  // A glob without a directory matches anywhere: the whole tree is walked.
  CHECK(search(R"(["*.py"])") ==
        "extra/deep/b.py:4:     return f()\nsrc/a.py:5:     return f()\nsrc/sub/c.py:2:     return f()\n");
}

TEST_CASE("search_code, list_files and the git tools answer text for the model and structured content") {
  ToolRepo r;
  RepoHost h(r.repo);
  auto found = h.ok("Repo.search_code", R"([{"pattern":"return f","paths":["src/**"]}])");
  CHECK(text_of(found) == "src/a.py:5:     return f()\n");
  CHECK_FALSE(found["structuredContent"]["truncated"].GetBool());
  auto capped = h.ok("Repo.search_code", R"([{"pattern":"return","max_results":1}])");
  CHECK(capped["structuredContent"]["truncated"].GetBool());
  CHECK_THAT(text_of(capped), Catch::Contains("more matches"));
  auto files = h.ok("Repo.list_files", R"([{"changed_only":true}])");
  CHECK(text_of(files) == "notes.txt  [untracked]\nsrc/a.py  [modified]\n");
  auto status = h.ok("Repo.git_status", "[{}]");
  CHECK_THAT(text_of(status), Catch::Contains("modified:\n  src/a.py\n"));
  auto diff = h.ok("Repo.git_diff", R"([{"path":"src"}])");
  CHECK_THAT(text_of(diff), Catch::Contains("+    return 2"));
  auto log = h.ok("Repo.git_log", R"([{"limit":5}])");
  CHECK_THAT(text_of(log), Catch::Contains("first commit"));
  CHECK(log["structuredContent"]["commits"].Size() == 1);
}
