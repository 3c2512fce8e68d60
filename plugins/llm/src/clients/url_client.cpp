#include "clients/url_client.hpp"

#include <acdc/sdk/call_and_wait.hpp>

#include <algorithm>

namespace acdc::llm {
namespace {

std::string string_at(const acdc::JsonValue& v, const char* key) {
  if (!v.IsObject()) return {};
  auto it = v.FindMember(key);
  return it != v.MemberEnd() && it->value.IsString() ? std::string(it->value.GetString(), it->value.GetStringLength())
                                                     : std::string();
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

std::string event(const std::string& request_id, const char* stage, const std::string& url) {
  return "[" + acdc::to_json_text(request_id) + ",{\"stage\":\"" + stage + "\",\"url\":" + acdc::to_json_text(url) + "}]";
}

constexpr size_t kSummaryBodyChars = 100000;

const char* focus_prompt(const std::string& type) {
  if (type == "usage") return "Summarize how to use this: installation, the main usage patterns and short examples.";
  if (type == "api") return "Summarize the API: the main classes, functions and their parameters and return values.";
  if (type == "architecture")
    return "Summarize the architecture: the main components, how they fit together and where things live.";
  if (type == "evaluation")
    return "Summarize for an evaluation: what it does, its strengths, limitations and maturity.";
  return "Give a brief summary: what this is and the key points a developer needs.";
}

}  // namespace

acdc::Result UrlClient::call(std::string_view method, const std::string& args) const {
  return acdc::call_and_wait(host_, method, args, std::chrono::seconds(180));
}

std::vector<std::pair<std::string, std::string>> UrlClient::current(std::string& unavailable) const {
  std::vector<std::pair<std::string, std::string>> parts;
  acdc::Result r = call("UrlFetch.context", "[]");
  if (!r.ok()) {
    unavailable = why_missing(r.payload);
    return parts;
  }
  acdc::Json list = r.json();
  if (!list.IsArray()) return parts;
  for (const auto& p : list.GetArray()) parts.emplace_back(string_at(p, "url"), string_at(p, "text"));
  return parts;
}

std::string UrlClient::why_missing(const std::string& payload) {
  if (!payload.starts_with("Method not found")) return "no URL context: " + payload;
  return "no URL context: the url-fetch plugin is not loaded; add it to the plugins in acdc.yaml, or leave out "
         "--plugins, to have links in a message fetched";
}

acdc::Json UrlClient::fetch(const std::string& url, bool use_cache, const UrlSummarizer* summarize,
                            const std::string& user_text) const {
  acdc::Result r = call("UrlFetch.fetch", acdc::json_array(url, use_cache));
  if (!r.ok()) throw acdc::Error(r.status, r.payload);
  acdc::Json content = r.json();
  if (!summarize || !*summarize || !string_at(content, "error").empty() || !string_at(content, "summary").empty())
    return content;
  std::optional<UrlSummary> s = (*summarize)(content, user_text);
  if (!s) return content;
  acdc::Result stored = call("UrlFetch.set_summary", acdc::json_array(url, s->text, s->type));
  return stored.ok() ? stored.json() : std::move(content);
}

std::vector<std::string> UrlClient::for_turn(const std::string& request_id, const std::string& message,
                                             const std::vector<std::string>& excluded,
                                             const UrlSummarizer& summarize) const {
  acdc::Result detected = call("UrlFetch.detect", acdc::json_array(message));
  if (!detected.ok()) return {};  // no url-fetch plugin: the turn goes on without URL context
  acdc::Json urls = detected.json();
  if (!urls.IsArray()) return {};
  size_t taken = 0;
  for (const auto& u : urls.GetArray()) {
    if (taken++ == kUrlsPerMessage) break;
    const std::string url = string_at(u, "url");
    if (std::find(excluded.begin(), excluded.end(), url) != excluded.end()) continue;  // removed from the chips
    acdc::Json have = acdc::parse_json(call("UrlFetch.get", acdc::json_array(url)).payload);
    if (string_at(have, "error").empty() && !string_at(have, "url").empty()) continue;
    const std::string display = string_at(u, "display_name");
    host_.notify(ACDC_CLIENT_ALL, "AcApp.compactionEvent", event(request_id, "url_fetch", display));
    try {
      fetch(url, true, &summarize, message);
    } catch (const std::exception& e) {
      host_.log(ACDC_LOG_WARN, "request " + request_id + ": " + url + ": " + e.what());
    }
    host_.notify(ACDC_CLIENT_ALL, "AcApp.compactionEvent", event(request_id, "url_ready", display));
  }
  acdc::Result ctx = call("UrlFetch.context", acdc::json_array(excluded));
  std::vector<std::string> parts;
  if (!ctx.ok()) return parts;
  acdc::Json list = ctx.json();
  if (!list.IsArray()) return parts;
  for (const auto& p : list.GetArray())
    if (std::string text = string_at(p, "text"); !text.empty()) parts.push_back(std::move(text));
  return parts;
}

std::string summary_type_for(const std::string& url_type, bool has_symbol_map, const std::string& user_text) {
  const std::string t = lower(user_text);
  if (t.find("how to") != std::string::npos) return "usage";
  if (t.find("architecture") != std::string::npos) return "architecture";
  if (t.find("compare") != std::string::npos || t.find("evaluate") != std::string::npos) return "evaluation";
  if (t.find("api") != std::string::npos) return "api";
  if (url_type == "github_repo") return has_symbol_map ? "architecture" : "brief";
  if (url_type == "documentation") return "usage";
  return "brief";
}

std::string summary_request(const acdc::JsonValue& content, const std::string& type) {
  std::string body = string_at(content, "readme");
  if (body.empty()) body = string_at(content, "content");
  if (body.size() > kSummaryBodyChars) body = body.substr(0, kSummaryBodyChars) + "\n\n... (truncated)";
  std::string user = std::string(focus_prompt(type)) + "\n\nSource: " + string_at(content, "url") + "\n\n" + body;
  if (std::string map = string_at(content, "symbol_map"); !map.empty()) user += "\n\nSymbol map:\n" + map;
  return "[{\"role\":\"system\",\"content\":" +
         acdc::to_json_text(std::string("You are a concise technical writer. Summarize content clearly and factually "
                                        "without speculation or editorializing.")) +
         "},{\"role\":\"user\",\"content\":" + acdc::to_json_text(acdc::to_valid_utf8(user)) + "}]";
}

}  // namespace acdc::llm
