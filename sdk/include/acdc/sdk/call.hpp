// acdc/sdk/call.hpp -- completing a call later.
//
// A method that cannot answer at once takes an acdc::Call as its first
// parameter and completes it exactly once, from any thread:
//
//   void slow(acdc::Call call, int ms) {
//     host_.post([call, ms]() mutable { call.ok(ms); }, ms);
//   }
//
// Call is a cheap shared handle: copies refer to the same call, the first
// ok()/fail() wins and later ones are ignored. If the last copy goes away
// without completing, the call fails with ACDC_E_INTERNAL so that the client
// is never left waiting.
#pragma once

#include <acdc/sdk/json.hpp>

#include <atomic>
#include <memory>
#include <string>
#include <string_view>

namespace acdc {

class Call {
 public:
  Call(const acdc_host_api* api, acdc_call* call, std::string method)
      : state_(std::make_shared<State>(api, call, std::move(method))) {}

  // The client that made the call (ACDC_CLIENT_NONE for plugin calls); read
  // when the call arrived, so it stays valid after the call is completed.
  acdc_client client() const { return state_->client; }
  // The raw handle, to pass as the parent of an outbound call. Only valid
  // until the call is completed.
  const acdc_call* handle() const { return state_->call; }
  const std::string& method() const { return state_->method; }
  bool completed() const { return state_->done.load(); }

  template <class T>
  void ok(const T& value) {
    std::string text;
    try {
      text = to_json_text(value);
    } catch (const Error& e) {
      return fail(e.status(), e.what());
    }
    ok_raw(text);
  }

  // Completes with text that already is JSON (an empty string means null).
  void ok_raw(std::string_view json) {
    if (!state_->claim()) return;
    state_->api->complete_result(state_->call, acdc_str{json.data(), json.size()});
  }

  void fail(acdc_status status, std::string_view message) {
    if (!state_->claim()) return;
    state_->api->complete_error(state_->call, status, acdc_str{message.data(), message.size()});
  }

 private:
  struct State {
    State(const acdc_host_api* a, acdc_call* c, std::string m)
        : api(a), call(c), method(std::move(m)), client(a->client_of(c)) {}
    ~State() {
      if (claim()) {
        std::string message = method + " returned without completing its call (plugin bug)";
        api->complete_error(call, ACDC_E_INTERNAL, acdc_str{message.data(), message.size()});
      }
    }
    bool claim() { return !done.exchange(true); }

    const acdc_host_api* api;
    acdc_call* call;
    std::string method;
    acdc_client client;
    std::atomic<bool> done{false};
  };

  std::shared_ptr<State> state_;
};

}  // namespace acdc
