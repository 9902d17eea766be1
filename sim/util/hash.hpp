// FNV-1a (Fowler-Noll-Vo), the project's one hash of strings and bytes: policy token and app
// buckets, task seeds, template and screenshot fingerprints, what-if outcome keys. Stable across
// platforms, compilers and builds (unlike std::hash), so a hash written to a file or computed in
// the browser equals the one computed natively. And SplitMix64, the project's one deterministic
// random stream and integer mix (instance sampling, perturbations, AdaGRPO's keyed draws, apps'
// generated content).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace pg {

constexpr std::uint64_t kFnv1a64Basis = 14695981039346656037ull;  ///< FNV-1a 64 offset basis
constexpr std::uint64_t kFnv1a64Prime = 1099511628211ull;         ///< 2^40 + 2^8 + 0xb3
/// FNV's basis with its last digit dropped (1469598103934665603), kept where it was first used by
/// mistake: task instances' parameters and recorded template hashes, perturbation salts, the
/// weather model (and gen/forecast.py) and the recorder's waveforms derive from it, so changing it
/// would change every instance and every recorded result.
constexpr std::uint64_t kFnv1a64ShortBasis = 1469598103934665603ull;
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

/// SplitMix64's output function (Steele, Lea and Flood, "Fast splittable pseudorandom number
/// generators", OOPSLA 2014, section 3): a bijection of 64-bit words.
constexpr std::uint64_t splitmix64_finalize(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
constexpr std::uint64_t kSplitMix64Gamma = 0x9E3779B97F4A7C15ull;  ///< the stream's increment (2^64 / golden ratio)
/// The next value of the SplitMix64 stream whose state is `state` (advances it by the gamma).
constexpr std::uint64_t splitmix64(std::uint64_t& state) { return splitmix64_finalize(state += kSplitMix64Gamma); }
/// One SplitMix64 step of `x` as a pure function (a keyed mix: `splitmix64_mix(k)` is the first
/// value of the stream seeded with k).
constexpr std::uint64_t splitmix64_mix(std::uint64_t x) { return splitmix64_finalize(x + kSplitMix64Gamma); }

/// A 64-bit hash as 16 lower-case hex digits (the form hashes take in JSON and logs).
inline std::string hex16(std::uint64_t h) {
  char b[17];
  std::snprintf(b, sizeof b, "%016llx", static_cast<unsigned long long>(h));
  return b;
}

}  // namespace pg
