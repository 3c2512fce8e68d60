// fake_provider/body_writer.cpp -- see body_writer.hpp.
#include "body_writer.hpp"

#include <boost/asio/write.hpp>

#include <algorithm>
#include <cstdio>
#include <thread>

namespace acdc::test {

WritePlan WritePlan::from_step(const rapidjson::Value& step) {
  WritePlan plan;
  if (auto it = step.FindMember("split"); it != step.MemberEnd()) {
    if (it->value.IsString() && std::string_view(it->value.GetString()) == "random")
      plan.split = Split::random;
    else if (it->value.IsUint() && it->value.GetUint() > 0) {
      plan.split = Split::fixed;
      plan.bytes_per_write = it->value.GetUint();
    }
  }
  if (auto it = step.FindMember("delay_ms"); it != step.MemberEnd() && it->value.IsInt())
    plan.delay_ms = it->value.GetInt();
  if (auto it = step.FindMember("cut_after_bytes"); it != step.MemberEnd() && it->value.IsUint())
    plan.cut_after_bytes = it->value.GetUint();
  return plan;
}

BodyWriter::BodyWriter(boost::asio::ip::tcp::socket& socket, WritePlan plan)
    : socket_(socket), plan_(plan) {
  socket_.set_option(boost::asio::ip::tcp::no_delay(true));
}

bool BodyWriter::write_raw(std::string_view bytes) { return write_pieces(bytes, false); }

bool BodyWriter::write_chunked(std::string_view bytes) { return write_pieces(bytes, true); }

void BodyWriter::finish_chunked() {
  if (!cut_) boost::asio::write(socket_, boost::asio::buffer(std::string_view("0\r\n\r\n")));
}

std::size_t BodyWriter::next_piece(std::size_t remaining) {
  switch (plan_.split) {
    case WritePlan::Split::random:
      return std::min(remaining, std::uniform_int_distribution<std::size_t>(1, 48)(random_));
    case WritePlan::Split::fixed: return std::min(remaining, plan_.bytes_per_write);
    case WritePlan::Split::none: break;
  }
  return remaining;
}

bool BodyWriter::write_pieces(std::string_view bytes, bool chunked) {
  while (!bytes.empty() && !cut_) {
    std::size_t n = next_piece(bytes.size());
    if (plan_.cut_after_bytes && written_ + n >= *plan_.cut_after_bytes) {
      n = *plan_.cut_after_bytes - written_;
      cut_ = true;
    }
    send(bytes.substr(0, n), chunked);
    bytes.remove_prefix(n);
  }
  return !cut_;
}

void BodyWriter::send(std::string_view piece, bool chunked) {
  if (!first_write_ && plan_.delay_ms > 0)
    std::this_thread::sleep_for(std::chrono::milliseconds(plan_.delay_ms));
  first_write_ = false;
  written_ += piece.size();
  if (piece.empty()) return;
  if (!chunked) {
    boost::asio::write(socket_, boost::asio::buffer(piece));
    return;
  }
  char size_line[32];
  int len = std::snprintf(size_line, sizeof size_line, "%zx\r\n", piece.size());
  std::string frame(size_line, static_cast<std::size_t>(len));
  frame.append(piece).append("\r\n");
  boost::asio::write(socket_, boost::asio::buffer(frame));
}

}  // namespace acdc::test
