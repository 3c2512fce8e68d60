// acdc/util/atomic_file.hpp -- replacing a file so that a crash at any
// instant leaves the old content or the new one, never a mix or nothing.
//
//   acdc::util::replace_file(dir / "state.json", text);                 // creates dir/ if missing
//   acdc::util::replace_file(link, text, {.through_symlink = true});    // the link's target is replaced
//   acdc::util::remove_stale_temporaries(dir);                          // at start-up
//   acdc::util::append_line(dir / "usage.csv", "2026-11-27,...");       // a whole line or none
//
// The bytes go to a temporary file beside the target (".<name>.<unique>.acdc-tmp",
// hidden from file listings), which is flushed to disk, given the target's
// permissions (or the umask's for a new file), renamed over the target, and
// the directory is flushed: after kill -9 or a power cut the name points at
// one complete version (ARCHITECTURE.md "Data on disk"; tests/crash drives
// every kind of file acdc writes through it). Errors throw acdc::Error
// (ACDC_E_APPLICATION) naming the path and the system's reason; the target
// is then untouched and the temporary removed.
#pragma once

#include <filesystem>
#include <string_view>

namespace acdc::util {

struct ReplaceOptions {
  // A symlink at the target stays a symlink and the file it points to is
  // replaced (a config file kept in a dotfiles repository). Off, the link
  // itself is replaced by the file: a repository's links must not lead a
  // write outside it.
  bool through_symlink = false;
};

void replace_file(const std::filesystem::path& file, std::string_view bytes, ReplaceOptions options = {});

// The suffix of replace_file's temporaries.
inline constexpr std::string_view kTempSuffix = ".acdc-tmp";

// Deletes, under `dir` and recursively, temporaries of replace_file older
// than a minute: what a write interrupted by a crash left behind. Younger
// ones may belong to another acdc writing right now.
void remove_stale_temporaries(const std::filesystem::path& dir);

// Appends `line` and a newline to `file` (created if missing) in one
// write(2) on an O_APPEND descriptor, so lines from several writers never
// interleave. A file that ends inside a line a crash cut short gets a
// newline first: the torn line stays torn, the new one whole. Throws
// acdc::Error like replace_file.
void append_line(const std::filesystem::path& file, std::string_view line);

}  // namespace acdc::util
