// `phonegym view`: a desktop window (SDL2) on one native env, to use the simulated phone by hand.
#pragma once

#include <cstdint>
#include <string>

namespace pg {

struct ViewArgs {
  std::string task;        ///< start from this template's instance (empty: the default state)
  std::uint64_t seed = 0;  ///< instance seed for `task`
  int width = 540;         ///< window width in pixels; the height keeps the phone's 9:20 aspect
  int frames = 0;          ///< exit after this many rendered frames (0: run until closed)
};

/// Opens the window and runs until it is closed (or `frames` frames were shown). Mouse: click,
/// long press (held over 500 ms), drag = swipe, wheel = swipe; keys: text = type, Escape = back,
/// Home = home, Return = enter. Returns the process exit code; throws std::runtime_error if SDL
/// cannot open a window (the message has SDL's error) or for an unknown task id.
int run_view(const ViewArgs& args);

}  // namespace pg
