// acdc: the host process. See app/app.hpp for what it does, in order.
#include "app.hpp"
#include "cli.hpp"
#include "plugin_check.hpp"
#include "plugins/linked_plugins.hpp"

#include <iostream>

int main(int argc, char** argv) {
  acdc::app::CliOptions options;
  if (auto exit_code = acdc::app::parse_cli(argc, argv, options)) return *exit_code;
  if (!options.check_plugin.empty()) return acdc::app::check_plugin(options.check_plugin);
  if (options.import_acdc) return acdc::app::importer::run_import(*options.import_acdc, std::cout, std::cerr);
  if (options.import_mcp) return acdc::app::importer::run_mcp_import(*options.import_mcp, std::cout, std::cerr);
  acdc::app::App app(std::move(options), acdc::plugins::linked_plugins());
  return app.run();
}
