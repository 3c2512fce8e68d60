// crash_kinds.hpp -- every kind of file acdc writes, as the crash harness
// drives it: write version n through the product's own writer, and read
// back which version is on disk through the product's own reader.
//
//   const CrashKind& k = crash_kind("history");
//   k.write(dir, 7);                    // in acdc-crash-writer, killed at random
//   long v = k.current(dir);            // in the test: -1 for none; throws if unreadable
//
// A write that returned is acknowledged. After a kill -9 at any instant the
// file must read back whole, at the acknowledged version or the one being
// written (issue 27 "Writes that survive a crash").
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace acdc::test::crash {

struct CrashKind {
  const char* name;
  void (*write)(const std::filesystem::path& dir, long version);
  // The version on disk (-1: nothing yet); throws std::exception naming
  // what is wrong when the file does not read back whole.
  long (*current)(const std::filesystem::path& dir);
};

const std::vector<CrashKind>& crash_kinds();
const CrashKind& crash_kind(const std::string& name);  // throws for an unknown name

// The bytes of version n: its number, then up to ~256 KiB of text that
// depends on it, so a write takes long enough to be cut in the middle and a
// file mixing two versions never checks out.
std::string payload(long version);

}  // namespace acdc::test::crash
