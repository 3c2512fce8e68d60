// The stability tracker's rules (acdc-features.md §4.7, model A), one by one,
// with issue 26's gate: an item moves only on a turn that rewrites the
// prompt where it lands anyway.
#include "context/stability_tracker.hpp"

#include <catch2/catch.hpp>

using namespace acdc::llm;

namespace {

using Items = std::map<std::string, ItemState>;

const auto kAllExist = [](const std::string&) { return true; };

// `turns` updates with the same items.
void repeat(StabilityTracker& t, const Items& items, int turns) {
  for (int i = 0; i < turns; ++i) t.update(items, kAllExist);
}

// One update in which an active file changes ("file:churn.py", 100 tokens):
// the prompt is rewritten from the active part on, so ripe items may move
// into an empty L3.
void churn(StabilityTracker& t, Items& items) {
  static int version = 0;
  items["file:churn.py"] = {"churn" + std::to_string(++version), 100};
  t.update(items, kAllExist);
}

Items files(std::initializer_list<std::pair<const char*, std::size_t>> list, const std::string& version = "v1") {
  Items out;
  for (const auto& [path, tokens] : list) out[std::string("file:") + path] = {std::string(path) + version, tokens};
  return out;
}

}  // namespace

TEST_CASE("a new item ripens after three unchanged turns and graduates to L3 on a turn that rewrites it anyway") {
  StabilityTracker t(1000);
  Items items = files({{"a.py", 2000}});
  t.update(items, kAllExist);
  CHECK(t.tier_of("file:a.py") == Tier::active);
  CHECK(t.find("file:a.py")->n == 0);
  repeat(t, items, 5);
  // Ripe (n >= 3), but nothing before it changed: moving it would rewrite
  // a cached prefix for nothing, so it waits.
  CHECK(t.find("file:a.py")->n == 5);
  CHECK(t.tier_of("file:a.py") == Tier::active);
  CHECK(t.last_changes().empty());
  churn(t, items);
  CHECK(t.tier_of("file:a.py") == Tier::L3);
  CHECK(t.find("file:a.py")->n == 3);
  CHECK(t.tier_of("file:churn.py") == Tier::active);
  REQUIRE(t.last_changes().size() == 1);
  CHECK(t.last_changes()[0].from == Tier::active);
  CHECK(t.last_changes()[0].to == Tier::L3);
}

TEST_CASE("history appended to the conversation moves nothing") {
  StabilityTracker t(1000);
  Items items = files({{"a.py", 2000}});
  for (int turn = 0; turn < 8; ++turn) {
    items["history:" + std::to_string(2 * turn)] = {"q" + std::to_string(turn), 400};
    items["history:" + std::to_string(2 * turn + 1)] = {"a" + std::to_string(turn), 400};
    t.update(items, kAllExist);
    CHECK(t.last_changes().empty());
  }
  CHECK(t.tier_of("file:a.py") == Tier::active);
  CHECK(t.tier_of("history:0") == Tier::active);
}

TEST_CASE("a changed item drops to active with n 0, and its tier is broken") {
  StabilityTracker t(1000);
  Items items = files({{"a.py", 2000}, {"b.py", 2000}});
  repeat(t, items, 3);
  churn(t, items);
  REQUIRE(t.tier_of("file:a.py") == Tier::L3);
  items["file:a.py"].hash = "changed";
  t.update(items, kAllExist);
  CHECK(t.tier_of("file:a.py") == Tier::active);
  CHECK(t.find("file:a.py")->n == 0);
  CHECK(t.tier_of("file:b.py") == Tier::L3);  // b stays: L3 still holds enough to be cached
}

namespace {

// Tiers: P (3 files) in L1 and Q (3) in L2 by seeding; R (5) graduated
// into L3 and settled there; 400 tokens each.
StabilityTracker seeded_tiers(Items& items) {
  StabilityTracker t(1000);
  std::vector<std::string> p{"p1", "p2", "p3"}, q{"q1", "q2", "q3"}, r{"r1", "r2", "r3", "r4", "r5"};
  t.seed({}, {p, q});
  for (const auto* group : {&p, &q})
    for (const auto& path : *group) items["symbol:" + path] = {path, 400};
  for (const auto& path : r) items["file:" + path] = {path, 400};
  return t;
}

}  // namespace

TEST_CASE("promotion happens only into a tier rewritten anyway, and anchoring keeps the tier cached") {
  Items items;
  StabilityTracker t = seeded_tiers(items);
  REQUIRE(t.tier_of("symbol:p1") == Tier::L1);
  REQUIRE(t.tier_of("symbol:q1") == Tier::L2);
  repeat(t, items, 3);
  churn(t, items);  // R graduates on the 4th turn, which rewrote the active part
  REQUIRE(t.tier_of("file:r1") == Tier::L3);
  repeat(t, items, 4);
  // R is ripe (n >= 6), but L2 holds a cached prefix nothing broke: R stays.
  CHECK(t.find("file:r5")->n >= promote_n(Tier::L3));
  for (const char* r : {"file:r1", "file:r2", "file:r3", "file:r4", "file:r5"}) CHECK(t.tier_of(r) == Tier::L3);
  // An edit in L2 breaks it: one path opens, and R climbs -- all but the
  // least settled 1000 tokens (r1..r3 by key), which anchor L3.
  items["symbol:q1"].hash = "edited";
  t.update(items, kAllExist);
  CHECK(t.tier_of("symbol:q1") == Tier::active);
  CHECK(t.tier_of("file:r4") == Tier::L2);
  CHECK(t.tier_of("file:r5") == Tier::L2);
  CHECK(t.find("file:r5")->n == entry_n(Tier::L2));
  for (const char* r : {"file:r1", "file:r2", "file:r3"}) CHECK(t.tier_of(r) == Tier::L3);
  // L1 was not broken: Q's ripe items stay in L2.
  CHECK(t.tier_of("symbol:q2") == Tier::L2);
  CHECK(t.tier_of("symbol:p1") == Tier::L1);
}

TEST_CASE("a tier under the cache target that nothing changed is demoted one level when the prompt is rewritten above it") {
  StabilityTracker t(1000);
  Items items = files({{"tiny.py", 300}});
  items["system:prompt"] = {"s1", 2000};
  repeat(t, items, 3);
  churn(t, items);  // graduates into L3: broken this update, so it stays
  CHECK(t.tier_of("file:tiny.py") == Tier::L3);
  churn(t, items);  // under 1000 tokens, but only the active part is rewritten: it stays
  CHECK(t.tier_of("file:tiny.py") == Tier::L3);
  items["system:prompt"] = {"s2", 2000};
  t.update(items, kAllExist);  // the whole prompt is rewritten: back to active
  CHECK(t.tier_of("file:tiny.py") == Tier::active);
  CHECK(t.find("file:tiny.py")->n == 0);
}

TEST_CASE("deselected or deleted files leave, and their tier is broken") {
  StabilityTracker t(1000);
  Items items = files({{"a.py", 2000}, {"b.py", 2000}, {"gone.py", 2000}});
  repeat(t, items, 3);
  churn(t, items);
  REQUIRE(t.tier_of("file:a.py") == Tier::L3);
  items.erase("file:b.py");
  t.update(items, [](const std::string& path) { return path != "gone.py"; });
  CHECK(t.find("file:b.py") == nullptr);
  CHECK(t.find("file:gone.py") == nullptr);
  CHECK(t.tier_of("file:a.py") == Tier::L3);
}

TEST_CASE("history rides into L3 when L3 is rewritten, keeping the newest cache_target tokens active") {
  StabilityTracker t(1000);
  Items items = files({{"a.py", 2000}});
  t.update(items, kAllExist);
  for (int i = 0; i < 6; ++i) items["history:" + std::to_string(i)] = {"h" + std::to_string(i), 400};
  repeat(t, items, 2);
  for (int i = 0; i < 6; ++i) CHECK(t.tier_of("history:" + std::to_string(i)) == Tier::active);
  churn(t, items);  // a graduates: L3 is rewritten
  CHECK(t.tier_of("file:a.py") == Tier::L3);
  // Newest first: 5, 4, 3 make 1200 >= 1000 tokens kept verbatim; 0..2 join L3.
  for (int i : {0, 1, 2}) CHECK(t.tier_of("history:" + std::to_string(i)) == Tier::L3);
  for (int i : {3, 4, 5}) CHECK(t.tier_of("history:" + std::to_string(i)) == Tier::active);
}

TEST_CASE("purge_history removes every history item and opens its tier") {
  StabilityTracker t(1000);
  Items items = files({{"a.py", 300}});
  items["system:prompt"] = {"s1", 2000};
  t.update(items, kAllExist);
  for (int i = 0; i < 8; ++i) items["history:" + std::to_string(i)] = {"h" + std::to_string(i), 400};
  repeat(t, items, 2);
  churn(t, items);
  REQUIRE(t.tier_of("history:0") == Tier::L3);
  REQUIRE(t.tier_of("file:a.py") == Tier::L3);
  t.purge_history();
  CHECK(t.find("history:0") == nullptr);
  CHECK(t.find("file:a.py") != nullptr);
  // L3 is left with 300 tokens, too few for a marker. The purge broke it, so
  // the next update counts it as rewritten and keeps a.py there; on the
  // next turn that rewrites the prompt above it, it is found unchanged and
  // too small, and a.py joins active.
  Items left = files({{"a.py", 300}});
  left["system:prompt"] = {"s1", 2000};
  t.update(left, kAllExist);
  CHECK(t.tier_of("file:a.py") == Tier::L3);
  left["system:prompt"] = {"s2", 2000};
  t.update(left, kAllExist);
  CHECK(t.tier_of("file:a.py") == Tier::active);
}

TEST_CASE("seeding puts the most referenced files in L0 and spreads the connected groups over L1 and L2") {
  StabilityTracker t(1000);
  t.seed({"core.py", "util.py", "models.py", "rare.py"}, {{"a.py", "b.py", "c.py"}, {"d.py", "e.py"}, {"f.py"}});
  // 400-token placeholders: three reach the target of 1000.
  CHECK(t.tier_of("symbol:core.py") == Tier::L0);
  CHECK(t.tier_of("symbol:util.py") == Tier::L0);
  CHECK(t.tier_of("symbol:models.py") == Tier::L0);
  CHECK(t.tier_of("symbol:rare.py") == Tier::active);
  CHECK(t.tier_of("symbol:a.py") == Tier::L1);
  CHECK(t.tier_of("symbol:c.py") == Tier::L1);
  CHECK(t.tier_of("symbol:d.py") == Tier::L2);
  CHECK(t.tier_of("symbol:f.py") == Tier::L2);  // L2 (800) was lighter than L1 (1200); L3 is left for graduation
  // A placeholder takes its first real hash without being demoted.
  t.update({{"symbol:core.py", {"real", 500}}, {"symbol:a.py", {"real-a", 1200}}}, kAllExist);
  CHECK(t.tier_of("symbol:core.py") == Tier::L0);
  CHECK(t.tier_of("symbol:a.py") == Tier::L1);
}

TEST_CASE("the system prompt sits in L0 whatever happens to it") {
  StabilityTracker t(1000);
  t.update({{"system:prompt", {"s1", 3000}}}, kAllExist);
  CHECK(t.tier_of("system:prompt") == Tier::L0);
  t.update({{"system:prompt", {"s2", 3000}}}, kAllExist);
  CHECK(t.tier_of("system:prompt") == Tier::L0);
}
