// The error type of the Chromium DevTools layer (launching Chromium, the CDP connection).
#pragma once

#include <stdexcept>

namespace pg::cdp {

/// Thrown by Chromium::launch and CdpClient: what() says what failed and, where possible, what to do.
struct CdpError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// A call that got no reply in time (the page is hung or the browser is stuck).
struct CdpTimeout : CdpError {
  using CdpError::CdpError;
};

}  // namespace pg::cdp
