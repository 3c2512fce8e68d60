// content/url_content.hpp -- what one fetch produced (acdc-features.md §6
// "URLContent"), as JSON for the wire and the disk cache, and as the part of
// the prompt's URL section the model reads (§6 "Prompt format").
//
//   UrlContent c{.url = u, .url_type = "generic", .title = "Page", .content = text};
//   std::string json = c.to_json();               // the URLContent dict
//   UrlContent back = UrlContent::from_json(json); // throws on anything else
//   std::string part = c.prompt_part();           // "## <url>\n\n**Page**\n\n<text>" ("" on error)
#pragma once

#include <string>
#include <string_view>

namespace acdc::urls {

// The prompt keeps this much of a body (§6), then "... (truncated)".
inline constexpr size_t kPromptContentChars = 50000;

struct UrlContent {
  std::string url;
  std::string url_type;
  std::string title;
  std::string description;
  std::string content;
  std::string symbol_map;
  std::string readme;
  std::string github_info;   // a JSON object's text ({owner, repo, ...}), or empty
  std::string fetched_at;    // ISO 8601, UTC
  std::string error;         // empty on success
  std::string summary;
  std::string summary_type;
  std::string notice;        // what was left out and why (a cut body, a charset fallback)

  bool ok() const { return error.empty(); }
  std::string to_json() const;
  static UrlContent from_json(std::string_view json);
  std::string prompt_part() const;
};

}  // namespace acdc::urls
