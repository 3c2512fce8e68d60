#include "context/compactor.hpp"

#include <acdc/sdk/json.hpp>

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace acdc::llm {
namespace {

constexpr std::size_t kDetectorMessages = 50;
constexpr std::size_t kDetectorChars = 1000;
constexpr double kTruncateConfidence = 0.5;
constexpr std::string_view kFallbackSummary =
    "The earlier conversation was compacted; no summary could be made. Ask the user to restate anything it "
    "decided that you need.";

std::size_t user_messages(const std::vector<ChatMessage>& messages) {
  return static_cast<std::size_t>(
      std::count_if(messages.begin(), messages.end(), [](const ChatMessage& m) { return m.role == "user"; }));
}

std::string upper(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

const char* case_name(Compaction::Case c) { return c == Compaction::Case::truncate ? "truncate" : "summarize"; }

std::size_t verbatim_start(const std::vector<ChatMessage>& history, const TokenCounter& count,
                           const CompactionSettings& settings) {
  std::size_t by_tokens = history.size(), tokens = 0;
  while (by_tokens > 0) {
    const ChatMessage& m = history[by_tokens - 1];
    std::size_t t = count(m.role) + count(m.content) + kImageTokens * m.images.size();
    if (tokens + t > settings.verbatim_window_tokens) break;
    tokens += t;
    --by_tokens;
  }
  std::size_t by_exchanges = history.size(), users = 0;
  while (by_exchanges > 0 && users < settings.min_verbatim_exchanges) {
    if (history[--by_exchanges].role == "user") ++users;
  }
  return std::min(by_tokens, by_exchanges);
}

std::string detector_prompt(const std::vector<ChatMessage>& history) {
  std::string out;
  std::size_t first = history.size() > kDetectorMessages ? history.size() - kDetectorMessages : 0;
  for (std::size_t i = first; i < history.size(); ++i) {
    std::string content = history[i].content;
    if (content.size() > kDetectorChars) content = content.substr(0, kDetectorChars) + "... (truncated)";
    if (!out.empty()) out += "\n\n";
    out += "[" + std::to_string(i) + "] " + upper(history[i].role) + ": " + content;
  }
  return out;
}

DetectorAnswer parse_detector(std::string_view text) {
  // The object may come bare or inside a ```json fence, with prose around it.
  auto open = text.find('{');
  auto close = text.rfind('}');
  if (open == std::string_view::npos || close == std::string_view::npos || close < open) return {};
  acdc::Json doc;
  doc.Parse(text.data() + open, close - open + 1);
  if (doc.HasParseError() || !doc.IsObject()) return {};
  DetectorAnswer a;
  auto member = [&doc](const char* key) -> const acdc::JsonValue* {
    auto it = doc.FindMember(key);
    return it == doc.MemberEnd() ? nullptr : &it->value;
  };
  if (const auto* b = member("boundary_index"); b && b->IsNumber() && b->GetDouble() >= 0)
    a.boundary_index = static_cast<std::size_t>(b->GetDouble());
  if (const auto* r = member("boundary_reason"); r && r->IsString()) a.boundary_reason = r->GetString();
  if (const auto* c = member("confidence"); c && c->IsNumber()) a.confidence = std::clamp(c->GetDouble(), 0.0, 1.0);
  if (const auto* s = member("summary"); s && s->IsString()) a.summary = s->GetString();
  return a;
}

Compaction compact(const std::vector<ChatMessage>& history, const DetectorAnswer& answer, std::size_t start,
                   const CompactionSettings& settings) {
  Compaction c;
  c.answer = answer;
  start = std::min(start, history.size());
  std::size_t kept_from;
  if (answer.boundary_index && *answer.boundary_index >= start && *answer.boundary_index < history.size() &&
      answer.confidence >= kTruncateConfidence) {
    c.kind = Compaction::Case::truncate;
    kept_from = *answer.boundary_index;
  } else {
    c.kind = Compaction::Case::summarize;
    kept_from = start;
    std::string summary = answer.summary.empty() ? std::string(kFallbackSummary) : answer.summary;
    c.messages.push_back(ChatMessage{"user", std::string(kSummaryPrefix) + summary, {}});
    c.messages.push_back(ChatMessage{"assistant", std::string(kSummaryAck), {}});
  }
  const std::size_t head = c.messages.size();
  std::vector<ChatMessage> tail(history.begin() + static_cast<long>(kept_from), history.end());
  // Min-verbatim safeguard: at least min_verbatim_exchanges user messages
  // survive word for word; earlier ones come back when the cut went too far.
  while (kept_from > 0 && user_messages(tail) < settings.min_verbatim_exchanges) tail.insert(tail.begin(), history[--kept_from]);
  c.messages.insert(c.messages.begin() + static_cast<long>(head), tail.begin(), tail.end());
  c.removed = kept_from;
  return c;
}

std::string system_event_text(const Compaction& c, std::size_t tokens_before, std::size_t tokens_after) {
  std::string out = std::string("**History compacted** — ") + case_name(c.kind) + "\n\n";
  if (c.kind == Compaction::Case::truncate) {
    char confidence[16];
    std::snprintf(confidence, sizeof confidence, "%.2f", c.answer.confidence);
    out += "Boundary: " + c.answer.boundary_reason + " (confidence " + confidence + ")\n\n";
  } else {
    out += "Boundary reason: " +
           (c.answer.boundary_reason.empty() ? std::string("no clear topic boundary") : c.answer.boundary_reason) + "\n\n";
  }
  out += "Removed " + std::to_string(c.removed) + " messages • " + std::to_string(tokens_before) + " → " +
         std::to_string(tokens_after) + " tokens";
  if (c.kind == Compaction::Case::summarize) {
    std::string summary = c.messages.empty() ? std::string() : c.messages.front().content.substr(kSummaryPrefix.size());
    out += "\n\n<details>\n<summary>Summary</summary>\n\n" + summary + "\n\n</details>";
  }
  return out;
}

}  // namespace acdc::llm
