// edit/caller_files.cpp -- see caller_files.hpp.
#include "edit/caller_files.hpp"

#include <chrono>
#include <future>
#include <memory>

namespace acdc::llm {

std::string CallerFiles::read(const std::string& path) {
  std::string text;
  if (through_.reads) {
    if (!repo_.exists(path)) throw FileAccessError("File not found: " + path, ACDC_E_NOT_FOUND);
    acdc::Json answer = ask_caller("AcApp.readTextFile", acdc::json_array(path));
    if (!answer.IsString()) throw FileAccessError("the editor returned no text for " + path);
    text.assign(answer.GetString(), answer.GetStringLength());
  } else {
    text = repo_.read(path);
  }
  last_read_[path] = text;
  return text;
}

void CallerFiles::send(const std::string& path, const std::string& content) {
  if (!through_.writes) {
    if (repo_.exists(path)) repo_.write(path, content);
    else repo_.create(path, content);
    return;
  }
  const bool created = !repo_.exists(path);  // also the guard: a refused path throws here
  auto old = last_read_.find(path);
  const std::string old_json = created || old == last_read_.end() ? "null" : acdc::to_json_text(old->second);
  ask_caller("AcApp.writeTextFile",
             "[" + acdc::to_json_text(path) + "," + acdc::to_json_text(content) + "," + old_json + "]");
  last_read_[path] = content;
}

acdc::Json CallerFiles::ask_caller(const std::string& method, const std::string& args_json) {
  auto answer = std::make_shared<std::promise<acdc::Result>>();
  auto future = answer->get_future();
  host_.call_client(caller_, method, args_json, [answer](acdc::Result r) { answer->set_value(std::move(r)); });
  // The host answers every client call (the reply, the client's departure,
  // or its client_call_timeout_ms); the bound here only guards against a
  // host that never does.
  if (future.wait_for(std::chrono::minutes(10)) != std::future_status::ready)
    throw FileAccessError(method + " got no answer from the client in 10 minutes", ACDC_E_TIMEOUT);
  acdc::Result r = future.get();
  if (!r.ok()) throw FileAccessError(r.payload, r.status);
  return r.json();
}

}  // namespace acdc::llm
