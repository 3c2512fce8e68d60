// fuzz/edit_parser_fuzz.cpp -- an LLM answer into the streaming edit-block
// parser (plugins/llm/src/edit/edit_parser.cpp, acdc-features.md §4.3).
//
// The answer arrives in chunks of any size while it streams: parsing it in
// the pieces the first byte seeds must give the same blocks as parsing it
// whole, and every block names a path the path predicate accepts.
#include "edit/edit_parser.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

using acdc::llm::EditBlock;
using acdc::llm::EditParser;

namespace {

bool same(const EditBlock& a, const EditBlock& b) {
  return a.file_path == b.file_path && a.old_text == b.old_text && a.new_text == b.new_text &&
         a.is_create == b.is_create && a.completed == b.completed;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  auto whole = EditParser::parse(text);

  EditParser parser;
  uint32_t state = data[0];
  for (std::string_view rest = text; !rest.empty();) {
    state = state * 1103515245u + 12345u;
    size_t n = std::min<size_t>(rest.size(), (state >> 16) % 23);  // empty chunks too
    parser.feed(rest.substr(0, n));
    rest.remove_prefix(n);
  }
  auto pieces = parser.finish();

  if (whole.size() != pieces.size()) {
    std::fprintf(stderr, "%zu blocks whole, %zu in pieces\n", whole.size(), pieces.size());
    std::abort();
  }
  for (size_t i = 0; i < whole.size(); ++i) {
    if (!same(whole[i], pieces[i])) {
      std::fprintf(stderr, "block %zu differs when the answer arrives in pieces\n", i);
      std::abort();
    }
    if (!EditParser::is_file_path(whole[i].file_path)) {
      std::fprintf(stderr, "block %zu names '%s', which is no file path\n", i, whole[i].file_path.c_str());
      std::abort();
    }
  }
  return 0;
}
