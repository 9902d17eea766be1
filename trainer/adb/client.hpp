// A client of the adb server's host protocol (AOSP system/core/adb/OVERVIEW.TXT, SERVICES.TXT):
// TCP to 127.0.0.1:5037 (or $ANDROID_ADB_SERVER_PORT); a request is 4 hex digits of length and
// the service name; the answer is OKAY, or FAIL with a 4-hex-digit length and a message.
// host:devices-l lists devices; host:transport:<serial> switches the connection to a device,
// whose services (shell:, exec:) then stream their output until the device closes them.
// Every call opens a fresh connection and has a deadline: a device or server that stops
// answering gives AdbError, never a hang.
#pragma once

#include <chrono>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace pg::adb {

/// The adb server refused a request, a device is gone, or a deadline passed; what() names the
/// server address or device serial and the service.
struct AdbError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// One line of `adb devices -l`.
struct DeviceEntry {
  std::string serial;  ///< e.g. "R58M1234ABC" or "127.0.0.1:5555"
  std::string state;   ///< "device", "offline", "unauthorized", ...
  std::map<std::string, std::string> props;  ///< product, model, device, transport_id
};

/// Parses the text of host:devices-l ("<serial> <state> product:x model:y device:z transport_id:n").
std::vector<DeviceEntry> parse_devices(const std::string& text);

class AdbClient {
 public:
  /// `port` 0: $ANDROID_ADB_SERVER_PORT, else 5037. `timeout`: the deadline of each call.
  explicit AdbClient(int port = 0, std::chrono::milliseconds timeout = std::chrono::seconds(30));
  int port() const { return port_; }

  /// host:devices-l. Throws AdbError when no adb server answers (start one: `adb start-server`).
  std::vector<DeviceEntry> devices();
  /// Runs `command` on the device with exec: (raw bytes, no terminal: binary-safe, stdout and
  /// stderr together) and returns its output. Throws AdbError if the device is not there, the
  /// server refuses, or the deadline (`timeout`, 0: the client's) passes.
  std::string exec(const std::string& serial, const std::string& command, std::chrono::milliseconds timeout = {});
  /// Same through the legacy shell: service (a terminal on real devices: \n may become \r\n).
  std::string shell(const std::string& serial, const std::string& command, std::chrono::milliseconds timeout = {});
  /// Any host service answering with a length-prefixed payload (host:version, host:connect:H:P...).
  std::string host_query(const std::string& service);

 private:
  int port_;
  std::chrono::milliseconds timeout_;
  std::string device_service(const std::string& serial, const std::string& service, std::chrono::milliseconds timeout);
};

}  // namespace pg::adb
