// service/local_model.cpp -- see local_model.hpp.
#include "service/local_model.hpp"

#include "provider/http_fetch.hpp"
#include "service/served_windows.hpp"

#include <acdc/sdk/call_and_wait.hpp>
#include <acdc/sdk/json.hpp>
#include <acdc/util/json_writer.hpp>

#include <algorithm>
#include <cstdlib>
#include <sstream>

namespace acdc::llm {
namespace {

std::string ollama_root() {
  const char* set = std::getenv("OLLAMA_HOST");
  std::string host = set && *set ? set : "127.0.0.1:11434";
  return host.find("://") == std::string::npos ? "http://" + host : host;
}

// A YAML scalar as written in acdc's llm.yaml: quoted when it could be read
// as something else.
std::string scalar(const std::string& v) {
  if (v.empty()) return "\"\"";
  if (v.find_first_of(":#{}[],&*!|>'\"%@`") == std::string::npos && v.front() != ' ' && v.back() != ' ') return v;
  return acdc::to_json_text(v);
}

}  // namespace

std::optional<LocalModel::Offer> LocalModel::probe() {
  const std::string root = ollama_root();
  // Loopback answers or refuses at once; the timeout is for a stuck server.
  const HttpFetch a = http_fetch({.url = root + "/api/tags", .headers = {"Accept: application/json"},
                                  .timeout_s = 1, .connect_timeout_s = 0.5});
  if (!a.error.empty() || a.status != 200) return std::nullopt;
  acdc::Json doc;
  doc.Parse(a.body.c_str());
  if (doc.HasParseError() || !doc.IsObject() || !doc.HasMember("models") || !doc["models"].IsArray()) return std::nullopt;
  Offer o{root, {}};
  for (const auto& m : doc["models"].GetArray())
    if (m.IsObject() && m.HasMember("name") && m["name"].IsString()) o.models.emplace_back(m["name"].GetString());
  return o;
}

std::string LocalModel::offer_note() {
  const auto o = probe();
  if (!o) return {};
  std::string models;
  for (const auto& m : o->models) models += (models.empty() ? "" : ", ") + m;
  return " An Ollama server answers at " + o->base_url +
         (models.empty() ? " (no models pulled yet: ollama pull <model>)" : " with " + models) +
         ": choose \"Use a local model\" in the chat to switch llm.yaml to it.";
}

std::vector<LocalModel::About> LocalModel::describe(const Offer& o, long num_ctx_max) {
  std::vector<About> out;
  for (std::size_t i = 0; i < o.models.size() && i < kMaxDescribed; ++i) {
    About a{.model = o.models[i]};
    const ServedWindow shown = ServedWindows::ollama_show(o.base_url, a.model);
    a.context_length = shown.tokens;
    if (const auto& caps = shown.capabilities)
      a.tools = std::find(caps->begin(), caps->end(), "tools") != caps->end();
    if (a.context_length > 0) a.window = num_ctx_max > 0 ? std::min(a.context_length, num_ctx_max) : a.context_length;
    out.push_back(std::move(a));
  }
  return out;
}

void LocalModel::offer(acdc::Call call, long num_ctx_max) {
  worker_.post([call, num_ctx_max]() mutable {
    const auto o = probe();
    if (!o) return call.ok_raw("null");
    rapidjson::StringBuffer buf;
    acdc::JsonWriter w(buf);
    w.StartObject();
    util::write_member(w, "base_url", o->base_url);
    util::write_member(w, "models", o->models);
    w.Key("about");
    w.StartArray();
    for (const About& a : describe(*o, num_ctx_max)) {
      w.StartObject();
      util::write_member(w, "model", a.model);
      util::write_member(w, "context_length", a.context_length);
      util::write_member(w, "window", a.window);
      util::write_member(w, "tools", a.tools);
      w.EndObject();
    }
    w.EndArray();
    w.EndObject();
    call.ok_raw(std::string(buf.GetString(), buf.GetSize()));
  });
}

std::string LocalModel::with_local_model(const std::string& yaml, const std::string& base_url, const std::string& model) {
  // Ollama's own API, not its /v1: only /api/chat takes the window acdc asks for (num_ctx).
  const std::pair<const char*, std::string> keys[] = {{"provider", "ollama"},
                                                      {"base_url", base_url},
                                                      {"model", model},
                                                      {"smaller_model", model},
                                                      {"api_key_env", ""}};  // Ollama needs no key
  bool seen[std::size(keys)] = {};
  std::ostringstream out;
  std::istringstream in(yaml);
  for (std::string line; std::getline(in, line);) {
    for (std::size_t i = 0; i < std::size(keys); ++i) {
      const std::string key = std::string(keys[i].first) + ":";
      if (!line.starts_with(key)) continue;
      // The value goes; a comment after it stays.
      const auto hash = line.find(" #", key.size());
      line = key + " " + scalar(keys[i].second) + (hash == std::string::npos ? "" : "   " + line.substr(hash + 1));
      seen[i] = true;
    }
    out << line << '\n';
  }
  for (std::size_t i = 0; i < std::size(keys); ++i)
    if (!seen[i]) out << keys[i].first << ": " << scalar(keys[i].second) << '\n';
  return out.str();
}

void LocalModel::use(acdc::Call call, std::string model) {
  if (model.empty()) throw acdc::invalid_params("Missing required field: model (one of local_model_offer's models)");
  worker_.post([this, call, model]() mutable {
    const auto offer = probe();
    if (!offer) return call.fail(ACDC_E_UNAVAILABLE, "No Ollama server answers at " + ollama_root() + ": start it (ollama serve) and try again");
    acdc::Result current = acdc::call_and_wait(host_, "Settings.get_config_content", "[\"llm\"]", std::chrono::seconds(10));
    if (!current.ok())
      return call.fail(current.status, "llm.yaml could not be read through the settings plugin: " + current.payload);
    // {type, content, path}: secrets come redacted, and the save puts them back, as for the settings panel.
    acdc::Json file = current.json();
    if (!file.IsObject() || !file.HasMember("content") || !file["content"].IsString())
      return call.fail(ACDC_E_INTERNAL, "the settings plugin sent llm.yaml without its content");
    const std::string yaml = with_local_model(file["content"].GetString(), offer->base_url, model);
    acdc::Result saved = acdc::call_and_wait(host_, "Settings.save_config_content", acdc::json_array(std::string("llm"), yaml),
                                             std::chrono::seconds(10));
    if (!saved.ok()) return call.fail(saved.status, "llm.yaml was not changed: " + saved.payload);
    acdc::call_and_wait(host_, "Settings.reload_llm_config", "[]", std::chrono::seconds(10));
    call.ok(std::map<std::string, std::string>{{"status", "ok"}, {"model", model}, {"base_url", offer->base_url}});
  });
}

}  // namespace acdc::llm
