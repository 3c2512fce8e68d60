// Import resolution per language (acdc-features.md §7.1).
#include "graph/import_resolver.hpp"

#include <catch2/catch.hpp>

using namespace acdc::symbols;

namespace {

Import py(std::string module, int level = 0, std::vector<std::string> names = {}) {
  Import i;
  i.module = std::move(module);
  i.level = level;
  i.names = std::move(names);
  return i;
}

Import spec(std::string module, int level = 0) { return py(std::move(module), level); }

}  // namespace

TEST_CASE("python: modules, packages, relative levels and src layouts", "[imports]") {
  ImportResolver r({"pkg/__init__.py", "pkg/a.py", "pkg/sub/__init__.py", "pkg/sub/b.py", "src/app/core.py",
                    "src/app/main.py"});
  CHECK(r.resolve(Language::python, "x.py", py("pkg.a")) == "pkg/a.py");
  CHECK(r.resolve(Language::python, "x.py", py("pkg.sub")) == "pkg/sub/__init__.py");
  CHECK(r.resolve(Language::python, "pkg/sub/b.py", py("a", 2)) == "pkg/a.py");           // from ..a import
  CHECK(r.resolve(Language::python, "pkg/sub/b.py", py("", 1)) == "pkg/sub/__init__.py");  // from . import
  CHECK(r.resolve(Language::python, "pkg/a.py", py("x", 3)).empty());                      // above the root
  CHECK(r.resolve(Language::python, "src/app/main.py", py("app.core")) == "src/app/core.py");
  CHECK(r.resolve(Language::python, "x.py", py("os.path")).empty());
  // from . import sub, nothing: sub is a package (its __init__.py is the
  // import's own target), nothing is no module at all.
  CHECK(r.python_submodules("pkg/a.py", py("", 1, {"sub", "nothing"})).empty());
  CHECK(r.python_submodules("x.py", py("pkg", 0, {"a"})) == std::vector<std::string>{"pkg/a.py"});
}

TEST_CASE("js/ts: relative paths with extension and index probing", "[imports]") {
  ImportResolver r({"src/a.ts", "src/b.js", "src/ui/index.tsx", "src/c.d.ts", "lib/x.mjs"});
  CHECK(r.resolve(Language::typescript, "src/main.ts", spec("./a")) == "src/a.ts");
  CHECK(r.resolve(Language::typescript, "src/main.ts", spec("./a.js")) == "src/a.ts");  // TypeScript's ESM style
  CHECK(r.resolve(Language::javascript, "src/main.js", spec("./b.js")) == "src/b.js");
  CHECK(r.resolve(Language::tsx, "src/main.tsx", spec("./ui")) == "src/ui/index.tsx");
  CHECK(r.resolve(Language::typescript, "src/main.ts", spec("./c")) == "src/c.d.ts");
  CHECK(r.resolve(Language::javascript, "src/deep/y.js", spec("../../lib/x.mjs")) == "lib/x.mjs");
  CHECK(r.resolve(Language::javascript, "src/main.js", spec("react")).empty());
  CHECK(r.resolve(Language::javascript, "src/main.js", spec("../../../escape")).empty());
}

TEST_CASE("c/c++: includes next to the includer first, then the nearest match in the tree", "[imports]") {
  ImportResolver r({"src/util.h", "src/net/util.h", "include/lib/api.h", "third/api.h"});
  CHECK(r.resolve(Language::c, "src/net/conn.c", spec("util.h", 1)) == "src/net/util.h");
  CHECK(r.resolve(Language::c, "src/main.c", spec("util.h", 1)) == "src/util.h");
  CHECK(r.resolve(Language::cpp, "src/main.cpp", spec("lib/api.h", 0)) == "include/lib/api.h");  // <lib/api.h>
  CHECK(r.resolve(Language::cpp, "third/x.cpp", spec("api.h", 1)) == "third/api.h");
  CHECK(r.resolve(Language::c, "src/main.c", spec("stdio.h", 0)).empty());
}

TEST_CASE("join_path normalises and refuses to climb above the root", "[imports]") {
  CHECK(join_path("a/b", "../c/./d") == "a/c/d");
  CHECK(join_path("", "x/y") == "x/y");
  CHECK(join_path("a", "../../x").empty());
}
