#include <acdc/util/random.hpp>

#include <array>
#include <cstdint>
#include <random>

namespace acdc {
namespace {

uint8_t random_byte() {
  // random_device reads the OS entropy source (getrandom on Linux).
  thread_local std::random_device device;
  return static_cast<uint8_t>(device());
}

}  // namespace

std::string random_hex(size_t bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes * 2);
  for (size_t i = 0; i < bytes; ++i) {
    uint8_t b = random_byte();
    out += kDigits[b >> 4];
    out += kDigits[b & 15];
  }
  return out;
}

std::string random_uuid() {
  std::string hex = random_hex(16);
  hex[12] = '4';
  hex[16] = "89ab"[static_cast<uint8_t>(hex[16]) % 4];
  return hex.substr(0, 8) + "-" + hex.substr(8, 4) + "-" + hex.substr(12, 4) + "-" +
         hex.substr(16, 4) + "-" + hex.substr(20);
}

}  // namespace acdc
