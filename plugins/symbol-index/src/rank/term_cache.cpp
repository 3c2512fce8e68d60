#include "rank/term_cache.hpp"

#include "rank/terms.hpp"

#include <algorithm>

namespace acdc::symbols {

TermId TermCache::intern(std::string word) {
  auto [it, fresh] = ids_.try_emplace(std::move(word), static_cast<TermId>(words_.size()));
  if (fresh) words_.push_back(it->first);
  return it->second;
}

std::optional<TermId> TermCache::find(std::string_view word) const {
  auto it = ids_.find(word);
  if (it == ids_.end()) return std::nullopt;
  return it->second;
}

const std::vector<TermId>& TermCache::terms(FileId id, const FileRecord& record) {
  if (by_file_.size() <= id) by_file_.resize(id + 1);
  Entry& e = by_file_[id];
  // A slot is reused by another file after a delete: the path says which.
  if (e.filled && e.content_hash == record.content_hash && e.language == record.language && e.path == record.path)
    return e.terms;
  e.terms.clear();
  for (auto& w : split_subwords(record.path)) e.terms.push_back(intern(std::move(w)));
  for_each_symbol(record.unpack().symbols, [&](const Symbol& s) {
    if (s.kind == SymbolKind::import) return;
    for (auto& w : split_subwords(s.name)) e.terms.push_back(intern(std::move(w)));
  });
  std::sort(e.terms.begin(), e.terms.end());
  e.path = record.path;
  e.content_hash = record.content_hash;
  e.language = record.language;
  e.filled = true;
  return e.terms;
}

}  // namespace acdc::symbols
