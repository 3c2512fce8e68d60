// PluginManager's hot swap (plugin_manager.hpp, plugin-abi.md §2.8): the
// steps that replace one plugin's generation while the host serves.
#include "plugins/plugin_manager.hpp"
#include "rpc/hub.hpp"

#include <acdc/host/json.hpp>
#include <acdc/host/log.hpp>
#include <boost/asio/post.hpp>

#include <set>

namespace acdc::plugins {

namespace {

using namespace std::chrono_literals;

// How long a swap waits for the current generation's calls to finish before
// it gives up and leaves that generation serving.
constexpr auto kDrainTimeout = 5s;

std::string save_state(const Generation& gen) {
  std::string bytes;
  if (!gen.desc().save_state) return bytes;
  auto sink = [](void* user, acdc_str b) { static_cast<std::string*>(user)->assign(b.ptr ? b.ptr : "", b.len); };
  if (gen.desc().save_state(gen.state(), sink, &bytes) != ACDC_OK) {
    log::warn("plugin '" + gen.id() + "' could not save its state; the new generation starts fresh");
    bytes.clear();
  }
  return bytes;
}

std::set<std::string> method_names(const Generation* gen) {
  std::set<std::string> names;
  if (gen)
    for (const auto& m : gen->methods()) names.insert(m.qualified);
  return names;
}

}  // namespace

PluginManager::Plugin* PluginManager::find_plugin(const std::string& id) {
  for (auto& p : plugins_)
    if (p.entry.name == id) return &p;
  return nullptr;
}

std::vector<std::pair<std::string, std::filesystem::path>> PluginManager::plugin_files() const {
  std::vector<std::pair<std::string, std::filesystem::path>> out;
  std::lock_guard lock(mu_);
  for (const auto& p : plugins_)
    if (!p.file.empty()) out.emplace_back(p.entry.name, p.file);
  return out;
}

// Why `next` cannot take over from plugin `p` (FAILED_PRECONDITION: it
// would break another plugin's place), or OK when it can.
Status PluginManager::swap_problem(const Plugin& p, const Generation& next) const {
  for (const auto& dep : next.dependencies()) {
    auto it = std::find_if(plugins_.begin(), plugins_.end(), [&](const Plugin& q) { return q.entry.name == dep; });
    if (it == plugins_.end() || !it->slot->current())
      return Status(ACDC_E_FAILED_PRECONDITION, "the new build needs plugin '" + dep + "', which is not loaded");
  }
  for (const auto& other : plugins_) {
    if (&other == &p) continue;
    auto gen = other.slot->current();
    if (!gen) continue;
    for (const auto& cls : next.class_names())
      for (const auto& taken : gen->class_names())
        if (cls == taken)
          return Status(ACDC_E_FAILED_PRECONDITION,
                        "the new build registers class " + cls + ", which plugin '" + other.entry.name + "' serves");
  }
  return {};
}

void PluginManager::report_swap(const Plugin& p, const Generation* gen, const Status& status) {
  std::string info = "[{\"id\":";
  rpc::append_quoted(info, p.entry.name);
  if (status.ok()) {
    info += ",\"status\":\"swapped\",\"generation\":" + std::to_string(gen->number()) + ",\"version\":";
    rpc::append_quoted(info, gen->version());
    log::info("plugin '" + p.entry.name + "' " + gen->version() + " swapped in as generation " +
              std::to_string(gen->number()));
  } else {
    info += ",\"status\":\"swap_failed\",\"error\":";
    rpc::append_quoted(info, status.message());
    log::error(status.message());
  }
  host_.hub.notify(ACDC_CLIENT_ALL, "AcApp.pluginStatus", info + "}]");
}

Status PluginManager::swap(const std::string& id) {
  Plugin* p = find_plugin(id);
  if (!p)
    return Status(ACDC_E_NOT_FOUND, "plugin '" + id + "' is not in the plugin list: add it to the config (or --plugins)");
  auto fail = [&](const Status& why) {
    Status failed(why.code(), "plugin '" + id + "' was not swapped: " + why.message() +
                                  "; the running generation keeps serving");
    report_swap(*p, nullptr, failed);
    return failed;
  };
  if (p->file.empty() && sources_.linked.count(id))
    return fail(Status(ACDC_E_UNSUPPORTED, "it is linked into the acdc binary"));
  std::shared_ptr<Generation> old = p->slot->current();
  Status status;
  std::shared_ptr<Generation> next = load_generation(*p, status);
  if (!next) return fail(status);
  if (Status why = swap_problem(*p, *next); !why.ok()) return fail(why);

  p->slot->hold();
  if (old && !old->wait_drained(InFlight::Clock::now() + kDrainTimeout)) {
    const long open = old->draining();
    p->slot->release();
    return fail(Status(ACDC_E_TIMEOUT, std::to_string(open) + " of its calls did not finish within 5 s"));
  }
  const std::string block = build_block(p->entry);
  if (status = next->activate(block, old ? save_state(*old) : "", old ? old->version() : ""); !status.ok()) {
    p->slot->release();
    return fail(status.with_prefix("the new build failed to activate: "));
  }
  const bool methods_changed = method_names(old.get()) != method_names(next.get());
  {
    std::lock_guard lock(mu_);
    p->block = block;
    p->failure.clear();
  }
  p->slot->set_current(next);
  publish_routes();
  p->slot->release();
  if (methods_changed) host_.hub.announce_methods();
  if (next->desc().start)
    boost::asio::post(host_.workers, [next] { next->desc().start(next->state()); });
  report_swap(*p, next.get(), {});
  return {};
}

}  // namespace acdc::plugins
