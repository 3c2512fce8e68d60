// adapters/interactive/notifications.hpp -- the three server->client
// notifications of interactive-api.md §4, and the status enums of §7.
//
//   send(chunk_notification(session_id, "Hel", false));
//   send(status_notification(session_id, kSessionError, "timeout"));
//   send(tool_call_notification(session_id, "call_1", "read_file", R"({"path":"a"})"));
#pragma once

#include <string>
#include <string_view>

namespace acdc::interactive {

// SessionStatus (§7).
inline constexpr int kSessionActive = 1;
inline constexpr int kSessionStopped = 2;
inline constexpr int kSessionError = 3;

// `usage_json`: acdc's extension on a round's final chunk (issue 30), the
// round's tokens and cost; empty for none. Reference clients ignore it.
std::string chunk_notification(std::string_view session_id, std::string_view chunk, bool is_final,
                               std::string_view usage_json = {});
std::string status_notification(std::string_view session_id, int status, std::string_view reason);
// `arguments_json`: a JSON object's text.
std::string tool_call_notification(std::string_view session_id, std::string_view call_id, std::string_view name,
                                   std::string_view arguments_json);

}  // namespace acdc::interactive
