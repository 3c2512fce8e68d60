// cache/binary_codec.hpp -- the varint encoding and the file framing the
// plugin's disk caches share (symbol-index.bin, doc-index.bin): a magic, the
// body, an XXH3 checksum over both; written to a temp file and renamed, so a
// crash leaves the old cache or the new one, never half of one.
//
//   Writer w;
//   w.bytes().append(kMagic, 8);
//   w.s("version"); w.u(42);
//   write_framed(file, w.bytes());                 // throws std::runtime_error
//
//   if (auto data = read_whole_file(file)) {
//     Reader r(framed_body(*data, {kMagic, 8}, "a doc cache"));  // throws on corruption
//     std::string version = r.s();
//   }
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace acdc::symbols {

class Writer {
 public:
  void u(std::uint64_t v) {
    while (v >= 0x80) {
      out_ += static_cast<char>(v | 0x80);
      v >>= 7;
    }
    out_ += static_cast<char>(v);
  }
  void s(std::string_view v) {
    u(v.size());
    out_.append(v);
  }
  template <class T, class Fn>
  void list(const std::vector<T>& v, Fn&& each) {
    u(v.size());
    for (const T& x : v) each(x);
  }
  std::string& bytes() { return out_; }

 private:
  std::string out_;
};

class Reader {
 public:
  explicit Reader(std::string_view in) : in_(in) {}
  std::uint64_t u() {
    std::uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (pos_ >= in_.size()) throw std::runtime_error("the file ends early");
      auto byte = static_cast<unsigned char>(in_[pos_++]);
      v |= std::uint64_t{byte & 0x7fu} << shift;
      if (!(byte & 0x80)) return v;
    }
    throw std::runtime_error("a number is malformed");
  }
  std::uint32_t u32() { return static_cast<std::uint32_t>(u()); }
  std::string s() {
    std::uint64_t n = u();
    if (n > in_.size() - pos_) throw std::runtime_error("a string runs past the end");
    std::string v(in_.substr(pos_, n));
    pos_ += n;
    return v;
  }
  // A count of items each at least one byte long, so a corrupt count cannot
  // ask for more memory than the file could describe.
  std::size_t count() {
    std::uint64_t n = u();
    if (n > in_.size() - pos_) throw std::runtime_error("a list is longer than the file");
    return static_cast<std::size_t>(n);
  }
  bool at_end() const { return pos_ == in_.size(); }

 private:
  std::string_view in_;
  std::size_t pos_ = 0;
};

// The whole file, or nullopt when it does not exist or cannot be opened.
std::optional<std::string> read_whole_file(const std::filesystem::path& file);
// The body after `magic`, checksum checked; throws std::runtime_error
// saying what is wrong (`what` names the kind of file in the message).
std::string_view framed_body(std::string_view data, std::string_view magic, const char* what);
// Appends the checksum to `bytes` (magic already at its front) and replaces
// `file` atomically; throws std::runtime_error with the reason.
void write_framed(const std::filesystem::path& file, std::string& bytes);

}  // namespace acdc::symbols
