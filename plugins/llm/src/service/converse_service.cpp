// service/converse_service.cpp -- see converse_service.hpp. A tool-calling
// completion on the configured provider (or a caller's OpenAI-compatible
// endpoint). Contract: adapters/README.md.
#include "service/converse_service.hpp"

#include "converse/converse_request.hpp"
#include "history/history_message.hpp"
#include "provider/provider_config.hpp"

#include <acdc/sdk/json.hpp>

namespace acdc::llm {
namespace {

// {"text": delta} or {"thinking": delta}: one AcApp.converseChunk argument.
std::string chunk_args(const std::string& request_id, const char* kind, std::string_view delta) {
  std::string args = "[" + acdc::to_json_text(request_id) + ",{\"";
  args += kind;
  args += "\":" + acdc::to_json_text(std::string(delta)) + "}]";
  return args;
}

}  // namespace

void ConverseService::start(acdc::Call call, std::string request_id, acdc::Json request) {
  ProviderConfig configured = config_.provider();  // a broken llm.yaml is this call's error
  ConverseRequest r = parse_converse_request(request, configured.max_output_tokens);
  ProviderConfig pc = r.apply_to(std::move(configured));
  if (std::string missing = pc.missing_key(); !missing.empty()) throw acdc::Error(ACDC_E_FAILED_PRECONDITION, missing);
  const acdc_client client = call.client();
  std::optional<Prices> prices = config_.prices(pc);
  runner_.start(request_id, [this, call, client, request_id, prices, pc = std::move(pc),
                                      r = std::move(r)](const CancelFlag& cancel) mutable -> ConverseRunner::Reply {
    std::string session = r.history_session;
    if (r.record) {
      if (session.empty()) session = new_session_id();
      if (!r.history_user.empty()) session_.add_to(session, "user", r.history_user, {});
    }
    // Each delta goes to the caller at once and in order: an adapter holds
    // back or joins them by its own protocol's rules.
    StreamCallbacks callbacks{
        .on_text = [&](std::string_view d) { host_.notify(client, "AcApp.converseChunk", chunk_args(request_id, "text", d)); },
        .on_reasoning =
            [&](std::string_view d) { host_.notify(client, "AcApp.converseChunk", chunk_args(request_id, "thinking", d)); },
    };
    ChatResult result;
    try {
      auto provider = make_provider(config_.served(pc));
      result = r.stream ? provider->stream(r.chat, callbacks, cancel) : provider->complete(r.chat, cancel);
    } catch (const acdc::Error& e) {
      return [call, status = e.status(), message = std::string(e.what())]() mutable { call.fail(status, message); };
    } catch (const std::exception& e) {
      return [call, message = std::string("converse failed: ") + e.what()]() mutable { call.fail(ACDC_E_INTERNAL, message); };
    }
    result.cancelled = result.cancelled || cancel.load();
    price_usage(result.usage, prices);
    if (r.record && !result.text.empty())
      session_.add_to(session, "assistant", result.text, {.cut_off = result.error.has_value() && !result.cancelled});
    return [call, json = converse_result_json(result, r.record ? session : std::string())]() mutable { call.ok_raw(json); };
  });
}

std::map<std::string, std::string> ConverseService::cancel(const std::string& request_id) {
  if (!runner_.cancel(request_id))
    throw acdc::invalid_params("no converse call with request id '" + request_id + "' is running");
  return {{"status", "cancelling"}};
}

std::vector<long> ConverseService::count_tokens(const std::vector<std::string>& texts) const {
  std::vector<long> out;
  out.reserve(texts.size());
  for (const auto& t : texts) out.push_back(static_cast<long>(count_(t)));
  return out;
}

}  // namespace acdc::llm
