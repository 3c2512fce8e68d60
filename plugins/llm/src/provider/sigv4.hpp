// provider/sigv4.hpp -- AWS Signature Version 4 for Bedrock's ConverseStream
// when no bearer token is set (acdc-features.md §8.4): HMAC-SHA256 from the
// OpenSSL the plugin already links, no AWS SDK.
//
//   SigV4Request r{.method = "POST", .host = "bedrock-runtime.us-east-1.amazonaws.com",
//                  .path = "/model/x/converse-stream", .payload = body,
//                  .headers = {{"content-type", "application/json"}}};
//   auto headers = sign_sigv4(r, creds, "us-east-1", "bedrock", "20260101T000000Z");
//   // -> x-amz-date, x-amz-content-sha256, [x-amz-security-token,] authorization
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace acdc::llm {

struct AwsCredentials {
  std::string access_key_id;
  std::string secret_access_key;
  std::string session_token;  // temporary credentials only

  // From AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN;
  // access_key_id is empty when they are not both set.
  static AwsCredentials from_env();
};

struct SigV4Request {
  std::string method;
  std::string host;
  std::string path;   // as sent on the wire (already percent-encoded)
  std::string query;  // canonical query string, "" for none
  std::string payload;
  // Extra headers to sign, lower-case names; host and x-amz-* are added.
  std::map<std::string, std::string> headers;
  bool sign_content_sha256 = true;  // send and sign x-amz-content-sha256
};

// RFC 3986 unreserved characters stay; everything else becomes %XX
// (uppercase); '/' stays when `keep_slash`.
std::string aws_uri_encode(std::string_view text, bool keep_slash);

// The headers to add to the request ("name", "value"), authorization last.
// `amz_date` is YYYYMMDD'T'HHMMSS'Z' in UTC.
std::vector<std::pair<std::string, std::string>> sign_sigv4(const SigV4Request& request,
                                                             const AwsCredentials& credentials,
                                                             const std::string& region,
                                                             const std::string& service,
                                                             const std::string& amz_date);

// The current time in the amz_date format.
std::string amz_date_now();

}  // namespace acdc::llm
