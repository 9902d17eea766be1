// A TCP port on 127.0.0.1 that the kernel says is free now: bind port 0, read the port, close.
// Tests that must hand a port to another process use it instead of deriving one from the pid
// (two test processes never collide by arithmetic; a rare race with another binder remains).
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <stdexcept>
#include <string>

namespace pg::testing {

/// A free TCP port on 127.0.0.1; throws std::runtime_error if the kernel gives none.
inline int free_tcp_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) throw std::runtime_error("free_tcp_port: socket() failed");
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = 0;
  socklen_t len = sizeof a;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) != 0) {
    ::close(fd);
    throw std::runtime_error("free_tcp_port: no free port on 127.0.0.1");
  }
  ::close(fd);
  return ntohs(a.sin_port);
}

}  // namespace pg::testing
