#include "binary_io.hpp"

#include <acdc/sdk/error.hpp>
#include <acdc/util/atomic_file.hpp>

namespace acdc::repo {

void replace_best_effort(const std::filesystem::path& path, std::string_view data) {
  try {
    acdc::util::replace_file(path, data);
  } catch (const acdc::Error&) {
    // A cache that cannot be written is rebuilt next time.
  }
}

}  // namespace acdc::repo
