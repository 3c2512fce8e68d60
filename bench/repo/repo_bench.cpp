// acdc-bench-repo -- the repo plugin against the git CLI, in one run.
//
//   build-repo/acdc-bench-repo [--files 50000] [--runs 5] [--boost /usr/include/boost] [--work DIR] [--starts 5]
//
// With --work the repositories are built in DIR and reused by later runs
// (delete DIR to rebuild); without it they go to a temp dir removed at exit.
// Builds two repositories in a temp dir: a synthetic one (N files in nested
// directories, a few hundred modified and untracked) and a copy of a real
// tree committed into a fresh repository. On each, with the page cache warm:
//   tree:   Repo.get_file_tree over WebSocket  vs  git status --porcelain=v2 + git ls-files,
//           as is, then with one tracked file rewritten before every call
//           (what the UI does: the tree is reloaded after every edit), then
//           the first call of a restarted host (line counts and checks of
//           modified files from the last run's .acdc/*.bin) against git's
//           median; the first host starts without those files, as on a
//           repository never opened
//   search: Repo.search_files literal / regex  vs  git grep -n -C1 -i (-F | -E)
// With --starts K the two first calls (never opened, restarted) are then
// each timed over K more host starts, as medians with their spread: one
// first call is one sample, on a machine shared with other work.
// Replies are read by the tests' WsClient, which parses each message once, as
// a browser does. It prints, for each, the median of the calls after the first, the ratio
// of the medians (plugin / git; below 1 means faster), and the first call
// of each peer apart (the plugin has nothing cached then), plus the host's
// RSS after the tree.
#include "support/host_process.hpp"
#include "support/ws_client.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using namespace acdc::test;
using Clock = std::chrono::steady_clock;

namespace {

constexpr std::chrono::minutes kCallTimeout{2};  // a cold tree of a large repository

void sh(const std::string& cmd) {
  if (std::system(cmd.c_str()) != 0) throw std::runtime_error("failed: " + cmd);
}

// Runs `cmd`, reading and dropping its output as git's own user would.
void run_drained(const std::string& cmd) {
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) throw std::runtime_error("popen failed");
  char buf[65536];
  while (fread(buf, 1, sizeof buf, p) > 0) {}
  pclose(p);
}

struct Timing {
  double first;   // the first call: nothing cached yet in the plugin
  double median;  // the median of the calls after it
};

// `before` runs ahead of every call, untimed (an edit to the tree, say).
Timing time_calls(int runs, const std::function<void()>& f, const std::function<void()>& before = [] {}) {
  auto timed = [&] {
    before();
    auto start = Clock::now();
    f();
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  };
  Timing out{timed(), 0};
  std::vector<double> t;
  for (int i = 0; i < runs; ++i) t.push_back(timed());
  std::sort(t.begin(), t.end());
  out.median = t[t.size() / 2];
  return out;
}

void init_repo(const fs::path& root) {
  sh("cd '" + root.string() + "' && git init -q -b main && git config user.name bench && "
     "git config user.email bench@example.com && git config commit.gpgsign false");
}

void make_synthetic(const fs::path& root, int files) {
  if (fs::exists(root / ".git")) return;
  fs::create_directories(root);
  init_repo(root);
  for (int i = 0; i < files; ++i) {
    fs::path p = root / ("d" + std::to_string(i % 50)) / ("s" + std::to_string(i % 1000 / 50)) /
                 ("file_" + std::to_string(i) + ".txt");
    fs::create_directories(p.parent_path());
    std::ofstream out(p);
    for (int l = 0; l < 20; ++l) out << "line " << l << " of file " << i << (l == 7 ? " needle_token here" : "") << "\n";
  }
  sh("cd '" + root.string() + "' && git add -A && git commit -qm synthetic");
  for (int i = 0; i < 300; ++i)
    std::ofstream(root / ("d" + std::to_string(i % 50)) / ("s" + std::to_string(i % 1000 / 50)) /
                      ("file_" + std::to_string(i) + ".txt"), std::ios::app) << "modified\n";
  for (int i = 0; i < 200; ++i) std::ofstream(root / "d0" / ("untracked_" + std::to_string(i) + ".txt")) << "new " << i << "\n";
}

void make_copy(const fs::path& root, const fs::path& source) {
  if (fs::exists(root / ".git")) return;
  fs::create_directories(root);
  init_repo(root);
  sh("cp -r '" + source.string() + "' '" + (root / "boost").string() + "'");
  sh("cd '" + root.string() + "' && git add -A && git commit -qm boost");
}

long rss_kib(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  return -1;
}

void check(const rapidjson::Document& r, const std::string& what) {
  if (!r.HasMember("result")) throw std::runtime_error(what + " failed");
}

void report(const std::string& name, const Timing& mine, const Timing& git) {
  std::printf("  %-34s plugin %8.1f ms   git %8.1f ms   ratio %.2f   (first call: %.1f vs %.1f ms)\n", name.c_str(),
              mine.median, git.median, mine.median / git.median, mine.first, git.first);
}

// Rewrites one tracked file with different content before each call, as an
// editor saving does, and puts the original back afterwards.
class Editor {
 public:
  explicit Editor(fs::path file) : file_(std::move(file)) {
    std::ifstream in(file_, std::ios::binary);
    original_.assign(std::istreambuf_iterator<char>(in), {});
  }
  ~Editor() { std::ofstream(file_, std::ios::binary | std::ios::trunc) << original_; }
  void edit() { std::ofstream(file_, std::ios::binary | std::ios::trunc) << original_ << "edit " << ++count_ << "\n"; }

 private:
  fs::path file_;
  std::string original_;
  int count_ = 0;
};

void bench_tree(WsClient& client, const std::string& cd, int runs, const fs::path& edited) {
  auto tree = [&] { check(client.call("Repo.get_file_tree", "[]", kCallTimeout), "tree"); };
  auto git = [&] { run_drained(cd + "git status --porcelain=v2 && git ls-files"); };
  Timing mine = time_calls(runs, tree);
  report("get_file_tree", mine, time_calls(runs, git));
  Editor editor(edited);
  auto edit = [&] { editor.edit(); };
  Timing mine_edited = time_calls(runs, tree, edit);
  report("get_file_tree after an edit", mine_edited, time_calls(runs, git, edit));
}

// Removes what the plugin keeps between runs, as on a repository never opened.
void forget_state(const fs::path& root) {
  for (const char* state : {"tree-facts.bin", "status-checks.bin"}) fs::remove(root / ".acdc" / state);
}

double first_tree_ms(const fs::path& root) {
  HostProcess host({.config_yaml = "plugins:\n  - name: repo\n", .repo = root.string()});
  WsClient client(host.port(), host.token());
  auto start = Clock::now();
  check(client.call("Repo.get_file_tree", "[]", kCallTimeout), "tree");
  double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  host.stop();  // waits for a line count the first tree left to the background, which saves its facts
  return ms;
}

void report_spread(const std::string& name, std::vector<double> v, double git) {
  std::sort(v.begin(), v.end());
  std::printf("  %-34s plugin %8.1f ms   git %8.1f ms   ratio %.2f   (%zu starts: %.1f .. %.1f ms)\n", name.c_str(),
              v[v.size() / 2], git, v[v.size() / 2] / git, v.size(), v.front(), v.back());
}

// git's side of a tree: what `git status` and `git ls-files` print.
Timing time_git_tree(const fs::path& root, int runs) {
  return time_calls(runs, [&] { run_drained("cd '" + root.string() + "' && git status --porcelain=v2 && git ls-files"); });
}

// The first tree of a host started again on the same repository, as a user
// restarting acdc does, against git's median.
void bench_restart(const fs::path& root, int runs) {
  double first = first_tree_ms(root);
  Timing git = time_git_tree(root, runs);
  std::printf("  %-34s plugin %8.1f ms   git %8.1f ms   ratio %.2f\n", "first get_file_tree after a restart", first,
              git.median, first / git.median);
}

void bench_first_calls(const fs::path& root, int starts) {
  std::vector<double> never, restarted, git;
  for (int i = 0; i < starts; ++i) {
    forget_state(root);
    never.push_back(first_tree_ms(root));
    restarted.push_back(first_tree_ms(root));
    git.push_back(time_git_tree(root, 2).median);
  }
  std::sort(git.begin(), git.end());
  report_spread("first get_file_tree, never opened", never, git[git.size() / 2]);
  report_spread("first get_file_tree after a restart", restarted, git[git.size() / 2]);
}

void bench_repo(const std::string& label, const fs::path& root, int runs, const fs::path& edited,
                const std::string& literal, const std::string& regex, int starts) {
  forget_state(root);  // the first host: a repository never opened
  HostProcess host({.config_yaml = "plugins:\n  - name: repo\n", .repo = root.string()});
  WsClient client(host.port(), host.token());
  std::string cd = "cd '" + root.string() + "' && ";
  std::printf("%s (%s)\n", label.c_str(), root.c_str());
  bench_tree(client, cd, runs, root / edited);
  std::printf("  host RSS after the tree: %.1f MiB\n", rss_kib(host.pid()) / 1024.0);
  auto search = [&](const std::string& q, bool rx) {
    std::string args = "[\"" + q + "\", false, " + (rx ? "true" : "false") + ", true, 1]";
    return time_calls(runs, [&] { check(client.call("Repo.search_files", args, kCallTimeout), "search"); });
  };
  report("search_files literal '" + literal + "'", search(literal, false),
         time_calls(runs, [&] { run_drained(cd + "git grep -n -C 1 -i -F -e '" + literal + "'"); }));
  report("search_files regex '" + regex + "'", search(regex, true),
         time_calls(runs, [&] { run_drained(cd + "git grep -n -C 1 -i -E -e '" + regex + "'"); }));
  host.stop();
  bench_restart(root, runs);
  if (starts > 0) bench_first_calls(root, starts);
}

}  // namespace

int main(int argc, char** argv) {
  int files = 50000, runs = 5, starts = 0;
  fs::path boost = "/usr/include/boost";
  fs::path work;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string a = argv[i];
    if (a == "--files") files = std::stoi(argv[i + 1]);
    else if (a == "--runs") runs = std::stoi(argv[i + 1]);
    else if (a == "--boost") boost = argv[i + 1];
    else if (a == "--work") work = argv[i + 1];
    else if (a == "--starts") starts = std::stoi(argv[i + 1]);
  }
  try {
    TempDir temp;
    fs::path dir = work.empty() ? temp.path() : fs::absolute(work);
    std::printf("preparing a %d-file synthetic repository and a copy of %s in %s ...\n", files, boost.c_str(),
                dir.c_str());
    make_synthetic(dir / "synthetic", files);
    make_copy(dir / "copy", boost);
    std::printf("medians of the %d calls after the first; ratio = plugin / git of the medians "
                "(<= 1.5 is the tree target, <= 1 search, <= 2 the first tree after a restart)\n", runs);
    bench_repo("synthetic", dir / "synthetic", runs, "d7/s3/file_4157.txt", "needle_token", "file [0-9]+7 ", starts);
    bench_repo("boost copy", dir / "copy", runs, "boost/version.hpp", "shared_ptr", "template ?<class [A-Z][a-z]+>", starts);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "acdc-bench-repo: %s\n", e.what());
    return 1;
  }
}
