#include "rpc/router.hpp"

#include <acdc/host/json.hpp>

#include <set>

namespace acdc::rpc {

std::string describe_methods(const RouteTable& table) {
  std::set<std::string_view> names;
  names.insert("system.listComponents");
  for (const auto& [name, target] : table.routes) names.insert(name);
  std::string out = "{";
  for (std::string_view name : names) {
    if (out.size() > 1) out += ',';
    append_quoted(out, name);
    out += ":true";
  }
  out += '}';
  return out;
}

Router::Router() {
  auto t = std::make_shared<RouteTable>();
  t->methods_json = describe_methods(*t);
  table_ = std::move(t);
}

std::shared_ptr<const RouteTable> Router::table() const {
  std::lock_guard lock(mu_);
  return table_;
}

void Router::publish(std::shared_ptr<const RouteTable> table) {
  std::lock_guard lock(mu_);
  table_ = std::move(table);
}

void Router::dispatch(std::string_view method, std::string_view args_json,
                      std::unique_ptr<CallOrigin> origin) const {
  std::shared_ptr<const RouteTable> t = table();
  auto it = t->routes.find(method);
  if (it == t->routes.end()) {
    std::string message = "Method not found: " + std::string(method);
    auto dot = method.find('.');
    auto absent = t->absent_classes.find(method.substr(0, dot));
    if (dot != std::string_view::npos && absent != t->absent_classes.end())
      message += " (" + absent->second + ")";
    origin->finish(kStatusMethodNotFound, message);
    return;
  }
  it->second->dispatch(method, args_json, std::move(origin));
}

}  // namespace acdc::rpc
