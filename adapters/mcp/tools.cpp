#include "mcp/tools.hpp"

#include <acdc/host/json.hpp>

#include <boost/asio/steady_timer.hpp>

#include <map>

namespace acdc::adapters::mcp {
namespace {

constexpr auto kRetryEvery = std::chrono::milliseconds(250);

// Start-up runs in the background: the symbol index answers "still being
// built" (a failed precondition) or {"ready":false} until its first pass is
// done, the chat "still initializing" until its session is restored.
bool still_starting(acdc_status status, std::string_view text) {
  if (status == ACDC_E_FAILED_PRECONDITION) return text.find("still being built") != std::string_view::npos;
  if (status == ACDC_E_UNAVAILABLE) return text.find("still initializing") != std::string_view::npos;
  return status == ACDC_OK && text.starts_with(R"({"ready":false)");
}

}  // namespace

std::string tool_result(std::string_view text, std::string_view structured_json) {
  std::string out = R"({"content":[{"type":"text","text":)";
  rpc::append_quoted(out, text);
  out += "}]";
  if (!structured_json.empty()) {
    out += R"(,"structuredContent":)";
    out += structured_json;
  }
  out += R"(,"isError":false})";
  return out;
}

std::string tool_error(std::string_view message) {
  std::string out = R"({"content":[{"type":"text","text":)";
  rpc::append_quoted(out, message);
  out += R"(}],"isError":true})";
  return out;
}

std::function<void()> Tools::call(const ToolSpec& tool, const rapidjson::Value* arguments, Progress progress,
                                  Done done) {
  // A cancelled call's answer is dropped: the agent no longer waits for it.
  auto cancelled = std::make_shared<std::atomic<bool>>(false);
  Done once = [cancelled, done = std::move(done)](std::string result) {
    if (!cancelled->exchange(true)) done(std::move(result));
  };
  // The arguments a tool takes are its input schema's properties: one list.
  Args a(arguments, schema_properties(tool));
  const std::string_view name = tool.name;
  std::function<void()> stop;
  if (a.ok()) {
    using Member = void (Tools::*)(Args&, Done);
    static const std::map<std::string_view, Member> kRun{{"apply_edits", &Tools::apply_edits}};
    if (name == "ask_acdc") stop = ask_acdc(a, std::move(progress), once);
    else if (auto it = kRun.find(name); it != kRun.end()) (this->*it->second)(a, once);
  }
  if (!a.ok()) once(tool_error(std::string(name) + ": " + a.problem()));
  return [cancelled, stop] {
    if (cancelled->exchange(true)) return;  // answered already
    if (stop) stop();
  };
}

std::function<void()> Tools::call_plugin_tool(std::string method, std::string arguments_json, Done done) {
  auto cancelled = std::make_shared<std::atomic<bool>>(false);
  Done once = [cancelled, done = std::move(done)](std::string result) {
    if (!cancelled->exchange(true)) done(std::move(result));
  };
  plugin(std::move(method), "[" + arguments_json + "]", once, once);
  return [cancelled] { cancelled->store(true); };
}

void Tools::plugin(std::string method, std::string args_json, Done done, OnOk on_ok) {
  retry(std::move(method), std::move(args_json), std::move(done), std::move(on_ok),
        std::chrono::steady_clock::now() + kStartWait);
}

void Tools::retry(std::string method, std::string args_json, Done done, OnOk on_ok,
                  std::chrono::steady_clock::time_point deadline) {
  // A copy for the reply: the call may answer before engine_.call returns.
  std::string m = method, args = args_json;
  engine_.call(m, args, [this, method = std::move(method), args_json = std::move(args_json), done, on_ok,
                         deadline](acdc_status status, std::string_view text) mutable {
    if (still_starting(status, text) && std::chrono::steady_clock::now() < deadline) {
      auto timer = std::make_shared<boost::asio::steady_timer>(executor_, kRetryEvery);
      timer->async_wait([this, timer, method = std::move(method), args_json = std::move(args_json), done, on_ok,
                         deadline](boost::system::error_code ec) mutable {
        if (ec) return done(tool_error("acdc is shutting down"));
        retry(std::move(method), std::move(args_json), std::move(done), std::move(on_ok), deadline);
      });
      return;
    }
    if (still_starting(status, text))
      return done(tool_error("acdc is still starting (indexing the repository) after " +
                             std::to_string(std::chrono::duration_cast<std::chrono::seconds>(kStartWait).count()) +
                             " s; try again later (a first index of a large repository takes a while)"));
    if (status != ACDC_OK) return done(tool_error(text));
    on_ok(std::string(text));
  });
}

}  // namespace acdc::adapters::mcp
