// `phonegym adbd`: one simulated phone served over the ADB device protocol (what adbd speaks on
// a phone with `adb tcpip`), so the real `adb` (`adb connect 127.0.0.1:5555`) and any ADB-based
// agent harness drive PhoneGym unchanged. No authentication (the adb server's CNXN is answered
// with CNXN). Services: shell: (one command, or interactive without one), shell,v2 (stdout,
// stderr and the exit status as shell protocol packets; the banner advertises shell_v2), exec:
// (raw output, e.g. `adb exec-out screencap -p`) and sync: (`adb pull`/`adb push` of the
// simulated files, e.g. /sdcard/window_dump.xml). Commands run in trainer/adb/sim_shell.hpp.
#pragma once

#include "trainer/adb/sim_shell.hpp"

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <string>

namespace pg::adb {

struct AdbdOptions {
  /// Listen address: a loopback address only. The device protocol has no authentication here
  /// (no RSA AUTH), so anyone who reached the port would control the phone; the constructor
  /// refuses any other address (forward the port instead, e.g. ssh -L 5555:127.0.0.1:5555).
  std::string bind = "127.0.0.1";
  int port = 5555;                 ///< 0 picks a free port (see AdbdServer::port())
  /// Connections served at once; a further one is closed at once (and logged), so a flood of
  /// sockets cannot exhaust threads. An adb server holds one per device.
  int max_connections = 8;
  /// Seconds a new connection has to complete the CNXN handshake; a socket that sends nothing or
  /// half a message is closed then, so silent sockets cannot hold the connection slots. After the
  /// handshake a connection may stay idle for ever, as an adb server's does.
  int handshake_timeout_s = 10;
  /// One line per event (connections, services, actions), or none when empty.
  std::function<void(const std::string&)> log;
};

/// Listens on construction; run() serves connections (one thread each; commands are serialized
/// on the one SimShell) until stop(). Throws std::runtime_error naming the address when it is not
/// a loopback address or the port cannot be bound.
class AdbdServer {
 public:
  AdbdServer(SimShell& shell, const AdbdOptions& opts);
  ~AdbdServer();
  int port() const;  ///< the bound TCP port
  void run();
  void stop();

 private:
  struct Impl;
  std::shared_ptr<Impl> impl_;  // shared with the connection threads, which may outlive the server
};

}  // namespace pg::adb
