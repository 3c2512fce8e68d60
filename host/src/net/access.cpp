#include "net/access.hpp"

#include <acdc/util/percent.hpp>

namespace acdc::net {

namespace http = boost::beast::http;

Access::Access(std::string token, unsigned short port) : token_(std::move(token)) {
  const std::string p = std::to_string(port);
  hosts_ = {"127.0.0.1:" + p, "localhost:" + p, "[::1]:" + p};
  for (const auto& host : hosts_) origins_.push_back("http://" + host);
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
      if (!util::percent_decode(pair.substr(eq + 1), value)) return std::nullopt;
      return value;
    }
    if (amp == std::string_view::npos) break;
    query.remove_prefix(amp + 1);
  }
  return std::nullopt;
}

std::optional<std::string> Access::check_origin(const http::request<http::string_body>& request) const {
  auto origin = request.find(http::field::origin);
  if (origin == request.end()) return std::nullopt;
  std::string_view value = origin->value();
  for (const auto& allowed : origins_)
    if (value == allowed) return std::nullopt;
  return "the Origin '" + std::string(value) + "' is not this host's page: open the URL acdc printed at start";
}

bool Access::token_matches(std::string_view token) const {
  // Compare every byte so the time taken does not reveal a matching prefix.
  unsigned diff = token.size() != token_.size();
  for (size_t i = 0; i < token.size() && i < token_.size(); ++i)
    diff |= static_cast<unsigned>(token[i] ^ token_[i]);
  return diff == 0;
}

std::optional<std::string> Access::check(const http::request<http::string_body>& request) const {
  if (auto refusal = check_origin(request)) return refusal;
  auto token = query_parameter(request.target(), "token");
  if (!token) return "no access token: open the URL acdc printed at start (it ends in ?token=...)";
  if (!token_matches(*token)) return "wrong access token: open the URL acdc printed at start";
  return std::nullopt;
}

std::optional<Access::Refusal> Access::check_endpoint(const http::request<http::string_body>& request) const {
  std::string_view host = request[http::field::host];
  bool own_host = false;
  for (const auto& allowed : hosts_) own_host = own_host || host == allowed;
  if (!own_host)
    return Refusal{403, "the Host '" + std::string(host) + "' is not this server (DNS rebinding?): connect to " +
                            hosts_.front() + ", localhost or [::1] with acdc's port"};
  if (auto refusal = check_origin(request)) return Refusal{403, *refusal};
  std::optional<std::string> token;
  std::string_view authorization = request[http::field::authorization];
  constexpr std::string_view kBearer = "Bearer ";
  if (authorization.size() > kBearer.size() && authorization.substr(0, kBearer.size()) == kBearer)
    token = std::string(authorization.substr(kBearer.size()));
  else
    token = query_parameter(request.target(), "token");
  if (!token)
    return Refusal{401, "no access token: send acdc's token (printed at start) as 'Authorization: Bearer <token>' "
                        "or add ?token=<token> to the URL"};
  if (!token_matches(*token))
    return Refusal{401, "wrong access token: use the token acdc printed at start (ACDC_TOKEN fixes it)"};
  return std::nullopt;
}

}  // namespace acdc::net
