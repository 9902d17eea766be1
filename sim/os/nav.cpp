#include "sim/os/nav.hpp"

#include "sim/input/action.hpp"
#include "sim/os/app.hpp"

#include <deque>
#include <map>
#include <set>
#include <stdexcept>

namespace pg {

using json = nlohmann::json;

namespace {

std::vector<NavEdge> edges_from(const App& app, const std::string& page) {
  std::vector<NavEdge> out;
  const json transitions = app.nav()["pages"][page].value("transitions", json::object());
  for (auto& [name, t] : transitions.items())
    out.push_back({page, name, t.is_string() ? t.get<std::string>() : t.value("to", ""),
                   t.is_string() ? "" : t.value("via", "")});
  return out;
}

}  // namespace

std::vector<NavEdge> shortest_path(const App& app, const std::string& from, const std::string& to) {
  const json& pages = app.nav()["pages"];
  for (const std::string& p : {from, to})
    if (!pages.contains(p)) throw std::invalid_argument("app " + app.id() + " has no page \"" + p + "\"");
  std::map<std::string, NavEdge> came;  // BFS tree
  std::deque<std::string> queue{from};
  std::set<std::string> seen{from};
  while (!queue.empty()) {
    const std::string cur = queue.front();
    queue.pop_front();
    if (cur == to) break;
    for (const NavEdge& e : edges_from(app, cur))
      if (seen.insert(e.to).second) {
        came[e.to] = e;
        queue.push_back(e.to);
      }
  }
  if (!seen.count(to)) throw std::invalid_argument("app " + app.id() + ": no path from \"" + from + "\" to \"" + to + "\"");
  std::vector<NavEdge> path;
  for (std::string p = to; p != from; p = came[p].from) path.insert(path.begin(), came[p]);
  return path;
}

std::vector<std::string> validate_nav(const App& app) {
  std::vector<std::string> errors;
  const json& nav = app.nav();
  const std::string where = "apps/" + app.id() + "/nav.json: ";
  std::set<std::string> reach;
  std::deque<std::string> queue{app.entry_page()};
  for (const json& e : nav.value("entry_points", json::array())) queue.push_back(e.get<std::string>());
  while (!queue.empty()) {
    const std::string cur = queue.front();
    queue.pop_front();
    if (!reach.insert(cur).second) continue;
    for (const NavEdge& e : edges_from(app, cur)) queue.push_back(e.to);
  }
  for (auto& [page, spec] : nav["pages"].items()) {
    if (!reach.count(page)) errors.push_back(where + "page \"" + page + "\" is not reachable from the entry or an entry point");
    if (!spec.contains("title")) errors.push_back(where + "page \"" + page + "\" has no title");
    const json& ex = spec.value("example", json());
    if (!ex.is_array() || ex.empty()) {
      errors.push_back(where + "page \"" + page + "\" has no \"example\" (steps from a fresh phone to this page)");
      continue;
    }
    for (std::size_t i = 0; i < ex.size(); ++i) {  // oracle steps: actions, or a scroll_to / goto macro
      const json& st = ex[i];
      if (st.is_object() && st.size() == 1 && (st.contains("scroll_to") || st.contains("goto"))) continue;
      try {
        parse_action(st);
      } catch (const ActionError& e) {
        errors.push_back(where + "pages." + page + ".example[" + std::to_string(i) + "]: " + e.what() +
                         " (a step is an action of docs/actions.md or {\"scroll_to\": \"<widget id>\"})");
      }
    }
  }
  return errors;
}

}  // namespace pg
