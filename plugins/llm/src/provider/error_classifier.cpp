// provider/error_classifier.cpp -- see error_classifier.hpp.
#include "provider/error_classifier.hpp"

#include "provider/json_fields.hpp"

#include <cstdlib>
#include <ctime>

namespace acdc::llm {
namespace {

struct BodyError {
  std::string type;
  std::string code;
  std::string message;
};

BodyError parse_body(std::string_view body) {
  BodyError out;
  rapidjson::Document doc;
  doc.Parse(body.data(), body.size());
  const rapidjson::Value* error = doc.HasParseError() ? nullptr : field(doc, "error");
  if (error && error->IsString()) {
    out.message = error->GetString();  // Ollama native: {"error": "..."}
  } else if (error && error->IsObject()) {
    out.type = str(*error, "type");
    out.message = str(*error, "message");
    if (const auto* code = field(*error, "code"))
      out.code = code->IsString() ? code->GetString() : code->IsInt() ? std::to_string(code->GetInt()) : "";
  }
  if (out.message.empty()) out.message = std::string(body.substr(0, 300));
  return out;
}

bool contains(std::string_view haystack, std::string_view needle) {
  return haystack.find(needle) != std::string_view::npos;
}

ErrorKind kind_of(int status, const BodyError& e) {
  if (e.code == "context_length_exceeded" || e.type == "exceed_context_size_error" ||
      contains(e.message, "prompt is too long") || contains(e.message, "maximum context length"))
    return ErrorKind::context_window_exceeded;
  if (e.type == "insufficient_quota" || e.code == "insufficient_quota" ||
      e.type == "billing_error" || status == 402)
    return ErrorKind::insufficient_quota;
  if (status == 401 || status == 403 || e.type == "authentication_error") return ErrorKind::authentication;
  if (status == 404) return ErrorKind::not_found;
  if (e.type == "overloaded_error" || (status >= 500 && status != 504)) return ErrorKind::service_unavailable;
  if (status == 429) return ErrorKind::rate_limit;
  if (status == 408 || status == 504) return ErrorKind::timeout;
  if (status == 400 || status == 413 || status == 422) return ErrorKind::bad_request;
  return ErrorKind::llm_error;
}

std::string advice(ErrorKind kind, const ErrorContext& c) {
  const char* env = c.api_key_env.empty() ? nullptr : std::getenv(c.api_key_env.c_str());
  switch (kind) {
    case ErrorKind::authentication:
      return "Put a valid API key in the environment variable " +
             (c.api_key_env.empty() ? std::string("named by api_key_env in llm.yaml") : c.api_key_env) +
             (env ? " (it is set, but the provider refused it)" : " (it is not set)") +
             " and restart acdc.";
    case ErrorKind::insufficient_quota:
      return "The account has no quota or credit left: add credit or raise the limit at the "
             "provider. Retrying will not help.";
    case ErrorKind::context_window_exceeded:
      return "The prompt is too long for " + c.model +
             ": deselect some files or start a new session.";
    case ErrorKind::not_found:
    case ErrorKind::bad_request:
      return "Check model '" + c.model + "' and base_url '" + c.base_url + "' in llm.yaml.";
    case ErrorKind::rate_limit:
    case ErrorKind::service_unavailable:
    case ErrorKind::timeout:
      return "This is usually temporary; it is retried automatically.";
    default: return "";
  }
}

std::optional<double> parse_http_date(const std::string& value) {
  std::tm tm{};
  if (!strptime(value.c_str(), "%a, %d %b %Y %H:%M:%S GMT", &tm)) return std::nullopt;
  return std::difftime(timegm(&tm), std::time(nullptr));
}

}  // namespace

std::optional<double> retry_after_seconds(const HeaderMap& headers) {
  std::optional<double> seconds;
  if (auto ms = headers.find("retry-after-ms"); ms != headers.end()) {
    char* end = nullptr;
    double v = std::strtod(ms->second.c_str(), &end);
    if (end != ms->second.c_str()) seconds = v / 1000.0;
  }
  if (auto ra = headers.find("retry-after"); !seconds && ra != headers.end()) {
    char* end = nullptr;
    double v = std::strtod(ra->second.c_str(), &end);
    seconds = end != ra->second.c_str() ? std::optional<double>(v) : parse_http_date(ra->second);
  }
  if (seconds && (*seconds <= 0 || *seconds > 60)) return std::nullopt;
  return seconds;
}

ProviderError classify_http(int status, const HeaderMap& headers, std::string_view body,
                            const ErrorContext& context) {
  BodyError e = parse_body(body);
  ProviderError out;
  out.kind = kind_of(status, e);
  out.status_code = status;
  out.provider_type = e.type.empty() ? e.code : e.type;
  out.retryable = (status == 408 || status == 409 || status == 429 || status >= 500) &&
                  out.kind != ErrorKind::insufficient_quota;
  if (auto should = headers.find("x-should-retry"); should != headers.end())
    out.retryable = should->second == "true";
  out.retry_after_s = retry_after_seconds(headers);
  out.message = "LLM call failed (HTTP " + std::to_string(status) + "): " + e.message;
  out.provider_body = std::string(body.substr(0, kProviderBodyLimit));
  if (std::string a = advice(out.kind, context); !a.empty()) out.message += " " + a;
  return out;
}

ProviderError classify_stream_error(std::string_view type, std::string_view message, bool had_output) {
  ProviderError out;
  out.provider_type = type;
  // Anthropic's error types, then Bedrock's exception types.
  out.kind = type == "rate_limit_error" || type == "throttlingException"          ? ErrorKind::rate_limit
             : type == "invalid_request_error" || type == "validationException" ? ErrorKind::bad_request
                                                                                : ErrorKind::service_unavailable;
  out.retryable = out.kind != ErrorKind::bad_request;
  out.message = std::string(had_output ? "Stream failed mid-response: " : "LLM call failed: ") +
                std::string(message.empty() ? type : message);
  return out;
}

ProviderError classify_truncated(bool had_output) {
  ProviderError out;
  out.kind = ErrorKind::api_connection;
  out.retryable = true;
  out.provider_type = "truncated";
  out.message = had_output ? "Stream failed mid-response: the connection closed before the end of the answer"
                           : "LLM call failed: the connection closed before any answer arrived";
  return out;
}

}  // namespace acdc::llm
