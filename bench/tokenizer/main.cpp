// acdc-bench-tokenizer -- cl100k_base throughput of acdc's C++ tokenizer
// against gpt-tokenizer running in node, on the same text in the same run.
// The text is every source and Markdown file of the tree (code, prose and
// some non-ASCII), or --text FILE. Both sides must produce the same number of
// tokens, or the run fails. See README.md for the command and the target.
#include "tokenizer/tokenizer.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

struct Options {
  std::string text_file;
  std::string node_script = ACDC_BENCH_SOURCE_DIR "/node_encode.mjs";
  int runs = 5;
};

std::string corpus_from_tree() {
  std::string text;
  for (const char* dir : {"host", "sdk", "plugins", "plugin-api", "tests", "../shared/specs"}) {
    fs::path root = fs::path(ACDC_SOURCE_DIR) / dir;
    if (!fs::exists(root)) continue;
    std::vector<fs::path> files;
    for (const auto& e : fs::recursive_directory_iterator(root))
      if (e.is_regular_file() && (e.path().extension() == ".cpp" || e.path().extension() == ".hpp" ||
                                  e.path().extension() == ".md"))
        files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
      std::ifstream in(f, std::ios::binary);
      text.append(std::istreambuf_iterator<char>(in), {});
    }
  }
  return text;
}

// The best run: the machine is shared, and slow outliers are other load.
double best(const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); }

// Runs node on the file; returns {tokens, median seconds}.
std::pair<long, double> run_node(const Options& o, const std::string& file) {
  std::string cmd = "node " + o.node_script + " " + file + " " + std::to_string(o.runs);
  FILE* pipe = popen(cmd.c_str(), "r");
  if (!pipe) throw std::runtime_error("cannot run: " + cmd);
  std::string out;
  char buf[4096];
  while (std::size_t n = fread(buf, 1, sizeof buf, pipe)) out.append(buf, n);
  if (pclose(pipe) != 0) throw std::runtime_error("node failed (run `npm ci` first): " + cmd);
  long tokens = std::stol(out.substr(out.find(':') + 1));
  std::vector<double> seconds;
  std::istringstream list(out.substr(out.find('[') + 1));
  for (std::string s; std::getline(list, s, ',');) seconds.push_back(std::stod(s));
  return {tokens, best(seconds)};
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string a = argv[i];
    if (a == "--text") o.text_file = argv[i + 1];
    else if (a == "--runs") o.runs = std::stoi(argv[i + 1]);
    else if (a == "--node-script") o.node_script = argv[i + 1];
  }
  try {
    std::string text;
    std::string file = o.text_file;
    if (file.empty()) {
      text = corpus_from_tree();
      file = (fs::temp_directory_path() / "acdc-bench-tokenizer.txt").string();
      std::ofstream(file, std::ios::binary) << text;
    } else {
      std::ifstream in(file, std::ios::binary);
      text.assign(std::istreambuf_iterator<char>(in), {});
    }
    const auto& tok = acdc::llm::Tokenizer::cl100k();
    std::size_t tokens = tok.count(text);  // warm-up
    std::vector<double> seconds;
    for (int i = 0; i < o.runs; ++i) {
      auto start = std::chrono::steady_clock::now();
      tokens = tok.count(text);
      seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    double cpp = best(seconds);
    auto [node_tokens, node] = run_node(o, file);
    double mb = text.size() / 1e6;
    std::printf("text: %.2f MB, %zu tokens (node: %ld)\n", mb, tokens, node_tokens);
    std::printf("acdc C++      : %8.1f ms  %7.2f MB/s  %9.0f tokens/s\n", cpp * 1e3, mb / cpp, tokens / cpp);
    std::printf("gpt-tokenizer : %8.1f ms  %7.2f MB/s  %9.0f tokens/s\n", node * 1e3, mb / node, node_tokens / node);
    std::printf("speed-up      : %.2fx (target >= 3x)\n", node / cpp);
    if (static_cast<long>(tokens) != node_tokens) {
      std::fprintf(stderr, "token counts differ: the tokenizers disagree on this text\n");
      return 1;
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "acdc-bench-tokenizer: %s\n", e.what());
    return 1;
  }
}
