// bb7/edit/anchored.cpp -- see anchored.hpp.
#include "bb7/edit/anchored.hpp"

#include "bb7/edit/lines.hpp"

#include <algorithm>

namespace acdc::adapters::bb7 {
namespace {

struct Found {
  std::size_t at = 0;
  MatchPass pass = MatchPass::exact;
};

std::string lines_list(const std::vector<std::size_t>& starts) {
  std::string out;
  for (std::size_t i = 0; i < starts.size(); ++i) out += (i ? ", " : "") + std::to_string(starts[i] + 1);
  return out;
}

Found find_anchor(const std::vector<std::string>& file, const std::vector<std::string>& anchor, std::size_t from,
                  std::size_t index, const std::string& prefix) {
  for (MatchPass pass : {MatchPass::exact, MatchPass::trailing_ws, MatchPass::trimmed}) {
    auto hits = find_block(file, anchor, pass, from);
    if (hits.size() > 1) throw AnchoredError(index, prefix + "anchor not unique (lines " + lines_list(hits) + ")");
    if (hits.size() == 1) return Found{hits[0], pass};
  }
  throw AnchoredError(index, prefix + "anchor not found");
}

struct Region {
  std::size_t first = 0, last = 0;  // inclusive, 0-based
  std::vector<std::string> content;
};

Region locate(const std::vector<std::string>& file, const AnchoredChange& c, std::size_t index) {
  Found start = find_anchor(file, c.start, 0, index, "");
  Region r{start.at, start.at + c.start.size() - 1, c.content};
  if (!c.end.empty()) {
    Found end = find_anchor(file, c.end, start.at + c.start.size(), index, "end: ");
    r.last = end.at + c.end.size() - 1;
  }
  if (start.pass == MatchPass::trimmed && leading_ws(file[start.at]) != leading_ws(c.start[0]))
    r.content = reindent(c.content, c.start,
                         std::vector<std::string>(file.begin() + start.at, file.begin() + start.at + c.start.size()));
  return r;
}

}  // namespace

std::string apply_anchored(std::string_view content, const std::vector<AnchoredChange>& changes) {
  std::vector<std::string> file = split_lines(content);
  std::vector<Region> regions;
  for (std::size_t i = 0; i < changes.size(); ++i) {
    if (changes[i].start.empty()) throw AnchoredError(i + 1, "start anchor is empty");
    Region r = locate(file, changes[i], i + 1);
    std::vector<std::string> current(file.begin() + r.first, file.begin() + r.last + 1);
    if (current != r.content) regions.push_back(std::move(r));  // no-ops are dropped
  }
  std::sort(regions.begin(), regions.end(), [](const Region& a, const Region& b) { return a.first < b.first; });
  for (std::size_t i = 1; i < regions.size(); ++i)
    if (regions[i].first <= regions[i - 1].last)
      throw AnchoredError(0, "regions overlap (lines " + std::to_string(regions[i - 1].first + 1) + "-" +
                                 std::to_string(regions[i - 1].last + 1) + " and " +
                                 std::to_string(regions[i].first + 1) + "-" + std::to_string(regions[i].last + 1) + ")");
  for (auto it = regions.rbegin(); it != regions.rend(); ++it) {
    file.erase(file.begin() + static_cast<std::ptrdiff_t>(it->first),
               file.begin() + static_cast<std::ptrdiff_t>(it->last + 1));
    file.insert(file.begin() + static_cast<std::ptrdiff_t>(it->first), it->content.begin(), it->content.end());
  }
  return join_lines(file);
}

}  // namespace acdc::adapters::bb7
