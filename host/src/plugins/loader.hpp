// plugins/loader.hpp -- from a file (or a linked-in entry) to a negotiated image.
//
//   LoadResult r = load_shared("repo", "/usr/lib/acdc/plugins/repo.acdc.so",
//                              runtime_dir, /*generation=*/1, &host_api);
//   if (!r.image) log::error(r.error);     // "plugin 'repo': ... : <what to do>"
//
// A shared plugin is loaded from a private copy (<runtime_dir>/<id>-<gen>.acdc.so)
// so that a rebuild can replace the original while this copy stays mapped,
// and so that the dynamic loader never hands back an old image for a new
// file. It is opened RTLD_NOW | RTLD_LOCAL: unresolved symbols fail here, not
// in the middle of a call. Only the entry symbol is ever looked up.
#pragma once

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

struct LoadResult {
  std::optional<LoadedImage> image;
  std::string error;  // one line: what went wrong and what to do
};

LoadResult load_shared(const std::string& expected_id, const std::filesystem::path& file,
                       const std::filesystem::path& runtime_dir, uint32_t generation,
                       const acdc_host_api* host);

LoadResult load_linked(const std::string& expected_id, acdc_entry_fn entry,
                       const acdc_host_api* host);

// Checks a descriptor the way the host relies on it; empty when it is fine.
std::string validate_descriptor(const std::string& expected_id, const acdc_plugin_desc* desc);

}  // namespace acdc::plugins
