#include "rank/terms.hpp"

#include <algorithm>
#include <array>
#include <cctype>

namespace acdc::symbols {
namespace {

bool is_word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool is_upper(char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; }
bool is_lower(char c) { return std::islower(static_cast<unsigned char>(c)) != 0; }
bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

// Words that say what to do, not where: they match every file equally
// badly and only add noise to the score. Sorted, for binary search.
constexpr std::array<std::string_view, 72> kStopWords{
    "a",     "add",   "added", "adds",   "after", "all",   "also",  "an",    "and",  "any",   "are",   "as",
    "at",    "be",    "been",  "before", "but",   "by",    "can",   "do",    "does", "each",  "else",  "file",
    "files", "fix",   "fixed", "fixes",  "for",   "from",  "has",   "have",  "how",  "if",    "in",    "into",
    "is",    "it",    "its",   "make",   "more",  "no",    "not",   "now",   "of",   "on",    "one",   "only",
    "or",    "our",   "out",   "so",     "than",  "that",  "the",   "their", "them", "then",  "there", "these",
    "this",  "to",    "use",   "was",    "we",    "what",  "when",  "which", "with", "would", "you",   "your"};

bool is_stop_word(std::string_view w) { return std::binary_search(kStopWords.begin(), kStopWords.end(), w); }

void push_subword(std::string_view part, std::vector<std::string>& out) {
  if (part.size() < 2) return;
  if (std::all_of(part.begin(), part.end(), is_digit)) return;
  out.push_back(to_lower(part));
}

// Splits one run of letters and digits at camelCase humps: "HTTPServer2Go"
// -> HTTP, Server2, Go.
void split_humps(std::string_view run, std::vector<std::string>& out) {
  std::size_t start = 0;
  for (std::size_t i = 1; i < run.size(); ++i) {
    bool hump = is_upper(run[i]) && (is_lower(run[i - 1]) || (i + 1 < run.size() && is_lower(run[i + 1]) && is_upper(run[i - 1])));
    if (!hump) continue;
    push_subword(run.substr(start, i - start), out);
    start = i;
  }
  push_subword(run.substr(start), out);
}

bool has_extension(std::string_view w) {
  auto dot = w.rfind('.');
  if (dot == std::string_view::npos || dot == 0 || dot + 1 >= w.size() || w.size() - dot > 5) return false;
  return std::all_of(w.begin() + static_cast<long>(dot) + 1, w.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)); }) &&
         !std::all_of(w.begin() + static_cast<long>(dot) + 1, w.end(), is_digit);
}

bool looks_like_code(std::string_view w) {
  if (w.find('_') != std::string_view::npos || w.find('/') != std::string_view::npos ||
      w.find("::") != std::string_view::npos || has_extension(w))
    return true;
  for (std::size_t i = 1; i < w.size(); ++i)
    if (is_upper(w[i]) && is_lower(w[i - 1])) return true;
  return false;
}

}  // namespace

std::string to_lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string_view base_name(std::string_view path) {
  const auto slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

std::vector<std::string> split_subwords(std::string_view text) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && !std::isalnum(static_cast<unsigned char>(text[i]))) ++i;
    std::size_t start = i;
    while (i < text.size() && std::isalnum(static_cast<unsigned char>(text[i]))) ++i;
    if (i > start) split_humps(text.substr(start, i - start), out);
  }
  return out;
}

std::vector<Word> message_words(std::string_view text) {
  std::vector<Word> out;
  std::size_t i = 0;
  auto keeps = [](char c) { return is_word_char(c) || c == '/' || c == '.' || c == ':' || c == '-'; };
  while (i < text.size()) {
    while (i < text.size() && !keeps(text[i])) ++i;
    std::size_t start = i;
    while (i < text.size() && keeps(text[i])) ++i;
    std::string_view w = text.substr(start, i - start);
    // Prose punctuation around a word: "see io.cpp." or "(chat_turn):".
    while (!w.empty() && (w.front() == '.' || w.front() == ':' || w.front() == '-' || w.front() == '/')) w.remove_prefix(1);
    while (!w.empty() && (w.back() == '.' || w.back() == ':' || w.back() == '-')) w.remove_suffix(1);
    if (w.size() < 2) continue;
    out.push_back(Word{std::string(w), looks_like_code(w)});
  }
  return out;
}

std::vector<std::string> query_terms(std::string_view text) {
  std::vector<std::string> out = split_subwords(text);
  std::erase_if(out, [](const std::string& t) { return is_stop_word(t); });
  return out;
}

}  // namespace acdc::symbols
