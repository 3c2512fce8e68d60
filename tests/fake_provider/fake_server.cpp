// fake_provider/fake_server.cpp -- see fake_server.hpp.
#include "fake_server.hpp"

#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cctype>
#include <thread>
#include <tuple>

namespace acdc::test {
namespace http = boost::beast::http;
using boost::asio::ip::tcp;

namespace {

constexpr std::string_view kDefaultStep =
    R"({"text":"Hello from the fake provider.","usage":{"input_tokens":12,"output_tokens":7}})";

bool is_provider_path(std::string_view path) {
  // ... and "/sts": AWS STS (AssumeRole) when a test points AWS_ENDPOINT_URL_STS here.
  for (std::string_view p : {"/v1/chat/completions", "/chat/completions", "/api/chat",
                             "/v1/messages", "/messages", "/converse-stream", "/converse", "/sts"})
    if (path.ends_with(p)) return true;
  return false;
}

// The GETs an OpenRouter-like provider answers beside its completions (BB-7's
// get_models and get_balance): played from the queue like a completion, so a
// test scripts them with a {status, body} step.
// Also the AWS SSO portal's GetRoleCredentials (AWS_ENDPOINT_URL_SSO), whose
// arguments are in the query.
bool is_provider_get_path(std::string_view path) {
  path = path.substr(0, path.find('?'));
  return path.ends_with("/models") || path.ends_with("/credits") || path.ends_with("/federation/credentials") ||
         path.ends_with("/api/tags");  // Ollama's model list (OLLAMA_HOST pointed here)
}

void reply_json(tcp::socket& socket, int status, const std::string& body) {
  std::string response = "HTTP/1.1 " + std::to_string(status) + " OK\r\n"
                         "Content-Type: application/json\r\nContent-Length: " +
                         std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body;
  boost::asio::write(socket, boost::asio::buffer(response));
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

FakeServer::FakeServer(const FixtureSet& fixtures, unsigned short port)
    : fixtures_(fixtures),
      acceptor_(io_, tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port)) {}

unsigned short FakeServer::port() const { return acceptor_.local_endpoint().port(); }

void FakeServer::run() {
  for (;;) {
    tcp::socket socket(io_);
    acceptor_.accept(socket);
    std::thread([this, s = std::move(socket)]() mutable { serve(std::move(s)); }).detach();
  }
}

void FakeServer::serve(tcp::socket socket) {
  try {
    boost::beast::flat_buffer buffer;
    http::request_parser<http::string_body> parser;
    parser.body_limit(64 * 1024 * 1024);
    http::read(socket, buffer, parser);
    const Request& request = parser.get();
    if (!answer_control(socket, request) && !answer_served(socket, request)) answer_provider(socket, request);
    boost::system::error_code ec;
    socket.shutdown(tcp::socket::shutdown_both, ec);
  } catch (const std::exception&) {
    // The client went away mid-answer (a cancelled or timed-out test): nothing to do.
  }
}

bool FakeServer::answer_control(tcp::socket& socket, const Request& request) {
  std::string_view target(request.target().data(), request.target().size());
  if (!target.starts_with("/_fake/")) return false;
  std::lock_guard lock(mu_);
  if (target == "/_fake/queue") {
    rapidjson::Document steps;
    steps.Parse(request.body().data(), request.body().size());
    if (steps.HasParseError() || !steps.IsArray()) {
      reply_json(socket, 400, R"({"error":"POST /_fake/queue wants a JSON array of steps"})");
      return true;
    }
    for (auto& step : steps.GetArray()) {
      rapidjson::StringBuffer b;
      rapidjson::Writer<rapidjson::StringBuffer> w(b);
      step.Accept(w);
      steps_.emplace_back(b.GetString());
    }
    reply_json(socket, 200, "{\"queued\":" + std::to_string(steps.Size()) + "}");
  } else if (target == "/_fake/requests") {
    std::string out = "[";
    for (std::size_t i = 0; i < requests_.size(); ++i) out += (i ? "," : "") + requests_[i];
    reply_json(socket, 200, out + "]");
  } else if (target == "/_fake/served") {
    rapidjson::Document served;
    served.Parse(request.body().data(), request.body().size());
    if (served.HasParseError() || !served.IsObject()) {
      reply_json(socket, 400, R"({"error":"POST /_fake/served wants {\"context_length\": N, \"n_ctx\": M, ...}"})");
      return true;
    }
    served_ = Served::from(served);
    reply_json(socket, 200, R"({"served":true})");
  } else if (target == "/_fake/asked") {
    std::string out = "[";
    for (std::size_t i = 0; i < asked_.size(); ++i) {
      rapidjson::StringBuffer b;
      rapidjson::Writer<rapidjson::StringBuffer> w(b);
      w.String(asked_[i].data(), static_cast<rapidjson::SizeType>(asked_[i].size()));
      out += (i ? "," : "") + std::string(b.GetString());
    }
    reply_json(socket, 200, out + "]");
  } else if (target == "/_fake/reset") {
    steps_.clear();
    requests_.clear();
    asked_.clear();
    served_ = {};
    reply_json(socket, 200, R"({"reset":true})");
  } else {
    reply_json(socket, 404, R"({"error":"unknown control endpoint"})");
  }
  return true;
}

FakeServer::Served FakeServer::Served::from(const rapidjson::Value& v) {
  auto number = [](const rapidjson::Value& o, const char* key) {
    return o.HasMember(key) && o[key].IsInt64() ? o[key].GetInt64() : 0;
  };
  auto text = [](const rapidjson::Value& o, const char* key) {
    if (!o.HasMember(key)) return std::string();
    rapidjson::StringBuffer b;
    rapidjson::Writer<rapidjson::StringBuffer> w(b);
    o[key].Accept(w);
    return std::string(b.GetString(), b.GetSize());
  };
  Served s{.context_length = number(v, "context_length"), .n_ctx = number(v, "n_ctx"),
           .capabilities = text(v, "capabilities"), .loaded = text(v, "loaded")};
  if (v.HasMember("models") && v["models"].IsObject())
    for (const auto& m : v["models"].GetObject())
      if (m.value.IsObject())
        s.models[m.name.GetString()] = {number(m.value, "context_length"), text(m.value, "capabilities")};
  return s;
}

bool FakeServer::answer_served(tcp::socket& socket, const Request& request) {
  std::string_view target(request.target().data(), request.target().size());
  const bool show = request.method() == http::verb::post && target.ends_with("/api/show");
  const bool props = request.method() == http::verb::get && target.ends_with("/props");
  const bool ps = request.method() == http::verb::get && target.ends_with("/api/ps");
  if (!show && !props && !ps) return false;
  std::lock_guard lock(mu_);
  asked_.push_back(std::string(request.method_string()) + " " + std::string(target) +
                   (show ? " " + std::string(request.body()) : ""));
  if (ps) {
    if (served_.loaded.empty()) {
      reply_json(socket, 404, R"({"error":"not served: POST /_fake/served {\"loaded\": [...]} first"})");
      return true;
    }
    // Ollama lists each loaded model by name and model, both tagged.
    rapidjson::Document names;
    names.Parse(served_.loaded.c_str());
    std::string out = R"({"models":[)";
    for (rapidjson::SizeType i = 0; names.IsArray() && i < names.Size(); ++i) {
      const std::string name = names[i].IsString() ? names[i].GetString() : "";
      out += (i ? "," : "") + std::string(R"({"name":")") + name + R"(","model":")" + name + R"(","size":1})";
    }
    reply_json(socket, 200, out + "]}");
    return true;
  }
  long context_length = served_.context_length;
  std::string capabilities = served_.capabilities;
  if (show) {
    rapidjson::Document asked;
    asked.Parse(request.body().data(), request.body().size());
    if (asked.IsObject() && asked.HasMember("model") && asked["model"].IsString())
      if (auto m = served_.models.find(asked["model"].GetString()); m != served_.models.end())
        std::tie(context_length, capabilities) = m->second;
  }
  if (show && context_length > 0)
    reply_json(socket, 200,
               R"({"details":{"family":"qwen2"},)" + (capabilities.empty() ? "" : "\"capabilities\":" + capabilities + ",") +
                   R"("model_info":{"general.architecture":"qwen2","qwen2.context_length":)" +
                   std::to_string(context_length) + "}}");
  else if (props && served_.n_ctx > 0)
    reply_json(socket, 200, R"({"default_generation_settings":{"n_ctx":)" + std::to_string(served_.n_ctx) + R"(},"total_slots":1})");
  else
    reply_json(socket, 404, show ? R"({"error":"model not found"})" : R"({"error":"File Not Found"})");
  return true;
}

void FakeServer::answer_provider(tcp::socket& socket, const Request& request) {
  std::string_view target(request.target().data(), request.target().size());
  const bool post = request.method() == http::verb::post && is_provider_path(target);
  const bool get = request.method() == http::verb::get && is_provider_get_path(target);
  if (!post && !get) {
    reply_json(socket, 404, R"({"error":{"message":"fake provider: no such endpoint","type":"not_found_error"}})");
    return;
  }
  std::string step_text;
  {
    std::lock_guard lock(mu_);
    log_request(request);
    step_text = steps_.empty() ? std::string(kDefaultStep) : steps_.front();
    if (!steps_.empty()) steps_.pop_front();
  }
  rapidjson::Document step;
  step.Parse(step_text.data(), step_text.size());
  StepPlayer(socket, fixtures_).play(step, request);
}

void FakeServer::log_request(const Request& request) {
  rapidjson::StringBuffer b;
  rapidjson::Writer<rapidjson::StringBuffer> w(b);
  auto str = [&](std::string_view s) { w.String(s.data(), static_cast<rapidjson::SizeType>(s.size())); };
  w.StartObject();
  w.Key("method"); str(request.method_string());
  w.Key("path"); str(request.target());
  w.Key("headers"); w.StartObject();
  for (const auto& field : request) {
    w.Key(lower(field.name_string()).c_str());
    str(field.value());
  }
  w.EndObject();
  w.Key("body"); str(request.body());
  w.EndObject();
  requests_.emplace_back(b.GetString());
}

}  // namespace acdc::test
