// mcp/stateless.hpp -- MCP's stateless revision, 2026-07-28, beside the
// session era (initialize, Mcp-Session-Id) on the same endpoint and on
// stdio. A request of the revision carries its protocol version and the
// client's capabilities in params._meta, and on HTTP names its method (and
// its tool, prompt or resource) in the Mcp-Method and Mcp-Name headers; it
// is answered with no session, its result marked "resultType":"complete",
// and a list's or a read's result with cache hints (ttlMs, cacheScope).
//
//   if (is_stateless(m, header_version))
//     if (auto refusal = check_stateless(m, &headers)) respond(refusal->http_status, refusal_frame(m.id, *refusal));
//   sink(stateless_result(frame, m.id, m.method));   // decorates a result frame, passes others
#pragma once

#include "mcp/message.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace acdc::adapters::mcp {

inline constexpr const char* kStatelessVersion = "2026-07-28";
// JSON-RPC errors the revision defines.
inline constexpr int kHeaderMismatch = -32020;
inline constexpr int kUnsupportedProtocolVersion = -32022;

// The headers of an HTTP request that the revision reads ("" when absent).
struct StatelessHeaders {
  std::string_view protocol_version, method, name;
};

// A request the revision refuses: its HTTP status, JSON-RPC error, and the
// error's data (JSON, or empty).
struct Refusal {
  int http_status;
  int code;
  std::string message;
  std::string data_json;
};

// Every version acdc speaks, newest first: the revision, then the session era's.
const std::vector<std::string>& all_protocol_versions();
bool speaks_version(std::string_view version);

// Whether `m` is of the revision: its _meta names a protocol version or
// client capabilities, or the HTTP header names the revision.
bool is_stateless(const Message& m, std::string_view header_version = {});
// The first of the revision's rules `m` breaks (its _meta; on HTTP, where
// `headers` is given, the headers agreeing with the body), or nullopt.
std::optional<Refusal> check_stateless(const Message& m, const StatelessHeaders* headers);
// An unknown MCP-Protocol-Version: -32022 with the versions acdc speaks.
Refusal unsupported_version(std::string_view requested);
// The revision's methods that acdc serves; any other is -32601 (HTTP 404).
bool serves_stateless(std::string_view method);

std::string refusal_frame(std::string_view id, const Refusal& refusal);
// `frame` with resultType (and, for a list or read, ttlMs and cacheScope)
// added to its result, when it is the result frame of request `id`.
std::string stateless_result(std::string frame, std::string_view id, std::string_view method);

}  // namespace acdc::adapters::mcp
