#include "llm_host.hpp"

#include <catch2/catch.hpp>

#include <acdc/sdk/json.hpp>

#include <cstdlib>
#include <thread>

namespace acdc::llm::test {
namespace {

std::string host_config(const std::vector<std::string>& plugins, const std::map<std::string, std::string>& config) {
  std::string out = "plugins:\n";
  for (const auto& p : plugins) {
    out += "  - name: " + p + "\n";
    if (p == "llm") out += "    config_files: [llm.yaml, app.yaml]\n";
    if (p == "url-fetch") out += "    config_files: [app.yaml]\n";
    if (p == "exec") out += "    config_files: [app.yaml, llm.yaml]\n";
    if (p == "mcp-client") out += "    config_files: [app.yaml]\n";
    if (auto it = config.find(p); it != config.end()) out += "    config:\n" + it->second;
  }
  return out;
}

void git(const std::filesystem::path& dir, const std::string& args) {
  std::string cmd = "git -C '" + dir.string() + "' -c user.email=t@example.com -c user.name=t " + args + " >/dev/null 2>&1";
  REQUIRE(std::system(cmd.c_str()) == 0);
}

}  // namespace

std::string edit_block(const std::string& path, const std::string& old_text, const std::string& new_text) {
  return path + "\n\xF0\x9F\x9F\xA7\xF0\x9F\x9F\xA7\xF0\x9F\x9F\xA7 EDIT\n" + old_text + (old_text.empty() ? "" : "\n") +
         "\xF0\x9F\x9F\xA8\xF0\x9F\x9F\xA8\xF0\x9F\x9F\xA8 REPL\n" + new_text + "\n" +
         "\xF0\x9F\x9F\xA9\xF0\x9F\x9F\xA9\xF0\x9F\x9F\xA9 END\n";
}

std::string str(const rapidjson::Value& v) {
  REQUIRE(v.IsString());
  return std::string(v.GetString(), v.GetStringLength());
}

rapidjson::Document result(LlmHost& h, const std::string& method, const std::string& args_json) {
  auto r = h.call(method, args_json);
  INFO(method << " answered " << acdc::to_json_text(static_cast<const rapidjson::Value&>(r)));
  REQUIRE(r.HasMember("result"));
  rapidjson::Document out;
  out.CopyFrom(r["result"], out.GetAllocator());
  return out;
}

void use_llm_yaml(LlmHost& h, const std::string& provider_lines) {
  acdc::test::write_file(h.config_home.path() / "llm.yaml",
                         provider_lines + "base_url: " + h.fake.base_url() +
                             "\napi_key_env: ACDC_TEST_LLM_KEY\nnum_retries: 0\n"
                             "first_chunk_timeout_seconds: 5\nchunk_timeout_seconds: 5\n");
}

std::string anthropic_step(const std::string& text) {
  return "[{\"text\":" + acdc::to_json_text(text) +
         ",\"format\":\"anthropic\",\"chunk_chars\":64,"
         "\"usage\":{\"input_tokens\":300,\"output_tokens\":40,\"cache_read_tokens\":2000,\"cache_write_tokens\":500}}]";
}

std::string steps(std::initializer_list<std::string> each) {
  std::string out = "[";
  for (const auto& s : each) out += (out.size() > 1 ? "," : "") + s.substr(1, s.size() - 2);
  return out + "]";
}

std::string tool_step(const std::string& id, const std::string& tool, const std::string& arguments,
                      const std::string& text) {
  return R"([{"text":)" + acdc::to_json_text(text) + R"(,"format":"openai","tool_calls":[{"id":)" + acdc::to_json_text(id) +
         R"(,"name":)" + acdc::to_json_text(tool) + R"(,"arguments":)" + acdc::to_json_text(arguments) +
         R"(}],"usage":{"input_tokens":500,"output_tokens":20,"cache_read_tokens":0,"cache_write_tokens":0}}])";
}

void agent_on(LlmHost& h) {
  auto mode = result(h, "LLMService.set_agent_mode", "[true]");
  REQUIRE(mode["agent"].GetBool());
}

std::vector<std::string> bodies(LlmHost& h) {
  rapidjson::Document requests;
  requests.Parse(h.fake.requests().c_str());
  std::vector<std::string> out;
  for (const auto& r : requests.GetArray())
    if (str(r["body"]).find("\"stream\":true") != std::string::npos) out.push_back(str(r["body"]));
  return out;
}

rapidjson::Document request_body(LlmHost& h, size_t request) {
  auto sent = bodies(h);
  REQUIRE(sent.size() > request);
  rapidjson::Document body;
  body.Parse(sent[request].c_str());
  return body;
}

std::string tool_result_in(LlmHost& h, size_t request) {
  const rapidjson::Document body = request_body(h, request);
  const auto& messages = body["messages"];
  const auto& last = messages[messages.Size() - 1];
  REQUIRE(str(last["role"]) == "tool");
  return last["content"].IsString() ? str(last["content"]) : acdc::to_json_text(last["content"]);
}

void wait_until_indexed(LlmHost& h, std::chrono::seconds limit) {
  for (auto i = limit.count() * 100; i > 0; --i) {
    if (str(result(h, "SymbolIndex.get_status", "[]")["state"]) == "ready") return;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  FAIL("the symbol index never became ready:\n" << h.host->output());
}

std::string text_step(const std::string& text, int chunk_chars, int delay_ms) {
  return "[{\"text\":" + acdc::to_json_text(text) + ",\"format\":\"openai\",\"chunk_chars\":" +
         std::to_string(chunk_chars) + ",\"delay_ms\":" + std::to_string(delay_ms) +
         ",\"usage\":{\"input_tokens\":120,\"output_tokens\":30,\"cache_read_tokens\":100,\"cache_write_tokens\":0}}]";
}

LlmHost::LlmHost(const std::map<std::string, std::string>& files, Plugins plugin_list)
    : plugins(std::move(plugin_list.names)), plugin_config(std::move(plugin_list.config)) {
  git(repo.path(), "init -q");
  for (const auto& [path, content] : files) acdc::test::write_file(repo.path() / path, content);
  acdc::test::write_file(repo.path() / ".gitkeep", "");
  git(repo.path(), "add -A");
  git(repo.path(), "commit -q -m init");
  acdc::test::write_file(config_home.path() / "llm.yaml",
                         "provider: openai\nbase_url: " + fake.base_url() +
                             "\nmodel: gpt-4o\nsmaller_model: gpt-4o-mini\napi_key_env: ACDC_TEST_LLM_KEY\n"
                             "num_retries: 0\nfirst_chunk_timeout_seconds: 5\nchunk_timeout_seconds: 5\n");
  start();
}

std::map<std::string, std::string> LlmHost::host_env() const {
  std::map<std::string, std::string> all = {{"ACDC_CONFIG_HOME", config_home.path().string()}, {"ACDC_TEST_LLM_KEY", "test-key"}};
  for (const auto& [k, v] : env) all[k] = v;
  return all;
}

void LlmHost::start() {
  client.reset();
  host = std::make_unique<acdc::test::HostProcess>(acdc::test::HostOptions{
      .config_yaml = host_config(plugins, plugin_config),
      .env = host_env(),
      .repo = repo.path().string()});
  // Broadcasts reach only clients that expose the method, as the webapp
  // does; announced in the first handshake, so the host's replay of the
  // start-up stages reaches this client too.
  acdc::test::WsClient::Connect options{.token = host->token()};
  for (const char* m : {"streamChunk", "streamComplete", "streamRetry", "postResponseComplete", "userMessage",
                        "filesChanged", "filesModified", "binaryFilesSkipped", "sessionChanged", "compactionEvent",
                        "startupProgress", "commitResult", "reviewStarted", "reviewEnded", "streamThinking",
                        "modeChanged", "navigateFile", "converseChunk", "cacheWarmupCountdown", "cacheWarmupFiring",
                        "cacheWarmupComplete", "cacheWarmupCancelled", "agentStep", "agentModeChanged", "commandStarted",
                        "commandOutput", "commandExited", "mcpServersChanged"})
    options.handlers[std::string("AcApp.") + m] = [](const rapidjson::Value&) { return std::string("true"); };
  options.handlers["AcApp.askPermission"] = [this](const rapidjson::Value&) { return permission_answer; };
  client = std::make_unique<acdc::test::WsClient>(host->port(), options);
  // Generous: a sanitizer build on a loaded machine starts in seconds.
  for (auto until = std::chrono::steady_clock::now() + std::chrono::seconds(15); std::chrono::steady_clock::now() < until;) {
    auto state = call("LLMService.get_current_state", "[]");
    if (state["result"]["init_complete"].GetBool()) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  FAIL("the llm plugin never finished its start-up");
}

rapidjson::Document LlmHost::call(const std::string& method, const std::string& args_json) {
  return client->call(method, args_json);
}

rapidjson::Document LlmHost::chat(const std::string& message, const std::string& request_id,
                                  const std::vector<std::string>& images) {
  size_t before = client->received("AcApp.streamComplete").size();
  auto started = call("LLMService.chat_streaming", acdc::json_array(request_id, message, std::vector<std::string>{}, images));
  REQUIRE(started.HasMember("result"));
  CHECK(std::string(started["result"]["status"].GetString()) == "started");
  bool completed = client->wait_for("AcApp.streamComplete", before + 1, std::chrono::seconds(15));
  INFO("host output:\n" << host->output());
  REQUIRE(completed);
  rapidjson::Document args;
  args.Parse(client->received("AcApp.streamComplete").back().c_str());
  CHECK(std::string(args[0].GetString()) == request_id);
  rapidjson::Document result;
  result.CopyFrom(args[1], result.GetAllocator());
  return result;
}

std::string LlmHost::read(const std::string& path) const { return acdc::test::read_file(repo.path() / path); }

std::vector<rapidjson::Document> LlmHost::received(const std::string& method) const {
  std::vector<rapidjson::Document> out;
  for (const auto& text : client->received(method)) {
    rapidjson::Document d;
    d.Parse(text.c_str());
    out.push_back(std::move(d));
  }
  return out;
}

}  // namespace acdc::llm::test
