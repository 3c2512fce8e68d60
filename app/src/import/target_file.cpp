// import/target_file.cpp -- see target_file.hpp.
#include "import/target_file.hpp"

#include <acdc/util/atomic_file.hpp>

#include <fstream>
#include <iterator>

namespace acdc::app::importer {

namespace fs = std::filesystem;

std::optional<std::string> read_bytes(const fs::path& file) {
  std::error_code ec;
  if (!fs::is_regular_file(file, ec)) return std::nullopt;
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) return std::nullopt;
  return bytes;
}

std::string place_file(const fs::path& target, std::string_view content, const fs::path& bundled_default,
                       const WriteRules& rules) {
  const std::string name = target.string();
  const std::string verb = rules.dry_run ? "would write " : "wrote ";
  std::optional<std::string> old = read_bytes(target);
  if (!old) {
    if (!rules.dry_run) util::replace_file(target, content);
    return verb + name;
  }
  if (*old == content) return name + " already holds this (imported before): left as it is";
  if (!bundled_default.empty() && read_bytes(bundled_default) == old) {
    if (!rules.dry_run) util::replace_file(target, content);
    return verb + name + " (it held acdc's unchanged default)";
  }
  if (!rules.force)
    return name + " exists and differs: not overwritten; run again with --force to replace it (the old one is kept as " +
           name + ".bak)";
  if (!rules.dry_run) {
    util::replace_file(fs::path(name + ".bak"), *old);
    util::replace_file(target, content);
  }
  return verb + name + " (the old one " + (rules.dry_run ? "would be" : "is") + " kept as " + name + ".bak)";
}

}  // namespace acdc::app::importer
