// tokenizer/pretokenizer.cpp -- see pretokenizer.hpp.
#define PCRE2_CODE_UNIT_WIDTH 8
#include "tokenizer/pretokenizer.hpp"

#include <acdc/sdk/error.hpp>

#include <pcre2.h>

#include <memory>
#include <string>

namespace acdc::llm {
namespace {

// cl100k_base's pat_str, verbatim from tiktoken's encoder definition.
constexpr std::string_view kPattern =
    R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)";

}  // namespace

struct Pretokenizer::Impl {
  pcre2_code* code = nullptr;
};

Pretokenizer::Pretokenizer() : impl_(std::make_unique<Impl>()) {
  int error = 0;
  PCRE2_SIZE offset = 0;
  impl_->code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(kPattern.data()), kPattern.size(),
                              PCRE2_UTF | PCRE2_UCP | PCRE2_MATCH_INVALID_UTF, &error, &offset,
                              nullptr);
  if (!impl_->code)
    throw Error(ACDC_E_INTERNAL, "PCRE2 rejected the cl100k pattern (error " +
                                     std::to_string(error) + ")");
  pcre2_jit_compile(impl_->code, PCRE2_JIT_COMPLETE);  // falls back to the interpreter
}

Pretokenizer::~Pretokenizer() {
  pcre2_code_free(impl_->code);
}

void Pretokenizer::for_each(std::string_view text,
                            const std::function<void(std::string_view)>& on_piece) const {
  std::unique_ptr<pcre2_match_data, void (*)(pcre2_match_data*)> match(
      pcre2_match_data_create_from_pattern(impl_->code, nullptr), pcre2_match_data_free);
  auto subject = reinterpret_cast<PCRE2_SPTR>(text.data());
  std::size_t pos = 0;
  while (pos < text.size()) {
    int rc = pcre2_match(impl_->code, subject, text.size(), pos, 0, match.get(), nullptr);
    if (rc < 0) {  // only invalid bytes remain
      on_piece(text.substr(pos));
      return;
    }
    PCRE2_SIZE* ovector = pcre2_get_ovector_pointer(match.get());
    if (ovector[0] > pos) on_piece(text.substr(pos, ovector[0] - pos));  // invalid UTF-8 gap
    if (ovector[1] == ovector[0]) {  // the pattern cannot match empty; stay safe anyway
      pos = ovector[0] + 1;
      continue;
    }
    on_piece(text.substr(ovector[0], ovector[1] - ovector[0]));
    pos = ovector[1];
  }
}

}  // namespace acdc::llm
