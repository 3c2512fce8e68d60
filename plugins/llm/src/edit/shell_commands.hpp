// edit/shell_commands.hpp -- the shell commands an answer suggests, for
// display only; they are never run (acdc-features.md §4.3, seed 002).
//
//   detect_shell_commands("Run:\n```bash\n# build\nmake test\n```\n$ ls\n")
//       == {"make test", "ls"}
//
// Sources: bodies of ```bash / ```sh / ```shell fences (comment lines
// skipped), and "$ cmd" and "> cmd" lines outside any fence ("> " lines
// that start with Note, Warning, This, The or Make are prose). In order,
// without duplicates.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace acdc::llm {

std::vector<std::string> detect_shell_commands(std::string_view text);

}  // namespace acdc::llm
