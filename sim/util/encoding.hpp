// Text encodings every layer shares: base64 (screenshots over DevTools and in data URLs, ADB
// keyboard broadcasts) and the escapes of the markup the project writes (uiautomator XML, HTML
// reports). One definition each; JSON strings are nlohmann::json's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pg {

/// Standard base64 (RFC 4648 §4, with padding) of `n` bytes / of a byte string.
std::string base64_encode(const std::uint8_t* bytes, std::size_t n);
std::string base64_encode(std::string_view bytes);
/// The bytes of standard base64 `text` (padding and CR/LF skipped); throws std::invalid_argument
/// naming a character outside the alphabet.
std::vector<std::uint8_t> base64_decode(std::string_view text);

/// `s` for HTML text and attribute values: & < > " ' as entities (&#39; for the apostrophe).
std::string html_escape(std::string_view s);
/// `s` for XML 1.0 attribute values (uiautomator dumps): & < > " ' as entities (&apos;), tab, LF
/// and CR as character references (attribute normalization would turn them into spaces), other
/// control characters dropped (XML 1.0 cannot carry them).
std::string xml_escape(std::string_view s);

}  // namespace pg
