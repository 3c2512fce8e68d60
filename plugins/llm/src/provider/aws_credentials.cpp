#include "provider/aws_credentials.hpp"

#include "provider/aws_profiles.hpp"
#include "provider/http_fetch.hpp"

#include <acdc/sdk/error.hpp>
#include <acdc/sdk/json.hpp>

#include <openssl/sha.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <sys/wait.h>

namespace acdc::llm {
namespace {

using Clock = std::chrono::system_clock;
constexpr auto kRefreshBefore = std::chrono::minutes(5);

struct Temporary {
  AwsCredentials credentials;
  std::optional<Clock::time_point> expires;  // none: they do not expire
  Clock::time_point refresh_after{};         // set when cached
};

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v ? v : "";
}

acdc::Error missing(const std::string& profile, const std::string& what) {
  return acdc::Error(ACDC_E_FAILED_PRECONDITION, "AWS profile '" + profile + "': " + what);
}

// "2026-11-28T03:00:00Z" (or with fractional seconds or +00:00).
std::optional<Clock::time_point> parse_iso(const std::string& text) {
  std::tm tm{};
  std::istringstream in(text);
  in >> std::get_time(&tm, "%Y-%m-%dT%H:%M:%S");
  if (in.fail()) return std::nullopt;
  return Clock::from_time_t(timegm(&tm));
}

std::string xml_value(const std::string& xml, const std::string& tag) {
  const auto open = xml.find("<" + tag + ">");
  if (open == std::string::npos) return {};
  const auto start = open + tag.size() + 2;
  const auto close = xml.find("</" + tag + ">", start);
  return close == std::string::npos ? std::string() : xml.substr(start, close - start);
}

std::string member(const rapidjson::Value& o, const char* key) {
  auto it = o.FindMember(key);
  return it != o.MemberEnd() && it->value.IsString() ? it->value.GetString() : "";
}

// scheme://host[:port]/path -> (host[:port], /path)
std::pair<std::string, std::string> host_and_path(const std::string& url) {
  const auto scheme = url.find("://");
  const auto start = scheme == std::string::npos ? 0 : scheme + 3;
  const auto slash = url.find('/', start);
  if (slash == std::string::npos) return {url.substr(start), "/"};
  return {url.substr(start, slash - start), url.substr(slash)};
}

class Resolver {
 public:
  Resolver(const AwsFiles& files, std::string region) : files_(files), region_(std::move(region)) {}

  Temporary profile(const std::string& name, std::set<std::string>& seen) {
    if (!seen.insert(name).second) throw missing(name, "source_profile chain loops back to it; fix the chain in " + files_.config_file.string());
    const std::optional<AwsSection> p = files_.profile(name);
    if (!p)
      throw missing(name, "it is in neither " + files_.config_file.string() + " nor " + files_.credentials_file.string() +
                              "; create it (aws configure --profile " + name + ") or name another (profile: in llm.yaml, or AWS_PROFILE)");
    if (!p->get("role_arn").empty()) return assume_role(name, *p, seen);
    if (!p->get("aws_access_key_id").empty()) {
      if (p->get("aws_secret_access_key").empty()) throw missing(name, "aws_access_key_id is set but aws_secret_access_key is not");
      return {{p->get("aws_access_key_id"), p->get("aws_secret_access_key"), p->get("aws_session_token")}, std::nullopt};
    }
    if (!p->get("credential_process").empty()) return process(name, p->get("credential_process"));
    if (!p->get("sso_session").empty() || !p->get("sso_start_url").empty()) return sso(name, *p);
    throw missing(name, "it has no credentials: it needs aws_access_key_id and aws_secret_access_key, role_arn with "
                        "source_profile, credential_process, or sso_session (aws configure --profile " + name + ")");
  }

 private:
  Temporary assume_role(const std::string& name, const AwsSection& p, std::set<std::string>& seen) {
    AwsCredentials source;
    if (const std::string from = p.get("source_profile"); !from.empty()) {
      source = profile(from, seen).credentials;
    } else if (p.get("credential_source") == "Environment") {
      source = AwsCredentials::from_env();
      if (source.access_key_id.empty())
        throw missing(name, "credential_source = Environment, but AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are not set");
    } else {
      throw missing(name, "role_arn needs source_profile (or credential_source = Environment) to assume it with");
    }
    const std::string region = !p.get("region").empty() ? p.get("region") : region_;
    std::string url = env("AWS_ENDPOINT_URL_STS");
    if (url.empty()) url = env("AWS_ENDPOINT_URL");
    if (url.empty()) url = region.empty() ? "https://sts.amazonaws.com/" : "https://sts." + region + ".amazonaws.com/";
    std::string session = p.get("role_session_name");
    if (session.empty()) session = "acdc-" + std::to_string(std::time(nullptr));
    std::string body = "Action=AssumeRole&Version=2011-06-15&RoleArn=" + aws_uri_encode(p.get("role_arn"), false) +
                       "&RoleSessionName=" + aws_uri_encode(session, false);
    if (const std::string id = p.get("external_id"); !id.empty()) body += "&ExternalId=" + aws_uri_encode(id, false);
    if (const std::string d = p.get("duration_seconds"); !d.empty()) body += "&DurationSeconds=" + aws_uri_encode(d, false);
    const auto [host, path] = host_and_path(url);
    SigV4Request r{.method = "POST", .host = host, .path = path, .query = "", .payload = body,
                   .headers = {{"content-type", "application/x-www-form-urlencoded; charset=utf-8"}}};
    std::vector<std::string> headers = {"Content-Type: application/x-www-form-urlencoded; charset=utf-8", "Accept: */*"};
    for (const auto& [k, v] : sign_sigv4(r, source, region.empty() ? "us-east-1" : region, "sts", amz_date_now()))
      headers.push_back(k + ": " + v);
    const HttpFetch a = http_fetch({.url = url, .headers = headers, .post_body = body});
    if (!a.error.empty()) throw missing(name, "assuming " + p.get("role_arn") + " failed: " + url + ": " + a.error);
    if (a.status != 200)
      throw missing(name, "STS refused to assume " + p.get("role_arn") + " (HTTP " + std::to_string(a.status) + "): " +
                              xml_value(a.body, "Code") + " " + xml_value(a.body, "Message"));
    Temporary t{{xml_value(a.body, "AccessKeyId"), xml_value(a.body, "SecretAccessKey"), xml_value(a.body, "SessionToken")},
                parse_iso(xml_value(a.body, "Expiration"))};
    if (t.credentials.access_key_id.empty()) throw missing(name, "STS answered AssumeRole without credentials");
    return t;
  }

  Temporary process(const std::string& name, const std::string& command) {
    // The AWS CLI runs it without a shell for a plain command; through sh -c
    // here, which reads the same command line.
    FILE* pipe = ::popen(command.c_str(), "r");
    if (!pipe) throw missing(name, "credential_process could not start: " + command);
    std::string out;
    std::array<char, 4096> buf{};
    for (size_t n; (n = std::fread(buf.data(), 1, buf.size(), pipe)) > 0;) out.append(buf.data(), n);
    const int status = ::pclose(pipe);
    if (status != 0)
      throw missing(name, "credential_process exited with status " + std::to_string(WEXITSTATUS(status)) + ": " + command);
    rapidjson::Document d;
    d.Parse(out.c_str());
    if (d.HasParseError() || !d.IsObject() || member(d, "AccessKeyId").empty() || member(d, "SecretAccessKey").empty())
      throw missing(name, "credential_process printed no AccessKeyId and SecretAccessKey as JSON (Version 1): " + command);
    return {{member(d, "AccessKeyId"), member(d, "SecretAccessKey"), member(d, "SessionToken")}, parse_iso(member(d, "Expiration"))};
  }

  Temporary sso(const std::string& name, const AwsSection& p) {
    std::string session = p.get("sso_session"), start_url = p.get("sso_start_url"), sso_region = p.get("sso_region");
    if (!session.empty()) {
      const AwsSection* s = files_.sso_session(session);
      if (!s) throw missing(name, "sso_session '" + session + "' has no [sso-session " + session + "] section in " + files_.config_file.string());
      if (sso_region.empty()) sso_region = s->get("sso_region");
    }
    const std::string account = p.get("sso_account_id"), role = p.get("sso_role_name");
    if (account.empty() || role.empty()) throw missing(name, "an SSO profile needs sso_account_id and sso_role_name");
    if (sso_region.empty()) throw missing(name, "no sso_region for its SSO session");
    // The CLI's token cache: SHA-1 of the session name (or the legacy start URL).
    const std::string key = session.empty() ? start_url : session;
    std::array<unsigned char, SHA_DIGEST_LENGTH> digest{};
    SHA1(reinterpret_cast<const unsigned char*>(key.data()), key.size(), digest.data());
    std::string hex;
    for (unsigned char c : digest) hex += "0123456789abcdef"[c >> 4], hex += "0123456789abcdef"[c & 15];
    const auto cache = std::filesystem::path(env("HOME")) / ".aws" / "sso" / "cache" / (hex + ".json");
    std::ifstream in(cache);
    std::ostringstream text;
    text << in.rdbuf();
    rapidjson::Document token;
    token.Parse(text.str().c_str());
    const std::string login = "run `aws sso login --profile " + name + "`";
    if (!in || token.HasParseError() || !token.IsObject() || member(token, "accessToken").empty())
      throw missing(name, "no SSO token in " + cache.string() + ": " + login);
    if (auto expires = parse_iso(member(token, "expiresAt")); expires && *expires <= Clock::now())
      throw missing(name, "its SSO token expired at " + member(token, "expiresAt") + ": " + login);
    std::string url = env("AWS_ENDPOINT_URL_SSO");
    if (url.empty()) url = "https://portal.sso." + sso_region + ".amazonaws.com";
    url += "/federation/credentials?role_name=" + aws_uri_encode(role, false) + "&account_id=" + aws_uri_encode(account, false);
    const HttpFetch a =
        http_fetch({.url = url, .headers = {"x-amz-sso_bearer_token: " + member(token, "accessToken"), "Accept: application/json"}});
    if (!a.error.empty()) throw missing(name, "the SSO portal could not be reached: " + a.error);
    if (a.status != 200)
      throw missing(name, "the SSO portal refused role " + role + " in account " + account + " (HTTP " +
                              std::to_string(a.status) + ")" + (a.status == 401 ? ": " + login : std::string()));
    rapidjson::Document d;
    d.Parse(a.body.c_str());
    if (d.HasParseError() || !d.IsObject() || !d.HasMember("roleCredentials") || !d["roleCredentials"].IsObject())
      throw missing(name, "the SSO portal answered without roleCredentials");
    const auto& c = d["roleCredentials"];
    Temporary t{{member(c, "accessKeyId"), member(c, "secretAccessKey"), member(c, "sessionToken")}, std::nullopt};
    if (auto e = c.FindMember("expiration"); e != c.MemberEnd() && e->value.IsNumber())
      t.expires = Clock::time_point(std::chrono::milliseconds(e->value.GetInt64()));
    return t;
  }

  const AwsFiles& files_;
  std::string region_;
};

// Whether the profile's source_profile chain ends in role_arn with
// credential_source = Environment: the environment's keys are then what
// assumes the role, not the credentials to sign with.
bool assumes_role_with_env(const AwsFiles& files, std::string name) {
  std::set<std::string> seen;
  while (seen.insert(name).second) {
    const std::optional<AwsSection> p = files.profile(name);
    if (!p || p->get("role_arn").empty()) return false;
    if (std::string from = p->get("source_profile"); !from.empty()) {
      name = std::move(from);
      continue;
    }
    return p->get("credential_source") == "Environment";
  }
  return false;
}

std::mutex cache_mu;
std::map<std::string, Temporary> cached;  // by profile name

}  // namespace

std::optional<AwsCredentials> find_aws_credentials(const std::string& configured_profile, const std::string& region) {
  const std::string name = AwsFiles::profile_name(configured_profile);
  // The environment's keys come first, unless the profile assumes a role with them.
  std::optional<AwsFiles> loaded;
  if (AwsCredentials c = AwsCredentials::from_env(); !c.access_key_id.empty()) {
    loaded = AwsFiles::load();
    if (!assumes_role_with_env(*loaded, name)) return c;
  }
  std::lock_guard lock(cache_mu);
  if (auto it = cached.find(name); it != cached.end() && Clock::now() < it->second.refresh_after)
    return it->second.credentials;
  const AwsFiles files = loaded ? std::move(*loaded) : AwsFiles::load();
  const bool named = !configured_profile.empty() || !env("AWS_PROFILE").empty();
  if (!named && !files.profile(name)) return std::nullopt;
  std::set<std::string> seen;
  Temporary t = Resolver(files, region).profile(name, seen);
  // Only what expires is kept: keys in the files are read again each time,
  // so an edit to them counts at once. Refreshed five minutes before they
  // expire, or half way through a shorter life (a turn resolves twice: the
  // check before it and the request).
  if (t.expires) {
    const auto now = Clock::now();
    t.refresh_after = std::max(*t.expires - kRefreshBefore, now + (*t.expires - now) / 2);
    cached[name] = t;
  }
  return t.credentials;
}

std::string aws_profile_region(const std::string& configured_profile) {
  const auto p = AwsFiles::load().profile(AwsFiles::profile_name(configured_profile));
  return p ? p->get("region") : "";
}

void forget_aws_credentials() {
  std::lock_guard lock(cache_mu);
  cached.clear();
}

}  // namespace acdc::llm
