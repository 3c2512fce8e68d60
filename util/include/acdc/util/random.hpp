// acdc/util/random.hpp -- unpredictable identifiers: the per-run access token and
// the uuids that key clients in jrpc-oo result maps.
#pragma once

#include <string>

namespace acdc {

// `bytes` random bytes from the OS, as lowercase hex.
std::string random_hex(size_t bytes);

// A random (version 4) UUID, "xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx".
std::string random_uuid();

}  // namespace acdc
