// The exec plugin: id "exec", class Exec (service/exec_service.hpp). A
// trimmed build without it runs no command at all: no Run button works and
// the model has no run_command tool. Starting a command forks and checks
// the disk: it runs on a host worker (kBlocking), and the answer comes when
// the command ends (kLongRunning: a hot swap does not wait for it).
#include "service/exec_service.hpp"
#include "service/exec_tool_decl.hpp"

namespace {

using acdc::exec::ExecService;

acdc::PluginSpec<ExecService> describe() {
  return acdc::PluginSpec<ExecService>("exec", "0.1.0")
      .cls("Exec")
      .method<&ExecService::run>("run", acdc::kBlocking | acdc::kLongRunning)
      .method<&ExecService::kill>("kill")
      .method<&ExecService::input>("input")
      .method<&ExecService::list>("list")
      .method<&ExecService::status>("status", acdc::kBlocking)
      .method<&ExecService::stop_tool_calls>("stop_tool_calls")
      .tool<&ExecService::run_command>("run_command", acdc::exec::tool_decls::kRunCommand,
                                         acdc::kBlocking | acdc::kLongRunning);
}

}  // namespace

ACDC_PLUGIN(exec, describe)
