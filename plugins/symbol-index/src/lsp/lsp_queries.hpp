// lsp/lsp_queries.hpp -- hover, go-to-definition, references and
// completions from the index (acdc-features.md §4.1 "LSP"), for the file
// viewer and any editor that asks. Coordinates in and out are 1-based, as
// Monaco and the reference use them, columns in UTF-16 code units as
// editors count them; the index's own ranges are 0-based bytes.
//
// The name under the cursor is read from the file on disk, then resolved as
// a call made from that file would be (graph/symbol_graph.hpp), falling
// back to a definition in the same file, then to the one definition in the
// repository.
//
//   LspQueries q(index);
//   std::optional<Definition> d = q.definition("src/a.py", 12, 9);
//   std::vector<Definition> all = q.definitions_named("parse_config", 20);
#pragma once

#include "index/repo_index.hpp"

#include <optional>
#include <string>
#include <vector>

namespace acdc::symbols {

// References one query answers at most: each costs a read of its line.
inline constexpr size_t kMaxReferences = 500;

struct Location {
  std::string file;
  Range range;  // 1-based lines and columns
};

struct Definition {
  Location location;
  const char* kind;        // "class", "function", ...
  std::string header;      // the declaration as written (its first lines)
  std::uint32_t references = 0;
  // The defining file's language as it was parsed: a ".h" file's name does
  // not say whether it is C or C++ (lang/language.hpp).
  Language language = Language::none;
};

struct Completion {
  std::string label;
  int kind;  // Monaco's CompletionItemKind
  std::string detail;
};

class LspQueries {
 public:
  explicit LspQueries(const RepoIndex& index) : index_(index) {}

  std::optional<Definition> definition(const std::string& path, int line, int col) const;
  std::vector<Location> references(const std::string& path, int line, int col) const;
  // By name, for a caller with no cursor (an agent over MCP): every
  // definition of `name` (at most `limit`, most referenced first), and the
  // call sites that resolve to the one in `definer` (any, when empty).
  std::vector<Definition> definitions_named(const std::string& name, size_t limit) const;
  std::vector<Location> references_named(const std::string& name, const std::string& definer,
                                         size_t limit = kMaxReferences) const;
  // `prefix` empty: the identifier part before the cursor.
  std::vector<Completion> completions(const std::string& path, int line, int col, std::string prefix) const;

 private:
  const RepoIndex& index_;
};

// The identifier at 1-based (line, col) of `text`, col in UTF-16 units, or
// "" (a cursor just after a name counts as on it, as editors place it).
std::string word_at(std::string_view text, int line, int col, bool before_only = false);

}  // namespace acdc::symbols
