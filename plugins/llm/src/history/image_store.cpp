// history/image_store.cpp -- see image_store.hpp.
#include "history/image_store.hpp"

#include <acdc/sdk/base64.hpp>
#include <acdc/sdk/error.hpp>
#include <acdc/util/atomic_file.hpp>
#include <acdc/util/sha256.hpp>

#include <array>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <utility>

namespace acdc::llm {
namespace {

constexpr std::array<std::pair<const char*, const char*>, 5> kTypes{{
    {"image/png", ".png"}, {"image/jpeg", ".jpg"}, {"image/gif", ".gif"}, {"image/webp", ".webp"}, {"image/bmp", ".bmp"}}};

struct DataUri {
  std::string mime;
  std::string bytes;
};

std::string shown(const std::string& uri) { return uri.size() > 40 ? uri.substr(0, 40) + "..." : uri; }

DataUri parse(const std::string& uri) {
  auto bad = [&](const std::string& why) {
    return acdc::invalid_params("image '" + shown(uri) + "' " + why + ": paste it again or attach it as a PNG/JPEG file");
  };
  if (!uri.starts_with("data:")) throw bad("is not a data: URI");
  size_t comma = uri.find(',');
  if (comma == std::string::npos || !std::string_view(uri).substr(0, comma).ends_with(";base64"))
    throw bad("is not a base64 data: URI (no ';base64,')");
  std::optional<std::string> bytes = base64_decode(std::string_view(uri).substr(comma + 1));
  if (!bytes) throw bad("has invalid base64 data");
  if (bytes->empty()) throw bad("is empty");
  std::string mime = uri.substr(5, uri.find(';') - 5);
  return DataUri{std::move(mime), std::move(*bytes)};
}

// What every provider takes: anything else (SVG, BMP) would make this turn,
// and every later one that re-sends it from history, fail with HTTP 400.
void require_sendable(const DataUri& image, const std::string& uri) {
  const std::string& mime = image.mime;
  if (mime != "image/png" && mime != "image/jpeg" && mime != "image/gif" && mime != "image/webp")
    throw acdc::invalid_params("image '" + shown(uri) + "' is " + (mime.empty() ? "of no type" : mime) +
                               ", which the models do not take: paste a PNG, JPEG, GIF or WebP image");
}

std::string extension_for(const std::string& mime) {
  for (const auto& [type, ext] : kTypes)
    if (mime == type) return ext;
  return ".png";  // §4.8: unknown types are stored as .png
}

std::optional<std::string> mime_for(const std::filesystem::path& ext) {
  for (const auto& [type, e] : kTypes)
    if (ext == e) return type;
  return std::nullopt;
}

// The type the bytes themselves say, among those the models take.
std::optional<std::string> sniffed_mime(std::string_view b) {
  if (b.starts_with("\x89PNG\r\n\x1a\n")) return "image/png";
  if (b.starts_with("\xFF\xD8\xFF")) return "image/jpeg";
  if (b.starts_with("GIF87a") || b.starts_with("GIF89a")) return "image/gif";
  if (b.size() >= 12 && b.starts_with("RIFF") && b.substr(8, 4) == "WEBP") return "image/webp";
  return std::nullopt;
}

// Named by content, so the same image pasted twice is stored once.
std::string name_for(const std::string& data_uri, const std::string& mime) {
  return util::sha256_hex(data_uri).substr(0, 12) + extension_for(mime);
}

}  // namespace

std::string ImageStore::file_name(const std::string& data_uri) { return name_for(data_uri, parse(data_uri).mime); }

std::string ImageStore::save(const std::string& data_uri) const {
  DataUri image = parse(data_uri);
  require_sendable(image, data_uri);
  std::string name = name_for(data_uri, image.mime);
  std::filesystem::path target = dir_ / name;
  if (std::filesystem::exists(target)) return name;
  // Two writers of the same image each rename a complete file of their own.
  acdc::util::replace_file(target, image.bytes);
  return name;
}

SavedImages ImageStore::save_all(const std::vector<std::string>& data_uris) const {
  SavedImages out;
  for (size_t i = 0; i < data_uris.size(); ++i) {
    try {
      out.names.push_back(save(data_uris[i]));
      out.uris.push_back(data_uris[i]);
    } catch (const std::exception& e) {
      out.refused.push_back("image " + std::to_string(i + 1) + " refused: " + e.what());
    }
  }
  return out;
}

std::optional<std::string> ImageStore::load(const std::string& name) const {
  std::filesystem::path file(name);
  // Names come from history.jsonl, which a user may edit: only plain names
  // inside the images directory are read.
  if (name.empty() || file.filename() != file || name.starts_with(".")) return std::nullopt;
  std::optional<std::string> mime = mime_for(file.extension());
  if (!mime) return std::nullopt;
  std::ifstream in(dir_ / file, std::ios::binary);
  if (!in) return std::nullopt;
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // Older versions stored any type (an SVG as .png, BMP): sent again with
  // every turn, such an image would make each request fail. Left out.
  if (sniffed_mime(bytes) != mime) return std::nullopt;
  return "data:" + *mime + ";base64," + base64_encode(bytes);
}

std::vector<std::string> ImageStore::load_all(const std::vector<std::string>& names) const {
  std::vector<std::string> out;
  for (const auto& name : names)
    if (auto uri = load(name)) out.push_back(std::move(*uri));
  return out;
}

}  // namespace acdc::llm
