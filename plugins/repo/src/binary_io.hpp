// binary_io.hpp -- the plugin's small state files (.acdc/*.bin): fixed-size
// fields appended to and read from a byte string, and the file written
// whole, so a reader never sees half of one.
//
//   std::string out; put(out, uint64_t{7});
//   size_t pos = 0; uint64_t v; if (!get(in, pos, v)) ...;   // false past the end
//   replace_best_effort(state_dir / "x.bin", out);            // acdc::util::replace_file, errors ignored
#pragma once

#include <cstring>
#include <filesystem>
#include <string>
#include <string_view>

namespace acdc::repo {

template <class T>
void put(std::string& out, T v) {
  out.append(reinterpret_cast<const char*>(&v), sizeof v);
}

// Reads a T at `pos`, advancing it; false past the end.
template <class T>
bool get(std::string_view in, size_t& pos, T& v) {
  if (in.size() - pos < sizeof v) return false;
  std::memcpy(&v, in.data() + pos, sizeof v);
  pos += sizeof v;
  return true;
}

// acdc::util::replace_file, whose errors are dropped.
// Best effort: a state directory that cannot be written only costs the
// next start its speed.
void replace_best_effort(const std::filesystem::path& path, std::string_view data);

}  // namespace acdc::repo
