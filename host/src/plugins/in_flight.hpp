// plugins/in_flight.hpp -- counts work in flight; waits for it to end.
//
// Work that must finish before something else may happen takes a Ticket: an
// inbound call before its generation is swapped out (Generation::drain), any
// call or hold before the host closes its connections (HostContext::inbound).
// A Ticket is move-only and gives its count back exactly once, when it is
// released or destroyed, on whatever thread that happens. Waiters sleep on a
// condition variable until the count is zero or their deadline passes; no
// one polls.
//
//   InFlight calls;
//   InFlight::Ticket t = calls.take();       // travels with the work
//   ...                                       // t.release() or ~Ticket: once
//   if (!calls.wait_idle(deadline)) log::warn(std::to_string(calls.count()) + " still running");
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <utility>

namespace acdc::plugins {

class InFlight {
 public:
  using Clock = std::chrono::steady_clock;

  class Ticket {
   public:
    Ticket() = default;
    Ticket(Ticket&& other) noexcept : owner_(std::exchange(other.owner_, nullptr)) {}
    Ticket& operator=(Ticket&& other) noexcept {
      if (this != &other) {
        release();
        owner_ = std::exchange(other.owner_, nullptr);
      }
      return *this;
    }
    Ticket(const Ticket&) = delete;
    Ticket& operator=(const Ticket&) = delete;
    ~Ticket() { release(); }

    // Gives the count back now; later calls (and the destructor) do nothing.
    void release() {
      if (InFlight* owner = std::exchange(owner_, nullptr)) owner->give_back();
    }
    explicit operator bool() const { return owner_ != nullptr; }

   private:
    friend class InFlight;
    explicit Ticket(InFlight* owner) : owner_(owner) {}
    InFlight* owner_ = nullptr;
  };

  InFlight() = default;
  InFlight(const InFlight&) = delete;
  InFlight& operator=(const InFlight&) = delete;

  // [any] Counts one more piece of work. The InFlight must outlive the Ticket.
  Ticket take() {
    open_.fetch_add(1, std::memory_order_relaxed);
    return Ticket(this);
  }

  // [any] True once nothing is in flight; false if work is still open at
  // `deadline` (count() says how much).
  bool wait_idle(Clock::time_point deadline) const {
    std::unique_lock lock(mu_);
    return idle_.wait_until(lock, deadline, [this] { return open_.load(std::memory_order_acquire) == 0; });
  }

  long count() const { return open_.load(std::memory_order_acquire); }

 private:
  void give_back() {
    // The lock is taken only when the count reaches zero, the one change a
    // waiter needs; taking it orders the notify after the waiter's check.
    if (open_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      std::lock_guard lock(mu_);
      idle_.notify_all();
    }
  }

  std::atomic<long> open_{0};
  mutable std::mutex mu_;
  mutable std::condition_variable idle_;
};

}  // namespace acdc::plugins
