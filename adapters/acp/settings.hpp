// acp/settings.hpp -- the `acp:` block of app.yaml (the application
// settings, beside `interactive:`).
//
//   acp:
//     edits: ask      # ask: session/request_permission before each write (allow once /
//                     #      allow always / reject); apply: write without asking
//
//   AcpSettings s = parse_acp_settings(app_yaml_as_json);   // throws acdc::Error naming a bad key
#pragma once

#include <string>

namespace acdc::adapters::acp {

struct AcpSettings {
  bool ask_before_edits = true;
};

// `app_json` is app.yaml as JSON ("{}" when there is none). Defaults for
// what is absent; a wrong key or value throws acdc::Error
// (ACDC_E_INVALID_PARAMS) saying what to write instead.
AcpSettings parse_acp_settings(const std::string& app_json);

}  // namespace acdc::adapters::acp
