#include "render/dir_outline.hpp"

#include "rank/token_estimate.hpp"

#include <algorithm>
#include <map>

namespace acdc::symbols {
namespace {

struct Group {
  std::string dir;  // "src/net/", or "" for the root
  std::vector<const OutlineFile*> files;
  double weight = 0;
  bool named = false;
};

// The first `depth` directories of `path` ("a/b/c.cpp", 1 -> "a/").
std::string dir_prefix(const std::string& path, std::size_t depth) {
  std::size_t end = 0;
  for (std::size_t d = 0; d < depth; ++d) {
    auto slash = path.find('/', end);
    if (slash == std::string::npos) break;
    end = slash + 1;
  }
  return path.substr(0, end);
}

std::size_t depth_of(const std::string& path) { return static_cast<std::size_t>(std::count(path.begin(), path.end(), '/')); }

std::vector<Group> group(const std::vector<OutlineFile>& files, std::size_t depth) {
  std::map<std::string, Group> by_dir;
  for (const auto& f : files) {
    Group& g = by_dir[dir_prefix(f.path, depth)];
    g.files.push_back(&f);
    g.weight += f.weight;
  }
  std::vector<Group> out;
  for (auto& [dir, g] : by_dir) {
    g.dir = dir;
    out.push_back(std::move(g));
  }
  return out;
}

std::string count_line(const Group& g) {
  return (g.dir.empty() ? std::string("./") : g.dir) + " " + std::to_string(g.files.size()) + " files\n";
}

std::string names_line(const Group& g) {
  std::string line = (g.dir.empty() ? std::string("./") : g.dir) + " " + std::to_string(g.files.size()) + ":";
  for (const OutlineFile* f : g.files) line += " " + f->path.substr(g.dir.size());
  return line + "\n";
}

}  // namespace

OutlineResult render_outline(const std::vector<OutlineFile>& files, std::size_t max_tokens) {
  OutlineResult out;
  if (files.empty()) return out;
  const std::string head = "# Other indexed files (" + std::to_string(files.size()) + "), by directory: ask for one by path\n";
  std::size_t deepest = 0;
  for (const auto& f : files) deepest = std::max(deepest, depth_of(f.path));
  // The deepest grouping whose count lines fit.
  std::vector<Group> groups;
  std::size_t used = 0;
  for (std::size_t depth = deepest + 1; depth-- > 0;) {
    groups = group(files, depth);
    used = estimate_tokens(head);
    for (const auto& g : groups) used += estimate_tokens(count_line(g));
    if (used <= max_tokens || depth == 0) break;
  }
  // Then names, for the heaviest groups that fit.
  std::vector<Group*> by_weight;
  for (auto& g : groups) by_weight.push_back(&g);
  std::stable_sort(by_weight.begin(), by_weight.end(), [](const Group* a, const Group* b) { return a->weight > b->weight; });
  for (Group* g : by_weight) {
    const std::size_t extra = estimate_tokens(names_line(*g)) - estimate_tokens(count_line(*g));
    if (used + extra > max_tokens) continue;
    used += extra;
    g->named = true;
  }
  out.text = head;
  out.is_named.assign(files.size(), 0);
  std::size_t written = estimate_tokens(head);
  for (const auto& g : groups) {
    const std::string line = g.named ? names_line(g) : count_line(g);
    const std::size_t cost = estimate_tokens(line);
    if (written + cost > max_tokens && !g.named) {
      out.counted += g.files.size();
      continue;  // past the budget even as a count: in the heading's total only
    }
    out.text += line;
    written += cost;
    (g.named ? out.named : out.counted) += g.files.size();
    if (g.named)
      for (const OutlineFile* f : g.files) out.is_named[static_cast<std::size_t>(f - files.data())] = 1;
  }
  out.text.pop_back();  // a map block's form: no newline at the end
  return out;
}

}  // namespace acdc::symbols
