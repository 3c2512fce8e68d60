#include "html/html_text.hpp"

#include "html/text_writer.hpp"

#include <acdc/sdk/utf8.hpp>
#include <gumbo.h>

#include <memory>
#include <vector>

namespace acdc::urls {
namespace {

const GumboVector& children(const GumboNode* n) {
  return n->type == GUMBO_NODE_DOCUMENT ? n->v.document.children : n->v.element.children;
}

const char* attr(const GumboNode* n, const char* name) {
  const GumboAttribute* a = gumbo_get_attribute(&n->v.element.attributes, name);
  return a ? a->value : nullptr;
}

bool is_element(const GumboNode* n, GumboTag tag) { return n->type == GUMBO_NODE_ELEMENT && n->v.element.tag == tag; }

// Elements whose content is not the page's text (§6: scripts, styles,
// navigation and footers dropped).
bool skipped(const GumboNode* n, bool in_main) {
  switch (n->v.element.tag) {
    case GUMBO_TAG_SCRIPT: case GUMBO_TAG_STYLE: case GUMBO_TAG_NOSCRIPT: case GUMBO_TAG_TEMPLATE:
    case GUMBO_TAG_NAV: case GUMBO_TAG_FOOTER: case GUMBO_TAG_ASIDE: case GUMBO_TAG_FORM:
    case GUMBO_TAG_BUTTON: case GUMBO_TAG_SELECT: case GUMBO_TAG_TEXTAREA: case GUMBO_TAG_IFRAME:
    case GUMBO_TAG_SVG: case GUMBO_TAG_MATH: case GUMBO_TAG_CANVAS: case GUMBO_TAG_OBJECT:
    case GUMBO_TAG_HEAD:
      return true;
    case GUMBO_TAG_HEADER:
      return !in_main;  // a page's banner, not an article's own header
    default:
      break;
  }
  if (attr(n, "hidden")) return true;
  if (const char* hidden = attr(n, "aria-hidden"); hidden && std::string_view(hidden) == "true") return true;
  const char* role = attr(n, "role");
  return role && (std::string_view(role) == "navigation" || std::string_view(role) == "banner" ||
                  std::string_view(role) == "contentinfo");
}

class Renderer {
 public:
  explicit Renderer(TextWriter& out) : out_(out) {}

  void node(const GumboNode* n, bool in_main) {
    if (n->type == GUMBO_NODE_TEXT || n->type == GUMBO_NODE_WHITESPACE || n->type == GUMBO_NODE_CDATA)
      return out_.text(n->v.text.text);
    if (n->type != GUMBO_NODE_ELEMENT && n->type != GUMBO_NODE_DOCUMENT) return;
    if (n->type == GUMBO_NODE_ELEMENT && skipped(n, in_main)) return;
    if (n->type == GUMBO_NODE_DOCUMENT) return kids(n, in_main);
    element(n, in_main);
  }

 private:
  void kids(const GumboNode* n, bool in_main) {
    const GumboVector& v = children(n);
    for (unsigned i = 0; i < v.length; ++i) node(static_cast<const GumboNode*>(v.data[i]), in_main);
  }

  void element(const GumboNode* n, bool in_main) {
    const GumboTag tag = n->v.element.tag;
    in_main = in_main || tag == GUMBO_TAG_MAIN || tag == GUMBO_TAG_ARTICLE;
    switch (tag) {
      case GUMBO_TAG_H1: case GUMBO_TAG_H2: case GUMBO_TAG_H3:
      case GUMBO_TAG_H4: case GUMBO_TAG_H5: case GUMBO_TAG_H6:
        out_.block();
        out_.raw(std::string(tag - GUMBO_TAG_H1 + 1, '#') + " ");
        kids(n, in_main);
        return out_.block();
      case GUMBO_TAG_BR: return out_.line();
      case GUMBO_TAG_HR: out_.block(); out_.raw("---"); return out_.block();
      case GUMBO_TAG_PRE: return pre(n);
      case GUMBO_TAG_CODE: case GUMBO_TAG_KBD: case GUMBO_TAG_SAMP: return wrapped(n, in_main, "`");
      case GUMBO_TAG_B: case GUMBO_TAG_STRONG: return wrapped(n, in_main, "**");
      case GUMBO_TAG_A: return link(n, in_main);
      case GUMBO_TAG_UL: case GUMBO_TAG_OL: return list(n, in_main, tag == GUMBO_TAG_OL);
      case GUMBO_TAG_TABLE: return table(n, in_main);
      case GUMBO_TAG_IMG: return;
      case GUMBO_TAG_P: case GUMBO_TAG_DIV: case GUMBO_TAG_SECTION: case GUMBO_TAG_ARTICLE:
      case GUMBO_TAG_MAIN: case GUMBO_TAG_BLOCKQUOTE: case GUMBO_TAG_DL: case GUMBO_TAG_DT:
      case GUMBO_TAG_DD: case GUMBO_TAG_FIGURE: case GUMBO_TAG_FIGCAPTION: case GUMBO_TAG_DETAILS:
      case GUMBO_TAG_SUMMARY: case GUMBO_TAG_HEADER: case GUMBO_TAG_ADDRESS: case GUMBO_TAG_LI:
      case GUMBO_TAG_CAPTION:
        out_.block();
        kids(n, in_main);
        return out_.block();
      default:
        return kids(n, in_main);
    }
  }

  void wrapped(const GumboNode* n, bool in_main, const char* mark) {
    if (out_.verbatim()) return kids(n, in_main);
    out_.inline_mark(mark);
    kids(n, in_main);
    out_.close_mark(mark);
  }

  void link(const GumboNode* n, bool in_main) {
    const char* href = attr(n, "href");
    std::string_view h = href ? href : "";
    bool keep = !h.empty() && !h.starts_with("#") && !h.starts_with("javascript:") && !out_.verbatim();
    if (!keep) return kids(n, in_main);
    out_.inline_mark("[");
    kids(n, in_main);
    out_.close_mark("](" + std::string(h) + ")");
  }

  void pre(const GumboNode* n) {
    out_.block();
    out_.raw("```");
    out_.line();
    out_.set_verbatim(true);
    kids(n, true);
    out_.set_verbatim(false);
    out_.end_line();
    out_.raw("```");
    out_.block();
  }

  void list(const GumboNode* n, bool in_main, bool ordered) {
    out_.block();
    int number = 0;
    const GumboVector& v = n->v.element.children;
    for (unsigned i = 0; i < v.length; ++i) {
      auto* item = static_cast<const GumboNode*>(v.data[i]);
      if (!is_element(item, GUMBO_TAG_LI)) {
        node(item, in_main);
        continue;
      }
      out_.end_line();
      out_.raw(std::string(depth_ * 2, ' ') + (ordered ? std::to_string(++number) + ". " : "- "));
      ++depth_;
      out_.set_list_item(true);
      kids(item, in_main);
      out_.set_list_item(false);
      --depth_;
    }
    out_.block();
  }

  void table(const GumboNode* n, bool in_main);
  void rows(const GumboNode* n, bool in_main, std::vector<std::vector<std::string>>& out, int& header_rows);

  TextWriter& out_;
  int depth_ = 0;
};

void Renderer::rows(const GumboNode* n, bool in_main, std::vector<std::vector<std::string>>& out, int& header_rows) {
  const GumboVector& v = n->v.element.children;
  for (unsigned i = 0; i < v.length; ++i) {
    auto* c = static_cast<const GumboNode*>(v.data[i]);
    if (c->type != GUMBO_NODE_ELEMENT) continue;
    GumboTag t = c->v.element.tag;
    if (t == GUMBO_TAG_THEAD || t == GUMBO_TAG_TBODY || t == GUMBO_TAG_TFOOT) {
      rows(c, in_main, out, header_rows);
    } else if (t == GUMBO_TAG_TR) {
      auto& row = out.emplace_back();
      bool all_th = true;
      const GumboVector& cells = c->v.element.children;
      for (unsigned k = 0; k < cells.length; ++k) {
        auto* cell = static_cast<const GumboNode*>(cells.data[k]);
        if (!is_element(cell, GUMBO_TAG_TD) && !is_element(cell, GUMBO_TAG_TH)) continue;
        all_th = all_th && is_element(cell, GUMBO_TAG_TH);
        TextWriter sub;
        Renderer(sub).kids(cell, in_main);
        row.push_back(sub.cell_text());
      }
      if (all_th && !row.empty() && header_rows == static_cast<int>(out.size()) - 1) ++header_rows;
    }
  }
}

void Renderer::table(const GumboNode* n, bool in_main) {
  std::vector<std::vector<std::string>> grid;
  int header_rows = 0;
  rows(n, in_main, grid, header_rows);
  out_.block();
  size_t width = 0;
  for (const auto& r : grid) width = std::max(width, r.size());
  for (size_t r = 0; r < grid.size(); ++r) {
    if (grid[r].empty()) continue;
    std::string line = "|";
    for (size_t c = 0; c < width; ++c) line += " " + (c < grid[r].size() ? grid[r][c] : std::string()) + " |";
    out_.raw(line);
    out_.line();
    if (static_cast<int>(r) + 1 == std::max(header_rows, 1)) {
      std::string rule = "|";
      for (size_t c = 0; c < width; ++c) rule += " --- |";
      out_.raw(rule);
      out_.line();
    }
  }
  out_.block();
}

const GumboNode* find_first(const GumboNode* n, GumboTag tag) {
  if (is_element(n, tag)) return n;
  if (n->type != GUMBO_NODE_ELEMENT && n->type != GUMBO_NODE_DOCUMENT) return nullptr;
  const GumboVector& v = children(n);
  for (unsigned i = 0; i < v.length; ++i)
    if (const GumboNode* f = find_first(static_cast<const GumboNode*>(v.data[i]), tag)) return f;
  return nullptr;
}

int count_tags(const GumboNode* n, GumboTag tag) {
  if (n->type != GUMBO_NODE_ELEMENT && n->type != GUMBO_NODE_DOCUMENT) return 0;
  int count = is_element(n, tag) ? 1 : 0;
  const GumboVector& v = children(n);
  for (unsigned i = 0; i < v.length; ++i) count += count_tags(static_cast<const GumboNode*>(v.data[i]), tag);
  return count;
}

std::string text_of(const GumboNode* n) {
  TextWriter w;
  const GumboVector& v = n->v.element.children;
  for (unsigned i = 0; i < v.length; ++i) {
    auto* c = static_cast<const GumboNode*>(v.data[i]);
    if (c->type == GUMBO_NODE_TEXT || c->type == GUMBO_NODE_WHITESPACE) w.text(c->v.text.text);
  }
  return w.cell_text();
}

void read_head(const GumboNode* root, PageText& page) {
  if (const GumboNode* title = find_first(root, GUMBO_TAG_TITLE)) page.title = text_of(title);
  const GumboNode* head = find_first(root, GUMBO_TAG_HEAD);
  if (!head) return;
  const GumboVector& v = head->v.element.children;
  for (unsigned i = 0; i < v.length; ++i) {
    auto* m = static_cast<const GumboNode*>(v.data[i]);
    if (!is_element(m, GUMBO_TAG_META)) continue;
    const char* name = attr(m, "name");
    const char* content = attr(m, "content");
    if (name && content && std::string_view(name) == "description") page.description = content;
  }
}

}  // namespace

PageText html_to_text(std::string_view html) {
  GumboOptions options = kGumboDefaultOptions;
  options.max_errors = 0;  // the error list costs time and says nothing the reader needs
  std::unique_ptr<GumboOutput, void (*)(GumboOutput*)> doc(
      gumbo_parse_with_options(&options, html.data(), html.size()),
      [](GumboOutput* o) { gumbo_destroy_output(&kGumboDefaultOptions, o); });
  PageText page;
  read_head(doc->root, page);
  const GumboNode* body = find_first(doc->root, GUMBO_TAG_MAIN);
  if (!body && count_tags(doc->root, GUMBO_TAG_ARTICLE) == 1) body = find_first(doc->root, GUMBO_TAG_ARTICLE);
  if (!body) body = find_first(doc->root, GUMBO_TAG_BODY);
  TextWriter out;
  if (body) Renderer(out).node(body, body->v.element.tag != GUMBO_TAG_BODY);
  // Gumbo turns an out-of-range character reference (&#x1F6099999999999990;,
  // found by fuzz/html_text) into a lone byte, not U+FFFD: what the model
  // and the JSON writer get must be UTF-8 whatever the parser hands back.
  page.text = to_valid_utf8(out.finish());
  page.title = to_valid_utf8(page.title);
  page.description = to_valid_utf8(page.description);
  return page;
}

}  // namespace acdc::urls
