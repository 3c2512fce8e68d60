#include "searcher.hpp"

#include "file_store.hpp"
#include "literal_finder.hpp"

#include <acdc/sdk/error.hpp>
#include <acdc/sdk/json.hpp>
#include <acdc/sdk/utf8.hpp>
#include <re2/re2.h>

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <memory>
#include <optional>
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

// Where the next match starts: a literal scan when it is exact, else RE2.
class Matcher {
 public:
  explicit Matcher(const SearchQuery& q) : re_(compile(q)) {
    if (!q.use_regex && LiteralFinder::handles(q.text)) literal_.emplace(q.text, q.ignore_case, q.whole_word);
  }

  size_t find(std::string_view data, size_t from) const {
    if (literal_) return literal_->find(data, from);
    re2::StringPiece m;
    if (from > data.size() || !re_->Match(data, from, data.size(), RE2::UNANCHORED, &m, 1)) return std::string_view::npos;
    size_t at = static_cast<size_t>(m.data() - data.data());
    // An empty match past the last line's newline is not a line.
    return at == data.size() && at > 0 && data.back() == '\n' ? std::string_view::npos : at;
  }

 private:
  static std::unique_ptr<RE2> compile(const SearchQuery& q);

  std::unique_ptr<RE2> re_;  // compiled even for a literal: it validates the query
  std::optional<LiteralFinder> literal_;
};

std::unique_ptr<RE2> Matcher::compile(const SearchQuery& q) {
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

// Finds matching lines in `data`: after each match, jumps to the end of its line.
void scan(const Matcher& matcher, std::string_view data, std::vector<Hit>& hits) {
  size_t pos = 0, counted_to = 0;
  int line_num = 1;
  for (size_t at; (at = matcher.find(data, pos)) != std::string_view::npos;) {
    line_num += static_cast<int>(std::count(data.begin() + counted_to, data.begin() + at, '\n'));
    size_t prev_nl = at == 0 ? std::string_view::npos : data.rfind('\n', at - 1);
    size_t begin = prev_nl == std::string_view::npos ? 0 : prev_nl + 1;
    size_t end = std::min(data.find('\n', at), data.size());
    hits.push_back(Hit{line_num, strip_cr(data.substr(begin, end - begin))});
    counted_to = at;
    pos = end + 1;
    if (pos > data.size()) break;
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

// The hits point into a reused buffer: move them onto a copy of their own.
void keep_data(std::string_view data, FileHits& f) {
  f.data = std::make_unique<std::string>(data);
  for (Hit& h : f.hits) h.line = std::string_view(f.data->data() + (h.line.data() - data.data()), h.line.size());
}

// True when the text file `rel` has hits, which `f` then holds with its own copy of the data.
bool search_file(const Matcher& matcher, int root_fd, const std::string& rel, size_t cap, std::string& buf, FileHits& f) {
  size_t len = 0;
  if (!read_file_at(root_fd, rel, cap, buf, len) || len == 0) return false;
  std::string_view data(buf.data(), len);
  if (looks_binary(data)) return false;
  scan(matcher, data, f.hits);
  if (f.hits.empty()) return false;
  keep_data(data, f);
  return true;
}

std::string to_json_text(const std::vector<std::string>& files, std::vector<std::vector<FileHits>>& found, int ctx) {
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

}  // namespace

std::string search_files(const std::filesystem::path& root, const std::vector<std::string>& files,
                         const SearchQuery& query, const SearchLimits& limits) {
  if (query.text.empty()) return "[]";
  Matcher matcher(query);
  int ctx = std::clamp(query.context_lines, 0, 50);
  auto stop_at = std::chrono::steady_clock::now() + limits.deadline;
  int root_fd = ::open(root.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (root_fd < 0) throw Error(ACDC_E_APPLICATION, "cannot open the repository root " + root.string());
  std::atomic<size_t> next{0}, total{0};
  unsigned n_threads = std::clamp(std::thread::hardware_concurrency(), 1u, 8u);
  std::vector<std::vector<FileHits>> found(n_threads);
  auto work = [&](unsigned t) {
    std::string buf;
    for (size_t i; (i = next.fetch_add(1)) < files.size();) {
      if (total.load() >= limits.max_matches || std::chrono::steady_clock::now() > stop_at) return;
      FileHits f{i, nullptr, {}, {}};
      if (!search_file(matcher, root_fd, files[i], limits.max_file_bytes, buf, f)) continue;
      total += f.hits.size();
      if (ctx > 0) f.lines = split_lines(*f.data);
      found[t].push_back(std::move(f));
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < n_threads; ++t) pool.emplace_back(work, t);
  work(0);
  for (auto& th : pool) th.join();
  ::close(root_fd);
  return to_json_text(files, found, ctx);
}

}  // namespace acdc::repo
