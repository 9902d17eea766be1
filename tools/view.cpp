#include "tools/view.hpp"

#include "sim/env/env.hpp"
#include "sim/render/screen.hpp"
#include "tasks/task.hpp"
#include "tools/paths.hpp"

#include <SDL.h>

#include <algorithm>
#include <cstdio>
#include <stdexcept>

namespace pg {
namespace {

using json = nlohmann::json;

constexpr Uint32 kLongPressMs = 500;
constexpr int kDragPx = 12;  ///< window pixels the pointer must travel for a press to be a swipe

/// Window pixels to the action space's 0..1000.
int norm(int v, int size) { return std::clamp(static_cast<int>(static_cast<long long>(v) * 1000 / size), 0, 1000); }

struct Window {
  SDL_Window* win = nullptr;
  SDL_Renderer* ren = nullptr;
  SDL_Texture* tex = nullptr;
  ~Window() {
    if (tex) SDL_DestroyTexture(tex);
    if (ren) SDL_DestroyRenderer(ren);
    if (win) SDL_DestroyWindow(win);
    SDL_Quit();
  }
};

}  // namespace

int run_view(const ViewArgs& a) {
  if (a.width < 90 || a.width > 4000) throw std::invalid_argument("--width " + std::to_string(a.width) + ": use 90..4000");
  Env env;
  if (!a.task.empty()) {
    TaskSet tasks = TaskSet::load(find_tasks_dir());
    TaskInstance inst = sample_instance(tasks.get(a.task), a.seed, Phone::default_state());
    env.reset(inst.initial_state);
    std::printf("task %s (seed %llu): %s\n", a.task.c_str(), static_cast<unsigned long long>(a.seed),
                inst.instruction.c_str());
  }
  const int win_w = a.width, win_h = a.width * kScreenHeight / kScreenWidth;

  if (SDL_Init(SDL_INIT_VIDEO) != 0) throw std::runtime_error(std::string("SDL_Init: ") + SDL_GetError());
  Window w;
  w.win = SDL_CreateWindow("PhoneGym", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, win_w, win_h, 0);
  if (!w.win) throw std::runtime_error(std::string("SDL_CreateWindow: ") + SDL_GetError());
  SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "1");  // linear filtering when scaling the frame down
  w.ren = SDL_CreateRenderer(w.win, -1, 0);
  if (!w.ren) w.ren = SDL_CreateRenderer(w.win, -1, SDL_RENDERER_SOFTWARE);
  if (!w.ren) throw std::runtime_error(std::string("SDL_CreateRenderer: ") + SDL_GetError());
  w.tex = SDL_CreateTexture(w.ren, SDL_PIXELFORMAT_RGB24, SDL_TEXTUREACCESS_STREAMING, kScreenWidth, kScreenHeight);
  if (!w.tex) throw std::runtime_error(std::string("SDL_CreateTexture: ") + SDL_GetError());
  SDL_StartTextInput();
  std::printf("phonegym view: click, hold > 0.5 s = long press, drag or wheel = swipe, type = text, "
              "Esc = back, Home = home, Return = enter\n");
  std::fflush(stdout);

  auto apply = [&](const json& j) {
    try {
      const json r = env.step(parse_action(j));
      std::printf("%s -> %s\n", j.dump().c_str(), r["info"].dump().c_str());
    } catch (const ActionError& e) {
      std::printf("%s -> rejected: %s\n", j.dump().c_str(), e.what());
    }
    std::fflush(stdout);
  };

  int frames = 0;
  bool dirty = true, running = true, pressed = false;
  int down_x = 0, down_y = 0;
  Uint32 down_ms = 0;
  std::string title;
  while (running) {
    if (dirty) {
      const Image img = render_screen(env.phone(), true);
      SDL_UpdateTexture(w.tex, nullptr, img.data.data(), img.width * 3);
      SDL_RenderClear(w.ren);
      SDL_RenderCopy(w.ren, w.tex, nullptr, nullptr);
      SDL_RenderPresent(w.ren);
      const std::string t = "PhoneGym - " + env.phone().foreground() +
                            (env.phone().current_page().empty() ? "" : " / " + env.phone().current_page());
      if (t != title) SDL_SetWindowTitle(w.win, (title = t).c_str());
      dirty = false;
      if (++frames == a.frames) break;
    }
    SDL_Event e;
    if (!SDL_WaitEventTimeout(&e, a.frames > 0 ? 1 : 100)) {
      if (a.frames > 0) dirty = true;  // headless runs: keep producing frames
      continue;
    }
    switch (e.type) {
      case SDL_QUIT:
        running = false;
        break;
      case SDL_MOUSEBUTTONDOWN:
        if (e.button.button == SDL_BUTTON_LEFT) {
          pressed = true;
          down_x = e.button.x;
          down_y = e.button.y;
          down_ms = SDL_GetTicks();
        }
        break;
      case SDL_MOUSEBUTTONUP:
        if (e.button.button == SDL_BUTTON_LEFT && pressed) {
          pressed = false;
          const int dx = e.button.x - down_x, dy = e.button.y - down_y;
          if (dx * dx + dy * dy > kDragPx * kDragPx) {
            apply({{"type", "swipe"}, {"x1", norm(down_x, win_w)}, {"y1", norm(down_y, win_h)},
                   {"x2", norm(e.button.x, win_w)}, {"y2", norm(e.button.y, win_h)}});
          } else {
            const bool long_press = SDL_GetTicks() - down_ms > kLongPressMs;
            apply({{"type", long_press ? "long_press" : "click"}, {"x", norm(down_x, win_w)}, {"y", norm(down_y, win_h)}});
          }
          dirty = true;
        }
        break;
      case SDL_MOUSEWHEEL: {
        // Wheel up shows what is above: the finger moves down by 150 (of 1000) per notch.
        int mx = 0, my = 0;
        SDL_GetMouseState(&mx, &my);
        const int y1 = norm(my, win_h), y2 = std::clamp(y1 + 150 * e.wheel.y, 0, 1000);
        if (y1 != y2) {
          apply({{"type", "swipe"}, {"x1", norm(mx, win_w)}, {"y1", y1}, {"x2", norm(mx, win_w)}, {"y2", y2}});
          dirty = true;
        }
        break;
      }
      case SDL_TEXTINPUT:
        apply({{"type", "type"}, {"text", e.text.text}});
        dirty = true;
        break;
      case SDL_KEYDOWN:
        if (e.key.keysym.sym == SDLK_ESCAPE) apply({{"type", "back"}});
        else if (e.key.keysym.sym == SDLK_HOME) apply({{"type", "home"}});
        else if (e.key.keysym.sym == SDLK_RETURN || e.key.keysym.sym == SDLK_KP_ENTER) apply({{"type", "enter"}});
        else break;
        dirty = true;
        break;
      case SDL_WINDOWEVENT:
        if (e.window.event == SDL_WINDOWEVENT_EXPOSED) dirty = true;
        break;
      default:
        break;
    }
  }
  std::printf("view: %d frames shown\n", frames);
  return 0;
}

}  // namespace pg
