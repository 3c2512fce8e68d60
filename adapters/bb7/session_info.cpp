// bb7/session_info.cpp -- lifecycle and utility actions (bb7.md §3.1).
#include "bb7/session.hpp"

#include "bb7/engine.hpp"
#include "bb7/files.hpp"
#include "bb7/instructions.hpp"
#include "bb7/prompt.hpp"
#include "bb7/send_run.hpp"
#include "bb7/tokens.hpp"

#include <acdc/util/atomic_file.hpp>
#include <acdc/sdk/error.hpp>

namespace acdc::adapters::bb7 {

namespace fs = std::filesystem;

namespace {

// Go's os.Stat error text, which the reference passes through (§3.1).
void check_root(const std::string& root) {
  std::error_code ec;
  auto status = fs::status(root, ec);
  if (ec || !fs::exists(status))
    throw Error(ACDC_E_NOT_FOUND, "stat " + root + ": no such file or directory");
  if (!fs::is_directory(status)) throw Error(ACDC_E_INVALID_PARAMS, "project_root must be a directory");
}

bool same_dir(const fs::path& a, const fs::path& b) {
  std::error_code ec;
  return fs::equivalent(a, b, ec);
}

}  // namespace

std::string Session::ping(const Request& req) { return ok_line(req.request_id); }

std::string Session::version(const Request& req) {
  return Reply("version", req.request_id).field("version", std::string("0.6 (acdc ") + ACDC_VERSION + ")").line();
}

std::string Session::bb7_init(const Request& req) {
  const std::string root = req.str("project_root");
  if (root.empty()) throw Error(ACDC_E_INVALID_PARAMS, "Missing required field: project_root");
  check_root(root);
  if (same_dir(root, env_.home))
    throw Error(ACDC_E_INVALID_PARAMS, "cannot initialize BB-7 in home directory (conflicts with global data)");
  std::error_code ec;
  if (fs::exists(fs::path(root) / ".bb7", ec)) throw Error(ACDC_E_FAILED_PRECONDITION, "Already initialized");
  fs::create_directories(fs::path(root) / ".bb7" / "chats", ec);
  if (ec) throw Error(ACDC_E_INTERNAL, ec.message());
  return ok_line(req.request_id);
}

std::string Session::init(const Request& req) {
  const std::string root = req.str("project_root");
  fs::path resolved;
  if (!root.empty()) {
    check_root(root);
    if (same_dir(root, env_.home))
      throw Error(ACDC_E_INVALID_PARAMS, "cannot initialize BB-7 in home directory (conflicts with global data)");
    std::error_code ec;
    resolved = fs::canonical(root, ec);
    if (!fs::is_directory(resolved / ".bb7", ec))
      throw Error(ACDC_E_FAILED_PRECONDITION, "Not initialized. Run :BB7Init");
  }
  if (active_) active_->store.unlock(active_->id);
  active_.reset();
  root_ = resolved;
  global_only_ = root_.empty();
  initialized_ = true;
  std::error_code ec;
  fs::create_directories(store_for(false).dir(), ec);
  // What a write cut short by a crash left behind (older than a minute, so
  // not another process's write in flight).
  acdc::util::remove_stale_temporaries(store_for(false).dir());
  if (!global_only_) acdc::util::remove_stale_temporaries(store_for(true).dir());
  // Best effort (§3.1): the last active chat comes back when it still exists and is free.
  if (auto last = store_for(false).active()) {
    try {
      select(store_for(last->global), last->id, last->global);
    } catch (const std::exception&) {
      active_.reset();
    }
  }
  if (env_.on_init) env_.on_init(root_);
  Reply reply("ok", req.request_id);
  if (global_only_) reply.field("global_only", true);
  try {
    if (config().default_model_explicit) reply.field("default_model", config().default_model);
  } catch (const std::exception&) {
    // §3.1: init ignores config errors; the actions that need it report them.
  }
  return reply.line();
}

std::string Session::cancel(const Request& req) {
  std::shared_ptr<SendRun> run;
  {
    std::lock_guard lock(stream_mu_);
    run = stream_;
  }
  const std::string target = req.str("target_request_id");
  if (!run || (!target.empty() && target != run->request_id.value_or("")))
    throw Error(ACDC_E_NOT_FOUND, "No active request to cancel");
  run->cancel_requested = true;
  if (env_.engine) env_.engine->cancel(run->round_id());
  return ok_line(req.request_id);
}

std::string Session::get_customization_info(const Request& req) {
  const fs::path dir = bb7_config_dir(env_.home);
  bool system_override = false;
  if (auto text = read_file(dir / "system_prompt.txt"))
    system_override = strip_comment_lines(*text).find_first_not_of(" \t\r\n") != std::string::npos;
  std::error_code ec;
  const bool global_chat = active_ && active_->global;
  bool project = false;
  std::string project_error;
  if (!global_chat && !root_.empty())
    if (auto text = read_file(root_ / ".bb7" / "instructions")) {
      try {
        parse_project_instructions(root_, *text);
        project = true;
      } catch (const std::exception& e) {
        project_error = e.what();
      }
    }
  return Reply("customization_info", req.request_id)
      .field("system_override", system_override)
      .field("global_instructions", fs::is_regular_file(dir / "instructions.md", ec))
      .field("project_instructions", project)
      .field("project_instructions_error", project_error)
      .line();
}

std::string Session::prepare_instructions(const Request& req) {
  const std::string level = req.str("level");
  if (level.empty()) throw Error(ACDC_E_INVALID_PARAMS, "Missing required field: level");
  fs::path file;
  std::string tmpl;
  if (level == "project") {
    if (root_.empty()) throw Error(ACDC_E_FAILED_PRECONDITION, "no project root set");
    file = root_ / ".bb7" / "instructions";
    tmpl = "@@ Project instructions for BB-7, sent with every message in this project.\n"
           "@@ Lines starting with @@ are comments. `@include path` adds a file of the project.\n";
  } else if (level == "global") {
    file = bb7_config_dir(env_.home) / "instructions.md";
    tmpl = "@@ Global instructions for BB-7, sent with every message.\n@@ Lines starting with @@ are comments.\n";
  } else if (level == "system") {
    file = bb7_config_dir(env_.home) / "system_prompt.txt";
    tmpl = "@@ System prompt override. Lines starting with @@ are comments.\n"
           "@@ Delete everything below to go back to the built-in prompt.\n" +
           std::string(builtin_system_prompt());
  } else {
    throw Error(ACDC_E_INVALID_PARAMS, "invalid level: must be project, global, or system");
  }
  std::error_code ec;
  if (!fs::exists(file, ec)) acdc::util::replace_file(file, tmpl);
  return Reply("instructions_path", req.request_id).field("path", fs::absolute(file).string()).line();
}

std::string Session::estimate_text_tokens(const Request& req) {
  const auto* texts = req.get("texts");
  if (!texts || !texts->IsArray() || texts->Empty()) throw Error(ACDC_E_INVALID_PARAMS, "Missing or empty 'texts' array");
  std::vector<std::string> list;
  for (const auto& t : texts->GetArray()) list.emplace_back(t.IsString() ? t.GetString() : "");
  Reply reply("text_token_estimate", req.request_id);
  auto& w = reply.raw("tokens");
  w.StartArray();
  for (long long n : count_tokens(env_.engine, list)) w.Int64(n);
  w.EndArray();
  return reply.line();
}

std::string Session::estimate_tokens(const Request& req) {
  Active& a = active();
  Chat chat = a.store.load(a.id);
  return token_estimate_line(*this, chat, a, req);
}

std::string Session::add_system_message(const Request& req) {
  Active& a = active();
  const std::string message = req.str("message");
  if (message.empty()) throw Error(ACDC_E_INVALID_PARAMS, "Missing required field: message");
  Chat chat = a.store.load(a.id);
  chat.append_text("system", message);
  a.store.save(chat);
  return ok_line(req.request_id);
}

}  // namespace acdc::adapters::bb7
