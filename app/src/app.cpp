#include "app.hpp"

#include "interactive/connection.hpp"
#include "interactive/local_converse.hpp"
#include "mcp/engine_client.hpp"
#include "mcp/http_endpoint.hpp"
#include "browser.hpp"
#include "config/config_files.hpp"

#include <acdc/host/json.hpp>
#include <acdc/host/log.hpp>
#include <acdc/util/random.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <future>
#include <thread>

namespace acdc::app {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

namespace {

// One I/O thread. It only moves frames and routes calls (plugins take their
// blocking work to the worker pool), and a second one costs more in wake-ups
// between the two than it gains: 21 syscalls per echo call with two I/O
// threads (futex, epoll_ctl to interrupt the reactor), 7.5 with one
// (strace -c against bench/host's load). net/listener.cpp gives connections
// no strand because of this: a second thread would need them back.
constexpr unsigned kIoThreads = 1;

fs::path default_config_file(const Paths& paths) {
  std::error_code ec;
  if (fs::exists(paths.user_config_dir / "acdc.yaml", ec)) return paths.user_config_dir / "acdc.yaml";
  return paths.bundled_config_dir / "acdc.yaml";
}

}  // namespace

App::App(CliOptions options, std::map<std::string, acdc_entry_fn> linked)
    : options_(std::move(options)),
      linked_(std::move(linked)),
      paths_(Paths::discover()),
      io_(static_cast<int>(kIoThreads)),
      workers_(std::max(4u, 2 * std::thread::hardware_concurrency())),
      io_guard_(io_.get_executor()),
      control_guard_(control_.get_executor()),
      hub_(router_),
      host_{io_, workers_, control_, hub_} {}

App::~App() {
  if (!runtime_dir_.empty()) {
    std::error_code ec;
    fs::remove_all(runtime_dir_, ec);
  }
}

int App::run() {
  if (options_.stdio) return run_stdio();
  if (options_.mcp) return run_mcp();
  if (options_.acp) return run_acp();
  const auto started = std::chrono::steady_clock::now();
  std::signal(SIGPIPE, SIG_IGN);
  if (!load_config() || !bind()) return 2;
  control_thread_ = std::thread([this] { control_.run(); });
  if (!load_plugins()) {
    shutdown();
    return 2;
  }
  serve();
  if (config_.dev_watch) watch_plugins();
  log::debug("serving after " +
             std::to_string(std::chrono::duration_cast<std::chrono::microseconds>(
                                std::chrono::steady_clock::now() - started).count()) + " us");
  startup_thread_ = std::thread([this] { manager_->start_all(); });
  wait_for_signal();
  shutdown();
  return 0;
}

bool App::load_config() {
  try {
    fs::path file = options_.config_file.empty() ? default_config_file(paths_) : fs::path(options_.config_file);
    config_ = config::load_host_config(file);
  } catch (const config::ConfigError& e) {
    log::error("config: " + std::string(e.what()));
    return false;
  }
  if (!read_interactive_config()) return false;
  if (options_.port) config_.port = static_cast<unsigned short>(*options_.port);
  if (options_.plugins) config::select_plugins(config_, *options_.plugins);
  if (options_.dev) config_.dev_watch = true;
  std::error_code ec;
  repo_root_ = fs::canonical(options_.repo, ec);
  if (ec) {
    log::error("--repo " + options_.repo + ": " + ec.message() + ": pass an existing directory");
    return false;
  }
  const char* fixed = std::getenv("ACDC_TOKEN");
  token_ = fixed && *fixed ? fixed : random_hex(16);
  hub_.call_timeout = std::chrono::milliseconds(config_.client_call_timeout_ms);
  return true;
}

bool App::read_interactive_config() {
  try {
    // The Interactive Mode API's timeouts sit with the other application settings.
    auto read = config::parse_interactive_config(
        config::ConfigFiles(paths_.user_config_dir, paths_.bundled_config_dir).read("app.yaml"));
    std::lock_guard lock(interactive_mu_);
    interactive_ = read;
    return true;
  } catch (const config::ConfigError& e) {
    log::error("config: " + std::string(e.what()));
    return false;
  }
}

bool App::bind() {
  const int attempts = config_.port == 0 ? 1 : 50;
  if (Status s = net::Listener::bind(io_, config_.bind, config_.port, attempts, listener_); !s.ok()) {
    log::error(s.message());
    return false;
  }
  if (config_.port != 0 && listener_->port() != config_.port)
    log::info("port " + std::to_string(config_.port) + " is taken; using " +
              std::to_string(listener_->port()) + " instead");
  return true;
}

std::string App::host_json() const {
  std::string out = "{\"repo_root\":";
  rpc::append_quoted(out, repo_root_.string());
  out += ",\"config_dir\":";
  rpc::append_quoted(out, paths_.user_config_dir.string());
  out += ",\"bundled_config_dir\":";
  rpc::append_quoted(out, paths_.bundled_config_dir.string());
  out += ",\"state_dir\":";
  rpc::append_quoted(out, (repo_root_ / ".acdc").string());
  out += ",\"version\":";
  rpc::append_quoted(out, ACDC_VERSION);
  // Where acdc itself listens: url-fetch never fetches its own address.
  out += ",\"bind\":";
  rpc::append_quoted(out, config_.bind);
  out += ",\"port\":" + std::to_string(listener_ ? listener_->port() : 0);
  // acdc --stdio takes any directory as its project: git features are then unavailable.
  if (options_.stdio || options_.acp) out += ",\"git_optional\":true";
  out += '}';
  return out;
}

void App::run_on_control(std::function<void()> work) {
  std::promise<void> done;
  boost::asio::post(control_, [&] {
    work();
    done.set_value();
  });
  done.get_future().wait();
}

bool App::load_plugins() {
  try {
    runtime_dir_ = Paths::make_runtime_dir();
  } catch (const std::runtime_error& e) {
    log::error(e.what());
    return false;
  }
  plugins::PluginSources sources;
  for (const auto& d : options_.plugin_dirs) sources.dirs.emplace_back(d);
  for (const auto& d : config_.plugin_dirs) sources.dirs.emplace_back(d);
  for (const auto& d : paths_.plugin_dirs) sources.dirs.push_back(d);
  sources.runtime_dir = runtime_dir_;
  sources.linked = linked_;
  manager_ = std::make_unique<plugins::PluginManager>(
      host_, std::move(sources), host_json(),
      config::ConfigFiles(paths_.user_config_dir, paths_.bundled_config_dir));
  host_.manager = manager_.get();
  add_builtins();
  hub_.on_connect = [this](acdc_client id) {
    manager_->broadcast_event(nullptr, "host.client.connected", "{\"client\":" + std::to_string(id) + "}");
  };
  hub_.on_disconnect = [this](acdc_client id) {
    manager_->broadcast_event(nullptr, "host.client.disconnected", "{\"client\":" + std::to_string(id) + "}");
  };
  Status loaded;
  run_on_control([&] { loaded = manager_->load(config_.plugins); });
  if (!loaded.ok()) log::error("cannot start: " + loaded.message());
  return loaded.ok();
}

void App::add_builtins() {
  using Origin = std::unique_ptr<rpc::CallOrigin>;
  manager_->add_builtin("Host.list_plugins", [this](std::string_view, Origin origin) {
    origin->finish(ACDC_OK, manager_->list_json());
  });
  manager_->add_builtin("Host.list_tools", [this](std::string_view, Origin origin) {
    origin->finish(ACDC_OK, manager_->tools_json());
  });
  manager_->add_builtin("Host.available_plugins", [this](std::string_view, Origin origin) {
    origin->finish(ACDC_OK, manager_->available_json());
  });
  manager_->add_builtin("Host.reload_plugin", [this](std::string_view args, Origin origin) {
    reload_plugin(args, std::move(origin));
  });
  // Re-reading config files touches the disk: off the I/O thread.
  manager_->add_builtin("Host.reload_config", [this](std::string_view, Origin origin) {
    boost::asio::post(workers_, [this, o = std::shared_ptr<rpc::CallOrigin>(std::move(origin))] {
      std::string changed = manager_->reload_config();
      if (!read_interactive_config()) log::warn("the Interactive Mode API keeps its previous timeouts");
      o->finish(ACDC_OK, changed);
    });
  });
}

void App::reload_plugin(std::string_view args_json, std::unique_ptr<rpc::CallOrigin> origin) {
  rapidjson::Document args;
  if (rpc::parse_limited(args_json, args, rpc::kMaxDepth) != rpc::ParseOutcome::ok || !args.IsArray() ||
      args.Size() != 1 || !args[0].IsString())
    return origin->finish(ACDC_E_INVALID_PARAMS, "Host.reload_plugin expects one argument: the plugin's id");
  // Swaps run on the control thread, one at a time, like every lifecycle hook.
  boost::asio::post(control_, [this, id = std::string(args[0].GetString()),
                               o = std::shared_ptr<rpc::CallOrigin>(std::move(origin))] {
    if (Status s = manager_->swap(id); s.ok()) o->finish(ACDC_OK, manager_->entry_json(id));
    else o->finish(s.code(), s.message());
  });
}

void App::watch_plugins() {
  watcher_ = std::make_unique<plugins::PluginWatcher>(manager_->plugin_files(), [this](const std::string& id) {
    boost::asio::post(control_, [this, id] {
      (void)manager_->swap(id);  // the outcome is logged and sent to clients
    });
  });
  if (watcher_->start()) log::info("dev mode: rebuilt plugins are swapped in as they are written");
}

std::string App::url() const {
  const std::string port = std::to_string(listener_->port());
  return "http://127.0.0.1:" + port + "/?port=" + port + "&token=" + token_;
}

void App::serve() {
  fs::path webapp = config_.webapp_dir.empty() ? paths_.webapp_dir : fs::path(config_.webapp_dir);
  if (!options_.webapp_dir.empty()) webapp = options_.webapp_dir;
  auto interactive = interactive::endpoint_factory(
      [this] {
        std::lock_guard lock(interactive_mu_);
        return interactive_;
      },
      [this](boost::asio::any_io_executor executor) {
        return std::make_shared<interactive::LocalConverse>(hub_, std::move(executor));
      });
  auto tracked = [this, interactive = std::move(interactive)](std::weak_ptr<rpc::Transport> transport) {
    {
      std::lock_guard lock(endpoints_mu_);
      std::erase_if(endpoints_, [](const auto& t) { return t.expired(); });
      endpoints_.push_back(transport);
    }
    return interactive(std::move(transport));
  };
  server_ = std::make_unique<net::ServerContext>(
      net::ServerContext{net::StaticFiles(webapp), net::Access(token_, listener_->port()), hub_,
                         net::WsLimits{.keepalive = std::chrono::milliseconds(config_.ws_keepalive_ms)},
                         std::move(tracked)});
  // MCP's Streamable HTTP on /mcp: an agent shares this host with the browser.
  auto mcp_engine = std::make_shared<adapters::mcp::EngineClient>();
  mcp_engine->attach(hub_, io_.get_executor());
  server_->mcp = std::make_shared<adapters::mcp::HttpEndpoint>(std::move(mcp_engine), repo_root_);
  if (server_->files.root().empty())
    log::warn("the web app is not built (" +
              (webapp.empty() ? std::string("no webapp/dist found") : "nothing in " + webapp.string()) +
              "); the browser gets a page that says how to build it");
  // Ctrl-C is ours before the first client can connect: a SIGINT in the
  // moment between serving and wait_for_signal() killed the host at once
  // (exit 130, seen once in host.robustness); asio queues it until then.
  signals_ = std::make_unique<boost::asio::signal_set>(io_, SIGINT, SIGTERM);
  listener_->start(*server_);
  for (unsigned i = 0; i < kIoThreads; ++i) io_threads_.emplace_back([this] { io_.run(); });
  log::info("serving " + repo_root_.string() + " at " + url());
  log::info("Interactive Mode API: ws://127.0.0.1:" + std::to_string(listener_->port()) + "/ws?token=" + token_);
  log::info("MCP (Streamable HTTP): http://127.0.0.1:" + std::to_string(listener_->port()) + "/mcp?token=" + token_);
  if (!options_.no_browser && !open_browser(url()))
    log::info("could not start a browser: open the URL above yourself");
}

void App::wait_for_signal() {
  std::promise<int> signalled;
  signals_->async_wait([this, &signalled](boost::system::error_code ec, int number) {
    if (ec) return;
    signalled.set_value(number);
    // A second Ctrl-C means "now": do not wait for plugins to finish.
    signals_->async_wait([](boost::system::error_code e, int) {
      if (!e) std::_Exit(130);
    });
  });
  int number = signalled.get_future().get();
  log::info(std::string("shutting down (") + (number == SIGINT ? "SIGINT" : "SIGTERM") + ")");
}

// The closing handshakes run on the I/O threads, which shutdown stops a
// moment later: without this wait a client on a slow machine heard 1006
// (the connection dropped) instead of 1001 (seen under ASan, issue 27).
void App::wait_for_closes(std::chrono::milliseconds limit) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  auto open = [this] {
    std::lock_guard lock(endpoints_mu_);
    return !hub_.peers().empty() ||
           std::any_of(endpoints_.begin(), endpoints_.end(), [](const auto& t) { return !t.expired(); });
  };
  while (open() && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(10ms);
}

void App::shutdown() {
  host_.stopping = true;
  if (watcher_) watcher_->stop();
  if (listener_) listener_->stop();
  if (manager_) manager_->broadcast_event(nullptr, "host.shutdown", "{}");
  // In-flight calls and holds get a moment to finish before connections close.
  if (!host_.inbound.wait_idle(plugins::InFlight::Clock::now() + 3s))
    log::warn(std::to_string(host_.inbound.count()) +
              " calls or held plugin tasks were still running after 3 s; closing connections anyway");
  for (auto& peer : hub_.peers()) peer->close(1001, "acdc is shutting down");
  {
    std::lock_guard lock(endpoints_mu_);
    for (auto& endpoint : endpoints_)
      if (auto transport = endpoint.lock()) transport->close(1001, "acdc is shutting down");
  }
  wait_for_closes(1s);
  if (manager_) run_on_control([this] { manager_->stop_all(); });
  {
    std::lock_guard lock(host_.timers_mu);
    for (auto& timer : host_.timers) timer->cancel();
  }
  if (startup_thread_.joinable()) startup_thread_.join();
  if (manager_ && !manager_->wait_retired(5s))
    log::warn("some plugins still had work running after 5 s; exiting without waiting for them");
  workers_.join();
  io_guard_.reset();
  if (signals_) boost::asio::post(io_, [this] { signals_->cancel(); });
  io_.stop();
  for (auto& t : io_threads_) t.join();
  control_guard_.reset();
  if (control_thread_.joinable()) control_thread_.join();
}

}  // namespace acdc::app
