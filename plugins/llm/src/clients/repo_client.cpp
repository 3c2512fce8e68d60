#include "clients/repo_client.hpp"

#include "edit/line_ends.hpp"

#include <acdc/sdk/base64.hpp>
#include <acdc/sdk/call_and_wait.hpp>
#include <acdc/sdk/utf8.hpp>


namespace acdc::llm {

acdc::Json RepoClient::call(const std::string& method, const std::string& args_json,
                            std::chrono::seconds timeout) {
  acdc::Result r = acdc::call_and_wait(host_, method, args_json, timeout);
  if (!r.ok()) throw FileAccessError(r.payload, r.status);
  return r.json();
}

bool RepoClient::exists(const std::string& path) {
  return call("Repo.file_exists", acdc::json_array(path)).IsTrue();
}

namespace {

std::string read_text(RepoClient& repo, const std::string& path) {
  acdc::Json text = repo.call("Repo.get_file_content", acdc::json_array(path));
  if (!text.IsString()) throw FileAccessError("Repo.get_file_content returned no text for " + path);
  return std::string(text.GetString(), text.GetStringLength());
}

}  // namespace

std::string RepoClient::read_for_prompt(const std::string& path) {
  return to_lf(read_text(*this, path));
}

std::string RepoClient::read(const std::string& path) {
  std::string text = read_text(*this, path);
  // U+FFFD may be Repo's stand-in for bytes that are not UTF-8 (Latin-1, say):
  // writing this text back would replace every one of them. Ask for the bytes.
  if (text.find("\xEF\xBF\xBD") == std::string::npos) return text;
  acdc::Json answer = call("Repo.get_file_base64", acdc::json_array(path));
  const auto* uri = answer.IsObject() && answer.HasMember("data_uri") && answer["data_uri"].IsString() ? &answer["data_uri"] : nullptr;
  std::string_view data = uri ? std::string_view(uri->GetString(), uri->GetStringLength()) : "";
  const size_t comma = data.find(',');
  auto bytes = comma == std::string_view::npos ? std::nullopt : acdc::base64_decode(data.substr(comma + 1));
  if (!bytes || !acdc::is_valid_utf8(*bytes))
    throw FileAccessError("File is not valid UTF-8: '" + path +
                          "' (an edit would replace its other non-UTF-8 bytes): convert it to UTF-8, or edit it by hand");
  return text;
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
