// acdc/util/utc_time.hpp -- wall-clock time written in UTC, so that a
// stamp reads the same on every machine and sorts as text.
//
//   acdc::util::utc_now()                           // "2026-11-27T22:41:07Z" (RFC 3339)
//   acdc::util::utc_format(now, "%Y%m%dT%H%M%SZ")   // "20261127T224107Z" (AWS SigV4)
#pragma once

#include <chrono>
#include <string>

namespace acdc::util {

// `t` in UTC, through strftime's `format` (at most 63 characters out).
std::string utc_format(std::chrono::system_clock::time_point t, const char* format);

// Now, as RFC 3339 to the second: "YYYY-MM-DDTHH:MM:SSZ".
std::string utc_now();

}  // namespace acdc::util
