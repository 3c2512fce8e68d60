// A third-party plugin: class Greeter, callable from the browser as
// Greeter.hello("you") and Greeter.count(), and a tool, `greet`, that
// acdc's agent offers its model and acdc's MCP server offers every agent.
#include <acdc/sdk.hpp>

#include <atomic>
#include <optional>
#include <string>

namespace {

class Greeter {
 public:
  explicit Greeter(acdc::Context&) {}

  std::string hello(std::string name) {
    if (name.empty()) throw acdc::invalid_params("Greeter.hello: give a name to greet");
    ++greeted_;
    return "hello, " + name;
  }

  long count() const { return greeted_; }

  // The tool: its arguments object in, a CallToolResult out. A problem the
  // model can fix is an error *result* that says what to give instead.
  acdc::RawJson greet(std::optional<acdc::Json> args) {
    acdc::ToolArgs a(args ? &*args : nullptr, {"who"});
    const std::string who = a.text("who", true).value_or("");
    if (!a.ok()) return acdc::tool_error(a.problem());
    ++greeted_;
    return acdc::tool_result("hello, " + who);
  }

 private:
  std::atomic<long> greeted_{0};
};

acdc::PluginSpec<Greeter> describe() {
  return acdc::PluginSpec<Greeter>("greeter", "1.0.0")
      .cls("Greeter")
      .method<&Greeter::hello>("hello")
      .method<&Greeter::count>("count")
      .tool<&Greeter::greet>("greet", R"({"name":"greet","description":"Greets someone by name.",)"
                                      R"("inputSchema":{"type":"object","properties":{"who":{"type":"string"}},)"
                                      R"("required":["who"]},"annotations":{"readOnlyHint":true}})");
}

}  // namespace

ACDC_PLUGIN(greeter, describe)
