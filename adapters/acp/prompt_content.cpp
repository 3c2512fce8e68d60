// acp/prompt_content.cpp -- see prompt_content.hpp.
#include "acp/prompt_content.hpp"

#include "acp/wire.hpp"

#include <acdc/host/json.hpp>
#include <acdc/sdk/error.hpp>
#include <acdc/util/percent.hpp>

namespace acdc::adapters::acp {
namespace fs = std::filesystem;
namespace {

// The mention of a context file in the message text.
std::string mention(const std::string& path) { return "`" + path + "`"; }

void add_resource(const rapidjson::Value& block, const fs::path& root, PromptParts& out) {
  auto res = block.FindMember("resource");
  if (res == block.MemberEnd() || !res->value.IsObject())
    throw acdc::invalid_params("a prompt's resource block needs \"resource\" ({uri, text} or {uri, blob})");
  const std::string uri = string_member(res->value, "uri");
  const std::string name = repo_path_of(uri, root).value_or(uri);
  auto text = res->value.FindMember("text");
  if (text == res->value.MemberEnd() || !text->value.IsString()) {
    out.message += mention(name) + " (binary, not read)";
    return;
  }
  out.context.push_back({name, std::string(text->value.GetString(), text->value.GetStringLength())});
  out.message += mention(name);
}

void add_link(const rapidjson::Value& block, const fs::path& root, PromptParts& out) {
  const std::string uri = string_member(block, "uri");
  if (std::optional<std::string> path = repo_path_of(uri, root)) {
    out.context.push_back({*path, std::nullopt});
    out.message += mention(*path);
  } else {
    out.message += uri;
  }
}

}  // namespace

std::optional<std::string> repo_path_of(std::string_view uri, const fs::path& root) {
  constexpr std::string_view scheme = "file://";
  if (!uri.starts_with(scheme)) return std::nullopt;
  std::string decoded;
  if (!util::percent_decode(uri.substr(scheme.size()), decoded)) return std::nullopt;  // not a path acdc can name
  const fs::path file = fs::path(decoded).lexically_normal();
  const fs::path rel = file.lexically_relative(root.lexically_normal());
  if (rel.empty() || rel == "." || *rel.begin() == "..") return std::nullopt;
  return rel.generic_string();
}

PromptParts prompt_parts(const rapidjson::Value& prompt, const fs::path& root) {
  if (!prompt.IsArray()) throw acdc::invalid_params("session/prompt needs \"prompt\": an array of content blocks");
  PromptParts out;
  for (const auto& block : prompt.GetArray()) {
    const std::string type = block.IsObject() ? string_member(block, "type") : "";
    if (type == "text") {
      out.message += string_member(block, "text");
    } else if (type == "image") {
      const std::string mime = string_member(block, "mimeType"), data = string_member(block, "data");
      if (mime.empty() || data.empty()) throw acdc::invalid_params("an image block needs \"data\" (base64) and \"mimeType\"");
      out.images.push_back("data:" + mime + ";base64," + data);
    } else if (type == "resource") {
      add_resource(block, root, out);
    } else if (type == "resource_link") {
      add_link(block, root, out);
    } else {
      throw acdc::invalid_params("acdc takes text, image, resource and resource_link blocks in a prompt, not \"" + type +
                                 "\"");
    }
  }
  return out;
}

std::string context_json(const std::vector<ContextFile>& context) {
  std::string out = "[";
  for (const auto& c : context) {
    if (out.size() > 1) out += ',';
    out += R"({"path":)";
    rpc::append_quoted(out, c.path);
    if (c.text) {
      out += R"(,"text":)";
      rpc::append_quoted(out, *c.text);
    }
    out += '}';
  }
  return out + "]";
}

}  // namespace acdc::adapters::acp
