// rpc/router.hpp -- "Class.method" to whoever serves it.
//
// The routing table is immutable: the plugin manager builds a new one when
// plugins come or go and publishes it atomically, so dispatch never takes a
// lock on the table. A method is served by a plugin slot (which forwards to
// the slot's current generation) or by a built-in handler of the host.
//
//   router.dispatch("Echo.add", "[1,2]", std::move(origin));
#pragma once

#include "plugins/plugin_slot.hpp"
#include "rpc/call_origin.hpp"
#include "util/string_hash.hpp"

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <variant>

namespace acdc::rpc {

// A method of the host itself. `args_json` is the args array; the handler
// answers through `origin`.
using BuiltinHandler =
    std::function<void(std::string_view args_json, std::unique_ptr<CallOrigin> origin)>;

struct RouteTable {
  using Target = std::variant<std::shared_ptr<plugins::PluginSlot>, std::shared_ptr<BuiltinHandler>>;
  std::unordered_map<std::string, Target, StringHash, std::equal_to<>> routes;
  // Why a class is not served, for the "Method not found" message:
  // "Repo" -> "plugin 'repo' is not loaded: <reason>".
  std::map<std::string, std::string, std::less<>> absent_classes;
  // {"system.listComponents":true,"Echo.echo":true,...}, sent to clients.
  std::string methods_json;
};

// Builds methods_json from the routes (plus system.listComponents).
std::string describe_methods(const RouteTable& table);

class Router {
 public:
  Router();

  // [any] Routes one call; the answer always arrives through `origin`.
  void dispatch(std::string_view method, std::string_view args_json,
                std::unique_ptr<CallOrigin> origin) const;

  std::shared_ptr<const RouteTable> table() const;
  void publish(std::shared_ptr<const RouteTable> table);

 private:
  mutable std::mutex mu_;  // guards only the pointer swap and copy
  std::shared_ptr<const RouteTable> table_;
};

}  // namespace acdc::rpc
