// service/url_service.cpp -- see url_service.hpp.
#include "service/url_service.hpp"

#include <acdc/sdk/call_and_wait.hpp>

namespace acdc::llm {
namespace {

std::string trimmed(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r\n");
  size_t e = s.find_last_not_of(" \t\r\n");
  return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

// §6: max_tokens 500 for a summary.
constexpr int kSummaryTokens = 500;

}  // namespace

UrlSummarizer UrlService::summarizer() const {
  ProviderConfig pc;
  try {
    pc = config_.served(config_.provider().for_aux());
  } catch (const std::exception& e) {
    host_.log(ACDC_LOG_WARN, std::string("URL summaries are off: llm.yaml: ") + e.what());
    return {};
  }
  const acdc::Host& host = host_;
  return [pc, &host](const acdc::JsonValue& content, const std::string& user_text) -> std::optional<UrlSummary> {
    auto str = [&](const char* key) {
      auto it = content.FindMember(key);
      return it != content.MemberEnd() && it->value.IsString() ? std::string(it->value.GetString()) : std::string();
    };
    const std::string type = summary_type_for(str("url_type"), !str("symbol_map").empty(), user_text);
    CancelFlag never(false);
    ChatResult r = make_provider(pc)->complete(ChatRequest{pc.model, summary_request(content, type), kSummaryTokens}, never);
    if (r.error) {
      host.log(ACDC_LOG_WARN, "no summary for " + str("url") + " (its text goes in whole): " + r.error->message);
      return std::nullopt;
    }
    std::string text = trimmed(r.text);
    if (text.empty()) return std::nullopt;
    return UrlSummary{std::move(text), type};
  };
}

std::vector<std::string> UrlService::for_turn(const std::string& request_id, const std::string& message,
                                              const std::vector<std::string>& excluded) {
  return urls_.for_turn(request_id, message, excluded, summarizer());
}

long UrlService::write_breakdown(acdc::JsonWriter& w) const {
  std::string unavailable;
  long total = 0;
  w.Key("url_details");
  w.StartArray();
  for (const auto& [url, text] : urls_.current(unavailable)) {
    const long tokens = static_cast<long>(count_(text));
    total += tokens;
    w.StartObject();
    w.Key("url");
    acdc::to_json(w, url);
    w.Key("tokens");
    w.Int64(tokens);
    w.EndObject();
  }
  w.EndArray();
  w.Key("urls");
  w.Int64(total);
  if (!unavailable.empty()) {
    w.Key("urls_unavailable");
    acdc::to_json(w, unavailable);
  }
  return total;
}

void UrlService::forward_url(acdc::Call call, std::string_view method, std::string args_json) const {
  host_.call(method, args_json, [call](acdc::Result r) mutable {
    if (r.ok()) return call.ok_raw(r.payload);
    if (r.payload.starts_with("Method not found")) return call.fail(ACDC_E_UNAVAILABLE, UrlClient::why_missing(r.payload));
    call.fail(r.status, r.payload);
  }, call.handle());
}

void UrlService::detect(acdc::Call call, std::string text) {
  forward_url(call, "UrlFetch.detect", acdc::json_array(text));
}

void UrlService::fetch(acdc::Call call, std::string url, std::optional<bool> use_cache,
                       std::optional<bool> summarize, std::optional<std::string> user_text) {
  worker_.post([this, call, url, use_cache, summarize, user_text]() mutable {
    try {
      UrlSummarizer s = summarize.value_or(true) ? summarizer() : UrlSummarizer{};
      acdc::Json content = urls_.fetch(url, use_cache.value_or(true), &s, user_text.value_or(""));
      call.ok(static_cast<const acdc::JsonValue&>(content));
    } catch (const acdc::Error& e) {
      if (std::string(e.what()).starts_with("Method not found")) return call.fail(ACDC_E_UNAVAILABLE, UrlClient::why_missing(e.what()));
      call.fail(e.status(), e.what());
    } catch (const std::exception& e) {
      call.fail(ACDC_E_APPLICATION, e.what());
    }
  });
}

void UrlService::detect_and_fetch(acdc::Call call, std::string text, std::optional<bool> use_cache,
                                  std::optional<bool> summarize) {
  worker_.post([this, call, text, use_cache, summarize]() mutable {
    try {
      acdc::Result detected = acdc::call_and_wait(host_, "UrlFetch.detect", acdc::json_array(text));
      if (!detected.ok()) return call.fail(ACDC_E_UNAVAILABLE, UrlClient::why_missing(detected.payload));
      UrlSummarizer s = summarize.value_or(true) ? summarizer() : UrlSummarizer{};
      acdc::Json found = detected.json();
      if (!found.IsArray()) return call.fail(ACDC_E_INTERNAL, "UrlFetch.detect answered no list");
      std::string out = "[";
      for (const auto& u : found.GetArray()) {
        auto it = u.FindMember("url");
        if (it == u.MemberEnd() || !it->value.IsString()) continue;
        acdc::Json content = urls_.fetch(it->value.GetString(), use_cache.value_or(true), &s, text);
        out += (out.size() > 1 ? "," : "") + acdc::to_json_text(static_cast<const acdc::JsonValue&>(content));
      }
      call.ok_raw(out + "]");
    } catch (const acdc::Error& e) {
      call.fail(e.status(), e.what());
    } catch (const std::exception& e) {
      call.fail(ACDC_E_APPLICATION, e.what());
    }
  });
}

void UrlService::get_content(acdc::Call call, std::string url) {
  forward_url(call, "UrlFetch.get", acdc::json_array(url));
}

void UrlService::invalidate(acdc::Call call, std::string url) {
  forward_url(call, "UrlFetch.invalidate", acdc::json_array(url));
}

void UrlService::remove(acdc::Call call, std::string url) {
  forward_url(call, "UrlFetch.remove", acdc::json_array(url));
}

void UrlService::clear_cache(acdc::Call call) { forward_url(call, "UrlFetch.clear_cache", "[]"); }

}  // namespace acdc::llm
