// provider/aws_credentials.hpp -- AWS credentials for Bedrock's SigV4 as
// the AWS CLI finds them, with no SDK (issue 30):
//   1. AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN, unless
//      the profile below assumes a role with them (credential_source =
//      Environment at the end of its source_profile chain);
//   2. the profile (llm.yaml `profile:`, else AWS_PROFILE, else default)
//      in ~/.aws/credentials and ~/.aws/config (provider/aws_profiles.hpp):
//      - aws_access_key_id and aws_secret_access_key (+ aws_session_token);
//      - role_arn with source_profile (or credential_source = Environment):
//        STS AssumeRole, signed with the source's credentials;
//      - credential_process: the command's JSON (Version 1);
//      - sso_session (or the legacy sso_start_url) with sso_account_id and
//        sso_role_name: the token `aws sso login` cached in ~/.aws/sso/cache,
//        traded at the portal's GetRoleCredentials.
// Temporary credentials are kept until five minutes before they expire.
// Endpoints can be overridden as the AWS CLI allows (AWS_ENDPOINT_URL_STS,
// AWS_ENDPOINT_URL_SSO, AWS_ENDPOINT_URL).
//
//   if (auto c = find_aws_credentials(config.profile, config.region)) sign(*c);
#pragma once

#include "provider/sigv4.hpp"

#include <optional>
#include <string>

namespace acdc::llm {

// `profile`: llm.yaml's, or "" for AWS_PROFILE / default; `region`: for
// STS when the profile names none. None when nothing is set up at all (no
// variables, no profile named, no default profile); throws acdc::Error
// naming the profile and the missing piece when one is set up but broken.
std::optional<AwsCredentials> find_aws_credentials(const std::string& profile, const std::string& region);

// The region the profile names (its `region`), or "".
std::string aws_profile_region(const std::string& profile);

// Forgets every cached credential (tests; a changed llm.yaml).
void forget_aws_credentials();

}  // namespace acdc::llm
