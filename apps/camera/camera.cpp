// Camera: a viewfinder showing a generated scene (it changes every virtual minute), a shutter
// button and the thumbnail of the last capture. A capture saves a photo through Gallery's exported
// call "add_photo" (it lands in apps.gallery.photos.<id>, album "Camera", taken_ms = os.time_ms);
// the thumbnail opens it in Gallery with the explicit intent {"app": "gallery", "photo": id}.
#include "apps/gallery/photos.hpp"
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"
#include "sim/ui/ui.hpp"

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

class CameraApp : public App {
 public:
  CameraApp() { add_page("viewfinder", viewfinder); }

 private:
  static void viewfinder(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    ui.fill({0, 0, Ui::kWidthDp, Ui::kHeightDp}, 0x000000);
    // Top controls (decorative in this version).
    ui.icon(40, area.t + 28, "flash_off", Font::Icon, 0xFFFFFF);
    ui.icon(Ui::kWidthDp - 40, area.t + 28, "settings", Font::Icon, 0xFFFFFF);
    // The viewfinder: a 3:4 preview of the scene in front of the lens.
    const Rect view{0, area.t + 56, Ui::kWidthDp, area.t + 56 + Ui::kWidthDp * 4 / 3};
    gallery::draw_scene(ui, view, gallery::scene_at(phone.now_ms()));
    ui.item("camera.viewfinder", "android.view.TextureView", view, "", {}).desc = "Viewfinder";
    // Mode strip.
    const float my = view.b + 10;
    ui.text_centered(0, 120, my, "Portrait", Font::Body, 0xBDBDBD);
    ui.fill({144, my - 4, 216, my + 22}, 0x303030, 13);
    ui.text_centered(144, 216, my, "Photo", Font::Body, 0xFFFFFF);
    ui.text_centered(240, 360, my, "Video", Font::Body, 0xBDBDBD);
    // Shutter, thumbnail, switch camera.
    const float cy = area.b - 52;
    ui.circle(Ui::kWidthDp / 2, cy, 36, 0xFFFFFF);
    ui.circle(Ui::kWidthDp / 2, cy, 30, 0x000000);
    ui.circle(Ui::kWidthDp / 2, cy, 27, 0xFFFFFF);
    Node& shutter =
        ui.item("camera.shutter", "android.widget.ImageButton",
                {Ui::kWidthDp / 2 - 40, cy - 40, Ui::kWidthDp / 2 + 40, cy + 40}, "", [](Phone& p) { capture(p); });
    shutter.desc = "Take photo";
    ui.icon(Ui::kWidthDp - 64, cy, "switch_camera", Font::Icon, 0xFFFFFF);
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
