// fuzz/symbol_extract_fuzz.cpp -- any source text, in every language the
// symbol-index plugin reads, through tree-sitter and its extractors
// (plugins/symbol-index/src/extract): no crash, and no file takes more than
// a second of CPU time (a pathological file must not stall indexing; CPU,
// not wall-clock, time, so a busy machine does not fail the run).
//
// Each input is read as each of the six languages: a file of one language
// mutated into another's syntax is the broken code an editor holds
// mid-typing. The seeds are the symbol-index tests' own fixture projects
// (tests/fixtures/symbols, read recursively), not copies of them.
#include "extract/source_parser.hpp"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using acdc::symbols::Language;
  static constexpr Language kLanguages[] = {Language::python, Language::javascript, Language::typescript,
                                            Language::tsx, Language::c, Language::cpp};
  static constexpr const char* kPaths[] = {"a.py", "a.js", "a.ts", "a.tsx", "a.c", "a.cpp"};
  const std::string_view source(reinterpret_cast<const char*>(data), size);
  // The parser gives up after 5 s (the product's is 10 s); the check below
  // fails any file that takes a fifth of that in CPU time.
  static acdc::symbols::SourceParser parser(std::chrono::seconds(5));
  for (size_t i = 0; i < std::size(kLanguages); ++i) {
    const std::clock_t start = std::clock();
    parser.extract(kLanguages[i], kPaths[i], source);
    const double seconds = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
    if (seconds > 1.0) {
      std::fprintf(stderr, "%s: %.2f s of CPU for %zu bytes\n", kPaths[i], seconds, source.size());
      std::abort();
    }
  }
  return 0;
}
