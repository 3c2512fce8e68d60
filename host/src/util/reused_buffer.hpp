// util/reused_buffer.hpp -- the rule for buffers kept from one message to the
// next (a connection's send buffers, per-thread scratch for parsing): they
// keep their capacity, so a steady stream of messages allocates nothing, but
// not past 1 MiB, so one 6 MB message does not pin 6 MB for good.
//
//   buffer.clear();
//   release_if_large(buffer);
#pragma once

#include <rapidjson/stringbuffer.h>

#include <cstddef>
#include <string>

namespace acdc {

inline constexpr size_t kKeepCapacity = 1u << 20;

inline void release_if_large(std::string& buffer) {
  if (buffer.capacity() > kKeepCapacity) std::string().swap(buffer);
}

// For a cleared writer buffer (its stack is RapidJSON's own, public member).
inline void release_if_large(rapidjson::StringBuffer& buffer) {
  if (buffer.stack_.GetCapacity() > kKeepCapacity) buffer.ShrinkToFit();
}

}  // namespace acdc
