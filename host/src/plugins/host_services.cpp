// The implementation of acdc_host_api: what a plugin may ask of the host.
// Every function here may be called from any thread (plugin_api.h).
#include "plugins/call.hpp"
#include "plugins/host_context.hpp"
#include "plugins/plugin_manager.hpp"
#include "plugins/tool_decl.hpp"
#include "rpc/hub.hpp"

#include <acdc/host/json.hpp>
#include <acdc/host/log.hpp>
#include <boost/asio/post.hpp>


namespace acdc::plugins {
namespace {

std::string_view view(acdc_str s) { return std::string_view(s.ptr ? s.ptr : "", s.len); }

std::shared_ptr<Generation> generation_of(acdc_plugin* self) {
  return self ? self->generation->weak_from_this().lock() : nullptr;
}

// A generation no call, task or timer holds any more is being deactivated:
// its plugin's own threads may still try to reach out. Nothing can answer
// them (the library goes once deactivate returns), so they are refused, and
// said so, rather than dropped in silence.
void refused_after_unload(std::string_view method) {
  log::warn("a plugin being unloaded called " + std::string(method) +
            " from a thread of its own; the call is refused (keep a call open while such work runs)");
}

// Answers an outbound plugin call. Always posted, so a reply never runs
// inside a host function some plugin is executing (plugin_api.h).
class PluginOrigin final : public rpc::CallOrigin {
 public:
  PluginOrigin(std::shared_ptr<Generation> caller, acdc_reply_fn reply, void* user, acdc_client client)
      : caller_(std::move(caller)), reply_(reply), user_(user), client_(client) {}

  void finish(acdc_status status, std::string_view payload) override {
    if (status == rpc::kStatusMethodNotFound) status = ACDC_E_NOT_FOUND;
    boost::asio::post(caller_->host().io, [caller = caller_, reply = reply_, user = user_, status,
                                           text = std::string(payload)] {
      reply(user, status, acdc_str{text.data(), text.size()});
    });
  }
  acdc_client client() const override { return client_; }

 private:
  std::shared_ptr<Generation> caller_;
  acdc_reply_fn reply_;
  void* user_;
  acdc_client client_;
};

void reply_later(HostContext& host, std::shared_ptr<Generation> caller, acdc_reply_fn reply,
                 void* user, acdc_status status, std::string message) {
  boost::asio::post(host.io, [caller = std::move(caller), reply, user, status, m = std::move(message)] {
    reply(user, status, acdc_str{m.data(), m.size()});
  });
}

// Arguments a plugin sends on must be a JSON array in valid UTF-8: a client
// drops the whole connection over a malformed frame.
bool valid_args(std::string_view args) {
  if (args.empty()) return true;
  size_t i = args.find_first_not_of(" \t\r\n");
  return i != std::string_view::npos && args[i] == '[' && rpc::is_valid_json(args);
}

void host_log(acdc_plugin* self, int level, acdc_str message) {
  std::string line = "[";
  line += self ? self->generation->label() : std::string("?");
  line += "] ";
  line += view(message);
  switch (level) {
    case ACDC_LOG_DEBUG: return log::debug(line);
    case ACDC_LOG_WARN: return log::warn(line);
    case ACDC_LOG_ERROR: return log::error(line);
    default: return log::info(line);
  }
}

void get_config(acdc_plugin* self, acdc_sink_fn sink, void* user) {
  Generation* g = self->generation;
  std::string json = g->host().manager->config_json(g->id());
  sink(user, acdc_str{json.data(), json.size()});
}

// Both ways of completing a call answer first and delete the call after:
// its tickets go back then, so shutdown, which waits for inbound calls,
// never closes a connection before a reply that was already given.

void complete_result(acdc_call* call, acdc_str result) {
  std::unique_ptr<acdc_call> done(call);
  std::string_view json = view(result);
  if (json.empty()) json = "null";
  if (!rpc::is_valid_json(json)) {
    log::error("plugin '" + done->callee->id() + "' answered " + done->method->qualified +
               " with text that is not valid UTF-8 JSON; the caller gets an internal error");
    done->origin->finish(ACDC_E_INTERNAL, "plugin '" + done->callee->id() + "' returned invalid JSON from " +
                                              done->method->qualified + " (a plugin bug)");
  } else {
    done->origin->finish(ACDC_OK, json);
  }
}

void complete_error(acdc_call* call, acdc_status status, acdc_str message) {
  std::unique_ptr<acdc_call> done(call);
  if (status > ACDC_E_INVALID_PARAMS || status < ACDC_E_APPLICATION) status = ACDC_E_INTERNAL;
  std::string_view text = view(message);
  done->origin->finish(status, text.empty() ? done->method->qualified + " failed" : std::string(text));
}

acdc_client client_of(const acdc_call* call) { return call ? call->origin->client() : ACDC_CLIENT_NONE; }

void call_plugin(acdc_plugin* self, const acdc_call* parent, acdc_str method, acdc_str args,
                 acdc_reply_fn reply, void* user) {
  auto caller = generation_of(self);
  if (!caller) return refused_after_unload(view(method));
  HostContext& host = caller->host();
  if (!valid_args(view(args)))
    return reply_later(host, caller, reply, user, ACDC_E_INVALID_PARAMS,
                       "args of " + std::string(view(method)) + " must be a JSON array");
  acdc_client client = parent ? parent->origin->client() : ACDC_CLIENT_NONE;
  boost::asio::post(host.io, [caller, m = std::string(view(method)),
                              a = std::string(args.len ? view(args) : "[]"), reply, user, client] {
    caller->host().hub.router().dispatch(m, a,
                                         std::make_unique<PluginOrigin>(caller, reply, user, client));
  });
}

// How many call_client() calls are on this thread's stack. A per-thread
// count rather than a flag per call: a flag shared with the reply would cost
// an allocation per call (a stream of callbacks makes thousands a second).
thread_local int t_calling_client = 0;

void call_client(acdc_plugin* self, acdc_client client, acdc_str method, acdc_str args,
                 acdc_reply_fn reply, void* user) {
  auto caller = generation_of(self);
  if (!caller) return refused_after_unload(view(method));
  HostContext& host = caller->host();
  if (!valid_args(view(args)))
    return reply_later(host, caller, reply, user, ACDC_E_INVALID_PARAMS,
                       "args of " + std::string(view(method)) + " must be a JSON array");
  // Sent right here, so calls a plugin makes one after another leave in that
  // order. An answer that comes back on this thread before this function
  // returns (the client is gone, say) is posted: a reply never runs inside
  // the host function that started the call.
  rpc::ReplyHandler done = [caller, reply, user](acdc_status status, std::string_view payload) {
    if (t_calling_client == 0) return reply(user, status, acdc_str{payload.data(), payload.size()});
    reply_later(caller->host(), caller, reply, user, status, std::string(payload));
  };
  struct Calling {
    Calling() { ++t_calling_client; }
    ~Calling() { --t_calling_client; }
  } calling;
  if (client == ACDC_CLIENT_ALL) host.hub.call_all(view(method), view(args), std::move(done));
  else host.hub.call(client, view(method), view(args), std::move(done));
}

acdc_status notify_client(acdc_plugin* self, acdc_client client, acdc_str method, acdc_str args) {
  auto caller = generation_of(self);
  if (!caller) {
    refused_after_unload(view(method));
    return ACDC_E_UNAVAILABLE;
  }
  if (!valid_args(view(args))) return ACDC_E_INVALID_PARAMS;
  return caller->host().hub.notify(client, view(method), view(args));
}

acdc_status post(acdc_plugin* self, uint32_t delay_ms, acdc_task_fn task, void* user) {
  auto gen = generation_of(self);
  if (!gen || gen->host().stopping) return ACDC_E_UNAVAILABLE;
  HostContext& host = gen->host();
  if (delay_ms == 0) {
    boost::asio::post(host.workers, [gen, task, user] { task(user); });
    return ACDC_OK;
  }
  auto timer = std::make_shared<boost::asio::steady_timer>(host.io, std::chrono::milliseconds(delay_ms));
  {
    std::lock_guard lock(host.timers_mu);
    host.timers.insert(timer);
  }
  // Cancelled at shutdown: the task then runs early rather than never.
  timer->async_wait([timer, gen, task, user](boost::system::error_code) {
    HostContext& h = gen->host();
    {
      std::lock_guard lock(h.timers_mu);
      h.timers.erase(timer);
    }
    boost::asio::post(h.workers, [gen, task, user] { task(user); });
  });
  return ACDC_OK;
}

void report_progress(acdc_plugin* self, acdc_str stage, acdc_str message, int32_t percent) {
  if (auto gen = generation_of(self)) gen->host().hub.report_progress(view(stage), view(message), percent);
}

void publish(acdc_plugin* self, acdc_str topic, acdc_str json) {
  if (auto gen = generation_of(self))
    gen->host().manager->broadcast_event(gen.get(), view(topic), json.len ? view(json) : "{}");
}

acdc_hold* hold(acdc_plugin* self) {
  auto gen = generation_of(self);
  if (!gen || gen->host().stopping) return nullptr;
  InFlight::Ticket inbound = gen->host().inbound.take();
  return new acdc_hold{std::move(gen), std::move(inbound)};
}

void release(acdc_hold* held) { delete held; }

acdc_status set_tools(acdc_plugin* self, acdc_str tools_json) {
  auto gen = generation_of(self);
  if (!gen) return ACDC_E_UNAVAILABLE;
  RuntimeTools read = read_runtime_tools(view(tools_json), [&gen](std::string_view method) {
    return gen->find(method) != nullptr;
  });
  if (!read.problem.empty()) {
    log::warn(gen->label() + ": " + read.problem);
    return ACDC_E_INVALID_PARAMS;
  }
  gen->set_runtime_tools(std::move(read.tools));
  return ACDC_OK;
}

const acdc_host_api kHostApi = {
    sizeof(acdc_host_api), ACDC_ABI_MINOR, host_log,     get_config,    complete_result,
    complete_error,        client_of,      call_plugin,  call_client,   notify_client,
    post,                  report_progress, publish,     hold,          release,
    set_tools,
};

}  // namespace

const acdc_host_api* host_api() { return &kHostApi; }

}  // namespace acdc::plugins
