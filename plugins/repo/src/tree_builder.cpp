#include "tree_builder.hpp"

#include "file_store.hpp"

#include <acdc/sdk/json.hpp>
#include <acdc/sdk/utf8.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <thread>

namespace acdc::repo {

namespace {

int count_lines(std::string_view data) {
  if (data.empty()) return 0;
  int n = static_cast<int>(std::count(data.begin(), data.end(), '\n'));
  return data.back() == '\n' ? n : n + 1;
}

struct Dir {
  std::map<std::string, Dir> dirs;
  std::vector<std::pair<std::string, size_t>> files;  // name, index into the file list
};

void write_str(JsonWriter& w, std::string_view s) { to_json(w, to_valid_utf8(s)); }

void write_dir(JsonWriter& w, const Dir& dir, const std::string& name, const std::string& path,
               const std::vector<std::string>& files, const std::vector<FileFacts>& facts,
               const RepoStatus& st) {
  w.StartObject();
  w.Key("name"); write_str(w, name);
  w.Key("path"); write_str(w, path);
  w.Key("type"); w.String("dir");
  w.Key("lines"); w.Int(0);
  w.Key("children");
  w.StartArray();
  for (const auto& [child, sub] : dir.dirs)
    write_dir(w, sub, child, path.empty() ? child : path + "/" + child, files, facts, st);
  for (const auto& [child, i] : dir.files) {
    const FileFacts& f = facts[i];
    w.StartObject();
    w.Key("name"); write_str(w, child);
    w.Key("path"); write_str(w, files[i]);
    w.Key("type"); w.String("file");
    w.Key("lines"); w.Int(f.lines);
    w.Key("mtime"); w.Double(f.stat.size < 0 ? 0.0 : static_cast<double>(f.stat.mtime_ns) / 1e9);
    w.Key("is_binary"); w.Bool(f.binary);
    if (st.submodules.count(files[i])) { w.Key("submodule"); w.Bool(true); }
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
}

void write_list(JsonWriter& w, const char* key, const std::vector<std::string>& items) {
  w.Key(key);
  w.StartArray();
  for (const auto& s : items) write_str(w, s);
  w.EndArray();
}

}  // namespace

FileFacts TreeBuilder::measure(const std::string& path, const FileStat& now, const FileFacts& cached) const {
  FileFacts f{now};
  if (cached.stat.size == now.size && cached.stat.mtime_ns == now.mtime_ns && cached.stat.inode == now.inode &&
      cached.stat.mode == now.mode)
    return cached;
  if (now.size < 0 || !S_ISREG(now.mode) || static_cast<size_t>(now.size) > max_file_bytes_) return f;
  std::string data = read_whole_file(root_ / path);
  f.binary = looks_binary(data);
  f.lines = f.binary ? 0 : count_lines(data);
  return f;
}

std::vector<FileFacts> TreeBuilder::facts_for(const std::vector<std::string>& files, const RepoStatus& st) {
  std::vector<FileFacts> facts(files.size());
  {
    std::lock_guard lock(cache_mu_);
    for (size_t i = 0; i < files.size(); ++i)
      if (auto it = cache_.find(files[i]); it != cache_.end()) facts[i] = it->second;
  }
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i; (i = next.fetch_add(1)) < files.size();)
      if (!st.submodules.count(files[i])) facts[i] = measure(files[i], st.stats[i], facts[i]);
  };
  unsigned n = std::max(1u, std::min(8u, std::thread::hardware_concurrency()));
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < n; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  std::unordered_map<std::string, FileFacts> fresh;
  fresh.reserve(files.size());
  for (size_t i = 0; i < files.size(); ++i) fresh.emplace(files[i], facts[i]);
  std::lock_guard lock(cache_mu_);
  cache_.swap(fresh);  // only paths still in the tree stay cached
  return facts;
}

std::string TreeBuilder::build_json(const RepoStatus& st) {
  std::vector<FileFacts> facts = facts_for(st.files, st);
  Dir root;
  for (size_t i = 0; i < st.files.size(); ++i) {
    const std::string& p = st.files[i];
    Dir* d = &root;
    size_t start = 0;
    for (size_t slash; (slash = p.find('/', start)) != std::string::npos; start = slash + 1)
      d = &d->dirs[p.substr(start, slash - start)];
    d->files.emplace_back(p.substr(start), i);
  }
  rapidjson::StringBuffer buf;
  JsonWriter w(buf);
  w.StartObject();
  w.Key("tree");
  write_dir(w, root, root_.filename().string(), "", st.files, facts, st);
  write_list(w, "modified", st.modified);
  write_list(w, "staged", st.staged);
  write_list(w, "untracked", st.untracked);
  write_list(w, "deleted", st.deleted);
  w.Key("diff_stats");
  w.StartObject();
  for (const auto& [path, s] : st.diff_stats) {
    std::string key = to_valid_utf8(path);
    w.Key(key.c_str(), static_cast<rapidjson::SizeType>(key.size()));
    w.StartObject();
    w.Key("additions"); w.Int(s.additions);
    w.Key("deletions"); w.Int(s.deletions);
    w.EndObject();
  }
  w.EndObject();
  w.EndObject();
  return std::string(buf.GetString(), buf.GetSize());
}

}  // namespace acdc::repo
