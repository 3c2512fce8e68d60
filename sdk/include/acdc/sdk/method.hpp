// acdc/sdk/method.hpp -- turns a C++ member function into an acdc_invoke_fn.
//
// The trampoline decodes the jrpc-oo `args` array into the parameter types,
// calls the member function, encodes the result and completes the call. It
// never lets an exception escape into the host. Method shapes:
//
//   R    f(A1, A2, ...)              answers with R (void answers null)
//   void f(acdc::Call, A1, ...)      answers later through the Call
//   ...  f(..., acdc::Rest rest)     rest.json = the remaining args as an array
//
// A trailing std::optional<T> parameter may be left out by the caller.
#pragma once

#include <acdc/sdk/call.hpp>
#include <acdc/sdk/host.hpp>

#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

namespace acdc {

// The arguments after the declared ones, as JSON array text ("[]" if none).
struct Rest {
  std::string json = "[]";
};

// What a plugin class is built from; see acdc/sdk/plugin.hpp. `host` lives
// as long as the plugin object and may be kept by reference; the rest is
// valid only while the constructor runs: copy what you need of it (or read
// the config again later with host.config()).
struct Context {
  Host& host;
  const Json& config;            // the plugin's config block
  std::string_view prior_state;  // save_state() of the previous generation, or empty
  std::string_view prior_version;
};

enum MethodOptions : unsigned {
  kDefault = 0,
  // Runs on a host worker thread, where the method may block (disk, git).
  kBlocking = 1u << 0,
  // Hot swap does not wait for this method's calls to drain.
  kLongRunning = 1u << 1,
};

namespace detail {

// One loaded plugin object and its host handle; the void* state of the ABI.
template <class T>
struct Instance {
  Instance(const acdc_host_api* api, acdc_plugin* self, const Json& config,
           std::string_view prior_state, std::string_view prior_version)
      : host(api, self), object(make(host, config, prior_state, prior_version)) {}

  // The plugin class may take `Context&` or `const Context&`; the returned
  // prvalue is constructed in place, so T need not be movable.
  static T make(Host& h, const Json& c, std::string_view s, std::string_view v) {
    Context ctx{h, c, s, v};
    return T(ctx);
  }

  Host host;
  T object;
};

struct MethodInfo {
  std::string qualified;  // "Echo.add", for messages
  unsigned options = kDefault;
};

template <class F>
struct MemberFn;
template <class C, class R, class... A>
struct MemberFn<R (C::*)(A...)> {
  using Class = C;
  using Return = R;
  using Args = std::tuple<std::decay_t<A>...>;
};
template <class C, class R, class... A>
struct MemberFn<R (C::*)(A...) const> : MemberFn<R (C::*)(A...)> {};
template <class C, class R, class... A>
struct MemberFn<R (C::*)(A...) noexcept> : MemberFn<R (C::*)(A...)> {};
template <class C, class R, class... A>
struct MemberFn<R (C::*)(A...) const noexcept> : MemberFn<R (C::*)(A...)> {};

template <class Tuple>
struct FirstIsCall : std::false_type {};
template <class... A>
struct FirstIsCall<std::tuple<Call, A...>> : std::true_type {};

template <class T>
struct IsOptional : std::false_type {};
template <class T>
struct IsOptional<std::optional<T>> : std::true_type {};

template <class T>
T decode_arg(const JsonValue& args, size_t index, size_t declared, const MethodInfo& info) {
  if constexpr (std::is_same_v<T, Rest>) {
    rapidjson::StringBuffer buf;
    JsonWriter w(buf);
    w.StartArray();
    for (size_t i = index; i < args.Size(); ++i) args[static_cast<rapidjson::SizeType>(i)].Accept(w);
    w.EndArray();
    return Rest{std::string(buf.GetString(), buf.GetSize())};
  } else {
    if (index >= args.Size()) {
      if constexpr (IsOptional<T>::value) return T{};
      throw invalid_params(info.qualified + " expects " + std::to_string(declared) +
                           " argument(s), got " + std::to_string(args.Size()));
    }
    T out{};
    try {
      from_json(args[static_cast<rapidjson::SizeType>(index)], out);
    } catch (const Error& e) {
      throw invalid_params(info.qualified + ": argument " + std::to_string(index + 1) + ": " +
                           e.what());
    }
    return out;
  }
}

template <class Tuple, size_t... I>
Tuple decode_args(const JsonValue& args, const MethodInfo& info, std::index_sequence<I...>) {
  constexpr size_t count = sizeof...(I);
  constexpr bool has_rest = (std::is_same_v<std::tuple_element_t<I, Tuple>, Rest> || ...);
  static_assert(((!std::is_same_v<std::tuple_element_t<I, Tuple>, Rest> || I + 1 == count) && ...),
                "acdc::Rest takes the arguments after the others: it must be the last parameter");
  if (!has_rest && args.Size() > count)
    throw invalid_params(info.qualified + " expects at most " + std::to_string(count) +
                         " argument(s), got " + std::to_string(args.Size()));
  return Tuple{decode_arg<std::tuple_element_t<I, Tuple>>(args, I, count, info)...};
}

template <class Tuple>
struct DropFirst;
template <class First, class... Rest_>
struct DropFirst<std::tuple<First, Rest_...>> {
  using Type = std::tuple<Rest_...>;
};

// The document a call's args are parsed into: its stacks come from a pool
// too, as its values do (Trampoline::run).
using ArgsDocument =
    rapidjson::GenericDocument<rapidjson::UTF8<>, rapidjson::MemoryPoolAllocator<>, rapidjson::MemoryPoolAllocator<>>;
inline constexpr size_t kArgsStackCapacity = 256;

inline void fail_call(const acdc_host_api* api, acdc_call* call, acdc_status status,
                      std::string_view message) noexcept {
  api->complete_error(call, status, acdc_str{message.data(), message.size()});
}

// `T` is the plugin class, `Fn` a member of it or of one of its bases: the
// state is always an Instance<T>, never one of the member's own class.
template <class T, auto Fn>
struct Trampoline {
  using Traits = MemberFn<decltype(Fn)>;
  using Args = typename Traits::Args;
  using Class = T;
  static_assert(std::is_base_of_v<typename Traits::Class, T>,
                "method<&X::f>: X must be the plugin class or one of its bases");
  static constexpr bool kAsync = FirstIsCall<Args>::value;

  static void invoke(void* state, void* method_data, acdc_call* call, acdc_str args) noexcept {
    auto* inst = static_cast<Instance<Class>*>(state);
    auto* info = static_cast<const MethodInfo*>(method_data);
    if (!(info->options & kBlocking)) return run(inst, info, call, to_view(args));
    struct Job {
      Instance<Class>* inst;
      const MethodInfo* info;
      acdc_call* call;
      std::string args;
    };
    auto* job = new Job{inst, info, call, std::string(to_view(args))};
    auto task = [](void* user) {
      std::unique_ptr<Job> j(static_cast<Job*>(user));
      run(j->inst, j->info, j->call, j->args);
    };
    if (inst->host.api()->post(inst->host.self(), 0, task, job) != ACDC_OK) {
      delete job;
      fail_call(inst->host.api(), call, ACDC_E_UNAVAILABLE, "the host is shutting down");
    }
  }

  static void run(Instance<Class>* inst, const MethodInfo* info, acdc_call* call,
                  std::string_view args_text) noexcept {
    const acdc_host_api* api = inst->host.api();
    try {
      // The args of most calls fit here and never touch the heap: their
      // values in `pool`, the parser's and the document's stacks in `stacks`
      // (a default Document allocates a 64 KiB pool and both stacks per
      // call). Decoding copies what a method keeps, so nothing points into
      // them after run() returns.
      char pool[1024], stacks[1024];
      rapidjson::MemoryPoolAllocator<> allocator(pool, sizeof pool);
      rapidjson::MemoryPoolAllocator<> stack_allocator(stacks, sizeof stacks);
      ArgsDocument doc(&allocator, kArgsStackCapacity, &stack_allocator);
      parse_json(args_text, doc);
      if (!doc.IsArray()) throw invalid_params(info->qualified + ": args must be an array");
      if constexpr (kAsync) {
        using Tail = typename DropFirst<Args>::Type;
        auto decoded = decode_args<Tail>(doc, *info,
                                         std::make_index_sequence<std::tuple_size_v<Tail>>{});
        Call handle(api, call, info->qualified);
        try {
          std::apply([&](auto&&... a) { (inst->object.*Fn)(handle, std::move(a)...); }, decoded);
        } catch (const Error& e) {
          handle.fail(e.status(), e.what());
        } catch (const std::exception& e) {
          handle.fail(ACDC_E_APPLICATION, e.what());
        } catch (...) {
          handle.fail(ACDC_E_INTERNAL, info->qualified + " threw a non-standard exception");
        }
      } else {
        auto decoded =
            decode_args<Args>(doc, *info, std::make_index_sequence<std::tuple_size_v<Args>>{});
        if constexpr (std::is_void_v<typename Traits::Return>) {
          std::apply([&](auto&&... a) { (inst->object.*Fn)(std::move(a)...); }, decoded);
          api->complete_result(call, ACDC_STR_LIT("null"));
        } else {
          auto result =
              std::apply([&](auto&&... a) { return (inst->object.*Fn)(std::move(a)...); }, decoded);
          if constexpr (std::is_same_v<decltype(result), RawJson>) {
            // Already JSON: handed over as is, not copied through a Writer (a 50,000-file tree is 6 MB).
            api->complete_result(call, acdc_str{result.text.data(), result.text.size()});
          } else {
            rapidjson::StringBuffer text;  // handed over as written, not copied to a string first
            JsonWriter writer(text);
            to_json(writer, result);
            api->complete_result(call, acdc_str{text.GetString(), text.GetSize()});
          }
        }
      }
    } catch (const Error& e) {
      fail_call(api, call, e.status(), e.what());
    } catch (const std::exception& e) {
      fail_call(api, call, ACDC_E_APPLICATION, e.what());
    } catch (...) {
      fail_call(api, call, ACDC_E_INTERNAL, info->qualified + " threw a non-standard exception");
    }
  }
};

}  // namespace detail
}  // namespace acdc
