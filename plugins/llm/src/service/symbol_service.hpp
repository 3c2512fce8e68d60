// service/symbol_service.hpp -- the symbol map's methods under the
// reference's names (acdc-features.md §4.1), answered by the symbol-index
// plugin through the host, and the files it leaves out as last heard.
// Without that plugin each answers the host's reason (the plugin is not
// loaded), which the webapp shows where the feature would be.
//
//   SymbolService symbols(host);
//   symbols.start();                               // learns the excluded files
//   symbols.hover(call, "src/a.py", 5, 13);
//   std::vector<std::string> out = symbols.excluded_files();   // any thread
//
// Its state is the excluded list, under its own lock.
#pragma once

#include <acdc/sdk.hpp>

#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace acdc::llm {

class SymbolService {
 public:
  explicit SymbolService(const acdc::Host& host) : host_(host) {}

  // Asks SymbolIndex for its excluded files once (none without the plugin).
  void start();

  void get_file_map_block(acdc::Call call, std::string path);
  void set_excluded_files(acdc::Call call, std::vector<std::string> files);
  void get_excluded_files(acdc::Call call);
  void rebuild(acdc::Call call);
  void hover(acdc::Call call, std::string path, int line, int col);
  void definition(acdc::Call call, std::string path, int line, int col);
  void references(acdc::Call call, std::string path, int line, int col);
  void completions(acdc::Call call, std::string path, int line, int col, std::optional<std::string> prefix);

  // As SymbolIndex last answered, for get_current_state (answered on an
  // I/O thread, so it cannot ask).
  std::vector<std::string> excluded_files() const;

 private:
  void set_excluded(std::vector<std::string> files);

  const acdc::Host& host_;
  mutable std::mutex mu_;
  std::vector<std::string> excluded_;
};

}  // namespace acdc::llm
