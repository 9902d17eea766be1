#include "tools/paths.hpp"

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <vector>

namespace pg {
namespace fs = std::filesystem;

namespace {

fs::path exe_dir() {
  std::error_code ec;
  fs::path p = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::path() : p.parent_path();
}

std::string find(const char* env, const std::vector<fs::path>& candidates, const char* marker, const char* what) {
  std::vector<fs::path> all;
  if (const char* e = std::getenv(env); e && *e) all.push_back(e);
  all.insert(all.end(), candidates.begin(), candidates.end());
  std::string tried;
  for (const fs::path& c : all) {
    if (c.empty()) continue;
    if (fs::exists(c / marker)) return fs::weakly_canonical(c).string();
    tried += "\n  " + c.string();
  }
  throw std::runtime_error(std::string(what) + " not found; looked in:" + tried + "\nset " + env +
                           " or build the project (scripts/build)");
}

}  // namespace

std::string find_web_root() {
  const fs::path d = exe_dir();
  return find("PHONEGYM_WEB_ROOT",
              {d / "../share/phonegym/web", d / "../web", fs::path(PG_BUILD_DIR) / "web"}, "phonegym.wasm",
              "the wasm host (web/phonegym.wasm)");
}

namespace {
std::string& tasks_dir_override() {
  static std::string dir;
  return dir;
}
}  // namespace

void set_tasks_dir(const std::string& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw std::invalid_argument("--tasks \"" + dir + "\": not a directory of templates");
  tasks_dir_override() = fs::absolute(dir).lexically_normal().string();
}

std::string find_tasks_dir() {
  if (!tasks_dir_override().empty()) return tasks_dir_override();
  const fs::path d = exe_dir();
  return find("PHONEGYM_TASKS",
              {d / "../share/phonegym/tasks", fs::path(PG_SOURCE_DIR) / "tasks/templates"}, ".",
              "task templates (tasks/templates)");
}

std::string find_docs_screens_dir() {
  return find("PHONEGYM_DOCS_SCREENS", {fs::current_path() / "docs/screens", fs::path(PG_SOURCE_DIR) / "docs/screens"},
              "screens.json", "the docs' screenshots (docs/screens/screens.json)");
}

}  // namespace pg
