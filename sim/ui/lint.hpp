// A layout lint over one rendered screen (its accessibility nodes and drawn text): what a person
// would call broken. Used by `phonegym screens` and the tests over every page of every app.
#pragma once

#include "sim/ui/ui.hpp"

#include <string>
#include <vector>

namespace pg {

/// Problems, one message each (empty: clean): two texts overlapping; a text outside the screen or
/// running past the widget it sits in; a tap target (clickable node) smaller than 48x48 dp, or
/// under the status bar ("os.status_bar") where one is listed.
/// Nodes cut by a scrolling list's edge and texts clipped by it are not judged.
std::vector<std::string> lint_screen(const std::vector<Node>& nodes, const std::vector<TextRun>& texts);
/// The same over a built frame, leaving out what a later cover hides and the system keyboard
/// (its keys are narrower than 48 dp, as on real phones).
std::vector<std::string> lint_screen(const Ui& ui);

}  // namespace pg
