/* Compiled as C++20 with -Wall -Wextra -pedantic -Werror by ctest
 * (plugin-api.header_is_clean_cxx20): the ABI header must stay plain C++ too. */
#include <acdc/plugin_api.h>

int main(void) {
  acdc_host_api host{};
  host.struct_size = (uint32_t)sizeof host;
  acdc_str s = ACDC_STR_LIT("x");
  acdc_client all = ACDC_CLIENT_ALL;
  return (ACDC_HAS(acdc_host_api, &host, publish) && s.len == 1 && all != ACDC_CLIENT_NONE) ? 0 : 1;
}
