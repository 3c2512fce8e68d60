// fake_provider/step_player.cpp -- see step_player.hpp.
#include "step_player.hpp"

#include "body_writer.hpp"
#include "stream_synth.hpp"

#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/http/status.hpp>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <chrono>
#include <thread>

namespace acdc::test {
namespace {

std::string reason(int status) {
  std::string_view r = boost::beast::http::obsolete_reason(static_cast<boost::beast::http::status>(status));
  return r.empty() || r == "<unknown-status>" ? std::string("Status") : std::string(r);
}

bool wants_stream(const Request& request) {
  rapidjson::Document body;
  body.Parse(request.body().data(), request.body().size());
  if (body.HasParseError() || !body.IsObject()) return false;
  auto it = body.FindMember("stream");
  return it != body.MemberEnd() && it->value.IsBool() && it->value.GetBool();
}

long usage_field(const rapidjson::Value& usage, const char* key, long fallback) {
  auto it = usage.FindMember(key);
  return it != usage.MemberEnd() && it->value.IsInt64() ? static_cast<long>(it->value.GetInt64()) : fallback;
}

SynthUsage usage_of(const rapidjson::Value& step) {
  SynthUsage u;
  auto it = step.FindMember("usage");
  if (it == step.MemberEnd() || !it->value.IsObject()) return u;
  u.input_tokens = usage_field(it->value, "input_tokens", u.input_tokens);
  u.output_tokens = usage_field(it->value, "output_tokens", u.output_tokens);
  u.cache_read_tokens = usage_field(it->value, "cache_read_tokens", 0);
  u.cache_write_tokens = usage_field(it->value, "cache_write_tokens", 0);
  return u;
}

WireFormat format_of(const rapidjson::Value& step, std::string_view path) {
  auto it = step.FindMember("format");
  std::string_view f = it != step.MemberEnd() && it->value.IsString() ? it->value.GetString() : "auto";
  if (f == "openai") return WireFormat::openai;
  if (f == "anthropic") return WireFormat::anthropic;
  if (f == "ollama") return WireFormat::ollama;
  return format_for_path(path);
}

// A text step's "reasoning" and "tool_calls" ([{id, name, arguments}]).
SynthExtras extras_of(const rapidjson::Value& step) {
  SynthExtras extras;
  auto string_of = [](const rapidjson::Value& v, const char* key) {
    auto it = v.FindMember(key);
    return it != v.MemberEnd() && it->value.IsString() ? std::string(it->value.GetString(), it->value.GetStringLength())
                                                       : std::string();
  };
  extras.reasoning = string_of(step, "reasoning");
  if (auto calls = step.FindMember("tool_calls"); calls != step.MemberEnd() && calls->value.IsArray())
    for (const auto& c : calls->value.GetArray())
      if (c.IsObject()) extras.tool_calls.push_back({string_of(c, "id"), string_of(c, "name"), string_of(c, "arguments")});
  return extras;
}

}  // namespace

StepPlayer::StepPlayer(boost::asio::ip::tcp::socket& socket, const FixtureSet& fixtures)
    : socket_(socket), fixtures_(fixtures) {}

void StepPlayer::play(const rapidjson::Value& step, const Request& request) {
  if (auto w = step.FindMember("first_byte_ms"); w != step.MemberEnd() && w->value.IsInt())
    std::this_thread::sleep_for(std::chrono::milliseconds(w->value.GetInt()));
  if (auto h = step.FindMember("hang"); h != step.MemberEnd() && h->value.IsTrue()) return hang();
  if (auto f = step.FindMember("fixture"); f != step.MemberEnd() && f->value.IsString())
    return play_fixture(step, f->value.GetString());
  if (step.HasMember("text")) return play_text(step, request);
  if (auto e = step.FindMember("events"); e != step.MemberEnd() && e->value.IsArray()) return play_events(e->value, step);
  if (step.HasMember("status")) return play_status(step);
  send_plain(500, "text/plain", "fake provider: a step needs fixture, text, status or hang");
}

void StepPlayer::play_fixture(const rapidjson::Value& step, const std::string& name) {
  const Fixture* fixture = fixtures_.find(name);
  if (!fixture)
    return send_plain(500, "text/plain",
                      "fake provider: no fixture '" + name + "' in " + fixtures_.dir());
  BodyWriter out(socket_, WritePlan::from_step(step));
  if (fixture->raw_http) {
    out.write_raw(fixture->bytes);
    return;
  }
  std::string headers;
  for (const auto& [key, value] : fixture->headers) headers += key + ": " + value + "\r\n";
  send_stream_head(fixture->status, headers);
  out.write_chunked(fixture->bytes);
  out.finish_chunked();
}

void StepPlayer::play_text(const rapidjson::Value& step, const Request& request) {
  const auto& t = step["text"];
  std::string_view text(t.IsString() ? t.GetString() : "", t.IsString() ? t.GetStringLength() : 0);
  WireFormat format = format_of(step, std::string_view(request.target().data(), request.target().size()));
  SynthUsage usage = usage_of(step);
  // Ollama counts the whole prompt it read (prompt_eval_count): a step that
  // does not script it reads all that was sent, about 4 bytes a token.
  if (format == WireFormat::ollama && !step.HasMember("usage")) usage.input_tokens = static_cast<long>(request.body().size() / 4);
  if (!wants_stream(request)) {
    // A slow non-streaming answer (a commit message being written): one wait, then all of it.
    std::this_thread::sleep_for(std::chrono::milliseconds(WritePlan::from_step(step).delay_ms));
    return send_plain(200, "application/json", synth_complete(format, text, usage));
  }
  auto c = step.FindMember("chunk_chars");
  int chunk_chars = c != step.MemberEnd() && c->value.IsInt() ? c->value.GetInt() : 16;
  send_stream_head(200, "Content-Type: " + std::string(stream_content_type(format)) + "\r\n");
  BodyWriter out(socket_, WritePlan::from_step(step));
  for (const auto& event : synth_stream(format, text, chunk_chars, usage, extras_of(step)))
    if (!out.write_chunked(event)) return;
  out.finish_chunked();
}

// Scripted OpenAI SSE: each element is written as one `data: <json>` event
// (strings as they are), then `data: [DONE]`. Tool-call streams, reasoning
// deltas and error chunks are spelled out by the test.
void StepPlayer::play_events(const rapidjson::Value& events, const rapidjson::Value& step) {
  send_stream_head(200, "Content-Type: text/event-stream\r\n");
  BodyWriter out(socket_, WritePlan::from_step(step));
  for (const auto& e : events.GetArray()) {
    std::string data;
    if (e.IsString()) {
      data.assign(e.GetString(), e.GetStringLength());
    } else {
      rapidjson::StringBuffer buf;
      rapidjson::Writer<rapidjson::StringBuffer> w(buf);
      e.Accept(w);
      data.assign(buf.GetString(), buf.GetSize());
    }
    if (!out.write_chunked("data: " + data + "\n\n")) return;
  }
  // "then_hang": the answer so far is out and the rest never comes (a Stop mid-stream).
  if (auto h = step.FindMember("then_hang"); h != step.MemberEnd() && h->value.IsTrue()) return hang();
  if (auto d = step.FindMember("done"); d == step.MemberEnd() || !d->value.IsFalse())
    if (!out.write_chunked("data: [DONE]\n\n")) return;
  out.finish_chunked();
}

void StepPlayer::play_status(const rapidjson::Value& step) {
  int status = step["status"].IsInt() ? step["status"].GetInt() : 500;
  std::string headers;
  if (auto h = step.FindMember("headers"); h != step.MemberEnd() && h->value.IsObject())
    for (auto& m : h->value.GetObject())
      if (m.value.IsString()) headers += std::string(m.name.GetString()) + ": " + m.value.GetString() + "\r\n";
  auto b = step.FindMember("body");
  std::string body = b != step.MemberEnd() && b->value.IsString() ? b->value.GetString() : "";
  send_plain(status, "application/json", body, headers);
}

void StepPlayer::hang() {
  char byte;
  boost::system::error_code ec;
  while (!ec) socket_.read_some(boost::asio::buffer(&byte, 1), ec);  // until the client leaves
}

void StepPlayer::send_plain(int status, std::string_view content_type, std::string_view body,
                            std::string_view extra_headers) {
  std::string response = "HTTP/1.1 " + std::to_string(status) + " " + reason(status) + "\r\n";
  response += "Content-Type: " + std::string(content_type) + "\r\n";
  response += extra_headers;
  response += "Content-Length: " + std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n";
  response += body;
  boost::asio::write(socket_, boost::asio::buffer(response));
}

void StepPlayer::send_stream_head(int status, std::string_view headers) {
  std::string head = "HTTP/1.1 " + std::to_string(status) + " " + reason(status) + "\r\n";
  head += headers;
  head += "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n";
  boost::asio::write(socket_, boost::asio::buffer(head));
}

}  // namespace acdc::test
