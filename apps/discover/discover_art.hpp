// Discover's drawn pictures: the images of world notes are scenes generated from a few numbers
// ({"k": kind, "p": palette, "s": seed}), never files. Travel and some food kinds use Gallery's
// scenes (gallery::draw_scene); dishes, cafes, outfits, bags, rooms, plants, cats, dogs, gyms,
// runs and cosmetics are drawn here. A note published from the phone shows its Gallery photos.
#pragma once

#include "sim/ui/ui.hpp"

#include <nlohmann/json.hpp>

#include <string>

namespace pg {
class Phone;
namespace discover {

/// Draws picture `image` of a note filling `r` (dp): {"photo": gallery id} draws that Gallery
/// photo, {"k", "p", "s"} a generated scene. Shapes stay inside `r`; an unknown kind (or a deleted
/// photo) draws a plain tinted surface.
void draw_image(Ui& ui, Phone& phone, const Rect& r, const nlohmann::json& image);

/// A short description of a picture for its ImageView node ("Photo: dish").
std::string image_desc(const nlohmann::json& image);

}  // namespace discover
}  // namespace pg
