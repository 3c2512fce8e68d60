#include "net/access.hpp"

#include "net/static_files.hpp"

namespace acdc::net {

namespace http = boost::beast::http;

Access::Access(std::string token, unsigned short port) : token_(std::move(token)) {
  const std::string p = std::to_string(port);
  origins_ = {"http://127.0.0.1:" + p, "http://localhost:" + p, "http://[::1]:" + p};
}

std::optional<std::string> query_parameter(std::string_view target, std::string_view name) {
  auto q = target.find('?');
  if (q == std::string_view::npos) return std::nullopt;
  std::string_view query = target.substr(q + 1);
  while (!query.empty()) {
    auto amp = query.find('&');
    std::string_view pair = query.substr(0, amp);
    auto eq = pair.find('=');
    if (pair.substr(0, eq) == name) {
      std::string value;
      if (eq == std::string_view::npos) return value;
      if (!percent_decode(pair.substr(eq + 1), value)) return std::nullopt;
      return value;
    }
    if (amp == std::string_view::npos) break;
    query.remove_prefix(amp + 1);
  }
  return std::nullopt;
}

std::optional<std::string> Access::check(const http::request<http::string_body>& request) const {
  auto origin = request.find(http::field::origin);
  if (origin != request.end()) {
    std::string_view value = origin->value();
    bool own = false;
    for (const auto& allowed : origins_) own = own || value == allowed;
    if (!own)
      return "the WebSocket Origin '" + std::string(value) +
             "' is not this host's page: open the URL acdc printed at start";
  }
  auto token = query_parameter(request.target(), "token");
  if (!token) return "no access token: open the URL acdc printed at start (it ends in ?token=...)";
  // Compare every byte so the time taken does not reveal a matching prefix.
  unsigned diff = token->size() != token_.size();
  for (size_t i = 0; i < token->size() && i < token_.size(); ++i)
    diff |= static_cast<unsigned>((*token)[i] ^ token_[i]);
  if (diff) return "wrong access token: open the URL acdc printed at start";
  return std::nullopt;
}

}  // namespace acdc::net
