// docs/doc_map.hpp -- the doc index as the model reads it: one outline
// block per document, in §7.4's format (without keywords: no keyword model
// is bundled), plus its legend.
//
//   docs/guide.md:
//     # Guide [table] ~45ln ←3
//       →docs/other.md#setup
//     ## Install [code] ~12ln
//     links: docs/other.md, src/main.cpp
//
// `←N` counts the links from other documents into the section (a link to
// the document without an anchor counts for its first heading); a link to
// a file the repository does not have is left out.
//
//   auto blocks = render_doc_map(outlines, [&](const std::string& p) { return files.count(p); }, {});
#pragma once

#include "docs/doc_outline.hpp"

#include <functional>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace acdc::symbols {

std::string doc_legend();

// (path, block) by path, without the documents in `skip`.
std::vector<std::pair<std::string, std::string>> render_doc_map(
    const std::map<std::string, DocOutline>& docs, const std::function<bool(const std::string&)>& known,
    const std::set<std::string>& skip);

}  // namespace acdc::symbols
