// acdc/sdk/plugin.hpp -- declaring a plugin: its id, classes, methods, hooks.
//
//   acdc::PluginSpec<Echo> describe() {
//     return acdc::PluginSpec<Echo>("echo", "1.0.0")
//         .cls("Echo")
//         .method<&Echo::echo>("echo")
//         .method<&Echo::index>("index", acdc::kBlocking);
//   }
//   ACDC_PLUGIN(echo, describe)
//
// The plugin class T is constructed from an acdc::Context in activate() and
// destroyed in deactivate(). Optional members, found by their signature:
//   void start();                         deferred start-up (may block)
//   std::string save_state();             state for the next hot-swap generation
//   void on_event(std::string_view topic, std::string_view json);
#pragma once

#include <acdc/sdk/method.hpp>

#include <cstdio>
#include <deque>
#include <stdexcept>
#include <string>
#include <vector>

namespace acdc {

template <class T>
class PluginSpec {
 public:
  PluginSpec(std::string id, std::string version) : id_(std::move(id)), version_(std::move(version)) {}

  // This plugin needs plugin `id` active first.
  PluginSpec& depends(std::string id) {
    dependency_names_.push_back(std::move(id));
    return *this;
  }

  // Starts a class; the methods that follow belong to it.
  PluginSpec& cls(std::string name) {
    classes_.push_back(ClassEntry{std::move(name), {}});
    return *this;
  }

  template <auto Fn>
  PluginSpec& method(std::string name, unsigned options = kDefault) {
    if (classes_.empty()) throw std::logic_error("method '" + name + "' comes before any cls(): name its class first");
    classes_.back().methods.push_back(MethodDef{std::move(name), &detail::Trampoline<T, Fn>::invoke, options, {}});
    return *this;
  }

  // A method that is also a tool a model may call (plugin_api.h, since 1.2):
  // `declaration` is its MCP Tool object, {"name", "description",
  // "inputSchema", ...}. The method takes the tool's arguments object and
  // answers a CallToolResult (acdc/sdk/tool.hpp builds both ends):
  //
  //   .tool<&Greeter::greet>("greet", R"({"name":"greet","description":"Greets someone.",
  //       "inputSchema":{"type":"object","properties":{"who":{"type":"string"}},"required":["who"]}})")
  template <auto Fn>
  PluginSpec& tool(std::string name, std::string declaration, unsigned options = kDefault) {
    method<Fn>(std::move(name), options);
    classes_.back().methods.back().tool = std::move(declaration);
    return *this;
  }

  // The C descriptor. Built once; it points into this object, which the
  // ACDC_PLUGIN entry keeps in static storage for the library's lifetime.
  const acdc_plugin_desc* descriptor() {
    if (!built_) build();
    return &desc_;
  }

  static inline const acdc_host_api* host_api = nullptr;

 private:
  struct MethodDef {
    std::string name;
    acdc_invoke_fn invoke;
    unsigned options;
    std::string tool;  // empty: no tool
  };
  struct ClassEntry {
    std::string name;
    std::vector<MethodDef> methods;
  };

  // Everything the C descriptor points to is built here, in the object that
  // lives in static storage, never in a temporary copy of it.
  void build() {
    for (const auto& d : dependency_names_) dependencies_.push_back(d.c_str());
    for (const auto& c : classes_) {
      auto& descs = method_descs_.emplace_back();
      for (const auto& m : c.methods) {
        infos_.push_back(detail::MethodInfo{c.name + "." + m.name, m.options});
        uint32_t flags = (m.options & kLongRunning) ? uint32_t{ACDC_METHOD_LONG_RUNNING} : 0u;
        descs.push_back(acdc_method_desc{sizeof(acdc_method_desc), flags, m.name.c_str(), m.invoke, &infos_.back(),
                                         m.tool.empty() ? nullptr : m.tool.c_str()});
      }
      class_descs_.push_back(acdc_class_desc{sizeof(acdc_class_desc), c.name.c_str(), descs.data(),
                                             static_cast<uint32_t>(descs.size())});
    }
    desc_ = acdc_plugin_desc{sizeof(acdc_plugin_desc),
                             ACDC_ABI_MAJOR,
                             ACDC_ABI_MINOR,
                             id_.c_str(),
                             version_.c_str(),
                             dependencies_.data(),
                             static_cast<uint32_t>(dependencies_.size()),
                             class_descs_.data(),
                             static_cast<uint32_t>(class_descs_.size()),
                             &activate,
                             start_hook(),
                             save_state_hook(),
                             &deactivate,
                             event_hook()};
    built_ = true;
  }

  using Inst = detail::Instance<T>;

  static acdc_status activate(acdc_plugin* self, acdc_str config_json, acdc_str prior_state,
                              acdc_str prior_version, void** state_out, acdc_sink_fn error,
                              void* error_user) {
    try {
      Json config = parse_json(config_json.len ? to_view(config_json) : std::string_view("{}"));
      *state_out = new Inst(host_api, self, config, to_view(prior_state), to_view(prior_version));
      return ACDC_OK;
    } catch (const Error& e) {
      error(error_user, to_str(e.what()));
      return e.status();
    } catch (const std::exception& e) {
      error(error_user, to_str(e.what()));
      return ACDC_E_APPLICATION;
    } catch (...) {
      error(error_user, ACDC_STR_LIT("activation threw a non-standard exception"));
      return ACDC_E_INTERNAL;
    }
  }

  static void deactivate(void* state) { delete static_cast<Inst*>(state); }

  static constexpr auto start_hook() {
    if constexpr (requires(T& t) { t.start(); }) {
      return +[](void* state) -> acdc_status {
        auto* inst = static_cast<Inst*>(state);
        try {
          inst->object.start();
          return ACDC_OK;
        } catch (const std::exception& e) {
          inst->host.log(ACDC_LOG_ERROR, std::string("start-up failed: ") + e.what());
          return ACDC_E_APPLICATION;
        } catch (...) {
          inst->host.log(ACDC_LOG_ERROR, "start-up threw a non-standard exception");
          return ACDC_E_INTERNAL;
        }
      };
    } else {
      return static_cast<acdc_status (*)(void*)>(nullptr);
    }
  }

  static constexpr auto save_state_hook() {
    if constexpr (requires(T& t) { t.save_state(); }) {
      static_assert(std::is_constructible_v<std::string, decltype(std::declval<T&>().save_state())>,
                    "save_state() must return the state as text (std::string or std::string_view)");
      return +[](void* state, acdc_sink_fn sink, void* user) -> acdc_status {
        try {
          std::string bytes(static_cast<Inst*>(state)->object.save_state());
          sink(user, to_str(bytes));
          return ACDC_OK;
        } catch (...) {
          return ACDC_E_INTERNAL;
        }
      };
    } else {
      return static_cast<acdc_status (*)(void*, acdc_sink_fn, void*)>(nullptr);
    }
  }

  static constexpr auto event_hook() {
    // The handler may take std::string_view (no copy) or std::string.
    if constexpr (requires(T& t, std::string_view s) { t.on_event(s, s); }) {
      return +[](void* state, acdc_str topic, acdc_str json) {
        try {
          static_cast<Inst*>(state)->object.on_event(to_view(topic), to_view(json));
        } catch (...) {
          // Events are advisory; a failing handler must not reach the host.
        }
      };
    } else if constexpr (requires(T& t, const std::string& s) { t.on_event(s, s); }) {
      return +[](void* state, acdc_str topic, acdc_str json) {
        try {
          static_cast<Inst*>(state)->object.on_event(std::string(to_view(topic)), std::string(to_view(json)));
        } catch (...) {
          // Events are advisory; a failing handler must not reach the host.
        }
      };
    } else {
      return static_cast<void (*)(void*, acdc_str, acdc_str)>(nullptr);
    }
  }

  std::string id_;
  std::string version_;
  std::vector<std::string> dependency_names_;
  std::vector<ClassEntry> classes_;
  std::deque<detail::MethodInfo> infos_;  // deque: method_data pointers stay valid
  std::deque<std::vector<acdc_method_desc>> method_descs_;
  std::vector<const char*> dependencies_;
  std::vector<acdc_class_desc> class_descs_;
  acdc_plugin_desc desc_{};
  bool built_ = false;
};

namespace detail {

// Version negotiation, run by the entry point: the major must match.
inline const acdc_plugin_desc* negotiate(const acdc_entry_args* args, const acdc_plugin_desc* d) {
  if (args->host_abi_major == ACDC_ABI_MAJOR) return d;
  if (args->error && args->error_size)
    std::snprintf(args->error, args->error_size,
                  "plugin '%s' was built for ABI %u.%u, this host speaks ABI %u.%u: rebuild the "
                  "plugin against this host's SDK",
                  d->id, ACDC_ABI_MAJOR, ACDC_ABI_MINOR, args->host_abi_major, args->host_abi_minor);
  return nullptr;
}

// The entry point's way to refuse when describing the plugin fails: an
// exception must not cross into the host.
inline const acdc_plugin_desc* refuse(const acdc_entry_args* args, const char* why) noexcept {
  if (args->error && args->error_size) std::snprintf(args->error, args->error_size, "%s", why);
  return nullptr;
}

}  // namespace detail
}  // namespace acdc

// A shared plugin exports acdc_plugin_entry; when linked into the host for a
// trimmed static build (ACDC_PLUGIN_STATIC) it exports acdc_plugin_entry_<id>.
#ifdef ACDC_PLUGIN_STATIC
#define ACDC_DETAIL_ENTRY_NAME(id) acdc_plugin_entry_##id
#else
#define ACDC_DETAIL_ENTRY_NAME(id) acdc_plugin_entry
#endif

#define ACDC_PLUGIN(id, describe)                                                          \
  extern "C" ACDC_EXPORT const acdc_plugin_desc* ACDC_DETAIL_ENTRY_NAME(id)(               \
      const acdc_entry_args* args) {                                                       \
    try {                                                                                  \
      static auto spec = describe();                                                       \
      decltype(spec)::host_api = args->host;                                               \
      return ::acdc::detail::negotiate(args, spec.descriptor());                           \
    } catch (const std::exception& e) {                                                    \
      return ::acdc::detail::refuse(args, e.what());                                       \
    } catch (...) {                                                                        \
      return ::acdc::detail::refuse(args, "describing the plugin threw");                  \
    }                                                                                      \
  }
