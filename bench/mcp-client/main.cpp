// bench/mcp-client: a tool call to a stdio MCP server and back, through
// acdc's MCP client (the session and stdio transport the mcp-client plugin
// uses) against the official TypeScript SDK's client (sdk_client.mjs)
// calling the same server the same way, in one run, rounds interleaved so
// the machine's noise falls on both. The server is server-everything from
// npm; the tool is echo (the server's own work is a few microseconds, so
// what is measured is the client, the pipe and the server's JSON-RPC).
//
//   build/acdc-bench-mcp-client [--rounds 5] [--calls 200] [--source .]
//
// Prints, per client, the median and p90 of every call of every round and
// the connect time (spawn, handshake, tools/list); then acdc's ratio.
#include "config/server_config.hpp"
#include "session/mcp_session.hpp"
#include "transport/stdio_transport.hpp"

#include <acdc/sdk/json.hpp>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

using namespace acdc::mcp_client;
using Clock = std::chrono::steady_clock;

namespace {

double ms_since(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

double quantile(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[static_cast<size_t>(q * static_cast<double>(v.size() - 1))];
}

struct Round {
  double connect_ms = 0;
  std::vector<double> calls_ms;
};

Round acdc_round(const ServerConfig& server, int calls, const std::string& args) {
  Round r;
  const auto t0 = Clock::now();
  auto session = std::make_shared<McpSession>(std::filesystem::current_path(), McpSession::Hooks{});
  session->attach(StdioTransport::start(server, session->events(), 16u << 20));
  if (auto why = session->open(std::chrono::seconds(30)); !why.empty()) throw std::runtime_error(why);
  if (!session->list_tools(std::chrono::seconds(30)).ok) throw std::runtime_error("tools/list failed");
  r.connect_ms = ms_since(t0);
  for (int i = 0; i < calls; ++i) {
    const auto s = Clock::now();
    auto reply = session->call_tool("echo", args, std::chrono::seconds(30), {});
    r.calls_ms.push_back(ms_since(s));
    if (!reply.ok) throw std::runtime_error("echo failed: " + reply.message);
  }
  session->close();
  return r;
}

Round sdk_round(const std::string& source, const ServerConfig& server, int calls, const std::string& args) {
  std::string command = "node '" + source + "/bench/mcp-client/sdk_client.mjs' " + std::to_string(calls) + " echo '" +
                        args + "' -- " + server.command;
  for (const auto& a : server.args) command += " '" + a + "'";
  FILE* pipe = popen(command.c_str(), "r");
  std::string out;
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, pipe)) > 0;) out.append(buf, n);
  if (pclose(pipe) != 0) throw std::runtime_error("the SDK client failed: " + out);
  acdc::Json doc;
  doc.Parse(out.c_str());
  Round r;
  r.connect_ms = doc["connect_ms"].GetDouble();
  for (const auto& t : doc["calls_ms"].GetArray()) r.calls_ms.push_back(t.GetDouble());
  return r;
}

void report(const char* who, const std::vector<Round>& rounds) {
  std::vector<double> calls, connects;
  for (const auto& r : rounds) {
    calls.insert(calls.end(), r.calls_ms.begin(), r.calls_ms.end());
    connects.push_back(r.connect_ms);
  }
  std::printf("| %-22s | %8.3f | %8.3f | %9.1f |\n", who, quantile(calls, 0.5), quantile(calls, 0.9), quantile(connects, 0.5));
}

}  // namespace

int main(int argc, char** argv) {
  std::signal(SIGPIPE, SIG_IGN);  // as acdc does (app/src/app.cpp): a server gone is read as EOF
  int rounds = 5, calls = 200;
  std::string source = ".";
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--rounds") rounds = std::stoi(argv[i + 1]);
    else if (flag == "--calls") calls = std::stoi(argv[i + 1]);
    else if (flag == "--source") source = argv[i + 1];
  }
  source = std::filesystem::absolute(source).string();
  ServerConfig server{.name = "everything", .command = "node",
                      .args = {source + "/node_modules/@modelcontextprotocol/server-everything/dist/index.js", "stdio"},
                      .cwd = std::filesystem::current_path().string()};
  const std::string args = R"({"message":"a message of about sixty bytes, to be echoed back"})";
  std::vector<Round> ours, theirs;
  try {
    for (int r = 0; r < rounds; ++r) {
      std::cerr << "round " << r + 1 << " of " << rounds << "\n";
      // Alternate who goes first, so neither always meets a warmer machine.
      if (r % 2 == 0) ours.push_back(acdc_round(server, calls, args)), theirs.push_back(sdk_round(source, server, calls, args));
      else theirs.push_back(sdk_round(source, server, calls, args)), ours.push_back(acdc_round(server, calls, args));
    }
  } catch (const std::exception& e) {
    std::cerr << "bench failed: " << e.what() << "\n";
    return 1;
  }
  std::printf("| client (%d rounds x %d calls) | call p50 ms | call p90 ms | connect p50 ms |\n|---|---|---|---|\n", rounds, calls);
  report("acdc (mcp-client)", ours);
  report("TypeScript SDK client", theirs);
  std::vector<double> a, b;
  for (const auto& r : ours) a.insert(a.end(), r.calls_ms.begin(), r.calls_ms.end());
  for (const auto& r : theirs) b.insert(b.end(), r.calls_ms.begin(), r.calls_ms.end());
  std::printf("\nacdc's call p50 is %.2fx the SDK client's (below 1: faster)\n", quantile(a, 0.5) / quantile(b, 0.5));
  return 0;
}
