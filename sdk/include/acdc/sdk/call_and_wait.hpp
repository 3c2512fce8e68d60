// acdc/sdk/call_and_wait.hpp -- calling another plugin and waiting for its
// answer, for code running on a thread the plugin owns (acdc::WorkerThread).
// Never on a host thread: the answer may need that very thread.
//
//   acdc::Result r = acdc::call_and_wait(host, "Repo.get_flat_file_list", "[]");
//   if (!r.ok()) log(r.payload);   // the other plugin's message, or why nothing came
#pragma once

#include <acdc/sdk/host.hpp>

#include <chrono>
#include <future>
#include <memory>
#include <string>
#include <string_view>

namespace acdc {

// A call not answered within `timeout` gives ACDC_E_TIMEOUT (its late answer
// is dropped).
inline Result call_and_wait(const Host& host, std::string_view method, std::string_view args_json,
                            std::chrono::milliseconds timeout = std::chrono::seconds(60)) {
  auto promise = std::make_shared<std::promise<Result>>();
  auto future = promise->get_future();
  host.call(method, args_json, [promise](Result r) { promise->set_value(std::move(r)); });
  if (future.wait_for(timeout) != std::future_status::ready)
    return Result{ACDC_E_TIMEOUT, std::string(method) + " did not answer within " +
                                      std::to_string(timeout.count() / 1000) + " s: is its plugin loaded and responsive?"};
  return future.get();
}

}  // namespace acdc
