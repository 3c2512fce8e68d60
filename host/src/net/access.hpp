// net/access.hpp -- who may open the WebSocket or call the HTTP endpoint.
//
// A web page the user happens to visit must not be able to drive
// Repo.write_file through a socket on localhost (ARCHITECTURE.md, "Security
// model"). Two checks on every upgrade request:
//   - Origin: absent (a non-browser client) or the host's own page;
//   - the per-run token as ?token=..., printed at start and put into the
//     browser's URL, fixed by ACDC_TOKEN for scripted clients and tests.
//
// The HTTP endpoint ("/mcp") takes the token as `Authorization: Bearer` too,
// and checks the Host header: a page on a name that resolves to 127.0.0.1
// (DNS rebinding) sends its own name, not ours.
//
//   Access access{token, port};
//   if (auto refusal = access.check(request)) respond_403(*refusal);
//   if (auto refusal = access.check_endpoint(request)) respond(refusal->status, refusal->message);
#pragma once

#include <boost/beast/http.hpp>

#include <optional>
#include <string>
#include <vector>

namespace acdc::net {

class Access {
 public:
  Access(std::string token, unsigned short port);

  // Empty when allowed; otherwise what is wrong and what to do.
  std::optional<std::string> check(
      const boost::beast::http::request<boost::beast::http::string_body>& request) const;

  struct Refusal {
    int status;  // 401 (no or wrong token) or 403 (foreign Host or Origin)
    std::string message;
  };
  std::optional<Refusal> check_endpoint(
      const boost::beast::http::request<boost::beast::http::string_body>& request) const;

  const std::string& token() const { return token_; }

 private:
  std::optional<std::string> check_origin(
      const boost::beast::http::request<boost::beast::http::string_body>& request) const;
  bool token_matches(std::string_view token) const;

  std::string token_;
  std::vector<std::string> origins_;
  std::vector<std::string> hosts_;
};

// The value of `name` in the query string of `target` ("/?a=1&b=2").
std::optional<std::string> query_parameter(std::string_view target, std::string_view name);

}  // namespace acdc::net
