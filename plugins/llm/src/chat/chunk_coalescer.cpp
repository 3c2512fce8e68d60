#include "chat/chunk_coalescer.hpp"

namespace acdc::llm {

std::shared_ptr<ChunkCoalescer> ChunkCoalescer::create(Send send, Schedule schedule,
                                                       std::chrono::milliseconds interval, Now now) {
  return std::shared_ptr<ChunkCoalescer>(
      new ChunkCoalescer(std::move(send), std::move(schedule), interval, std::move(now)));
}

void ChunkCoalescer::send_locked() {
  send_(text_);
  sent_size_ = text_.size();
  ++frames_;
  last_send_ = now_();
}

void ChunkCoalescer::append(std::string_view delta) {
  if (delta.empty()) return;
  std::lock_guard lock(mu_);
  if (finished_) return;
  text_.append(delta);
  if (timer_armed_) return;
  if (!last_send_) return send_locked();
  auto since = now_() - *last_send_;
  if (since >= interval_) return send_locked();
  timer_armed_ = true;
  auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(interval_ - since) + std::chrono::milliseconds(1);
  schedule_([self = shared_from_this()] { self->on_timer(); }, wait);
}

void ChunkCoalescer::on_timer() {
  std::lock_guard lock(mu_);
  timer_armed_ = false;
  if (!finished_ && text_.size() != sent_size_) send_locked();
}

std::string ChunkCoalescer::finish() {
  std::lock_guard lock(mu_);
  if (!finished_ && text_.size() != sent_size_) send_locked();
  finished_ = true;
  return text_;
}

size_t ChunkCoalescer::frames_sent() const {
  std::lock_guard lock(mu_);
  return frames_;
}

std::string ChunkCoalescer::text() const {
  std::lock_guard lock(mu_);
  return text_;
}

}  // namespace acdc::llm
