#include "searcher.hpp"

#include "file_store.hpp"

#include <acdc/sdk/error.hpp>
#include <acdc/sdk/json.hpp>
#include <acdc/sdk/utf8.hpp>
#include <re2/re2.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <memory>
#include <thread>

namespace acdc::repo {

namespace {

struct Hit {
  int line_num;
  std::string_view line;
};

struct FileHits {
  size_t file_index;
  std::unique_ptr<std::string> data;  // owned apart: `hits` and `lines` view into it
  std::vector<Hit> hits;        // matching lines
  std::vector<std::string_view> lines;  // every line, only when context is wanted
};

std::unique_ptr<RE2> compile(const SearchQuery& q) {
  RE2::Options o;
  o.set_case_sensitive(!q.ignore_case);
  o.set_never_nl(true);  // a match never spans lines, as in git grep
  o.set_log_errors(false);
  o.set_max_mem(64 << 20);
  std::string pattern = q.use_regex ? q.text : RE2::QuoteMeta(q.text);
  if (q.whole_word) pattern = "\\b(?:" + pattern + ")\\b";
  auto re = std::make_unique<RE2>("(?m)" + pattern, o);
  if (!re->ok())
    throw invalid_params("Invalid search pattern " + to_valid_utf8(q.text) + ": " + re->error() +
                         (q.use_regex ? " (turn off regex to search for the text as typed)" : ""));
  return re;
}

std::string_view strip_cr(std::string_view line) {
  return !line.empty() && line.back() == '\r' ? line.substr(0, line.size() - 1) : line;
}

// Finds matching lines in `data`: one RE2 scan over the whole buffer, then
// jumps to the end of each matching line.
void scan(const RE2& re, std::string_view data, std::vector<Hit>& hits) {
  size_t pos = 0, counted_to = 0;
  int line_num = 1;
  re2::StringPiece m;
  while (pos <= data.size() && re.Match(data, pos, data.size(), RE2::UNANCHORED, &m, 1)) {
    size_t at = static_cast<size_t>(m.data() - data.data());
    if (at == data.size() && at > 0 && data.back() == '\n') break;  // past the last line
    line_num += static_cast<int>(std::count(data.begin() + counted_to, data.begin() + at, '\n'));
    size_t prev_nl = at == 0 ? std::string_view::npos : data.rfind('\n', at - 1);
    size_t begin = prev_nl == std::string_view::npos ? 0 : prev_nl + 1;
    size_t end = std::min(data.find('\n', at), data.size());
    hits.push_back(Hit{line_num, strip_cr(data.substr(begin, end - begin))});
    counted_to = at;
    pos = end + 1;
  }
}

std::vector<std::string_view> split_lines(std::string_view data) {
  std::vector<std::string_view> lines;
  for (size_t start = 0; start < data.size();) {
    size_t end = std::min(data.find('\n', start), data.size());
    lines.push_back(strip_cr(data.substr(start, end - start)));
    start = end + 1;
  }
  return lines;
}

void write_line(JsonWriter& w, int num, std::string_view text) {
  w.StartObject();
  w.Key("line_num"); w.Int(num);
  w.Key("line"); to_json(w, to_valid_utf8(text));
  w.EndObject();
}

// Context rows between two matches belong to both, capped at ctx each (§2.4).
void write_matches(JsonWriter& w, const FileHits& f, int ctx) {
  w.StartArray();
  for (size_t i = 0; i < f.hits.size(); ++i) {
    int num = f.hits[i].line_num;
    int prev = i ? f.hits[i - 1].line_num : 0;
    int next = i + 1 < f.hits.size() ? f.hits[i + 1].line_num : static_cast<int>(f.lines.size()) + 1;
    w.StartObject();
    w.Key("line_num"); w.Int(num);
    w.Key("line"); to_json(w, to_valid_utf8(f.hits[i].line));
    w.Key("context_before");
    w.StartArray();
    for (int l = std::max(prev + 1, num - ctx); l < num; ++l) write_line(w, l, f.lines[l - 1]);
    w.EndArray();
    w.Key("context_after");
    w.StartArray();
    for (int l = num + 1; l <= std::min(next - 1, num + ctx); ++l) write_line(w, l, f.lines[l - 1]);
    w.EndArray();
    w.EndObject();
  }
  w.EndArray();
}

}  // namespace

std::string search_files(const std::filesystem::path& root, const std::vector<std::string>& files,
                         const SearchQuery& query, const SearchLimits& limits) {
  if (query.text.empty()) return "[]";
  auto re = compile(query);
  int ctx = std::clamp(query.context_lines, 0, 50);
  auto stop_at = std::chrono::steady_clock::now() + limits.deadline;
  std::atomic<size_t> next{0}, total{0};
  unsigned n_threads = std::max(1u, std::min(8u, std::thread::hardware_concurrency()));
  std::vector<std::vector<FileHits>> found(n_threads);
  auto work = [&](unsigned t) {
    for (size_t i; (i = next.fetch_add(1)) < files.size();) {
      if (total.load() >= limits.max_matches || std::chrono::steady_clock::now() > stop_at) return;
      FileHits f{i, std::make_unique<std::string>(), {}, {}};
      const std::string& data = *f.data;
      if (!read_file_within(root / files[i], limits.max_file_bytes, *f.data) || data.empty() || looks_binary(data))
        continue;
      scan(*re, data, f.hits);
      if (f.hits.empty()) continue;
      total += f.hits.size();
      if (ctx > 0) f.lines = split_lines(data);
      found[t].push_back(std::move(f));
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < n_threads; ++t) pool.emplace_back(work, t);
  work(0);
  for (auto& th : pool) th.join();
  std::vector<FileHits*> all;
  for (auto& v : found)
    for (auto& f : v) all.push_back(&f);
  std::sort(all.begin(), all.end(), [](auto* a, auto* b) { return a->file_index < b->file_index; });
  rapidjson::StringBuffer buf;
  JsonWriter w(buf);
  w.StartArray();
  for (FileHits* f : all) {
    w.StartObject();
    w.Key("file"); to_json(w, to_valid_utf8(files[f->file_index]));
    w.Key("matches"); write_matches(w, *f, ctx);
    w.EndObject();
  }
  w.EndArray();
  return std::string(buf.GetString(), buf.GetSize());
}

}  // namespace acdc::repo
