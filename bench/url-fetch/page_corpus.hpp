// page_corpus.hpp -- large, realistic documentation pages for the HTML to
// text benchmark, generated (so nothing third-party is committed): the
// shape of a Sphinx / MDN page: a head with scripts and styles, a top bar
// and sidebar navigation, an article of headings, paragraphs with inline
// code, emphasis and links, lists, tables and code blocks, and a footer.
//
//   std::vector<std::string> pages = make_corpus(40, 300 * 1024);  // ~12 MB
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace acdc::bench {

std::vector<std::string> make_corpus(std::size_t pages, std::size_t bytes_each);

}  // namespace acdc::bench
