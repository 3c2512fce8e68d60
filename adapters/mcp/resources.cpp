#include "mcp/resources.hpp"

#include "mcp/json_read.hpp"

#include <acdc/host/errors.hpp>
#include <acdc/host/json.hpp>
#include <acdc/util/percent.hpp>

#include <charconv>
#include <vector>

namespace acdc::adapters::mcp {
namespace {

constexpr const char* kMapUri = "acdc://map";
constexpr long kMapBudget = 8000;

std::string mime_of(std::string_view path) {
  auto dot = path.rfind('.');
  std::string_view ext = dot == std::string_view::npos ? "" : path.substr(dot + 1);
  if (ext == "md") return "text/markdown";
  if (ext == "json") return "application/json";
  if (ext == "py") return "text/x-python";
  if (ext == "js" || ext == "mjs") return "text/javascript";
  if (ext == "c" || ext == "h") return "text/x-c";
  if (ext == "cpp" || ext == "cc" || ext == "hpp" || ext == "hh" || ext == "cxx") return "text/x-c++";
  return "text/plain";
}

}  // namespace

std::string Resources::uri_of(const std::string& path) const {
  return "file://" + util::percent_encode_path((root_ / path).string());
}

void Resources::list(const std::string& cursor, Reply reply) {
  size_t start = 0;
  if (!cursor.empty() &&
      std::from_chars(cursor.data(), cursor.data() + cursor.size(), start).ptr != cursor.data() + cursor.size())
    return reply(rpc::kInvalidParams, "unknown cursor '" + cursor + "': pass the nextCursor of the previous page");
  engine_.call("Repo.get_flat_file_list", "[]", [this, start, reply](acdc_status status, std::string_view result) {
    if (status != ACDC_OK) return reply(rpc::kInternalError, "listing the files failed: " + std::string(result));
    const std::string text = as_text(result);
    // Index 0 is the map; the files follow in the repository's sorted order.
    std::vector<std::string_view> files;
    for (size_t at = 0; at < text.size();) {
      size_t nl = text.find('\n', at);
      if (nl == std::string::npos) nl = text.size();
      if (nl > at) files.emplace_back(text.data() + at, nl - at);
      at = nl + 1;
    }
    const size_t total = files.size() + 1;
    if (start > total) return reply(rpc::kInvalidParams, "the cursor is past the end: start again without one");
    const size_t end = std::min(total, start + kResourcePage);
    JsonOut o;
    o.w.StartObject();
    o.key("resources");
    o.w.StartArray();
    for (size_t i = start; i < end; ++i) {
      o.w.StartObject();
      if (i == 0) {
        o.key("uri"), o.string(kMapUri);
        o.key("name"), o.string("repository map");
        o.key("title"), o.string("Repository map");
        o.key("description"), o.string("acdc's ranked symbol map of the repository, within 8k tokens");
        o.key("mimeType"), o.string("text/plain");
      } else {
        const std::string path(files[i - 1]);
        o.key("uri"), o.string(uri_of(path));
        o.key("name"), o.string(path);
        o.key("mimeType"), o.string(mime_of(path));
      }
      o.w.EndObject();
    }
    o.w.EndArray();
    if (end < total) o.key("nextCursor"), o.string(std::to_string(end));
    o.w.EndObject();
    reply(0, o.text());
  });
}

void Resources::read(const std::string& uri, Reply reply) {
  auto contents = [uri](std::string_view mime, std::string_view text) {
    JsonOut o;
    o.w.StartObject();
    o.key("contents");
    o.w.StartArray();
    o.w.StartObject();
    o.key("uri"), o.string(uri);
    o.key("mimeType"), o.string(mime);
    o.key("text"), o.string(text);
    o.w.EndObject();
    o.w.EndArray();
    o.w.EndObject();
    return o.text();
  };
  if (uri == kMapUri) {
    engine_.call("SymbolIndex.get_ranked_map", "[[]," + std::to_string(kMapBudget) + ",\"\",null]",
                 [reply, contents](acdc_status status, std::string_view result) {
                   rapidjson::Document doc;
                   if (status != ACDC_OK || !parse(result, doc) || !doc.IsObject() || !flag(doc, "ready"))
                     return reply(rpc::kInternalError, "the map is not ready: the index is still being built, or the "
                                                       "symbol-index plugin is not loaded");
                   std::string map = str(doc, "legend") + "\n";
                   for (const auto& b : doc["blocks"].GetArray()) map += str(b, "text");
                   map += "\n" + str(doc, "outline");
                   reply(0, contents("text/plain", map));
                 });
    return;
  }
  const std::string prefix = "file://" + util::percent_encode_path(root_.string()) + "/";
  std::string path;
  if (!uri.starts_with(prefix) || !util::percent_decode(std::string_view(uri).substr(prefix.size()), path) || path.empty())
    return reply(kResourceNotFound, "no resource '" + uri + "': acdc serves " + kMapUri + " and file:// URIs of files "
                                        "under " + root_.string() + " (resources/list names them)");
  std::string args = "[";
  rpc::append_quoted(args, path);
  args += "]";
  engine_.call("Repo.get_file_content", args, [reply, contents, path, uri](acdc_status status, std::string_view result) {
    if (status == ACDC_E_NOT_FOUND) return reply(kResourceNotFound, "no file " + path + " in the repository");
    if (status != ACDC_OK) return reply(rpc::to_jsonrpc_code(status), std::string(result));
    reply(0, contents(mime_of(path), as_text(result)));
  });
}

std::string Resources::templates_json() const {
  JsonOut o;
  o.w.StartObject();
  o.key("resourceTemplates");
  o.w.StartArray();
  o.w.StartObject();
  o.key("uriTemplate"), o.string("file://" + util::percent_encode_path(root_.string()) + "/{+path}");
  o.key("name"), o.string("repository file");
  o.key("description"), o.string("a file of the repository by its path relative to the root");
  o.w.EndObject();
  o.w.EndArray();
  o.w.EndObject();
  return o.text();
}

}  // namespace acdc::adapters::mcp
