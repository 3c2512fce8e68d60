#include "mcp/stateless.hpp"

#include "mcp/server.hpp"

#include <acdc/host/errors.hpp>
#include <acdc/host/json.hpp>

namespace acdc::adapters::mcp {
namespace {

constexpr const char* kVersionKey = "io.modelcontextprotocol/protocolVersion";
constexpr const char* kCapabilitiesKey = "io.modelcontextprotocol/clientCapabilities";

const rapidjson::Value* meta_of(const Message& m) {
  if (!m.params || !m.params->IsObject()) return nullptr;
  auto it = m.params->FindMember("_meta");
  return it != m.params->MemberEnd() && it->value.IsObject() ? &it->value : nullptr;
}

const rapidjson::Value* member(const rapidjson::Value* o, const char* key) {
  if (!o || !o->IsObject()) return nullptr;
  auto it = o->FindMember(key);
  return it == o->MemberEnd() ? nullptr : &it->value;
}

// HTTP field values are compared without the optional whitespace around them (RFC 9110 5.5).
std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

Refusal mismatch(std::string message) { return {400, kHeaderMismatch, std::move(message), {}}; }

// What Mcp-Name must repeat: the tool's or prompt's name, the resource's URI.
const char* named_by(std::string_view method) {
  if (method == "tools/call" || method == "prompts/get") return "name";
  if (method == "resources/read") return "uri";
  return nullptr;
}

std::optional<Refusal> check_headers(const Message& m, const StatelessHeaders& h, std::string_view meta_version) {
  if (h.protocol_version.empty())
    return mismatch("no MCP-Protocol-Version header: send the version your request's _meta names (" +
                    std::string(meta_version) + ")");
  if (trimmed(h.protocol_version) != meta_version)
    return mismatch("the MCP-Protocol-Version header (" + std::string(h.protocol_version) +
                    ") and params._meta's protocol version (" + std::string(meta_version) + ") differ: send one");
  if (trimmed(h.method) != m.method)
    return mismatch(h.method.empty() ? "no Mcp-Method header: send the request's method (" + m.method + ")"
                                     : "the Mcp-Method header (" + std::string(h.method) +
                                           ") is not the request's method (" + m.method + ")");
  const char* key = named_by(m.method);
  const rapidjson::Value* named = key ? member(m.params, key) : nullptr;
  if (named && named->IsString() && trimmed(h.name) != named->GetString())
    return mismatch(h.name.empty() ? "no Mcp-Name header: send the request's params." + std::string(key)
                                   : "the Mcp-Name header (" + std::string(h.name) + ") is not the request's params." +
                                         key + " (" + named->GetString() + ")");
  return std::nullopt;
}

}  // namespace

const std::vector<std::string>& all_protocol_versions() {
  static const std::vector<std::string> versions = [] {
    std::vector<std::string> v{kStatelessVersion};
    for (const char* legacy : kProtocolVersions) v.emplace_back(legacy);
    return v;
  }();
  return versions;
}

bool speaks_version(std::string_view version) {
  for (const std::string& v : all_protocol_versions())
    if (v == version) return true;
  return false;
}

bool is_stateless(const Message& m, std::string_view header_version) {
  if (trimmed(header_version) == kStatelessVersion) return true;
  const rapidjson::Value* meta = meta_of(m);
  return meta && (meta->HasMember(kVersionKey) || meta->HasMember(kCapabilitiesKey));
}

Refusal unsupported_version(std::string_view requested) {
  std::string message = "unsupported MCP protocol version '" + std::string(requested) + "': acdc speaks ";
  std::string data = R"({"supported":[)";
  bool first = true;
  for (const std::string& v : all_protocol_versions()) {
    message += (first ? "" : ", ") + v;
    data += first ? "" : ",";
    rpc::append_quoted(data, v);
    first = false;
  }
  data += R"(],"requested":)";
  rpc::append_quoted(data, requested);
  data += '}';
  return {400, kUnsupportedProtocolVersion, std::move(message), std::move(data)};
}

std::optional<Refusal> check_stateless(const Message& m, const StatelessHeaders* headers) {
  const rapidjson::Value* meta = meta_of(m);
  const rapidjson::Value* version = member(meta, kVersionKey);
  const rapidjson::Value* capabilities = member(meta, kCapabilitiesKey);
  if (!version || !version->IsString() || !capabilities || !capabilities->IsObject())
    return Refusal{400, rpc::kInvalidParams,
                   std::string("every request of MCP ") + kStatelessVersion + " needs params._meta with \"" +
                       kVersionKey + "\" (a string) and \"" + kCapabilitiesKey + "\" (an object)",
                   {}};
  const std::string_view asked(version->GetString(), version->GetStringLength());
  if (headers)
    if (auto refusal = check_headers(m, *headers, asked)) return refusal;
  // A session-era version in _meta: that era starts with initialize, not with _meta.
  if (asked != kStatelessVersion) return unsupported_version(asked);
  return std::nullopt;
}

bool serves_stateless(std::string_view method) {
  for (const char* served : {"server/discover", "tools/list", "tools/call", "resources/list", "resources/read",
                             "resources/templates/list", "prompts/list", "prompts/get"})
    if (method == served) return true;
  return false;
}

std::string refusal_frame(std::string_view id, const Refusal& refusal) {
  std::string out = R"({"jsonrpc":"2.0","id":)" + std::string(id) + R"(,"error":{"code":)" +
                    std::to_string(refusal.code) + R"(,"message":)";
  rpc::append_quoted(out, refusal.message);
  if (!refusal.data_json.empty()) out += R"(,"data":)" + refusal.data_json;
  out += "}}";
  return out;
}

std::string stateless_result(std::string frame, std::string_view id, std::string_view method) {
  // rpc::result_frame's layout: the result object starts right after this prefix.
  const std::string prefix = R"({"jsonrpc":"2.0","id":)" + std::string(id) + R"(,"result":{)";
  if (frame.compare(0, prefix.size(), prefix) != 0) return frame;
  // Lists that change only when a plugin is swapped or the snippets edited
  // keep a minute; files change at any moment. Every result is the user's own.
  std::string hints = R"("resultType":"complete")";
  if (method == "server/discover" || method == "tools/list" || method == "prompts/list" ||
      method == "resources/templates/list")
    hints += R"(,"ttlMs":60000,"cacheScope":"private")";
  else if (method == "resources/list" || method == "resources/read")
    hints += R"(,"ttlMs":0,"cacheScope":"private")";
  const bool empty = frame.size() > prefix.size() && frame[prefix.size()] == '}';
  frame.insert(prefix.size(), empty ? hints : hints + ",");
  return frame;
}

}  // namespace acdc::adapters::mcp
