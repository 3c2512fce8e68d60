// SigV4 against AWS's published test vector, and the Bedrock-specific parts:
// the model id's ':' encoded twice in the canonical path, the session token.
#include "provider/sigv4.hpp"

#include <catch2/catch.hpp>

using namespace acdc::llm;

namespace {

const AwsCredentials kExample{"AKIDEXAMPLE", "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", ""};

std::string authorization(const std::vector<std::pair<std::string, std::string>>& headers) {
  REQUIRE_FALSE(headers.empty());
  CHECK(headers.back().first == "authorization");
  return headers.back().second;
}

}  // namespace

TEST_CASE("SigV4 matches AWS's get-vanilla example") {
  SigV4Request r{.method = "GET", .host = "example.amazonaws.com", .path = "/", .sign_content_sha256 = false};
  auto headers = sign_sigv4(r, kExample, "us-east-1", "service", "20150830T123600Z");
  CHECK(authorization(headers) ==
        "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, "
        "SignedHeaders=host;x-amz-date, "
        "Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31");
  REQUIRE(headers.size() == 2);
  CHECK(headers[0] == std::pair<std::string, std::string>{"x-amz-date", "20150830T123600Z"});
}

TEST_CASE("SigV4 for Bedrock signs the body hash and the session token") {
  SigV4Request r{.method = "POST", .host = "bedrock-runtime.eu-west-1.amazonaws.com",
                 .path = "/model/anthropic.claude-3-5-sonnet-20240620-v1%3A0/converse-stream",
                 .payload = "{}", .headers = {{"content-type", "application/json"}}};
  AwsCredentials temporary = kExample;
  temporary.session_token = "FQoGZXIvYXdzEXAMPLE";
  std::string auth = authorization(sign_sigv4(r, temporary, "eu-west-1", "bedrock", "20260101T000000Z"));
  CHECK(auth.starts_with("AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20260101/eu-west-1/bedrock/aws4_request, "
                         "SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date;x-amz-security-token, "
                         "Signature="));
  // A different body is a different signature.
  r.payload = "{ }";
  CHECK(authorization(sign_sigv4(r, temporary, "eu-west-1", "bedrock", "20260101T000000Z")) != auth);
}

TEST_CASE("URI encoding keeps unreserved characters and encodes the rest in upper case") {
  CHECK(aws_uri_encode("us.anthropic.claude-v1:0", false) == "us.anthropic.claude-v1%3A0");
  CHECK(aws_uri_encode("/model/a%3A0/converse", true) == "/model/a%253A0/converse");
  CHECK(aws_uri_encode("a b~_", false) == "a%20b~_");
}
