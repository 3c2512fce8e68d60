// docs/doc_outline.hpp -- one markdown document's outline for the doc map
// (acdc-features.md §7.4): its ATX headings with their level, size and
// content tags, and the links it makes to other files of the repository,
// resolved to repository paths. Fenced code is skipped, so a "# comment" in
// a shell block is no heading.
//
//   DocOutline o = extract_outline("docs/guide.md", text);
//   o.headings[0].text     // "Guide"
//   o.headings[0].links    // {"docs/other.md#setup", "src/main.cpp"}: links inside that section
//   github_slug("Linked Section!")  // "linked-section"
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace acdc::symbols {

struct DocHeading {
  int level = 1;                    // 1..6: the number of '#'
  std::string text;
  int line = 1;                     // 1-based
  int lines = 1;                    // the section: up to the next heading of the same or a higher level
  bool has_table = false;           // in its own text, before the next heading of any level
  bool has_code = false;
  std::vector<std::string> links;   // repository paths, "#anchor" kept, in order, once each
};

struct DocOutline {
  std::vector<DocHeading> headings;
  std::vector<std::string> links;   // every link of the document, "#anchor" kept, in order, once each
  int total_lines = 0;
};

DocOutline extract_outline(std::string_view doc_path, std::string_view text);

// GitHub's anchor for a heading: lower case, punctuation dropped, spaces to '-'.
std::string github_slug(std::string_view heading);

// `target` of a link in the document `doc_path`, as a repository path with
// its "#anchor"; empty for external links (a scheme), anchors in the same
// document and paths that leave the repository.
std::string resolve_link(std::string_view doc_path, std::string_view target);

}  // namespace acdc::symbols
