// run/command_env.hpp -- the environment a command runs with: acdc's own,
// without its secrets, set up for a terminal nobody pages through.
//
//   std::vector<std::string> env = command_env(environ, {"OPENAI_API_KEY"}, /*sandboxed=*/true);
//
// Left out: ACDC_TOKEN, AWS credentials, every variable llm.yaml names as a
// key (api_key_env, at any depth), and any name that reads as a secret
// (…_API_KEY, …_TOKEN, …_SECRET…, …_PASSWORD). Set: TERM for the terminal;
// PAGER and GIT_PAGER to cat (a pager would wait for keys until the
// timeout); TMPDIR=/tmp in the sandbox, whose /tmp is private.
#pragma once

#include <acdc/sdk/json.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace acdc::exec {

bool is_secret_name(std::string_view name, const std::vector<std::string>& key_vars);
// Every api_key_env value in llm.yaml's settings (null: none).
std::vector<std::string> key_variables(const acdc::JsonValue* llm_settings);
std::vector<std::string> command_env(char** parent_env, const std::vector<std::string>& key_vars, bool sandboxed);

}  // namespace acdc::exec
