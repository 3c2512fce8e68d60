// context/compactor.hpp -- the pure half of history compaction
// (acdc-features.md §4.11): where the verbatim tail starts, the detector's
// prompt and answer, the choice between truncate and summarize, the
// min-verbatim safeguard, and the system event that tells the user.
//
//   CompactionSettings s = ...;                          // app.yaml history_compaction
//   size_t start = verbatim_start(history, count, s);
//   std::string ask = detector_prompt(history);          // to the smaller model, with compaction.md
//   Compaction c = compact(history, parse_detector(answer), start, s);
//   std::string event = system_event_text(c, before, after);
//
// The service (llm_service_compaction.cpp) does the I/O: the model call, the
// history record, the tracker purge, the events to the browser.
#pragma once

#include "prompt/prompt_input.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace acdc::llm {

struct CompactionSettings {
  bool enabled = true;
  std::size_t trigger_tokens = 24000;
  std::size_t verbatim_window_tokens = 4000;
  std::size_t min_verbatim_exchanges = 2;
};

// What the detector (the smaller model) answered; all empty when it failed.
struct DetectorAnswer {
  std::optional<std::size_t> boundary_index;
  std::string boundary_reason;
  double confidence = 0;
  std::string summary;
};

struct Compaction {
  enum class Case { truncate, summarize } kind = Case::summarize;
  std::vector<ChatMessage> messages;  // the history from now on
  std::size_t removed = 0;            // messages of the old history not kept verbatim
  DetectorAnswer answer;
};

inline constexpr std::string_view kSummaryPrefix = "[History Summary]\n";
inline constexpr std::string_view kSummaryAck = "Ok, I understand the context from the previous conversation.";

const char* case_name(Compaction::Case c);

// The earlier of: the first message of the newest run that fits in the
// verbatim window, and the min_verbatim_exchanges-th user message from the end.
std::size_t verbatim_start(const std::vector<ChatMessage>& history, const TokenCounter& count,
                           const CompactionSettings& settings);

// The last <= 50 messages as "[idx] ROLE: content" (content cut at 1000 characters).
std::string detector_prompt(const std::vector<ChatMessage>& history);

// The detector's JSON, a ```json fence tolerated; anything else is a failed detection.
DetectorAnswer parse_detector(std::string_view text);

Compaction compact(const std::vector<ChatMessage>& history, const DetectorAnswer& answer, std::size_t verbatim_start,
                   const CompactionSettings& settings);

// The "**History compacted** — case" system event of §4.11.
std::string system_event_text(const Compaction& c, std::size_t tokens_before, std::size_t tokens_after);

}  // namespace acdc::llm
