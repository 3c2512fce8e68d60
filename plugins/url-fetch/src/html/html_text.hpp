// html/html_text.hpp -- a web page as the readable, markdown-like text the
// model gets (issue 17; the reference used trafilatura, acdc-features.md §6).
//
// Parsed by gumbo, the HTML5 parsing algorithm browsers use, so broken
// markup reads as a browser would show it. Kept: headings (#), paragraphs,
// lists (- / 1.), tables (| a | b |), code blocks (```), inline code, links
// ([text](href)). Dropped: scripts, styles, navigation, headers and footers
// of the page, asides, forms, hidden elements. When the page has a <main>
// or a single <article>, only that is read.
//
//   PageText page = html_to_text("<title>T</title><h1>Hi</h1><p>one <b>two</b></p>");
//   // page.title == "T", page.text == "# Hi\n\none **two**"
#pragma once

#include <string>
#include <string_view>

namespace acdc::urls {

struct PageText {
  std::string title;
  std::string description;  // <meta name="description">
  std::string text;
};

// `html` must be UTF-8 (see charset.hpp).
PageText html_to_text(std::string_view html);

}  // namespace acdc::urls
