#include "git_history.hpp"

#include <cstdio>
#include <memory>
#include <stdexcept>

namespace acdc::bench {
namespace {

std::string run(const std::string& command) {
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  if (!pipe) throw std::runtime_error("cannot run: " + command);
  std::string out;
  char buf[65536];
  for (std::size_t n; (n = fread(buf, 1, sizeof buf, pipe.get())) > 0;) out.append(buf, n);
  return out;
}

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t at; (at = text.find(sep, start)) != std::string::npos; start = at + 1)
    if (at > start) out.push_back(text.substr(start, at - start));
  if (start < text.size()) out.push_back(text.substr(start));
  return out;
}

}  // namespace

std::vector<std::string> tracked_files(const std::string& repo) {
  return split(run("git -C '" + repo + "' ls-files -z"), '\0');
}

std::vector<Commit> commits(const std::string& repo, int limit) {
  // \x1e starts a commit, \x1f ends its message; the names follow, one a line.
  const std::string text = run("git -C '" + repo + "' log --no-merges --no-renames -n " + std::to_string(limit) +
                               " --format='%x1e%H%n%B%x1f' --name-only");
  std::vector<Commit> out;
  for (const std::string& record : split(text, '\x1e')) {
    Commit c;
    const auto newline = record.find('\n');
    const auto end = record.find('\x1f');
    if (newline == std::string::npos || end == std::string::npos) continue;
    c.hash = record.substr(0, newline);
    c.message = record.substr(newline + 1, end - newline - 1);
    c.files = split(record.substr(end + 1), '\n');
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace acdc::bench
