// Camera: a viewfinder showing a generated scene (it changes every virtual minute), Photo and Video
// modes, a shutter button and the thumbnail of the last capture. A capture saves a photo through
// Gallery's exported call "add_photo" (it lands in apps.gallery.photos.<id>, album "Camera",
// taken_ms = os.time_ms); in Video mode the shutter starts a recording (a red dot and a running
// time) and stops it, saving a video: the same call with "video": true and "duration_s", the
// whole seconds between start and stop in the phone's time (`wait` actions let it pass). The
// thumbnail opens the last capture in Gallery with the explicit intent {"app": "gallery", "photo": id}.
#include "apps/gallery/photos.hpp"
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"
#include "sim/ui/ui.hpp"

#include <algorithm>
#include <cstdio>
#include <tuple>

namespace pg {
namespace {

using json = nlohmann::json;

constexpr const char* kApp = "camera";

/// Takes a picture of what the viewfinder shows now; returns the new photo id.
std::string capture(Phone& p) {
  const std::int64_t now = p.now_ms();
  const std::string id = gallery::add_photo(p, {{"album", "Camera"}, {"taken_ms", now}, {"title", ""}, {"place", ""},
                                                {"favorite", false}, {"scene", gallery::scene_at(now)}});
  own_state(p, kApp)["last"] = id;
  return id;
}

/// When the recording in progress started (epoch ms), or -1.
std::int64_t recording_since(const Phone& p) {
  const json& c = own_state(p, kApp);
  return c.contains("recording_ms") && c["recording_ms"].is_number_integer() ? c["recording_ms"].get<std::int64_t>() : -1;
}

/// Video mode's shutter: starts a recording, or stops it and saves the video (at least 1 s).
void record(Phone& p) {
  json& c = own_state(p, kApp);
  const std::int64_t since = recording_since(p);
  if (since < 0) {
    c["recording_ms"] = p.now_ms();
    return;
  }
  const int seconds = std::max<int>(1, static_cast<int>((p.now_ms() - since) / 1000));
  const std::string id = gallery::add_photo(p, {{"album", "Camera"}, {"taken_ms", since}, {"title", ""}, {"place", ""},
                                                {"favorite", false}, {"scene", gallery::scene_at(since)},
                                                {"video", true}, {"duration_s", seconds}});
  c["recording_ms"] = nullptr;
  c["last"] = id;
}


class CameraApp : public App {
 public:
  CameraApp() { add_page("viewfinder", viewfinder); }

 private:
  static void viewfinder(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    ui.fill({0, 0, Ui::width_dp(), Ui::height_dp()}, 0x000000);
    // Top controls (decorative in this version).
    ui.icon(40, area.t + 28, "flash_off", Font::Icon, 0xFFFFFF);
    ui.icon(Ui::width_dp() - 40, area.t + 28, "settings", Font::Icon, 0xFFFFFF);
    // The viewfinder: a 3:4 preview of the scene in front of the lens.
    const Rect view{0, area.t + 56, Ui::width_dp(), area.t + 56 + Ui::width_dp() * 4 / 3};
    gallery::draw_scene(ui, view, gallery::scene_at(phone.now_ms()));
    ui.item("camera.viewfinder", "android.view.TextureView", view, "", {}).desc = "Viewfinder";
    // Mode strip: Photo and Video (Portrait is not offered by this camera). Switching is not
    // possible while recording.
    const bool video = own_state(phone, kApp).value("mode", "photo") == "video";
    const std::int64_t since = recording_since(phone);
    const float my = view.b + 10;
    ui.text_centered(0, 120, my, "Portrait", Font::Body, 0x757575);
    for (const auto& [mode, label, l, r] : {std::make_tuple("photo", "Photo", 144.0f, 216.0f), std::make_tuple("video", "Video", 264.0f, 336.0f)}) {
      const bool on = (std::string(mode) == "video") == video;
      if (on) ui.fill({l, my - 4, r, my + 22}, 0x303030, 13);
      ui.text_centered(l, r, my, label, Font::Body, on ? 0xFFFFFF : 0xBDBDBD);
      Node& n = ui.item(std::string("camera.mode.") + mode, "android.widget.TextView", {l - 8, my - 16, r + 8, my + 32}, label,
                        [m = std::string(mode)](Phone& p) {
                          if (recording_since(p) < 0) own_state(p, kApp)["mode"] = m;
                        });
      n.selected = on;
    }
    if (since >= 0) {  // recording: a red dot and the running time over the viewfinder
      const std::string t = gallery::duration_text((phone.now_ms() - since) / 1000);
      const float w = ui.text_width(t, Font::Body) + 40;
      ui.fill({(Ui::width_dp() - w) / 2, view.t + 12, (Ui::width_dp() + w) / 2, view.t + 40}, 0x000000, 14, 0.5f);
      ui.circle((Ui::width_dp() - w) / 2 + 16, view.t + 26, 5, 0xEA4335);
      ui.text((Ui::width_dp() - w) / 2 + 28, view.t + 16, t, Font::Body, 0xFFFFFF);
      ui.label("camera.recording.time", {(Ui::width_dp() - w) / 2, view.t + 12, (Ui::width_dp() + w) / 2, view.t + 40}, t);
    }
    // Shutter (a red record button in Video mode), thumbnail, switch camera.
    const float cy = area.b - 52;
    ui.circle(Ui::width_dp() / 2, cy, 36, 0xFFFFFF);
    ui.circle(Ui::width_dp() / 2, cy, 30, 0x000000);
    if (!video) ui.circle(Ui::width_dp() / 2, cy, 27, 0xFFFFFF);
    else if (since < 0) ui.circle(Ui::width_dp() / 2, cy, 27, 0xEA4335);
    else ui.fill({Ui::width_dp() / 2 - 12, cy - 12, Ui::width_dp() / 2 + 12, cy + 12}, 0xEA4335, 3);
    Node& shutter = ui.item("camera.shutter", "android.widget.ImageButton",
                            {Ui::width_dp() / 2 - 40, cy - 40, Ui::width_dp() / 2 + 40, cy + 40}, "",
                            [video](Phone& p) { video ? record(p) : static_cast<void>(capture(p)); });
    shutter.desc = !video ? "Take photo" : since < 0 ? "Start recording" : "Stop recording";
    ui.icon(Ui::width_dp() - 64, cy, "switch_camera", Font::Icon, 0xFFFFFF);
    const std::string last = own_state(phone, kApp).value("last", "");
    const json photo = last.empty() ? json() : gallery::photo(phone, last);
    const Rect thumb{40, cy - 24, 88, cy + 24};
    if (photo.is_null()) {
      ui.stroke(thumb, 0x9E9E9E, 24, 1.5f);
    } else {
      ui.circle(64, cy, 26, 0xFFFFFF);
      gallery::draw_scene(ui, {thumb.l + 6, thumb.t + 6, thumb.r - 6, thumb.b - 6}, photo["scene"]);
      Node& n = ui.image("camera.thumbnail", {thumb.l - 4, thumb.t - 4, thumb.r + 4, thumb.b + 4}, "");
      n.desc = "Open the last photo in Gallery";
      n.text = last;
      n.clickable = true;
      n.on_click = [last](Phone& p) { p.start_intent({{"app", "gallery"}, {"photo", last}}); };
    }
  }
};

}  // namespace
PG_REGISTER_APP("camera", CameraApp);
}  // namespace pg
