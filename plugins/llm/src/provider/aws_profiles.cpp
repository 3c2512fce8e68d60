#include "provider/aws_profiles.hpp"

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace acdc::llm {
namespace {

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v ? v : "";
}

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return {};
  return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

std::string read(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::filesystem::path aws_file(const char* variable, const char* name) {
  if (std::string set = env(variable); !set.empty()) return set;
  return std::filesystem::path(env("HOME")) / ".aws" / name;
}

}  // namespace

std::map<std::string, AwsSection> AwsFiles::parse(const std::string& text) {
  std::map<std::string, AwsSection> out;
  AwsSection* current = nullptr;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty() && (line[0] == ' ' || line[0] == '\t')) continue;  // a nested block's setting
    const std::string t = trim(line);
    if (t.empty() || t[0] == '#' || t[0] == ';') continue;
    if (t.front() == '[' && t.back() == ']') {
      current = &out[trim(t.substr(1, t.size() - 2))];
      continue;
    }
    const auto eq = t.find('=');
    if (eq == std::string::npos || !current) continue;
    current->values[trim(t.substr(0, eq))] = trim(t.substr(eq + 1));
  }
  return out;
}

AwsFiles AwsFiles::load() {
  AwsFiles f;
  f.config_file = aws_file("AWS_CONFIG_FILE", "config");
  f.credentials_file = aws_file("AWS_SHARED_CREDENTIALS_FILE", "credentials");
  f.config_ = parse(read(f.config_file));
  f.credentials_ = parse(read(f.credentials_file));
  return f;
}

std::string AwsFiles::profile_name(const std::string& configured) {
  if (!configured.empty()) return configured;
  if (std::string set = env("AWS_PROFILE"); !set.empty()) return set;
  return "default";
}

std::optional<AwsSection> AwsFiles::profile(const std::string& name) const {
  std::optional<AwsSection> out;
  // In the config file every profile but the default is "[profile name]".
  auto in_config = config_.find(name == "default" ? "default" : "profile " + name);
  if (in_config == config_.end() && name == "default") in_config = config_.find("profile default");
  if (in_config != config_.end()) out = in_config->second;
  if (auto in_credentials = credentials_.find(name); in_credentials != credentials_.end()) {
    if (!out) out.emplace();
    for (const auto& [k, v] : in_credentials->second.values) out->values[k] = v;
  }
  return out;
}

const AwsSection* AwsFiles::sso_session(const std::string& name) const {
  auto it = config_.find("sso-session " + name);
  return it == config_.end() ? nullptr : &it->second;
}

}  // namespace acdc::llm
