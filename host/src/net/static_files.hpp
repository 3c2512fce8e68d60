// net/static_files.hpp -- maps a request target to a file of the built webapp.
//
//   StaticFiles files("/usr/share/acdc/webapp");
//   auto r = files.resolve("/assets/app.js?v=3");   // r.path, or r.status + r.reason
//
// Refuses anything that could leave the root: ".." segments (also when
// percent-encoded), backslashes, NUL bytes, and symlinks that resolve outside it. A target
// without a file extension is a client-side route and gets index.html. With
// no built webapp, "/" gets a placeholder page that says how to build it.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace acdc::net {

struct Resolved {
  int status = 200;             // 200, 403 or 404
  std::filesystem::path path;   // set when status is 200 and a file exists
  bool placeholder = false;     // no webapp is built: serve placeholder_page()
  std::string reason;           // for 403 and 404
};

class StaticFiles {
 public:
  explicit StaticFiles(std::filesystem::path root);

  Resolved resolve(std::string_view target) const;
  const std::filesystem::path& root() const { return root_; }

  static std::string_view content_type(const std::filesystem::path& path);
  static std::string placeholder_page();

 private:
  std::filesystem::path root_;  // canonical, or empty when there is no build
};


}  // namespace acdc::net
