// Shared pieces of the fuzz targets (tests/fuzz/, docs/security.md "Fuzzing").
//
// Each fuzz_<name>.cpp defines LLVMFuzzerTestOneInput for one external input of PhoneGym. Built
// with -DPHONEGYM_FUZZ=ON (clang, libFuzzer, AddressSanitizer + UndefinedBehaviorSanitizer) each
// is a libFuzzer binary; in the normal build each is linked with replay_main.cpp and CTest runs it
// over its committed corpus (tests/fuzz/corpus/<name>/), so every seed and every crash once found
// stays a regression test.
//
// The contract a target checks: bad input ends in the documented error (the exception types a
// caller is told to expect, each with a message), never in a crash, a sanitizer report, a hang,
// or an exception of another type (which escapes the target and aborts the run).
#pragma once

#include <cctype>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace pg::fuzz {

/// The input as text (bytes kept as they are: invalid UTF-8 is part of what is fuzzed).
inline std::string_view text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

/// Splits off the first line (up to '\n', not included) and advances `rest` past it: targets
/// whose input has a header (a format name, an HTTP request line) take it from there.
inline std::string_view take_line(std::string_view& rest) {
  const std::size_t nl = rest.find('\n');
  std::string_view line = rest.substr(0, nl);
  rest = nl == std::string_view::npos ? std::string_view{} : rest.substr(nl + 1);
  return line;
}

/// Fills an HTTP request (any type with string `method`, `target`, `body` and a map `headers`)
/// from a request line "METHOD TARGET" and `rest`: header lines "name: value" (names lower-cased)
/// up to an empty line, then the body.
template <class Request>
void read_request(std::string_view line, std::string_view rest, Request& req) {
  const std::size_t sp = line.find(' ');
  req.method = std::string(line.substr(0, sp));
  req.target = sp == std::string_view::npos ? "/" : std::string(line.substr(sp + 1));
  for (std::string_view h = take_line(rest); !h.empty(); h = take_line(rest)) {
    const std::size_t colon = h.find(':');
    if (colon == std::string_view::npos) continue;
    std::string name(h.substr(0, colon));
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    std::string_view value = h.substr(colon + 1);
    while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
    req.headers[name] = std::string(value);
  }
  req.body = std::string(rest);
}

/// Caps work per input: libFuzzer's -max_len bounds bytes, this bounds what a few bytes can ask
/// for (e.g. a wait of 60 s is 3,750 frames).
constexpr std::size_t kMaxInput = 1 << 16;

}  // namespace pg::fuzz
