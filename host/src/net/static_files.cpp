#include "net/static_files.hpp"

#include <acdc/util/percent.hpp>

#include <system_error>

namespace acdc::net {

namespace fs = std::filesystem;

namespace {

bool inside(const fs::path& root, const fs::path& p) {
  auto r = root.begin();
  auto q = p.begin();
  for (; r != root.end(); ++r, ++q)
    if (q == p.end() || *r != *q) return false;
  return true;
}

}  // namespace


StaticFiles::StaticFiles(fs::path root) {
  std::error_code ec;
  if (!root.empty() && fs::is_regular_file(root / "index.html", ec))
    root_ = fs::canonical(root, ec);
}

Resolved StaticFiles::resolve(std::string_view target) const {
  std::string_view path = target.substr(0, target.find_first_of("?#"));
  std::string decoded;
  if (!util::percent_decode(path, decoded)) return {403, {}, false, "malformed URL encoding"};
  if (decoded.empty() || decoded[0] != '/') return {403, {}, false, "the path must start with /"};
  if (decoded.find('\0') != std::string::npos || decoded.find('\\') != std::string::npos)
    return {403, {}, false, "NUL bytes and backslashes are not allowed"};
  for (const auto& part : fs::path(decoded))
    if (part == "..") return {403, {}, false, "'..' is not allowed in a path"};
  if (root_.empty()) {
    if (decoded == "/" || decoded == "/index.html") return {200, {}, true, {}};
    return {404, {}, false, "the webapp is not built"};
  }
  fs::path relative = fs::path(decoded).relative_path();
  if (relative.empty() || !relative.has_extension()) relative = "index.html";
  std::error_code ec;
  fs::path full = fs::weakly_canonical(root_ / relative, ec);
  if (ec || !inside(root_, full)) return {403, {}, false, "the path leaves the webapp directory"};
  if (!fs::is_regular_file(full, ec)) return {404, {}, false, "no such file"};
  return {200, full, false, {}};
}

std::string_view StaticFiles::content_type(const fs::path& path) {
  const std::string ext = path.extension().string();
  if (ext == ".html") return "text/html; charset=utf-8";
  if (ext == ".js" || ext == ".mjs") return "text/javascript; charset=utf-8";
  if (ext == ".css") return "text/css; charset=utf-8";
  if (ext == ".json" || ext == ".map") return "application/json";
  if (ext == ".svg") return "image/svg+xml";
  if (ext == ".png") return "image/png";
  if (ext == ".jpg" || ext == ".jpeg") return "image/jpeg";
  if (ext == ".gif") return "image/gif";
  if (ext == ".webp") return "image/webp";
  if (ext == ".ico") return "image/x-icon";
  if (ext == ".woff2") return "font/woff2";
  if (ext == ".woff") return "font/woff";
  if (ext == ".ttf") return "font/ttf";
  if (ext == ".wasm") return "application/wasm";
  if (ext == ".txt") return "text/plain; charset=utf-8";
  return "application/octet-stream";
}

std::string StaticFiles::placeholder_page() {
  return R"(<!doctype html>
<html><head><meta charset="utf-8"><title>acdc</title>
<style>body{font-family:sans-serif;background:#1e1e1e;color:#ddd;margin:3em}code{color:#9cdcfe}</style>
</head><body>
<h1>acdc is running</h1>
<p>The host is serving, but the web app has not been built.</p>
<p>Build it with <code>./scripts/run.sh</code> (which builds everything), or
<code>npm ci &amp;&amp; npx vite build webapp</code> in the source tree, then reload this page.</p>
</body></html>
)";
}

}  // namespace acdc::net
