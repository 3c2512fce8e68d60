#include "settings.hpp"

#include "file_store.hpp"
#include "repo_state.hpp"
#include "schema.hpp"
#include "secrets.hpp"
#include "snippets.hpp"
#include "upgrader.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>

namespace acdc::settings {

namespace fs = std::filesystem;

namespace {

fs::path host_path(const Json& config, const char* key) {
  const bool present = config.IsObject() && config.HasMember("host") && config["host"].IsObject() &&
                       config["host"].HasMember(key) && config["host"][key].IsString();
  if (!present)
    throw Error(ACDC_E_FAILED_PRECONDITION,
                std::string("the host passed no host.") + key + " in the settings plugin's config block: "
                "this host is older than the plugin; rebuild them together");
  return config["host"][key].GetString();
}

Secrets::Text text_kind(const ConfigType& t) {
  return t.kind == FileKind::prompt ? Secrets::Text::prose : Secrets::Text::settings;
}

std::string refused(const ConfigType& t, const std::string& why) {
  return t.file + " " + why + ". Nothing was saved: " + t.file +
         " is unchanged on disk; correct it and save again.";
}

// Writes {"key": value, ...} pairs given as already-encoded JSON values.
std::string object(std::initializer_list<std::pair<const char*, std::string>> members) {
  std::string out = "{";
  for (const auto& [key, value] : members) {
    if (value.empty()) continue;
    if (out.size() > 1) out += ',';
    out += to_json_text(std::string_view(key)) + ":" + value;
  }
  return out + "}";
}

std::string json_string(const std::string& s) { return to_json_text(s); }

std::string scalar_or_empty(const YAML::Node& root, const char* key) {
  const YAML::Node v = root[key];
  return v && v.IsScalar() ? v.Scalar() : std::string();
}

}  // namespace

Settings::Settings(Context& ctx)
    : host_(ctx.host),
      user_dir_(host_path(ctx.config, "config_dir")),
      bundled_dir_(host_path(ctx.config, "bundled_config_dir")),
      repo_root_(host_path(ctx.config, "repo_root")),
      state_dir_(host_path(ctx.config, "state_dir")) {
  prepare_user_dir();
  // Said once here, and on every get_config_info for the settings panel.
  const FileReport report = check_user_files();
  for (const auto& problem : report.problems) host_.log(ACDC_LOG_ERROR, problem);
  for (const auto& warning : report.warnings) host_.log(ACDC_LOG_WARN, "config: " + warning);
  prepare_repo_state();
}

void Settings::prepare_user_dir() {
  Upgrader upgrader(user_dir_, bundled_dir_);
  try {
    Upgrader::Outcome o = upgrader.run();
    bundled_version_ = o.to;
    if (!o.created.empty())
      host_.log(ACDC_LOG_INFO, "config: created " + std::to_string(o.created.size()) + " file(s) in " +
                                   user_dir_.string());
    for (size_t i = 0; i < o.replaced.size(); ++i)
      host_.log(ACDC_LOG_INFO, "config: upgraded " + o.replaced[i] + " to the bundled version " + o.to +
                                   "; your previous copy is kept as " + o.backups[i]);
  } catch (const Error& e) {
    bundled_version_ = upgrader.bundled_version();
    host_.log(ACDC_LOG_ERROR, std::string("config: ") + e.what());
  }
}

Settings::FileReport Settings::check_user_files() const {
  FileReport report;
  for (const char* name : {"llm", "app", "snippets"}) {
    const ConfigType& t = *ConfigTypes::find(name);
    auto text = FileStore::read(user_file(t));
    if (!text) continue;
    try {
      for (const auto& w : Schema::check(t.kind, *text).warnings)
        report.warnings.push_back(user_file(t).string() + " " + w);
    } catch (const ConfigProblem& p) {
      report.problems.push_back(user_file(t).string() + " " + p.what() +
                                (p.unreadable() ? " -- acdc uses the bundled default for this file until it is fixed"
                                                : " -- plugins that read it may not work") +
                                ". Fix: correct it in the settings panel or an editor, or delete it and restart "
                                "acdc to get the bundled default back.");
    }
  }
  return report;
}

void Settings::prepare_repo_state() const {
  try {
    RepoState::prepare(repo_root_, state_dir_);
  } catch (const Error& e) {
    host_.log(ACDC_LOG_WARN, e.what());
  }
}

const ConfigType& Settings::type_of(const std::string& name) const {
  if (const ConfigType* t = ConfigTypes::find(name)) return *t;
  throw invalid_params("unknown config type '" + name + "': the allowed types are " + ConfigTypes::allowed());
}

fs::path Settings::effective_file(const ConfigType& t) const {
  std::error_code ec;
  return fs::exists(user_file(t), ec) ? user_file(t) : bundled_dir_ / t.file;
}

RawJson Settings::get_config_content(std::string type) {
  const ConfigType& t = type_of(type);
  const fs::path file = effective_file(t);
  auto text = FileStore::read(file);
  if (!text)
    throw Error(ACDC_E_NOT_FOUND, "there is no " + t.file + " in " + user_dir_.string() +
                                      " nor in the bundled config " + bundled_dir_.string() +
                                      ": save one from the settings panel, or reinstall acdc");
  std::string problem;
  std::string warnings;
  try {
    warnings = to_json_text(Schema::check(t.kind, *text).warnings);
  } catch (const ConfigProblem& p) {
    problem = json_string(p.what());
  }
  const std::string shown = Secrets::redact(to_valid_utf8(*text), text_kind(t));
  return RawJson{object({{"type", json_string(type)}, {"content", json_string(shown)},
                         {"path", json_string(file.string())}, {"problem", problem}, {"warnings", warnings}})};
}

void Settings::save_config_content(Call call, std::string type, std::string content) {
  const ConfigType& t = type_of(type);
  if (auto hit = Secrets::find(content, text_kind(t)))
    throw invalid_params(refused(t, "line " + std::to_string(hit->line) + ": " + hit->what +
                                        " is a secret, and acdc never writes API keys to disk. Remove "
                                        "it and put the key in the environment variable that llm.yaml's "
                                        "api_key_env names"));
  Checked checked;
  try {
    checked = Schema::check(t.kind, content);
  } catch (const ConfigProblem& p) {
    throw invalid_params(refused(t, p.what()));
  }
  std::string warnings = to_json_text(checked.warnings);
  if (checked.plugins.empty()) return write(call, t, content, warnings);
  check_plugins_then_write(call, t, std::move(content), std::move(warnings), std::move(checked.plugins));
}

// acdc.yaml may only name plugins the host can find, or the next start fails.
void Settings::check_plugins_then_write(Call call, const ConfigType& t, std::string content,
                                        std::string warnings, std::vector<NamedPlugin> named) {
  host_.call("Host.available_plugins", "[]", [this, call, &t, content, warnings, named](Result r) mutable {
    if (!r.ok()) return call.fail(r.status, "cannot list the available plugins: " + r.payload);
    std::vector<std::string> available;
    from_json(r.json(), available);
    for (const auto& p : named) {
      if (std::find(available.begin(), available.end(), p.name) != available.end()) continue;
      std::string list;
      for (const auto& a : available) list += (list.empty() ? "" : ", ") + a;
      return call.fail(ACDC_E_INVALID_PARAMS,
                       refused(t, "line " + std::to_string(p.line) + ": there is no plugin '" + p.name +
                                      "' (available: " + list + ")"));
    }
    if (!host_.post([this, call, &t, content, warnings]() mutable { write(call, t, content, warnings); }))
      call.fail(ACDC_E_UNAVAILABLE, "acdc is shutting down; nothing was saved");
  });
}

void Settings::write(Call& call, const ConfigType& t, const std::string& content,
                     const std::string& warnings_json) {
  try {
    std::lock_guard lock(write_mu_);
    const fs::path file = user_file(t);
    const fs::path previous = FileStore::keep_previous(file);
    FileStore::write_atomic(file, content);
    call.ok_raw(object({{"status", json_string("ok")},
                        {"type", json_string(t.name)},
                        {"path", json_string(file.string())},
                        {"previous", previous.empty() ? "null" : json_string(previous.string())},
                        {"warnings", warnings_json},
                        {"restart_required", t.kind == FileKind::host ? "true" : ""}}));
  } catch (const Error& e) {
    call.fail(e.status(), e.what());
  }
}

void Settings::reload_llm_config(Call call) { reload(std::move(call), *ConfigTypes::find("llm")); }
void Settings::reload_app_config(Call call) { reload(std::move(call), *ConfigTypes::find("app")); }

void Settings::reload(Call call, const ConfigType& t) {
  if (auto text = FileStore::read(user_file(t))) {
    try {
      Schema::check(t.kind, *text);
    } catch (const ConfigProblem& p) {
      throw Error(ACDC_E_FAILED_PRECONDITION,
                  user_file(t).string() + " " + p.what() + ". Nothing was reloaded: correct the file " +
                      "(Settings.save_config_content('" + t.name + "', ...)) and reload again.");
    }
  }
  host_.call("Host.reload_config", "[]", [call](Result r) mutable {
    if (!r.ok()) return call.fail(r.status, "Host.reload_config failed: " + r.payload);
    Json answer = r.json();
    std::string changed = answer.IsObject() && answer.HasMember("changed") ? to_json_text(answer["changed"]) : "[]";
    call.ok_raw(object({{"status", json_string("ok")}, {"changed", changed}}));
  });
}

RawJson Settings::get_config_info() {
  const ConfigType& t = *ConfigTypes::find("llm");
  YAML::Node llm;
  for (const fs::path& file : {user_file(t), bundled_dir_ / t.file}) {
    auto text = FileStore::read(file);
    if (!text) continue;
    try {
      Schema::check(t.kind, *text);
      llm = YAML::Load(*text);
      break;
    } catch (const ConfigProblem&) {
      continue;  // reported at start-up and by get_config_content
    }
  }
  const FileReport report = check_user_files();
  std::string smaller = scalar_or_empty(llm, "smaller_model");
  if (smaller.empty()) smaller = scalar_or_empty(llm, "smallerModel");
  return RawJson{object({{"model", json_string(scalar_or_empty(llm, "model"))},
                         {"smaller_model", json_string(smaller)},
                         {"provider", json_string(scalar_or_empty(llm, "provider"))},
                         {"config_dir", json_string(user_dir_.string())},
                         {"bundled_version", json_string(bundled_version_)},
                         {"problems", to_json_text(report.problems)},
                         {"warnings", to_json_text(report.warnings)}})};
}

RawJson Settings::snippets(std::string_view mode) {
  const std::string file = ConfigTypes::find("snippets")->file;
  auto warn = [this](const std::string& m) { host_.log(ACDC_LOG_WARN, m); };
  return RawJson{Snippets::for_mode({state_dir_ / file, user_dir_ / file, bundled_dir_ / file}, mode, warn)};
}

RawJson Settings::get_snippets() { return snippets("code"); }
RawJson Settings::get_review_snippets() { return snippets("review"); }

RawJson Settings::get_mode_snippets(std::string mode) {
  if (mode.empty() || mode.find_first_not_of("abcdefghijklmnopqrstuvwxyz_") != std::string::npos)
    throw invalid_params("mode must be a snippets.yaml section name such as 'code', 'doc' or 'review', not '" + mode + "'");
  return snippets(mode);
}

}  // namespace acdc::settings
