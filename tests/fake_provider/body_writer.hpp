// fake_provider/body_writer.hpp -- writes a response body to a socket the way
// a slow or broken provider would: split at arbitrary byte offsets (also
// inside UTF-8 characters), with a delay between writes, optionally cut off
// abruptly after N bytes. HTTP/1.1 chunked framing is optional so that a cut
// stream looks truncated to the client, as it does with the real APIs.
//
//   BodyWriter out(socket, WritePlan::from_step(step));
//   out.write_chunked(body);      // false when the plan cut it short
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <rapidjson/document.h>

#include <optional>
#include <random>
#include <string>
#include <string_view>

namespace acdc::test {

struct WritePlan {
  enum class Split { none, random, fixed } split = Split::none;
  std::size_t bytes_per_write = 0;  // Split::fixed
  int delay_ms = 0;
  std::optional<std::size_t> cut_after_bytes;

  // Reads "split", "delay_ms" and "cut_after_bytes" from a step.
  static WritePlan from_step(const rapidjson::Value& step);
};

class BodyWriter {
 public:
  BodyWriter(boost::asio::ip::tcp::socket& socket, WritePlan plan);

  // Writes bytes unframed (raw .http responses, close-delimited bodies).
  bool write_raw(std::string_view bytes);
  // Writes bytes as HTTP chunks, one chunk per write.
  bool write_chunked(std::string_view bytes);
  // Ends a chunked body (unless it was cut).
  void finish_chunked();
  bool cut() const { return cut_; }

 private:
  bool write_pieces(std::string_view bytes, bool chunked);
  std::size_t next_piece(std::size_t remaining);
  void send(std::string_view piece, bool chunked);

  boost::asio::ip::tcp::socket& socket_;
  WritePlan plan_;
  std::size_t written_ = 0;
  bool cut_ = false;
  bool first_write_ = true;
  std::mt19937 random_{std::random_device{}()};
};

}  // namespace acdc::test
