#include "prompt/cache_marks.hpp"

namespace acdc::llm {

int CacheMarks::count() const {
  int n = conversation ? 1 : 0;
  for (bool t : tiers) n += t ? 1 : 0;
  return n;
}

CacheMarks plan_cache_marks(const std::array<std::size_t, 4>& tier_tokens, std::size_t conversation_tokens,
                            bool has_history, std::size_t min_cacheable_tokens, int max_marks) {
  CacheMarks m;
  for (std::size_t i = 0; i < m.tiers.size(); ++i) m.tiers[i] = tier_tokens[i] >= min_cacheable_tokens;
  m.conversation = has_history && conversation_tokens >= min_cacheable_tokens;
  if (m.count() > max_marks) m.tiers[3] = false;
  if (m.count() > max_marks) m.conversation = false;
  return m;
}

}  // namespace acdc::llm
