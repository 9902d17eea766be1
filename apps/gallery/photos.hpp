// Gallery photos shared by Gallery, Camera and Messages: the merged view of the world collection
// `photos` (apps/gallery/world/photos.json) with Gallery's overlay (apps.gallery.photos), and the
// drawing of a photo's generated picture (sky, sun, hills, buildings... from its scene parameters).
#pragma once

#include "sim/ui/ui.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace pg {

class Phone;

namespace gallery {

/// Every photo of the merged view (world + apps.gallery overlay), newest first (taken_ms, then id).
nlohmann::json photos(const Phone& phone);
/// One photo of the merged view, or null if it does not exist (or was deleted).
nlohmann::json photo(const Phone& phone, const std::string& id);
/// Draws the photo's picture filling `r` (dp); `scene` is {"kind", "palette", "seed"}. Shapes stay
/// inside `r`. An unknown kind draws a plain gradient.
void draw_scene(Ui& ui, const Rect& r, const nlohmann::json& scene);
/// The scene parameters of a picture taken at virtual time `ms` (what the Camera's viewfinder shows).
nlohmann::json scene_at(std::int64_t ms);
/// A new photo id "IMG_yyyymmdd_hhmmss" for local time `local_ms`, with "_2", "_3"... appended
/// while the id is taken in the merged view or the overlay.
std::string new_photo_id(const Phone& phone, std::int64_t local_ms);
/// "Dec 24, 2025" for ms since the epoch (local time).
std::string format_date(std::int64_t local_ms);

}  // namespace gallery
}  // namespace pg
