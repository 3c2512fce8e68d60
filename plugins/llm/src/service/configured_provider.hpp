// service/configured_provider.hpp -- how a concern of LLMService reads the
// provider configuration at the moment it needs it: llm.yaml as the host
// last sent it, read under the facade's lock. It throws acdc::Error naming
// what is wrong when llm.yaml is broken, so the call fails with the reason.
#pragma once

#include "provider/provider_config.hpp"

#include <functional>

namespace acdc::llm {

using ConfiguredProvider = std::function<ProviderConfig()>;

}  // namespace acdc::llm
