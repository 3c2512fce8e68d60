#include "plugins/plugin_manager.hpp"

#include "rpc/hub.hpp"

#include <acdc/host/json.hpp>
#include <acdc/host/log.hpp>
#include <boost/asio/post.hpp>

#include <algorithm>
#include <set>

namespace acdc::plugins {

namespace fs = std::filesystem;

PluginManager::PluginManager(HostContext& host, PluginSources sources, std::string host_json,
                             config::ConfigFiles files)
    : host_(host), sources_(std::move(sources)), host_json_(std::move(host_json)), files_(std::move(files)) {}

void PluginManager::add_builtin(const std::string& name, rpc::BuiltinHandler handler) {
  builtins_[name] = std::move(handler);
}

std::string PluginManager::build_block(const config::PluginEntry& entry) const {
  std::string out = "{\"host\":" + host_json_;
  std::string_view inner = entry.config_json;
  inner.remove_prefix(inner.find('{') + 1);
  inner.remove_suffix(inner.size() - inner.rfind('}'));
  if (inner.find_first_not_of(" \t\r\n") != std::string_view::npos) {
    out += ',';
    out += inner;
  }
  for (const auto& file : entry.config_files) {
    out += ',';
    rpc::append_quoted(out, fs::path(file).stem().string());
    out += ':';
    out += files_.read(file);
  }
  out += '}';
  return out;
}

std::string PluginManager::config_json(const std::string& id) const {
  std::lock_guard lock(mu_);
  for (const auto& p : plugins_)
    if (p.entry.name == id) return p.block.empty() ? build_block(p.entry) : p.block;
  return "{\"host\":" + host_json_ + "}";
}

std::string PluginManager::reload_config() {
  std::vector<std::pair<std::shared_ptr<Generation>, std::string>> changed;
  std::string ids = "[";
  {
    std::lock_guard lock(mu_);
    for (auto& p : plugins_) {
      std::string block = build_block(p.entry);
      if (block == p.block) continue;
      p.block = block;
      if (ids.size() > 1) ids += ',';
      rpc::append_quoted(ids, p.entry.name);
      if (auto gen = p.slot->current(); gen && gen->desc().on_event) changed.emplace_back(gen, block);
    }
  }
  for (auto& [gen, block] : changed)
    boost::asio::post(host_.workers, [gen = gen, block = block] {  // clang 14 cannot capture bindings
      gen->desc().on_event(gen->state(), ACDC_STR_LIT("host.config.changed"),
                           acdc_str{block.data(), block.size()});
    });
  return "{\"changed\":" + ids + "]}";
}

std::string PluginManager::available_json() const {
  std::set<std::string> ids;
  for (const auto& [id, entry] : sources_.linked) ids.insert(id);
  const std::string suffix = ".acdc.so";
  for (const auto& dir : sources_.dirs) {
    std::error_code ec;
    for (const auto& f : fs::directory_iterator(dir, ec)) {
      std::string name = f.path().filename().string();
      if (name.size() > suffix.size() && name.ends_with(suffix))
        ids.insert(name.substr(0, name.size() - suffix.size()));
    }
  }
  std::string out = "[";
  for (const auto& id : ids) {
    if (out.size() > 1) out += ',';
    rpc::append_quoted(out, id);
  }
  return out + "]";
}

fs::path PluginManager::find_file(const config::PluginEntry& entry) const {
  if (!entry.path.empty()) return entry.path;
  const std::string file = entry.name + ".acdc.so";
  for (const auto& dir : sources_.dirs)
    if (std::error_code ec; fs::exists(dir / file, ec)) return dir / file;
  return sources_.dirs.empty() ? fs::path(file) : sources_.dirs.front() / file;
}

std::shared_ptr<Generation> PluginManager::adopt(Generation* raw) {
  {
    std::lock_guard lock(retire_mu_);
    ++live_generations_;
  }
  // The last reference may drop on any thread; deactivation and closing the
  // image belong to the control thread (plugin_api.h).
  return std::shared_ptr<Generation>(raw, [this](Generation* g) {
    boost::asio::post(host_.control, [this, g] {
      g->deactivate();
      delete g;
      std::lock_guard lock(retire_mu_);
      --live_generations_;
      retired_.notify_all();
    });
  });
}

std::shared_ptr<Generation> PluginManager::load_generation(Plugin& p, Status& status) {
  const uint32_t number = ++p.generations;
  LoadResult r;
  if (auto linked = sources_.linked.find(p.entry.name); linked != sources_.linked.end() && p.entry.path.empty())
    r = load_linked(p.entry.name, linked->second, host_api());
  else
    r = load_shared(p.entry.name, p.file = find_file(p.entry), sources_.runtime_dir, number, host_api());
  if (!r.image) {
    status = r.status;
    return nullptr;
  }
  return adopt(new Generation(std::move(*r.image), number, host_));
}

std::vector<PluginManager::Plugin*> PluginManager::activation_order(
    std::map<std::string, std::shared_ptr<Generation>>& loaded) {
  // Kahn's algorithm, taking ready plugins in config order so the order is
  // stable from run to run.
  std::vector<Plugin*> order;
  std::set<std::string> placed;
  bool progress = true;
  while (progress) {
    progress = false;
    for (auto& p : plugins_) {
      const std::string& name = p.entry.name;
      if (!p.failure.empty() || placed.count(name) || !loaded.count(name)) continue;
      bool ready = true;
      for (const auto& dep : loaded[name]->dependencies()) {
        if (placed.count(dep)) continue;
        ready = false;
        if (!loaded.count(dep)) {
          p.failure = "plugin '" + name + "' needs plugin '" + dep +
                      "', which is not loaded: add it to the plugin list (or --plugins)";
          log::error(p.failure);
          loaded.erase(name);
          progress = true;
          break;
        }
      }
      if (ready) {
        order.push_back(&p);
        placed.insert(name);
        progress = true;
      }
    }
  }
  for (auto& p : plugins_)
    if (p.failure.empty() && loaded.count(p.entry.name) && !placed.count(p.entry.name)) {
      p.failure = "plugin '" + p.entry.name + "' is part of a dependency cycle: check its dependencies";
      log::error(p.failure);
    }
  return order;
}

Status PluginManager::load(const std::vector<config::PluginEntry>& entries) {
  {
    std::lock_guard lock(mu_);
    plugins_.clear();
    for (const auto& e : entries) plugins_.push_back(Plugin{e, std::make_shared<PluginSlot>(e.name), {}, 0});
  }
  std::map<std::string, std::shared_ptr<Generation>> loaded;
  for (auto& p : plugins_) {
    Status status;
    if (auto gen = load_generation(p, status)) loaded[p.entry.name] = std::move(gen);
    else log::error(p.failure = status.message());
  }
  std::map<std::string, std::string> class_owner;
  std::vector<std::string> active_order;
  const std::vector<Plugin*> order = activation_order(loaded);
  for (Plugin* p : order) {
    // §1.3's start-up stages: one report per plugin, the last at 100.
    host_.hub.report_progress("plugins", "Starting plugin '" + p->entry.name + "'...",
                              static_cast<int>(active_order.size() * 100 / std::max<std::size_t>(order.size(), 1)));
    auto gen = loaded[p->entry.name];
    for (const auto& dep : gen->dependencies()) {
      auto it = std::find_if(plugins_.begin(), plugins_.end(),
                             [&](const Plugin& q) { return q.entry.name == dep; });
      if (it != plugins_.end() && !it->failure.empty() && p->failure.empty())
        p->failure = "plugin '" + p->entry.name + "' needs plugin '" + dep + "', which failed to start";
    }
    for (const auto& cls : gen->class_names())
      if (auto [it, fresh] = class_owner.emplace(cls, p->entry.name); !fresh && p->failure.empty())
        p->failure = "plugin '" + p->entry.name + "' registers class " + cls +
                     ", which plugin '" + it->second + "' already serves";
    p->block = build_block(p->entry);
    if (p->failure.empty())
      if (Status s = gen->activate(p->block, "", ""); !s.ok())
        p->failure = "plugin '" + p->entry.name + "' failed to activate: " + s.message();
    if (!p->failure.empty()) {
      log::error(p->failure);
      continue;
    }
    p->slot->set_current(gen);
    active_order.push_back(p->entry.name);
    log::debug("plugin '" + p->entry.name + "' " + gen->version() + " is active");
  }
  host_.hub.report_progress("plugins", "Started " + std::to_string(active_order.size()) + " of " +
                                         std::to_string(plugins_.size()) + " plugins", 100);
  sort_by_activation(active_order);
  publish_routes();
  std::string fatal;
  for (const auto& p : plugins_)
    if (p.entry.required && !p.failure.empty())
      fatal += (fatal.empty() ? "" : "; ") + ("required " + p.failure);
  if (fatal.empty()) return {};
  return Status(ACDC_E_FAILED_PRECONDITION, fatal);
}

void PluginManager::sort_by_activation(const std::vector<std::string>& active_order) {
  // Start-up follows this order and shutdown reverses it; unavailable
  // plugins go last, in config order.
  std::lock_guard lock(mu_);
  std::vector<Plugin> sorted;
  for (const auto& name : active_order)
    for (auto& p : plugins_)
      if (p.slot && p.entry.name == name) sorted.push_back(std::move(p));
  for (auto& p : plugins_)
    if (p.slot) sorted.push_back(std::move(p));
  plugins_ = std::move(sorted);
}

void PluginManager::publish_routes() {
  auto table = std::make_shared<rpc::RouteTable>();
  for (const auto& [name, handler] : builtins_)
    table->routes.emplace(name, std::make_shared<rpc::BuiltinTarget>(handler));
  std::lock_guard lock(mu_);
  for (const auto& p : plugins_) {
    if (auto gen = p.slot->current()) {
      for (const auto& m : gen->methods()) table->routes.emplace(m.qualified, p.slot);
      continue;
    }
    std::string why = host_.stopping ? "the host is shutting down"
                                     : "plugin '" + p.entry.name + "' is not loaded: " + p.failure;
    for (const auto& cls : p.entry.provides) table->absent_classes.emplace(cls, why);
  }
  table->methods_json = rpc::describe_methods(*table);
  host_.hub.router().publish(std::move(table));
}

void PluginManager::start_all() {
  std::vector<std::shared_ptr<Generation>> active;
  {
    std::lock_guard lock(mu_);
    for (const auto& p : plugins_)
      if (auto gen = p.slot->current()) active.push_back(std::move(gen));
  }
  for (const auto& gen : active) {
    if (host_.stopping) return;
    if (!gen->desc().start) continue;
    acdc_status status = gen->desc().start(gen->state());
    if (status != ACDC_OK)
      log::error("plugin '" + gen->id() + "' could not finish starting up (status " +
                 std::to_string(status) + "); see its messages above. It keeps serving what it can.");
  }
  host_.hub.report_progress("ready", "Ready", 100);
}

void PluginManager::broadcast_event(const Generation* from, std::string_view topic, std::string_view json) {
  std::vector<std::shared_ptr<Generation>> targets;
  {
    std::lock_guard lock(mu_);
    for (const auto& p : plugins_)
      if (auto gen = p.slot->current(); gen && gen.get() != from && gen->desc().on_event)
        targets.push_back(std::move(gen));
  }
  for (auto& gen : targets)
    boost::asio::post(host_.workers, [gen, t = std::string(topic), j = std::string(json)] {
      gen->desc().on_event(gen->state(), acdc_str{t.data(), t.size()}, acdc_str{j.data(), j.size()});
    });
}

void PluginManager::append_entry(std::string& out, const Plugin& p) const {
  out += "{\"id\":";
  rpc::append_quoted(out, p.entry.name);
  auto gen = p.slot->current();
  if (!gen) {
    out += ",\"status\":\"unavailable\",\"methods\":[],\"error\":";
    rpc::append_quoted(out, p.failure);
    out += '}';
    return;
  }
  out += ",\"version\":";
  rpc::append_quoted(out, gen->version());
  out += ",\"generation\":" + std::to_string(gen->number()) + ",\"status\":\"active\",\"methods\":[";
  bool first = true;
  for (const auto& m : gen->methods()) {
    if (!first) out += ',';
    first = false;
    rpc::append_quoted(out, m.qualified);
  }
  out += "]}";
}

std::string PluginManager::list_json() const {
  std::string out = "[";
  std::lock_guard lock(mu_);
  for (const auto& p : plugins_) {
    if (out.size() > 1) out += ',';
    append_entry(out, p);
  }
  return out + ']';
}

std::string PluginManager::tools_json() const {
  std::string out = "[";
  std::set<std::string, std::less<>> named;
  std::lock_guard lock(mu_);
  for (const auto& p : plugins_) {
    auto gen = p.slot ? p.slot->current() : nullptr;
    if (!gen) continue;
    for (const auto& m : gen->methods()) {
      if (m.tool_json.empty() || !named.insert(m.tool_name).second) continue;
      if (out.size() > 1) out += ',';
      // The declaration is a compact object (tool_decl.hpp): its method goes in before the final '}'.
      out.append(m.tool_json, 0, m.tool_json.size() - 1);
      out += ",\"method\":";
      rpc::append_quoted(out, m.qualified);
      out += '}';
    }
    for (const auto& [name, json] : gen->runtime_tools()) {
      if (!named.insert(name).second) continue;
      if (out.size() > 1) out += ',';
      out += json;
    }
  }
  return out + ']';
}

std::string PluginManager::entry_json(const std::string& id) const {
  std::string out;
  std::lock_guard lock(mu_);
  for (const auto& p : plugins_)
    if (p.entry.name == id) append_entry(out, p);
  return out.empty() ? "null" : out;
}

void PluginManager::stop_all() {
  std::vector<std::shared_ptr<PluginSlot>> slots;
  {
    std::lock_guard lock(mu_);
    for (auto it = plugins_.rbegin(); it != plugins_.rend(); ++it) slots.push_back(it->slot);
  }
  for (auto& slot : slots) slot->set_current(nullptr);
  publish_routes();
}

bool PluginManager::wait_retired(std::chrono::milliseconds timeout) {
  std::unique_lock lock(retire_mu_);
  return retired_.wait_for(lock, timeout, [this] { return live_generations_ == 0; });
}

}  // namespace acdc::plugins
