#include "interactive/local_converse.hpp"

namespace acdc::interactive {

void LocalConverse::converse(const std::string& request_id, std::string request_json, OnChunk on_chunk,
                             OnDone done) {
  client_.converse(
      request_id, request_json,
      [on_chunk = std::move(on_chunk)](const host::ConverseDelta& d) {
        if (!d.text.empty()) on_chunk(d.text);
      },
      [done = std::move(done)](acdc_status status, std::string_view reply) { done(status, std::string(reply)); });
}

}  // namespace acdc::interactive
