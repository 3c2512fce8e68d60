// detect/url_detector.hpp -- URLs in a chat message, their kind and the
// short name a chip shows (acdc-features.md §6 "Detection",
// "Classification", "Display names").
//
//   for (const DetectedUrl& u : detect_urls("see https://github.com/o/r."))
//     use(u.url, u.type, u.display_name);   // "https://github.com/o/r", "github_repo", "o/r"
//
// Pure functions of their input; safe on any thread.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace acdc::urls {

struct DetectedUrl {
  std::string url;
  std::string type;          // github_issue github_pr github_file github_repo documentation generic
  std::string display_name;
};

// The parts of a github.com URL that name a repository, a file or an issue.
struct GithubRef {
  std::string owner, repo, branch, path;  // branch and path: github_file only
  std::string number;                     // github_issue / github_pr only
};

// Every http(s) URL in `text`, in order, each once; trailing punctuation
// (.,;:!?)'"”’»>]}) is not part of a URL.
std::vector<DetectedUrl> detect_urls(std::string_view text);
// The §6 classification of one URL, checked in the table's order.
std::string classify_url(std::string_view url);
std::string display_name(std::string_view url, std::string_view type);
// The owner, repository, and branch/path or number of a GitHub URL of `type`.
GithubRef parse_github(std::string_view url, std::string_view type);

}  // namespace acdc::urls
