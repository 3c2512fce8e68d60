#include "dev_echo_host.hpp"

#include <unistd.h>

#include <fstream>

namespace fs = std::filesystem;

namespace acdc::bench {

DevEchoHost::DevEchoHost(const std::string& acdc, const fs::path& v1, const std::string& name)
    : dir_(fs::temp_directory_path() / ("acdc-" + name + "-" + std::to_string(getpid()))),
      plugin_(dir_ / "echo.acdc.so") {
  fs::create_directories(dir_ / "repo");
  fs::copy_file(v1, plugin_);
  std::ofstream(dir_ / "acdc.yaml") << "plugins:\n  - name: echo\n    path: " << plugin_.string() << "\n";
  port_ = ServerProcess::free_port();
  host_ = std::make_unique<ServerProcess>(
      std::vector<std::string>{acdc, "--config", (dir_ / "acdc.yaml").string(), "--repo", (dir_ / "repo").string(),
                               "--port", std::to_string(port_), "--no-browser", "--dev"},
      std::vector<std::string>{"ACDC_TOKEN=bench", "ACDC_CONFIG_HOME=" + (dir_ / "config").string()});
  host_->wait_accepting(port_);
}

DevEchoHost::~DevEchoHost() {
  host_->stop();
  std::error_code ec;
  fs::remove_all(dir_, ec);
}

void DevEchoHost::deploy(const fs::path& build) const {
  fs::copy_file(build, plugin_.string() + ".tmp", fs::copy_options::overwrite_existing);
  fs::rename(plugin_.string() + ".tmp", plugin_);
}

}  // namespace acdc::bench
