// mcp/resources.hpp -- the repository as MCP resources: every file by a
// file:// URI (the absolute path, as editors and agents name files) and the
// ranked map as acdc://map, listed in pages of kResourcePage.
//
//   Resources res(engine, root);
//   res.list(cursor, reply);              // {"resources":[...],"nextCursor":"200"}
//   res.read("file:///repo/src/a.py", reply);   // {"contents":[{uri, mimeType, text}]}
//   // reply(status, json): ACDC_OK with the result, or an error code and message
#pragma once

#include "mcp/engine.hpp"

#include <filesystem>
#include <functional>
#include <string>

namespace acdc::adapters::mcp {

inline constexpr size_t kResourcePage = 200;
// JSON-RPC error of MCP's resources/read for a URI that names nothing.
inline constexpr int kResourceNotFound = -32002;

class Resources {
 public:
  // code 0: `json` is the result; otherwise a JSON-RPC error code and its message.
  using Reply = std::function<void(int code, std::string json_or_message)>;

  Resources(Engine& engine, std::filesystem::path root) : engine_(engine), root_(std::move(root)) {}

  void list(const std::string& cursor, Reply reply);
  void read(const std::string& uri, Reply reply);
  std::string templates_json() const;

 private:
  std::string uri_of(const std::string& path) const;
  Engine& engine_;
  std::filesystem::path root_;
};

}  // namespace acdc::adapters::mcp
