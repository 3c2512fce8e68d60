// fake_provider/step_player.hpp -- answers one provider request with one
// scripted step (the contract in briefs/fake_provider_contract.md): replay a
// fixture byte for byte, synthesise a text stream, play scripted SSE events
// ({"events":[chunk objects]}, e.g. tool-call deltas; "then_hang": true keeps
// the stream open after them), send a plain status
// response, or hang until the client goes away.
//
//   StepPlayer player(socket, fixtures);
//   player.play(step, request);   // step: {"fixture":"openai_text.sse","split":"random"}
//
// A text step synthesises the answer in the request's wire format (a
// non-streaming request gets it whole, after "delay_ms"):
//   {"text":"Hi", "chunk_chars":16, "delay_ms":0, "usage":{...},
//    "reasoning":"thinking first",                      (OpenAI: delta.reasoning)
//    "tool_calls":[{"id":"call_1","name":"write_file","arguments":"{...}"}]}  (OpenAI and Ollama)
// Any step: "first_byte_ms": N waits that long before answering (a local
// model loading into memory).
#pragma once

#include "fixture_set.hpp"

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/http.hpp>
#include <rapidjson/document.h>

#include <string>
#include <string_view>

namespace acdc::test {

using Request = boost::beast::http::request<boost::beast::http::string_body>;

class StepPlayer {
 public:
  StepPlayer(boost::asio::ip::tcp::socket& socket, const FixtureSet& fixtures);

  void play(const rapidjson::Value& step, const Request& request);

 private:
  void play_fixture(const rapidjson::Value& step, const std::string& name);
  void play_text(const rapidjson::Value& step, const Request& request);
  void play_status(const rapidjson::Value& step);
  void play_events(const rapidjson::Value& events, const rapidjson::Value& step);
  void hang();
  void send_plain(int status, std::string_view content_type, std::string_view body,
                  std::string_view extra_headers = "");
  void send_stream_head(int status, std::string_view headers);

  boost::asio::ip::tcp::socket& socket_;
  const FixtureSet& fixtures_;
};

}  // namespace acdc::test
