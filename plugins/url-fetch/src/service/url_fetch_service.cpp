#include "service/url_fetch_service.hpp"

#include "detect/url_detector.hpp"

#include <acdc/sdk/call_and_wait.hpp>

#include <curl/curl.h>

#include <algorithm>
#include <cstdlib>

namespace acdc::urls {
namespace {

const acdc::JsonValue* member(const acdc::JsonValue& v, const char* key) {
  if (!v.IsObject()) return nullptr;
  auto it = v.FindMember(key);
  return it == v.MemberEnd() ? nullptr : &it->value;
}

std::string string_at(const acdc::JsonValue& v, const char* key) {
  const acdc::JsonValue* m = member(v, key);
  return m && m->IsString() ? std::string(m->GetString(), m->GetStringLength()) : std::string();
}

double number_at(const acdc::JsonValue& v, const char* key, double fallback) {
  const acdc::JsonValue* m = member(v, key);
  return m && m->IsNumber() && m->GetDouble() >= 0 ? m->GetDouble() : fallback;
}

std::filesystem::path default_cache_dir() {
  const char* tmp = std::getenv("TMPDIR");
  return std::filesystem::path(tmp && *tmp ? tmp : "/tmp") / "acdc-url-cache";
}

std::string removed_json(const std::string& url, bool removed) {
  return "{\"url\":" + acdc::to_json_text(url) + ",\"removed\":" + (removed ? "true" : "false") + "}";
}

}  // namespace

UrlFetchService::UrlFetchService(acdc::Context& ctx)
    : host_(ctx.host), settings_(std::make_shared<Settings>(settings_from(ctx.config))) {
  curl_global_init(CURL_GLOBAL_DEFAULT);
  if (ctx.prior_state.empty()) return;
  try {
    acdc::Json saved = acdc::parse_json(ctx.prior_state);
    if (saved.IsArray())
      for (const auto& c : saved.GetArray()) remember(UrlContent::from_json(acdc::to_json_text(c)));
  } catch (const std::exception& e) {
    host_.log(ACDC_LOG_WARN, std::string("the previous generation's fetched URLs were not kept: ") + e.what());
  }
}

std::string UrlFetchService::save_state() {
  std::lock_guard lock(mu_);
  std::string out = "[";
  for (const auto& url : order_) out += (out.size() > 1 ? "," : "") + session_.at(url).to_json();
  return out + "]";
}

// Plugin block: timeout_seconds, max_bytes, max_redirects, clone_timeout_seconds,
// github_raw_base, github_clone_base, loopback_only; app.yaml: url_cache {path, ttl_hours};
// host: port and bind (acdc's own address is never fetched).
UrlFetchService::Settings UrlFetchService::settings_from(const acdc::JsonValue& config) {
  Settings s;
  FetcherConfig& f = s.fetcher;
  f.limits.timeout = std::chrono::milliseconds(static_cast<long>(number_at(config, "timeout_seconds", 30) * 1000));
  f.limits.max_bytes = static_cast<size_t>(number_at(config, "max_bytes", static_cast<double>(f.limits.max_bytes)));
  f.limits.max_redirects = static_cast<long>(number_at(config, "max_redirects", 5));
  f.clone.timeout = std::chrono::milliseconds(static_cast<long>(number_at(config, "clone_timeout_seconds", 120) * 1000));
  if (auto raw = string_at(config, "github_raw_base"); !raw.empty()) f.github_raw_base = raw;
  if (auto clone = string_at(config, "github_clone_base"); !clone.empty()) f.github_clone_base = clone;
  const acdc::JsonValue* loopback = member(config, "loopback_only");
  f.policy.loopback_only = loopback && loopback->IsBool() && loopback->GetBool();
  if (const acdc::JsonValue* host = member(config, "host")) {
    f.policy.host_port = static_cast<unsigned short>(number_at(*host, "port", 0));
    f.policy.bind_address = string_at(*host, "bind");
  }
  s.cache_dir = default_cache_dir();
  if (const acdc::JsonValue* app = member(config, "app"); app && member(*app, "url_cache")) {
    const acdc::JsonValue& cache = *member(*app, "url_cache");
    if (auto path = string_at(cache, "path"); !path.empty()) s.cache_dir = path;
    s.ttl = std::chrono::seconds(static_cast<long>(number_at(cache, "ttl_hours", 24) * 3600));
  }
  return s;
}

std::shared_ptr<const UrlFetchService::Settings> UrlFetchService::settings() const {
  std::lock_guard lock(mu_);
  return settings_;
}

void UrlFetchService::on_event(std::string_view topic, std::string_view json) {
  if (topic != "host.config.changed") return;
  auto next = std::make_shared<Settings>(settings_from(acdc::parse_json(json)));
  std::lock_guard lock(mu_);
  settings_ = std::move(next);
}

acdc::RawJson UrlFetchService::detect(std::string text) {
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartArray();
  for (const DetectedUrl& u : detect_urls(text)) {
    w.StartObject();
    w.Key("url");
    acdc::to_json(w, u.url);
    w.Key("type");
    acdc::to_json(w, u.type);
    w.Key("display_name");
    acdc::to_json(w, u.display_name);
    w.EndObject();
  }
  w.EndArray();
  return acdc::RawJson{std::string(buf.GetString(), buf.GetSize())};
}

void UrlFetchService::fetch(acdc::Call call, std::string url, std::optional<bool> use_cache) {
  const bool cached = use_cache.value_or(true);
  if (cached) {
    std::lock_guard lock(mu_);
    if (auto it = session_.find(url); it != session_.end() && it->second.ok())
      return call.ok(acdc::RawJson{it->second.to_json()});
  }
  worker_.post([this, call, url, cached]() mutable { call.ok(acdc::RawJson{fetch_now(url, cached).to_json()}); });
}

UrlContent UrlFetchService::fetch_now(const std::string& url, bool use_cache) {
  auto s = settings();
  UrlCache cache(s->cache_dir, s->ttl);
  std::optional<UrlContent> hit = use_cache ? cache.get(url) : std::nullopt;
  UrlContent c = hit ? std::move(*hit)
                     : PageFetcher(s->fetcher, [this](const std::filesystem::path& dir) { return symbol_map_of(dir); })
                           .fetch(url);
  if (!hit) cache.put(c);  // errors are never cached (§6)
  if (!c.ok()) host_.log(ACDC_LOG_WARN, "fetching " + url + ": " + c.error);
  remember(c);
  return c;
}

std::string UrlFetchService::symbol_map_of(const std::filesystem::path& dir) const {
  acdc::Result r = acdc::call_and_wait(host_, "SymbolIndex.index_directory", acdc::json_array(dir.string()),
                                       std::chrono::seconds(120));
  if (!r.ok()) {
    host_.log(ACDC_LOG_INFO, "no symbol map for a fetched repository: " + r.payload);
    return {};
  }
  // {ready, legend, blocks:[{path, text}]}: the legend, then the blocks
  // apart by a blank line, as the repository's own map reads (§7.2).
  acdc::Json doc = r.json();
  const acdc::JsonValue* blocks = member(doc, "blocks");
  std::string map;
  if (blocks && blocks->IsArray())
    for (const auto& b : blocks->GetArray())
      if (std::string text = string_at(b, "text"); !text.empty()) map += (map.empty() ? "" : "\n\n") + text;
  if (map.empty()) return {};
  std::string legend = string_at(doc, "legend");
  return legend + (legend.empty() ? "" : "\n") + map + "\n";
}

void UrlFetchService::remember(const UrlContent& c) {
  std::lock_guard lock(mu_);
  if (!session_.contains(c.url)) order_.push_back(c.url);
  session_[c.url] = c;
}

acdc::RawJson UrlFetchService::get(std::string url) {
  std::lock_guard lock(mu_);
  auto it = session_.find(url);
  if (it != session_.end()) return acdc::RawJson{it->second.to_json()};
  UrlContent missing{.url = url, .url_type = classify_url(url), .error = "URL not yet fetched"};
  return acdc::RawJson{missing.to_json()};
}

acdc::RawJson UrlFetchService::set_summary(std::string url, std::string summary, std::optional<std::string> type) {
  UrlContent c;
  {
    std::lock_guard lock(mu_);
    auto it = session_.find(url);
    if (it == session_.end()) throw acdc::Error(ACDC_E_NOT_FOUND, url + " was not fetched in this session: fetch it first");
    it->second.summary = std::move(summary);
    it->second.summary_type = type.value_or("");
    c = it->second;
  }
  auto s = settings();
  UrlCache(s->cache_dir, s->ttl).put(c);  // §6: the cached entry is updated in place
  return acdc::RawJson{c.to_json()};
}

acdc::RawJson UrlFetchService::context(std::optional<std::vector<std::string>> excluded) {
  const std::vector<std::string> skip = excluded.value_or(std::vector<std::string>{});
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartArray();
  std::lock_guard lock(mu_);
  for (const auto& url : order_) {
    const UrlContent& c = session_.at(url);
    if (!c.ok() || std::find(skip.begin(), skip.end(), url) != skip.end()) continue;
    w.StartObject();
    w.Key("url");
    acdc::to_json(w, url);
    w.Key("text");
    acdc::to_json(w, c.prompt_part());
    w.EndObject();
  }
  w.EndArray();
  return acdc::RawJson{std::string(buf.GetString(), buf.GetSize())};
}

acdc::RawJson UrlFetchService::list() {
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartArray();
  std::lock_guard lock(mu_);
  for (const auto& url : order_) {
    const UrlContent& c = session_.at(url);
    w.StartObject();
    for (auto [key, value] : {std::pair{"url", &c.url}, {"url_type", &c.url_type}, {"title", &c.title},
                              {"error", &c.error}, {"fetched_at", &c.fetched_at}, {"notice", &c.notice}}) {
      w.Key(key);
      acdc::to_json(w, *value);
    }
    w.Key("display_name");
    acdc::to_json(w, display_name(c.url, c.url_type));
    w.EndObject();
  }
  w.EndArray();
  return acdc::RawJson{std::string(buf.GetString(), buf.GetSize())};
}

acdc::RawJson UrlFetchService::invalidate(std::string url) {
  auto s = settings();
  bool on_disk = UrlCache(s->cache_dir, s->ttl).remove(url);
  bool in_session = forget(url);
  return acdc::RawJson{removed_json(url, on_disk || in_session)};
}

acdc::RawJson UrlFetchService::remove(std::string url) { return acdc::RawJson{removed_json(url, forget(url))}; }

bool UrlFetchService::forget(const std::string& url) {
  std::lock_guard lock(mu_);
  std::erase(order_, url);
  return session_.erase(url) > 0;
}

acdc::RawJson UrlFetchService::clear_cache() {
  auto s = settings();
  size_t n = UrlCache(s->cache_dir, s->ttl).clear();
  new_session();
  return acdc::RawJson{"{\"removed\":" + std::to_string(n) + "}"};
}

void UrlFetchService::new_session() {
  std::lock_guard lock(mu_);
  session_.clear();
  order_.clear();
}

}  // namespace acdc::urls
