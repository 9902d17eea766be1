// FNV-1a (Fowler-Noll-Vo), the project's one hash of strings and bytes: policy token and app
// buckets, task seeds, template and screenshot fingerprints, what-if outcome keys. Stable across
// platforms, compilers and builds (unlike std::hash), so a hash written to a file or computed in
// the browser equals the one computed natively.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace pg {

constexpr std::uint64_t kFnv1a64Basis = 14695981039346656037ull;  ///< FNV-1a 64 offset basis
constexpr std::uint64_t kFnv1a64Prime = 1099511628211ull;         ///< 2^40 + 2^8 + 0xb3
constexpr std::uint32_t kFnv1a32Basis = 2166136261u;
constexpr std::uint32_t kFnv1a32Prime = 16777619u;

/// FNV-1a 64 of `n` bytes starting from `h` (pass a previous result to hash parts as one string).
inline std::uint64_t fnv1a64_bytes(const void* bytes, std::size_t n, std::uint64_t h = kFnv1a64Basis) {
  const auto* p = static_cast<const unsigned char*>(bytes);
  for (std::size_t i = 0; i < n; ++i) h = (h ^ p[i]) * kFnv1a64Prime;
  return h;
}
/// FNV-1a 64 of a string's bytes starting from `h`.
inline std::uint64_t fnv1a64(std::string_view s, std::uint64_t h = kFnv1a64Basis) {
  return fnv1a64_bytes(s.data(), s.size(), h);
}

/// FNV-1a 32 of a string (small deterministic values, e.g. an app's simulated storage size).
inline std::uint32_t fnv1a32(std::string_view s) {
  std::uint32_t h = kFnv1a32Basis;
  for (unsigned char c : s) h = (h ^ c) * kFnv1a32Prime;
  return h;
}

/// A 64-bit hash as 16 lower-case hex digits (the form hashes take in JSON and logs).
inline std::string hex16(std::uint64_t h) {
  char b[17];
  std::snprintf(b, sizeof b, "%016llx", static_cast<unsigned long long>(h));
  return b;
}

}  // namespace pg
