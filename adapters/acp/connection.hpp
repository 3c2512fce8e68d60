// acp/connection.hpp -- the agent's side of one ACP connection: answers,
// notifications, and requests to the client (fs/*, session/request_permission)
// whose responses come back on stdin.
//
//   Connection conn([&out](std::string_view line) { out.write(line); });
//   conn.result(id, R"({"sessionId":"s1"})");
//   conn.notify("session/update", params_json);
//   conn.request("fs/read_text_file", params_json, [](bool ok, std::string_view result_or_message) { ... });
//   conn.on_response(incoming);        // from the reader: completes the request it answers
//   conn.close();                      // EOF: pending requests fail
//
// Thread-safe. `done` runs on the reader's thread (or the closer's), never
// under this object's lock.
#pragma once

#include "acp/wire.hpp"

#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

namespace acdc::adapters::acp {

class Connection {
 public:
  using WriteLine = std::function<void(std::string_view)>;
  // ok: `text` is the result's JSON; else the client's error message.
  using Done = std::function<void(bool ok, std::string_view text)>;

  explicit Connection(WriteLine write) : write_(std::move(write)) {}

  void result(const std::string& id, std::string_view result_json);
  void error(const std::string& id, int code, std::string_view message);
  void notify(std::string_view method, std::string_view params_json);
  void request(std::string_view method, std::string_view params_json, Done done);
  void on_response(const Incoming& in);
  void close();

 private:
  WriteLine write_;
  std::mutex mu_;
  bool closed_ = false;
  uint64_t next_id_ = 1;
  std::unordered_map<uint64_t, Done> pending_;
};

}  // namespace acdc::adapters::acp
