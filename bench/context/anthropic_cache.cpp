#include "anthropic_cache.hpp"

#include <acdc/util/sha256.hpp>

#include <stdexcept>

Bill AnthropicCache::send(const std::string& body, const std::vector<std::size_t>& tokens_at_marker,
                          std::size_t total) {
  std::vector<std::string> prefixes;
  for (auto p = body.find("\"cache_control\""); p != std::string::npos; p = body.find("\"cache_control\"", p + 1))
    prefixes.push_back(acdc::util::sha256_hex(std::string_view(body).substr(0, p)));
  if (prefixes.size() != tokens_at_marker.size())
    throw std::runtime_error("the body has " + std::to_string(prefixes.size()) + " markers, the placement " +
                             std::to_string(tokens_at_marker.size()));
  Bill b;
  std::size_t read_up_to = 0;
  for (std::size_t i = prefixes.size(); i-- > 0;)
    if (written_.contains(prefixes[i])) {
      read_up_to = tokens_at_marker[i];
      break;
    }
  const std::size_t last = tokens_at_marker.empty() ? 0 : tokens_at_marker.back();
  b.read = read_up_to;
  b.written = last > read_up_to ? last - read_up_to : 0;
  b.fresh = total - b.read - b.written;
  for (auto& p : prefixes) written_.insert(std::move(p));
  return b;
}
