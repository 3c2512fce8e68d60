// A third-party plugin: class Greeter, callable from the browser as
// Greeter.hello("you") and Greeter.count().
#include <acdc/sdk.hpp>

#include <atomic>
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

 private:
  std::atomic<long> greeted_{0};
};

acdc::PluginSpec<Greeter> describe() {
  return acdc::PluginSpec<Greeter>("greeter", "1.0.0")
      .cls("Greeter")
      .method<&Greeter::hello>("hello")
      .method<&Greeter::count>("count");
}

}  // namespace

ACDC_PLUGIN(greeter, describe)
