#include "path_locks.hpp"

#include <algorithm>

namespace acdc::repo {

PathLocks::Held PathLocks::acquire(std::vector<std::string> paths) {
  std::sort(paths.begin(), paths.end());
  paths.erase(std::unique(paths.begin(), paths.end()), paths.end());
  std::unique_lock lock(mu_);
  // All or nothing: taking the set at once cannot deadlock with another set.
  freed_.wait(lock, [&] {
    return std::none_of(paths.begin(), paths.end(), [&](const std::string& p) { return busy_.count(p); });
  });
  for (const auto& p : paths) busy_[p] = 1;
  return Held(*this, std::move(paths));
}

PathLocks::Held::~Held() {
  if (!owner_) return;
  {
    std::lock_guard lock(owner_->mu_);
    for (const auto& p : paths_) owner_->busy_.erase(p);
  }
  owner_->freed_.notify_all();
}

}  // namespace acdc::repo
