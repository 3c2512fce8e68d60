#include "anthropic_cache.hpp"

#include <acdc/util/sha256.hpp>

#include <rapidjson/document.h>

#include <algorithm>
#include <stdexcept>
#include <vector>

namespace {

constexpr std::size_t kLookback = 20;     // block boundaries checked before each marker
constexpr double kLifetime = 300;         // seconds: the 5-minute cache
constexpr std::size_t kImageTokens = 1600;

struct Block {
  std::string hash;        // of the prompt up to and including this block
  std::size_t tokens = 0;  // the prompt's tokens up to and including it
  bool marked = false;
};

}  // namespace

Bill AnthropicCache::send(const std::string& messages_json, double now) {
  std::erase_if(written_, [&](const auto& entry) { return now - entry.second > kLifetime; });
  rapidjson::Document doc;
  doc.Parse(messages_json.data(), messages_json.size());
  if (doc.HasParseError() || !doc.IsArray()) throw std::runtime_error("the request body is not a message array");
  std::vector<Block> blocks;
  std::string hash;
  std::size_t tokens = 0;
  auto add = [&](std::string_view role, std::string_view kind, std::string_view text, std::size_t cost, bool marked) {
    // Chained: each block's hash covers the one before it, so equal hashes
    // mean equal prefixes without rehashing the whole prompt per block.
    hash = acdc::util::sha256_hex(hash + '\x1f' + std::string(role) + '\x1f' + std::string(kind) + '\x1f' + std::string(text));
    tokens += cost;
    blocks.push_back({hash, tokens, marked});
  };
  for (const auto& m : doc.GetArray()) {
    const std::string_view role(m["role"].GetString(), m["role"].GetStringLength());
    const std::size_t role_tokens = count_(role);
    const auto& content = m["content"];
    if (content.IsString()) {
      const std::string_view text(content.GetString(), content.GetStringLength());
      add(role, "text", text, role_tokens + count_(text), false);
      continue;
    }
    bool first = true;
    for (const auto& b : content.GetArray()) {
      const bool marked = b.HasMember("cache_control");
      const std::size_t extra = first ? role_tokens : 0;
      first = false;
      if (b["type"] == "text") {
        const std::string_view text(b["text"].GetString(), b["text"].GetStringLength());
        add(role, "text", text, extra + count_(text), marked);
      } else {
        const auto& url = b["image_url"]["url"];
        add(role, "image", std::string_view(url.GetString(), url.GetStringLength()), extra + kImageTokens, marked);
      }
    }
  }
  Bill bill;
  std::size_t last_marker = 0;
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    if (!blocks[i].marked) continue;
    last_marker = blocks[i].tokens;
    const std::size_t from = i >= kLookback ? i - kLookback : 0;
    for (std::size_t j = i + 1; j-- > from;)
      if (auto hit = written_.find(blocks[j].hash); hit != written_.end()) {
        bill.read = std::max(bill.read, blocks[j].tokens);
        hit->second = now;  // a read keeps it five more minutes
        break;
      }
  }
  for (const Block& b : blocks)
    if (b.marked) written_[b.hash] = now;
  bill.written = last_marker > bill.read ? last_marker - bill.read : 0;
  bill.fresh = tokens - bill.read - bill.written;
  return bill;
}
