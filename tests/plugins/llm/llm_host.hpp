// A real acdc host with the repo and llm plugins on a temporary git
// repository, the fake LLM provider behind it, and a jrpc-oo client.
//
//   LlmHost h({{"a.py", "x = 1\n"}});
//   h.fake.queue(R"([{"text":"Hi","format":"openai"}])");
//   auto result = h.chat("hello");          // the streamComplete result
//   LlmHost with_map(files, {{"repo", "symbol-index", "llm"}});
#pragma once

#include "fake_provider/fake_provider_process.hpp"
#include "support/host_process.hpp"
#include "support/temp_dir.hpp"
#include "support/ws_client.hpp"

#include <rapidjson/document.h>

#include <chrono>
#include <initializer_list>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace acdc::llm::test {

class LlmHost {
 public:
  // The host's plugin list, in load order.
  struct Plugins {
    std::vector<std::string> names = {"repo", "llm"};
    // A plugin's config block, as YAML lines indented by six spaces.
    std::map<std::string, std::string> config = {};
  };

  explicit LlmHost(const std::map<std::string, std::string>& files = {}) : LlmHost(files, Plugins{}) {}
  LlmHost(const std::map<std::string, std::string>& files, Plugins plugins);

  // Starts (or restarts, on the same repository) the host and connects.
  void start();
  // Sends chat_streaming (with `images`, data URIs) and waits for its
  // streamComplete; returns the result.
  rapidjson::Document chat(const std::string& message, const std::string& request_id = "req-1",
                           const std::vector<std::string>& images = {});
  rapidjson::Document call(const std::string& method, const std::string& args_json);
  std::string read(const std::string& path) const;
  // The args of every `method` call the client received, parsed.
  std::vector<rapidjson::Document> received(const std::string& method) const;

  acdc::test::FakeProvider fake;
  acdc::test::TempDir repo;
  acdc::test::TempDir config_home;
  std::vector<std::string> plugins;
  std::map<std::string, std::string> plugin_config;
  // What the client answers AcApp.askPermission (an Agent turn's command).
  std::string permission_answer = R"({"outcome":"deny"})";
  // More environment for the host, from the next start() on.
  std::map<std::string, std::string> env;
  std::unique_ptr<acdc::test::HostProcess> host;
  std::unique_ptr<acdc::test::WsClient> client;

 private:
  std::map<std::string, std::string> host_env() const;
};

// The plugins of a host whose turns carry the symbol map.
inline const LlmHost::Plugins kWithMap{{"repo", "symbol-index", "llm"}};
// ... and whose snippets come from the settings plugin, their one reader.
inline const LlmHost::Plugins kWithMapAndSettings{{"settings", "repo", "symbol-index", "llm"}};
inline const LlmHost::Plugins kWithSettings{{"settings", "repo", "llm"}};

// A JSON string's text; fails the test when `v` is not a string.
std::string str(const rapidjson::Value& v);
// The "result" of `method` called through the host; fails the test, showing
// the whole answer, when the call failed.
rapidjson::Document result(LlmHost& h, const std::string& method, const std::string& args_json);
// Writes llm.yaml: `provider_lines` (provider, model, ...), then the fake
// provider's URL, a test key variable, no retries and 5 s timeouts.
void use_llm_yaml(LlmHost& h, const std::string& provider_lines);
// A fake-provider queue with one Anthropic stream of `text` and fixed usage
// (300 in, 40 out, 2,000 read from the cache, 500 written).
std::string anthropic_step(const std::string& text);
// The steps of several provider requests, in order, as one fake-provider queue.
std::string steps(std::initializer_list<std::string> each);
// An OpenAI step that calls `tool` with `arguments` (JSON object text).
std::string tool_step(const std::string& id, const std::string& tool, const std::string& arguments,
                      const std::string& text = "");
// Turns Agent mode on for the session.
void agent_on(LlmHost& h);
// The bodies of the chat requests the provider received, in order.
std::vector<std::string> bodies(LlmHost& h);
// The n-th chat request body the provider received, parsed; fails the test
// when fewer came.
rapidjson::Document request_body(LlmHost& h, size_t request);
// The tool message of the n-th request's last step, as the model read it.
std::string tool_result_in(LlmHost& h, size_t request);
// Waits (up to `limit`) until SymbolIndex.get_status says "ready".
void wait_until_indexed(LlmHost& h, std::chrono::seconds limit = std::chrono::seconds(5));

// The edit-block text for one edit, with the exact markers.
std::string edit_block(const std::string& path, const std::string& old_text, const std::string& new_text);
// A fake-provider queue with one synthesised OpenAI stream of `text`.
std::string text_step(const std::string& text, int chunk_chars = 16, int delay_ms = 0);

}  // namespace acdc::llm::test
