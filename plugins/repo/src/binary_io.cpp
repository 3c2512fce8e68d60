#include "binary_io.hpp"

#include <fstream>
#include <system_error>

namespace acdc::repo {

void replace_file(const std::filesystem::path& path, std::string_view data) {
  std::error_code ec;
  std::filesystem::create_directories(path.parent_path(), ec);
  std::filesystem::path temp = path;
  temp += ".tmp";
  {
    std::ofstream file(temp, std::ios::binary | std::ios::trunc);
    if (!file.write(data.data(), static_cast<std::streamsize>(data.size()))) return;
  }
  std::filesystem::rename(temp, path, ec);
}

}  // namespace acdc::repo
