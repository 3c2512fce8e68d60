// utc_time.cpp -- see acdc/util/utc_time.hpp.
#include <acdc/util/utc_time.hpp>

#include <ctime>

namespace acdc::util {

std::string utc_format(std::chrono::system_clock::time_point t, const char* format) {
  std::time_t seconds = std::chrono::system_clock::to_time_t(t);
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  char buf[64];
  size_t n = std::strftime(buf, sizeof buf, format, &tm);
  return std::string(buf, n);
}

std::string utc_now() { return utc_format(std::chrono::system_clock::now(), "%Y-%m-%dT%H:%M:%SZ"); }

}  // namespace acdc::util
