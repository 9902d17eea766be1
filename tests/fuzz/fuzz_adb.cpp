// Fuzz target: what `adb` clients send `phonegym adbd` (trainer/adb/protocol.hpp, sim_shell.hpp):
// the first 24 bytes are an ADB message header (decode_header: a bad magic or an oversize payload
// is a std::runtime_error), the rest is a shell command line run on the simulated device
// (SimShell::run never throws: errors go to stderr with a status, as on a device). Each input
// starts from a fresh phone (a copy of one, as a fork is made) and an empty file system. The phone
// is a small device (360x640 pixels at density 1, sim/os/device.hpp): every code path of a
// 1080x2400 phone, with a fourteenth of the pixels to draw and copy per screencap, which made most
// of an input's time at the nominal size.
#include "fuzz.hpp"
#include "sim/os/device.hpp"
#include "trainer/adb/protocol.hpp"
#include "trainer/adb/sim_shell.hpp"

#include <stdexcept>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 4096) return 0;
  static pg::adb::SimShell shell(pg::adb::SimDeviceOptions{});
  static const std::unique_ptr<pg::Env> fresh = [] {
    nlohmann::json s = shell.env().state();
    pg::set_device(s["os"], {{"width_px", 360}, {"height_px", 640}, {"density", 1.0}});
    shell.env().reset(s);
    return shell.env().fork();  // copied back: no state validation per input
  }();
  std::string_view in = pg::fuzz::text(data, size);
  if (in.size() >= 24) {
    pg::adb::Message m;
    try {
      (void)pg::adb::decode_header(in.substr(0, 24), m, 1 << 20);
    } catch (const std::runtime_error&) {
    }
    in.remove_prefix(24);
  }
  shell.env() = *fresh;
  shell.clear_files();
  (void)shell.run(std::string(in));  // must not throw
  return 0;
}
