// bb7/edit/anchored.hpp -- anchored changes as bb7.md §8.2 describes them: a
// region found by a start anchor (1-10 lines, passes 1-3 of §8.1) and an
// optional end anchor searched after it, replaced by `content`; no-ops are
// dropped, overlaps refused, all applied bottom-up or none.
//
//   AnchoredChange c{{"int f() {"}, {"}"}, {"int f() { return 1; }"}};
//   std::string out = apply_anchored(text, {c});   // throws AnchoredError
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace acdc::adapters::bb7 {

struct AnchoredChange {
  std::vector<std::string> start;
  std::vector<std::string> end;  // empty: the region is the start lines
  std::vector<std::string> content;
};

// `index` is the 1-based change that failed (0: the batch as a whole, e.g. an
// overlap); what() is the reason ("anchor not found", "end: anchor not found").
class AnchoredError : public std::runtime_error {
 public:
  AnchoredError(std::size_t index, const std::string& reason) : std::runtime_error(reason), index(index) {}
  std::size_t index;
};

std::string apply_anchored(std::string_view content, const std::vector<AnchoredChange>& changes);

}  // namespace acdc::adapters::bb7
