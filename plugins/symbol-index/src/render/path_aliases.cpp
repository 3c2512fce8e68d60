#include "render/path_aliases.hpp"

#include <algorithm>
#include <unordered_map>

namespace acdc::symbols {
namespace {

constexpr size_t kMinPrefix = 8;
constexpr size_t kMinFiles = 3;
constexpr size_t kMaxAliases = 5;

}  // namespace

PathAliases PathAliases::compute(const std::vector<std::string_view>& paths) {
  std::unordered_map<std::string_view, size_t> counts;
  for (std::string_view p : paths)
    for (size_t slash = p.find('/'); slash != std::string_view::npos; slash = p.find('/', slash + 1))
      if (slash + 1 >= kMinPrefix) ++counts[p.substr(0, slash + 1)];
  struct Candidate {
    std::string_view prefix;
    size_t count;
  };
  std::vector<Candidate> candidates;
  for (const auto& [prefix, count] : counts)
    if (count >= kMinFiles) candidates.push_back({prefix, count});
  std::sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
    size_t sa = (a.prefix.size() - 3) * a.count, sb = (b.prefix.size() - 3) * b.count;
    if (sa != sb) return sa > sb;
    if (a.prefix.size() != b.prefix.size()) return a.prefix.size() > b.prefix.size();
    return a.prefix < b.prefix;
  });
  PathAliases out;
  for (const auto& c : candidates) {
    if (out.prefixes_.size() == kMaxAliases) break;
    bool covered = std::any_of(out.prefixes_.begin(), out.prefixes_.end(),
                               [&](const std::string& chosen) { return chosen.starts_with(c.prefix); });
    if (!covered) out.prefixes_.emplace_back(c.prefix);
  }
  return out;
}

std::string PathAliases::apply(std::string_view path) const {
  size_t best = prefixes_.size();
  for (size_t i = 0; i < prefixes_.size(); ++i)
    if (path.starts_with(prefixes_[i]) && (best == prefixes_.size() || prefixes_[i].size() > prefixes_[best].size()))
      best = i;
  if (best == prefixes_.size()) return std::string(path);
  return "@" + std::to_string(best + 1) + "/" + std::string(path.substr(prefixes_[best].size()));
}

std::string PathAliases::legend() const {
  std::string out;
  for (size_t i = 0; i < prefixes_.size(); ++i) out += "# @" + std::to_string(i + 1) + "/=" + prefixes_[i] + "\n";
  return out;
}

}  // namespace acdc::symbols
