// Camera through actions: the shutter adds a photo to Gallery's overlay (album Camera, taken at
// the virtual time), the thumbnail of the last capture opens it in Gallery, and Gallery's Camera
// album lists it first.
#include "phone_driver.hpp"
#include "sim/env/env.hpp"
#include "sim/os/phone.hpp"

#include <gtest/gtest.h>

using namespace pg::testing;

TEST(Camera, TakeAPhotoAndSeeItInGallery) {
  Env env;
  act(env, R"({"type":"open_app","app":"camera"})");
  EXPECT_TRUE(on_screen(env, "camera.viewfinder"));
  EXPECT_FALSE(on_screen(env, "camera.thumbnail"));  // nothing taken yet
  const json before = env.state();
  press(env, "camera.shutter");
  const std::string id = env.state()["apps"]["camera"]["last"];
  EXPECT_EQ(id, "IMG_20260101_080000");  // 08:00:00.1 on the virtual clock
  EXPECT_EQ(changed_paths(before, env.state()), (std::set<std::string>{"/apps/camera/last", "/apps/gallery/photos/" + id}));
  const json photo = env.state()["apps"]["gallery"]["photos"][id];
  EXPECT_EQ(photo["album"], "Camera");
  EXPECT_EQ(photo["taken_ms"], before["os"]["time_ms"]);
  EXPECT_EQ(photo["favorite"], false);
  EXPECT_TRUE(photo["scene"].contains("kind"));
  // The thumbnail opens it in Gallery's viewer.
  ASSERT_TRUE(on_screen(env, "camera.thumbnail"));
  press(env, "camera.thumbnail");
  EXPECT_EQ(env.state()["os"]["foreground"], "gallery");
  EXPECT_EQ(env.phone().current_page(), "viewer");
  EXPECT_EQ(find_node(env, "gallery.viewer.photo")["text"], id);
  act(env, R"({"type":"back"})");  // its album: Camera, the new photo first
  EXPECT_EQ(find_node(env, "gallery.album.title")["text"], "Camera");
  EXPECT_EQ(find_node(env, "gallery.album.count")["text"], "13 items");
  const json tile = find_node(env, "gallery.photo." + id);
  ASSERT_FALSE(tile.is_null());
  EXPECT_EQ(tile["bounds"][0], 0);
  EXPECT_LT(tile["bounds"][1].get<int>(), find_node(env, "gallery.photo.IMG_20251231_235930")["bounds"][1].get<int>() + 1);
  EXPECT_LT(tile["bounds"][0].get<int>(), find_node(env, "gallery.photo.IMG_20251231_235930")["bounds"][0].get<int>());
}

TEST(Camera, CapturesInTheSameSecondGetDistinctIdsAndLaterOnesShowOtherScenes) {
  Env env;
  act(env, R"({"type":"open_app","app":"camera"})");
  press(env, "camera.shutter");
  press(env, "camera.shutter");
  const json photos = env.state()["apps"]["gallery"]["photos"];
  ASSERT_EQ(photos.size(), 2u);
  EXPECT_TRUE(photos.contains("IMG_20260101_080000"));
  EXPECT_TRUE(photos.contains("IMG_20260101_080000_2"));
  EXPECT_EQ(env.state()["apps"]["camera"]["last"], "IMG_20260101_080000_2");
  for (int i = 0; i < 60; ++i) act(env, R"({"type":"wait","seconds":60})");
  press(env, "camera.shutter");
  const std::string later = env.state()["apps"]["camera"]["last"];
  EXPECT_EQ(later.substr(0, 17), "IMG_20260101_0900");
  const json now = env.state()["apps"]["gallery"]["photos"];
  EXPECT_NE(now[later]["scene"], now["IMG_20260101_080000"]["scene"]);
  EXPECT_NO_THROW(pg::Phone::validate(env.state()));
}

TEST(Camera, TheThumbnailOfADeletedPhotoIsEmpty) {
  Env env;
  act(env, R"({"type":"open_app","app":"camera"})");
  press(env, "camera.shutter");
  press(env, "camera.thumbnail");
  press(env, "gallery.delete");
  press(env, "dialog.button.delete");
  act(env, R"({"type":"open_app","app":"camera"})");
  EXPECT_FALSE(on_screen(env, "camera.thumbnail"));
}

TEST(Camera, VideoModeRecordsAVideoThatGalleryPlaysWithItsLength) {
  Env env;
  const json before = open_app(env, "camera");
  EXPECT_TRUE(find_node(env, "camera.mode.photo")["selected"].get<bool>());
  press(env, "camera.mode.video");
  EXPECT_TRUE(find_node(env, "camera.mode.video")["selected"].get<bool>());
  EXPECT_EQ(find_node(env, "camera.shutter")["desc"], "Start recording");
  press(env, "camera.shutter");
  EXPECT_EQ(find_node(env, "camera.shutter")["desc"], "Stop recording");
  act(env, R"({"type":"wait","seconds":12})");
  EXPECT_EQ(find_node(env, "camera.recording.time")["text"], "0:12");
  press(env, "camera.mode.photo");  // no switching while recording
  EXPECT_TRUE(find_node(env, "camera.mode.video")["selected"].get<bool>());
  press(env, "camera.shutter");
  EXPECT_FALSE(on_screen(env, "camera.recording.time"));
  const std::string id = env.state()["apps"]["camera"]["last"];
  const json v = env.state()["apps"]["gallery"]["photos"][id];
  EXPECT_EQ(v["video"], true);
  EXPECT_EQ(v["duration_s"], 12);
  EXPECT_EQ(v["album"], "Camera");
  EXPECT_GT(v["taken_ms"].get<std::int64_t>(), before["os"]["time_ms"].get<std::int64_t>());  // when recording began
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/camera/last", "/apps/camera/mode", "/apps/gallery/photos/" + id}));
  // Gallery shows its length in the viewer, and it is not a photo.
  press(env, "camera.thumbnail");
  EXPECT_EQ(find_node(env, "gallery.viewer.duration")["text"], "0:12");
  EXPECT_EQ(find_node(env, "gallery.viewer.photo")["desc"], id + ", video");
}
