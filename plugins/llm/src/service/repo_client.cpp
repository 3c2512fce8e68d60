#include "service/repo_client.hpp"

#include <future>
#include <memory>

namespace acdc::llm {

acdc::Json RepoClient::call(const std::string& method, const std::string& args_json,
                            std::chrono::seconds timeout) {
  auto promise = std::make_shared<std::promise<acdc::Result>>();
  auto future = promise->get_future();
  host_.call(method, args_json, [promise](acdc::Result r) { promise->set_value(std::move(r)); });
  if (future.wait_for(timeout) != std::future_status::ready)
    throw FileAccessError(method + " did not answer within " + std::to_string(timeout.count()) +
                          " s: is the repo plugin loaded and responsive?");
  acdc::Result r = future.get();
  if (!r.ok()) throw FileAccessError(r.payload);
  return r.json();
}

bool RepoClient::exists(const std::string& path) {
  return call("Repo.file_exists", acdc::json_array(path)).IsTrue();
}

std::string RepoClient::read(const std::string& path) {
  acdc::Json text = call("Repo.get_file_content", acdc::json_array(path));
  if (!text.IsString()) throw FileAccessError("Repo.get_file_content returned no text for " + path);
  return std::string(text.GetString(), text.GetStringLength());
}

void RepoClient::write(const std::string& path, const std::string& content) {
  call("Repo.write_file", acdc::json_array(path, content));
}

void RepoClient::create(const std::string& path, const std::string& content) {
  call("Repo.create_file", acdc::json_array(path, content));
}

void RepoClient::stage(const std::vector<std::string>& paths) {
  if (paths.empty()) return;
  try {
    call("Repo.stage_files", acdc::json_array(paths));
  } catch (const FileAccessError& e) {
    host_.log(ACDC_LOG_WARN, std::string("staging the edited files failed: ") + e.what());
  }
}

}  // namespace acdc::llm
