// settings_fixture.hpp -- a host running the settings plugin, for its tests.
//
//   SettingsHost h;                                  // fresh config dir, first run
//   auto r = h.call("Settings.get_config_info");     // response object
//   h.restart();                                     // same dirs, a new host process
//
// The host also runs c-plugin with config_files [llm.yaml, app.yaml], whose
// CPlugin.config() shows what another plugin receives after a reload.
#pragma once

#include "support/host_process.hpp"
#include "support/ws_client.hpp"

#include <rapidjson/document.h>

#include <filesystem>
#include <initializer_list>
#include <memory>
#include <string>

namespace acdc::test {

class SettingsHost {
 public:
  SettingsHost();
  ~SettingsHost();

  rapidjson::Document call(const std::string& method, std::initializer_list<std::string> args = {});
  void restart();
  void stop();

  const std::filesystem::path& config_dir() const { return config_dir_; }
  std::filesystem::path repo() const { return root_.path() / "repo"; }
  std::string output() const { return host_ ? host_->output() : last_output_; }

  static std::filesystem::path bundled(const std::string& file);
  static std::string message(const rapidjson::Document& response);

 private:
  void start();

  TempDir root_;
  std::filesystem::path config_dir_;
  std::unique_ptr<HostProcess> host_;
  std::unique_ptr<WsClient> client_;
  std::string last_output_;
};

}  // namespace acdc::test
