// Laying out an editable text so its caret (os.keyboard.cursor, sim/os/text_edit.hpp) can be
// drawn between the right characters and placed by a tap. Measurement is the toolkit's own (the
// font atlas's glyph advances, as Ui::text draws them), so a caret and a tap agree exactly with
// the pixels, natively and in WebAssembly. Units: dp unless a name says px.
#pragma once

#include "sim/ui/ui.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace pg {

/// One laid-out line: bytes [begin, end) of the text (no '\n', no space at a wrap).
struct TextLine {
  std::size_t begin = 0, end = 0;
};

/// Ui::wrap's greedy word wrap as byte ranges of `s`: breaks at spaces (the space at a wrap
/// belongs to no line), '\n' starts a line, a word wider than `max_w` dp is broken between
/// characters. Spaces inside a line are kept as typed. At least one line ("" gives one empty
/// line); a text ending in '\n' ends with an empty line, where the caret goes after it.
std::vector<TextLine> wrap_lines(const std::string& s, Font f, float max_w);
/// Width (dp) of bytes [begin, end) of `s` drawn in `f` (begin and end on character boundaries).
float text_width_of(const std::string& s, std::size_t begin, std::size_t end, Font f);
/// The index of the line the caret at byte `offset` is drawn on: the last line starting at or
/// before it (so a caret at a wrap inside a word shows at the start of the next line).
std::size_t caret_line(const std::vector<TextLine>& lines, std::size_t offset);
/// The byte offset in `line` of the character boundary nearest to `x` dp from the line's left
/// (the first of two equally near); line.begin for x <= 0, line.end past the text.
std::size_t offset_at_x(const std::string& s, const TextLine& line, Font f, float x);

/// Where a multi-line editor drew wrapped text: line `first_line` has its top at `top` (screen
/// dp, any scrolling applied) and starts at x = `left`; each next line is `line_h` lower.
struct TextBox {
  Font font = Font::BodyLarge;
  float left = 0, top = 0, wrap_w = 0, line_h = 0;
  std::size_t first_line = 0;
};
/// The caret index (code points) nearest to the screen point (x_px, y_px) for `s` laid out in
/// `box` (wrap_lines(s, box.font, box.wrap_w)): the line under y, clamped to the lines from
/// box.first_line on, then the boundary nearest to x.
std::size_t index_at_point(const std::string& s, const TextBox& box, int x_px, int y_px);

/// What a single-line value drawn by draw_line_value shows, for placing the caret on a tap.
struct LineView {
  std::string shown;      ///< the value's bytes in view (without the "…" marks)
  std::size_t first = 0;  ///< code point index in the value of shown's first character
  float left = 0;         ///< screen x (dp) where `shown` starts
  Font font = Font::BodyLarge;
};
/// Draws a single-line editable value with its text's top-left at (x, y), in at most `room` dp:
/// all of it when it fits, else the part around the caret between "…" marks (the end while the
/// caret is in the last part, as a scrolled EditText shows it). `caret` is a code point index,
/// or npos for no caret (the end stays in view); the caret is a 2 dp bar in `accent`, one line
/// of `f` tall. Returns what place_caret needs.
LineView draw_line_value(Ui& ui, const std::string& value, float x, float y, float room, Font f, std::uint32_t rgb,
                         std::size_t caret, std::uint32_t accent);
/// For a field's tap handler, after focusing it: moves the focused field's cursor to the
/// character boundary of `view` nearest the pointer's x.
void place_caret(Phone& p, const LineView& view);

}  // namespace pg
