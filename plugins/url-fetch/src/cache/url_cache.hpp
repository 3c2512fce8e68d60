// cache/url_cache.hpp -- fetched URLs on disk (acdc-features.md §6 "Disk
// cache"): {dir}/{sha256(url)[:16]}.json, the URLContent plus _cached_at
// (unix seconds). An entry older than the TTL, or unreadable, is deleted
// when read. Errors are never stored; a summary added later rewrites the
// entry in place. Writes go to a temporary file renamed into place, so a
// reader never sees half an entry.
//
//   UrlCache cache(dir, std::chrono::hours(24));
//   cache.put(content);                                 // no-op for an error
//   std::optional<UrlContent> hit = cache.get(url);
//
// Thread-safe: every call works on its own file.
#pragma once

#include "content/url_content.hpp"

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>

namespace acdc::urls {

class UrlCache {
 public:
  UrlCache(std::filesystem::path dir, std::chrono::seconds ttl) : dir_(std::move(dir)), ttl_(ttl) {}

  std::optional<UrlContent> get(const std::string& url) const;
  void put(const UrlContent& content) const;
  // Deletes the entry; true when there was one.
  bool remove(const std::string& url) const;
  // Deletes every entry; returns how many.
  size_t clear() const;

  const std::filesystem::path& dir() const { return dir_; }
  std::filesystem::path file_for(const std::string& url) const;

 private:
  std::filesystem::path dir_;
  std::chrono::seconds ttl_;
};

}  // namespace acdc::urls
