// acdc::KeepLoaded against a stand-in host API: one hold, released exactly
// once whatever moves happen, and a quiet no-op on a 1.0 host.
#include <acdc/sdk/keep_loaded.hpp>

#include <catch2/catch.hpp>

#include <cstddef>
#include <utility>

namespace {

int g_holds = 0;
int g_releases = 0;
acdc_hold* const kHandle = reinterpret_cast<acdc_hold*>(0x1);
bool g_refuse = false;

acdc_host_api fake_api() {
  acdc_host_api api{};
  api.struct_size = sizeof api;
  api.hold = [](acdc_plugin*) -> acdc_hold* {
    if (g_refuse) return nullptr;
    ++g_holds;
    return kHandle;
  };
  api.release = [](acdc_hold* h) {
    CHECK(h == kHandle);
    ++g_releases;
  };
  return api;
}

void reset_counts() {
  g_holds = g_releases = 0;
  g_refuse = false;
}

}  // namespace

TEST_CASE("KeepLoaded holds once and releases once, through moves and reset") {
  reset_counts();
  acdc_host_api api = fake_api();
  acdc::Host host(&api, nullptr);
  {
    acdc::KeepLoaded a(host);
    CHECK(a);
    acdc::KeepLoaded b(std::move(a));
    CHECK_FALSE(a);
    CHECK(b);
    acdc::KeepLoaded c;
    c = std::move(b);
    CHECK(g_releases == 0);
    c.reset();
    CHECK(g_releases == 1);
    c.reset();
    CHECK(g_releases == 1);
  }
  CHECK(g_holds == 1);
  CHECK(g_releases == 1);
}

TEST_CASE("KeepLoaded moved onto a live handle releases the one it replaces") {
  reset_counts();
  acdc_host_api api = fake_api();
  acdc::Host host(&api, nullptr);
  {
    acdc::KeepLoaded a(host), b(host);
    a = std::move(b);
    CHECK(g_releases == 1);
  }
  CHECK(g_holds == 2);
  CHECK(g_releases == 2);
}

TEST_CASE("KeepLoaded is empty on a 1.0 host and when the host refuses a hold") {
  reset_counts();
  acdc_host_api api = fake_api();
  api.struct_size = offsetof(acdc_host_api, hold);  // what a 1.0 host hands out
  {
    acdc::KeepLoaded old_host(acdc::Host(&api, nullptr));
    CHECK_FALSE(old_host);
  }
  api = fake_api();
  g_refuse = true;  // shutting down
  {
    acdc::KeepLoaded refused(acdc::Host(&api, nullptr));
    CHECK_FALSE(refused);
  }
  CHECK(g_holds == 0);
  CHECK(g_releases == 0);
}
