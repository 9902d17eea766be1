// Static analysis of an app's declarative navigation (apps/<id>/nav.json): validation and
// shortest paths between pages. The same file drives the runtime (Phone::navigate).
#pragma once

#include <string>
#include <vector>

namespace pg {

class App;

/// One transition on a path: from `from` by transition `name` (tapping `via` if declared) to `to`.
struct NavEdge {
  std::string from, name, to, via;
};

/// Problems of an app's nav.json, one message each (empty: valid): a page unreachable from the
/// entry (and not an entry point), a page without an "example", an example step that is not an
/// action (docs/actions.md) or a scroll_to / goto macro.
std::vector<std::string> validate_nav(const App& app);

/// The shortest transition path from page `from` to page `to` (empty if from == to); throws
/// std::invalid_argument naming the pages if there is none.
std::vector<NavEdge> shortest_path(const App& app, const std::string& from, const std::string& to);

}  // namespace pg
