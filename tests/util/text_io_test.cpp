// acdc_util's line framing on a file descriptor (the stdio protocols: BB-7,
// MCP, ACP) and URL percent-coding (the host's paths and tokens, resource
// URIs): what every protocol relies on to read its client right.
#include <acdc/util/fd_lines.hpp>
#include <acdc/util/percent.hpp>

#include <catch2/catch.hpp>

#include <unistd.h>

#include <string>
#include <vector>

using namespace acdc::util;

namespace {

// The lines read from a pipe that held `input`, with "<oversize>" where a line was too long.
std::vector<std::string> lines_of(const std::string& input, std::size_t max_line, std::size_t stop_after = 100) {
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  REQUIRE(::write(fds[1], input.data(), input.size()) == static_cast<ssize_t>(input.size()));
  ::close(fds[1]);
  std::vector<std::string> out;
  read_fd_lines(
      fds[0], max_line,
      [&](std::string_view line) {
        out.emplace_back(line);
        return out.size() < stop_after;
      },
      [&] {
        out.emplace_back("<oversize>");
        return true;
      });
  ::close(fds[0]);
  return out;
}

}  // namespace

TEST_CASE("lines: CRLF and LF alike, blank lines skipped, the last line without a newline kept") {
  CHECK(lines_of("a\r\nb\n\n  \nc", 100) == std::vector<std::string>{"a", "b", "c"});
}

TEST_CASE("lines: one over the limit is reported once and skipped whole, and reading goes on") {
  CHECK(lines_of("ok\n" + std::string(50, 'x') + "\nnext\n", 20) == std::vector<std::string>{"ok", "<oversize>", "next"});
}

TEST_CASE("lines: a handler that answers false stops the reading") {
  CHECK(lines_of("1\n2\n3\n", 100, 2) == std::vector<std::string>{"1", "2"});
}

TEST_CASE("lines: a writer sends each line whole with its newline") {
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  {
    FdLineWriter out(fds[1]);
    out.write(R"({"a":1})");
    out.write("second");
  }
  ::close(fds[1]);
  char buf[64];
  const ssize_t n = ::read(fds[0], buf, sizeof buf);
  ::close(fds[0]);
  CHECK(std::string(buf, static_cast<std::size_t>(n)) == "{\"a\":1}\nsecond\n");
}

TEST_CASE("percent: decoding refuses a broken escape, and encoding keeps paths readable") {
  std::string out;
  CHECK(percent_decode("src/a%20b%2Fc.py", out));
  CHECK(out == "src/a b/c.py");
  CHECK_FALSE(percent_decode("bad%2", out));
  CHECK_FALSE(percent_decode("bad%zz", out));
  CHECK(percent_encode_path("/repo/a b/ü.py") == "/repo/a%20b/%C3%BC.py");
  CHECK(percent_encode_path("/x/a-b_c.d~e") == "/x/a-b_c.d~e");
}
