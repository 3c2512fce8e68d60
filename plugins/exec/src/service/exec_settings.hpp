// service/exec_settings.hpp -- app.yaml's `exec:` block and what llm.yaml
// says about keys, as the exec plugin reads them (its config_files).
//
//   exec:
//     sandbox: workspace-write   # a model's commands: workspace-write | read-only | off
//     timeout_s: 120             # a model's command is killed after this
//     user_timeout_s: 3600       # a command you run yourself
//     output_head_bytes: 8000    # what the model reads of a long output: its head ...
//     output_tail_bytes: 8000    # ... and its tail, with how much was cut between
//     max_running: 8             # commands at once
#pragma once

#include "run/sandbox.hpp"

#include <acdc/sdk/json.hpp>

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

namespace acdc::exec {

struct ExecSettings {
  std::filesystem::path root;  // the repository
  SandboxMode sandbox = SandboxMode::workspace_write;
  std::chrono::seconds model_timeout{120}, user_timeout{3600};
  size_t head_bytes = 8000, tail_bytes = 8000;
  size_t stream_limit = 32u << 20;
  int max_running = 8;
  std::vector<std::string> key_vars;  // llm.yaml's api_key_env names

  // From the plugin's config ({"host": {"repo_root"}, "app": {...}, "llm": {...}}).
  // Throws acdc::Error (ACDC_E_INVALID_PARAMS) naming a wrong key.
  static ExecSettings from(const acdc::JsonValue& config);
};

}  // namespace acdc::exec
