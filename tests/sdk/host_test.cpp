// acdc::Host against a stand-in host API: what a plugin's callbacks do when
// they fail after the method that set them up has returned.
#include <acdc/sdk/host.hpp>

#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>
#include <vector>

namespace {

std::vector<std::string> g_log;
acdc_reply_fn g_reply = nullptr;
void* g_reply_user = nullptr;
acdc_task_fn g_task = nullptr;
void* g_task_user = nullptr;
bool g_refuse_posts = false;

acdc_host_api fake_api() {
  acdc_host_api api{};
  api.struct_size = sizeof api;
  api.log = [](acdc_plugin*, int, acdc_str m) { g_log.emplace_back(m.ptr, m.len); };
  api.call_plugin = [](acdc_plugin*, const acdc_call*, acdc_str, acdc_str, acdc_reply_fn reply, void* user) {
    g_reply = reply;
    g_reply_user = user;
  };
  api.post = [](acdc_plugin*, uint32_t, acdc_task_fn task, void* user) -> acdc_status {
    if (g_refuse_posts) return ACDC_E_UNAVAILABLE;
    g_task = task;
    g_task_user = user;
    return ACDC_OK;
  };
  return api;
}

}  // namespace

TEST_CASE("a reply handler that throws is logged with the method it answered, not lost") {
  g_log.clear();
  acdc_host_api api = fake_api();
  acdc::Host host(&api, nullptr);
  host.call("Repo.get_file_content", "[\"a.py\"]", [](acdc::Result) { throw std::runtime_error("no such key"); });
  REQUIRE(g_reply);
  g_reply(g_reply_user, ACDC_OK, ACDC_STR_LIT("\"text\""));
  REQUIRE(g_log.size() == 1);
  CHECK(g_log[0] == "the reply handler of Repo.get_file_content threw: no such key");
}

TEST_CASE("a posted task that throws is logged, and a post refused at shutdown says so") {
  g_log.clear();
  acdc_host_api api = fake_api();
  acdc::Host host(&api, nullptr);
  CHECK(host.post([] { throw 42; }));
  REQUIRE(g_task);
  g_task(g_task_user);
  REQUIRE(g_log.size() == 1);
  CHECK(g_log[0] == "a posted task threw: a non-standard exception");
  g_refuse_posts = true;
  CHECK_FALSE(host.post([] {}));
  g_refuse_posts = false;
  REQUIRE(g_log.size() == 2);
  CHECK(g_log[1] == "a task was dropped: the host is shutting down");
}
