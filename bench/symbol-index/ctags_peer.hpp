// ctags_peer.hpp -- universal-ctags, the peer: `ctags -R` over a tree,
// limited to the languages the symbol index reads, timed as a child
// process (wall time, and its user and system CPU).
//
//   PeerRun r = run_ctags("/usr/bin/ctags", "/usr/include/boost");
//   if (!r.error.empty()) fail(r.error);
#pragma once

#include <filesystem>
#include <string>

namespace acdc::bench {

struct PeerRun {
  double wall = 0, user = 0, sys = 0;  // seconds
  std::size_t tags = 0;                // lines of the tags file
  std::string error;
};

PeerRun run_ctags(const std::string& ctags, const std::filesystem::path& tree);

}  // namespace acdc::bench
