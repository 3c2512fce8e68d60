// The doc index (§7.4): markdown outlines with nesting, sizes, content tags
// and links to docs and code, rendered as the outline map, kept up to date
// by stat stamp and cached on disk.
#include "docs/doc_index.hpp"
#include "docs/doc_outline.hpp"
#include "support/temp_dir.hpp"

#include <catch2/catch.hpp>

using namespace acdc::symbols;
using acdc::test::TempDir;
using acdc::test::write_file;

namespace {

const char* kGuide =
    "# Guide\n"
    "Read [the setup](other.md#set-up-the-tools) first, then [main](../src/main.cpp).\n"
    "\n"
    "## Install\n"
    "```sh\n"
    "# not a heading\n"
    "make\n"
    "```\n"
    "## Options ##\n"
    "| name | meaning |\n"
    "| --- | --- |\n"
    "| a | b |\n"
    "See [the web](https://example.com) and [below](#install).\n"
    "# Appendix\n"
    "done\n";

}  // namespace

TEST_CASE("headings keep their level, their section's size and what the section holds", "[docs]") {
  DocOutline o = extract_outline("docs/guide.md", kGuide);
  REQUIRE(o.headings.size() == 4);
  CHECK(o.headings[0].text == "Guide");
  CHECK(o.headings[0].lines == 13);  // up to "# Appendix", past its two subsections
  CHECK(o.headings[1].level == 2);
  CHECK(o.headings[1].has_code);
  CHECK(o.headings[1].lines == 5);
  CHECK(o.headings[2].text == "Options");  // the closing ## is no part of the text
  CHECK(o.headings[2].has_table);
  CHECK(o.headings[3].lines == 2);
}

TEST_CASE("links resolve to repository paths, external ones and same-page anchors are left out", "[docs]") {
  DocOutline o = extract_outline("docs/guide.md", kGuide);
  CHECK(o.links == std::vector<std::string>{"docs/other.md#set-up-the-tools", "src/main.cpp"});
  CHECK(o.headings[0].links == o.links);
  CHECK(o.headings[2].links.empty());
  CHECK(resolve_link("README.md", "/docs/a.md") == "docs/a.md");
  CHECK(resolve_link("README.md", "../outside.md").empty());
  CHECK(resolve_link("README.md", "mailto:me@example.com").empty());
  CHECK(github_slug("Set up the tools!") == "set-up-the-tools");
}

TEST_CASE("the doc map shows the outline, links that exist and links coming in", "[docs]") {
  TempDir repo;
  write_file(repo.path() / "docs/guide.md", kGuide);
  write_file(repo.path() / "docs/other.md", "# Other\n## Set up the tools\nsee [guide](guide.md) and [gone](gone.md)\n");
  write_file(repo.path() / "src/main.cpp", "int main() {}\n");
  write_file(repo.path() / "README.md", "# Project\nStart with [the guide](docs/guide.md).\n");
  DocIndex docs(repo.path());
  CHECK(docs.update({"README.md", "docs/guide.md", "docs/other.md", "src/main.cpp"}) == 3);
  auto blocks = docs.blocks({});
  REQUIRE(blocks.size() == 3);
  CHECK(blocks[0].first == "README.md");
  CHECK(blocks[0].second == "README.md [readme]:\n  # Project ~2ln\n    →docs/guide.md\n  links: docs/guide.md\n");
  CHECK(blocks[1].second ==
        "docs/guide.md:\n"
        "  # Guide ~13ln ←2\n"
        "    →docs/other.md#set-up-the-tools\n"
        "    →src/main.cpp\n"
        "  ## Install [code] ~5ln\n"
        "  ## Options [table] ~5ln\n"
        "  # Appendix ~2ln\n"
        "  links: docs/other.md, src/main.cpp\n");
  // gone.md is not in the repository: no link to it is shown.
  CHECK(blocks[2].second == "docs/other.md:\n  # Other ~3ln\n  ## Set up the tools ~2ln ←1\n    →docs/guide.md\n  links: docs/guide.md\n");
  CHECK(docs.blocks({"README.md"}).size() == 2);
}

TEST_CASE("an unchanged document is not read again, a restart reads the cache", "[docs]") {
  TempDir repo, state;
  write_file(repo.path() / "a.md", "# A\n");
  write_file(repo.path() / "b.md", "# B\n");
  const std::vector<std::string> files{"a.md", "b.md"};
  auto cache = state.path() / "doc-index.bin";
  {
    DocIndex docs(repo.path());
    CHECK(docs.update(files) == 2);
    CHECK(docs.update(files) == 0);
    docs.save_cache(cache);
  }
  DocIndex again(repo.path());
  CHECK(again.load_cache(cache).empty());
  CHECK(again.update(files) == 0);
  CHECK(again.blocks({})[1].second == "b.md:\n  # B ~1ln\n");
  write_file(repo.path() / "b.md", "# B changed\n\nmore\n");
  again.update_docs({"b.md"});
  CHECK(again.blocks({})[1].second == "b.md:\n  # B changed ~3ln\n");
  std::filesystem::remove(repo.path() / "a.md");
  again.update_docs({"a.md"});
  CHECK(again.doc_count() == 1);
}

TEST_CASE("a corrupt doc cache is discarded with the reason", "[docs]") {
  TempDir repo, state;
  write_file(state.path() / "doc-index.bin", "ACDCDOCX not really a cache");
  DocIndex docs(repo.path());
  CHECK(docs.load_cache(state.path() / "doc-index.bin") == "its checksum does not match");
}
