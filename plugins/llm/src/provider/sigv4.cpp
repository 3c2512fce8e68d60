// provider/sigv4.cpp -- see sigv4.hpp. The steps are AWS's: canonical
// request, string to sign, signing key derived from the date, region and
// service, signature.
#include "provider/sigv4.hpp"

#include <acdc/util/sha256.hpp>
#include <acdc/util/utc_time.hpp>

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <cstdlib>

namespace acdc::llm {
namespace {

std::string hmac(std::string_view key, std::string_view data) {
  unsigned char out[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
       reinterpret_cast<const unsigned char*>(data.data()), data.size(), out, &len);
  return std::string(reinterpret_cast<const char*>(out), len);
}

std::string hex(std::string_view bytes) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (unsigned char c : bytes) {
    out.push_back(digits[c >> 4]);
    out.push_back(digits[c & 15]);
  }
  return out;
}

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v ? v : "";
}

}  // namespace

AwsCredentials AwsCredentials::from_env() {
  AwsCredentials c{env("AWS_ACCESS_KEY_ID"), env("AWS_SECRET_ACCESS_KEY"), env("AWS_SESSION_TOKEN")};
  if (c.secret_access_key.empty()) c.access_key_id.clear();
  return c;
}

std::string aws_uri_encode(std::string_view text, bool keep_slash) {
  static const char* digits = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text) {
    bool unreserved = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                      c == '-' || c == '_' || c == '.' || c == '~';
    if (unreserved || (keep_slash && c == '/')) {
      out.push_back(static_cast<char>(c));
    } else {
      out.push_back('%');
      out.push_back(digits[c >> 4]);
      out.push_back(digits[c & 15]);
    }
  }
  return out;
}

std::vector<std::pair<std::string, std::string>> sign_sigv4(const SigV4Request& request,
                                                             const AwsCredentials& credentials,
                                                             const std::string& region,
                                                             const std::string& service,
                                                             const std::string& amz_date) {
  std::string payload_hash = util::sha256_hex(request.payload);
  std::map<std::string, std::string> signed_headers = request.headers;
  signed_headers["host"] = request.host;
  signed_headers["x-amz-date"] = amz_date;
  if (request.sign_content_sha256) signed_headers["x-amz-content-sha256"] = payload_hash;
  if (!credentials.session_token.empty()) signed_headers["x-amz-security-token"] = credentials.session_token;

  std::string canonical_headers, names;
  for (const auto& [name, value] : signed_headers) {
    canonical_headers += name + ":" + value + "\n";
    names += (names.empty() ? "" : ";") + name;
  }
  // Every service but S3 encodes the already-encoded path once more
  // (a model id's ':' is %3A on the wire and %253A here).
  std::string canonical_uri = aws_uri_encode(request.path.empty() ? "/" : request.path, true);
  std::string canonical_request = request.method + "\n" + canonical_uri + "\n" + request.query + "\n" +
                                  canonical_headers + "\n" + names + "\n" + payload_hash;
  std::string date = amz_date.substr(0, 8);
  std::string scope = date + "/" + region + "/" + service + "/aws4_request";
  std::string to_sign = "AWS4-HMAC-SHA256\n" + amz_date + "\n" + scope + "\n" + util::sha256_hex(canonical_request);
  std::string key = hmac("AWS4" + credentials.secret_access_key, date);
  key = hmac(key, region);
  key = hmac(key, service);
  key = hmac(key, "aws4_request");
  std::string signature = hex(hmac(key, to_sign));

  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [name, value] : signed_headers)
    if (name.starts_with("x-amz-")) out.emplace_back(name, value);
  out.emplace_back("authorization", "AWS4-HMAC-SHA256 Credential=" + credentials.access_key_id + "/" + scope +
                                        ", SignedHeaders=" + names + ", Signature=" + signature);
  return out;
}

std::string amz_date_now() { return util::utc_format(std::chrono::system_clock::now(), "%Y%m%dT%H%M%SZ"); }

}  // namespace acdc::llm
