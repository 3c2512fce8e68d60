#include "github/repo_clone.hpp"

#include <git2.h>

#include <array>
#include <fstream>
#include <memory>
#include <sstream>
#include <system_error>

namespace acdc::urls {
namespace {

namespace fs = std::filesystem;

struct Progress {
  std::chrono::steady_clock::time_point deadline;
  std::size_t max_bytes;
  std::string stopped;  // why the transfer was stopped
};

int on_transfer(const git_indexer_progress* stats, void* payload) {
  auto* p = static_cast<Progress*>(payload);
  if (std::chrono::steady_clock::now() > p->deadline) p->stopped = "the clone took too long";
  else if (stats->received_bytes > p->max_bytes) p->stopped = "the repository is larger than the clone limit";
  return p->stopped.empty() ? 0 : -1;
}

// No credentials are ever offered: an anonymous clone only (§6).
int no_credentials(git_credential**, const char*, const char*, unsigned int, void*) { return GIT_PASSTHROUGH; }

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

fs::path make_temp_dir() {
  std::string templ = (fs::temp_directory_path() / "acdc-url-clone-XXXXXX").string();
  if (!mkdtemp(templ.data())) throw std::system_error(errno, std::generic_category(), "mkdtemp");
  return templ;
}

}  // namespace

RepoClone::RepoClone(RepoClone&& o) noexcept
    : dir(std::move(o.dir)), readme(std::move(o.readme)), readme_name(std::move(o.readme_name)),
      branch(std::move(o.branch)), error(std::move(o.error)) {
  o.dir.clear();
}

RepoClone::~RepoClone() {
  std::error_code ec;
  if (!dir.empty()) fs::remove_all(dir, ec);
}

fs::path find_readme(const fs::path& dir) {
  static constexpr std::array<const char*, 8> kPriority = {"README.md", "README.rst", "README.txt", "README",
                                                           "readme.md", "Readme.md", "README.markdown", "docs/README.md"};
  for (const char* name : kPriority)
    if (fs::is_regular_file(dir / name)) return dir / name;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    std::string name = e.path().filename().string();
    std::string lower;
    for (char c : name) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower.starts_with("readme") && e.is_regular_file()) return e.path();
  }
  return {};
}

RepoClone clone_repository(const std::string& clone_url, const CloneLimits& limits) {
  git_libgit2_init();
  RepoClone out;
  try {
    out.dir = make_temp_dir();
  } catch (const std::exception& e) {
    out.error = std::string("no temporary directory for the clone: ") + e.what();
    git_libgit2_shutdown();
    return out;
  }
  Progress progress{std::chrono::steady_clock::now() + limits.timeout, limits.max_bytes, {}};
  git_clone_options options = GIT_CLONE_OPTIONS_INIT;
  options.fetch_opts.callbacks.transfer_progress = &on_transfer;
  options.fetch_opts.callbacks.credentials = &no_credentials;
  options.fetch_opts.callbacks.payload = &progress;
  git_repository* repo = nullptr;
  const fs::path work = out.dir / "repo";
  int rc = git_clone(&repo, clone_url.c_str(), work.c_str(), &options);
  if (rc != 0) {
    const git_error* e = git_error_last();
    out.error = !progress.stopped.empty() ? "clone stopped: " + progress.stopped
                                          : "could not clone " + clone_url + ": " + (e && e->message ? e->message : "unknown error");
  } else {
    git_reference* head = nullptr;
    if (git_repository_head(&head, repo) == 0) out.branch = git_reference_shorthand(head);
    git_reference_free(head);
    git_repository_free(repo);
    if (fs::path readme = find_readme(work); !readme.empty()) {
      out.readme = read_file(readme);
      out.readme_name = readme.filename().string();
    }
  }
  git_libgit2_shutdown();
  return out;
}

}  // namespace acdc::urls
