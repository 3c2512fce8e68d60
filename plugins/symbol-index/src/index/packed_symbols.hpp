// index/packed_symbols.hpp -- one file's symbols as the index keeps them:
// packed into bytes (the varint form of cache/binary_codec.hpp), and
// unpacked only while a reader needs them.
//
// Why: a FileSymbols tree is a few hundred bytes of struct per symbol and a
// heap block per name list; over /usr/include/boost (15,421 files, 238,000
// symbols, 393,000 calls) that is ~114 MB held for as long as acdc runs. The
// same content packed is ~26 MB, and the disk cache stores it as it is. What
// is read on every turn (the blocks, the graph's names and edges) is kept
// apart, so unpacking happens only when a file changes, for a look-up (hover,
// definition, completions) or when the rank model is built again.
//
//   PackedSymbols p(extracted);                      // on the parsing thread
//   FileSymbols f = p.unpack("src/a.py");            // the same tree again
//   for (const Import& i : p.imports()) ...          // without the rest
//   PackedSymbols q = PackedSymbols::adopt(bytes);   // from the disk cache; throws if malformed
#pragma once

#include "model/symbol.hpp"

#include <string>
#include <vector>

namespace acdc::symbols {

class PackedSymbols {
 public:
  PackedSymbols() = default;
  explicit PackedSymbols(const FileSymbols& symbols);

  // Takes bytes `bytes()` once returned; throws std::runtime_error saying
  // what is wrong when they do not unpack, so a damaged cache entry is
  // refused when it is read, never later in a query.
  static PackedSymbols adopt(std::string bytes);

  // The tree again, with `path` as its path (the record keeps the path).
  FileSymbols unpack(const std::string& path) const;
  // Only the imports: the graph resolves them for every file when the set
  // of files changes, and needs nothing else then.
  std::vector<Import> imports() const;

  const std::string& bytes() const { return bytes_; }

 private:
  std::string bytes_;
};

}  // namespace acdc::symbols
