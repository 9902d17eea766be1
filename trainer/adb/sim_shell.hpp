// The simulated phone's shell: what `adb shell <command>` runs on `phonegym adbd`. It parses the
// command lines an ADB-based harness sends (input, screencap, uiautomator, am, monkey, wm,
// getprop, dumpsys, pm, settings, ime, cat, ...) and acts on one native Env exactly as the
// matching unified action would: the events of one command line are grouped into actions
// (trainer/adb/commands.hpp gives the mapping), so `input tap 540 1200` is
// {"type":"click","x":500,"y":500} and the client's command for any action turns back into that
// action. Unknown commands answer like Android's shell: `/system/bin/sh: X: not found`, status 127.
//
// The side channel (docs/real-device.md): `phonegym state|judge|task|reset|action JSON` read and
// drive the simulator's state, so a task run over ADB is still judged. A real phone answers
// "not found" to them, which is how a client tells the two apart (also getprop ro.phonegym.adbd).
#pragma once

#include "sim/env/env.hpp"
#include "sim/render/image.hpp"
#include "tasks/task.hpp"

#include <nlohmann/json.hpp>

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace pg::adb {

/// What a command line printed and its exit status.
struct ShellResult {
  std::string out;  ///< stdout bytes (binary for screencap)
  std::string err;  ///< stderr
  int status = 0;
};

/// Options of the simulated device.
struct SimDeviceOptions {
  std::string task;           ///< template id to start from ("" = the default state)
  std::uint64_t seed = 0;     ///< its instance seed
  std::string tasks_dir;      ///< templates (needed with `task` or `phonegym reset --task`)
  std::string state_out;      ///< when set, the full state JSON is written here after every command
  std::string serial = "phonegym";  ///< ro.serialno
};

class SimShell {
 public:
  /// Throws TaskError for an unknown task id.
  explicit SimShell(const SimDeviceOptions& opts);

  /// Runs one command line (commands joined by ; && || & | and newlines, as sh does), returning
  /// the combined output. Never throws for bad input: errors go to `err` with a status, as a
  /// real shell prints them.
  ShellResult run(const std::string& line);

  /// The ADB CNXN banner: "device::ro.product.name=phonegym;ro.product.model=PhoneGym;...".
  std::string banner() const;
  /// Bytes the virtual file system holds at most (paths and contents), as a phone's storage: a
  /// write past it fails with "No space left on device", so no client grows adbd's memory for ever.
  static constexpr std::size_t kStorageBytes = std::size_t{64} << 20;
  /// Bytes one command line may print (stdout and stderr, pipes included): past it the line stops
  /// with an error, so `screencap; screencap; ...` cannot ask for gigabytes.
  static constexpr std::size_t kMaxOutputBytes = std::size_t{64} << 20;
  /// Seconds one `sleep` may pass on the simulated clock (each 60 s is a frame-stepped wait).
  static constexpr double kMaxSleepSeconds = 3600;

  /// A file of the virtual file system (written by `uiautomator dump FILE`, `screencap FILE`),
  /// or nullopt. Paths under /sdcard and /storage/emulated/0 are the same.
  std::optional<std::string> file(const std::string& path) const;
  /// Writes (or replaces) a file; false, with nothing changed, when the file system would then
  /// hold more than kStorageBytes.
  bool write_file(const std::string& path, std::string bytes);
  /// Whether a file of `size` bytes at `path` (replacing what is there) fits in the file system.
  bool fits(const std::string& path, std::size_t size) const;
  /// Bytes still free in the virtual file system.
  std::size_t storage_free() const { return kStorageBytes - files_bytes_; }
  /// Empties the virtual file system (as `phonegym reset` does).
  void clear_files();

  Env& env() { return env_; }
  /// Called after every action the shell applied (with Env::step's result or {"error": ...}).
  std::function<void(const Action&, const nlohmann::json&)> on_action;
  /// The task instance the device started from (nullptr without --task).
  const TaskInstance* instance() const { return instance_.get(); }
  /// The judge's verdict on the current state: JudgeResult JSON plus "task", "seed".
  /// Throws std::runtime_error without a task.
  nlohmann::json verdict() const;
  /// The screen as PNG (1080x2400 RGB, the CPU renderer's frame).
  std::string screencap_png();
  /// The screen (1080x2400 RGB). The frame is built each time and rasterized only when its draw
  /// data changed (frame_hash): screencaps of an unchanged screen share one image.
  const Image& screen();

 private:
  struct Event;  // one input event of a command line
  SimDeviceOptions opts_;
  Env env_;
  std::unique_ptr<TaskSet> tasks_;
  std::unique_ptr<TaskInstance> instance_;
  std::map<std::string, std::string> files_;
  std::size_t files_bytes_ = 0;  // sum of path and content sizes in files_
  std::optional<Image> screen_;  // screen(): the last rasterized frame and its frame_hash
  std::uint64_t screen_hash_ = 0;
  std::string screen_png_, screen_raw_;  // that frame encoded (filled on first use)

  /// The screen as `screencap` writes it raw: width, height, format 1 (RGBA_8888) as
  /// little-endian uint32, then RGBA rows.
  const std::string& screen_raw();
  std::vector<Event>* pending_ = nullptr;
  bool pointer_down_ = false;  // `input motionevent DOWN` seen, UP not yet
  int down_x_ = 0, down_y_ = 0, last_x_ = 0, last_y_ = 0;
  int last_status_ = 0;

  void start_task(const std::string& id, std::uint64_t seed);
  ShellResult run_simple(const std::vector<std::string>& argv, const std::string& stdin_text);
  void flush(std::vector<Event>& events, ShellResult& r);
  void apply(const Action& a, ShellResult& r);
  ShellResult cmd_input(const std::vector<std::string>& argv);
  ShellResult cmd_am(const std::vector<std::string>& argv);
  ShellResult cmd_phonegym(const std::vector<std::string>& argv);
  ShellResult open_package(const std::string& pkg, const std::string& how);
  std::string focus_component() const;
  void save_state() const;
};

/// The app id whose manifest "package" is `package`, or "" (e.g. "com.android.settings" ->
/// "settings").
std::string app_for_package(const std::string& package);

}  // namespace pg::adb
