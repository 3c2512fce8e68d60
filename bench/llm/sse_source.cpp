#include "sse_source.hpp"

#include <acdc/sdk/json.hpp>

namespace acdc::bench {

namespace asio = boost::asio;
using asio::ip::tcp;

SseSource::SseSource()
    : acceptor_(io_, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0)), socket_(io_) {}

SseSource::~SseSource() {
  boost::system::error_code ec;
  socket_.close(ec);
}

std::string SseSource::base_url() const {
  return "http://127.0.0.1:" + std::to_string(acceptor_.local_endpoint().port()) + "/v1";
}

void SseSource::serve_async() {
  boost::system::error_code ec;
  socket_.close(ec);
  accepted_ = std::async(std::launch::async, [this] {
    socket_ = acceptor_.accept();
    socket_.set_option(tcp::no_delay(true));
    std::string request;
    size_t header_end = asio::read_until(socket_, asio::dynamic_buffer(request), "\r\n\r\n");
    size_t length_at = request.find("content-length:");
    if (length_at == std::string::npos) length_at = request.find("Content-Length:");
    size_t length = std::stoul(request.substr(length_at + 15));
    if (request.size() < header_end + length)
      asio::read(socket_, asio::dynamic_buffer(request), asio::transfer_exactly(header_end + length - request.size()));
    asio::write(socket_, asio::buffer(std::string(
        "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n")));
  });
}

std::chrono::steady_clock::time_point SseSource::send(const std::string& delta) {
  if (accepted_.valid()) accepted_.get();
  std::string event = "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":" + acdc::to_json_text(delta) +
                      "},\"finish_reason\":null}]}\n\n";
  auto t0 = std::chrono::steady_clock::now();
  asio::write(socket_, asio::buffer(event));
  return t0;
}

void SseSource::finish() {
  if (accepted_.valid()) accepted_.get();
  asio::write(socket_, asio::buffer(std::string(
      "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n")));
  boost::system::error_code ec;
  socket_.shutdown(tcp::socket::shutdown_both, ec);
  socket_.close(ec);
}

}  // namespace acdc::bench
