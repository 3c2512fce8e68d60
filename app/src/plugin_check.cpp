#include "plugin_check.hpp"

#include "paths.hpp"
#include "plugins/host_context.hpp"
#include "plugins/loader.hpp"

#include <cstdio>
#include <filesystem>

namespace acdc::app {

namespace fs = std::filesystem;

namespace {

// "echo" from ".../echo.acdc.so": the host finds plugins by this name.
std::string id_from_file(const fs::path& file) {
  std::string name = file.filename().string();
  const std::string suffix = ".acdc.so";
  return name.ends_with(suffix) ? name.substr(0, name.size() - suffix.size()) : file.stem().string();
}

void print_descriptor(const fs::path& file, const acdc_plugin_desc& d) {
  std::printf("plugin   %s %s\nfile     %s\nABI      %u.%u (this host: %u.%u)\nneeds    ", d.id, d.version,
              file.c_str(), d.abi_major, d.abi_minor, ACDC_ABI_MAJOR, ACDC_ABI_MINOR);
  if (d.dependency_count == 0) std::printf("nothing");
  for (uint32_t i = 0; i < d.dependency_count; ++i) std::printf("%s%s", i ? ", " : "", d.dependencies[i]);
  std::printf("\nmethods\n");
  for (uint32_t c = 0; c < d.class_count; ++c) {
    const acdc_class_desc& cls = *ACDC_AT(acdc_class_desc, d.classes, c);
    for (uint32_t m = 0; m < cls.method_count; ++m) {
      const acdc_method_desc& md = *ACDC_AT(acdc_method_desc, cls.methods, m);
      const bool tool = ACDC_HAS(acdc_method_desc, &md, tool) && md.tool;
      std::printf("  %s.%s%s%s\n", cls.name, md.name, (md.flags & ACDC_METHOD_LONG_RUNNING) ? "  (long-running)" : "",
                  tool ? "  (a tool for models)" : "");
    }
  }
}

}  // namespace

int check_plugin(const std::string& file) {
  fs::path runtime_dir;
  try {
    runtime_dir = Paths::make_runtime_dir();
  } catch (const std::runtime_error& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
  int code = 0;
  {
    auto r = plugins::load_shared(id_from_file(file), file, runtime_dir, 1, plugins::host_api());
    if (r.image) {
      print_descriptor(file, *r.image->desc);
    } else {
      std::fprintf(stderr, "refused: %s\n", r.status.message().c_str());
      code = 1;
    }
  }
  std::error_code ec;
  fs::remove_all(runtime_dir, ec);
  return code;
}

}  // namespace acdc::app
