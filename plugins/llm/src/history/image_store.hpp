// history/image_store.hpp -- the images pasted into user messages, kept
// next to history.jsonl (acdc-features.md §4.8 "Images"): one file per
// image under <state dir>/images/, named {sha256(data_uri)[:12]}{ext}, so
// the same image pasted twice is stored once.
//
//   ImageStore images(state_dir / "images");
//   std::string name = images.save("data:image/png;base64,iVBO...");  // "3f2a...c1.png"
//   std::optional<std::string> uri = images.load(name);              // the same data URI
//
// Thread-safe: files are written through a unique temp file renamed into place.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace acdc::llm {

struct SavedImages {
  std::vector<std::string> names;     // stored file names, in the order given
  std::vector<std::string> uris;      // the data URIs that were stored
  std::vector<std::string> refused;   // one "image N: why" line per refused image
};

class ImageStore {
 public:
  explicit ImageStore(std::filesystem::path dir) : dir_(std::move(dir)) {}

  // The file name of a data URI; throws acdc::Error (invalid params) saying
  // what is wrong when it is not a base64 data: URI.
  static std::string file_name(const std::string& data_uri);
  // Stores the decoded image unless a file of that name exists; returns the
  // name. Throws acdc::Error for bad input, std::runtime_error for I/O.
  std::string save(const std::string& data_uri) const;
  // Saves each image; a bad one is refused and reported, never fatal.
  SavedImages save_all(const std::vector<std::string>& data_uris) const;
  // The data URI of a stored image, the MIME type taken from the extension;
  // nullopt when the file is missing or the name is not a plain file name.
  std::optional<std::string> load(const std::string& name) const;
  // The images that still exist, in order; missing ones are skipped.
  std::vector<std::string> load_all(const std::vector<std::string>& names) const;

 private:
  std::filesystem::path dir_;
};

}  // namespace acdc::llm
