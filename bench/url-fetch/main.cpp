// acdc-bench-urls -- issue 17's figures: HTML to text (gumbo and our
// renderer) against Debian's python3-html2text on the same pages in one run,
// and a fetch of a cached URL (the disk cache's read and parse, the cost of
// a cached fetch after a restart; a fetch already in the session is a map
// lookup below that). See README.md for the command.
#include "page_corpus.hpp"

#include "cache/url_cache.hpp"
#include "html/html_text.hpp"

#include <acdc/sdk/utf8.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// The peer converts every page in one python3 process and prints its own
// conversion time (start-up and file reading excluded, as ours are).
double html2text_seconds(const std::vector<fs::path>& files, const fs::path& work) {
  const fs::path script = work / "peer.py";
  std::ofstream(script) << "import sys, time, html2text\n"
                           "pages = [open(p, encoding='utf-8').read() for p in sys.argv[1:]]\n"
                           "t = time.perf_counter()\n"
                           "for p in pages: html2text.html2text(p)\n"
                           "print(time.perf_counter() - t)\n";
  // Debian's interpreter, where python3-html2text is installed (not a pyenv shim).
  std::string cmd = "/usr/bin/python3 '" + script.string() + "'";
  for (const auto& f : files) cmd += " '" + f.string() + "'";
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return -1;
  char line[128] = "";
  if (!std::fgets(line, sizeof line, p)) line[0] = 0;
  return pclose(p) == 0 ? std::atof(line) : -1;
}

struct PageSet {
  std::string name;
  std::vector<std::string> pages;
  std::vector<fs::path> files;  // the same pages on disk, for the peer
};

// Every page converted, on `threads` threads taking pages in turn; seconds.
double convert_all(const PageSet& set, unsigned threads, std::size_t& out_bytes) {
  std::atomic<std::size_t> next{0}, out{0};
  auto work = [&] {
    for (std::size_t i; (i = next++) < set.pages.size();) out += acdc::urls::html_to_text(set.pages[i]).text.size();
  };
  auto t = Clock::now();
  std::vector<std::thread> pool;
  for (unsigned k = 1; k < threads; ++k) pool.emplace_back(work);
  work();
  for (auto& th : pool) th.join();
  out_bytes = out;
  return seconds_since(t);
}

void bench_html(const PageSet& set, unsigned threads) {
  double mb = 0;
  for (const auto& p : set.pages) mb += static_cast<double>(p.size()) / 1e6;
  std::size_t out_bytes = 0;
  const double ours = convert_all(set, 1, out_bytes);
  const double parallel = threads > 1 ? convert_all(set, threads, out_bytes) : 0;
  const double peer = html2text_seconds(set.files, set.files.front().parent_path());
  std::printf("HTML to text, %s: %zu pages, %.1f MB (%.1f MB of text out)\n", set.name.c_str(), set.pages.size(), mb,
              static_cast<double>(out_bytes) / 1e6);
  std::printf("  acdc (gumbo + renderer)   %8.3f s   %7.1f MB/s\n", ours, mb / ours);
  if (parallel > 0)
    std::printf("  acdc, %u threads           %8.3f s   %7.1f MB/s\n", threads, parallel, mb / parallel);
  if (peer > 0) {
    std::printf("  python3-html2text         %8.3f s   %7.1f MB/s   -> acdc is %.1fx faster on one thread", peer, mb / peer, peer / ours);
    if (parallel > 0) std::printf(", %.1fx on %u", peer / parallel, threads);
    std::printf("\n");
  }
  else
    std::printf("  python3-html2text         not run (apt-get install python3-html2text)\n");
}

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// Saved real pages: every .html of at least 20 KB under `dir` that is
// UTF-8 (the peer reads UTF-8), at most `limit` of them, in path order.
PageSet saved_pages(const fs::path& dir, std::size_t limit) {
  PageSet set{"saved pages under " + dir.string(), {}, {}};
  std::vector<fs::path> found;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
    if (it->is_regular_file() && it->path().extension() == ".html" && it->file_size() >= 20 * 1024) found.push_back(it->path());
  std::sort(found.begin(), found.end());
  for (const auto& f : found) {
    if (set.pages.size() == limit) break;
    std::string text = read_file(f);
    if (!acdc::is_valid_utf8(text)) continue;
    set.pages.push_back(std::move(text));
    set.files.push_back(f);
  }
  return set;
}

PageSet generated_pages(std::size_t pages, std::size_t bytes_each, const fs::path& work) {
  PageSet set{"generated documentation pages", acdc::bench::make_corpus(pages, bytes_each), {}};
  for (std::size_t i = 0; i < set.pages.size(); ++i) {
    set.files.push_back(work / ("page" + std::to_string(i) + ".html"));
    std::ofstream(set.files.back()) << set.pages[i];
  }
  return set;
}

void bench_cache(const fs::path& work) {
  acdc::urls::UrlCache cache(work / "cache", std::chrono::hours(24));
  acdc::urls::UrlContent c{.url = "https://docs.example.org/guide", .url_type = "documentation", .title = "Guide",
                           .content = acdc::urls::html_to_text(acdc::bench::make_corpus(1, 120 * 1024)[0]).text,
                           .summary = std::string(1500, 's')};
  cache.put(c);
  constexpr int kRuns = 2000;
  auto t = Clock::now();
  std::size_t bytes = 0;
  for (int i = 0; i < kRuns; ++i) bytes += cache.get(c.url)->content.size();
  const double per = seconds_since(t) / kRuns;
  std::printf("cached fetch (disk entry of %zu KB: open, read, parse, TTL check), %d runs: %.3f ms each\n",
              c.to_json().size() / 1024, kRuns, per * 1000);
  (void)bytes;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<fs::path> dirs;
  std::size_t pages = 40, kb = 300, limit = 400;
  unsigned threads = 1;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string arg = argv[i], value = argv[i + 1];
    if (arg == "--dir") dirs.emplace_back(value);
    else if (arg == "--pages") pages = std::stoul(value);
    else if (arg == "--kb") kb = std::stoul(value);
    else if (arg == "--limit") limit = std::stoul(value);
    else if (arg == "--threads") threads = static_cast<unsigned>(std::stoul(value));
    else return std::fprintf(stderr, "usage: acdc-bench-urls [--dir DIR]... [--limit N] [--pages N] [--kb N] [--threads N]\n"), 2;
  }
  char templ[] = "/tmp/acdc-bench-urls-XXXXXX";
  if (!mkdtemp(templ)) return 1;
  const fs::path work = templ;
  for (const auto& dir : dirs) {
    PageSet set = saved_pages(dir, limit);
    if (set.pages.empty()) std::printf("no .html pages of 20 KB or more under %s\n", dir.c_str());
    else bench_html(set, threads);
  }
  bench_html(generated_pages(pages, kb * 1024, work), threads);
  bench_cache(work);
  fs::remove_all(work);
}
