// Shell command suggestions (seed 002 "Shell Command Detection").
#include "edit/shell_commands.hpp"

#include <catch2/catch.hpp>

using acdc::llm::detect_shell_commands;
using V = std::vector<std::string>;

TEST_CASE("bash, sh and shell fences give their commands, comments skipped") {
  CHECK(detect_shell_commands("Run:\n```bash\n# build first\nmake\nmake test\n```\n") == V{"make", "make test"});
  CHECK(detect_shell_commands("```sh\nls -la\n```\n```shell\npwd\n```") == V{"ls -la", "pwd"});
}

TEST_CASE("$ and > lines outside fences count, prose quotes do not") {
  CHECK(detect_shell_commands("Then:\n$ npm install\n> git status\n> Note: careful\n> The end\n") ==
        V{"npm install", "git status"});
}

TEST_CASE("other fences hide their $ lines and duplicates are dropped in order") {
  CHECK(detect_shell_commands("```python\n$ not_a_command\n```\n$ make\n```bash\nmake\n```\n") == V{"make"});
}

TEST_CASE("plain text gives no commands") {
  CHECK(detect_shell_commands("Nothing to run here.\nJust words.").empty());
}

TEST_CASE("a fence's language is matched ignoring case, and $ or > counts only at a line's start") {
  CHECK(detect_shell_commands("```Bash\nmake\n```\n```SH\nls\n```") == V{"make", "ls"});
  CHECK(detect_shell_commands("- step one:\n  $ not-this\n$ this\n   > nor-this\n").size() == 1);
  CHECK(detect_shell_commands("  $ indented\n$ this") == V{"this"});
}
