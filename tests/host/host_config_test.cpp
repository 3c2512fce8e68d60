// acdc.yaml as the host reads it: a mistake names the file, the line, the
// key, the value given and what is allowed (issue 27).
#include <acdc/host/host_config.hpp>

#include <catch2/catch.hpp>

using acdc::config::ConfigError;
using acdc::config::parse_host_config;

TEST_CASE("acdc.yaml: a wrong type or out-of-range value names the key, the value and the range") {
  const std::filesystem::path file = "/home/u/.config/acdc/acdc.yaml";
  CHECK_THROWS_WITH(parse_host_config("port: 99999\n", file),
                    "/home/u/.config/acdc/acdc.yaml:1: 'port' is '99999': it must be between 0 and 65535");
  CHECK_THROWS_WITH(parse_host_config("bind: 127.0.0.1\nport: http\n", file),
                    "/home/u/.config/acdc/acdc.yaml:2: 'port' is 'http': it must be a whole number");
  CHECK_THROWS_WITH(parse_host_config("ws_keepalive_ms: 0\n", file),
                    Catch::EndsWith("'ws_keepalive_ms' is '0': it must be between 1 and 2147483647"));
  CHECK_THROWS_WITH(parse_host_config("client_call_timeout_ms: [1]\n", file),
                    Catch::EndsWith("'client_call_timeout_ms' is a list: it must be a whole number"));
  CHECK_THROWS_WITH(parse_host_config("dev:\n  watch: sometimes\n", file),
                    Catch::EndsWith(":2: 'dev.watch' is 'sometimes': it must be true or false"));
  CHECK_THROWS_WITH(parse_host_config("prot: 8080\n", file), Catch::Contains("unknown key 'prot' (known: port,"));
  CHECK(parse_host_config("port: 0\nws_keepalive_ms: 500\n", file).ws_keepalive_ms == 500);
}
