// service/exec_json.cpp -- see exec_json.hpp.
#include "service/exec_json.hpp"

#include <acdc/sdk/error.hpp>
#include <acdc/util/json_writer.hpp>

#include <cstring>

namespace acdc::exec {
namespace {

using acdc::util::write_member;

std::string signal_name(int sig) {
  const char* abbrev = sigabbrev_np(sig);
  return abbrev ? std::string("SIG") + abbrev : "signal " + std::to_string(sig);
}

std::string seconds(std::chrono::milliseconds d) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f s", static_cast<double>(d.count()) / 1000.0);
  return buf;
}

}  // namespace

std::string info_json(const std::string& id, const std::string& command, const std::string& cwd, bool by_model,
                      SandboxMode sandbox) {
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartObject();
  write_member(w, "id", id);
  write_member(w, "command", command);
  write_member(w, "cwd", cwd);
  write_member(w, "origin", std::string(by_model ? "model" : "user"));
  write_member(w, "sandbox", std::string(sandbox_name(sandbox)));
  w.EndObject();
  return {buf.GetString(), buf.GetSize()};
}

std::string ending_message(const RunResult& r) {
  const auto& e = r.report;
  std::string m;
  if (!e.reported) m = "the command's supervisor ended without saying how the command ended";
  else if (e.timed_out) m = "killed after its timeout, at " + seconds(r.duration);
  else if (e.killed) m = "killed on request after " + seconds(r.duration);
  else if (e.exited) m = "exit code " + std::to_string(e.code) + " after " + seconds(r.duration);
  else m = "ended by " + signal_name(e.signal) + " after " + seconds(r.duration);
  if (e.left_running > 0)
    m += "; " + std::to_string(e.left_running) + (e.left_running == 1 ? " process" : " processes") +
         " it left running were killed";
  return m;
}

std::string result_json(const std::string& info, const RunResult& r, bool with_output) {
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartObject();
  const auto& e = r.report;
  write_member(w, "exit_code", e.reported && e.exited ? std::optional<long>(e.code) : std::nullopt);
  write_member(w, "signal", e.reported && !e.exited && e.signal ? std::optional<std::string>(signal_name(e.signal)) : std::nullopt);
  w.Key("timed_out"), w.Bool(e.timed_out);
  w.Key("killed"), w.Bool(e.killed);
  write_member(w, "left_running_killed", static_cast<long>(e.left_running));
  write_member(w, "output_bytes", static_cast<long>(r.output_bytes));
  write_member(w, "cut_bytes", static_cast<long>(r.cut_bytes));
  write_member(w, "duration_ms", static_cast<long>(r.duration.count()));
  write_member(w, "message", ending_message(r));
  if (with_output) write_member(w, "output", r.output);
  w.EndObject();
  // The info's members first: {"id":...,"sandbox":...} + {"exit_code":...}
  return info.substr(0, info.size() - 1) + "," + std::string(buf.GetString() + 1, buf.GetSize() - 1);
}

std::string status_json(SandboxMode configured, const Sandbox& box) {
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartObject();
  write_member(w, "sandbox", std::string(sandbox_name(configured)));
  w.Key("sandbox_available"), w.Bool(box.available());
  write_member(w, "sandbox_problem", box.problem());
  w.EndObject();
  return {buf.GetString(), buf.GetSize()};
}

void read_options(const std::optional<acdc::Json>& options, std::string& cwd, std::optional<long>& timeout_s,
                  bool& by_model, unsigned short& cols, unsigned short& rows) {
  if (!options || options->IsNull()) return;
  if (!options->IsObject()) throw acdc::invalid_params("options must be an object: {cwd, timeout_s, origin, cols, rows}");
  for (const auto& m : options->GetObject()) {
    const std::string key = m.name.GetString();
    const auto& v = m.value;
    auto number = [&](long min, long max) {
      if (!v.IsInt64() || v.GetInt64() < min || v.GetInt64() > max)
        throw acdc::invalid_params(key + ": expected a whole number from " + std::to_string(min) + " to " + std::to_string(max));
      return static_cast<long>(v.GetInt64());
    };
    if (key == "cwd") {
      if (!v.IsString()) throw acdc::invalid_params("cwd: expected a repository-relative directory");
      cwd = v.GetString();
      if (cwd.empty()) cwd = ".";
    } else if (key == "timeout_s") {
      timeout_s = number(1, 7 * 24 * 3600);
    } else if (key == "origin") {
      const std::string o = v.IsString() ? v.GetString() : "";
      if (o != "user" && o != "model") throw acdc::invalid_params("origin: expected \"user\" or \"model\"");
      by_model = o == "model";
    } else if (key == "cols") {
      cols = static_cast<unsigned short>(number(10, 1000));
    } else if (key == "rows") {
      rows = static_cast<unsigned short>(number(2, 1000));
    } else {
      throw acdc::invalid_params("unknown option '" + key + "': Exec.run takes cwd, timeout_s, origin, cols, rows");
    }
  }
}

}  // namespace acdc::exec
