#include "trainer/adb/client.hpp"

#include <boost/asio.hpp>

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <sstream>

namespace pg::adb {

namespace asio = boost::asio;
using asio::ip::tcp;
using Clock = std::chrono::steady_clock;

namespace {

/// One connection to the adb server with a deadline over all its operations.
class Conn {
 public:
  Conn(int port, Clock::time_point deadline, std::string what) : deadline_(deadline), what_(std::move(what)) {
    boost::system::error_code result = asio::error::would_block;
    sock_.async_connect(tcp::endpoint(asio::ip::address_v4::loopback(), static_cast<unsigned short>(port)),
                        [&](const boost::system::error_code& ec) { result = ec; });
    wait(result, "connecting to the adb server at 127.0.0.1:" + std::to_string(port));
    if (result)
      throw AdbError("no adb server at 127.0.0.1:" + std::to_string(port) + " (" + result.message() +
                     "): start one with `adb start-server` (ANDROID_ADB_SERVER_PORT selects the port)");
  }

  void write(const std::string& bytes) {
    boost::system::error_code result = asio::error::would_block;
    asio::async_write(sock_, asio::buffer(bytes), [&](const boost::system::error_code& ec, std::size_t) { result = ec; });
    wait(result, "sending to the adb server");
    if (result) throw AdbError(what_ + ": the adb server closed the connection (" + result.message() + ")");
  }

  /// Exactly n bytes; nullopt on end of stream before n bytes.
  std::optional<std::string> read(std::size_t n) {
    std::string buf(n, '\0');
    boost::system::error_code result = asio::error::would_block;
    std::size_t got = 0;
    asio::async_read(sock_, asio::buffer(buf), [&](const boost::system::error_code& ec, std::size_t k) {
      result = ec;
      got = k;
    });
    wait(result, "reading from the adb server");
    if (result == asio::error::eof) return std::nullopt;
    if (result) throw AdbError(what_ + ": connection lost (" + result.message() + ")");
    buf.resize(got);
    return buf;
  }

  std::string read_to_eof() {
    std::string out;
    char chunk[65536];
    for (;;) {
      boost::system::error_code result = asio::error::would_block;
      std::size_t got = 0;
      sock_.async_read_some(asio::buffer(chunk), [&](const boost::system::error_code& ec, std::size_t k) {
        result = ec;
        got = k;
      });
      wait(result, "reading the device's output");
      out.append(chunk, got);
      if (result == asio::error::eof || result == asio::error::connection_reset) return out;
      if (result) throw AdbError(what_ + ": connection lost (" + result.message() + ")");
    }
  }

  /// Sends a host-protocol request and reads OKAY; FAIL becomes AdbError with the server's message.
  void request(const std::string& service) {
    char len[8];
    std::snprintf(len, sizeof len, "%04zx", service.size());
    write(len + service);
    auto status = read(4);
    if (!status) throw AdbError(what_ + ": the adb server closed the connection after \"" + service + "\"");
    if (*status == "OKAY") return;
    if (*status == "FAIL") throw AdbError(what_ + ": " + read_payload());
    throw AdbError(what_ + ": unexpected answer \"" + *status + "\" to \"" + service + "\"");
  }

  /// A 4-hex-digit length and that many bytes.
  std::string read_payload() {
    auto len = read(4);
    if (!len) return "";
    const std::size_t n = std::strtoul(len->c_str(), nullptr, 16);
    auto body = read(n);
    return body ? *body : "";
  }

 private:
  asio::io_context io_;
  tcp::socket sock_{io_};
  Clock::time_point deadline_;
  std::string what_;

  void wait(boost::system::error_code& result, const std::string& doing) {
    io_.restart();  // run_one_for returns at once on a context that ran out of work before
    while (result == asio::error::would_block) {
      const auto left = deadline_ - Clock::now();
      if (left <= Clock::duration::zero() || io_.run_one_for(left) == 0) {
        if (result != asio::error::would_block) break;
        boost::system::error_code ignore;
        sock_.close(ignore);
        io_.restart();
        io_.run();  // let the cancelled handler finish
        throw AdbError(what_ + ": timed out " + doing);
      }
    }
  }
};

int default_port() {
  if (const char* p = std::getenv("ANDROID_ADB_SERVER_PORT")) {
    const int v = std::atoi(p);
    if (v > 0 && v < 65536) return v;
  }
  return 5037;
}

}  // namespace

std::vector<DeviceEntry> parse_devices(const std::string& text) {
  std::vector<DeviceEntry> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    DeviceEntry d;
    if (!(ls >> d.serial >> d.state)) continue;
    for (std::string w; ls >> w;) {
      const auto c = w.find(':');
      if (c != std::string::npos) d.props[w.substr(0, c)] = w.substr(c + 1);
    }
    out.push_back(std::move(d));
  }
  return out;
}

AdbClient::AdbClient(int port, std::chrono::milliseconds timeout)
    : port_(port > 0 ? port : default_port()), timeout_(timeout) {}

std::string AdbClient::host_query(const std::string& service) {
  Conn c(port_, Clock::now() + timeout_, "adb server 127.0.0.1:" + std::to_string(port_) + ": " + service);
  c.request(service);
  return c.read_payload();
}

std::vector<DeviceEntry> AdbClient::devices() { return parse_devices(host_query("host:devices-l")); }

std::string AdbClient::device_service(const std::string& serial, const std::string& service,
                                      std::chrono::milliseconds timeout) {
  const std::string what = "device " + serial + ": " + (service.size() > 120 ? service.substr(0, 120) + "..." : service);
  Conn c(port_, Clock::now() + (timeout.count() > 0 ? timeout : timeout_), what);
  c.request("host:transport:" + serial);
  c.request(service);
  return c.read_to_eof();
}

std::string AdbClient::exec(const std::string& serial, const std::string& command, std::chrono::milliseconds timeout) {
  return device_service(serial, "exec:" + command, timeout);
}

std::string AdbClient::shell(const std::string& serial, const std::string& command, std::chrono::milliseconds timeout) {
  return device_service(serial, "shell:" + command, timeout);
}

}  // namespace pg::adb
