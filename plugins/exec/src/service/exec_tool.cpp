// service/exec_tool.cpp -- ExecService::run_command, the model's command
// (exec_tool_decl.hpp): Exec.run with origin "model", answered as a
// CallToolResult the model reads.
#include "service/exec_json.hpp"
#include "service/exec_service.hpp"

#include <acdc/sdk/tool.hpp>

namespace acdc::exec {

void ExecService::run_command(acdc::Call call, std::optional<acdc::Json> args) {
  static const acdc::Json kNoArgs;
  ToolArgs a(args ? &*args : &kNoArgs, {"command", "cwd", "timeout_s"});
  Request r{.command = a.text("command", true).value_or(""), .by_model = true};
  r.cwd = a.text("cwd").value_or(".");
  if (r.cwd.empty()) r.cwd = ".";
  r.timeout_s = a.integer("timeout_s", 1, 7 * 24 * 3600);
  if (!a.ok()) return call.ok(tool_error(a.problem()));
  try {
    launch(r, [call](const RunResult& result, const Running& job) mutable {
      std::string text = "$ " + job.command + "\n" + ending_message(result) + " (sandbox: " +
                         std::string(sandbox_name(job.sandbox)) + ")\n" +
                         (result.output.empty() ? "(no output)" : result.output);
      const std::string info = info_json(job.id, job.command, job.cwd, job.by_model, job.sandbox);
      call.ok(tool_result(text, result_json(info, result, false)));
    });
  } catch (const acdc::Error& e) {
    call.ok(tool_error(e.what()));
  }
}

}  // namespace acdc::exec
