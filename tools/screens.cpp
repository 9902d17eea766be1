#include "tools/screens.hpp"

#include "sim/os/app.hpp"
#include "sim/os/device.hpp"
#include "sim/os/nav.hpp"
#include "sim/os/perturb.hpp"
#include "sim/render/codec.hpp"
#include "sim/render/screen.hpp"
#include "tasks/oracle.hpp"
#include "tasks/task.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <set>

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

void each_app_page(const std::string& only,
                   const std::function<void(const std::string& name, Env* env, const std::string& error)>& fn,
                   const std::string& profile) {
  json start = Phone::default_state();
  if (!profile.empty()) set_device_condition(start["os"], profile);
  for (App* app : AppRegistry::instance().apps()) {
    if (!only.empty() && app->id() != only) continue;
    for (auto& [page, spec] : app->nav()["pages"].items()) {
      const std::string name = app->id() + "." + page;
      Env env;
      std::string error;
      try {
        if (!profile.empty()) env.reset(start);
        run_example(env, name, spec.value("example", json::array()));
        if (env.phone().foreground() != app->id() || env.phone().current_page() != page)
          error = "example ends on " + env.phone().foreground() + "/" + env.phone().current_page();
      } catch (const std::exception& e) {
        error = e.what();
      }
      fn(name, error.empty() ? &env : nullptr, error);
    }
  }
}

namespace {

/// One rendered screenshot: its name (<app>.<page> or a screens.json name), its pixels (empty
/// when its steps failed) and what is wrong with it.
struct Shot {
  std::string name;
  Image image;
  std::vector<std::string> problems;
};

/// Renders every page (of `only`, or of all apps when empty) from its nav.json example, linted;
/// calls `each` with each.
void render_app_pages(const std::string& only, const std::function<void(Shot&)>& each, const std::string& profile = "") {
  each_app_page(only, [&](const std::string& name, Env* env, const std::string& error) {
    Shot s{name, {}, {}};
    if (!env) {
      s.problems.push_back(error);
    } else {
      try {
        s.image = render_screen(env->phone(), true);
        for (const std::string& p : env->lint()) s.problems.push_back(p);
      } catch (const std::exception& e) {
        s.problems.push_back(e.what());
      }
    }
    each(s);
  }, profile);
}

void print_shot(const Shot& s, const char* ok) {
  std::printf("%-36s %s\n", s.name.c_str(), s.problems.empty() ? ok : "PROBLEMS");
  for (const std::string& p : s.problems) std::printf("    %s\n", p.c_str());
}

json read_manifest(const std::string& path) {
  std::ifstream f(path);
  if (!f) throw std::runtime_error("cannot read " + path + " (the docs' screenshot list)");
  json j = json::parse(f, nullptr, false);
  if (j.is_discarded() || !j.contains("screens") || !j["screens"].is_object())
    throw std::runtime_error(path + ": expected {\"screens\": {\"<name>\": {\"steps\": [...], \"som\"?: bool}}}");
  return j;
}

/// A channel difference a person sees: anything drawn differently (a glyph, a caret, an icon) moves
/// some channel by more than this.
constexpr int kVisibleDifference = 32;
/// The share of channels that may differ by more than the tolerance: another CPU's floating-point
/// rounding moves a few antialiased edge pixels (measured: up to 1,672 channels of 7.8 million, by
/// up to 12/255, between an AMD EPYC and an Intel Xeon machine on 2026-11-26).
constexpr double kJitterShare = 0.0005;

/// Why `png_path` does not hold `img`, or "" when it does: the same size, no channel more than
/// kVisibleDifference apart and at most kJitterShare of channels more than `tolerance` apart.
std::string compare_png(const std::string& png_path, const Image& img, int tolerance) {
  std::ifstream f(png_path, std::ios::binary);
  if (!f) return "missing";
  const std::string bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  Image old;
  try {
    old = decode_image(bytes);
  } catch (const std::exception& e) {
    return e.what();
  }
  if (old.width != img.width || old.height != img.height)
    return std::to_string(old.width) + "x" + std::to_string(old.height) + " on disk, " + std::to_string(img.width) +
           "x" + std::to_string(img.height) + " rendered";
  Image rgb = img;
  if (img.channels == 4) {  // decode_image gives RGB
    rgb.channels = 3;
    rgb.data.clear();
    for (std::size_t i = 0; i < img.data.size(); i += 4) rgb.data.insert(rgb.data.end(), &img.data[i], &img.data[i + 3]);
  }
  const int d = max_abs_diff(old, rgb);
  if (d <= tolerance) return "";
  std::size_t n = 0;
  for (std::size_t i = 0; i < old.data.size(); ++i) n += std::abs(int(old.data[i]) - int(rgb.data[i])) > tolerance;
  if (d <= kVisibleDifference && static_cast<double>(n) <= kJitterShare * static_cast<double>(old.data.size())) return "";
  return std::to_string(n) + " channel values differ by up to " + std::to_string(d) + "/255";
}

}  // namespace

int render_screens(const std::string& out_dir, const std::string& only, const std::string& profile) {
  std::filesystem::create_directories(out_dir);
  int bad = 0, pages = 0;
  render_app_pages(only, [&](Shot& s) {
    ++pages;
    if (!s.image.empty()) write_png(out_dir + "/" + s.name + ".png", s.image);
    print_shot(s, "ok");
    bad += !s.problems.empty();
  }, profile);
  std::printf("%d pages, %d with problems; screenshots in %s%s\n", pages, bad, out_dir.c_str(),
              profile.empty() ? "" : (" (profile " + profile + ")").c_str());
  return bad;
}

void each_os_screen(const std::string& dir,
                    const std::function<void(const std::string& name, Env* env, const json& spec,
                                             const std::string& error)>& fn) {
  const json manifest = read_manifest(dir + "/screens.json");
  for (auto& [name, spec] : manifest["screens"].items()) {
    Env env;
    std::string error;
    try {
      if (spec.contains("patch")) env.apply_patch(spec["patch"]);
      run_example(env, "screens.json: " + name, spec.value("steps", json::array()));
    } catch (const std::exception& e) {
      error = e.what();
    }
    fn(name, error.empty() ? &env : nullptr, spec, error);
  }
}

int doc_screens(const std::string& dir, bool check, int tolerance) {
  namespace fs = std::filesystem;
  read_manifest(dir + "/screens.json");  // a bad list is an error before anything is written
  int bad = 0, n = 0;
  auto finish = [&](Shot& s, const std::string& file) {
    ++n;
    if (!s.image.empty()) {
      if (!check) {
        fs::create_directories(fs::path(file).parent_path());
        write_png(file, s.image);
      } else if (std::string why = compare_png(file, s.image, tolerance); !why.empty()) {
        s.problems.push_back("stale " + file + ": " + why);
      }
    }
    print_shot(s, check ? "up to date" : "ok");
    bad += !s.problems.empty();
  };
  std::set<std::string> rendered;
  render_app_pages("", [&](Shot& s) {
    rendered.insert(s.name + ".png");
    finish(s, dir + "/apps/" + s.name + ".png");
  });
  each_os_screen(dir, [&](const std::string& name, Env* env, const json& spec, const std::string& error) {
    Shot s{name, {}, {}};
    if (!env) s.problems.push_back(error);
    else
      try {
        s.image = render_screen(env->phone(), true, spec.value("som", false));
      } catch (const std::exception& e) {
        s.problems.push_back(e.what());
      }
    finish(s, dir + "/" + name + ".png");
  });
  if (fs::is_directory(dir + "/apps"))
    for (const auto& e : fs::directory_iterator(dir + "/apps"))
      if (e.path().extension() == ".png" && !rendered.count(e.path().filename().string())) {
        if (check) {
          std::printf("%-36s PROBLEMS\n    stale %s: no app page renders it\n", e.path().filename().c_str(),
                      e.path().c_str());
          ++bad;
        } else {
          fs::remove(e.path());
          std::printf("%-36s removed (no app page renders it)\n", e.path().filename().c_str());
        }
      }
  std::printf("%d screenshots, %d with problems (%s)\n", n, bad, dir.c_str());
  if (check && bad > 0) std::printf("regenerate them with scripts/screens (docs/apps.md)\n");
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
