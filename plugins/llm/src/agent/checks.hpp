// agent/checks.hpp -- lint and tests after a turn's edits. app.yaml:
//
//   checks:
//     lint_cmd: "ruff check ."   # run first; when it fails the tests are not run
//     test_cmd: "pytest -q"
//     auto_test: true            # run them after each turn that changed files
//     max_fix_rounds: 3          # Agent mode: a failure goes back to the model this many times
//
// and `checks:` of <repo>/.acdc/app.yaml over it, key by key (that file is
// read for this section only: a repository's file may choose its own test
// command, never loosen the sandbox or the permissions). The commands run
// through Exec.run as the model's would, in its sandbox, each a step of the
// turn the user sees (tool "lint_cmd" or "test_cmd").
//
//   CheckSettings s = CheckSettings::from(app_section, repo / ".acdc" / "app.yaml");   // throws naming a bad key
//   Checks checks(host, s, cancel, on_step);
//   std::string failure = checks.run(step, steps);   // "" when all passed; else what the model is told
#pragma once

#include "agent/agent_step.hpp"

#include <acdc/sdk.hpp>

#include <atomic>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace acdc::llm {

struct CheckSettings {
  std::string lint_cmd, test_cmd;
  bool auto_test = false;
  int max_fix_rounds = 3;

  bool enabled() const { return auto_test && (!lint_cmd.empty() || !test_cmd.empty()); }
  // Throws acdc::Error (ACDC_E_INVALID_PARAMS) naming the file and key that are wrong.
  static CheckSettings from(const acdc::JsonValue* app_checks, const std::filesystem::path& repo_app_yaml);
};

class Checks {
 public:
  Checks(const acdc::Host& host, CheckSettings settings, const std::atomic<bool>& cancel,
         std::function<void(const AgentStep&)> on_step)
      : host_(host), s_(std::move(settings)), cancel_(cancel), on_step_(std::move(on_step)) {}

  const CheckSettings& settings() const { return s_; }
  // Runs lint, then (when it passed) the tests; each ends as a step in
  // `steps`. Returns what the model is told of the first that failed.
  std::string run(int step, std::vector<AgentStep>& steps);

 private:
  // One command through Exec.run; false when it failed (or could not run).
  bool run_one(const char* name, const std::string& command, int step, std::vector<AgentStep>& steps);

  const acdc::Host& host_;
  CheckSettings s_;
  const std::atomic<bool>& cancel_;
  std::function<void(const AgentStep&)> on_step_;
};

}  // namespace acdc::llm
