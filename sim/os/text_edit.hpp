// Editing the focused text field at its cursor. The cursor is os.keyboard.cursor: the caret's
// position in the focused field's string counted in Unicode code points (characters), 0 before
// the first and N after the last of N; present while a field is focused (docs/state.md). Every
// reader clamps it to the text, so a text changed by other means (clear, set_state, an app)
// never leaves it past the end, and a UTF-8 character is never split.
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <string_view>

namespace pg {

class Phone;

/// Code points in UTF-8 `s` (bytes that are not continuation bytes 10xxxxxx).
std::size_t utf8_length(std::string_view s);
/// Byte offset of code point `index` in `s`; s.size() for an index at or past the end.
std::size_t utf8_offset(std::string_view s, std::size_t index);
/// Code point index of byte offset `byte` in `s`, rounded down to a character boundary.
std::size_t utf8_index(std::string_view s, std::size_t byte);

/// The cursor `keyboard` (an os.keyboard object) holds for a field whose text is `text`: its
/// "cursor" clamped to [0, utf8_length(text)], or the end when absent or not an integer.
std::size_t cursor_in(const nlohmann::json& keyboard, const std::string& text);

/// The focused field's text ("" when no field is focused or the target is not a string).
std::string focused_text(const Phone& p);
/// The focused field's cursor (code points, clamped to its text); 0 when no field is focused.
std::size_t text_cursor(const Phone& p);
/// Moves the focused field's cursor to code point `index` (clamped); nothing without a focus.
void set_text_cursor(Phone& p, std::size_t index);
/// Writes os.keyboard.cursor back clamped to the focused field's text (after the text changed by
/// other means); nothing without a focus or a cursor (an absent cursor means the end).
void clamp_text_cursor(Phone& p);
/// The most characters a text field holds (typing, the type action and paste stop there, as an
/// EditText with a length filter does): repeated copy and paste would otherwise double a text
/// without bound.
constexpr std::size_t kMaxFieldChars = 20000;

/// Inserts `s` at the focused field's cursor and moves the cursor after it; `replace` empties
/// the field first. What would take the text past kMaxFieldChars is dropped. Returns false (and
/// changes nothing) when no field is focused.
bool insert_at_cursor(Phone& p, const std::string& s, bool replace = false);
/// Backspace: deletes up to `count` characters before the cursor; nothing at the start.
void delete_before_cursor(Phone& p, int count = 1);

}  // namespace pg
