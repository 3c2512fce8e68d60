#include "cache/url_cache.hpp"

#include <acdc/sdk/json.hpp>
#include <acdc/util/atomic_file.hpp>
#include <acdc/util/sha256.hpp>

#include <fstream>
#include <sstream>

namespace acdc::urls {
namespace {

namespace fs = std::filesystem;

int64_t now_seconds() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

}  // namespace

fs::path UrlCache::file_for(const std::string& url) const {
  return dir_ / (util::sha256_hex(url).substr(0, 16) + ".json");
}

std::optional<UrlContent> UrlCache::get(const std::string& url) const {
  const fs::path file = file_for(url);
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  in.close();
  try {
    acdc::Json doc = acdc::parse_json(text.str());
    auto at = doc.IsObject() ? doc.FindMember("_cached_at") : doc.MemberEnd();
    if (at == doc.MemberEnd() || !at->value.IsNumber()) throw std::runtime_error("no _cached_at");
    if (now_seconds() - static_cast<int64_t>(at->value.GetDouble()) > ttl_.count()) throw std::runtime_error("expired");
    UrlContent c = UrlContent::from_json(text.str());
    if (c.url != url) throw std::runtime_error("another URL's entry");  // a hash prefix collision
    return c;
  } catch (const std::exception&) {
    std::error_code ec;
    fs::remove(file, ec);
    return std::nullopt;
  }
}

void UrlCache::put(const UrlContent& content) const {
  if (!content.ok()) return;
  std::string json = content.to_json();
  json.pop_back();  // the closing brace: _cached_at joins the object
  json += ",\"_cached_at\":" + std::to_string(now_seconds()) + "}";
  try {
    acdc::util::replace_file(file_for(content.url), json);
  } catch (const acdc::Error&) {
    // A cache that cannot be written costs a refetch, nothing more.
  }
}

bool UrlCache::remove(const std::string& url) const {
  std::error_code ec;
  return fs::remove(file_for(url), ec);
}

size_t UrlCache::clear() const {
  size_t n = 0;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir_, ec)) {
    if (e.path().extension() != ".json") continue;
    std::error_code rm;
    if (fs::remove(e.path(), rm)) ++n;
  }
  return n;
}

}  // namespace acdc::urls
