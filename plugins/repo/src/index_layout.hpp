// index_layout.hpp -- the index's entries grouped by directory.
//
// The working-tree walk reads each tracked directory once and needs, for
// every name readdir returns, "which index entries is this?" and "is this a
// tracked subdirectory?". Building that map costs a pass over every path, so
// the status scanner keeps the layout and reuses it while the index lists
// the same paths (checked path by path: cheap, and exact even when the
// in-memory index was changed and never written).
//
//   IndexLayout layout(index);                  // index read, repository lock held
//   for (const LayoutDir& d : layout.dirs())    // dirs()[0] is the root
//     if (auto [first, last] = d.find_file("a.txt"); first != last) ...
#pragma once

#include <git2.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace acdc::repo {

struct LayoutDir {
  std::string_view path;  // "" for the root, else "a/b"
  // Files directly in it, by name (conflict stages repeat a name): name, index position.
  std::vector<std::pair<std::string_view, uint32_t>> files;
  // Tracked subdirectories, by name: name, position in IndexLayout::dirs().
  std::vector<std::pair<std::string_view, uint32_t>> subdirs;

  // The index positions of the file `name`, as a range into `files`.
  std::pair<const std::pair<std::string_view, uint32_t>*, const std::pair<std::string_view, uint32_t>*> find_file(
      std::string_view name) const;
  // The position in IndexLayout::dirs() of the subdirectory `name`, or -1.
  int64_t find_subdir(std::string_view name) const;
};

class IndexLayout {
 public:
  // Copies what it needs: the index may be reloaded afterwards.
  explicit IndexLayout(git_index* index);
  IndexLayout(const IndexLayout&) = delete;
  IndexLayout& operator=(const IndexLayout&) = delete;

  // True when `index` lists the paths this layout was built from, in order.
  bool matches(git_index* index) const;
  const std::vector<LayoutDir>& dirs() const { return dirs_; }
  size_t entry_count() const { return entry_count_; }

 private:
  size_t entry_count_ = 0;
  std::string arena_;  // every path, back to back; the views point into it
  std::vector<std::string_view> paths_;  // by index position
  std::vector<LayoutDir> dirs_;
};

}  // namespace acdc::repo
