// extract/walk.hpp -- a depth-first walk of a subtree that knows whether each
// node sits under a conditional (if, loop, try, switch, ?:), for the call
// sites of §7.1. A template over the language's rules so that the walk, which
// visits every node of every function body, makes no indirect call per node.
//
//   struct Rules {
//     bool is_conditional(TSNode n) const;
//     void visit(TSNode n, bool under_conditional);   // every node, in order
//   };
//   walk(function_body, rules);
#pragma once

#include <tree_sitter/api.h>

#include <cstdint>
#include <vector>

namespace acdc::symbols {

template <class Rules>
void walk(TSNode root, Rules& rules) {
  if (ts_node_is_null(root)) return;
  TSTreeCursor cursor = ts_tree_cursor_new(root);
  std::vector<std::uint8_t> entered;  // per open level: was its node conditional
  int conditional = 0;
  for (;;) {
    TSNode node = ts_tree_cursor_current_node(&cursor);
    rules.visit(node, conditional > 0);
    if (ts_tree_cursor_goto_first_child(&cursor)) {
      std::uint8_t c = rules.is_conditional(node) ? 1 : 0;
      entered.push_back(c);
      conditional += c;
      continue;
    }
    bool done = false;
    while (!ts_tree_cursor_goto_next_sibling(&cursor)) {
      if (entered.empty() || !ts_tree_cursor_goto_parent(&cursor)) {
        done = true;
        break;
      }
      conditional -= entered.back();
      entered.pop_back();
    }
    if (done || entered.empty()) break;
  }
  ts_tree_cursor_delete(&cursor);
}

}  // namespace acdc::symbols
