// The import's conversions, file by file, without the binary: llm.json's env
// map, snippets.json's legacy form, and history records field by field.
#include "import/history_import.hpp"
#include "import/llm_import.hpp"
#include "import/snippets_import.hpp"

#include <catch2/catch.hpp>

using namespace acdc::app::importer;

namespace {

Converted llm(const std::string& json) { return convert_llm(acdc::parse_json(json), "llm.json"); }

std::string all(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

}  // namespace

TEST_CASE("an API key in llm.json's env becomes api_key_env, and its value is written nowhere") {
  Converted c = llm(R"({"model":"anthropic/claude-sonnet-4-5","env":{"ANTHROPIC_API_KEY":"sk-ant-SECRET"}})");
  CHECK_THAT(c.text, Catch::Contains("provider: anthropic\n") && Catch::Contains("model: claude-sonnet-4-5\n") &&
                         Catch::Contains("api_key_env: ANTHROPIC_API_KEY\n"));
  CHECK_THAT(c.text + all(c.report.mapped) + all(c.report.next), !Catch::Contains("SECRET"));
  CHECK_THAT(all(c.report.next), Catch::Contains("export ANTHROPIC_API_KEY="));
}

TEST_CASE("Bedrock's region and profile come from env, and AWS keys are named for export, not written") {
  Converted c = llm(R"({"model":"bedrock/global.anthropic.claude-opus-4-7",
      "env":{"AWS_REGION_NAME":"eu-west-1","AWS_PROFILE":"work","AWS_ACCESS_KEY_ID":"AKIASECRET","OTHER":"x"}})");
  CHECK_THAT(c.text, Catch::Contains("region: eu-west-1\n") && Catch::Contains("profile: work\n"));
  CHECK_THAT(c.text, !Catch::Contains("AKIASECRET") && !Catch::Contains("AWS_ACCESS_KEY_ID"));
  CHECK_THAT(all(c.report.not_mapped), Catch::Contains("env.AWS_ACCESS_KEY_ID: a credential, never written to a file") &&
                                           Catch::Contains("env.OTHER: acdc does not export variables"));
  CHECK_THAT(all(c.report.next), Catch::Contains("export AWS_ACCESS_KEY_ID"));
}

TEST_CASE("a region for a provider that is not Bedrock, and a smaller model of another provider, are not mapped") {
  Converted c = llm(R"({"model":"openai/gpt-5","smaller_model":"anthropic/claude-haiku-4-5",
      "env":{"AWS_REGION":"us-east-1"},"api_base":"http://127.0.0.1:8000/v1","temperature":0})");
  CHECK_THAT(c.text, Catch::Contains("base_url: http://127.0.0.1:8000/v1\n") && !Catch::Contains("smaller_model") &&
                         !Catch::Contains("region"));
  CHECK_THAT(all(c.report.not_mapped), Catch::Contains("one provider") && Catch::Contains("env.AWS_REGION") &&
                                           Catch::Contains("temperature: acdc's llm.yaml has no such setting"));
}

TEST_CASE("an Ollama model keeps llm.json's server, at its OpenAI-compatible path, and needs no key") {
  Converted c = llm(R"({"model":"ollama/llama3","smaller_model":"ollama/llama3","api_base":"http://gpu-box:11434/"})");
  CHECK(c.text.find("provider: openai\nbase_url: http://gpu-box:11434/v1\nmodel: llama3\nsmaller_model: llama3\n"
                    "api_key_env: \"\"\n") != std::string::npos);
  CHECK(c.report.next.empty());
}

TEST_CASE("llm.json without a usable model writes no llm.yaml and says why") {
  CHECK(llm(R"({"env":{}})").text.empty());
  Converted c = llm(R"({"model":"vertex_ai/gemini-2.5-pro"})");
  CHECK(c.text.empty());
  CHECK_THAT(all(c.report.not_mapped), Catch::Contains("llm.yaml is not written"));
}

TEST_CASE("the legacy flat snippets form is grouped by mode, code by default") {
  Converted c = convert_snippets(
      acdc::parse_json(R"({"snippets":[{"mode":"review","icon":"R","message":"review it"},{"message":"plain"}]})"),
      "snippets.json");
  CHECK(c.text.find("code:") < c.text.find("review:"));
  CHECK_THAT(c.text, Catch::Contains("message: plain") && Catch::Contains("message: review it"));
}

TEST_CASE("history records keep the shared fields, drop AC-DC's own, and skip torn and known lines") {
  const std::string source =
      R"({"id":"1-a","session_id":"sess_1_a","timestamp":"2025-01-15T12:00:00.123456","role":"user","content":"hi","files":["a.py"],"image_refs":["abc.png","../x.png"]})"
      "\n"
      R"({"id":"2-b","session_id":"sess_1_a","timestamp":"2025-01-15T12:00:01Z","role":"assistant","content":"yo","agent_blocks":[],"images":1})"
      "\n"
      R"({"id":"3-c","session_id":"sess_2_b","timestamp":"2025-01-15T13:00:00Z","role":"user","content":"old"})"
      "\n"
      R"({"id":"4-d","session_id":"sess_2)";
  HistoryImport h = convert_history(source, {"3-c"}, "history.jsonl");
  REQUIRE(h.lines.size() == 2);
  CHECK(h.lines[0] ==
        R"({"id":"1-a","session_id":"sess_1_a","timestamp":"2025-01-15T12:00:00Z","role":"user","content":"hi","files":["a.py"],"image_refs":["abc.png"]})");
  CHECK(h.lines[1] == R"({"id":"2-b","session_id":"sess_1_a","timestamp":"2025-01-15T12:00:01Z","role":"assistant","content":"yo"})");
  CHECK(h.images == std::vector<std::string>{"abc.png"});
  CHECK_THAT(all(h.report.skipped), Catch::Contains("line 4: not a complete JSON record") &&
                                        Catch::Contains("1 messages in 1 sessions acdc's history holds already"));
  CHECK_THAT(all(h.report.not_mapped), Catch::Contains("agent_blocks (in 1 records): acdc has no agents") &&
                                           Catch::Contains("images (in 1 records)"));
  CHECK(record_ids(all(h.lines)) == std::set<std::string>{"1-a", "2-b"});
}
