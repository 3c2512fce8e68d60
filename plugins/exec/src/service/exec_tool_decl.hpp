// service/exec_tool_decl.hpp -- the MCP Tool object of run_command, the
// model's one way to run a command (exec_tool.cpp answers it).
#pragma once

namespace acdc::exec::tool_decls {

inline constexpr const char* kRunCommand = R"json({"name":"run_command",
"description":"Runs a shell command (bash -c) in the repository and returns its exit code and output (long output is cut to its head and tail). Use it to build, run the tests, or run a linter after an edit. It runs in a sandbox: the repository and /tmp are writable, the rest of the file system is read-only and there is no network. It is killed at its timeout. The user may be asked to allow it first.",
"inputSchema":{"type":"object","properties":{
"command":{"type":"string","description":"The command line, as you would type it in bash"},
"cwd":{"type":"string","description":"Directory to run it in, relative to the repository root (default: the root)"},
"timeout_s":{"type":"integer","minimum":1,"description":"Seconds before it is killed (default and ceiling: app.yaml exec.timeout_s, 120 unless set)"}},
"required":["command"],"additionalProperties":false},
"annotations":{"title":"Run a command","readOnlyHint":false,"destructiveHint":true,"openWorldHint":false}})json";

}  // namespace acdc::exec::tool_decls
