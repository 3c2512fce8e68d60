// bench/llm/sse_source.hpp -- a one-shot OpenAI-compatible streaming
// endpoint on 127.0.0.1 that writes each delta when told to and notes the
// instant it handed the bytes to the kernel: the "provider's byte" of the
// latency benchmark.
//
//   SseSource src;                                  // listening
//   // base_url: src.base_url()
//   src.serve_async();                              // answers the next request
//   auto t0 = src.send("Hel");                       // steady_clock time of the write
//   src.finish();
#pragma once

#include <boost/asio.hpp>

#include <chrono>
#include <future>
#include <string>
#include <thread>

namespace acdc::bench {

class SseSource {
 public:
  SseSource();
  ~SseSource();
  std::string base_url() const;
  // Accepts the next connection and reads its request, on a thread.
  void serve_async();
  // Waits for the request, then writes one delta event; returns when it was written.
  std::chrono::steady_clock::time_point send(const std::string& delta);
  // Ends the stream ([DONE]) and closes the connection.
  void finish();

 private:
  boost::asio::io_context io_;
  boost::asio::ip::tcp::acceptor acceptor_;
  boost::asio::ip::tcp::socket socket_;
  std::future<void> accepted_;
};

}  // namespace acdc::bench
