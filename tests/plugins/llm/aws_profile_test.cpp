// Bedrock credentials as the AWS CLI finds them (issue 30), end to end: the
// host runs with a HOME of its own holding ~/.aws files in the CLI's
// formats, STS and the SSO portal are the fake provider (AWS_ENDPOINT_URL_STS
// and AWS_ENDPOINT_URL_SSO, as the CLI allows), and the Bedrock request that
// follows must be signed with the credentials they gave.
#include "llm_host.hpp"

#include <catch2/catch.hpp>

#include <acdc/sdk/json.hpp>

#include <chrono>
#include <ctime>
#include <thread>

using namespace acdc::llm::test;

namespace {

const char* kModel = "us.anthropic.claude-sonnet-4-20250514-v1:0";

std::string iso_in(std::chrono::hours from_now) {
  std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now() + from_now);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

// A host whose HOME holds `config` and `credentials` as ~/.aws, set up for
// Bedrock with SigV4 (no bearer token) and llm.yaml's `profile`.
struct AwsHost {
  acdc::test::TempDir home;
  LlmHost h{std::map<std::string, std::string>{{"a.py", "x = 1\n"}}};

  AwsHost(const std::string& profile, const std::string& config, const std::string& credentials) {
    acdc::test::write_file(home.path() / ".aws" / "config", config);
    acdc::test::write_file(home.path() / ".aws" / "credentials", credentials);
    h.env = {{"HOME", home.path().string()},
             {"AWS_ACCESS_KEY_ID", ""},
             {"AWS_SECRET_ACCESS_KEY", ""},
             {"AWS_PROFILE", ""},
             {"AWS_CONFIG_FILE", ""},
             {"AWS_SHARED_CREDENTIALS_FILE", ""},
             {"AWS_REGION", ""},
             {"AWS_DEFAULT_REGION", ""},
             {"AWS_ENDPOINT_URL_STS", h.fake.base_url() + "/sts"},
             {"AWS_ENDPOINT_URL_SSO", h.fake.base_url()}};
    acdc::test::write_file(h.config_home.path() / "llm.yaml",
                           "provider: bedrock\nbase_url: " + h.fake.base_url() + "\nmodel: " + kModel +
                               "\nsmaller_model: " + kModel + "\napi_key_env: \"\"\nprofile: " + profile +
                               "\nnum_retries: 0\nfirst_chunk_timeout_seconds: 5\nchunk_timeout_seconds: 5\n");
    h.start();
  }

  rapidjson::Document requests() const { return acdc::parse_json(h.fake.requests()); }
};

std::string header(const rapidjson::Value& request, const char* name) {
  auto it = request["headers"].FindMember(name);
  return it == request["headers"].MemberEnd() ? "" : str(it->value);
}

}  // namespace

TEST_CASE("a profile with role_arn and source_profile assumes the role through STS and signs with what it gave") {
  AwsHost a("dev",
            "[profile dev]\nrole_arn = arn:aws:iam::123456789012:role/dev\nsource_profile = base\nregion = us-west-2\n",
            "# base keys\n[base]\naws_access_key_id = AKIDBASE\naws_secret_access_key = base-secret\n");
  a.h.fake.queue(R"([{"status":200,"body":"<AssumeRoleResponse><AssumeRoleResult><Credentials><AccessKeyId>ASIAASSUMED</AccessKeyId><SecretAccessKey>assumed-secret</SecretAccessKey><SessionToken>assumed-token</SessionToken><Expiration>)" +
                 iso_in(std::chrono::hours(1)) + R"(</Expiration></Credentials></AssumeRoleResult></AssumeRoleResponse>"},
                     {"fixture":"bedrock_converse_text.eventstream"}])");
  auto r = a.h.chat("hello", "req-role");
  INFO(acdc::to_json_text(r) << "\n" << a.h.host->output());
  REQUIRE_FALSE(r.HasMember("error"));
  auto sent = a.requests();
  REQUIRE(sent.Size() == 2);
  // The AssumeRole call, signed with the source profile's keys, in the profile's region.
  CHECK(str(sent[0]["path"]) == "/v1/sts");
  CHECK_THAT(str(sent[0]["body"]), Catch::Contains("Action=AssumeRole") &&
                                       Catch::Contains("RoleArn=arn%3Aaws%3Aiam%3A%3A123456789012%3Arole%2Fdev"));
  CHECK_THAT(header(sent[0], "authorization"),
             Catch::StartsWith("AWS4-HMAC-SHA256 Credential=AKIDBASE/") && Catch::Contains("/us-west-2/sts/aws4_request"));
  // Bedrock, signed with the assumed role, its session token sent; the
  // region is the profile's, as llm.yaml and the environment name none.
  CHECK_THAT(header(sent[1], "authorization"),
             Catch::StartsWith("AWS4-HMAC-SHA256 Credential=ASIAASSUMED/") && Catch::Contains("/us-west-2/bedrock/"));
  CHECK(header(sent[1], "x-amz-security-token") == "assumed-token");

  // The assumed credentials are kept until they near their expiry: a second turn asks STS nothing.
  a.h.fake.queue(R"([{"fixture":"bedrock_converse_text.eventstream"}])");
  REQUIRE_FALSE(a.h.chat("again", "req-role-2").HasMember("error"));
  CHECK(a.requests().Size() == 3);
}

TEST_CASE("credentials are refreshed before they expire: a short-lived set half way through its life") {
  AwsHost a("dev", "[profile dev]\nrole_arn = arn:aws:iam::1:role/dev\nsource_profile = base\nregion = us-east-1\n",
            "[base]\naws_access_key_id = AKIDBASE\naws_secret_access_key = s\n");
  auto sts = [](const std::string& key, std::chrono::seconds in) {
    std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now() + in);
    char when[32];
    std::strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
    return R"({"status":200,"body":"<Credentials><AccessKeyId>)" + key +
           R"(</AccessKeyId><SecretAccessKey>x</SecretAccessKey><SessionToken>t</SessionToken><Expiration>)" + when +
           R"(</Expiration></Credentials>"})";
  };
  // The first set lives six seconds: it serves its turn (checked, then
  // signed), and past half its life the next turn assumes the role again.
  a.h.fake.queue("[" + sts("ASIAFIRST", std::chrono::seconds(6)) + R"(,{"fixture":"bedrock_converse_text.eventstream"},)" +
                 sts("ASIASECOND", std::chrono::hours(1)) + R"(,{"fixture":"bedrock_converse_text.eventstream"}])");
  REQUIRE_FALSE(a.h.chat("one", "req-1").HasMember("error"));
  std::this_thread::sleep_for(std::chrono::seconds(4));
  REQUIRE_FALSE(a.h.chat("two", "req-2").HasMember("error"));
  auto sent = a.requests();
  REQUIRE(sent.Size() == 4);
  CHECK_THAT(header(sent[1], "authorization"), Catch::StartsWith("AWS4-HMAC-SHA256 Credential=ASIAFIRST/"));
  CHECK(str(sent[2]["path"]) == "/v1/sts");
  CHECK_THAT(header(sent[3], "authorization"), Catch::StartsWith("AWS4-HMAC-SHA256 Credential=ASIASECOND/"));
}

TEST_CASE("an SSO profile trades the cached `aws sso login` token at the portal for role credentials") {
  AwsHost a("work",
            "[profile work]\nsso_session = corp\nsso_account_id = 111122223333\nsso_role_name = Developer\nregion = eu-west-1\n"
            "[sso-session corp]\nsso_region = eu-west-1\nsso_start_url = https://corp.awsapps.com/start\n",
            "");
  // The CLI's token cache is named by the SHA-1 of the session name: sha1("corp").
  acdc::test::write_file(a.home.path() / ".aws" / "sso" / "cache" / "ee0bfd2552fbd840c02cc48b6e823320543c450f.json",
                         R"({"startUrl":"https://corp.awsapps.com/start","region":"eu-west-1","accessToken":"sso-access","expiresAt":")" +
                             iso_in(std::chrono::hours(2)) + "\"}");
  const auto expires_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
      (std::chrono::system_clock::now() + std::chrono::hours(1)).time_since_epoch()).count();
  a.h.fake.queue(R"([{"status":200,"body":"{\"roleCredentials\":{\"accessKeyId\":\"ASIASSO\",\"secretAccessKey\":\"sso-secret\",\"sessionToken\":\"sso-token\",\"expiration\":)" +
                 std::to_string(expires_ms) + R"(}}"},{"fixture":"bedrock_converse_text.eventstream"}])");
  auto r = a.h.chat("hello", "req-sso");
  INFO(acdc::to_json_text(r) << "\n" << a.h.host->output());
  REQUIRE_FALSE(r.HasMember("error"));
  auto sent = a.requests();
  REQUIRE(sent.Size() == 2);
  CHECK(str(sent[0]["method"]) == "GET");
  CHECK(str(sent[0]["path"]) == "/v1/federation/credentials?role_name=Developer&account_id=111122223333");
  CHECK(header(sent[0], "x-amz-sso_bearer_token") == "sso-access");
  CHECK_THAT(header(sent[1], "authorization"), Catch::StartsWith("AWS4-HMAC-SHA256 Credential=ASIASSO/"));
}

TEST_CASE("credential_process credentials sign the request, and a broken profile is named with what is missing") {
  AwsHost a("proc",
            "[profile proc]\ncredential_process = printf '{\"Version\":1,\"AccessKeyId\":\"AKIDPROC\",\"SecretAccessKey\":\"p\"}'\n"
            "region = us-east-1\n[profile half]\naws_access_key_id = AKIDHALF\n"
            "[profile loop]\nrole_arn = arn:aws:iam::1:role/x\nsource_profile = loop\n"
            "[profile stale]\nsso_session = old\nsso_account_id = 1\nsso_role_name = R\n[sso-session old]\nsso_region = us-east-1\n"
            "[profile failing]\ncredential_process = sh -c 'exit 3'\n"
            "[profile chatty]\ncredential_process = echo not json\n",
            "");
  a.h.fake.queue(R"([{"fixture":"bedrock_converse_text.eventstream"}])");
  auto r = a.h.chat("hello", "req-proc");
  INFO(acdc::to_json_text(r) << "\n" << a.h.host->output());
  REQUIRE_FALSE(r.HasMember("error"));
  CHECK_THAT(header(a.requests()[0], "authorization"), Catch::StartsWith("AWS4-HMAC-SHA256 Credential=AKIDPROC/"));

  // Each mistake is refused before anything is sent, naming the profile and the missing piece.
  const std::pair<const char*, const char*> cases[] = {
      {"nope", "AWS profile 'nope': it is in neither"},
      {"half", "AWS profile 'half': aws_access_key_id is set but aws_secret_access_key is not"},
      {"loop", "AWS profile 'loop': source_profile chain loops back to it"},
      {"stale", "AWS profile 'stale': no SSO token in"},
      {"failing", "AWS profile 'failing': credential_process exited with status 3: sh -c 'exit 3'"},
      {"chatty", "AWS profile 'chatty': credential_process printed no AccessKeyId and SecretAccessKey as JSON"},
  };
  for (const auto& [profile, why] : cases) {
    INFO(profile);
    acdc::test::write_file(a.h.config_home.path() / "llm.yaml",
                           "provider: bedrock\nbase_url: " + a.h.fake.base_url() + "\nmodel: " + kModel +
                               "\nregion: us-east-1\napi_key_env: \"\"\nprofile: " + profile + "\nnum_retries: 0\n");
    a.h.start();
    auto failed = a.h.call("LLMService.chat_streaming", acdc::json_array(std::string("req-") + profile, std::string("hi")));
    REQUIRE(failed.HasMember("error"));
    CHECK_THAT(str(failed["error"]["message"]), Catch::StartsWith("No AWS credentials for Bedrock: ") && Catch::Contains(why));
  }
  CHECK(a.requests().Size() == 1);  // none of them reached the provider
}
