#include "net/coalescing_stream.hpp"

namespace acdc::net {

void CoalescingStream::flush() {
  if (in_flight_ || held_.empty() || failed_) return;
  auto owner = owner_.lock();
  if (!owner) return;  // the session is going away: nobody will read the answer
  sending_.swap(held_);
  held_.clear();
  in_flight_ = true;
  boost::asio::async_write(socket_, boost::asio::buffer(sending_),
                           [this, owner = std::move(owner)](boost::system::error_code ec, size_t) { on_sent(ec); });
}

void CoalescingStream::on_sent(boost::system::error_code ec) {
  in_flight_ = false;
  unsent_.fetch_sub(sending_.size(), std::memory_order_relaxed);
  sending_.clear();
  // One large reply (a 6 MB file tree) need not pin its buffer for the
  // connection's lifetime.
  if (sending_.capacity() > kKeepCapacity) std::string().swap(sending_);
  if (ec) {
    failed_ = ec;
    unsent_.fetch_sub(held_.size(), std::memory_order_relaxed);
    held_.clear();
    boost::system::error_code ignored;
    socket_.close(ignored);  // the pending read fails and the session shuts down
    return;
  }
  flush();
}

}  // namespace acdc::net
