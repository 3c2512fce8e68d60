// rpc/call_target.hpp -- what the router hands a call to.
//
// The router knows methods only as call targets: a plugin's slot
// (plugins/plugin_slot.hpp, which forwards to the plugin's current
// generation) or a built-in method of the host. Routing therefore depends on
// this interface, never on the plugin code: plugins/ includes rpc/, not the
// other way round.
#pragma once

#include "rpc/call_origin.hpp"

#include <functional>
#include <memory>
#include <string_view>

namespace acdc::rpc {

class CallTarget {
 public:
  virtual ~CallTarget() = default;
  // [any] Serves `method` ("Class.method") with `args_json` (the args
  // array); the answer arrives through `origin`, exactly once.
  virtual void dispatch(std::string_view method, std::string_view args_json,
                        std::unique_ptr<CallOrigin> origin) = 0;
};

// A method of the host itself. `args_json` is the args array; the handler
// answers through `origin`.
using BuiltinHandler =
    std::function<void(std::string_view args_json, std::unique_ptr<CallOrigin> origin)>;

class BuiltinTarget final : public CallTarget {
 public:
  explicit BuiltinTarget(BuiltinHandler handler) : handler_(std::move(handler)) {}
  void dispatch(std::string_view, std::string_view args_json, std::unique_ptr<CallOrigin> origin) override {
    handler_(args_json, std::move(origin));
  }

 private:
  BuiltinHandler handler_;
};

}  // namespace acdc::rpc
