// acdc/sdk/host.hpp -- what a plugin can ask of the host, in C++.
//
// A plugin class receives an acdc::Host& (through acdc::Context) and keeps
// it. Every member is thread-safe and never blocks; answers arrive later on a
// host thread, never inside the call that asked for them.
//
//   host.call("Repo.get_file_content", acdc::json_array(path),
//             [this](acdc::Result r) {
//               if (!r.ok()) return host.log(ACDC_LOG_WARN, r.payload);
//               use(r.json().GetString());
//             });
//   host.notify(client, "AcApp.streamChunk", acdc::json_array(id, text));
//   host.post([this] { index_everything(); });        // on a worker; may block
#pragma once

#include <acdc/sdk/json.hpp>

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

namespace acdc {

// The answer to an outbound call: on success `payload` is JSON text,
// otherwise a message.
struct Result {
  acdc_status status = ACDC_OK;
  std::string payload;

  bool ok() const { return status == ACDC_OK; }
  // Parses the payload of a successful result (throws when it is not JSON).
  Json json() const { return parse_json(payload.empty() ? std::string_view("null") : payload); }
};

using ResultHandler = std::function<void(Result)>;

inline acdc_str to_str(std::string_view s) { return acdc_str{s.data(), s.size()}; }
inline std::string_view to_view(acdc_str s) { return std::string_view(s.ptr ? s.ptr : "", s.len); }

class Host {
 public:
  Host(const acdc_host_api* api, acdc_plugin* self) : api_(api), self_(self) {}

  const acdc_host_api* api() const { return api_; }
  acdc_plugin* self() const { return self_; }

  void log(int level, std::string_view message) const { api_->log(self_, level, to_str(message)); }

  // The plugin's config block as a JSON object.
  Json config() const {
    std::string text;
    api_->get_config(self_, &append_to_string, &text);
    return parse_json(text.empty() ? std::string_view("{}") : text);
  }

  // Calls "Class.method" of another plugin; `done` runs once with the answer.
  void call(std::string_view method, std::string_view args_json, ResultHandler done,
            const acdc_call* parent = nullptr) const {
    api_->call_plugin(self_, parent, to_str(method), to_str(args_json), &deliver,
                      new Pending<ResultHandler>{api_, self_, std::string(method), std::move(done)});
  }

  // Calls "Class.method" on one client (plain result) or on ACDC_CLIENT_ALL
  // (the jrpc-oo {remote id: result} map).
  void call_client(acdc_client client, std::string_view method, std::string_view args_json,
                   ResultHandler done) const {
    api_->call_client(self_, client, to_str(method), to_str(args_json), &deliver,
                      new Pending<ResultHandler>{api_, self_, std::string(method), std::move(done)});
  }

  // Fire and forget; false when no such client is connected.
  bool notify(acdc_client client, std::string_view method, std::string_view args_json) const {
    return api_->notify_client(self_, client, to_str(method), to_str(args_json)) == ACDC_OK;
  }

  // Runs `task` on a host worker thread after `delay_ms`. Returns false (and
  // drops the task) during shutdown.
  bool post(std::function<void()> task, uint32_t delay_ms = 0) const {
    auto* boxed = new Pending<std::function<void()>>{api_, self_, {}, std::move(task)};
    if (api_->post(self_, delay_ms, &run_task, boxed) == ACDC_OK) return true;
    delete boxed;
    log(ACDC_LOG_WARN, "a task was dropped: the host is shutting down");
    return false;
  }

  void progress(std::string_view stage, std::string_view message, int percent) const {
    api_->report_progress(self_, to_str(stage), to_str(message), percent);
  }

  void publish(std::string_view topic, std::string_view json) const {
    api_->publish(self_, to_str(topic), to_str(json));
  }

  // The tools this plugin serves beyond its descriptor's (plugin_api.h,
  // since 1.3): a JSON array of declarations, each with its "method". False
  // when the host refused them (it logs why) or is older than 1.3.
  bool set_tools(std::string_view tools_json) const {
    if (!ACDC_HAS(acdc_host_api, api_, set_tools)) return false;
    return api_->set_tools(self_, to_str(tools_json)) == ACDC_OK;
  }

  static void append_to_string(void* user, acdc_str bytes) {
    static_cast<std::string*>(user)->append(bytes.ptr, bytes.len);
  }

 private:
  // A callback on its way back, with what is needed to report its failure.
  template <class Fn>
  struct Pending {
    const acdc_host_api* api;
    acdc_plugin* self;
    std::string what;  // the method a reply answers; empty for a posted task
    Fn fn;
  };

  // Runs after the method that asked has returned, so nobody is left to
  // catch a throw: it is logged (it must not unwind into the host).
  template <class Fn, class... Args>
  static void run_logged(Pending<Fn>& p, Args&&... args) {
    auto failed = [&p](std::string_view why) {
      Host(p.api, p.self).log(ACDC_LOG_ERROR, (p.what.empty() ? std::string("a posted task")
                                                              : "the reply handler of " + p.what) +
                                                  " threw: " + std::string(why));
    };
    try {
      p.fn(std::forward<Args>(args)...);
    } catch (const std::exception& e) {
      failed(e.what());
    } catch (...) {
      failed("a non-standard exception");
    }
  }

  static void deliver(void* user, acdc_status status, acdc_str payload) {
    std::unique_ptr<Pending<ResultHandler>> p(static_cast<Pending<ResultHandler>*>(user));
    run_logged(*p, Result{status, std::string(to_view(payload))});
  }

  static void run_task(void* user) {
    std::unique_ptr<Pending<std::function<void()>>> p(static_cast<Pending<std::function<void()>>*>(user));
    run_logged(*p);
  }

  const acdc_host_api* api_;
  acdc_plugin* self_;
};

}  // namespace acdc
