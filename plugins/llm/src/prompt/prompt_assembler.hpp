// prompt/prompt_assembler.hpp -- the tiered message array of
// acdc-features.md §4.6, byte for byte: L0 system message, L1..L3 tier
// pairs, URL context, review context, active files, active history, then
// (issue 26) the ranked map's focus for this message, and the current user
// message; at most 4 cache_control breakpoints, placed as
// prompt/cache_marks.hpp says.
//
//   PromptAssembler assembler(count_tokens);
//   std::string messages_json = assembler.assemble(input);   // a JSON array
#pragma once

#include "prompt/prompt_input.hpp"

#include <acdc/sdk/json.hpp>

#include <string>

namespace acdc::llm {

inline constexpr std::string_view kUrlContextHeader =
    "# URL Context\n\nThe following content was fetched from URLs mentioned in the conversation:\n\n";
inline constexpr std::string_view kFilesActiveHeader = "# Working Files\n\nHere are the files:\n\n";
inline constexpr std::string_view kFilesL0Header =
    "# Reference Files (Stable)\n\nThese files are included for reference:\n\n";
inline constexpr std::string_view kFilesL1Header = "# Reference Files\n\nThese files are included for reference:\n\n";
inline constexpr std::string_view kFilesL2Header =
    "# Reference Files (L2)\n\nThese files are included for reference:\n\n";
inline constexpr std::string_view kFilesL3Header =
    "# Reference Files (L3)\n\nThese files are included for reference:\n\n";
inline constexpr std::string_view kTierSymbolsHeader = "# Repository Structure (continued)\n\n";
inline constexpr std::string_view kFocusSymbolsHeader = "# Repository Structure (for this message)\n\n";
inline constexpr std::string_view kReviewContextHeader = "# Code Review Context\n\n";

class PromptAssembler {
 public:
  explicit PromptAssembler(TokenCounter count) : count_(std::move(count)) {}

  std::string assemble(const PromptInput& in) const;

  // Tokens of a conversation as the history budget counts it: role and content of each message.
  size_t history_tokens(const std::vector<ChatMessage>& messages) const;
  size_t message_tokens(const ChatMessage& m) const;

  // "path\n```\ncontent\n```" per file, joined by blank lines (§4.4).
  static std::string format_files(const std::vector<FileEntry>& files);

 private:
  struct Builder;
  // Each adds its messages and returns its tokens (0: it added none).
  size_t add_l0(Builder& b, const PromptInput& in) const;
  size_t add_tier(Builder& b, const TierContent& tier, std::string_view files_header) const;
  size_t tier_tokens(const TierContent& tier) const;

  TokenCounter count_;
};

}  // namespace acdc::llm
