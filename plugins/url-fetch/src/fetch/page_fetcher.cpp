#include "fetch/page_fetcher.hpp"

#include "detect/url_detector.hpp"
#include "html/charset.hpp"
#include "html/html_text.hpp"

#include <acdc/sdk/json.hpp>
#include <acdc/util/utc_time.hpp>

namespace acdc::urls {
namespace {

bool looks_like_html(const HttpResponse& r) {
  if (r.content_type.find("html") != std::string::npos) return true;
  if (!r.content_type.empty()) return false;
  std::string_view head(r.body.data(), std::min<size_t>(r.body.size(), 512));
  for (std::string_view mark : {"<!doctype html", "<!DOCTYPE html", "<html", "<HTML"})
    if (head.find(mark) != std::string_view::npos) return true;
  return false;
}

std::string size_text(size_t bytes) { return std::to_string(bytes >> 10) + " KiB"; }

std::string github_info(const GithubRef& g, const std::string& branch, const std::string& path) {
  std::map<std::string, std::string> info{{"owner", g.owner}, {"repo", g.repo}};
  if (!branch.empty()) info["branch"] = branch;
  if (!path.empty()) info["path"] = path;
  return acdc::to_json_text(info);
}

void add_notice(UrlContent& out, const std::string& note) {
  if (!note.empty()) out.notice += (out.notice.empty() ? "" : "; ") + note;
}

}  // namespace

void read_response(const HttpResponse& r, UrlContent& out) {
  if (!r.error.empty()) {
    out.error = r.error;
    return;
  }
  const bool html = looks_like_html(r);
  Decoded d = decode_body(r.body, r.content_type, html);
  add_notice(out, d.note);
  if (r.truncated)
    add_notice(out, "the page is larger than " + size_text(r.body.size()) + ": only its first " +
                        size_text(r.body.size()) + " were read");
  if (!html) {
    out.content = std::move(d.text);
    return;
  }
  PageText page = html_to_text(d.text);
  out.title = std::move(page.title);
  out.description = std::move(page.description);
  out.content = std::move(page.text);
}

UrlContent PageFetcher::fetch(const std::string& url) const {
  UrlContent out;
  out.url = url;
  out.url_type = classify_url(url);
  out.fetched_at = util::utc_now();  // §6's fetched_at
  try {
    if (out.url_type == "github_file") fetch_github_file(url, out);
    else if (out.url_type == "github_repo") fetch_github_repo(url, out);
    else fetch_page(url, out);  // issues and PRs too, as the reference does (§6)
  } catch (const std::exception& e) {
    out.error = std::string("the fetch failed: ") + e.what();
  }
  if (!out.ok()) {
    out.content.clear();
    out.title.clear();
  }
  return out;
}

void PageFetcher::fetch_page(const std::string& url, UrlContent& out) const {
  read_response(http_get(url, config_.limits, config_.policy), out);
}

void PageFetcher::fetch_github_file(const std::string& url, UrlContent& out) const {
  GithubRef g = parse_github(url, "github_file");
  auto raw = [&](const std::string& branch) {
    return config_.github_raw_base + "/" + g.owner + "/" + g.repo + "/" + branch + "/" + g.path;
  };
  // Refused URLs (acdc's own address) are refused as typed, before rewriting.
  if (std::string why = refusal(url, config_.policy); !why.empty()) {
    out.error = why;
    return;
  }
  HttpResponse r = http_get(raw(g.branch), config_.limits, config_.policy);
  std::string branch = g.branch;
  if (r.status == 404 && g.branch == "main") {
    branch = "master";
    r = http_get(raw(branch), config_.limits, config_.policy);
  }
  read_response(r, out);
  out.title = g.owner + "/" + g.repo + "/" + g.path;
  out.github_info = github_info(g, branch, g.path);
}

void PageFetcher::fetch_github_repo(const std::string& url, UrlContent& out) const {
  GithubRef g = parse_github(url, "github_repo");
  if (std::string why = refusal(url, config_.policy); !why.empty()) {
    out.error = why;
    return;
  }
  const std::string clone_url = config_.github_clone_base + "/" + g.owner + "/" + g.repo + ".git";
  if (std::string why = refusal(clone_url, config_.policy); !why.empty()) {
    out.error = why;
    return;
  }
  RepoClone clone = clone_repository(clone_url, config_.clone);
  if (!clone.error.empty()) {
    out.error = clone.error;
    return;
  }
  out.title = g.owner + "/" + g.repo;
  out.readme = decode_body(clone.readme, "", false).text;  // a README in Latin-1 stays readable
  out.content = out.readme;
  out.github_info = github_info(g, clone.branch, {});
  if (clone.readme.empty()) add_notice(out, "the repository has no README");
  if (mapper_) out.symbol_map = mapper_(clone.work_tree());
}

}  // namespace acdc::urls
