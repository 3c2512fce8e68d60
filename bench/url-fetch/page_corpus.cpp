#include "page_corpus.hpp"

#include <array>
#include <random>

namespace acdc::bench {
namespace {

constexpr std::array<const char*, 32> kWords = {
    "the", "request", "returns", "a", "value", "of", "buffer", "stream", "when", "parser", "reads", "each",
    "token", "and", "configuration", "option", "is", "set", "to", "default", "function", "called", "with",
    "arguments", "error", "handler", "module", "imports", "type", "instance", "method", "result"};

class Writer {
 public:
  explicit Writer(unsigned seed) : rng_(seed) {}

  std::string words(int n) {
    std::string s;
    for (int i = 0; i < n; ++i) s += std::string(i ? " " : "") + kWords[rng_() % kWords.size()];
    return s;
  }

  std::string paragraph() {
    std::string p = "<p>";
    for (int i = 0; i < 5; ++i) {
      p += words(8 + static_cast<int>(rng_() % 10));
      switch (rng_() % 4) {
        case 0: p += " <code>" + words(1) + "()</code>"; break;
        case 1: p += " <a href=\"/docs/" + words(1) + ".html#" + words(1) + "\">" + words(2) + "</a>"; break;
        case 2: p += " <strong>" + words(2) + "</strong>"; break;
        default: p += " <em>" + words(2) + "</em>"; break;
      }
      p += ". ";
    }
    return p + "</p>\n";
  }

  std::string list() {
    std::string l = "<ul class=\"simple\">\n";
    for (int i = 0; i < 6; ++i) l += "  <li><p>" + words(6) + " <code>" + words(1) + "</code></p></li>\n";
    return l + "</ul>\n";
  }

  std::string table() {
    std::string t = "<table class=\"docutils\"><thead><tr><th>Name</th><th>Type</th><th>Description</th></tr></thead><tbody>\n";
    for (int i = 0; i < 8; ++i)
      t += "<tr><td><code>" + words(1) + "</code></td><td>" + words(1) + "</td><td>" + words(9) + "</td></tr>\n";
    return t + "</tbody></table>\n";
  }

  std::string code() {
    std::string c = "<div class=\"highlight\"><pre><span class=\"k\">def</span> <span class=\"nf\">" + words(1) + "</span>(x):\n";
    for (int i = 0; i < 8; ++i) c += "    <span class=\"n\">" + words(1) + "</span> = " + words(1) + "(x, " + std::to_string(i) + ")\n";
    return c + "    <span class=\"k\">return</span> x\n</pre></div>\n";
  }

  std::string nav() {
    std::string n = "<nav class=\"sidebar\"><ul>";
    for (int i = 0; i < 40; ++i) n += "<li><a href=\"/docs/" + words(1) + ".html\">" + words(2) + "</a></li>";
    return n + "</ul></nav>\n";
  }

  std::string page(std::size_t bytes) {
    std::string h = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + words(3) +
                    " — Documentation</title>\n<meta name=\"description\" content=\"" + words(12) + "\">\n"
                    "<style>body{font-family:sans-serif}.highlight{background:#f8f8f8}</style>\n"
                    "<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}</script>\n"
                    "</head><body><header class=\"top\"><a href=\"/\">Home</a> " + words(4) + "</header>\n" + nav() +
                    "<main><article>\n";
    for (int section = 1; h.size() < bytes; ++section) {
      h += "<section id=\"s" + std::to_string(section) + "\"><h2>" + words(4) + "</h2>\n";
      h += paragraph() + paragraph();
      if (section % 2) h += list();
      h += "<h3>" + words(3) + "</h3>\n" + paragraph() + code();
      if (section % 3 == 0) h += table();
      h += "</section>\n";
    }
    return h + "</article></main><footer>&copy; 2026 " + words(5) + "</footer>\n"
               "<script src=\"/static/search.js\"></script></body></html>\n";
  }

 private:
  std::mt19937 rng_;
};

}  // namespace

std::vector<std::string> make_corpus(std::size_t pages, std::size_t bytes_each) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < pages; ++i) out.push_back(Writer(static_cast<unsigned>(i + 1)).page(bytes_each));
  return out;
}

}  // namespace acdc::bench
