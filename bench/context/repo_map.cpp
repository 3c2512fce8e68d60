#include "repo_map.hpp"

#include "index/file_scan.hpp"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <thread>

namespace acdc::bench {

RepoMap::RepoMap(const std::string& root, std::size_t budget_tokens)
    : root_(root), budget_(budget_tokens), index_(root, {.threads = std::max(1u, std::thread::hardware_concurrency())}) {
  std::vector<symbols::SkippedFile> unlisted;
  files_ = index_.update(symbols::walk_directory(root, unlisted)).files;
}

std::vector<std::string> RepoMap::pick_files(std::size_t n) const {
  std::vector<std::string> all;
  index_.for_each_block({}, [&](std::string_view path, std::string_view) {
    std::error_code ec;
    auto size = std::filesystem::file_size(std::filesystem::path(root_) / path, ec);
    if (!ec && size >= 2000 && size <= 40000) all.emplace_back(path);
  });
  std::vector<std::string> out;
  for (std::size_t i = 0; i < n && !all.empty(); ++i) out.push_back(all[(2 * i + 1) * all.size() / (2 * n)]);
  return out;
}

std::string RepoMap::read(const std::string& path) const {
  std::ifstream in(std::filesystem::path(root_) / path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

std::vector<std::string> RepoMap::fill(llm::TurnContent& content, const std::string& question,
                                       const std::set<std::string>& selected) {
  symbols::RankedMap m = ranker_.build(index_, {.budget_tokens = budget_, .exclude = selected, .message = question});
  content.map_header_and_legend = "# Repository Structure\n\n" + m.legend + "\n";
  content.map_outline = m.outline;
  std::vector<std::string> core;
  for (auto& b : m.blocks) {
    const bool in_core = b.why == symbols::Why::ranked || b.why == symbols::Why::all;
    if (in_core) core.push_back(b.path);
    (in_core ? content.symbol_blocks : content.focus_blocks).emplace_back(std::move(b.path), std::move(b.text));
  }
  return core;
}

}  // namespace acdc::bench
