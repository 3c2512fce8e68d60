// The disk cache (<repo>/.acdc/symbol-index.bin): a restart on an unchanged
// tree reads it instead of parsing; a corrupt or foreign cache is discarded
// with the reason, and the index is built afresh.
#include "cache/binary_codec.hpp"
#include "cache/index_cache.hpp"
#include "symbol_test_support.hpp"

#include <catch2/catch.hpp>
#include <xxhash.h>

#include <fstream>

using namespace acdc::symbols;
using namespace acdc::symbols::test;

namespace {

std::string build_and_save(const std::filesystem::path& tree, const std::filesystem::path& cache) {
  auto index = index_tree(tree);
  index->save_cache(cache);
  return index->map_text();
}

}  // namespace

TEST_CASE("a restart on an unchanged tree takes every file from the cache", "[cache]") {
  acdc::test::TempDir cache_dir;
  auto cache = cache_dir.path() / "symbol-index.bin";
  std::string map = build_and_save(fixture("typescript"), cache);
  RepoIndex again(fixture("typescript"), {.threads = 2});
  CHECK(again.load_cache(cache).empty());
  UpdateStats s = update_tree(again);
  CHECK(s.parsed == 0);
  CHECK(s.from_cache == 4);
  CHECK_FALSE(s.cache_stale);  // nothing to write back: the start leaves the file alone
  CHECK(again.map_text() == map);
}

TEST_CASE("a file changed while acdc was not running is parsed, the rest come from the cache", "[cache]") {
  acdc::test::TempDir tree, cache_dir;
  copy_tree(fixture("python"), tree.path());
  auto cache = cache_dir.path() / "symbol-index.bin";
  build_and_save(tree.path(), cache);
  acdc::test::write_file(tree.path() / "app.py", "def main():\n    return 1\n");
  RepoIndex again(tree.path(), {.threads = 2});
  again.load_cache(cache);
  UpdateStats s = update_tree(again);
  CHECK(s.parsed == 1);
  CHECK(s.from_cache == 5);
  CHECK(s.cache_stale);
  CHECK(again.map_text() == index_tree(tree.path())->map_text());
}

TEST_CASE("a corrupt cache is discarded with its reason", "[cache]") {
  acdc::test::TempDir cache_dir;
  auto cache = cache_dir.path() / "symbol-index.bin";
  std::string map = build_and_save(fixture("c"), cache);
  std::string bytes = acdc::test::read_file(cache);
  bytes[bytes.size() / 2] ^= 0x5a;
  acdc::test::write_file(cache, bytes);
  RepoIndex again(fixture("c"), {.threads = 2});
  CHECK(again.load_cache(cache).find("checksum") != std::string::npos);
  UpdateStats s = update_tree(again);
  CHECK(s.parsed == 3);
  CHECK(again.map_text() == map);

  acdc::test::write_file(cache, "not a cache at all");
  CHECK(again.load_cache(cache) == "it is not a symbol cache");
  acdc::test::write_file(cache, bytes.substr(0, 12));
  CHECK_FALSE(again.load_cache(cache).empty());
}

TEST_CASE("a cache from another version (format or grammars) is discarded", "[cache]") {
  acdc::test::TempDir cache_dir;
  auto cache = cache_dir.path() / "symbol-index.bin";
  // The layout of save_cache: magic, version string (length-prefixed), the
  // records, and a checksum of everything before it.
  std::string body = std::string("ACDCSYMX") + char(9) + "0;old-one" + char(0);
  std::uint64_t sum = XXH3_64bits(body.data(), body.size());
  acdc::test::write_file(cache, body + std::string(reinterpret_cast<const char*>(&sum), 8));
  RepoIndex index(fixture("c"), {.threads = 1});
  std::string why = index.load_cache(cache);
  CHECK(why.find("written by another version (0;old-one") != std::string::npos);
  CHECK(why.find(cache_version()) != std::string::npos);
}

TEST_CASE("a cache whose checksum holds but whose symbols do not unpack is discarded whole", "[cache]") {
  acdc::test::TempDir cache_dir;
  auto cache = cache_dir.path() / "symbol-index.bin";
  Writer w;
  w.bytes().append("ACDCSYMX", 8);
  w.s(cache_version());
  w.u(1);
  w.s("a.c");
  w.u(static_cast<unsigned>(Language::c));
  w.u(1), w.u(2), w.u(3), w.u(4), w.u(0);  // stamp, hash, no syntax errors
  w.s(std::string("\x01\x05", 2));        // one import, its module name running past the end
  write_framed(cache, w.bytes());
  RepoIndex index(fixture("c"), {.threads = 1});
  CHECK(index.load_cache(cache) == "a string runs past the end");
  CHECK(update_tree(index).parsed == 3);
}

TEST_CASE("no cache yet is not an error", "[cache]") {
  RepoIndex index(fixture("c"), {.threads = 1});
  CHECK(index.load_cache("/nonexistent/symbol-index.bin").empty());
}
