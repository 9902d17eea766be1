// Gallery (Google Photos): albums (Camera, Screenshots, Favorites and named albums), a photo grid
// per album and a full-size viewer with share, favourite and delete. Photos are the world
// collection `photos` merged with the overlay apps.gallery.photos (Camera adds captures there);
// each picture is drawn from its scene parameters (photos.hpp).
#include "apps/gallery/photos.hpp"
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"
#include "sim/ui/ui.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

namespace pg {
namespace {

using json = nlohmann::json;

constexpr const char* kApp = "gallery";

/// Widget-id form of an album name: "Camera" -> "camera", "Road trip" -> "road_trip".
std::string slug(const std::string& name) {
  std::string s;
  for (unsigned char c : name) s += std::isalnum(c) ? static_cast<char>(std::tolower(c)) : '_';
  return s;
}

bool in_album(const json& photo, const std::string& album) {
  if (album == "Favorites") return photo.value("favorite", false);
  return photo.value("album", "") == album;
}

/// Album names in display order: Camera, Screenshots, Favorites, then named albums A-Z.
std::vector<std::string> album_names(const json& photos) {
  std::vector<std::string> named;
  for (const json& p : photos) {
    const std::string a = p.value("album", "");
    if (a.empty() || a == "Camera" || a == "Screenshots" || a == "Favorites") continue;
    if (std::find(named.begin(), named.end(), a) == named.end()) named.push_back(a);
  }
  std::sort(named.begin(), named.end());
  std::vector<std::string> out{"Camera", "Screenshots", "Favorites"};
  out.insert(out.end(), named.begin(), named.end());
  return out;
}

/// Sets a field of a photo's overlay entry (creating the entry over the world photo).
void set_photo_field(Phone& p, const std::string& id, const std::string& key, const json& value) {
  json& photos = own_state(p, kApp)["photos"];
  if (!photos.is_object()) photos = json::object();
  if (!photos.contains(id) || !photos[id].is_object()) photos[id] = json::object();
  photos[id][key] = value;
}

/// The scene's aspect: screenshots are portrait (9:16), other photos landscape (4:3).
bool portrait(const json& photo) { return photo.value("scene", json::object()).value("kind", "") == "screenshot"; }

class GalleryApp : public App {
 public:
  GalleryApp() {
    add_page("albums", albums);
    add_page("album", album);
    add_page("viewer", viewer);
    // Other apps see and add photos only through these calls (photos.hpp has their client side).
    add_export("photos", [](Phone& p, const json&) { return gallery::store::photos(p); });
    add_export("photo", [](Phone& p, const json& a) { return gallery::store::photo(p, a.value("id", "")); });
    add_export("add_photo", [](Phone& p, const json& a) { return json{{"id", gallery::store::add_photo(p, a)}}; });
  }

  /// {"app": "gallery", "photo": id} (or extras.photo, as a VIEW intent): opens that photo's
  /// album and its viewer, from the album list.
  void on_intent(Phone& phone, const json& intent) override {
    std::string id = intent.value("photo", "");
    if (id.empty() && intent.contains("extras") && intent["extras"].is_object())
      id = intent["extras"].value("photo", "");
    const json photo = gallery::store::photo(phone, id);
    phone.back_to_root();
    if (photo.is_null()) {
      if (!id.empty()) phone.toast("Photo not found");
      return;
    }
    json& g = own_state(phone, kApp);
    g["album"] = photo.value("album", "Camera");
    g["photo"] = id;
    phone.navigate("open_album");
    phone.navigate("open_photo");
  }

  void on_dialog_result(Phone& phone, const json& dialog, const std::string& button) override {
    if (dialog.value("kind", "") != "alert" || button != "delete") return;
    const std::string id = dialog.value("data", json::object()).value("photo", "");
    if (id.empty()) return;
    own_state(phone, kApp)["photos"][id] = nullptr;
    phone.toast("Photo deleted");
    if (phone.current_page() == "viewer") phone.back();
  }

 private:
  static void albums(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    ui.text(24, area.t + 24, "Albums", Font::Headline, color::kOnSurface);
    ui.label("gallery.title", {24, area.t + 20, 200, area.t + 60}, "Albums");
    const json photos = gallery::store::photos(phone);
    ui.begin_scroll("gallery.album_list", {0, area.t + 76, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    const std::vector<std::string> names = album_names(photos);
    const float tile = (Ui::width_dp() - 16 * 2 - 12) / 2;
    for (std::size_t i = 0; i < names.size(); ++i) {
      const std::string name = names[i];
      const float x = 16 + static_cast<float>(i % 2) * (tile + 12);
      const float y = ui.cursor_y();
      int count = 0;
      const json* cover = nullptr;
      for (const json& p : photos)
        if (in_album(p, name)) {
          if (!cover) cover = &p;
          ++count;
        }
      const Rect img{x, y, x + tile, y + tile};
      if (cover) {
        gallery::draw_scene(ui, img, (*cover)["scene"]);
      } else {
        ui.fill(img, color::kSurfaceContainer, 12);
        ui.icon((img.l + img.r) / 2, (img.t + img.b) / 2, name == "Favorites" ? "favorite_border" : "photo",
                Font::IconLarge, color::kOnSurfaceVariant);
      }
      ui.text(x + 2, y + tile + 8, ui.ellipsize(name, Font::BodyLarge, tile - 4), Font::BodyLarge, color::kOnSurface);
      const std::string sub = std::to_string(count) + (count == 1 ? " item" : " items");
      ui.text(x + 2, y + tile + 30, sub, Font::Body, color::kOnSurfaceVariant);
      Node& n = ui.item("gallery.album." + slug(name), "android.widget.LinearLayout", {x, y, x + tile, y + tile + 52},
                        name, [name](Phone& p) {
                          own_state(p, kApp)["album"] = name;
                          p.navigate("open_album");
                        });
      n.desc = sub;
      if (i % 2 == 1 || i + 1 == names.size()) ui.advance(tile + 64);
    }
    ui.end_scroll();
  }

  static void album(Ui& ui, Phone& phone) {
    const std::string name = own_state(phone, kApp).value("album", "");
    ui.top_bar("gallery.album.title", name.empty() ? "Album" : name, true);
    const Rect area = Ui::content_area();
    std::vector<json> list;
    for (const json& p : gallery::store::photos(phone))
      if (in_album(p, name)) list.push_back(p);
    const std::string count = std::to_string(list.size()) + (list.size() == 1 ? " item" : " items");
    ui.text(16, ui.cursor_y() - 8, count, Font::Body, color::kOnSurfaceVariant);
    ui.label("gallery.album.count", {16, ui.cursor_y() - 8, 160, ui.cursor_y() + 12}, count);
    const float top = ui.cursor_y() + 20;
    ui.begin_scroll("gallery.grid", {0, top, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    if (list.empty()) {
      const std::string empty = name == "Favorites" ? "Tap the heart on a photo to add it here" : "No photos";
      ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 120, empty, Font::BodyLarge, color::kOnSurfaceVariant);
      ui.label("gallery.album.empty", {16, ui.cursor_y() + 116, Ui::width_dp() - 16, ui.cursor_y() + 144}, empty);
      ui.advance(200);
    }
    const float tile = 118, gap = 3;
    for (std::size_t i = 0; i < list.size(); ++i) {
      const json& p = list[i];
      const std::string id = p.value("id", "");
      const float x = static_cast<float>(i % 3) * (tile + gap), y = ui.cursor_y();
      gallery::draw_scene(ui, {x, y, x + tile, y + tile}, p["scene"]);
      if (p.value("video", false)) {  // a video: its length in the top-left corner, with a play mark
        const std::string len = gallery::duration_text(p.value("duration_s", 0));
        ui.fill({x + 4, y + 4, x + 24 + ui.text_width(len, Font::Label), y + 24}, 0x000000, 10, 0.45f);
        ui.icon(x + 13, y + 14, "play_arrow", Font::IconSmall, 0xFFFFFF);
        ui.text(x + 22, y + 6, len, Font::Label, 0xFFFFFF);
      }
      if (p.value("favorite", false) && name != "Favorites") {
        ui.circle(x + tile - 14, y + 14, 11, 0x000000, 0.35f);
        ui.icon(x + tile - 14, y + 14, "favorite", Font::IconSmall, 0xFFFFFF);
      }
      Node& n = ui.image("gallery.photo." + id, {x, y, x + tile, y + tile}, "");
      n.desc = p.value("title", "Photo") + ", " + gallery::format_date(p.value("taken_ms", std::int64_t{0}));
      n.clickable = true;
      n.selected = p.value("favorite", false);
      n.on_click = [id](Phone& ph) {
        own_state(ph, kApp)["photo"] = id;
        ph.navigate("open_photo");
      };
      if (i % 3 == 2 || i + 1 == list.size()) ui.advance(tile + gap);
    }
    ui.advance(16);
    ui.end_scroll();
  }

  static void viewer(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    ui.fill({0, 0, Ui::width_dp(), Ui::height_dp()}, 0x000000);
    const std::string id = own_state(phone, kApp).value("photo", "");
    const json p = gallery::store::photo(phone, id);
    ui.icon_button("gallery.viewer.back", 28, area.t + 32, "arrow_back", "Navigate up", 0xFFFFFF, [](Phone& ph) { ph.back(); });
    if (p.is_null()) {
      ui.text_centered(0, Ui::width_dp(), area.t + 300, "Photo not found", Font::BodyLarge, 0xFFFFFF);
      ui.label("gallery.viewer.missing", {60, area.t + 296, 300, area.t + 324}, "Photo not found");
      return;
    }
    const std::string title = p.value("title", "").empty() ? id : p.value("title", "");
    const std::string date = gallery::format_date(p.value("taken_ms", std::int64_t{0})) + " \u00b7 " +
                             phone.format_time(p.value("taken_ms", std::int64_t{0}) + phone.local_time_ms() - phone.now_ms());
    const std::string t = ui.ellipsize(title, Font::BodyLarge, Ui::width_dp() - 64 - 16);
    ui.text(64, area.t + 12, t, Font::BodyLarge, 0xFFFFFF);
    ui.text(64, area.t + 34, date, Font::Body, 0xC8C8C8);
    Node& tn = ui.label("gallery.viewer.title", {64, area.t + 10, Ui::width_dp() - 16, area.t + 54}, "");
    tn.text = title;
    tn.desc = date;
    // The picture, as large as fits between the bars.
    const float top = area.t + 72, bottom = area.b - 120;
    Rect img;
    if (portrait(p)) {
      const float h = bottom - top, w = h * 9 / 16;
      img = {(Ui::width_dp() - w) / 2, top, (Ui::width_dp() + w) / 2, top + h};
    } else {
      const float h = Ui::width_dp() * 3 / 4, y = top + (bottom - top - h) / 2;
      img = {0, y, Ui::width_dp(), y + h};
    }
    gallery::draw_scene(ui, img, p["scene"]);
    const bool video = p.value("video", false);
    if (video) {  // a video's still with a play button and its length
      const float cx = (img.l + img.r) / 2, cy = (img.t + img.b) / 2;
      ui.circle(cx, cy, 32, 0x000000, 0.45f);
      ui.icon(cx, cy, "play_arrow", Font::Icon, 0xFFFFFF);
      const std::string len = gallery::duration_text(p.value("duration_s", 0));
      ui.text(img.l + 12, img.b - 28, len, Font::Body, 0xFFFFFF);
      ui.label("gallery.viewer.duration", {img.l + 12, img.b - 30, img.l + 12 + ui.text_width(len, Font::Body), img.b - 8}, len);
    }
    Node& photo = ui.image("gallery.viewer.photo", img, "");
    photo.desc = video ? title + ", video" : title;
    photo.text = id;
    const std::string place = p.value("place", "");
    if (!place.empty()) {
      const std::string pl = ui.ellipsize(place, Font::Body, Ui::width_dp() - 64);
      ui.icon(28, area.b - 100, "place", Font::IconSmall, 0xC8C8C8);
      ui.text(44, area.b - 110, pl, Font::Body, 0xC8C8C8);
      ui.label("gallery.viewer.place", {44, area.b - 112, 44 + ui.text_width(pl, Font::Body), area.b - 90}, place);
    }
    // Bottom actions: Share, Favorite, Delete.
    const bool fav = p.value("favorite", false);
    struct Action {
      const char* id;
      const char* icon;
      const char* label;
      float cx;
    };
    const Action actions[] = {{"gallery.share", "share", "Share", 60},
                              {"gallery.favorite", fav ? "favorite" : "favorite_border", fav ? "Favorited" : "Favorite", 180},
                              {"gallery.delete", "delete", "Delete", 300}};
    for (const Action& a : actions) {
      const float cy = area.b - 52;
      ui.icon(a.cx, cy, a.icon, Font::Icon, std::string(a.id) == "gallery.favorite" && fav ? 0xFF5252 : 0xFFFFFF);
      ui.text_centered(a.cx - 40, a.cx + 40, cy + 16, a.label, Font::Label, 0xFFFFFF);
      Node& n = ui.item(a.id, "android.widget.Button", {a.cx - 40, cy - 28, a.cx + 40, cy + 36}, a.label, {});
      n.clickable = true;
      if (std::string(a.id) == "gallery.favorite") {
        n.checkable = true;
        n.checked = fav;
      }
    }
    // Handlers (set after the loop: each needs the photo id).
    for (Node& n : ui.nodes()) {
      if (n.id == "gallery.share")
        n.on_click = [id](Phone& ph) {
          ph.start_intent({{"action", "android.intent.action.SEND"}, {"type", "image/jpeg"}, {"extras", {{"photo", id}}}});
        };
      if (n.id == "gallery.favorite")
        n.on_click = [id, fav](Phone& ph) {
          set_photo_field(ph, id, "favorite", !fav);
          ph.toast(fav ? "Removed from Favorites" : "Added to Favorites");
        };
      if (n.id == "gallery.delete")
        n.on_click = [id](Phone& ph) {
          ph.show_dialog({{"owner", "gallery"},
                          {"kind", "alert"},
                          {"title", "Delete this photo?"},
                          {"text", "It will be removed from your albums."},
                          {"buttons", json::array({{{"id", "cancel"}, {"label", "Cancel"}}, {{"id", "delete"}, {"label", "Delete"}}})},
                          {"data", {{"photo", id}}}});
        };
    }
  }
};

}  // namespace
PG_REGISTER_APP("gallery", GalleryApp);
}  // namespace pg
