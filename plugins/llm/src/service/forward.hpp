// service/forward.hpp -- a method answered by another plugin through the
// host: its answer (or its failure) becomes this call's.
//
//   forward(host, call, "SymbolIndex.hover", acdc::json_array(path, line, col));
#pragma once

#include <acdc/sdk.hpp>

#include <string>
#include <string_view>

namespace acdc::llm {

void forward(const acdc::Host& host, acdc::Call call, std::string_view method, std::string args_json);

}  // namespace acdc::llm
