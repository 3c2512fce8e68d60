// fake_provider/fake_provider_process.hpp -- starts acdc-fake-provider for a
// C++ test and scripts it over its control endpoints.
//
//   acdc::test::FakeProvider fake;
//   fake.queue(R"([{"fixture":"openai_text.sse","split":"random"}])");
//   config.base_url = fake.base_url();              // http://127.0.0.1:<port>/v1
//   ... run the code under test ...
//   std::string sent = fake.requests();             // JSON array of what it received
//
// The destructor stops the process (closing its stdin, then SIGTERM).
#pragma once

#include <sys/types.h>

#include <string>

namespace acdc::test {

class FakeProvider {
 public:
  // `fixtures_dir` empty: the binary's default, tests/fixtures/llm.
  explicit FakeProvider(const std::string& fixtures_dir = "");
  ~FakeProvider();
  FakeProvider(const FakeProvider&) = delete;
  FakeProvider& operator=(const FakeProvider&) = delete;

  unsigned short port() const { return port_; }
  std::string base_url() const;                 // http://127.0.0.1:<port>/v1
  int queue(const std::string& json_steps);     // returns how many were queued
  std::string requests() const;                 // JSON array text
  void reset();
  // A local server's window: /api/show's context_length, /props' n_ctx (0: not served).
  void serve_window(long context_length, long n_ctx);
  // The whole /_fake/served object (fake_server.hpp): capabilities, models, loaded.
  void serve(const std::string& served_json);
  std::string asked() const;                    // JSON array of "POST /api/show {...}", "GET /props", "GET /api/ps"

  static std::string binary();

 private:
  std::string control(const char* method, const std::string& target,
                      const std::string& body) const;

  pid_t pid_ = -1;
  int stdin_fd_ = -1;
  unsigned short port_ = 0;
};

}  // namespace acdc::test
