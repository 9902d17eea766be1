#include "tools/screens.hpp"

#include "sim/os/app.hpp"
#include "sim/os/nav.hpp"
#include "sim/render/screen.hpp"
#include "tasks/oracle.hpp"
#include "tasks/task.hpp"
#include "tools/png.hpp"

#include <cstdio>
#include <filesystem>

namespace pg {

using json = nlohmann::json;

void run_example(Env& env, const std::string& where, const json& steps) {
  TaskTemplate t;
  t.id = where;
  t.oracle = steps;
  TaskInstance inst;
  inst.tmpl = &t;
  OracleAgent oracle(inst);
  for (int i = 0; i < 200; ++i) {
    std::optional<Action> a = oracle.next(env.ui_tree());
    if (!a) return;
    env.step(*a);
  }
  throw TaskError(where + ": example does not finish in 200 actions");
}

int render_screens(const std::string& out_dir, const std::string& only) {
  std::filesystem::create_directories(out_dir);
  int bad = 0, pages = 0;
  for (App* app : AppRegistry::instance().apps()) {
    if (!only.empty() && app->id() != only) continue;
    for (auto& [page, spec] : app->nav()["pages"].items()) {
      ++pages;
      const std::string where = app->id() + "." + page;
      std::vector<std::string> problems;
      Env env;
      try {
        run_example(env, where, spec.value("example", json::array()));
        if (env.phone().foreground() != app->id() || env.phone().current_page() != page)
          problems.push_back("example ends on " + env.phone().foreground() + "/" + env.phone().current_page());
        write_png(out_dir + "/" + where + ".png", render_screen(env.phone(), true));
        for (const std::string& p : env.lint()) problems.push_back(p);
      } catch (const std::exception& e) {
        problems.push_back(e.what());
      }
      std::printf("%-36s %s\n", where.c_str(), problems.empty() ? "ok" : "PROBLEMS");
      for (const std::string& p : problems) std::printf("    %s\n", p.c_str());
      bad += !problems.empty();
    }
  }
  std::printf("%d pages, %d with problems; screenshots in %s\n", pages, bad, out_dir.c_str());
  return bad;
}

int print_nav_paths(const std::string& id, const std::string& from_arg) {
  App* app = AppRegistry::instance().find(id);
  if (!app) throw std::invalid_argument("unknown app \"" + id + "\"");
  const std::vector<std::string> errors = validate_nav(*app);
  for (const std::string& e : errors) std::printf("problem: %s\n", e.c_str());
  std::vector<std::string> starts;
  if (from_arg == "*")
    for (auto& [page, spec] : app->nav()["pages"].items()) starts.push_back(page);
  else
    starts.push_back(from_arg.empty() ? app->entry_page() : from_arg);
  for (const std::string& entry : starts) {
    if (starts.size() > 1) std::printf("from %s:\n", entry.c_str());
    for (auto& [page, spec] : app->nav()["pages"].items()) {
      std::string line = entry;
      try {
        for (const NavEdge& e : shortest_path(*app, entry, page))
          line += " -" + e.name + (e.via.empty() ? "" : " (tap " + e.via + ")") + "-> " + e.to;
      } catch (const std::invalid_argument&) {
        line = "(no path from " + entry + ")";
      }
      std::printf("  %-20s %s\n", page.c_str(), line.c_str());
    }
  }
  return static_cast<int>(errors.size());
}

}  // namespace pg
