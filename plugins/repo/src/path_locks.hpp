// path_locks.hpp -- one mutex per repository path, alive while someone holds it.
//
// acdc-features.md §2.1: writes to different paths run concurrently, writes to
// the same path serialise. Entries are dropped when their last holder leaves,
// so the table never grows beyond the paths being written right now.
//
//   PathLocks locks;
//   {
//     auto held = locks.acquire({"a.txt", "b.txt"});   // sorted: no deadlock
//     ... write both ...
//   }
#pragma once

#include <condition_variable>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace acdc::repo {

class PathLocks {
 public:
  class Held {
   public:
    Held(PathLocks& owner, std::vector<std::string> paths) : owner_(&owner), paths_(std::move(paths)) {}
    Held(Held&& other) noexcept : owner_(other.owner_), paths_(std::move(other.paths_)) { other.owner_ = nullptr; }
    Held(const Held&) = delete;
    Held& operator=(const Held&) = delete;
    ~Held();

   private:
    PathLocks* owner_;
    std::vector<std::string> paths_;
  };

  // Blocks until every path in `paths` is free, then holds them all.
  Held acquire(std::vector<std::string> paths);

 private:
  std::mutex mu_;
  std::condition_variable freed_;
  std::map<std::string, int> busy_;  // path -> 1 while held
};

}  // namespace acdc::repo
