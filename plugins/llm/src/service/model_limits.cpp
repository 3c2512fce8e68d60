#include "service/model_limits.hpp"

#include <algorithm>
#include <initializer_list>

namespace acdc::llm {
namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

// Versions are written with a dash or a dot ("opus-4-5", "opus-4.5").
bool has_any(const std::string& id, const char* family, std::initializer_list<const char*> versions) {
  for (const char* v : versions) {
    std::string dashed = std::string(family) + "-" + v;
    std::string dotted = dashed;
    std::replace(dotted.begin() + static_cast<long>(std::string(family).size()) + 1, dotted.end(), '-', '.');
    if (id.find(dashed) != std::string::npos || id.find(dotted) != std::string::npos) return true;
  }
  return false;
}

}  // namespace

int output_ceiling(const std::string& model) {
  std::string id = lower(model);
  if (has_any(id, "opus", {"4-5", "4-6", "4-7", "4-8"})) return 128000;
  if (has_any(id, "sonnet", {"4-5", "4-6", "4-7"})) return 64000;
  if (has_any(id, "haiku", {"4-5", "4-6"})) return 64000;
  if (id.find("gpt-4") != std::string::npos) return 16384;
  if (id.find("claude") != std::string::npos || id.find("anthropic") != std::string::npos) return 8192;
  return 4096;
}

std::size_t min_cacheable_tokens(const std::string& model) {
  std::string id = lower(model);
  if (has_any(id, "opus", {"4-5", "4-6", "4-7", "4-8"}) || has_any(id, "haiku", {"4-5"})) return 4096;
  return 1024;
}

}  // namespace acdc::llm
