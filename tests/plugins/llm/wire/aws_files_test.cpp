// The AWS CLI's shared files as acdc reads them (provider/aws_profiles.hpp);
// the credential chain itself is tested end to end in aws_profile_test.cpp.
#include "provider/aws_profiles.hpp"

#include <catch2/catch.hpp>

TEST_CASE("the AWS files are read as the CLI reads them: sections, comments, a nested block skipped") {
  const auto sections = acdc::llm::AwsFiles::parse(
      "# a comment\n[default]\nregion = eu-central-1\n; another\n[profile dev]\nrole_arn=arn:x\ns3 =\n"
      "  max_concurrent_requests = 20\nsource_profile = base  \n[sso-session corp]\nsso_region = us-east-1\n");
  REQUIRE(sections.size() == 3);
  CHECK(sections.at("default").get("region") == "eu-central-1");
  const auto& dev = sections.at("profile dev");
  CHECK(dev.get("role_arn") == "arn:x");
  CHECK(dev.get("source_profile") == "base");
  CHECK(dev.get("max_concurrent_requests").empty());  // s3's, not the profile's
  CHECK(sections.at("sso-session corp").get("sso_region") == "us-east-1");
}
