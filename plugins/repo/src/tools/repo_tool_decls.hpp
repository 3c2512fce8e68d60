// tools/repo_tool_decls.hpp -- the declarations of the repo plugin's tools
// (plugin_api.h, since 1.2: MCP Tool objects), in the order Host.list_tools
// lists them. acdc's agent offers them to its model and acdc's MCP server to
// every agent; the implementations are in repo_tool_methods.cpp.
#pragma once

namespace acdc::repo::tool_decls {

// The annotations of a tool that only reads the repository.
#define ACDC_REPO_READ_ONLY(title)                                                                        \
  R"("annotations":{"title":")" title R"(","readOnlyHint":true,"destructiveHint":false,"idempotentHint":true,)" \
  R"("openWorldHint":false})"

inline constexpr const char* kSearchCode =
    R"({"name":"search_code","title":"Search code","description":"Searches the repository's files (tracked and )"
    R"(untracked, not ignored) for a literal text or a regular expression (RE2 syntax), optionally only in paths )"
    R"(matching globs.",)"
    R"("inputSchema":{"type":"object","properties":{"pattern":{"type":"string","minLength":1},"regex":{"type":"boolean","default":false},)"
    R"("case_sensitive":{"type":"boolean","default":false},"whole_word":{"type":"boolean","default":false},)"
    R"("paths":{"type":"array","items":{"type":"string"},"description":"globs such as src/**/*.cpp or *.py; a glob without / matches the file name"},)"
    R"("max_results":{"type":"integer","minimum":1,"maximum":2000,"default":200}},"required":["pattern"],"additionalProperties":false},)"
    R"("outputSchema":{"type":"object","properties":{"matches":{"type":"array","items":{"type":"object","properties":{"file":{"type":"string"},)"
    R"("line":{"type":"integer"},"text":{"type":"string"}},"required":["file","line","text"]}},"truncated":{"type":"boolean"}},"required":["matches","truncated"]},)"
    ACDC_REPO_READ_ONLY("Search code") "}";

inline constexpr const char* kReadFile =
    R"({"name":"read_file","title":"Read a file","description":"A text file of the repository, whole or a line )"
    R"(range, with its line count. Reads over 256 KiB are refused: ask for a range.",)"
    R"("inputSchema":{"type":"object","properties":{"path":{"type":"string","minLength":1},"start_line":{"type":"integer","minimum":1},)"
    R"("end_line":{"type":"integer","minimum":1}},"required":["path"],"additionalProperties":false},)"
    R"("outputSchema":{"type":"object","properties":{"path":{"type":"string"},"text":{"type":"string"},"start_line":{"type":"integer"},)"
    R"("end_line":{"type":"integer"},"total_lines":{"type":"integer"}},"required":["path","text","start_line","end_line","total_lines"]},)"
    ACDC_REPO_READ_ONLY("Read a file") "}";

inline constexpr const char* kListFiles =
    R"({"name":"list_files","title":"List files","description":"The repository's files (git's view: tracked and )"
    R"(untracked, not ignored) with their git status, optionally only those matching globs or only changed ones.",)"
    R"("inputSchema":{"type":"object","properties":{"paths":{"type":"array","items":{"type":"string"}},"changed_only":{"type":"boolean","default":false},)"
    R"("max_results":{"type":"integer","minimum":1,"maximum":100000,"default":5000}},"additionalProperties":false},)"
    R"("outputSchema":{"type":"object","properties":{"files":{"type":"array","items":{"type":"object","properties":{"path":{"type":"string"},)"
    R"("status":{"type":"string","enum":["clean","modified","staged","untracked","deleted"]}},"required":["path","status"]}},)"
    R"("total":{"type":"integer"},"truncated":{"type":"boolean"}},"required":["files","total","truncated"]},)"
    ACDC_REPO_READ_ONLY("List files") "}";

inline constexpr const char* kGitStatus =
    R"({"name":"git_status","title":"Git status","description":"The current branch and the changed files: staged, )"
    R"(modified (not staged), untracked and deleted.",)"
    R"("inputSchema":{"type":"object","properties":{},"additionalProperties":false},)"
    R"("outputSchema":{"type":"object","properties":{"branch":{"type":["string","null"]},"sha":{"type":["string","null"]},"detached":{"type":"boolean"},)"
    R"("staged":{"type":"array","items":{"type":"string"}},"modified":{"type":"array","items":{"type":"string"}},)"
    R"("untracked":{"type":"array","items":{"type":"string"}},"deleted":{"type":"array","items":{"type":"string"}}},)"
    R"("required":["branch","staged","modified","untracked","deleted"]},)"
    ACDC_REPO_READ_ONLY("Git status") "}";

inline constexpr const char* kGitDiff =
    R"({"name":"git_diff","title":"Git diff","description":"The unstaged diff (git diff) or the staged one (git diff )"
    R"(--cached), whole or for one path or directory.",)"
    R"("inputSchema":{"type":"object","properties":{"staged":{"type":"boolean","default":false},"path":{"type":"string"}},"additionalProperties":false},)"
    R"("outputSchema":{"type":"object","properties":{"diff":{"type":"string"},"files":{"type":"array","items":{"type":"string"}}},"required":["diff","files"]},)"
    ACDC_REPO_READ_ONLY("Git diff") "}";

inline constexpr const char* kGitLog =
    R"({"name":"git_log","title":"Git log","description":"The current branch's commits, newest first, or only those )"
    R"(that changed a path (a file or a directory).",)"
    R"("inputSchema":{"type":"object","properties":{"path":{"type":"string"},"limit":{"type":"integer","minimum":1,"maximum":1000,"default":20}},"additionalProperties":false},)"
    R"("outputSchema":{"type":"object","properties":{"commits":{"type":"array","items":{"type":"object","properties":{"sha":{"type":"string"},)"
    R"("short_sha":{"type":"string"},"message":{"type":"string"},"author":{"type":"string"},"email":{"type":"string"},)"
    R"("date":{"type":"string"}},"required":["sha","message","author","date"]}}},"required":["commits"]},)"
    ACDC_REPO_READ_ONLY("Git log") "}";

#undef ACDC_REPO_READ_ONLY

}  // namespace acdc::repo::tool_decls
