// bb7/prompt_text.cpp -- the fixed texts of the prompt: the built-in system
// prompt, one tool prompt per diff mode, and the tool schemas (bb7.md §8.3).
// Written for acdc; they describe the BODY layout prompt.cpp produces.
#include "bb7/prompt.hpp"

namespace acdc::adapters::bb7 {

namespace {

constexpr std::string_view kSystem = R"(You are BB-7, a coding assistant inside the user's editor.

The user's message is one structured document. Sections start with a line of dashes around a title:
- "readonly files": files you may read but must not change.
- "history": the conversation so far. `@msg id=N role=R` ... `@end msg id=N` holds a message;
  `@action id=N type=T ...` ... `@end action id=N` records a change to the files in context.
- "latest": the user's current request between `@latest` and `@end latest`, with a `Files:` summary.
- "writable files": files you may change.

Each file is shown as `@file id=V path=P mode=ro|rw source=context|output [lines=a-b] [status=S]`,
its content, then `@end file id=V`. `source=output` is your own earlier output the user has not applied
yet (status=pending_output or added_output); it is the current version of that file.

Answer the latest request. Be concise. Change files only with the tools you are given, never by
pasting whole files into your answer. Your changes are shown to the user, who applies them.)";

constexpr std::string_view kWritePrompt = R"(File tools: `write_file{path, content}` writes a whole file
(new files, or complete rewrites). Write each path at most once per response. Use project-relative paths.)";

constexpr std::string_view kEditMultiPrompt = R"(File tools: `edit_file{edits: [{path, file_id, old_string, new_string, replace_all?}]}`
changes existing files; `write_file{path, content}` creates new files. `file_id` is the id of the writable
@file block of that path; every edit of one call uses the id of the file as you were shown it. `old_string`
must match the file exactly and be unique (add surrounding lines if needed); `replace_all` changes every match.
Several edits may go in one call; they apply in order, all or none.)";

constexpr std::string_view kEditSinglePrompt = R"(File tools: `edit_file{path, file_id, old_string, new_string, replace_all?}`
changes one place of an existing file; `write_file{path, content}` creates new files. `file_id` is the id of
the writable @file block of that path. `old_string` must match exactly and be unique unless `replace_all` is set.)";

constexpr std::string_view kEditAnchorPrompt = R"(File tools: `edit_file{path, file_id, changes: [{start, end?, content}]}`
replaces regions of an existing file; `write_file{path, content}` creates new files. `start` is 1-10 exact lines
where a region begins; `end` (optional, 1-10 lines) where it ends, searched after `start`; without `end` the
region is the `start` lines. `content` is the new lines of the whole region. Regions must not overlap.)";

constexpr std::string_view kWriteTool = R"({"type":"function","function":{"name":"write_file","description":"Write the complete content of a file.","parameters":{"type":"object","properties":{"path":{"type":"string","description":"Project-relative path"},"content":{"type":"string","description":"The whole new file content"}},"required":["path","content"]}}})";

constexpr std::string_view kEditMulti = R"({"type":"function","function":{"name":"edit_file","description":"Apply search/replace edits to files.","parameters":{"type":"object","properties":{"edits":{"type":"array","items":{"type":"object","properties":{"path":{"type":"string"},"file_id":{"type":"string"},"old_string":{"type":"string"},"new_string":{"type":"string"},"replace_all":{"type":"boolean"}},"required":["path","file_id","old_string","new_string"]}}},"required":["edits"]}}})";

constexpr std::string_view kEditSingle = R"({"type":"function","function":{"name":"edit_file","description":"Replace text in a file.","parameters":{"type":"object","properties":{"path":{"type":"string"},"file_id":{"type":"string"},"old_string":{"type":"string"},"new_string":{"type":"string"},"replace_all":{"type":"boolean"}},"required":["path","file_id","old_string","new_string"]}}})";

constexpr std::string_view kEditAnchored = R"({"type":"function","function":{"name":"edit_file","description":"Replace anchored regions of a file.","parameters":{"type":"object","properties":{"path":{"type":"string"},"file_id":{"type":"string"},"changes":{"type":"array","items":{"type":"object","properties":{"start":{"type":"array","items":{"type":"string"},"minItems":1,"maxItems":10},"end":{"type":"array","items":{"type":"string"},"minItems":1,"maxItems":10},"content":{"type":"array","items":{"type":"string"}}},"required":["start","content"]}}},"required":["path","file_id","changes"]}}})";

}  // namespace

std::string_view builtin_system_prompt() { return kSystem; }

std::string system_prompt(const std::string& override_text, const std::string& instructions, const std::string& diff_mode,
                          bool global_chat) {
  std::string out = override_text.find_first_not_of(" \t\r\n") != std::string::npos ? override_text
                                                                                     : std::string(kSystem);
  if (!instructions.empty()) out += "\n" + instructions;
  if (global_chat) return out;
  std::string_view tool = diff_mode == "search_replace"         ? kEditSinglePrompt
                          : diff_mode == "search_replace_multi" ? kEditMultiPrompt
                          : diff_mode == "anchored"             ? kEditAnchorPrompt
                                                                : kWritePrompt;
  return out + "\n" + std::string(tool);
}

std::string tool_schemas_json(const std::string& diff_mode, bool global_chat) {
  if (global_chat) return "[]";
  std::string out = "[" + std::string(kWriteTool);
  if (diff_mode == "search_replace_multi") out += "," + std::string(kEditMulti);
  else if (diff_mode == "search_replace") out += "," + std::string(kEditSingle);
  else if (diff_mode == "anchored") out += "," + std::string(kEditAnchored);
  return out + "]";
}

std::string section_marker(std::string_view title) {
  const std::string t = " " + std::string(title) + " ";
  const std::size_t total = 60 > t.size() ? 60 - t.size() : 0;
  return std::string(total / 2, '-') + t + std::string(total - total / 2, '-');
}

}  // namespace acdc::adapters::bb7
