// `acdc import-mcp` as the real binary, in a repository holding the MCP
// configs of Claude Code, Cursor and VS Code, with Claude Desktop's in a
// home of the test's: each server shown with what happens to it, the new
// ones added to .acdc/mcp.json (kept out of git) in the form the
// mcp-client plugin reads, nothing written on --dry-run, and a broken file
// skipped with a word.
#include "config/server_config.hpp"
#include "support/host_process.hpp"
#include "support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <acdc/sdk/json.hpp>

#include <sys/wait.h>

#include <cstdio>
#include <filesystem>

namespace fs = std::filesystem;
using acdc::test::TempDir;
using acdc::test::write_file;

namespace {

struct Run {
  int code = -1;
  std::string output;
};

Run import_mcp(const fs::path& repo, const fs::path& home, const std::string& args = "") {
  const std::string command = "cd '" + repo.string() + "' && env -u XDG_CONFIG_HOME HOME='" + home.string() + "' " +
                              acdc::test::HostProcess::binary() + " import-mcp " + args + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe);
  Run run;
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, pipe)) > 0;) run.output.append(buf, n);
  const int status = pclose(pipe);
  run.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

struct Project {
  TempDir home, repo;
  Project() {
    REQUIRE(std::system(("git -C '" + repo.path().string() + "' init -q").c_str()) == 0);
    write_file(repo.path() / ".mcp.json",
               R"({"mcpServers": {"github": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"],
                   "env": {"GITHUB_TOKEN": "${GITHUB_TOKEN}"}}}})");
    write_file(repo.path() / ".cursor" / "mcp.json",
               R"({"mcpServers": {"github": {"command": "other"}, "docs": {"url": "https://docs.example.com/mcp"}}})");
    write_file(repo.path() / ".vscode" / "mcp.json",
               R"({"servers": {"fs": {"type": "stdio", "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "${workspaceFolder}"]}}})");
    write_file(home.path() / ".config" / "Claude" / "claude_desktop_config.json",
               R"({"mcpServers": {"memory": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"]}}})");
  }
};

}  // namespace

TEST_CASE("import-mcp --dry-run shows every server found and what would happen to it, and writes nothing") {
  Project p;
  Run r = import_mcp(p.repo.path(), p.home.path(), "--dry-run");
  INFO(r.output);
  CHECK(r.code == 0);
  CHECK_THAT(r.output, Catch::Contains("+ github  npx -y @modelcontextprotocol/server-github  (.mcp.json)"));
  CHECK_THAT(r.output, Catch::Contains("- github  other  (.cursor/mcp.json: .mcp.json has one of that name first)"));
  CHECK_THAT(r.output, Catch::Contains("+ docs  https://docs.example.com/mcp  (.cursor/mcp.json)"));
  CHECK_THAT(r.output, Catch::Contains("+ fs  npx -y @modelcontextprotocol/server-filesystem " + p.repo.path().string()));
  CHECK_THAT(r.output, Catch::Contains("+ memory  npx -y @modelcontextprotocol/server-memory  (Claude Desktop)"));
  CHECK_THAT(r.output, Catch::Contains("4 server(s) would be added"));
  CHECK_FALSE(fs::exists(p.repo.path() / ".acdc" / "mcp.json"));
}

TEST_CASE("import-mcp adds the new servers to .acdc/mcp.json, which the mcp-client plugin reads, and keeps those there") {
  Project p;
  write_file(p.repo.path() / ".acdc" / "mcp.json", R"({"mcpServers": {"docs": {"url": "https://mine.example.com/mcp"}}})");
  Run r = import_mcp(p.repo.path(), p.home.path());
  INFO(r.output);
  CHECK(r.code == 0);
  CHECK_THAT(r.output, Catch::Contains("= docs  https://docs.example.com/mcp  (.cursor/mcp.json: .acdc/mcp.json has another 'docs', kept)"));
  CHECK_THAT(r.output, Catch::Contains("Added 3 server(s)"));
  auto servers = acdc::mcp_client::read_server_file(p.repo.path() / ".acdc" / "mcp.json", ".acdc/mcp.json", p.repo.path());
  REQUIRE(servers.size() == 4);
  for (const auto& s : servers) {
    if (s.name == "docs") CHECK(s.url == "https://mine.example.com/mcp");
    if (s.name == "fs") CHECK(s.args.back() == p.repo.path().string());
  }
  // The token stays a reference to the environment, and git does not see the file.
  CHECK_THAT(acdc::test::read_file(p.repo.path() / ".acdc" / "mcp.json"), Catch::Contains("${GITHUB_TOKEN}"));
  CHECK_THAT(acdc::test::read_file(p.repo.path() / ".git" / "info" / "exclude"), Catch::Contains(".acdc/"));
  // Again: nothing new.
  Run again = import_mcp(p.repo.path(), p.home.path());
  CHECK_THAT(again.output, Catch::Contains("Nothing to add."));
  CHECK_THAT(again.output, Catch::Contains("= github  npx -y @modelcontextprotocol/server-github  (.mcp.json: already in .acdc/mcp.json)"));
}

TEST_CASE("import-mcp skips a broken file with a word, refuses a broken target, and needs a repository") {
  Project p;
  write_file(p.repo.path() / ".cursor" / "mcp.json", "{not json");
  Run r = import_mcp(p.repo.path(), p.home.path(), "--dry-run");
  CHECK(r.code == 0);
  CHECK_THAT(r.output, Catch::Contains("(skipped " + (p.repo.path() / ".cursor" / "mcp.json").string()));
  write_file(p.repo.path() / ".acdc" / "mcp.json", "[]");
  Run broken = import_mcp(p.repo.path(), p.home.path());
  CHECK(broken.code == 2);
  CHECK_THAT(broken.output, Catch::Contains("is not a JSON object: fix it"));
  TempDir elsewhere;
  Run outside = import_mcp(elsewhere.path(), p.home.path());
  CHECK(outside.code == 2);
  CHECK_THAT(outside.output, Catch::Contains("is not in a git repository"));
}
