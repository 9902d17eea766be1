// Fuzz target: what `adb` clients send `phonegym adbd` (trainer/adb/protocol.hpp, sim_shell.hpp):
// the first 24 bytes are an ADB message header (decode_header: a bad magic or an oversize payload
// is a std::runtime_error), the rest is a shell command line run on the simulated device
// (SimShell::run never throws: errors go to stderr with a status, as on a device). Each input
// starts from a fresh phone (a copy of one, as a fork is made) and an empty file system.
#include "fuzz.hpp"
#include "trainer/adb/protocol.hpp"
#include "trainer/adb/sim_shell.hpp"

#include <stdexcept>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 4096) return 0;
  static pg::adb::SimShell shell(pg::adb::SimDeviceOptions{});
  static const std::unique_ptr<pg::Env> fresh = shell.env().fork();  // copied back: no state validation per input
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
