// tokenizer/tokenizer.cpp -- see tokenizer.hpp.
#include "tokenizer/tokenizer.hpp"

#include <acdc/sdk/error.hpp>

#include <cstdlib>
#include <filesystem>
#include <limits>
#include <unordered_map>

namespace acdc::llm {
namespace {

constexpr std::uint32_t kNoRank = std::numeric_limits<std::uint32_t>::max();
constexpr std::size_t kCacheEntries = 1 << 16;

// Pieces that need merging repeat a lot in code (identifiers, indentation),
// so their tokens are remembered per thread, as tiktoken and gpt-tokenizer do.
// Shared by every Tokenizer: all of them hold the same SHA-256-checked ranks.
thread_local std::unordered_map<std::string, std::vector<std::uint32_t>> merge_cache;

// A plugin runs inside the acdc process, so /proc/self/exe is the host's
// binary and <its prefix>/share/acdc is the package's data, wherever a
// tarball was unpacked or a .deb extracted (the package is relocatable).
std::filesystem::path installed_ranks() {
  std::error_code ec;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  return exe.parent_path().parent_path() / "share/acdc/cl100k_base.tiktoken";
}

}  // namespace

Tokenizer::Tokenizer(const std::string& ranks_path) : ranks_(BpeRanks::load(ranks_path)) {}

std::string Tokenizer::locate_ranks(const std::string& configured) {
  if (!configured.empty()) return configured;
  if (const char* env = std::getenv("ACDC_CL100K_RANKS"); env && *env) return env;
  std::error_code ec;
  if (const auto installed = installed_ranks(); std::filesystem::exists(installed, ec)) return installed.string();
  return ACDC_CL100K_RANKS_DEFAULT;  // load() then says what is missing and how to fix it
}

const Tokenizer& Tokenizer::cl100k(const std::string& ranks_path) {
  static const Tokenizer instance(locate_ranks(ranks_path));
  return instance;
}

std::vector<std::uint32_t> Tokenizer::encode(std::string_view text) const {
  std::vector<std::uint32_t> out;
  out.reserve(text.size() / 3);
  split_.for_each(text, [&](std::string_view piece) { encode_piece(piece, out); });
  return out;
}

std::size_t Tokenizer::count(std::string_view text) const { return encode(text).size(); }

void Tokenizer::encode_piece(std::string_view piece, std::vector<std::uint32_t>& out) const {
  if (auto whole = ranks_.rank(piece)) {
    out.push_back(*whole);
    return;
  }
  if (merge_cache.size() >= kCacheEntries) merge_cache.clear();
  auto [cached, fresh] = merge_cache.try_emplace(std::string(piece));
  if (fresh) merge(piece, cached->second);
  out.insert(out.end(), cached->second.begin(), cached->second.end());
}

// tiktoken's byte-pair merge: repeatedly join the adjacent pair whose
// concatenation has the lowest rank, until no joined pair is a token.
void Tokenizer::merge(std::string_view piece, std::vector<std::uint32_t>& out) const {
  struct Part {
    std::size_t start;
    std::uint32_t rank;  // rank of this part joined with the next one
  };
  std::vector<Part> parts;
  parts.reserve(piece.size() + 1);
  for (std::size_t i = 0; i <= piece.size(); ++i) parts.push_back({i, kNoRank});
  auto pair_rank = [&](std::size_t i) {
    if (i + 2 >= parts.size()) return kNoRank;
    auto r = ranks_.rank(piece.substr(parts[i].start, parts[i + 2].start - parts[i].start));
    return r ? *r : kNoRank;
  };
  for (std::size_t i = 0; i + 1 < parts.size(); ++i) parts[i].rank = pair_rank(i);
  while (parts.size() > 2) {
    std::size_t best = 0;
    for (std::size_t i = 1; i + 1 < parts.size(); ++i)
      if (parts[i].rank < parts[best].rank) best = i;
    if (parts[best].rank == kNoRank) break;
    parts.erase(parts.begin() + static_cast<std::ptrdiff_t>(best) + 1);
    parts[best].rank = pair_rank(best);
    if (best > 0) parts[best - 1].rank = pair_rank(best - 1);
  }
  for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
    auto r = ranks_.rank(piece.substr(parts[i].start, parts[i + 1].start - parts[i].start));
    out.push_back(r ? *r : kNoRank);  // every single byte has a rank in cl100k
  }
}

}  // namespace acdc::llm
