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

std::string iso_in(std::chrono::seconds from_now) {
  std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now() + from_now);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

// STS's AssumeRole answer: `key` with its session token `token`, expiring
// `in` from now.
std::string sts_step(const std::string& key, const std::string& token, std::chrono::seconds in) {
  return R"({"status":200,"body":"<AssumeRoleResponse><AssumeRoleResult><Credentials><AccessKeyId>)" + key +
         R"(</AccessKeyId><SecretAccessKey>sts-secret</SecretAccessKey><SessionToken>)" + token +
         R"(</SessionToken><Expiration>)" + iso_in(in) + R"(</Expiration></Credentials></AssumeRoleResult></AssumeRoleResponse>"})";
}

// A host whose HOME holds `config` and `credentials` as ~/.aws, set up for
// Bedrock with SigV4 (no bearer token) and llm.yaml's `profile`.
struct AwsHost {
  acdc::test::TempDir home;
  LlmHost h{std::map<std::string, std::string>{{"a.py", "x = 1\n"}}};

  // `profile` "" leaves llm.yaml's profile: empty, for AWS_PROFILE or the default.
  AwsHost(const std::string& profile, const std::string& config, const std::string& credentials) {
    acdc::test::write_file(home.path() / ".aws" / "config", config);
    acdc::test::write_file(home.path() / ".aws" / "credentials", credentials);
    // The host's own environment, not this process's: nothing here leaks
    // into the next test.
    h.env = {{"HOME", home.path().string()},
             {"AWS_ACCESS_KEY_ID", ""},
             {"AWS_SECRET_ACCESS_KEY", ""},
             {"AWS_SESSION_TOKEN", ""},
             {"AWS_PROFILE", ""},
             {"AWS_CONFIG_FILE", ""},
             {"AWS_SHARED_CREDENTIALS_FILE", ""},
             {"AWS_REGION", ""},
             {"AWS_DEFAULT_REGION", ""},
             {"AWS_ENDPOINT_URL_STS", h.fake.base_url() + "/sts"},
             {"AWS_ENDPOINT_URL_SSO", h.fake.base_url()}};
    use_profile(profile);
    h.start();
  }

  // Writes llm.yaml naming `profile` (none when ""); counts from the next start().
  void use_profile(const std::string& profile) {
    acdc::test::write_file(h.config_home.path() / "llm.yaml",
                           "provider: bedrock\nbase_url: " + h.fake.base_url() + "\nmodel: " + kModel +
                               "\nsmaller_model: " + kModel + "\napi_key_env: \"\"\nprofile: " + profile +
                               "\nnum_retries: 0\nfirst_chunk_timeout_seconds: 5\nchunk_timeout_seconds: 5\n");
  }

  // Sends a turn and returns its streamComplete's error message, "" when none.
  std::string failure(const std::string& request_id) {
    auto r = h.call("LLMService.chat_streaming", acdc::json_array(request_id, std::string("hi")));
    return r.HasMember("error") ? str(r["error"]["message"]) : "";
  }

  rapidjson::Document requests() const { return acdc::parse_json(h.fake.requests()); }
};

std::string header(const rapidjson::Value& request, const char* name) {
  auto it = request["headers"].FindMember(name);
  return it == request["headers"].MemberEnd() ? "" : str(it->value);
}

// The SSO portal's GetRoleCredentials answer: `key`, expiring `in` from now.
std::string portal_step(const std::string& key, std::chrono::seconds in) {
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
      (std::chrono::system_clock::now() + in).time_since_epoch()).count();
  return R"({"status":200,"body":"{\"roleCredentials\":{\"accessKeyId\":\")" + key +
         R"(\",\"secretAccessKey\":\"sso-secret\",\"sessionToken\":\")" + key + R"(-token\",\"expiration\":)" +
         std::to_string(ms) + R"(}}"})";
}

// The token `aws sso login` leaves in ~/.aws/sso/cache/<file>.json.
void write_sso_token(AwsHost& a, const std::string& file, const std::string& start_url, const std::string& expires_at) {
  acdc::test::write_file(a.home.path() / ".aws" / "sso" / "cache" / (file + ".json"),
                         R"({"startUrl":")" + start_url + R"(","region":"us-east-1","accessToken":"sso-access","expiresAt":")" +
                             expires_at + "\"}");
}

const char* kBedrockStep = R"({"fixture":"bedrock_converse_text.eventstream"})";

}  // namespace

TEST_CASE("a profile with role_arn and source_profile assumes the role through STS and signs with what it gave") {
  AwsHost a("dev",
            "[profile dev]\nrole_arn = arn:aws:iam::123456789012:role/dev\nsource_profile = base\nregion = us-west-2\n",
            "# base keys\n[base]\naws_access_key_id = AKIDBASE\naws_secret_access_key = base-secret\n");
  a.h.fake.queue("[" + sts_step("ASIAASSUMED", "assumed-token", std::chrono::hours(1)) + "," + kBedrockStep + "]");
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
  // The first set lives six seconds: it serves its turn (checked, then
  // signed), and past half its life the next turn assumes the role again.
  a.h.fake.queue("[" + sts_step("ASIAFIRST", "t1", std::chrono::seconds(6)) + "," + kBedrockStep + "," +
                 sts_step("ASIASECOND", "t2", std::chrono::hours(1)) + "," + kBedrockStep + "]");
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

TEST_CASE("AWS_PROFILE names the profile, and with neither it nor profile: in llm.yaml the default profile signs") {
  AwsHost a("", "[default]\nregion = us-east-2\n\n[profile other]\nregion = ap-southeast-2\n",
            "[default]\naws_access_key_id = AKIDDEFAULT\naws_secret_access_key = default-secret\n\n"
            "[other]\naws_access_key_id = AKIDOTHER\naws_secret_access_key = other-secret\n");
  a.h.fake.queue(std::string("[") + kBedrockStep + "]");
  auto r = a.h.chat("hello", "req-default");
  INFO(acdc::to_json_text(r) << "\n" << a.h.host->output());
  REQUIRE_FALSE(r.HasMember("error"));
  // The default profile's keys, in the default profile's region.
  CHECK_THAT(header(a.requests()[0], "authorization"),
             Catch::StartsWith("AWS4-HMAC-SHA256 Credential=AKIDDEFAULT/") && Catch::Contains("/us-east-2/bedrock/"));

  a.h.env["AWS_PROFILE"] = "other";
  a.h.start();
  a.h.fake.queue(std::string("[") + kBedrockStep + "]");
  REQUIRE_FALSE(a.h.chat("hello", "req-other").HasMember("error"));
  CHECK_THAT(header(a.requests()[1], "authorization"),
             Catch::StartsWith("AWS4-HMAC-SHA256 Credential=AKIDOTHER/") && Catch::Contains("/ap-southeast-2/bedrock/"));

  // profile: in llm.yaml comes before AWS_PROFILE.
  a.use_profile("default");
  a.h.start();
  a.h.fake.queue(std::string("[") + kBedrockStep + "]");
  REQUIRE_FALSE(a.h.chat("hello", "req-named").HasMember("error"));
  CHECK_THAT(header(a.requests()[2], "authorization"),
             Catch::StartsWith("AWS4-HMAC-SHA256 Credential=AKIDDEFAULT/") && Catch::Contains("/us-east-2/bedrock/"));
  CHECK(a.requests().Size() == 3);
}

TEST_CASE("a profile's static keys and session token in the credentials file sign directly, in the config file's region") {
  AwsHost a("static", "[profile static]\nregion = eu-central-1\noutput = json\n",
            "[static]\naws_access_key_id = AKIDSTATIC\naws_secret_access_key = static-secret\n"
            "aws_session_token = static-token\n");
  a.h.fake.queue(std::string("[") + kBedrockStep + "]");
  auto r = a.h.chat("hello", "req-static");
  INFO(acdc::to_json_text(r) << "\n" << a.h.host->output());
  REQUIRE_FALSE(r.HasMember("error"));
  auto sent = a.requests();
  REQUIRE(sent.Size() == 1);  // no STS, no SSO portal: the keys are used as they are
  CHECK_THAT(header(sent[0], "authorization"),
             Catch::StartsWith("AWS4-HMAC-SHA256 Credential=AKIDSTATIC/") && Catch::Contains("/eu-central-1/bedrock/aws4_request"));
  CHECK(header(sent[0], "x-amz-security-token") == "static-token");

  // The files AWS_CONFIG_FILE and AWS_SHARED_CREDENTIALS_FILE name are read instead of ~/.aws's.
  acdc::test::write_file(a.home.path() / "elsewhere" / "cfg", "[profile static]\nregion = sa-east-1\n");
  acdc::test::write_file(a.home.path() / "elsewhere" / "creds",
                         "[static]\naws_access_key_id = AKIDMOVED\naws_secret_access_key = moved-secret\n");
  a.h.env["AWS_CONFIG_FILE"] = (a.home.path() / "elsewhere" / "cfg").string();
  a.h.env["AWS_SHARED_CREDENTIALS_FILE"] = (a.home.path() / "elsewhere" / "creds").string();
  a.h.start();
  a.h.fake.queue(std::string("[") + kBedrockStep + "]");
  REQUIRE_FALSE(a.h.chat("hello", "req-moved").HasMember("error"));
  sent = a.requests();
  REQUIRE(sent.Size() == 2);
  CHECK_THAT(header(sent[1], "authorization"),
             Catch::StartsWith("AWS4-HMAC-SHA256 Credential=AKIDMOVED/") && Catch::Contains("/sa-east-1/bedrock/"));
  CHECK(header(sent[1], "x-amz-security-token").empty());
}

TEST_CASE("AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY win over the profile AWS_PROFILE names") {
  AwsHost a("", "[default]\nregion = us-west-1\n[profile dev]\nrole_arn = arn:aws:iam::1:role/dev\nsource_profile = base\nregion = us-west-2\n",
            "[base]\naws_access_key_id = AKIDBASE\naws_secret_access_key = base-secret\n"
            "[default]\naws_access_key_id = AKIDDEFAULT\naws_secret_access_key = default-secret\n");
  a.h.env["AWS_PROFILE"] = "dev";
  a.h.env["AWS_ACCESS_KEY_ID"] = "AKIDENV";
  a.h.env["AWS_SECRET_ACCESS_KEY"] = "env-secret";
  a.h.env["AWS_SESSION_TOKEN"] = "env-token";
  a.h.start();
  a.h.fake.queue(std::string("[") + kBedrockStep + "]");
  auto r = a.h.chat("hello", "req-env");
  INFO(acdc::to_json_text(r) << "\n" << a.h.host->output());
  REQUIRE_FALSE(r.HasMember("error"));
  auto sent = a.requests();
  REQUIRE(sent.Size() == 1);  // the role is not assumed
  // The keys are the environment's; the region is still the profile's.
  CHECK_THAT(header(sent[0], "authorization"),
             Catch::StartsWith("AWS4-HMAC-SHA256 Credential=AKIDENV/") && Catch::Contains("/us-west-2/bedrock/"));
  CHECK(header(sent[0], "x-amz-security-token") == "env-token");

  // Over the default profile too.
  a.h.env["AWS_PROFILE"] = "";
  a.h.start();
  a.h.fake.queue(std::string("[") + kBedrockStep + "]");
  REQUIRE_FALSE(a.h.chat("hello", "req-env-default").HasMember("error"));
  REQUIRE(a.requests().Size() == 2);
  CHECK_THAT(header(a.requests()[1], "authorization"),
             Catch::StartsWith("AWS4-HMAC-SHA256 Credential=AKIDENV/") && Catch::Contains("/us-west-1/bedrock/"));
}

TEST_CASE("a legacy SSO profile (sso_start_url in the profile) uses the token cached under the SHA-1 of its start URL") {
  AwsHost a("legacy",
            "[profile legacy]\nsso_start_url = https://legacy.awsapps.com/start\nsso_region = us-east-1\n"
            "sso_account_id = 444455556666\nsso_role_name = ReadOnly\nregion = us-east-2\n",
            "");
  // sha1("https://legacy.awsapps.com/start"), as the AWS CLI names the file.
  write_sso_token(a, "79e435d7a515078e81c9dffc35f38d5687ebd3a7", "https://legacy.awsapps.com/start",
                  iso_in(std::chrono::hours(2)));
  a.h.fake.queue("[" + portal_step("ASIALEGACY", std::chrono::hours(1)) + "," + kBedrockStep + "]");
  auto r = a.h.chat("hello", "req-legacy");
  INFO(acdc::to_json_text(r) << "\n" << a.h.host->output());
  REQUIRE_FALSE(r.HasMember("error"));
  auto sent = a.requests();
  REQUIRE(sent.Size() == 2);
  CHECK(str(sent[0]["method"]) == "GET");
  CHECK(str(sent[0]["path"]) == "/v1/federation/credentials?role_name=ReadOnly&account_id=444455556666");
  CHECK(header(sent[0], "x-amz-sso_bearer_token") == "sso-access");
  CHECK_THAT(header(sent[1], "authorization"),
             Catch::StartsWith("AWS4-HMAC-SHA256 Credential=ASIALEGACY/") && Catch::Contains("/us-east-2/bedrock/"));
  CHECK(header(sent[1], "x-amz-security-token") == "ASIALEGACY-token");
}

TEST_CASE("role_arn with credential_source = Environment assumes the role with the environment's keys") {
  AwsHost a("envrole",
            "[profile envrole]\nrole_arn = arn:aws:iam::123456789012:role/from-env\ncredential_source = Environment\n"
            "region = eu-north-1\n",
            "");
  a.h.env["AWS_ACCESS_KEY_ID"] = "AKIDENV";
  a.h.env["AWS_SECRET_ACCESS_KEY"] = "env-secret";
  a.h.start();
  a.h.fake.queue("[" + sts_step("ASIAFROMENV", "from-env-token", std::chrono::hours(1)) + "," + kBedrockStep + "]");
  auto r = a.h.chat("hello", "req-envrole");
  INFO(acdc::to_json_text(r) << "\n" << a.h.host->output());
  REQUIRE_FALSE(r.HasMember("error"));
  auto sent = a.requests();
  REQUIRE(sent.Size() == 2);
  CHECK(str(sent[0]["path"]) == "/v1/sts");
  CHECK_THAT(str(sent[0]["body"]), Catch::Contains("Action=AssumeRole") &&
                                       Catch::Contains("RoleArn=arn%3Aaws%3Aiam%3A%3A123456789012%3Arole%2Ffrom-env"));
  CHECK_THAT(header(sent[0], "authorization"),
             Catch::StartsWith("AWS4-HMAC-SHA256 Credential=AKIDENV/") && Catch::Contains("/eu-north-1/sts/aws4_request"));
  CHECK_THAT(header(sent[1], "authorization"), Catch::StartsWith("AWS4-HMAC-SHA256 Credential=ASIAFROMENV/"));
  CHECK(header(sent[1], "x-amz-security-token") == "from-env-token");

  // Without the keys in the environment the profile is refused, saying why.
  a.h.env["AWS_ACCESS_KEY_ID"] = "";
  a.h.env["AWS_SECRET_ACCESS_KEY"] = "";
  a.h.start();
  CHECK_THAT(a.failure("req-envrole-none"),
             Catch::StartsWith("No AWS credentials for Bedrock: ") &&
                 Catch::Contains("AWS profile 'envrole': credential_source = Environment, but AWS_ACCESS_KEY_ID and "
                                 "AWS_SECRET_ACCESS_KEY are not set"));
  CHECK(a.requests().Size() == 2);
}

TEST_CASE("an expired SSO token is refused before any call, naming the profile and `aws sso login`") {
  AwsHost a("work",
            "[profile work]\nsso_session = corp\nsso_account_id = 111122223333\nsso_role_name = Developer\nregion = eu-west-1\n"
            "[sso-session corp]\nsso_region = eu-west-1\nsso_start_url = https://corp.awsapps.com/start\n",
            "");
  const std::string expired = iso_in(-std::chrono::hours(1));
  write_sso_token(a, "ee0bfd2552fbd840c02cc48b6e823320543c450f", "https://corp.awsapps.com/start", expired);
  const std::string message = a.failure("req-expired");
  INFO(a.h.host->output());
  CHECK_THAT(message, Catch::StartsWith("No AWS credentials for Bedrock: ") &&
                          Catch::Contains("AWS profile 'work': its SSO token expired at " + expired) &&
                          Catch::Contains("run `aws sso login --profile work`"));
  CHECK(a.requests().Size() == 0);  // neither the portal nor Bedrock was asked
}

TEST_CASE("credential_process credentials are refreshed before they expire") {
  AwsHost a("proc", "", "");
  const auto dir = a.home.path() / ".aws";
  // The process prints first.json on its first run and second.json after,
  // and counts its runs.
  acdc::test::write_file(dir / "creds.sh",
                         "d=$(dirname \"$0\")\necho run >> \"$d/runs\"\n"
                         "if [ \"$(wc -l < \"$d/runs\")\" -eq 1 ]; then cat \"$d/first.json\"; else cat \"$d/second.json\"; fi\n");
  acdc::test::write_file(dir / "config", "[profile proc]\ncredential_process = sh " + (dir / "creds.sh").string() +
                                             "\nregion = us-east-1\n");
  acdc::test::write_file(dir / "second.json",
                         R"({"Version":1,"AccessKeyId":"ASIAPROC2","SecretAccessKey":"x","SessionToken":"proc-2","Expiration":")" +
                             iso_in(std::chrono::hours(1)) + "\"}");
  // The first set lives six seconds: it serves its turn, and past half its
  // life the next turn runs the process again.
  acdc::test::write_file(dir / "first.json",
                         R"({"Version":1,"AccessKeyId":"ASIAPROC1","SecretAccessKey":"x","SessionToken":"proc-1","Expiration":")" +
                             iso_in(std::chrono::seconds(6)) + "\"}");
  a.h.fake.queue(std::string("[") + kBedrockStep + "," + kBedrockStep + "]");
  auto r = a.h.chat("one", "req-proc-1");
  INFO(acdc::to_json_text(r) << "\n" << a.h.host->output());
  REQUIRE_FALSE(r.HasMember("error"));
  std::this_thread::sleep_for(std::chrono::seconds(4));
  REQUIRE_FALSE(a.h.chat("two", "req-proc-2").HasMember("error"));
  auto sent = a.requests();
  REQUIRE(sent.Size() == 2);
  CHECK_THAT(header(sent[0], "authorization"), Catch::StartsWith("AWS4-HMAC-SHA256 Credential=ASIAPROC1/"));
  CHECK(header(sent[0], "x-amz-security-token") == "proc-1");
  CHECK_THAT(header(sent[1], "authorization"), Catch::StartsWith("AWS4-HMAC-SHA256 Credential=ASIAPROC2/"));
  CHECK(header(sent[1], "x-amz-security-token") == "proc-2");
  // Once per set: each was kept between a turn's check and its request.
  CHECK(acdc::test::read_file(dir / "runs") == "run\nrun\n");
}

TEST_CASE("SSO role credentials are refreshed at the portal before they expire") {
  AwsHost a("work",
            "[profile work]\nsso_session = corp\nsso_account_id = 111122223333\nsso_role_name = Developer\nregion = eu-west-1\n"
            "[sso-session corp]\nsso_region = eu-west-1\nsso_start_url = https://corp.awsapps.com/start\n",
            "");
  write_sso_token(a, "ee0bfd2552fbd840c02cc48b6e823320543c450f", "https://corp.awsapps.com/start",
                  iso_in(std::chrono::hours(2)));
  a.h.fake.queue("[" + portal_step("ASIASSO1", std::chrono::seconds(6)) + "," + kBedrockStep + "," +
                 portal_step("ASIASSO2", std::chrono::hours(1)) + "," + kBedrockStep + "]");
  auto r = a.h.chat("one", "req-sso-1");
  INFO(acdc::to_json_text(r) << "\n" << a.h.host->output());
  REQUIRE_FALSE(r.HasMember("error"));
  std::this_thread::sleep_for(std::chrono::seconds(4));
  REQUIRE_FALSE(a.h.chat("two", "req-sso-2").HasMember("error"));
  auto sent = a.requests();
  REQUIRE(sent.Size() == 4);
  CHECK_THAT(header(sent[1], "authorization"), Catch::StartsWith("AWS4-HMAC-SHA256 Credential=ASIASSO1/"));
  CHECK(str(sent[2]["path"]) == "/v1/federation/credentials?role_name=Developer&account_id=111122223333");
  CHECK_THAT(header(sent[3], "authorization"), Catch::StartsWith("AWS4-HMAC-SHA256 Credential=ASIASSO2/"));
  CHECK(header(sent[3], "x-amz-security-token") == "ASIASSO2-token");
}
