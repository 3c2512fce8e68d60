#include "detect/url_detector.hpp"

#include <algorithm>
#include <array>
#include <cctype>

namespace acdc::urls {
namespace {

bool starts_with_nocase(std::string_view s, std::string_view prefix) {
  if (s.size() < prefix.size()) return false;
  for (size_t i = 0; i < prefix.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(s[i])) != prefix[i]) return false;
  return true;
}

// §6's regex `https?://[^\s<>\[\]()]+`, without a regex engine.
bool ends_url(unsigned char c) {
  return std::isspace(c) || c == '<' || c == '>' || c == '[' || c == ']' || c == '(' || c == ')';
}

// Trailing characters that end a sentence rather than a URL.
std::string_view strip_trailing(std::string_view url) {
  static constexpr std::array<std::string_view, 15> kTrail = {
      ".", ",", ";", ":", "!", "?", ")", "'", "\"", "\u201d", "\u2019", "\u00bb", ">", "]", "}"};
  for (bool again = true; again && !url.empty();) {
    again = false;
    for (auto t : kTrail)
      if (url.ends_with(t)) {
        url.remove_suffix(t.size());
        again = true;
        break;
      }
  }
  return url;
}

struct Parts {
  std::string host;                 // lower case, without port
  std::vector<std::string> segments;  // path segments, no empty ones
};

Parts split(std::string_view url) {
  Parts p;
  auto scheme = url.find("://");
  std::string_view rest = scheme == std::string_view::npos ? url : url.substr(scheme + 3);
  rest = rest.substr(0, rest.find_first_of("?#"));
  auto slash = rest.find('/');
  std::string_view host = rest.substr(0, slash);
  if (auto at = host.rfind('@'); at != std::string_view::npos) host = host.substr(at + 1);
  host = host.substr(0, host.find(':'));
  p.host.assign(host);
  std::transform(p.host.begin(), p.host.end(), p.host.begin(), [](unsigned char c) { return std::tolower(c); });
  if (slash == std::string_view::npos) return p;
  std::string_view path = rest.substr(slash + 1);
  while (!path.empty()) {
    auto next = path.find('/');
    if (auto seg = path.substr(0, next); !seg.empty()) p.segments.emplace_back(seg);
    if (next == std::string_view::npos) break;
    path = path.substr(next + 1);
  }
  return p;
}

bool is_github(const Parts& p) { return p.host == "github.com" || p.host == "www.github.com"; }

// github.com/{owner} paths that are GitHub's own pages, not repositories.
bool reserved_owner(const std::string& owner) {
  static constexpr std::array<std::string_view, 22> kReserved = {
      "about", "apps", "collections", "customer-stories", "enterprise", "explore", "features", "issues",
      "join", "login", "marketplace", "new", "notifications", "orgs", "organizations", "pricing", "pulls",
      "search", "settings", "sponsors", "topics", "trending"};
  return std::find(kReserved.begin(), kReserved.end(), owner) != kReserved.end();
}

bool all_digits(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); });
}

std::string strip_git(std::string repo) {
  if (repo.ends_with(".git")) repo.resize(repo.size() - 4);
  return repo;
}

bool is_documentation(const Parts& p, std::string_view url) {
  static constexpr std::array<std::string_view, 6> kDomains = {
      "docs.python.org", "developer.mozilla.org", "readthedocs.io", "readthedocs.org", "docs.rs", "pkg.go.dev"};
  for (auto d : kDomains)
    if (p.host == d || p.host.ends_with("." + std::string(d))) return true;
  std::string path(url.substr(std::min(url.size(), url.find("://") + 3)));
  path = path.substr(std::min(path.size(), path.find('/')));
  for (std::string_view marker : {"/docs/", "/documentation/", "/api/", "/reference/"})
    if (path.find(marker) != std::string::npos) return true;
  return false;
}

}  // namespace

std::vector<DetectedUrl> detect_urls(std::string_view text) {
  std::vector<DetectedUrl> out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != 'h' && text[i] != 'H') continue;
    std::string_view at = text.substr(i);
    size_t scheme = starts_with_nocase(at, "https://") ? 8 : starts_with_nocase(at, "http://") ? 7 : 0;
    if (!scheme) continue;
    size_t end = scheme;
    while (end < at.size() && !ends_url(static_cast<unsigned char>(at[end]))) ++end;
    std::string_view url = strip_trailing(at.substr(0, end));
    i += end - 1;
    if (url.size() <= scheme) continue;
    if (std::any_of(out.begin(), out.end(), [&](const DetectedUrl& d) { return d.url == url; })) continue;
    std::string type = classify_url(url);
    out.push_back(DetectedUrl{std::string(url), type, display_name(url, type)});
  }
  return out;
}

std::string classify_url(std::string_view url) {
  Parts p = split(url);
  const auto& s = p.segments;
  if (is_github(p) && s.size() >= 4 && s[2] == "issues" && all_digits(s[3])) return "github_issue";
  if (is_github(p) && s.size() >= 4 && s[2] == "pull" && all_digits(s[3])) return "github_pr";
  if (is_github(p) && s.size() >= 5 && s[2] == "blob") return "github_file";
  if (p.host == "raw.githubusercontent.com" && s.size() >= 4) return "github_file";
  if (is_github(p) && s.size() == 2 && !reserved_owner(s[0])) return "github_repo";
  if (is_documentation(p, url)) return "documentation";
  return "generic";
}

GithubRef parse_github(std::string_view url, std::string_view type) {
  Parts p = split(url);
  const auto& s = p.segments;
  GithubRef ref;
  if (s.size() < 2) return ref;
  ref.owner = s[0];
  ref.repo = strip_git(s[1]);
  auto join_from = [&](size_t first) {
    std::string path;
    for (size_t k = first; k < s.size(); ++k) path += (path.empty() ? "" : "/") + s[k];
    return path;
  };
  if (type == "github_issue" || type == "github_pr") ref.number = s.size() > 3 ? s[3] : "";
  if (type == "github_file" && p.host == "raw.githubusercontent.com" && s.size() >= 4) {
    ref.branch = s[2];
    ref.path = join_from(3);
  } else if (type == "github_file" && s.size() >= 5) {
    ref.branch = s[3];
    ref.path = join_from(4);
  }
  return ref;
}

std::string display_name(std::string_view url, std::string_view type) {
  GithubRef g = parse_github(url, type);
  if (type == "github_repo") return g.owner + "/" + g.repo;
  if (type == "github_file") return g.owner + "/" + g.repo + "/" + g.path.substr(g.path.rfind('/') + 1);
  if (type == "github_issue") return g.owner + "/" + g.repo + "#" + g.number;
  if (type == "github_pr") return g.owner + "/" + g.repo + "!" + g.number;
  // host/path, cut to 38 characters and "..." past 40 (D14: 41 in all).
  Parts p = split(url);
  std::string name = p.host;
  for (const auto& seg : p.segments) name += "/" + seg;
  if (name.size() > 40) {
    size_t cut = 38;
    while (cut > 0 && (static_cast<unsigned char>(name[cut]) & 0xC0) == 0x80) --cut;  // not inside a character
    name = name.substr(0, cut) + "...";
  }
  return name;
}

}  // namespace acdc::urls
