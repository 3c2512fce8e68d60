#include "rank/term_index.hpp"

#include <algorithm>
#include <cmath>
#include <set>

namespace acdc::symbols {
namespace {

// BM25's usual constants (Robertson and Zaragoza, 2009).
constexpr double kK1 = 1.2;
constexpr double kB = 0.75;

}  // namespace

void TermIndex::add(FileId id, const std::vector<TermId>& terms) {
  const std::size_t count = terms.size();
  if (postings_.size() < cache_->term_count()) postings_.resize(cache_->term_count());
  for (std::size_t i = 0, j; i < terms.size(); i = j) {
    for (j = i + 1; j < terms.size() && terms[j] == terms[i];) ++j;
    postings_[terms[i]].push_back(Posting{id, static_cast<std::uint32_t>(j - i)});
  }
  if (length_.size() <= id) length_.resize(id + 1, 0);
  length_[id] = static_cast<std::uint32_t>(std::max<std::size_t>(1, count));
  ++documents_;
}

void TermIndex::finish() {
  double total = 0;
  for (std::uint32_t n : length_) total += n;
  average_length_ = documents_ == 0 ? 1 : std::max(1.0, total / static_cast<double>(documents_));
}

std::vector<std::pair<FileId, double>> TermIndex::score(const std::vector<std::string>& query) const {
  const auto n_docs = static_cast<double>(documents_);
  // Dense by FileId: a common word's postings run to thousands of files.
  std::vector<double> scores(length_.size(), 0);
  std::vector<FileId> touched;
  // In the words' order (a set of strings), so the sums are the same bits
  // whatever ids the cache gave the words.
  for (const std::string& term : std::set<std::string>(query.begin(), query.end())) {
    const auto id = cache_->find(term);
    if (!id || *id >= postings_.size() || postings_[*id].empty()) continue;
    const auto& postings = postings_[*id];
    const auto df = static_cast<double>(postings.size());
    const double idf = std::log(1 + (n_docs - df + 0.5) / (df + 0.5));
    for (const Posting& p : postings) {
      const double len = length_[p.id];
      const double tf = p.tf;
      if (scores[p.id] == 0) touched.push_back(p.id);
      scores[p.id] += idf * tf * (kK1 + 1) / (tf + kK1 * (1 - kB + kB * len / average_length_));
    }
  }
  std::vector<std::pair<FileId, double>> out;
  out.reserve(touched.size());
  for (FileId id : touched) out.emplace_back(id, scores[id]);
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.second != b.second ? a.second > b.second : a.first < b.first; });
  return out;
}

}  // namespace acdc::symbols
