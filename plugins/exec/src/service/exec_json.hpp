// service/exec_json.hpp -- what Exec.* answers and tells the clients, as
// JSON text, and the options Exec.run reads (exec_service.hpp lists them).
#pragma once

#include "run/command_run.hpp"
#include "run/sandbox.hpp"

#include <acdc/sdk/json.hpp>

#include <optional>
#include <string>

namespace acdc::exec {

// {id, command, cwd, origin, sandbox}
std::string info_json(const std::string& id, const std::string& command, const std::string& cwd, bool by_model,
                      SandboxMode sandbox);
// `info` (an object's text) with how the command ended; its output too when `with_output`.
std::string result_json(const std::string& info, const RunResult& r, bool with_output);
// One sentence: "exit code 1", "killed after the 120 s timeout", ...
std::string ending_message(const RunResult& r);
std::string status_json(SandboxMode configured, const Sandbox& box);

// Exec.run's options; throws acdc::Error (ACDC_E_INVALID_PARAMS) naming a wrong one.
void read_options(const std::optional<acdc::Json>& options, std::string& cwd, std::optional<long>& timeout_s,
                  bool& by_model, unsigned short& cols, unsigned short& rows);

}  // namespace acdc::exec
