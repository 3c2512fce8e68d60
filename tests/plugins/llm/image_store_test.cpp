// The image store: names from the data URI's SHA-256, one extension per
// MIME type, idempotent writes, round trips, missing files, bad input.
#include "history/image_store.hpp"
#include "support/temp_dir.hpp"

#include <acdc/sdk/error.hpp>

#include <catch2/catch.hpp>

#include <fstream>

using namespace acdc::llm;
using acdc::test::TempDir;

namespace {

// A 1x1 transparent PNG.
const std::string kPng =
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

std::string read_bytes(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

}  // namespace

TEST_CASE("an image is named by the first 12 hex digits of the data URI's SHA-256 plus its extension") {
  // sha256 of kPng, computed independently with `printf %s "$uri" | sha256sum`.
  CHECK(ImageStore::file_name(kPng) == "624fc0a006e3.png");
  const std::string payload = ";base64,aGk=";
  for (auto [mime, ext] : {std::pair{"image/png", ".png"}, {"image/jpeg", ".jpg"}, {"image/gif", ".gif"},
                           {"image/webp", ".webp"}, {"image/bmp", ".bmp"}, {"image/tiff", ".png"}, {"", ".png"}}) {
    std::string name = ImageStore::file_name("data:" + std::string(mime) + payload);
    CHECK(name.size() == 12 + std::string(ext).size());
    CHECK(name.ends_with(ext));
  }
}

TEST_CASE("a saved image is the decoded file and loads back as the same data URI") {
  TempDir dir;
  ImageStore store(dir.path() / "images");
  std::string name = store.save(kPng);
  auto file = dir.path() / "images" / name;
  REQUIRE(std::filesystem::exists(file));
  CHECK(read_bytes(file).starts_with("\x89PNG"));
  CHECK(store.load(name) == kPng);
  std::string jpeg = "data:image/jpeg;base64,/9j/4AAQSkZJRg==";
  CHECK(store.load(store.save(jpeg)) == jpeg);
  CHECK(std::distance(std::filesystem::directory_iterator(dir.path() / "images"), {}) == 2);  // no temp files left
}

TEST_CASE("saving is idempotent: an existing file is not rewritten") {
  TempDir dir;
  ImageStore store(dir.path());
  std::string name = store.save(kPng);
  auto stamp = std::filesystem::last_write_time(dir.path() / name) - std::chrono::hours(1);
  std::filesystem::last_write_time(dir.path() / name, stamp);
  CHECK(store.save(kPng) == name);
  CHECK(std::filesystem::last_write_time(dir.path() / name) == stamp);
}

TEST_CASE("missing files, names that are not plain image names, and types the models refuse are skipped on load") {
  TempDir dir;
  ImageStore store(dir.path() / "images");
  std::string name = store.save(kPng);
  acdc::test::write_file(dir.path() / "secret.png", "x");
  CHECK_FALSE(store.load("000000000000.png"));
  CHECK_FALSE(store.load("../secret.png"));
  CHECK_FALSE(store.load(""));
  CHECK(store.load_all({"000000000000.png", name, "../secret.png"}) == std::vector<std::string>{kPng});
  // What older versions stored of types the models refuse is not sent again.
  acdc::test::write_file(dir.path() / "images" / "0123456789ab.png", "<svg xmlns='http://www.w3.org/2000/svg'/>");
  acdc::test::write_file(dir.path() / "images" / "0123456789ac.bmp", "BM\x3a\0\0\0");
  CHECK_FALSE(store.load("0123456789ab.png"));
  CHECK_FALSE(store.load("0123456789ac.bmp"));
}

TEST_CASE("bad images are refused with the reason, good ones beside them are kept") {
  TempDir dir;
  ImageStore store(dir.path());
  CHECK_THROWS_WITH(store.save("https://example.com/a.png"), Catch::Contains("is not a data: URI"));
  CHECK_THROWS_WITH(store.save("data:image/png,rawtext"), Catch::Contains("no ';base64,'"));
  CHECK_THROWS_WITH(store.save("data:image/png;base64,@@@@"), Catch::Contains("invalid base64"));
  CHECK_THROWS_WITH(store.save("data:image/png;base64,abc"), Catch::Contains("invalid base64"));
  CHECK_THROWS_AS(store.save("data:image/png;base64,"), acdc::Error);
  CHECK_THROWS_WITH(store.save("data:image/svg+xml;base64,PHN2Zy8+"),
                    Catch::Contains("is image/svg+xml, which the models do not take") && Catch::Contains("PNG, JPEG, GIF or WebP"));
  SavedImages saved = store.save_all({"not an image", kPng});
  CHECK(saved.uris == std::vector<std::string>{kPng});
  CHECK(saved.names == std::vector<std::string>{"624fc0a006e3.png"});
  REQUIRE(saved.refused.size() == 1);
  CHECK_THAT(saved.refused[0], Catch::StartsWith("image 1 refused: image 'not an image' is not a data: URI"));
}
