#include "sim/os/device.hpp"

#include "sim/os/clock_format.hpp"
#include "sim/os/phone.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <stdexcept>

namespace pg {

using json = nlohmann::json;

namespace {

DeviceProfile make(const char* name, const char* description, int w, int h, float density, float font_scale = 1,
                   Cutout cutout = Cutout::none, bool gesture_nav = false) {
  DeviceProfile p;
  p.name = name;
  p.description = description;
  p.screen.width_px = w;
  p.screen.height_px = h;
  p.screen.density = density;
  p.screen.font_scale = font_scale;
  p.screen.cutout = cutout;
  p.screen.gesture_nav = gesture_nav;
  return p;
}

const char* const kKeys = "profile, width_px, height_px, density, font_scale, cutout, navigation, dark, locale";

/// os.device.cutout's names, in Cutout's order.
const char* const kCutouts[] = {"none", "punch_hole", "notch"};

}  // namespace

const std::vector<DeviceProfile>& device_profiles() {
  static const std::vector<DeviceProfile> list = {
      make("nominal", "1080x2400, 480 dpi (360x800 dp): the simulator's phone", 1080, 2400, 3.0f),
      make("compact-720x1600", "720x1600, 300 dpi (384x853 dp): a small budget phone", 720, 1600, 1.875f),
      make("phone-1080x2340", "1080x2340, 420 dpi (411x891 dp): a mid-size phone", 1080, 2340, 2.625f),
      make("large-1440x3200", "1440x3200, 560 dpi (411x914 dp), punch-hole camera (a 40 dp status bar): a large flagship",
           1440, 3200, 3.5f, 1.0f, Cutout::punch_hole),
      make("notch-1080x2280", "1080x2280, 420 dpi (411x869 dp), a notch (a 44 dp status bar, icons beside it): a 19:9 phone",
           1080, 2280, 2.625f, 1.0f, Cutout::notch),
      make("tablet-1600x2560", "1600x2560, 320 dpi (800x1280 dp): a tablet held upright", 1600, 2560, 2.0f),
      make("large-text-1080x2400", "1080x2400, 480 dpi (360x800 dp), font size 1.3 (Android's largest): the nominal phone with large text",
           1080, 2400, 3.0f, 1.3f),
      make("gesture-1080x2400", "1080x2400, 480 dpi (360x800 dp), gesture navigation (a 24 dp bar, no buttons): the nominal phone",
           1080, 2400, 3.0f, 1.0f, Cutout::none, true),
  };
  return list;
}

const DeviceProfile& device_profile(const std::string& name) {
  std::string names;
  for (const DeviceProfile& p : device_profiles()) {
    if (p.name == name) return p;
    names += (names.empty() ? "" : ", ") + p.name;
  }
  throw std::invalid_argument("no device profile \"" + name + "\" (profiles: " + names + ")");
}

json device_json(const DeviceProfile& p) {
  return json{{"profile", p.name},          {"width_px", p.screen.width_px},     {"height_px", p.screen.height_px},
              {"density", p.screen.density}, {"font_scale", p.screen.font_scale}, {"cutout", kCutouts[static_cast<int>(p.screen.cutout)]},
              {"navigation", p.screen.gesture_nav ? "gesture" : "buttons"}};
}

void validate_device(const json& d) {
  const std::string where = "os.device";
  if (!d.is_object()) throw std::invalid_argument(where + " must be an object with " + kKeys + ", got " + d.dump());
  Screen s;
  for (auto& [k, v] : d.items()) {
    const std::string at = where + "." + k;
    if (k == "profile") {
      if (!v.is_string()) throw std::invalid_argument(at + " must be a string (a profile's name), got " + v.dump());
    } else if (k == "width_px" || k == "height_px") {
      if (!v.is_number_integer() || v.get<long long>() < 320 || v.get<long long>() > 4096)
        throw std::invalid_argument(at + " must be an integer in 320..4096 (pixels), got " + v.dump());
      (k == "width_px" ? s.width_px : s.height_px) = v.get<int>();
    } else if (k == "density") {
      if (!v.is_number() || !(v.get<double>() >= 0.75 && v.get<double>() <= 6))
        throw std::invalid_argument(at + " must be a number in 0.75..6 (pixels per dp, dpi / 160), got " + v.dump());
      s.density = v.get<float>();
    } else if (k == "font_scale") {
      if (!v.is_number() || !(v.get<double>() >= 0.85 && v.get<double>() <= 2))
        throw std::invalid_argument(at + " must be a number in 0.85..2, got " + v.dump());
      s.font_scale = v.get<float>();
    } else if (k == "dark") {
      if (!v.is_boolean()) throw std::invalid_argument(at + " must be true or false, got " + v.dump());
    } else if (k == "locale") {
      const auto& tags = date_locales();
      if (!v.is_string() || std::find(tags.begin(), tags.end(), v.get<std::string>()) == tags.end()) {
        std::string names;
        for (const std::string& t : tags) names += (names.empty() ? "" : ", ") + t;
        throw std::invalid_argument(at + " must be one of " + names + " (the regional formats modelled), got " + v.dump());
      }
    } else if (k == "navigation") {
      if (v != "buttons" && v != "gesture")
        throw std::invalid_argument(at + " must be \"buttons\" (three buttons) or \"gesture\", got " + v.dump());
    } else if (k == "cutout") {
      if (v != "none" && v != "punch_hole" && v != "notch")
        throw std::invalid_argument(at + " must be \"none\", \"punch_hole\" or \"notch\", got " + v.dump());
    } else {
      throw std::invalid_argument(at + " is not a device key (keys: " + std::string(kKeys) + ")");
    }
  }
  if (s.width_dp() < 320 - 1e-3f || s.height_dp() < 560 - 1e-3f)
    throw std::invalid_argument(where + ": the screen is " + std::to_string(std::lround(s.width_dp())) + "x" +
                                std::to_string(std::lround(s.height_dp())) +
                                " dp, smaller than Android's smallest phone layout (320x560 dp); lower the density");
}

Screen device_screen(const Phone& phone) {
  Screen s;
  const json& os = phone.os();
  auto it = os.find("device");
  if (it == os.end() || !it->is_object()) return s;
  const json& d = *it;
  if (auto v = d.find("width_px"); v != d.end() && v->is_number_integer()) s.width_px = v->get<int>();
  if (auto v = d.find("height_px"); v != d.end() && v->is_number_integer()) s.height_px = v->get<int>();
  if (auto v = d.find("density"); v != d.end() && v->is_number()) s.density = v->get<float>();
  if (auto v = d.find("font_scale"); v != d.end() && v->is_number()) s.font_scale = v->get<float>();
  if (auto v = d.find("navigation"); v != d.end()) s.gesture_nav = *v == "gesture";
  if (auto v = d.find("cutout"); v != d.end())
    for (std::size_t i = 0; i < std::size(kCutouts); ++i)
      if (*v == kCutouts[i]) s.cutout = static_cast<Cutout>(i);
  return s;
}

void set_device(json& os, const json& device) {
  json d;
  if (device.is_string()) {
    const DeviceProfile& p = device_profile(device.get<std::string>());
    if (p.name == "nominal") {
      os.erase("device");
      return;
    }
    d = device_json(p);
  } else {
    validate_device(device);
    d = device;
  }
  os["device"] = std::move(d);
}

}  // namespace pg
