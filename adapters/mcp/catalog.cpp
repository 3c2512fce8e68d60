#include "mcp/catalog.hpp"

#include <acdc/host/json.hpp>

#include <rapidjson/document.h>

#include <array>

namespace acdc::adapters::mcp {
namespace {

// Shared pieces of the schemas.
#define ACDC_MCP_LOCATION                                                                                        \
  R"("name":{"type":"string","description":"the symbol's name, as written in code, a bare name such as parse_config or Parser"},)" \
  R"("file":{"type":"string","description":"a repository-relative path, with line: the occurrence to resolve"},)"            \
  R"("line":{"type":"integer","minimum":1,"description":"1-based line in file"},)"                               \
  R"("column":{"type":"integer","minimum":1,"description":"1-based column on that line; omit it to use where name first occurs on the line"})"
#define ACDC_MCP_DEFINITION                                                                                      \
  R"({"type":"object","properties":{"file":{"type":"string"},"line":{"type":"integer"},"column":{"type":"integer"},)" \
  R"("end_line":{"type":"integer"},"kind":{"type":"string"},"signature":{"type":"string"},)"                     \
  R"("references":{"type":"integer"}},"required":["file","line","kind","signature"]})"
#define ACDC_MCP_LOCATIONS                                                                                       \
  R"({"type":"array","items":{"type":"object","properties":{"file":{"type":"string"},"line":{"type":"integer"},)" \
  R"("column":{"type":"integer"}},"required":["file","line"]}})"

constexpr std::array<ToolSpec, 12> kTools{{
    {"repo_map", "Repository map",
     "A map of the repository ranked for a question: the most referenced files' symbols, the files the question "
     "and the given files point at (definitions with signatures, who references them), and an outline of every "
     "other directory with file counts, all within a token budget. Use it first to find where things are; then "
     "read_file or find_definition.",
     R"({"type":"object","properties":{"question":{"type":"string","description":"what you are working on; names, paths and words in it pull matching files in"},)"
     R"("files":{"type":"array","items":{"type":"string"},"description":"repository-relative paths you are working in: the map includes them and their neighbours"},)"
     R"("budget_tokens":{"type":"integer","minimum":500,"maximum":200000,"default":8000,"description":"the most tokens the map may take"}},"additionalProperties":false})",
     R"({"type":"object","properties":{"map":{"type":"string"},"budget_tokens":{"type":"integer"},"estimated_tokens":{"type":"integer"},)"
     R"("complete":{"type":"boolean","description":"true: every indexed file is in the map in full"},)"
     R"("files":{"type":"object","properties":{"total":{"type":"integer"},"full":{"type":"integer"},"summary":{"type":"integer"},)"
     R"("outline":{"type":"integer"},"left_out":{"type":"integer"}}}},"required":["map","budget_tokens","estimated_tokens","complete","files"]})",
     true, false, true, false, "SymbolIndex.get_ranked_map"},
    {"find_definition", "Find a definition",
     "Where a symbol is defined, with its signature and how often it is referenced. Give a name (every definition "
     "of it, most referenced first), or a file and line (and the name or a column) of an occurrence to resolve "
     "that one as the code's imports do.",
     R"({"type":"object","properties":{)" ACDC_MCP_LOCATION R"(,"limit":{"type":"integer","minimum":1,"maximum":200,"default":20}},"additionalProperties":false})",
     R"({"type":"object","properties":{"definitions":{"type":"array","items":)" ACDC_MCP_DEFINITION R"(}},"required":["definitions"]})",
     true, false, true, false, "SymbolIndex.find_symbol"},
    {"find_references", "Find references",
     "The places that call or use a symbol, resolved through imports (not a text search), the first `limit` of "
     "them. Give a name (with file: only uses of the definition in that file), or a file and line of an "
     "occurrence.",
     R"({"type":"object","properties":{)" ACDC_MCP_LOCATION R"(,"limit":{"type":"integer","minimum":1,"maximum":499,"default":100}},"additionalProperties":false})",
     R"({"type":"object","properties":{"references":)" ACDC_MCP_LOCATIONS R"(,"truncated":{"type":"boolean"}},"required":["references","truncated"]})",
     true, false, true, false, "SymbolIndex.references_named"},
    {"hover", "Symbol signature",
     "A symbol's declaration as written and its kind, like an editor's hover: by name, or by file and line of an "
     "occurrence.",
     R"({"type":"object","properties":{)" ACDC_MCP_LOCATION R"(},"additionalProperties":false})",
     R"({"type":"object","properties":{"found":{"type":"boolean"},"definition":)" ACDC_MCP_DEFINITION R"(},"required":["found"]})",
     true, false, true, false, "SymbolIndex.definition"},
    {"search_code", "Search code",
     "Searches the repository's files (tracked and untracked, not ignored) for a literal text or a regular "
     "expression (RE2 syntax), optionally only in paths matching globs.",
     R"({"type":"object","properties":{"pattern":{"type":"string","minLength":1},"regex":{"type":"boolean","default":false},)"
     R"("case_sensitive":{"type":"boolean","default":false},"whole_word":{"type":"boolean","default":false},)"
     R"("paths":{"type":"array","items":{"type":"string"},"description":"globs such as src/**/*.cpp or *.py; a glob without / matches the file name"},)"
     R"("max_results":{"type":"integer","minimum":1,"maximum":2000,"default":200}},"required":["pattern"],"additionalProperties":false})",
     R"({"type":"object","properties":{"matches":{"type":"array","items":{"type":"object","properties":{"file":{"type":"string"},)"
     R"("line":{"type":"integer"},"text":{"type":"string"}},"required":["file","line","text"]}},"truncated":{"type":"boolean"}},"required":["matches","truncated"]})",
     true, false, true, false, "Repo.search_files"},
    {"read_file", "Read a file",
     "A text file of the repository, whole or a line range, with its line count. Reads over 256 KiB are refused: "
     "ask for a range.",
     R"({"type":"object","properties":{"path":{"type":"string","minLength":1},"start_line":{"type":"integer","minimum":1},)"
     R"("end_line":{"type":"integer","minimum":1}},"required":["path"],"additionalProperties":false})",
     R"({"type":"object","properties":{"path":{"type":"string"},"text":{"type":"string"},"start_line":{"type":"integer"},)"
     R"("end_line":{"type":"integer"},"total_lines":{"type":"integer"}},"required":["path","text","start_line","end_line","total_lines"]})",
     true, false, true, false, "Repo.get_file_content"},
    {"list_files", "List files",
     "The repository's files (git's view: tracked and untracked, not ignored) with their git status, optionally "
     "only those matching globs or only changed ones.",
     R"({"type":"object","properties":{"paths":{"type":"array","items":{"type":"string"}},"changed_only":{"type":"boolean","default":false},)"
     R"("max_results":{"type":"integer","minimum":1,"maximum":100000,"default":5000}},"additionalProperties":false})",
     R"({"type":"object","properties":{"files":{"type":"array","items":{"type":"object","properties":{"path":{"type":"string"},)"
     R"("status":{"type":"string","enum":["clean","modified","staged","untracked","deleted"]}},"required":["path","status"]}},)"
     R"("total":{"type":"integer"},"truncated":{"type":"boolean"}},"required":["files","total","truncated"]})",
     true, false, true, false, "Repo.get_file_tree"},
    {"git_status", "Git status",
     "The current branch and the changed files: staged, modified (not staged), untracked and deleted.",
     R"({"type":"object","properties":{},"additionalProperties":false})",
     R"({"type":"object","properties":{"branch":{"type":["string","null"]},"sha":{"type":["string","null"]},"detached":{"type":"boolean"},)"
     R"("staged":{"type":"array","items":{"type":"string"}},"modified":{"type":"array","items":{"type":"string"}},)"
     R"("untracked":{"type":"array","items":{"type":"string"}},"deleted":{"type":"array","items":{"type":"string"}}},)"
     R"("required":["branch","staged","modified","untracked","deleted"]})",
     true, false, true, false, "Repo.get_file_tree"},
    {"git_diff", "Git diff",
     "The unstaged diff (git diff) or the staged one (git diff --cached), whole or for one path or directory.",
     R"({"type":"object","properties":{"staged":{"type":"boolean","default":false},"path":{"type":"string"}},"additionalProperties":false})",
     R"({"type":"object","properties":{"diff":{"type":"string"},"files":{"type":"array","items":{"type":"string"}}},"required":["diff","files"]})",
     true, false, true, false, "Repo.get_unstaged_diff"},
    {"git_log", "Git log",
     "The current branch's commits, newest first, or only those that changed a path (a file or a directory).",
     R"({"type":"object","properties":{"path":{"type":"string"},"limit":{"type":"integer","minimum":1,"maximum":1000,"default":20}},"additionalProperties":false})",
     R"({"type":"object","properties":{"commits":{"type":"array","items":{"type":"object","properties":{"sha":{"type":"string"},)"
     R"("short_sha":{"type":"string"},"message":{"type":"string"},"author":{"type":"string"},"email":{"type":"string"},)"
     R"("date":{"type":"string"}},"required":["sha","message","author","date"]}}},"required":["commits"]})",
     true, false, true, false, "Repo.get_path_log"},
    {"apply_edits", "Apply edits",
     "Changes files with acdc's edit engine: each edit names a file, the exact existing text to replace (enough "
     "lines to be unique) and its replacement; an empty search creates the file. Give search/replace pairs, or "
     "text in acdc's edit-block form (path line, then 🟧🟧🟧 EDIT, old lines, 🟨🟨🟨 REPL, new lines, 🟩🟩🟩 END). "
     "Edits apply in order; each answers applied, already_applied (the text is there already) or failed with "
     "the reason. Paths outside the repository are refused.",
     R"({"type":"object","properties":{"replacements":{"type":"array","minItems":1,"items":{"type":"object","properties":{)"
     R"("path":{"type":"string","minLength":1},"search":{"type":"string"},"replace":{"type":"string"}},"required":["path","search","replace"],"additionalProperties":false}},)"
     R"("edit_blocks":{"type":"string","minLength":1},"dry_run":{"type":"boolean","default":false,"description":"check every edit would apply, write nothing"}},"additionalProperties":false})",
     R"({"type":"object","properties":{"results":{"type":"array","items":{"type":"object","properties":{"file":{"type":"string"},)"
     R"("status":{"type":"string"},"message":{"type":"string"},"error_type":{"type":"string"}},"required":["file","status","message"]}},)"
     R"("applied":{"type":"integer"},"already_applied":{"type":"integer"},"failed":{"type":"integer"},)"
     R"("files_modified":{"type":"array","items":{"type":"string"}},"dry_run":{"type":"boolean"}},"required":["results","applied","already_applied","failed","files_modified","dry_run"]})",
     false, true, false, false, "LLMService.apply_edits"},
    {"ask_acdc", "Ask acdc's model",
     "Runs one chat turn of acdc's own assistant (its configured model, with acdc's ranked map, the given files "
     "and the session's history, shared with acdc's browser UI). Its answer streams as progress notifications; "
     "edits it writes are applied to the files and reported.",
     R"({"type":"object","properties":{"question":{"type":"string","minLength":1},"files":{"type":"array","items":{"type":"string"},)"
     R"("description":"repository-relative paths to put in the model's context in full"}},"required":["question"],"additionalProperties":false})",
     R"({"type":"object","properties":{"answer":{"type":"string"},"edit_results":{"type":"array","items":{"type":"object"}},)"
     R"("files_modified":{"type":"array","items":{"type":"string"}},"cancelled":{"type":"boolean"}},"required":["answer","edit_results","files_modified","cancelled"]})",
     false, true, false, true, "LLMService.chat_streaming"},
}};

#undef ACDC_MCP_LOCATION
#undef ACDC_MCP_DEFINITION
#undef ACDC_MCP_LOCATIONS

void append_tool(std::string& out, const ToolSpec& t) {
  out += R"({"name":)";
  rpc::append_quoted(out, t.name);
  out += R"(,"title":)";
  rpc::append_quoted(out, t.title);
  out += R"(,"description":)";
  rpc::append_quoted(out, t.description);
  out += R"(,"inputSchema":)";
  out += t.input_schema;
  out += R"(,"outputSchema":)";
  out += t.output_schema;
  out += R"(,"annotations":{"title":)";
  rpc::append_quoted(out, t.title);
  auto flag = [&](const char* key, bool v) { out += std::string(",\"") + key + "\":" + (v ? "true" : "false"); };
  flag("readOnlyHint", t.read_only);
  flag("destructiveHint", t.destructive);
  flag("idempotentHint", t.idempotent);
  flag("openWorldHint", t.open_world);
  out += "}}";
}

}  // namespace

std::span<const ToolSpec> tool_specs() { return kTools; }

const ToolSpec* find_tool(std::string_view name) {
  for (const ToolSpec& t : kTools)
    if (name == t.name) return &t;
  return nullptr;
}

const std::vector<std::string>& schema_properties(const ToolSpec& tool) {
  // Read once per tool from the schema text (kTools is constant).
  static const std::vector<std::vector<std::string>> kByTool = [] {
    std::vector<std::vector<std::string>> all;
    for (const ToolSpec& t : kTools) {
      rapidjson::Document schema;
      schema.Parse(t.input_schema);
      std::vector<std::string> names;
      for (const auto& p : schema["properties"].GetObject()) names.emplace_back(p.name.GetString());
      all.push_back(std::move(names));
    }
    return all;
  }();
  return kByTool[static_cast<std::size_t>(&tool - kTools.data())];
}

std::string tools_list_json(Engine& engine) {
  std::string out = R"({"tools":[)";
  bool first = true;
  for (const ToolSpec& t : kTools) {
    if (!engine.serves(t.needs)) continue;
    if (!first) out += ',';
    first = false;
    append_tool(out, t);
  }
  out += "]}";
  return out;
}

}  // namespace acdc::adapters::mcp
