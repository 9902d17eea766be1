#include "sim/util/encoding.hpp"

#include <stdexcept>

namespace pg {

namespace {

constexpr char kB64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

// HTML and XML differ only in the apostrophe's entity and in what happens to control characters.
std::string escape_markup(std::string_view s, bool xml) {
  std::string out;
  out.reserve(s.size());
  for (char ch : s) {
    switch (ch) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += xml ? "&apos;" : "&#39;"; break;
      case '\n': out += xml ? "&#10;" : "\n"; break;
      case '\r': out += xml ? "&#13;" : "\r"; break;
      case '\t': out += xml ? "&#9;" : "\t"; break;
      default:
        if (!xml || static_cast<unsigned char>(ch) >= 0x20) out += ch;
    }
  }
  return out;
}

}  // namespace

std::string base64_encode(const std::uint8_t* b, std::size_t n) {
  std::string out;
  out.reserve((n + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 2 < n; i += 3) {
    const unsigned v = (b[i] << 16) | (b[i + 1] << 8) | b[i + 2];
    out += kB64[v >> 18];
    out += kB64[(v >> 12) & 63];
    out += kB64[(v >> 6) & 63];
    out += kB64[v & 63];
  }
  if (i < n) {
    unsigned v = b[i] << 16;
    if (i + 1 < n) v |= b[i + 1] << 8;
    out += kB64[v >> 18];
    out += kB64[(v >> 12) & 63];
    out += (i + 1 < n) ? kB64[(v >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

std::string base64_encode(std::string_view bytes) {
  return base64_encode(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
}

std::vector<std::uint8_t> base64_decode(std::string_view s) {
  int rev[256];
  for (int& r : rev) r = -1;
  for (int i = 0; i < 64; ++i) rev[static_cast<unsigned char>(kB64[i])] = i;
  std::vector<std::uint8_t> out;
  out.reserve(s.size() / 4 * 3);
  unsigned v = 0;
  int bits = 0;
  for (char ch : s) {
    if (ch == '=' || ch == '\n' || ch == '\r') continue;
    const int d = rev[static_cast<unsigned char>(ch)];
    if (d < 0) throw std::invalid_argument(std::string("base64_decode: invalid character '") + ch + "'");
    v = (v << 6) | static_cast<unsigned>(d);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<std::uint8_t>((v >> bits) & 0xff));
    }
  }
  return out;
}

std::string html_escape(std::string_view s) { return escape_markup(s, false); }
std::string xml_escape(std::string_view s) { return escape_markup(s, true); }

}  // namespace pg
