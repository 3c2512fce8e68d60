// acp/prompt_content.hpp -- a session/prompt's content blocks as the parts
// of acdc's chat turn (protocol/v1/content): text is the message, images are
// data URIs, and embedded resources and resource links are this turn's
// context files (LLMService.chat_streaming options.context), so they are
// counted and placed as selected files are.
//
//   PromptParts p = prompt_parts(params["prompt"], "/home/me/proj");
//   // [{text "fix "}, {resource_link file:///home/me/proj/a.py}] ->
//   //   p.message == "fix `a.py`", p.context == [{a.py, no text}]
//
// A file: URI inside the repository becomes its relative path; an embedded
// resource elsewhere keeps its URI as its name (its text is the content);
// a link elsewhere stays a mention in the message only, as acdc reads files
// in the repository alone. Audio, and a block of an unknown type, throw
// acdc::Error (ACDC_E_INVALID_PARAMS) saying what the agent accepts.
#pragma once

#include <rapidjson/document.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace acdc::adapters::acp {

struct ContextFile {
  std::string path;                 // relative to the repository, or the resource's URI
  std::optional<std::string> text;  // none: read from the repository
};

struct PromptParts {
  std::string message;
  std::vector<std::string> images;  // data:<mime>;base64,<data>
  std::vector<ContextFile> context;
};

PromptParts prompt_parts(const rapidjson::Value& prompt, const std::filesystem::path& root);

// The repository-relative path of a file: URI under `root`; nullopt otherwise.
std::optional<std::string> repo_path_of(std::string_view uri, const std::filesystem::path& root);

// chat_streaming's options.context as JSON text.
std::string context_json(const std::vector<ContextFile>& context);

}  // namespace acdc::adapters::acp
