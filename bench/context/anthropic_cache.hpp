// bench/context/anthropic_cache.hpp -- bills a request as Anthropic's prompt
// cache does (docs: "Prompt caching", how it works):
// - the prompt is a sequence of content blocks (a string content is one
//   text block); a block's cache_control marker is not part of the content;
// - each marker writes the prefix up to and including its block;
// - a request reads the longest prefix written before, looked for at each
//   marker and at up to 20 block boundaries before it (the provider's
//   automatic prefix check);
// - a written prefix lives five minutes after it was last written or read;
// - tokens after the read point up to the last marker are written, the rest
//   is plain input.
//
//   AnthropicCache cache(count_tokens);
//   Bill b = cache.send(messages_json, seconds_since_start);   // the assembler's message array
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>

struct Bill {
  std::size_t read = 0, written = 0, fresh = 0;
  std::size_t input() const { return read + written + fresh; }
  // Claude Sonnet 4.5 list prices, USD per million tokens: input 3, cache
  // write 3.75 (1.25x), cache read 0.30 (0.1x), output 15.
  double cost(std::size_t output) const {
    return (static_cast<double>(fresh) * 3.0 + static_cast<double>(written) * 3.75 +
            static_cast<double>(read) * 0.30 + static_cast<double>(output) * 15.0) / 1e6;
  }
};

class AnthropicCache {
 public:
  explicit AnthropicCache(std::function<std::size_t(std::string_view)> count) : count_(std::move(count)) {}

  // `now`: seconds since the session began. Throws std::runtime_error when
  // `messages_json` is not a message array.
  Bill send(const std::string& messages_json, double now = 0);

 private:
  std::function<std::size_t(std::string_view)> count_;
  std::unordered_map<std::string, double> written_;  // prefix hash -> when last written or read
};
