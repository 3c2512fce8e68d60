// agent/agent_step.hpp -- one tool call of an Agent turn as the user sees
// it: live (AcApp.agentStep, first "running", then "ok" or "error"), in the
// turn's result (`steps`), and in history after a reload.
//
//   AgentStep s{.id = "call_1", .step = 2, .tool = "read_file", .arguments_json = R"({"path":"a.py"})"};
//   host.notify(ACDC_CLIENT_ALL, "AcApp.agentStep", "[\"r1\"," + s.to_json() + "]");
#pragma once

#include <string>
#include <vector>

namespace acdc::llm {

struct AgentStep {
  std::string id;              // the provider's tool-call id
  int step = 0;                // the model step (1-based) that asked for it
  std::string tool;
  std::string arguments_json;  // as the model wrote them; shown as text when not an object
  std::string status = "running";  // running | ok | error
  std::string summary;         // one line
  long duration_ms = 0;
  std::string result;          // the text the model saw

  // {"id","step","tool","arguments","status"[,"summary","duration_ms","result"]}
  std::string to_json() const;
};

// A JSON array of steps.
std::string steps_json(const std::vector<AgentStep>& steps);

}  // namespace acdc::llm
