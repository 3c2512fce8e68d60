// acdc/sdk/keep_loaded.hpp -- keeps this plugin's generation loaded while
// background work runs (ABI 1.1 hold/release).
//
// A method that answers at once and works on afterwards (a chat turn that
// returns "started" and streams for minutes) takes a KeepLoaded first and
// lets it go when the work is done. A hot swap meanwhile routes new calls to
// the next build, but this generation stays loaded, and its host functions
// keep working, until the last KeepLoaded is gone: the work finishes on the
// code that started it.
//
//   void run(acdc::Call call) {
//     acdc::KeepLoaded keep(host_);
//     call.ok("started");
//     worker_.post([this, keep = std::make_shared<acdc::KeepLoaded>(std::move(keep))] {
//       long_work();
//     });                              // released when the task is destroyed
//   }
//
// Move-only; releases exactly once (destruction or reset()). Empty, and
// harmless, when the host is shutting down or speaks ABI 1.0 (which has no
// hold): the work then runs as it did before 1.1, unprotected by a swap.
#pragma once

#include <acdc/sdk/host.hpp>

#include <utility>

namespace acdc {

class KeepLoaded {
 public:
  KeepLoaded() = default;
  explicit KeepLoaded(const Host& host) {
    const acdc_host_api* api = host.api();
    if (ACDC_HAS(acdc_host_api, api, release) && api->hold) {
      hold_ = api->hold(host.self());
      if (hold_) release_ = api->release;
    }
  }
  ~KeepLoaded() { reset(); }

  KeepLoaded(KeepLoaded&& other) noexcept
      : hold_(std::exchange(other.hold_, nullptr)), release_(std::exchange(other.release_, nullptr)) {}
  KeepLoaded& operator=(KeepLoaded&& other) noexcept {
    if (this != &other) {
      reset();
      hold_ = std::exchange(other.hold_, nullptr);
      release_ = std::exchange(other.release_, nullptr);
    }
    return *this;
  }
  KeepLoaded(const KeepLoaded&) = delete;
  KeepLoaded& operator=(const KeepLoaded&) = delete;

  // True while this handle holds the generation.
  explicit operator bool() const { return hold_ != nullptr; }

  // Releases now (at most once); afterwards the handle is empty.
  void reset() {
    if (acdc_hold* h = std::exchange(hold_, nullptr)) std::exchange(release_, nullptr)(h);
  }

 private:
  acdc_hold* hold_ = nullptr;
  void (*release_)(acdc_hold*) = nullptr;
};

}  // namespace acdc
