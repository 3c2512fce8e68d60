// lang/syntax.hpp -- small tools over the tree-sitter C API for the
// extractors: node kinds looked up by symbol id instead of by string, field
// ids, node text, and a parsed tree that frees itself.
//
//   enum class K : uint8_t { other, call };
//   NodeKinds<K> kinds(lang, {{"call", K::call}});
//   if (kinds(node) == K::call) name = text(ts_node_child_by_field_id(node, f.function), src);
#pragma once

#include <tree_sitter/api.h>

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace acdc::symbols {

// Maps every symbol id of a grammar whose name is listed to a kind; all other
// ids map to K{} ("other"). Aliased symbols share a name, so they all map.
template <class K>
class NodeKinds {
 public:
  NodeKinds(const TSLanguage* lang, std::initializer_list<std::pair<std::string_view, K>> names) {
    uint32_t count = ts_language_symbol_count(lang);
    kinds_.assign(count, K{});
    for (uint32_t id = 0; id < count; ++id) {
      if (ts_language_symbol_type(lang, static_cast<TSSymbol>(id)) != TSSymbolTypeRegular) continue;
      std::string_view name = ts_language_symbol_name(lang, static_cast<TSSymbol>(id));
      for (const auto& [wanted, kind] : names)
        if (name == wanted) kinds_[id] = kind;
    }
  }
  K operator()(TSNode node) const {
    if (ts_node_is_null(node)) return K{};
    TSSymbol id = ts_node_symbol(node);
    return id < kinds_.size() ? kinds_[id] : K{};
  }

 private:
  std::vector<K> kinds_;
};

inline TSFieldId field_id(const TSLanguage* lang, std::string_view name) {
  return ts_language_field_id_for_name(lang, name.data(), static_cast<uint32_t>(name.size()));
}

// The runtime's node functions are not defined on a null node (a missing
// field of a broken tree); these wrappers are, and give null or nothing.
inline TSNode field(TSNode node, TSFieldId id) {
  return ts_node_is_null(node) || id == 0 ? TSNode{} : ts_node_child_by_field_id(node, id);
}
inline TSNode named_child(TSNode node, uint32_t index) {
  return ts_node_is_null(node) ? TSNode{} : ts_node_named_child(node, index);
}
inline std::string_view type_of(TSNode node) { return ts_node_is_null(node) ? std::string_view() : ts_node_type(node); }

inline std::string_view text(TSNode node, std::string_view source) {
  if (ts_node_is_null(node)) return {};
  uint32_t start = ts_node_start_byte(node), end = ts_node_end_byte(node);
  if (end > source.size() || start > end) return {};
  return source.substr(start, end - start);
}

inline bool is_error(TSNode node) {
  // Debian's 0.20 runtime has no ts_node_is_error.
  return std::string_view(ts_node_type(node)) == "ERROR";
}

// The named children of a node, for range-for. Walks a cursor: indexing
// children one by one (ts_node_named_child) costs O(n) each in the runtime.
class NamedChildren {
 public:
  explicit NamedChildren(TSNode node) : valid_(!ts_node_is_null(node)) {
    if (!valid_) return;
    cursor_ = ts_tree_cursor_new(node);
    has_ = ts_tree_cursor_goto_first_child(&cursor_);
    skip_unnamed();
  }
  ~NamedChildren() {
    if (valid_) ts_tree_cursor_delete(&cursor_);
  }
  NamedChildren(const NamedChildren&) = delete;
  NamedChildren& operator=(const NamedChildren&) = delete;

  struct End {};
  struct Iterator {
    NamedChildren* self;
    TSNode operator*() const { return ts_tree_cursor_current_node(&self->cursor_); }
    Iterator& operator++() {
      self->advance();
      return *this;
    }
    bool operator!=(End) const { return self->has_; }
  };
  Iterator begin() { return {this}; }
  End end() { return {}; }

 private:
  void skip_unnamed() {
    while (has_ && !ts_node_is_named(ts_tree_cursor_current_node(&cursor_)))
      has_ = ts_tree_cursor_goto_next_sibling(&cursor_);
  }
  void advance() {
    has_ = ts_tree_cursor_goto_next_sibling(&cursor_);
    skip_unnamed();
  }

  bool valid_;
  bool has_ = false;
  TSTreeCursor cursor_{};
};

struct TreeDeleter {
  void operator()(TSTree* tree) const { ts_tree_delete(tree); }
};
using TreePtr = std::unique_ptr<TSTree, TreeDeleter>;

struct ParserDeleter {
  void operator()(TSParser* parser) const { ts_parser_delete(parser); }
};
using ParserPtr = std::unique_ptr<TSParser, ParserDeleter>;

// Whitespace runs collapsed to one space, for signatures shown to a reader.
std::string collapse_whitespace(std::string_view s);

}  // namespace acdc::symbols
