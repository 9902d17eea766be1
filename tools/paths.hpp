// Where `phonegym` finds its web assets and task templates, from any working directory:
// --tasks DIR, $PHONEGYM_WEB_ROOT / $PHONEGYM_TASKS, then next to the executable when installed
// (<prefix>/share/phonegym/{web,tasks}), then the build tree and the source tree it was built from.
#pragma once

#include <string>

namespace pg {

/// Directory holding index.html, phonegym.js and phonegym.wasm; throws std::runtime_error listing
/// the places searched when none has them (build the wasm host: scripts/build).
std::string find_web_root();
/// Directory of task templates: the one given by set_tasks_dir (`phonegym --tasks DIR`), else
/// $PHONEGYM_TASKS, then the installed or source tree's tasks/templates; throws like find_web_root.
std::string find_tasks_dir();
/// Makes every command load templates from `dir` (`--tasks DIR`); throws std::invalid_argument
/// when it is not a directory.
void set_tasks_dir(const std::string& dir);
/// The docs' screenshot directory (docs/screens, holding screens.json): $PHONEGYM_DOCS_SCREENS,
/// ./docs/screens, then the source tree's; throws like find_web_root.
std::string find_docs_screens_dir();

}  // namespace pg
