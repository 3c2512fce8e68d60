// `acdc plugin check FILE`: a plugin author's first question -- will the host
// take this file, and what does it offer? -- answered without serving.
#include "support/host_process.hpp"

#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdio>

using namespace acdc::test;

namespace {

struct Run {
  int code;
  std::string output;  // stdout and stderr together
};

Run check(const std::string& file) {
  const std::string command = HostProcess::binary() + " plugin check '" + file + "' 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  Run run{-1, {}};
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, pipe)) > 0;) run.output.append(buf, n);
  int status = pclose(pipe);
  run.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

}  // namespace

TEST_CASE("plugin check prints the descriptor of a good plugin") {
  Run r = check(HostProcess::plugin_dir() + "/echo.acdc.so");
  CHECK(r.code == 0);
  CHECK_THAT(r.output, Catch::Contains("plugin   echo 1.0.0"));
  CHECK_THAT(r.output, Catch::Contains("ABI      1.3"));
  CHECK_THAT(r.output, Catch::Contains("Echo.stream  (long-running)"));
  CHECK_THAT(r.output, Catch::Contains("Echo.add"));
}

TEST_CASE("plugin check works for a plugin written in plain C") {
  Run r = check(HostProcess::test_plugin_dir() + "/c-plugin.acdc.so");
  CHECK(r.code == 0);
  CHECK_THAT(r.output, Catch::Contains("plugin   c-plugin"));
}

TEST_CASE("plugin check gives the exact reason a plugin would be refused") {
  Run wrong = check(HostProcess::test_plugin_dir() + "/wrong-abi-major.acdc.so");
  CHECK(wrong.code == 1);
  CHECK_THAT(wrong.output, Catch::Contains("was built for ABI 2.0, this host speaks ABI 1.3: rebuild it"));
  Run no_entry = check(HostProcess::test_plugin_dir() + "/missing-entry.acdc.so");
  CHECK(no_entry.code == 1);
  CHECK_THAT(no_entry.output, Catch::Contains("does not export acdc_plugin_entry"));
  Run refuses = check(HostProcess::test_plugin_dir() + "/refuses.acdc.so");
  CHECK(refuses.code == 1);
  CHECK_THAT(refuses.output, Catch::Contains("refused to load"));
  Run missing = check("/nonexistent/x.acdc.so");
  CHECK(missing.code == 1);
  CHECK_THAT(missing.output, Catch::Contains("does not exist"));
}
