// agent/checks.cpp -- see checks.hpp.
#include "agent/checks.hpp"

#include <acdc/util/json_writer.hpp>

#include <yaml-cpp/yaml.h>

#include <chrono>
#include <future>
#include <memory>

namespace acdc::llm {
namespace {

void read_key(const std::string& where, const std::string& key, const YAML::Node& v, CheckSettings& s) {
  auto bad = [&](const std::string& what) {
    throw acdc::invalid_params(where + " checks." + key + ": " + what);
  };
  try {
    if (key == "lint_cmd" || key == "test_cmd") (key == "lint_cmd" ? s.lint_cmd : s.test_cmd) = v.IsNull() ? "" : v.as<std::string>();
    else if (key == "auto_test") s.auto_test = v.as<bool>();
    else if (key == "max_fix_rounds") {
      s.max_fix_rounds = v.as<int>();
      if (s.max_fix_rounds < 0 || s.max_fix_rounds > 20) bad("expected a whole number from 0 to 20");
    } else {
      bad("unknown: checks take lint_cmd, test_cmd, auto_test, max_fix_rounds");
    }
  } catch (const YAML::Exception&) {
    bad(key == "auto_test" ? "expected true or false" : key == "max_fix_rounds" ? "expected a whole number" : "expected a command");
  }
}

// The JSON section is the host's rendering of the same YAML: read it back
// through YAML so both files follow one set of rules.
void read_section(const std::string& where, const YAML::Node& section, CheckSettings& s) {
  if (!section || section.IsNull()) return;
  if (!section.IsMap()) throw acdc::invalid_params(where + " checks: must be a map (lint_cmd, test_cmd, auto_test, max_fix_rounds)");
  for (const auto& kv : section) read_key(where, kv.first.as<std::string>(), kv.second, s);
}

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

}  // namespace

CheckSettings CheckSettings::from(const acdc::JsonValue* app_checks, const std::filesystem::path& repo_app_yaml) {
  CheckSettings s;
  if (app_checks) read_section("app.yaml", YAML::Load(acdc::to_json_text(*app_checks)), s);
  std::error_code ec;
  if (!std::filesystem::exists(repo_app_yaml, ec)) return s;
  YAML::Node repo;
  try {
    repo = YAML::LoadFile(repo_app_yaml.string());
  } catch (const YAML::Exception& e) {
    throw acdc::invalid_params(repo_app_yaml.string() + ": " + e.what());
  }
  if (repo.IsMap()) read_section(repo_app_yaml.string(), repo["checks"], s);
  return s;
}

std::string Checks::run(int step, std::vector<AgentStep>& steps) {
  for (auto [name, command] : {std::pair{"lint_cmd", &s_.lint_cmd}, std::pair{"test_cmd", &s_.test_cmd}}) {
    if (command->empty()) continue;
    if (!run_one(name, *command, step, steps))
      return "After your edits, `" + *command + "` (" + name + ") fails:\n\n" + steps.back().result +
             "\n\nFix the code so that it passes; do not change what the check runs.";
  }
  return {};
}

bool Checks::run_one(const char* name, const std::string& command, int step, std::vector<AgentStep>& steps) {
  AgentStep s{.id = std::string(name) + "-" + std::to_string(steps.size() + 1), .step = step, .tool = name,
              .arguments_json = "{\"command\":" + acdc::to_json_text(command) + "}"};
  on_step_(s);
  const auto t0 = std::chrono::steady_clock::now();
  auto promise = std::make_shared<std::promise<acdc::Result>>();
  auto future = promise->get_future();
  host_.call("Exec.run", "[" + acdc::to_json_text(command) + R"(,{"origin":"model"}])",
             [promise](acdc::Result r) { promise->set_value(std::move(r)); });
  while (future.wait_for(std::chrono::milliseconds(50)) != std::future_status::ready)
    if (cancel_.load()) {
      host_.call("Exec.stop_tool_calls", "[]", [](acdc::Result) {});
      future.wait();
      break;
    }
  acdc::Result r = future.get();
  bool passed = false;
  if (!r.ok()) {
    s.result = "the check could not run: " + r.payload;
  } else {
    acdc::Json out;
    out.Parse(r.payload.c_str());
    const bool exited = out.IsObject() && out.HasMember("exit_code") && out["exit_code"].IsInt();
    passed = exited && out["exit_code"].GetInt() == 0;
    const std::string message = out.IsObject() && out.HasMember("message") && out["message"].IsString() ? out["message"].GetString() : "";
    const std::string output = out.IsObject() && out.HasMember("output") && out["output"].IsString() ? out["output"].GetString() : "";
    s.result = "$ " + command + "\n" + message + "\n" + (output.empty() ? "(no output)" : output);
    s.summary = message;
  }
  if (s.summary.empty()) s.summary = first_line(s.result);
  s.status = passed ? "ok" : "error";
  s.duration_ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
  on_step_(s);
  steps.push_back(std::move(s));
  return passed;
}

}  // namespace acdc::llm
