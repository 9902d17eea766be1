// Gallery photos for Gallery, Camera and Messages: the client side of Gallery's exported calls
// ("photos", "photo", "add_photo": other apps never read or write apps.gallery themselves), the
// store those calls run on (the world collection `photos`, apps/gallery/world/photos.json, merged
// with Gallery's overlay apps.gallery.photos; Gallery's own code only), and the drawing of a
// photo's generated picture (sky, sun, hills, buildings... from its scene parameters).
#pragma once

#include "sim/ui/ui.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace pg {

class Phone;

namespace gallery {

/// Every photo of the merged view (world + apps.gallery overlay), newest first (taken_ms, then id):
/// Gallery's exported call "photos".
nlohmann::json photos(Phone& phone);
/// One photo of the merged view, or null if it does not exist (or was deleted): the exported call
/// "photo" {"id"}.
nlohmann::json photo(Phone& phone, const std::string& id);
/// Saves a new photo {"album", "taken_ms", "scene", "title", "place", "favorite"} into Gallery;
/// returns its id (new_photo_id of its local time): the exported call "add_photo".
std::string add_photo(Phone& phone, const nlohmann::json& fields);

/// Gallery's own store, for Gallery's code only (its pages and the exported calls above).
namespace store {
nlohmann::json photos(const Phone& phone);
nlohmann::json photo(const Phone& phone, const std::string& id);
std::string add_photo(Phone& phone, const nlohmann::json& fields);
}  // namespace store
/// Draws the photo's picture filling `r` (dp); `scene` is {"kind", "palette", "seed"}. Shapes stay
/// inside `r`. An unknown kind draws a plain gradient.
void draw_scene(Ui& ui, const Rect& r, const nlohmann::json& scene);
/// The scene parameters of a picture taken at virtual time `ms` (what the Camera's viewfinder shows).
nlohmann::json scene_at(std::int64_t ms);
/// "Dec 24, 2025" for ms since the epoch (local time).
std::string format_date(std::int64_t local_ms);

/// A video's length as Gallery and Camera show it: "0:07", "1:02:05".
std::string duration_text(std::int64_t seconds);

}  // namespace gallery
}  // namespace pg
