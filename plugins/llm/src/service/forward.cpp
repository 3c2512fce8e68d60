// service/forward.cpp -- see forward.hpp.
#include "service/forward.hpp"

namespace acdc::llm {

void forward(const acdc::Host& host, acdc::Call call, std::string_view method, std::string args_json) {
  host.call(method, args_json, [call](acdc::Result r) mutable {
    if (r.ok()) call.ok_raw(r.payload);
    else call.fail(r.status, r.payload);
  }, call.handle());
}

}  // namespace acdc::llm
