#include "settings_fixture.hpp"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

namespace acdc::test {

namespace fs = std::filesystem;

namespace {

const std::string kHostConfig =
    "plugins:\n"
    "  - name: settings\n"
    "  - name: c-plugin\n"
    "    config_files: [llm.yaml, app.yaml]\n";

std::string json_args(std::initializer_list<std::string> args) {
  rapidjson::StringBuffer buf;
  rapidjson::Writer<rapidjson::StringBuffer> w(buf);
  w.StartArray();
  for (const auto& a : args) w.String(a.data(), static_cast<rapidjson::SizeType>(a.size()));
  w.EndArray();
  return buf.GetString();
}

}  // namespace

SettingsHost::SettingsHost() : config_dir_(root_.path() / "config-home" / "acdc") {
  fs::create_directories(repo() / ".git" / "info");
  start();
}

SettingsHost::~SettingsHost() { stop(); }

void SettingsHost::start() {
  host_ = std::make_unique<HostProcess>(HostOptions{
      .config_yaml = kHostConfig, .env = {{"ACDC_CONFIG_HOME", config_dir_.string()}}, .repo = repo().string()});
  client_ = std::make_unique<WsClient>(host_->port(), host_->token());
}

void SettingsHost::stop() {
  client_.reset();
  if (!host_) return;
  host_->stop();
  last_output_ = host_->output();
  host_.reset();
}

void SettingsHost::restart() {
  stop();
  start();
}

rapidjson::Document SettingsHost::call(const std::string& method, std::initializer_list<std::string> args) {
  return client_->call(method, json_args(args));
}

fs::path SettingsHost::bundled(const std::string& file) { return fs::path(ACDC_TEST_SOURCE_DIR) / "config" / file; }

std::string SettingsHost::message(const rapidjson::Document& response) {
  if (!response.HasMember("error")) return "";
  return response["error"]["message"].GetString();
}

}  // namespace acdc::test
