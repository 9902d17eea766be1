// Observations: specs, the wire's run-length encoding, PNG/JPEG, the native host, and the browser
// host's observe/step_batch (one DevTools call for many envs; unchanged frames not resent).
#include "sim/env/env.hpp"
#include "sim/render/codec.hpp"
#include "sim/render/obs.hpp"
#include "sim/render/screen.hpp"
#include "trainer/cdp/browser_host.hpp"
#include "trainer/pool/host.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <random>

using json = nlohmann::json;

namespace {

pg::Action click(int x, int y) {
  pg::Action a;
  a.type = pg::ActionType::Click;
  a.x = x;
  a.y = y;
  return a;
}

double mean_abs_diff(const pg::Image& a, const pg::Image& b) {
  EXPECT_EQ(a.data.size(), b.data.size());
  double sum = 0;
  for (std::size_t i = 0; i < a.data.size() && i < b.data.size(); ++i) sum += std::abs(int(a.data[i]) - int(b.data[i]));
  return sum / static_cast<double>(a.data.size());
}

}  // namespace

TEST(ObsSpec, ParsesSizesFormatsAndExtras) {
  pg::ObsSpec s = pg::parse_obs_spec("1080x2400:jpeg:80:som:xml");
  EXPECT_EQ(s.width, 1080);
  EXPECT_EQ(s.factor(), 1);
  EXPECT_EQ(s.format, pg::ObsSpec::Format::Jpeg);
  EXPECT_EQ(s.quality, 80);
  EXPECT_TRUE(s.som);
  EXPECT_TRUE(s.ui_xml);
  EXPECT_EQ(pg::parse_obs_spec(s.str()).str(), s.str());
  EXPECT_EQ(pg::parse_obs_spec("obs").str(), "270x600:raw");
  EXPECT_EQ(pg::parse_obs_spec("full:png").str(), "1080x2400:png");
  EXPECT_EQ(pg::parse_obs_spec("540x1200:jpeg").quality, 80);
  EXPECT_EQ(pg::parse_obs_spec("360x800").factor(), 3);
  // The training-resolution rasterizer is chosen by the spec; it means nothing at full size.
  EXPECT_TRUE(pg::parse_obs_spec("270x600:raw:direct").direct);
  EXPECT_EQ(pg::parse_obs_spec("270x600:direct:xml").str(), "270x600:raw:xml:direct");
  EXPECT_EQ(pg::parse_obs_spec("full:direct").str(), "1080x2400:raw");
}

TEST(ObsSpec, RejectsBadSpecsNamingThePart) {
  auto msg = [](const char* text) {
    try {
      pg::parse_obs_spec(text);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(msg("300x600").find("not the 1080x2400 screen divided"), std::string::npos) << msg("300x600");
  EXPECT_NE(msg("270x599").find("270x599"), std::string::npos);
  EXPECT_NE(msg("big").find("is not WxH"), std::string::npos);
  EXPECT_NE(msg("270x600:jpeg:0").find("outside 1..100"), std::string::npos);
  EXPECT_NE(msg("270x600:webp").find("unknown part \"webp\""), std::string::npos);
  EXPECT_NE(msg("270x600:fast").find("direct"), std::string::npos);  // the allowed parts are named
}

TEST(Rle, RoundTripsScreensAndNoiseAndRejectsBadStreams) {
  pg::Env env;
  pg::Image screen = pg::render_screen(env.phone(), false);
  const std::size_t px = static_cast<std::size_t>(screen.width) * screen.height;
  auto enc = pg::rle_encode_rgb(screen.data.data(), px);
  EXPECT_LT(enc.size() * 3, screen.data.size()) << "a launcher screen should compress well";
  EXPECT_EQ(pg::rle_decode_rgb(enc.data(), enc.size(), px), screen.data);

  std::mt19937 rng(7);
  std::vector<std::uint8_t> noise(3 * 1000);
  for (std::size_t i = 0; i < noise.size(); ++i) noise[i] = (i % 7 < 3) ? 9 : static_cast<std::uint8_t>(rng());
  auto enc2 = pg::rle_encode_rgb(noise.data(), 1000);
  EXPECT_LE(enc2.size(), noise.size() + noise.size() / 384 + 2);
  EXPECT_EQ(pg::rle_decode_rgb(enc2.data(), enc2.size(), 1000), noise);

  EXPECT_THROW(pg::rle_decode_rgb(enc.data(), enc.size() - 1, px), std::invalid_argument);
  EXPECT_THROW(pg::rle_decode_rgb(enc.data(), enc.size(), px - 1), std::invalid_argument);
}

TEST(NativeObserve, SizesAndFormatsMatchTheScreenshot) {
  pg::NativeHost host;
  const int slot = host.create();
  host.step(slot, click(375, 699));  // open an app
  const pg::Image full = host.screenshot(slot, true);

  pg::HostObservation raw = host.observe(slot, pg::parse_obs_spec("270x600"));
  EXPECT_EQ(raw.image.data, host.screenshot(slot, false).data);
  EXPECT_NE(raw.hash, 0u);
  pg::HostObservation half = host.observe(slot, pg::parse_obs_spec("540x1200"));
  EXPECT_EQ(half.image.data, pg::box_downscale(full, 2).data);

  pg::HostObservation png = host.observe(slot, pg::parse_obs_spec("270x600:png:xml"));
  ASSERT_TRUE(png.image.empty());
  EXPECT_EQ(png.encoded.substr(1, 3), "PNG");
  EXPECT_EQ(png.pixels().data, raw.image.data);  // lossless
  EXPECT_NE(png.ui_xml.find("<hierarchy"), std::string::npos);

  pg::HostObservation jpg = host.observe(slot, pg::parse_obs_spec("1080x2400:jpeg:80"));
  EXPECT_EQ(static_cast<unsigned char>(jpg.encoded[0]), 0xFF);
  EXPECT_LT(mean_abs_diff(jpg.pixels(), full), 4.0);  // lossy but close
  EXPECT_LT(jpg.bytes(), full.data.size() / 10);

  // Equal screens hash equal; a changed screen does not.
  const std::uint64_t h = raw.hash;
  EXPECT_EQ(host.observe(slot, pg::parse_obs_spec("270x600")).hash, h);
  host.step(slot, click(500, 500));
  host.step(slot, click(500, 980));  // Home? (whatever changes, the hash follows the pixels)
  pg::HostObservation after = host.observe(slot, pg::parse_obs_spec("270x600"));
  EXPECT_EQ(after.hash == h, after.image.data == raw.image.data);
  EXPECT_THROW(pg::decode_image(std::string("not an image")), std::invalid_argument);
}

// Screenshot files (phonegym screenshot, screens, eval --out, the ADB replay's screens/): a PNG
// that reads back as the image, and a write that fails (a full disk: /dev/full) names the path.
TEST(NativeObserve, PngFilesRoundTripAndAFullDiskIsAnErrorNamingThePath) {
  pg::NativeHost host;
  const pg::Image img = host.screenshot(host.create(), false);
  const std::string path = ::testing::TempDir() + "/observe-roundtrip.png";
  pg::write_png(path, img);
  std::ifstream in(path, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(pg::decode_image(bytes).data, img.data);
  try {
    pg::write_png("/dev/full", img);
    ADD_FAILURE() << "a write to a full device succeeded";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("/dev/full: No space left on device"), std::string::npos) << e.what();
  }
  EXPECT_THROW(pg::write_png(::testing::TempDir() + "/no/such/dir/x.png", img), std::runtime_error);

  // RGBA and grey images encode too (decoded as RGB: alpha dropped, grey repeated).
  pg::Image rgba, grey;
  rgba.width = grey.width = 3, rgba.height = grey.height = 2, rgba.channels = 4, grey.channels = 1;
  for (int i = 0; i < 6; ++i) {
    const auto v = static_cast<std::uint8_t>(40 * i);
    rgba.data.insert(rgba.data.end(), {v, static_cast<std::uint8_t>(255 - v), 7, 255});
    grey.data.push_back(v);
  }
  const pg::Image from_rgba = pg::decode_image(pg::encode_image(rgba, pg::ObsSpec::Format::Png));
  const pg::Image from_grey = pg::decode_image(pg::encode_image(grey, pg::ObsSpec::Format::Png));
  for (int i = 0; i < 6; ++i) {
    EXPECT_EQ(from_rgba.data[3 * i + 1], rgba.data[4 * i + 1]);
    EXPECT_EQ(from_grey.data[3 * i + 2], grey.data[i]);
  }
  pg::Image two = grey;
  two.channels = 2, two.data.resize(12);
  EXPECT_THROW(pg::encode_image(two, pg::ObsSpec::Format::Png), std::invalid_argument);
}

class BrowserObserve : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    pg::BrowserHost::Options o;
    o.web_root = std::string(PG_BUILD_DIR) + "/web";
    o.tabs = 2;
    host_ = std::make_unique<pg::BrowserHost>(o);
  }
  static void TearDownTestSuite() { host_.reset(); }
  static std::unique_ptr<pg::BrowserHost> host_;
};
std::unique_ptr<pg::BrowserHost> BrowserObserve::host_;

TEST_F(BrowserObserve, RawObservationsEqualTheNativeHostsAndUnchangedFramesAreNotResent) {
  pg::NativeHost native;
  const int n = native.create();
  const int b = host_->create();
  for (int slot : {b}) host_->step(slot, click(375, 699));
  native.step(n, click(375, 699));
  const pg::ObsSpec spec = pg::parse_obs_spec("270x600");
  pg::HostObservation o1 = host_->observe(b, spec);
  pg::HostObservation want = native.observe(n, spec);
  EXPECT_EQ(o1.image.data, want.image.data);

  const json before = host_->wire_stats();
  pg::HostObservation o2 = host_->observe(b, spec);  // nothing changed: not resent
  const json after = host_->wire_stats();
  EXPECT_EQ(after["unchanged"].get<int>(), before["unchanged"].get<int>() + 1);
  EXPECT_EQ(after["bytes"], before["bytes"]);
  EXPECT_EQ(o2.image.data, o1.image.data);

  // Another size, then a change: full frames come back.
  pg::HostObservation big = host_->observe(b, pg::parse_obs_spec("540x1200"));
  EXPECT_EQ(big.image.data, native.observe(n, pg::parse_obs_spec("540x1200")).image.data);
  host_->step(b, click(500, 975));
  native.step(n, click(500, 975));
  pg::HostObservation o3 = host_->observe(b, spec);
  EXPECT_EQ(o3.image.data, native.observe(n, spec).image.data);
}

TEST_F(BrowserObserve, JpegAndPngComeFromThePagesEncoder) {
  const int b = host_->create();
  pg::NativeHost native;
  const int n = native.create();
  pg::HostObservation jpg = host_->observe(b, pg::parse_obs_spec("1080x2400:jpeg:80:xml"));
  ASSERT_FALSE(jpg.encoded.empty());
  const pg::Image full = native.screenshot(n, true);
  EXPECT_LT(mean_abs_diff(jpg.pixels(), full), 4.0);
  EXPECT_NE(jpg.ui_xml.find("<hierarchy"), std::string::npos);
  pg::HostObservation png = host_->observe(b, pg::parse_obs_spec("270x600:png"));
  EXPECT_EQ(png.pixels().data, native.screenshot(n, false).data);
  try {
    host_->observe(b, pg::parse_obs_spec("270x600:jpeg:50"));
  } catch (const std::exception& e) {
    ADD_FAILURE() << e.what();
  }
}

TEST_F(BrowserObserve, StepBatchSpansTabsKeepsOrderAndIsolatesBadActions) {
  // Four envs over two tabs (slots go round-robin), forked into a group of identical screens.
  const int root = host_->create();
  std::vector<int> slots{root};
  for (int i = 0; i < 3; ++i) slots.push_back(host_->create());
  pg::NativeHost native;
  std::vector<int> nat;
  for (std::size_t i = 0; i < slots.size(); ++i) nat.push_back(native.create());

  pg::Action bad;
  bad.type = pg::ActionType::OpenApp;
  bad.app = "no.such.app";
  std::vector<pg::BatchOp> ops;
  std::vector<pg::Action> acts{click(375, 699), click(125, 699), bad, click(625, 699)};
  for (std::size_t i = 0; i < slots.size(); ++i) ops.push_back({slots[i], acts[i]});
  const pg::ObsSpec spec = pg::parse_obs_spec("270x600");
  auto res = host_->step_batch(ops, &spec);
  ASSERT_EQ(res.size(), ops.size());
  for (std::size_t i = 0; i < res.size(); ++i) {
    EXPECT_EQ(res[i].slot, slots[i]);
    if (i == 2) {
      EXPECT_NE(res[i].error.find("no.such.app"), std::string::npos) << res[i].error;
    } else {
      EXPECT_TRUE(res[i].error.empty()) << res[i].error;
      native.step(nat[i], acts[i]);
    }
    EXPECT_EQ(res[i].obs.image.data, native.observe(nat[i], spec).image.data) << "env " << i;
  }
  // Observe-only ops (no action) give the same frames, not resent.
  std::vector<pg::BatchOp> look;
  for (int s : slots) look.push_back({s, std::nullopt});
  const json before = host_->wire_stats();
  auto again = host_->step_batch(look, &spec);
  EXPECT_EQ(host_->wire_stats()["unchanged"].get<int>(), before["unchanged"].get<int>() + 4);
  for (std::size_t i = 0; i < again.size(); ++i) EXPECT_EQ(again[i].obs.image.data, res[i].obs.image.data);
  EXPECT_THROW(host_->step_batch({{12345, std::nullopt}}, &spec), pg::SlotError);
}
