#include "tree_builder.hpp"

#include "file_store.hpp"

#include <acdc/sdk/json.hpp>
#include <acdc/sdk/utf8.hpp>
#include <rapidjson/internal/dtoa.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <thread>

namespace acdc::repo {

namespace {

// Files read by one tree before the facts are written to disk.
constexpr size_t kSaveAfterReads = 1000;
// Files to read, with nothing known of any, from which the first tree
// answers without line counts: below it, reading costs less than the
// second tree a client would have to ask for.
constexpr size_t kCountInBackgroundFrom = 5000;
// How long that count waits before it starts: until the tree's reply has
// been sent and parsed. Counting (every file, both cores) during the reply
// made the first tree of 50,000 files 40 ms slower (issue 18).
constexpr std::chrono::milliseconds kCountAfter{300};

int count_lines(std::string_view data) {
  if (data.empty()) return 0;
  int n = static_cast<int>(std::count(data.begin(), data.end(), '\n'));
  return data.back() == '\n' ? n : n + 1;
}

void write_str(JsonWriter& w, std::string_view s) {
  if (is_valid_utf8(s)) to_json(w, s);
  else to_json(w, to_valid_utf8(s));
}

// Appends `s` as a JSON string when it needs no escape and is valid UTF-8
// (nearly every path); false, with `out` unchanged, otherwise.
bool append_plain(std::string& out, std::string_view s) {
  bool ascii = true;
  for (char c : s) {
    auto b = static_cast<unsigned char>(c);
    if (b < 0x20 || b == '"' || b == '\\') return false;
    ascii = ascii && b < 0x80;
  }
  if (!ascii && !is_valid_utf8(s)) return false;
  out += '"';
  out += s;
  out += '"';
  return true;
}

// One directory's JSON from the sorted paths: its descendants are the
// contiguous range [begin, end) of paths starting with its path and '/'.
class TreeWriter {
 public:
  TreeWriter(JsonWriter& w, const RepoStatus& st, const std::vector<FileFacts>& facts) : w_(w), st_(st), facts_(facts) {}

  void dir(std::string_view name, std::string_view path, size_t begin, size_t end) const {
    size_t prefix = path.empty() ? 0 : path.size() + 1;
    struct Sub {
      std::string_view name;
      size_t begin, end;
    };
    std::vector<Sub> subs;
    std::vector<size_t> files;
    for (size_t k = begin; k < end;) {
      std::string_view rest = std::string_view(st_.files[k]).substr(prefix);
      size_t slash = rest.find('/');
      if (slash == std::string_view::npos) {
        files.push_back(k++);
        continue;
      }
      std::string_view sub_prefix = std::string_view(st_.files[k]).substr(0, prefix + slash + 1);
      size_t m = k + 1;
      while (m < end && std::string_view(st_.files[m]).starts_with(sub_prefix)) ++m;
      subs.push_back(Sub{rest.substr(0, slash), k, m});
      k = m;
    }
    std::sort(subs.begin(), subs.end(), [](const Sub& a, const Sub& b) { return a.name < b.name; });
    open_dir(name, path);
    for (const Sub& s : subs) dir(s.name, std::string_view(st_.files[s.begin]).substr(0, prefix + s.name.size()), s.begin, s.end);
    for (size_t k : files) file(std::string_view(st_.files[k]).substr(prefix), k);
    w_.EndArray();
    w_.EndObject();
  }

 private:
  void open_dir(std::string_view name, std::string_view path) const {
    w_.StartObject();
    w_.Key("name"); write_str(w_, name);
    w_.Key("path"); write_str(w_, path);
    w_.Key("type"); w_.String("dir");
    w_.Key("lines"); w_.Int(0);
    w_.Key("children");
    w_.StartArray();
  }

  // A file node, written as one raw value: most of the JSON is file nodes,
  // and the Writer's per-character escaping of keys and paths is its cost.
  void file(std::string_view name, size_t i) const {
    const FileFacts& f = facts_[i];
    std::string& o = scratch_;
    o.assign(R"({"name":)");
    if (!append_plain(o, name)) return file_escaped(name, i);
    o += R"(,"path":)";
    if (!append_plain(o, st_.files[i])) return file_escaped(name, i);
    char num[32];
    o += R"(,"type":"file","lines":)";
    o.append(num, std::to_chars(num, num + sizeof num, f.lines).ptr);
    o += R"(,"mtime":)";
    o.append(num, rapidjson::internal::dtoa(mtime_of(f), num));  // what Writer::Double writes
    o += f.binary ? R"(,"is_binary":true)" : R"(,"is_binary":false)";
    if (is_submodule(i)) o += R"(,"submodule":true)";
    o += '}';
    w_.RawValue(o.data(), o.size(), rapidjson::kObjectType);
  }

  void file_escaped(std::string_view name, size_t i) const {
    const FileFacts& f = facts_[i];
    w_.StartObject();
    w_.Key("name"); write_str(w_, name);
    w_.Key("path"); write_str(w_, st_.files[i]);
    w_.Key("type"); w_.String("file");
    w_.Key("lines"); w_.Int(f.lines);
    w_.Key("mtime"); w_.Double(mtime_of(f));
    w_.Key("is_binary"); w_.Bool(f.binary);
    if (is_submodule(i)) { w_.Key("submodule"); w_.Bool(true); }
    w_.EndObject();
  }

  static double mtime_of(const FileFacts& f) { return f.stat.size < 0 ? 0.0 : static_cast<double>(f.stat.mtime_ns) / 1e9; }
  bool is_submodule(size_t i) const { return !st_.submodules.empty() && st_.submodules.count(st_.files[i]); }

  JsonWriter& w_;
  const RepoStatus& st_;
  const std::vector<FileFacts>& facts_;
  mutable std::string scratch_;
};

void write_list(JsonWriter& w, const char* key, const std::vector<std::string>& items) {
  w.Key(key);
  w.StartArray();
  for (const auto& s : items) write_str(w, s);
  w.EndArray();
}

void write_diff_stats(JsonWriter& w, const std::map<std::string, LineStats>& stats) {
  w.Key("diff_stats");
  w.StartObject();
  for (const auto& [path, s] : stats) {
    std::string key = to_valid_utf8(path);
    w.Key(key.c_str(), static_cast<rapidjson::SizeType>(key.size()));
    w.StartObject();
    w.Key("additions"); w.Int(s.additions);
    w.Key("deletions"); w.Int(s.deletions);
    w.EndObject();
  }
  w.EndObject();
}

}  // namespace

FileFacts TreeBuilder::measure(int root_fd, const std::string& path, const FileStat& now, std::string& buffer) const {
  FileFacts f{now};
  size_t len = 0;
  if (now.size < 0 || !S_ISREG(now.mode) || static_cast<size_t>(now.size) > max_file_bytes_) return f;
  if (!read_file_at(root_fd, path, max_file_bytes_, buffer, len)) return f;
  std::string_view data(buffer.data(), len);
  f.binary = looks_binary(data);
  f.lines = f.binary ? 0 : count_lines(data);
  return f;
}

void TreeBuilder::measure_all(const RepoStatus& st, const std::vector<size_t>& which,
                              std::vector<FileFacts>& facts) const {
  if (which.empty()) return;
  int root_fd = ::open(root_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);  // paths resolve below it: short walks
  std::atomic<size_t> next{0};
  auto work = [&] {
    std::string buffer;  // one per thread, reused for every file
    for (size_t k; (k = next.fetch_add(1)) < which.size();)
      facts[which[k]] = measure(root_fd, st.files[which[k]], st.stats[which[k]], buffer);
  };
  unsigned n = which.size() < 64 ? 1u : std::clamp(std::thread::hardware_concurrency(), 1u, 8u);
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < n; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  if (root_fd >= 0) ::close(root_fd);
}

// Without cache_mu_: the count takes it to keep its result. Nothing else
// calls in any more.
TreeBuilder::~TreeBuilder() {
  if (counting_.joinable()) counting_.join();
}

void TreeBuilder::count_in_background(const RepoStatus& st) {
  counting_now_ = true;
  if (counting_.joinable()) counting_.join();  // an earlier count, past its last lock
  RepoStatus copy;
  copy.files = st.files;
  copy.stats = st.stats;
  copy.submodules = st.submodules;
  counting_ = std::thread([this, st = std::move(copy)]() mutable {
    std::this_thread::sleep_for(kCountAfter);
    std::vector<FileFacts> facts(st.files.size());
    std::vector<size_t> which;
    for (size_t i = 0; i < st.files.size(); ++i) {
      if (st.submodules.count(st.files[i])) facts[i] = FileFacts{st.stats[i]};
      else which.push_back(i);
    }
    measure_all(st, which, facts);
    keep(std::move(st.files), std::move(facts), true);
    {
      std::lock_guard lock(cache_mu_);
      counting_now_ = false;
    }
    on_counted_();
  });
}

std::vector<FileFacts> TreeBuilder::facts_for(const RepoStatus& st, size_t& read, bool& deferred) {
  std::vector<FileFacts> facts(st.files.size());
  std::vector<size_t> stale;
  {
    std::lock_guard lock(cache_mu_);
    if (!loaded_) {
      facts_file_.load(cached_paths_, cached_facts_);  // nothing usable: every file is read, as on a first run
      loaded_ = true;
    }
    size_t j = 0;
    for (size_t i = 0; i < st.files.size(); ++i) {
      while (j < cached_paths_.size() && cached_paths_[j] < st.files[i]) ++j;
      if (st.submodules.count(st.files[i])) facts[i] = FileFacts{st.stats[i]};
      else if (j < cached_paths_.size() && cached_paths_[j] == st.files[i] && cached_facts_[j].stat == st.stats[i])
        facts[i] = cached_facts_[j];
      else stale.push_back(i);
    }
    deferred = on_counted_ && stale.size() >= kCountInBackgroundFrom && (counting_now_ || cached_paths_.empty());
    if (deferred) {
      for (size_t i : stale) facts[i] = FileFacts{st.stats[i]};
      if (!counting_now_) count_in_background(st);
      read = 0;
      return facts;
    }
  }
  measure_all(st, stale, facts);
  read = stale.size();
  return facts;
}

void TreeBuilder::keep(std::vector<std::string>&& files, std::vector<FileFacts>&& facts, bool save) {
  const int64_t settled_before = settled_before_ns();
  for (FileFacts& f : facts)
    if (f.stat.mtime_ns >= settled_before) f.stat.size = -2;  // never equal to a real stat
  std::lock_guard lock(cache_mu_);
  cached_paths_ = std::move(files);
  cached_facts_ = std::move(facts);
  if (save) facts_file_.save(cached_paths_, cached_facts_);
}

std::string TreeBuilder::build_json(RepoStatus st) {
  size_t read = 0;
  bool deferred = false;
  std::vector<FileFacts> facts = facts_for(st, read, deferred);
  rapidjson::StringBuffer buf;
  buf.Reserve(st.files.size() * 160 + 4096);
  JsonWriter w(buf);
  w.StartObject();
  w.Key("tree");
  TreeWriter(w, st, facts).dir(root_.filename().string(), "", 0, st.files.size());
  write_list(w, "modified", st.modified);
  write_list(w, "staged", st.staged);
  write_list(w, "untracked", st.untracked);
  write_list(w, "deleted", st.deleted);
  write_diff_stats(w, st.diff_stats);
  w.EndObject();
  // A few edits are a few reads at the next start: not worth rewriting the
  // file for. Uncounted facts are never kept: the background count keeps its own.
  if (!deferred) keep(std::move(st.files), std::move(facts), read >= kSaveAfterReads);
  return std::string(buf.GetString(), buf.GetSize());
}

}  // namespace acdc::repo
