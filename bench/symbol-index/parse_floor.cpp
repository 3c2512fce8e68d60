#include "parse_floor.hpp"

#include "extract/source_parser.hpp"
#include "index/file_scan.hpp"

#include <atomic>
#include <chrono>
#include <thread>

namespace acdc::bench {

double parse_floor(const std::filesystem::path& root, const std::vector<std::string>& paths, unsigned threads) {
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    symbols::SourceParser parser;
    for (std::size_t i; (i = next.fetch_add(1)) < paths.size();) {
      std::string reason;
      if (auto source = symbols::read_source(root / paths[i], reason))
        parser.parse(symbols::language_for_path(paths[i]), *source);
    }
  };
  auto start = std::chrono::steady_clock::now();
  std::vector<std::thread> helpers;
  for (unsigned t = 1; t < threads; ++t) helpers.emplace_back(work);
  work();
  for (auto& t : helpers) t.join();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace acdc::bench
