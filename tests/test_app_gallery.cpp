// Gallery through actions: albums and their grids, the viewer, favourite (heart), delete with a
// confirm dialog, and share to Messages (the implicit SEND intent, then sending the photo). Each
// flow checks exactly which state paths it changed and what the screen shows.
#include "phone_driver.hpp"
#include "sim/env/env.hpp"
#include "sim/os/phone.hpp"
#include "sim/render/image.hpp"
#include "sim/render/screen.hpp"

#include <gtest/gtest.h>

using namespace pg::testing;

namespace {

const json& gallery(Env& env) { return env.phone().app_state("gallery"); }

/// Opens Gallery, the album `album_id` (e.g. "camera") and, if given, a photo's viewer.
void open_photo(Env& env, const std::string& album_id, const std::string& photo = "") {
  act(env, R"({"type":"open_app","app":"gallery"})");
  scroll_to(env, "gallery.album." + album_id);
  press(env, "gallery.album." + album_id);
  if (photo.empty()) return;
  scroll_to(env, "gallery.photo." + photo);
  press(env, "gallery.photo." + photo);
}

}  // namespace

TEST(Gallery, AlbumsListCameraScreenshotsFavoritesAndNamedAlbumsWithCounts) {
  Env env;
  act(env, R"({"type":"open_app","app":"gallery"})");
  EXPECT_EQ(find_node(env, "gallery.album.camera")["desc"], "12 items");
  EXPECT_EQ(find_node(env, "gallery.album.screenshots")["desc"], "4 items");
  EXPECT_EQ(find_node(env, "gallery.album.favorites")["desc"], "7 items");
  scroll_to(env, "gallery.album.yosemite");
  EXPECT_EQ(find_node(env, "gallery.album.yosemite")["desc"], "5 items");
  EXPECT_TRUE(on_screen(env, "gallery.album.lisbon"));
}

TEST(Gallery, OpenAnAlbum) {
  Env env;
  act(env, R"({"type":"open_app","app":"gallery"})");
  const json before = env.state();
  press(env, "gallery.album.lisbon");
  EXPECT_EQ(env.phone().current_page(), "album");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/gallery/album"}));
  EXPECT_EQ(find_node(env, "gallery.album.title")["text"], "Lisbon");
  EXPECT_EQ(find_node(env, "gallery.album.count")["text"], "5 items");
  int tiles = 0;
  const json tree = env.ui_tree();
  for (const json& n : tree["nodes"]) tiles += n["id"].get<std::string>().rfind("gallery.photo.", 0) == 0;
  EXPECT_EQ(tiles, 5);
  // Newest first: the night on the bridge (Dec 5, 21:14) before the rooftops (Dec 3).
  const json a = find_node(env, "gallery.photo.IMG_20251205_211409"), b = find_node(env, "gallery.photo.IMG_20251203_100500");
  EXPECT_LT(a["bounds"][0].get<int>() + a["bounds"][1].get<int>() * 10, b["bounds"][0].get<int>() + b["bounds"][1].get<int>() * 10);
  press(env, "gallery.photo.IMG_20251203_133018");
  EXPECT_EQ(env.phone().current_page(), "viewer");
  EXPECT_EQ(find_node(env, "gallery.viewer.title")["text"], "Pastéis de nata");
  EXPECT_EQ(find_node(env, "gallery.viewer.photo")["text"], "IMG_20251203_133018");
}

TEST(Gallery, FavouriteAPhoto) {
  Env env;
  open_photo(env, "camera", "IMG_20251226_154806");
  EXPECT_FALSE(find_node(env, "gallery.favorite")["checked"].get<bool>());
  const json before = env.state();
  press(env, "gallery.favorite");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/gallery/photos/IMG_20251226_154806"}));
  EXPECT_EQ(gallery(env)["photos"]["IMG_20251226_154806"], (json{{"favorite", true}}));
  EXPECT_TRUE(find_node(env, "gallery.favorite")["checked"].get<bool>());
  act(env, R"({"type":"back"})");
  act(env, R"({"type":"back"})");
  EXPECT_EQ(find_node(env, "gallery.album.favorites")["desc"], "8 items");
  press(env, "gallery.album.favorites");
  EXPECT_TRUE(on_screen(env, "gallery.photo.IMG_20251226_154806"));
  // And off again.
  press(env, "gallery.photo.IMG_20251226_154806");
  press(env, "gallery.favorite");
  EXPECT_EQ(gallery(env)["photos"]["IMG_20251226_154806"], (json{{"favorite", false}}));
  act(env, R"({"type":"back"})");
  EXPECT_FALSE(on_screen(env, "gallery.photo.IMG_20251226_154806"));
}

TEST(Gallery, DeleteAPhotoAfterConfirming) {
  Env env;
  open_photo(env, "camera", "IMG_20251218_123211");
  const json before = env.state();
  press(env, "gallery.delete");
  ASSERT_TRUE(env.state()["os"]["dialog"].is_object());
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Delete this photo?");
  press(env, "dialog.button.cancel");
  EXPECT_EQ(env.phone().current_page(), "viewer");
  EXPECT_EQ(changed_paths(before, env.state()), Paths{});
  press(env, "gallery.delete");
  press(env, "dialog.button.delete");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/gallery/photos/IMG_20251218_123211"}));
  EXPECT_TRUE(gallery(env)["photos"]["IMG_20251218_123211"].is_null());
  EXPECT_EQ(env.phone().current_page(), "album");
  EXPECT_FALSE(on_screen(env, "gallery.photo.IMG_20251218_123211"));
  EXPECT_EQ(find_node(env, "gallery.album.count")["text"], "11 items");
}

TEST(Gallery, ShareAPhotoToMessages) {
  Env env;
  env.apply_patch(json::parse(R"([{"op": "add", "path": "/os/permissions/messages", "value": {"POST_NOTIFICATIONS": "granted"}}])"));
  open_photo(env, "yosemite", "IMG_20251114_080205");
  const json before = env.state();
  press(env, "gallery.share");
  const json d = env.state()["os"]["dialog"];
  if (d.is_object() && d.value("kind", "") == "chooser") {  // other apps may take images too
    EXPECT_TRUE(on_screen(env, "dialog.button.messages"));
    press(env, "dialog.button.messages");
  }
  EXPECT_EQ(env.state()["os"]["foreground"], "messages");
  EXPECT_EQ(env.phone().current_page(), "new_conversation");
  EXPECT_EQ(find_node(env, "messages.new.sharing")["text"], "Sharing a photo");
  act(env, R"({"type":"type","text":"Olivia"})");
  press(env, "messages.contact.t10");
  EXPECT_EQ(find_node(env, "messages.attachment")["text"], "IMG_20251114_080205");
  press(env, "messages.send");
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/messages/thread", "/apps/messages/threads/t10", "/apps/messages/to"}));
  const json sent = env.state()["apps"]["messages"]["threads"]["t10"]["messages"].back();
  EXPECT_EQ(sent["photo"], "IMG_20251114_080205");
  EXPECT_EQ(sent["from"], "me");
  EXPECT_TRUE(on_screen(env, "messages.message.4"));
}

TEST(Gallery, AViewIntentWithAPhotoOpensItsViewerAboveItsAlbum) {
  Env env;
  env.phone().start_intent({{"app", "gallery"}, {"photo", "Screenshot_20251122_140302"}});
  EXPECT_EQ(env.phone().current_page(), "viewer");
  EXPECT_EQ(find_node(env, "gallery.viewer.title")["text"], "Boarding pass");
  act(env, R"({"type":"back"})");
  EXPECT_EQ(env.phone().current_page(), "album");
  EXPECT_EQ(find_node(env, "gallery.album.title")["text"], "Screenshots");
}

TEST(Gallery, DocumentPhotosCarryReadableText) {
  // A receipt and a parking permit in the Documents album: the viewer draws their text (an agent
  // reads it from the pixels; the accessibility tree has only the title, as on a real phone).
  Env env;
  open_photo(env, "documents", "IMG_20251230_184512");
  ASSERT_EQ(env.phone().current_page(), "viewer");
  EXPECT_EQ(find_node(env, "gallery.viewer.title")["text"], "Grocery receipt");
  const pg::Image receipt = pg::render_screen(env.phone(), true);
  // The same photo with one line changed draws different pixels: the text is drawn, not bars.
  json s = env.state();
  s["apps"]["gallery"]["photos"]["IMG_20251230_184512"] = {
      {"scene", {{"kind", "document"}, {"palette", 0}, {"seed", 8},
                 {"lines", {"TRADER JOE'S #187", "1885 University Ave", "", "BANANAS              1.96", "GREEK YOGURT         5.49",
                            "SOURDOUGH            4.99", "COFFEE BEANS         8.99", "", "TOTAL               21.48",
                            "VISA ****4417", "12/30/2025  18:45"}}}}};
  env.set_state(s);
  const pg::Image changed = pg::render_screen(env.phone(), true);
  EXPECT_NE(receipt.data, changed.data) << "a one-digit change in the total must show";
  EXPECT_GT(pg::max_abs_diff(receipt, changed), 100);
}
