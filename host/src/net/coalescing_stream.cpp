#include "net/coalescing_stream.hpp"

#include "util/reused_buffer.hpp"

#include <array>
#include <cstring>
#include <limits>

namespace acdc::net {
namespace {

struct FrameHead {
  uint8_t first = 0;     // FIN, RSV1-3, opcode
  bool masked = false;
  uint64_t header = 0;   // bytes before the payload
  uint64_t payload = 0;
};

// The header of the frame at `p`, if all of it is in the `len` bytes.
bool read_head(const char* p, size_t len, FrameHead& head) {
  if (len < 2) return false;
  const auto second = static_cast<uint8_t>(p[1]);
  const uint64_t len7 = second & 0x7F;
  const size_t extended = len7 == 126 ? 2 : len7 == 127 ? 8 : 0;
  head.first = static_cast<uint8_t>(p[0]);
  head.masked = (second & 0x80) != 0;
  head.header = 2 + extended + (head.masked ? 4 : 0);
  if (len < head.header) return false;
  head.payload = len7;
  if (extended) {
    head.payload = 0;
    for (size_t i = 0; i < extended; ++i) head.payload = (head.payload << 8) | static_cast<uint8_t>(p[2 + i]);
  }
  return true;
}

}  // namespace

uint64_t CoalescingStream::frame_size(const char* p, size_t len) {
  FrameHead head;
  if (!read_head(p, len, head)) return 0;
  // A length no buffer could hold: Beast refuses the frame from its header.
  if (head.payload > std::numeric_limits<uint64_t>::max() - head.header) return std::numeric_limits<uint64_t>::max();
  return head.header + head.payload;
}

bool CoalescingStream::message_ready(uint64_t max_payload) const {
  if (!framing_ || frame_left_ != 0) return false;  // Beast is inside a frame
  FrameHead head;
  const size_t len = end_ - begin_;
  if (!read_head(rbuf_.data() + begin_, len, head)) return false;
  constexpr uint8_t kFin = 0x80, kReserved = 0x70, kOpcode = 0x0F, kText = 0x1;
  // A client masks its frames, a server does not (RFC 6455 §5.1); any other
  // frame is left to the asynchronous read, which fails the connection
  // without blocking.
  // A length not in its shortest form is Beast's to refuse (RFC 6455 §5.2).
  const uint8_t len7 = static_cast<uint8_t>(rbuf_[begin_ + 1]) & 0x7F;
  const bool shortest = len7 < 126 || (len7 == 126 ? head.payload >= 126 : head.payload > 0xFFFF);
  return (head.first & kFin) && !(head.first & kReserved) && (head.first & kOpcode) == kText &&
         head.masked == peer_masks_ && shortest &&
         head.payload <= max_payload && head.payload <= len - head.header;
}

size_t CoalescingStream::ready_payload() const {
  FrameHead head;
  read_head(rbuf_.data() + begin_, end_ - begin_, head);
  return static_cast<size_t>(head.payload);
}

void CoalescingStream::take_message(char* out) {
  FrameHead head;
  read_head(rbuf_.data() + begin_, end_ - begin_, head);
  const char* payload = rbuf_.data() + begin_ + head.header;
  const auto n = static_cast<size_t>(head.payload);
  if (!head.masked) {
    std::memcpy(out, payload, n);
  } else {
    // Eight bytes at a time: the key repeats every four (RFC 6455 §5.3).
    unsigned char key[8];
    std::memcpy(key, payload - 4, 4);
    std::memcpy(key + 4, payload - 4, 4);
    uint64_t key8;
    std::memcpy(&key8, key, 8);
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
      uint64_t word;
      std::memcpy(&word, payload + i, 8);
      word ^= key8;
      std::memcpy(out + i, &word, 8);
    }
    for (; i < n; ++i) out[i] = static_cast<char>(payload[i] ^ key[i & 3]);
  }
  begin_ += head.header + n;
  if (begin_ == end_) begin_ = end_ = 0;
}

void CoalescingStream::keep_text_frame(std::string_view message) {
  unsigned char header[10] = {0x81};  // FIN, text
  size_t header_size = 2;
  const uint64_t n = message.size();
  if (n < 126) {
    header[1] = static_cast<unsigned char>(n);
  } else if (n <= 0xFFFF) {
    header[1] = 126;
    header[2] = static_cast<unsigned char>(n >> 8);
    header[3] = static_cast<unsigned char>(n);
    header_size = 4;
  } else {
    header[1] = 127;
    for (int i = 0; i < 8; ++i) header[2 + i] = static_cast<unsigned char>(n >> (56 - 8 * i));
    header_size = 10;
  }
  const std::array<boost::asio::const_buffer, 2> frame{boost::asio::buffer(header, header_size),
                                                       boost::asio::buffer(message)};
  keep(frame);
}

void CoalescingStream::make_room() {
  // Moving the unread tail is cheap (a frame header at most, or part of
  // one large frame); reading into a sliver of free space is not.
  constexpr size_t kMinRead = 4096;
  if (begin_ > 0 && rbuf_.size() - end_ < kMinRead) {
    std::memmove(rbuf_.data(), rbuf_.data() + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
  }
}

void CoalescingStream::flush() {
  if (in_flight_ || held_.empty() || failed_) return;
  auto owner = owner_.lock();
  if (!owner) return;  // the session is going away: nobody will read the answer
  // The kernel usually takes it all at once: then there is no operation and
  // no completion to post. Only what it leaves goes through async_write.
  boost::system::error_code ec;
  const size_t sent = socket_.write_some(boost::asio::buffer(held_), ec);
  if (ec && ec != boost::asio::error::would_block) return fail(ec);
  unsent_.fetch_sub(sent, std::memory_order_relaxed);
  if (sent == held_.size()) {
    held_.clear();
    release_if_large(held_);
    return;
  }
  sending_.swap(held_);
  held_.clear();
  sending_from_ = sent;
  in_flight_ = true;
  boost::asio::async_write(socket_, boost::asio::buffer(sending_) + sent,
                           [this, owner = std::move(owner)](boost::system::error_code ec, size_t) { on_sent(ec); });
}

void CoalescingStream::on_sent(boost::system::error_code ec) {
  in_flight_ = false;
  unsent_.fetch_sub(sending_.size() - sending_from_, std::memory_order_relaxed);
  sending_.clear();
  release_if_large(sending_);
  if (ec) return fail(ec);
  if (close_after_send_) return finish_close();
  flush();
}

void CoalescingStream::fail(boost::system::error_code ec) {
  failed_ = ec;
  unsent_.fetch_sub(held_.size(), std::memory_order_relaxed);
  held_.clear();
  boost::system::error_code ignored;
  socket_.close(ignored);  // the pending read fails and the session shuts down
}

void CoalescingStream::close_now(boost::system::error_code& ec) {
  ec = {};
  failed_ = boost::asio::error::shut_down;  // nothing more is accepted
  if (in_flight_) close_after_send_ = true;  // the kept bytes go after it
  else finish_close();
}

void CoalescingStream::finish_close() {
  boost::system::error_code ignored;
  // What is kept (the answers before the bad frame, then Beast's close
  // frame) goes if the kernel takes it at once.
  socket_.non_blocking(true, ignored);
  if (!held_.empty()) socket_.write_some(boost::asio::buffer(held_), ignored);
  unsent_.fetch_sub(held_.size(), std::memory_order_relaxed);
  held_.clear();
  socket_.shutdown(next_layer_type::shutdown_both, ignored);
  socket_.close(ignored);
}

}  // namespace acdc::net
