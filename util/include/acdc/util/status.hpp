// acdc/util/status.hpp -- the one error value of C++ code paths, in the host,
// the adapters and the plugins alike: an acdc_status and a message.
//
// The ABI's vocabulary (plugin_api.h) is spoken inside as well: a function
// that can fail returns a Status, whose message says what went wrong and
// what to do, and each edge maps the status to its protocol's error once
// (acdc/host/errors.hpp for jrpc-oo; each adapter in one place for its own).
// acdc::Error (sdk/error.hpp) is the same pair as an exception, for code
// that throws; Status converts from it.
//
//   Status s = manager.swap("echo");
//   if (!s.ok()) origin->finish(s.code(), s.message());   // -32004 for NOT_FOUND, ...
#pragma once

#include <acdc/plugin_api.h>
#include <acdc/sdk/error.hpp>

#include <string>
#include <utility>

namespace acdc {

class [[nodiscard]] Status {
 public:
  Status() = default;  // ACDC_OK
  Status(acdc_status code, std::string message) : code_(code), message_(std::move(message)) {}
  explicit Status(const Error& e) : code_(e.status()), message_(e.what()) {}

  bool ok() const { return code_ == ACDC_OK; }
  acdc_status code() const { return code_; }
  const std::string& message() const { return message_; }

  // The same status with `prefix` put before the message ("plugin 'x' was
  // not swapped: " + ...), so context is added on the way out, not the code.
  Status with_prefix(const std::string& prefix) const { return Status(code_, prefix + message_); }

 private:
  acdc_status code_ = ACDC_OK;
  std::string message_;
};

}  // namespace acdc
