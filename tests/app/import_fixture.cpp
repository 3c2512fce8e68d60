#include "import_fixture.hpp"

#include "support/host_process.hpp"

#include <acdc/sdk/base64.hpp>

#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>

namespace acdc::test {

namespace fs = std::filesystem;

const char* const kPixelUri =
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const char* const kPixelName = "624fc0a006e3.png";

namespace {

// §3.3: the author's Bedrock setup, with a credential the import must never copy.
const char* kLlmJson = R"({"env": {"AWS_REGION": "ap-southeast-2", "AWS_PROFILE": "work",
  "AWS_SECRET_ACCESS_KEY": "wJalrXUtnFEMI-NEVER-COPY", "LITELLM_LOG": "DEBUG"},
 "model": "bedrock/global.anthropic.claude-opus-4-7",
 "smaller_model": "bedrock/global.anthropic.claude-haiku-4-5-20251001-v1:0",
 "num_retries": 10, "cache_buffer_multiplier": 1.1, "temperature": 0.2})";

// §3.4, with a user's changes to the shared sections.
const char* kAppJson = R"({"url_cache": {"path": null, "ttl_hours": 48},
 "history_compaction": {"enabled": true, "compaction_trigger_tokens": 30000, "verbatim_window_tokens": 4000,
   "summary_budget_tokens": 500, "min_verbatim_exchanges": 2},
 "doc_convert": {"enabled": true, "extensions": [".docx", ".pdf"], "max_source_size_mb": 50},
 "agents": {"enabled": false},
 "cache_warmup": {"enabled": false, "interval_seconds": 240},
 "reasoning": {"budget_tokens": 10000, "effort": "xhigh"},
 "cache_tiering": {"flux_threshold": 1.0, "membranes": []}})";

// §3.6.
const char* kSnippetsJson = R"({"code": [
   {"icon": "✂️", "tooltip": "Continue truncated edit", "message": "Your last edit was truncated. Please continue from where you left off."},
   {"icon": "🧪", "tooltip": "Tests: all of them", "message": "Write tests: cover the failure cases."}],
 "review": [{"icon": "🔎", "tooltip": "Full review", "message": "Review the changes on this branch."}],
 "doc": [{"icon": "📝", "tooltip": "Summarise", "message": "Summarise the selected documents."}]})";

// §4.8: two sessions; the first user message has an image; a system event;
// AC-DC's agent_blocks and legacy integer images; the last line torn by a crash.
const char* kHistory =
    R"({"id":"1736956800000-a1b2c3d4","session_id":"sess_1736956800000_a1b2c3","timestamp":"2025-01-15T16:00:00Z","role":"user","content":"What is in this picture?","files":["src/a.py"],"image_refs":["624fc0a006e3.png"],"turn_id":"turn_1736956800000_aaaaaa"})"
    "\n"
    R"({"id":"1736956805000-b1b2c3d4","session_id":"sess_1736956800000_a1b2c3","timestamp":"2025-01-15T16:00:05Z","role":"assistant","content":"A single pixel.","turn_id":"turn_1736956800000_aaaaaa","agent_blocks":[]})"
    "\n"
    R"({"id":"1736956900000-c1b2c3d4","session_id":"sess_1736956800000_a1b2c3","timestamp":"2025-01-15T16:01:40Z","role":"user","content":"**Committed** `abc1234`","system_event":true})"
    "\n"
    R"({"id":"1737000000000-d1b2c3d4","session_id":"sess_1737000000000_d4e5f6","timestamp":"2025-01-16T04:00:00Z","role":"user","content":"Rename the helper","images":0})"
    "\n"
    R"({"id":"1737000004000-e1b2c3d4","session_id":"sess_1737000000000_d4e5f6","timestamp":"2025-01-16T04:00:04Z","role":"assistant","content":"Renamed.","files_modified":["src/a.py"],"edit_results":[{"file":"src/a.py","status":"applied","message":"Edit applied."}]})"
    "\n"
    R"({"id":"1737000009000-f1b2c3d4","session_id":"sess_1737000000000_d4e5f6","timestamp":"2025-01-16T04:00)";

void git(const fs::path& dir, const std::string& args) {
  std::string cmd = "git -C '" + dir.string() + "' -c user.email=t@example.com -c user.name=t " + args + " >/dev/null 2>&1";
  REQUIRE(std::system(cmd.c_str()) == 0);
}

}  // namespace

ReferenceUser::ReferenceUser() {
  const fs::path cfg = reference_config();
  write_file(cfg / "llm.json", kLlmJson);
  write_file(cfg / "app.json", kAppJson);
  write_file(cfg / "snippets.json", kSnippetsJson);
  write_file(cfg / "system_extra.md", "Answer in British English.\nPrefer small functions.\n");
  write_file(cfg / "system.md", "# AC-DC's own system prompt\n");
  write_file(cfg / ".bundled_version", "2025.06.15-14.32-a1b2c3d4\n");
  git(repo(), "init -q");
  write_file(repo() / "src" / "a.py", "x = 1\n");
  git(repo(), "add -A");
  git(repo(), "commit -q -m init");
  write_history(repo());
}

void ReferenceUser::write_history(const fs::path& repo) {
  write_file(repo / ".ac-dc4" / "history.jsonl", kHistory);
  const std::string uri = kPixelUri;
  write_file(repo / ".ac-dc4" / "images" / kPixelName, acdc::base64_decode(uri.substr(uri.find(',') + 1)).value());
}

Run ReferenceUser::import(const std::vector<std::string>& args) const {
  std::string command = "cd '" + repo().string() + "' && env -u AC_DC_CONFIG_HOME -u XDG_CONFIG_HOME HOME='" +
                        home_.path().string() + "' ACDC_CONFIG_HOME='" + acdc_.path().string() + "' " +
                        HostProcess::binary() + " import-acdc";
  for (const auto& a : args) command += " '" + a + "'";
  command += " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe);
  Run run;
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, pipe)) > 0;) run.output.append(buf, n);
  int status = pclose(pipe);
  run.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

std::map<std::string, std::string> snapshot(const fs::path& dir) {
  std::map<std::string, std::string> out;
  std::error_code ec;
  if (!fs::exists(dir, ec)) return out;
  for (const auto& entry : fs::recursive_directory_iterator(dir))
    if (entry.is_regular_file()) out[fs::relative(entry.path(), dir).string()] = read_file(entry.path());
  return out;
}

}  // namespace acdc::test
