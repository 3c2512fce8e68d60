// acdc-bench-symbols -- the symbol index against universal-ctags on the
// trees issue 15 names: /usr/include/boost (C++), the Python standard library
// and the JS/TS of the project's node_modules. Each tree runs in a child
// process of its own, so its memory figure is its own. See README.md for the
// command and the targets.
#include "tree_run.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace {

using acdc::bench::TreeFigures;

struct Options {
  std::vector<std::pair<std::string, std::string>> trees;
  unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  std::string ctags = "/usr/bin/ctags";
  std::string work = "/tmp";
};

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string arg = argv[i], value = argv[i + 1];
    if (arg == "--tree" && value.find('=') != std::string::npos)
      o.trees.emplace_back(value.substr(0, value.find('=')), value.substr(value.find('=') + 1));
    else if (arg == "--threads") o.threads = static_cast<unsigned>(std::stoul(value));
    else if (arg == "--ctags") o.ctags = value;
    else if (arg == "--work") o.work = value;
    else throw std::invalid_argument("unknown option " + arg);
  }
  if (o.trees.empty())
    o.trees = {{"boost (C++)", "/usr/include/boost"},
               {"python stdlib", "/usr/lib/python3.11"},
               {"node_modules (JS/TS)", ACDC_SOURCE_DIR "/node_modules"}};
  return o;
}

void print(const std::string& name, const TreeFigures& f) {
  auto ms = [](double s) { return s * 1000; };
  std::printf("\n%s: %zu files indexed (%zu skipped), ctags %zu tags\n", name.c_str(), f.files, f.skipped, f.ctags_tags);
  std::printf("  ctags -R                 %8.0f ms wall (%.0f ms CPU)\n", ms(f.ctags_wall), ms(f.ctags_cpu));
  std::printf("  parse floor (tree-sitter)%8.0f ms wall   = %.2fx ctags\n", ms(f.floor), f.floor / f.ctags_wall);
  std::printf("  cold index + map         %8.0f ms wall   = %.2fx ctags   target <= 2x   "
              "(parse %.0f, graph %.0f, render %.0f ms)\n",
              ms(f.cold), f.cold / f.ctags_wall, ms(f.cold_parse), ms(f.cold_graph), ms(f.cold_render));
  std::printf("  warm start from cache    %8.1f ms        = %.1f%% of cold   target < 10%%   (cache written in %.0f ms)\n",
              ms(f.warm), 100 * f.warm / f.cold, ms(f.save));
  std::printf("  one file changed         %8.1f ms update, %.1f ms with the map's text   target < 20 ms   (%s)\n",
              ms(f.one_file), ms(f.one_file_text), f.changed_file.c_str());
  std::printf("    without the watcher    %8.1f ms update (every file stat'ed)\n", ms(f.one_file_sweep));
  std::printf("  nothing changed          %8.2f ms update, %.1f ms without the watcher\n", ms(f.no_change),
              ms(f.no_change_sweep));
  std::printf("  memory                   %8.1f MiB per 10,000 files\n", f.rss_mib_per_10k);
  std::printf("  map                      %8zu tokens, %.0f per file\n", f.map_tokens,
              static_cast<double>(f.map_tokens) / std::max<std::size_t>(1, f.files));
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  try {
    o = parse(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "acdc-bench-symbols: " << e.what()
              << "\nusage: acdc-bench-symbols [--tree NAME=DIR]... [--threads N] [--ctags PATH] [--work DIR]\n";
    return 2;
  }
  std::printf("threads %u, peer %s\n", o.threads, o.ctags.c_str());
  int status = 0;
  for (size_t i = 0; i < o.trees.size(); ++i) {
    const auto& [name, dir] = o.trees[i];
    std::fflush(stdout);
    pid_t pid = ::fork();
    if (pid == 0) {  // measures and prints; its memory is this tree's alone
      std::string copy = o.work + "/acdc-bench-symbols-" + std::to_string(::getpid());
      TreeFigures f = acdc::bench::run_tree(dir, copy, o.threads, o.ctags);
      print(name, f);
      if (!f.error.empty()) std::fprintf(stderr, "%s: %s\n", name.c_str(), f.error.c_str());
      std::fflush(stdout);
      ::_exit(f.error.empty() ? 0 : 1);
    }
    int child = 0;
    ::waitpid(pid, &child, 0);
    if (!WIFEXITED(child) || WEXITSTATUS(child) != 0) status = 1;
  }
  return status;
}
