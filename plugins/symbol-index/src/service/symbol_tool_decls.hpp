// service/symbol_tool_decls.hpp -- the declarations of the symbol index's
// tools (plugin_api.h, since 1.2: MCP Tool objects), in the order
// Host.list_tools lists them. acdc's agent offers them to its model and
// acdc's MCP server to every agent; symbol_tool_methods.cpp runs them.
#pragma once

namespace acdc::symbols::tool_decls {

#define ACDC_SYMBOL_READ_ONLY(title)                                                                        \
  R"("annotations":{"title":")" title R"(","readOnlyHint":true,"destructiveHint":false,"idempotentHint":true,)" \
  R"("openWorldHint":false})"
#define ACDC_SYMBOL_LOCATION                                                                                     \
  R"("name":{"type":"string","description":"the symbol's name, as written in code, a bare name such as parse_config or Parser"},)" \
  R"("file":{"type":"string","description":"a repository-relative path, with line: the occurrence to resolve"},)"            \
  R"("line":{"type":"integer","minimum":1,"description":"1-based line in file"},)"                               \
  R"("column":{"type":"integer","minimum":1,"description":"1-based column on that line; omit it to use where name first occurs on the line"})"
#define ACDC_SYMBOL_DEFINITION                                                                                   \
  R"({"type":"object","properties":{"file":{"type":"string"},"line":{"type":"integer"},"column":{"type":"integer"},)" \
  R"("end_line":{"type":"integer"},"kind":{"type":"string"},"signature":{"type":"string"},)"                     \
  R"("references":{"type":"integer"}},"required":["file","line","kind","signature"]})"

inline constexpr const char* kRepoMap =
    R"({"name":"repo_map","title":"Repository map","description":"A map of the repository ranked for a question: )"
    R"(the most referenced files' symbols, the files the question and the given files point at (definitions with )"
    R"(signatures, who references them), and an outline of every other directory with file counts, all within a )"
    R"(token budget. Use it first to find where things are; then read_file or find_definition.",)"
    R"("inputSchema":{"type":"object","properties":{"question":{"type":"string","description":"what you are working on; names, paths and words in it pull matching files in"},)"
    R"("files":{"type":"array","items":{"type":"string"},"description":"repository-relative paths you are working in: the map includes them and their neighbours"},)"
    R"("budget_tokens":{"type":"integer","minimum":500,"maximum":200000,"default":8000,"description":"the most tokens the map may take"}},"additionalProperties":false},)"
    R"("outputSchema":{"type":"object","properties":{"map":{"type":"string"},"budget_tokens":{"type":"integer"},"estimated_tokens":{"type":"integer"},)"
    R"("complete":{"type":"boolean","description":"true: every indexed file is in the map in full"},)"
    R"("files":{"type":"object","properties":{"total":{"type":"integer"},"full":{"type":"integer"},"summary":{"type":"integer"},)"
    R"("outline":{"type":"integer"},"left_out":{"type":"integer"}}}},"required":["map","budget_tokens","estimated_tokens","complete","files"]},)"
    ACDC_SYMBOL_READ_ONLY("Repository map") "}";

inline constexpr const char* kFindDefinition =
    R"({"name":"find_definition","title":"Find a definition","description":"Where a symbol is defined, with its )"
    R"(signature and how often it is referenced. Give a name (every definition of it, most referenced first), or a )"
    R"(file and line (and the name or a column) of an occurrence to resolve that one as the code's imports do.",)"
    R"("inputSchema":{"type":"object","properties":{)" ACDC_SYMBOL_LOCATION
    R"(,"limit":{"type":"integer","minimum":1,"maximum":200,"default":20}},"additionalProperties":false},)"
    R"("outputSchema":{"type":"object","properties":{"definitions":{"type":"array","items":)" ACDC_SYMBOL_DEFINITION
    R"(}},"required":["definitions"]},)" ACDC_SYMBOL_READ_ONLY("Find a definition") "}";

inline constexpr const char* kFindReferences =
    R"({"name":"find_references","title":"Find references","description":"The places that call or use a symbol, )"
    R"(resolved through imports (not a text search), the first `limit` of them. Give a name (with file: only uses )"
    R"(of the definition in that file), or a file and line of an occurrence.",)"
    R"("inputSchema":{"type":"object","properties":{)" ACDC_SYMBOL_LOCATION
    R"(,"limit":{"type":"integer","minimum":1,"maximum":499,"default":100}},"additionalProperties":false},)"
    R"("outputSchema":{"type":"object","properties":{"references":{"type":"array","items":{"type":"object","properties":)"
    R"({"file":{"type":"string"},"line":{"type":"integer"},"column":{"type":"integer"}},"required":["file","line"]}},)"
    R"("truncated":{"type":"boolean"}},"required":["references","truncated"]},)"
    ACDC_SYMBOL_READ_ONLY("Find references") "}";

inline constexpr const char* kHover =
    R"({"name":"hover","title":"Symbol signature","description":"A symbol's declaration as written and its kind, )"
    R"(like an editor's hover: by name, or by file and line of an occurrence.",)"
    R"("inputSchema":{"type":"object","properties":{)" ACDC_SYMBOL_LOCATION R"(},"additionalProperties":false},)"
    R"("outputSchema":{"type":"object","properties":{"found":{"type":"boolean"},"definition":)" ACDC_SYMBOL_DEFINITION
    R"(},"required":["found"]},)" ACDC_SYMBOL_READ_ONLY("Symbol signature") "}";

#undef ACDC_SYMBOL_READ_ONLY
#undef ACDC_SYMBOL_LOCATION
#undef ACDC_SYMBOL_DEFINITION

}  // namespace acdc::symbols::tool_decls
