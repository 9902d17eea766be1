// Devices: the Env interface of the simulated hosts minus what a real phone cannot give (no
// state, so no judge): screen size, screenshot, accessibility XML, step(action). AdbDevice drives
// a phone (or `phonegym adbd`) through the adb server; SimDevice is the in-process simulator
// (NativeHost) behind the same interface, the reference a device run is compared with.
// Observations from every device go through to_observation, the simulator's preprocessing.
#pragma once

#include "sim/ui/a11y.hpp"

#include "sim/input/action.hpp"
#include "sim/render/image.hpp"
#include "tasks/task.hpp"
#include "trainer/adb/client.hpp"
#include "trainer/adb/commands.hpp"

#include <nlohmann/json.hpp>

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace pg {
class NativeHost;
}

namespace pg::adb {

/// The device stopped answering or left `adb devices` during a run; what() names the serial.
struct DeviceGone : AdbError {
  using AdbError::AdbError;
};

/// Decodes PNG bytes (screencap -p) to RGB (alpha dropped) with stb_image. Throws
/// std::runtime_error("<what>: <n> bytes are not a PNG image (...)") naming the first bytes.
Image decode_png(const std::string& bytes, const std::string& what = "screenshot");
/// The policy observation of a device screenshot, exactly the simulator's preprocessing
/// (pg::observe_screen with factor 4): 270x600 from a screen of any size.
Image to_observation(const Image& screen);

using pg::parse_ui_xml;  // sim/ui/a11y.hpp: uiautomator XML -> the ui_tree JSON

/// App id -> candidate packages (the first installed one is used). Defaults: every app's manifest
/// "package" (apps/<id>/manifest.json), then the stock AOSP package where there is one
/// (e.g. clock: com.google.android.deskclock, com.android.deskclock). A JSON file
/// {"clock": ["com.example.clock"], "chrome": "com.android.chrome"} overrides or adds entries.
struct PackageTable {
  std::map<std::string, std::vector<std::string>> apps;  ///< lower-case app id -> packages
  static PackageTable defaults();
  /// defaults() with the file's entries on top; throws std::runtime_error naming the file and key.
  static PackageTable load(const std::string& path);
  nlohmann::json to_json() const;
  /// For each app (and its display name), the first candidate in `installed`; apps with none
  /// installed are left out. An empty `installed` (unknown) gives every app its first candidate.
  std::map<std::string, std::string> resolve(const std::set<std::string>& installed) const;
};

/// A phone the policy can act on.
class Device {
 public:
  virtual ~Device() = default;
  virtual std::string name() const = 0;  ///< the serial, or "native"
  virtual ScreenSize screen() const = 0;
  /// The full screenshot, RGB at the device's resolution.
  virtual Image screenshot() = 0;
  Image observation() { return to_observation(screenshot()); }
  /// The screen as `uiautomator dump` XML.
  virtual std::string ui_xml() = 0;
  /// Performs one unified action. Returns {"command": what was sent ("" if nothing),
  /// "output"?: the device's answer, "info"?: the simulator's step info}. Throws ActionError or
  /// TextError for an action this device cannot take (the run records it and goes on), and
  /// DeviceGone when the device went away.
  virtual nlohmann::json step(const Action& a) = 0;
  /// The task's judge verdict, where the device can give one (the simulator, `phonegym adbd`
  /// started with --task); null otherwise.
  virtual nlohmann::json judge() { return nullptr; }
  /// Whether this is a simulated phone (its virtual time makes waiting for the screen pointless).
  virtual bool simulated() const { return false; }
};

/// A device behind the adb server. On construction it checks that `serial` is listed and
/// authorized and reads `wm size`, `wm density`, the packages (`pm list packages`) and whether
/// the ADB Keyboard is the current input method. Throws AdbError with what to do (plug in, accept
/// the USB debugging prompt, `adb connect`).
class AdbDevice : public Device {
 public:
  AdbDevice(AdbClient client, std::string serial, const PackageTable& packages, bool dry_run = false);
  std::string name() const override { return serial_; }
  ScreenSize screen() const override { return profile_.screen; }
  Image screenshot() override;
  std::string ui_xml() override;
  /// In dry-run mode nothing is sent: the result has "dry_run": true and the command.
  nlohmann::json step(const Action& a) override;
  /// On `phonegym adbd` (getprop ro.phonegym.adbd = 1): `phonegym judge` over the side channel.
  nlohmann::json judge() override;
  bool simulated() const override { return phonegym_; }
  const DeviceProfile& profile() const { return profile_; }
  /// Runs a command, turning transport failures into DeviceGone when the device left.
  std::string run(const std::string& command);

 private:
  AdbClient client_;
  std::string serial_;
  DeviceProfile profile_;
  bool dry_run_ = false;
  bool phonegym_ = false;
  [[noreturn]] void fail(const AdbError& e);
};

/// The simulator in-process (NativeHost), starting from `initial_state` (null: defaults).
class SimDevice : public Device {
 public:
  explicit SimDevice(const nlohmann::json& initial_state = nullptr, const TaskInstance* instance = nullptr);
  ~SimDevice() override;
  std::string name() const override { return "native"; }
  ScreenSize screen() const override { return {}; }
  Image screenshot() override;
  std::string ui_xml() override;
  nlohmann::json step(const Action& a) override;
  nlohmann::json judge() override;
  bool simulated() const override { return true; }
  nlohmann::json state();

 private:
  std::unique_ptr<NativeHost> host_;
  int slot_ = 0;
  const TaskInstance* instance_ = nullptr;
};

}  // namespace pg::adb
