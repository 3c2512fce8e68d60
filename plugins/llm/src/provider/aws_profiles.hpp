// provider/aws_profiles.hpp -- the AWS CLI's shared files, read as the CLI
// reads them: ~/.aws/credentials ([name] sections) and ~/.aws/config
// ([default], [profile name], [sso-session name]), or the files
// AWS_SHARED_CREDENTIALS_FILE and AWS_CONFIG_FILE name. A profile's
// settings are its config section with its credentials section over it.
//
//   AwsFiles files = AwsFiles::load();
//   if (const AwsSection* p = files.profile("dev")) p->get("role_arn");
//   std::string name = AwsFiles::profile_name("");   // llm.yaml profile:, else AWS_PROFILE, else "default"
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>

namespace acdc::llm {

struct AwsSection {
  std::map<std::string, std::string> values;
  std::string get(const std::string& key) const {
    auto it = values.find(key);
    return it == values.end() ? std::string() : it->second;
  }
};

class AwsFiles {
 public:
  // Reads both files; a missing file is an empty one.
  static AwsFiles load();
  // Parses INI text: [section] headers, key = value lines, # and ; comments;
  // indented lines (a nested s3 = block's settings) are skipped.
  static std::map<std::string, AwsSection> parse(const std::string& text);
  // `configured` (llm.yaml profile:) when set, else AWS_PROFILE, else "default".
  static std::string profile_name(const std::string& configured);

  // The profile's settings, or none when neither file has it.
  std::optional<AwsSection> profile(const std::string& name) const;
  const AwsSection* sso_session(const std::string& name) const;

  // Where they were read from, for messages.
  std::filesystem::path config_file, credentials_file;

 private:
  std::map<std::string, AwsSection> config_, credentials_;
};

}  // namespace acdc::llm
