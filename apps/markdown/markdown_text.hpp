// Markdown text for the Markdown app: the preview renderer (headings, emphasis, lists,
// checkboxes, quotes, links, code) drawn with the toolkit's primitives, and the small text edits
// the preview makes (toggling a "- [ ]" item). Pure functions of the text, no state.
#pragma once

#include "sim/ui/ui.hpp"
#include "sim/util/text.hpp"

#include <functional>
#include <string>
#include <vector>

namespace pg::md {


/// Whether a raw line is an ATX heading ("# Title" .. "###### Title").
bool line_starts_heading(const std::string& line);

/// The checkbox of a raw line: 0 none, 1 "- [ ] item", 2 "- [x] item" (also "*", "+", "[X]").
int checkbox_state(const std::string& line);

/// `text` with the checkbox on raw line `line` (0-based) flipped between "[ ]" and "[x]";
/// unchanged when that line has no checkbox.
std::string toggle_checkbox(const std::string& text, int line);

/// The text of a line with its markdown marks removed ("**Bold** [site](url)" -> "Bold site").
std::string plain(const std::string& line);

/// Draws `text` from y (dp) at the list cursor's column (inside a scroll): rendered markdown when
/// `markdown`, else plain wrapped lines. Checkbox rows are CheckBox nodes
/// "markdown.preview.check.<item text>" whose tap runs `on_toggle(phone, raw line index)`; links
/// are nodes "markdown.preview.link.<n>" that open the URL (ACTION_VIEW); every block reports its
/// plain text in a TextView node "markdown.preview.block.<n>". Moves the list cursor below it.
void render(Ui& ui, const std::string& text, bool markdown, float y, std::function<void(Phone&, int)> on_toggle);

}  // namespace pg::md
