#include "index_layout.hpp"

#include <algorithm>
#include <cstring>
#include <unordered_map>

namespace acdc::repo {

namespace {

using Named = std::pair<std::string_view, uint32_t>;

bool by_name(const Named& a, const Named& b) { return a.first < b.first; }

// Finds or adds the directory `path` and, first, its parents.
class DirIndex {
 public:
  explicit DirIndex(std::vector<LayoutDir>& dirs) : dirs_(dirs) {
    dirs_.push_back(LayoutDir{});
    ids_.emplace(std::string_view{}, 0);
  }

  uint32_t of(std::string_view path) {
    if (auto it = ids_.find(path); it != ids_.end()) return it->second;
    size_t slash = path.rfind('/');
    uint32_t parent = of(slash == std::string_view::npos ? std::string_view{} : path.substr(0, slash));
    auto id = static_cast<uint32_t>(dirs_.size());
    dirs_.push_back(LayoutDir{path, {}, {}});
    dirs_[parent].subdirs.emplace_back(slash == std::string_view::npos ? path : path.substr(slash + 1), id);
    ids_.emplace(path, id);
    return id;
  }

 private:
  std::vector<LayoutDir>& dirs_;
  std::unordered_map<std::string_view, uint32_t> ids_;
};

}  // namespace

std::pair<const Named*, const Named*> LayoutDir::find_file(std::string_view name) const {
  auto [first, last] = std::equal_range(files.begin(), files.end(), Named{name, 0}, by_name);
  return {files.data() + (first - files.begin()), files.data() + (last - files.begin())};
}

int64_t LayoutDir::find_subdir(std::string_view name) const {
  auto it = std::lower_bound(subdirs.begin(), subdirs.end(), Named{name, 0}, by_name);
  return it != subdirs.end() && it->first == name ? static_cast<int64_t>(it->second) : -1;
}

IndexLayout::IndexLayout(git_index* index) : entry_count_(git_index_entrycount(index)) {
  size_t bytes = 0;
  for (size_t i = 0; i < entry_count_; ++i) bytes += std::strlen(git_index_get_byindex(index, i)->path);
  arena_.reserve(bytes);  // never grows past this, so the views stay valid
  paths_.reserve(entry_count_);
  DirIndex ids(dirs_);
  uint32_t last_dir = 0;
  std::string_view last_dir_path;
  for (size_t i = 0; i < entry_count_; ++i) {
    size_t start = arena_.size();
    arena_ += git_index_get_byindex(index, i)->path;
    std::string_view path(arena_.data() + start, arena_.size() - start);
    paths_.push_back(path);
    size_t slash = path.rfind('/');
    std::string_view dir = slash == std::string_view::npos ? std::string_view{} : path.substr(0, slash);
    if (i == 0 || dir != last_dir_path) last_dir = ids.of(dir);  // entries of a directory mostly come together
    last_dir_path = dir;
    dirs_[last_dir].files.emplace_back(path.substr(slash + 1), static_cast<uint32_t>(i));
  }
  for (LayoutDir& d : dirs_) {
    std::stable_sort(d.files.begin(), d.files.end(), by_name);
    std::sort(d.subdirs.begin(), d.subdirs.end(), by_name);
  }
}

bool IndexLayout::matches(git_index* index) const {
  if (git_index_entrycount(index) != entry_count_) return false;
  for (size_t i = 0; i < entry_count_; ++i)
    if (paths_[i] != git_index_get_byindex(index, i)->path) return false;
  return true;
}

}  // namespace acdc::repo
