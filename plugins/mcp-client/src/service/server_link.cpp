// service/server_link.cpp -- see server_link.hpp.
#include "service/server_link.hpp"
#include "transport/http_transport.hpp"
#include "transport/stdio_transport.hpp"

#include <acdc/sdk/error.hpp>

#include <algorithm>

namespace acdc::mcp_client {
namespace {

constexpr std::size_t kLogLines = 20;
constexpr auto kSteady = std::chrono::seconds(60);  // up this long, and the next failure starts the backoff again

}  // namespace

ServerLink::ServerLink(ServerConfig config, LinkLimits limits, bool enabled, std::function<void()> changed,
                       std::function<void(std::string_view line)> log)
    : config_(std::move(config)), limits_(std::move(limits)), changed_(std::move(changed)), log_(std::move(log)),
      enabled_(enabled) {
  thread_ = std::thread([this] { run(); });
}

ServerLink::~ServerLink() {
  {
    std::lock_guard lock(mu_);
    stop_ = true;
  }
  wake_.notify_all();
  abort_connecting();
  thread_.join();
}

// A server that is slow to start must not hold up a stop, a switch-off or a
// restart for the whole start_timeout.
void ServerLink::abort_connecting() {
  std::shared_ptr<McpSession> s;
  {
    std::lock_guard lock(mu_);
    s = connecting_;
  }
  if (s) s->close();
}

ServerLink::Snapshot ServerLink::snapshot() const {
  std::lock_guard lock(mu_);
  Snapshot s{.config = config_, .enabled = enabled_, .status = status_, .error = error_};
  if (status_ == "failed" && retry_at_ != std::chrono::steady_clock::time_point{}) {
    auto left = std::chrono::duration_cast<std::chrono::seconds>(retry_at_ - std::chrono::steady_clock::now());
    s.retry_in_s = static_cast<int>(std::max<long>(0, left.count()) + 1);
  }
  if (session_ && status_ == "connected") {
    s.protocol = session_->protocol();
    s.server_info = session_->server_info();
    s.tools_json = tools_json_;
  }
  s.log.assign(lines_.begin(), lines_.end());
  return s;
}

void ServerLink::set_enabled(bool enabled) {
  {
    std::lock_guard lock(mu_);
    if (enabled_ == enabled) return;
    enabled_ = enabled;
    failures_ = 0;
  }
  wake_.notify_all();
  if (!enabled) abort_connecting();
}

void ServerLink::restart() {
  {
    std::lock_guard lock(mu_);
    restart_ = true;
    failures_ = 0;
  }
  wake_.notify_all();
  abort_connecting();
}

void ServerLink::note(std::string_view line) {
  {
    std::lock_guard lock(mu_);
    lines_.emplace_back(line);
    if (lines_.size() > kLogLines) lines_.pop_front();
  }
  if (log_) log_(line);
}

void ServerLink::set_status(std::string status) {
  {
    std::lock_guard lock(mu_);
    status_ = std::move(status);
    if (status_ != "failed") error_.clear(), retry_at_ = {};
  }
  wake_.notify_all();
  changed_();
}

McpSession::Reply ServerLink::call(std::string_view tool, std::string_view arguments_json,
                                   const McpSession::Cancelled& cancelled) {
  std::shared_ptr<McpSession> session;
  {
    // A server still starting is waited for, as long as its start may take.
    std::unique_lock lock(mu_);
    const auto until = std::chrono::steady_clock::now() + limits_.start_timeout;
    while (status_ == "starting" && !stop_ && !(cancelled && cancelled()) && std::chrono::steady_clock::now() < until)
      wake_.wait_for(lock, std::chrono::milliseconds(100));
    session = status_ == "connected" ? session_ : nullptr;
    if (!session)
      return McpSession::Reply{.code = -32000,
                               .message = "the MCP server '" + config_.name + "' is " + status_ +
                                          (error_.empty() ? "" : " (" + error_ + ")")};
  }
  return session->call_tool(tool, arguments_json, limits_.call_timeout, cancelled);
}

void ServerLink::failed(std::string why, bool retry) {
  note("failed: " + why);
  {
    std::lock_guard lock(mu_);
    status_ = "failed";
    error_ = std::move(why);
    ++failures_;
    const int backoff = std::min(60, 1 << std::min(failures_ - 1, 6));
    retry_at_ = retry ? std::chrono::steady_clock::now() + std::chrono::seconds(backoff)
                      : std::chrono::steady_clock::time_point{};
  }
  changed_();
}

std::shared_ptr<McpSession> ServerLink::connect(std::string& why) {
  if (!config_.problem.empty()) {
    why = config_.problem;
    return nullptr;
  }
  auto session = std::make_shared<McpSession>(
      limits_.root, McpSession::Hooks{.log = [this](std::string_view line) { note(line); },
                                      .tools_changed =
                                          [this] {
                                            {
                                              std::lock_guard lock(mu_);
                                              tools_stale_ = true;
                                            }
                                            wake_.notify_all();
                                          },
                                      .closed =
                                          [this](std::string) {
                                            // Through the lock: serve() may be between its check and its wait.
                                            { std::lock_guard lock(mu_); }
                                            wake_.notify_all();
                                          }});
  try {
    std::shared_ptr<Transport> transport;
    if (config_.http())
      transport = HttpTransport::open(config_, session->events(), limits_.max_message_bytes, limits_.call_timeout);
    else
      transport = StdioTransport::start(config_, session->events(), limits_.max_message_bytes);
    session->attach(std::move(transport));
  } catch (const acdc::Error& e) {
    why = e.what();
    return nullptr;
  }
  {
    std::lock_guard lock(mu_);
    if (stop_ || restart_ || !enabled_) why = "stopped while starting";
    else connecting_ = session;
  }
  const auto timeout = std::chrono::duration_cast<std::chrono::milliseconds>(limits_.start_timeout);
  if (why.empty()) why = session->open(timeout);
  if (why.empty()) {
    McpSession::Reply tools = session->list_tools(timeout);
    if (tools.ok) {
      std::lock_guard lock(mu_);
      tools_json_ = tools.result;
    } else {
      why = "tools/list failed: " + tools.message;
    }
  }
  {
    std::lock_guard lock(mu_);
    connecting_.reset();
  }
  if (!why.empty()) {
    session->close();
    return nullptr;
  }
  return session;
}

// Connected: waits for the end (the server's, a restart, a switch-off),
// listing the tools again when the server says they changed.
void ServerLink::serve(const std::shared_ptr<McpSession>& session) {
  const auto since = std::chrono::steady_clock::now();
  for (;;) {
    std::unique_lock lock(mu_);
    wake_.wait(lock, [&] { return stop_ || restart_ || !enabled_ || tools_stale_ || session->is_closed(); });
    if (tools_stale_ && !stop_ && !restart_ && enabled_ && !session->is_closed()) {
      tools_stale_ = false;
      lock.unlock();
      McpSession::Reply tools = session->list_tools(limits_.start_timeout);
      if (tools.ok) {
        {
          std::lock_guard relock(mu_);
          tools_json_ = tools.result;
        }
        changed_();
      }
      continue;
    }
    const bool ended_by_server = !stop_ && !restart_ && enabled_;
    session_.reset();
    if (ended_by_server && std::chrono::steady_clock::now() - since > kSteady) failures_ = 0;
    lock.unlock();
    session->close();
    if (ended_by_server) failed("the connection ended: " + session->closed_reason(), true);
    return;
  }
}

void ServerLink::run() {
  for (;;) {
    {
      std::unique_lock lock(mu_);
      if (!enabled_ && !stop_) {
        status_ = "disabled";
        error_.clear();
        lock.unlock();
        changed_();
        lock.lock();
        wake_.wait(lock, [this] { return enabled_ || stop_; });
      }
      // After a failure: the backoff, unless a restart, a switch or the end comes first.
      if (status_ == "failed" && !stop_) {
        if (retry_at_ == std::chrono::steady_clock::time_point{})
          wake_.wait(lock, [this] { return stop_ || restart_ || !enabled_; });
        else
          wake_.wait_until(lock, retry_at_, [this] { return stop_ || restart_ || !enabled_; });
      }
      if (stop_) return;
      if (!enabled_) continue;
      restart_ = false;
      tools_stale_ = false;
    }
    set_status("starting");
    std::string why;
    std::shared_ptr<McpSession> session = connect(why);
    if (!session) {
      bool interrupted;
      {
        std::lock_guard lock(mu_);
        interrupted = stop_ || restart_ || !enabled_;
      }
      if (!interrupted) failed(why, config_.problem.empty());
      continue;
    }
    {
      std::lock_guard lock(mu_);
      session_ = session;
    }
    note("connected (MCP " + session->protocol() + ")");
    set_status("connected");
    serve(session);
  }
}

}  // namespace acdc::mcp_client
