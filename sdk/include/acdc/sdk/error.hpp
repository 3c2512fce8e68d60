// acdc/sdk/error.hpp -- the exception a plugin method throws to fail its call.
//
// Any exception thrown by a method is caught at the ABI boundary. acdc::Error
// carries its own status; any other std::exception becomes
// ACDC_E_APPLICATION with what() as the message, so the client sees the text.
//
//   if (!exists(path))
//     throw acdc::Error(ACDC_E_NOT_FOUND, "file not found: '" + path + "'");
#pragma once

#include <acdc/plugin_api.h>

#include <stdexcept>
#include <string>

namespace acdc {

class Error : public std::runtime_error {
 public:
  Error(acdc_status status, const std::string& message)
      : std::runtime_error(message), status_(status) {}

  acdc_status status() const noexcept { return status_; }

 private:
  acdc_status status_;
};

// Shorthand for the most common failure: the arguments are wrong.
inline Error invalid_params(const std::string& message) {
  return Error(ACDC_E_INVALID_PARAMS, message);
}

}  // namespace acdc
