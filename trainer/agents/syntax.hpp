// Lenient readers for what language models write: Python-style calls (`click(start_box='(1,2)')`,
// `do(action="Tap", element=[3,4])`) and JSON objects buried in prose or code fences. They never
// throw: a reply that cannot be read gives std::nullopt and a reason.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pg {

/// One call `name(key=value, ...)`. Values are JSON: a string (quoted, or a bare word such as
/// `direction=down`), a number, or an array of numbers (`[1, 2]`, `(1, 2)`).
struct Call {
  std::string name;
  std::vector<std::pair<std::string, nlohmann::json>> args;  ///< keyword arguments in order
  std::vector<nlohmann::json> positional;                     ///< arguments without `key=`
  /// The keyword argument `key` (case-sensitive), or nullptr.
  const nlohmann::json* get(std::string_view key) const;
};

/// Finds the first call of one of `names` in `text` (a name preceded by a non-identifier char
/// and followed by `(`) and parses it. Strings may use ' or " with backslash escapes; a quote of
/// the same kind inside a string that is not followed by `,key=` or the closing `)` is kept as
/// text (`type(content='it's')` reads "it's"). Returns nullopt and sets `error` when no call is
/// found or its arguments are malformed.
std::optional<Call> find_call(std::string_view text, const std::vector<std::string>& names, std::string* error);

/// The first balanced JSON object in `text` (after stripping ``` fences and prefixes such as
/// `Action:`), parsed. Returns nullopt and sets `error` when there is none or it is not JSON.
std::optional<nlohmann::json> find_json_object(std::string_view text, std::string* error);

/// Every number in `text` in order ("(12, 34.5)" -> {12, 34.5}; "<point>1 2</point>" -> {1, 2}).
std::vector<double> numbers_in(std::string_view text);

/// The text between the first `open` tag and the next `close` tag (or the end), if `open` occurs.
std::optional<std::string> between(std::string_view text, std::string_view open, std::string_view close);

/// `s` with every byte that is not part of a well-formed UTF-8 sequence replaced by U+FFFD (so
/// it can go into JSON: nlohmann::json::dump throws on invalid UTF-8).
std::string valid_utf8(std::string_view s);

/// The longest prefix of `s` of at most `n` bytes that does not split a UTF-8 character.
std::string_view utf8_prefix(std::string_view s, std::size_t n);

/// Lower-cases ASCII and trims spaces.
std::string lower_trim(std::string_view s);

}  // namespace pg
