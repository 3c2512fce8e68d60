// The packed form the index keeps each file's symbols in
// (index/packed_symbols.hpp): what goes in comes out, field for field.
#include "index/packed_symbols.hpp"

#include <catch2/catch.hpp>

using namespace acdc::symbols;

namespace {

FileSymbols sample() {
  Symbol method{.name = "run", .kind = SymbolKind::method, .range = {4, 2, 9, 3}};
  method.parameters = {{"self", false, false, false}, {"args", false, true, false}, {"opts", true, false, true}};
  method.return_type = "int";
  method.call_sites = {{"helper", 5, true}, {"log", 7, false}};
  method.is_async = true;
  Symbol cls{.name = "ns::Runner", .kind = SymbolKind::class_, .range = {1, 0, 10, 1}};
  cls.bases = {"Base", "Mixin"};
  cls.instance_vars = {"count"};
  cls.children = {method};
  FileSymbols f;
  f.symbols = {cls, Symbol{.name = "LIMIT", .kind = SymbolKind::variable}};
  f.imports = {{"os.path", {"join", "split"}, "p", 2, 0}, {"vector", {}, "", 0, 1}};
  f.file_calls = {{"main", 12, false}};
  return f;
}

}  // namespace

TEST_CASE("packed symbols unpack to the same tree, with the record's path", "[packed]") {
  const FileSymbols in = sample();
  const FileSymbols out = PackedSymbols(in).unpack("src/run.py");
  CHECK(out.path == "src/run.py");
  REQUIRE(out.symbols.size() == 2);
  const Symbol& cls = out.symbols[0];
  CHECK(cls.name == "ns::Runner");
  CHECK(cls.kind == SymbolKind::class_);
  CHECK(cls.bases == std::vector<std::string>{"Base", "Mixin"});
  CHECK(cls.instance_vars == std::vector<std::string>{"count"});
  REQUIRE(cls.children.size() == 1);
  const Symbol& m = cls.children[0];
  CHECK((m.range.start_line == 4 && m.range.start_col == 2 && m.range.end_line == 9 && m.range.end_col == 3));
  REQUIRE(m.parameters.size() == 3);
  CHECK((m.parameters[1].name == "args" && m.parameters[1].is_vararg && !m.parameters[1].has_default));
  CHECK((m.parameters[2].has_default && m.parameters[2].is_kwarg));
  CHECK(m.return_type == "int");
  REQUIRE(m.call_sites.size() == 2);
  CHECK((m.call_sites[0].name == "helper" && m.call_sites[0].line == 5 && m.call_sites[0].is_conditional));
  CHECK(m.is_async);
  CHECK(out.symbols[1].kind == SymbolKind::variable);
  REQUIRE(out.file_calls.size() == 1);
  CHECK(out.file_calls[0].name == "main");
  // Packing what was unpacked gives the same bytes: the form is canonical.
  CHECK(PackedSymbols(out).bytes() == PackedSymbols(in).bytes());
}

TEST_CASE("a record's imports are read without unpacking its symbols", "[packed]") {
  const std::vector<Import> imports = PackedSymbols(sample()).imports();
  REQUIRE(imports.size() == 2);
  CHECK(imports[0].module == "os.path");
  CHECK(imports[0].names == std::vector<std::string>{"join", "split"});
  CHECK((imports[0].alias == "p" && imports[0].level == 2));
  CHECK((imports[1].module == "vector" && imports[1].line == 1));
  CHECK(PackedSymbols().imports().empty());
  CHECK(PackedSymbols().unpack("a.c").symbols.empty());
}

TEST_CASE("bytes that do not unpack are refused when adopted, saying why", "[packed]") {
  const std::string good = PackedSymbols(sample()).bytes();
  CHECK(PackedSymbols::adopt(good).bytes() == good);
  CHECK_THROWS_WITH(PackedSymbols::adopt(good.substr(0, good.size() - 1)), "the file ends early");  // the last flag cut off
  CHECK_THROWS_WITH(PackedSymbols::adopt(good + "x"), "a file's symbols are followed by stray bytes");
}
