#include "trainer/adb/protocol.hpp"

#include <stdexcept>

namespace pg::adb {

void put_u32(std::string& out, std::uint32_t v) {
  for (int b = 0; b < 4; ++b) out += static_cast<char>((v >> (8 * b)) & 0xFF);
}

std::uint32_t get_u32(std::string_view s, std::size_t o) {
  std::uint32_t v = 0;
  for (int b = 3; b >= 0; --b) v = (v << 8) | static_cast<std::uint8_t>(s[o + static_cast<std::size_t>(b)]);
  return v;
}

std::string command_name(std::uint32_t c) {
  switch (c) {
    case kCnxn: return "CNXN";
    case kAuth: return "AUTH";
    case kOpen: return "OPEN";
    case kOkay: return "OKAY";
    case kWrte: return "WRTE";
    case kClse: return "CLSE";
    default: return "????";
  }
}

std::string encode_message(const Message& m) {
  std::uint32_t sum = 0;
  for (char c : m.data) sum += static_cast<std::uint8_t>(c);
  std::string out;
  out.reserve(24 + m.data.size());
  put_u32(out, m.command);
  put_u32(out, m.arg0);
  put_u32(out, m.arg1);
  put_u32(out, static_cast<std::uint32_t>(m.data.size()));
  put_u32(out, sum);
  put_u32(out, m.command ^ 0xffffffffu);
  out += m.data;
  return out;
}

std::uint32_t decode_header(std::string_view h, Message& m, std::uint32_t max_payload) {
  if (h.size() < 24) throw std::runtime_error("adb message: header shorter than 24 bytes");
  m.command = get_u32(h, 0);
  m.arg0 = get_u32(h, 4);
  m.arg1 = get_u32(h, 8);
  const std::uint32_t len = get_u32(h, 12);
  if (get_u32(h, 20) != (m.command ^ 0xffffffffu))
    throw std::runtime_error("adb message: bad magic for command 0x" + std::to_string(m.command));
  if (len > max_payload)
    throw std::runtime_error("adb message " + command_name(m.command) + ": payload of " + std::to_string(len) +
                             " bytes exceeds the maximum " + std::to_string(max_payload));
  return len;
}

std::string shell_packet(ShellId id, std::string_view data) {
  std::string p(1, static_cast<char>(id));
  put_u32(p, static_cast<std::uint32_t>(data.size()));
  p += data;
  return p;
}

}  // namespace pg::adb
