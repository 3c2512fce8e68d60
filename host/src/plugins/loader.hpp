// plugins/loader.hpp -- from a file (or a linked-in entry) to a negotiated image.
//
//   LoadResult r = load_shared("repo", "/usr/lib/acdc/plugins/repo.acdc.so",
//                              runtime_dir, /*generation=*/1, &host_api);
//   if (!r.image) log::error(r.status.message());  // "plugin 'repo': ... : <what to do>"
//
// A shared plugin is loaded from a private copy (<runtime_dir>/<id>-<gen>.acdc.so)
// so that a rebuild can replace the original while this copy stays mapped,
// and so that the dynamic loader never hands back an old image for a new
// file. It is opened RTLD_NOW | RTLD_LOCAL: unresolved symbols fail here, not
// in the middle of a call. Only the entry symbol is ever looked up.
#pragma once

#include <acdc/util/status.hpp>

#include <acdc/plugin_api.h>

#define BOOST_DLL_USE_STD_FS
#include <boost/dll/shared_library.hpp>

#include <filesystem>
#include <optional>
#include <string>

namespace acdc::plugins {

struct LoadedImage {
  std::optional<boost::dll::shared_library> library;  // empty for linked-in plugins
  std::filesystem::path copy;                         // the private copy, removed on unload
  const acdc_plugin_desc* desc = nullptr;

  LoadedImage() = default;
  LoadedImage(LoadedImage&&) noexcept = default;
  LoadedImage& operator=(LoadedImage&&) noexcept = default;
  ~LoadedImage();
};

// Without an image, `status` says why in one line, with a code a client can
// tell apart: NOT_FOUND (no such file), UNAVAILABLE (the file cannot be used
// by this host: not loadable, not a plugin, another ABI, refused) or
// FAILED_PRECONDITION (its descriptor breaks a rule the host relies on).
struct LoadResult {
  std::optional<LoadedImage> image;
  Status status;
};

LoadResult load_shared(const std::string& expected_id, const std::filesystem::path& file,
                       const std::filesystem::path& runtime_dir, uint32_t generation,
                       const acdc_host_api* host);

LoadResult load_linked(const std::string& expected_id, acdc_entry_fn entry,
                       const acdc_host_api* host);

// Checks a descriptor the way the host relies on it (codes as in LoadResult).
Status validate_descriptor(const std::string& expected_id, const acdc_plugin_desc* desc);

}  // namespace acdc::plugins
