// Fuzz target: DevTools messages from the browser, as the trainer reads them. Input: one
// WebSocket text message (trainer/cdp/cdp_client.hpp parse_cdp_message). A reply's result then
// goes through BrowserHost's decoding of what the page returns (trainer/cdp/browser_host.hpp
// page::): Runtime.evaluate's value, the page API's JSON reply and its structured errors, and an
// observation object for a 4x2 RLE spec; an event goes through the diagnostics it adds. Each must
// end in its documented error (HostError, or a page error's own type), never another exception.
#include "fuzz.hpp"
#include "sim/env/slots.hpp"
#include "sim/input/action.hpp"
#include "sim/os/phone.hpp"
#include "trainer/cdp/browser_host.hpp"
#include "trainer/cdp/cdp_client.hpp"

#include <cstdlib>
#include <stdexcept>

namespace {

/// Runs `f`; returns normally when it ends in one of the page's documented errors.
template <class F>
void expect_documented(F&& f) {
  try {
    f();
  } catch (const pg::HostError&) {
  } catch (const pg::ActionError&) {
  } catch (const pg::StateError&) {
  } catch (const pg::SlotError&) {
  } catch (const std::invalid_argument&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > pg::fuzz::kMaxInput) return 0;
  const pg::cdp::CdpMessage m = pg::cdp::parse_cdp_message(std::string(pg::fuzz::text(data, size)));  // never throws
  if (m.kind == pg::cdp::CdpMessage::Kind::Event) {
    (void)pg::page::event_diagnostic(m.method, m.params);  // never throws
    return 0;
  }
  if (m.kind != pg::cdp::CdpMessage::Kind::Reply) return 0;
  if (!m.ok && m.error.empty() && m.result.is_null()) return 0;
  expect_documented([&] {
    const nlohmann::json v = pg::page::evaluate_value(m.result, "fuzz");
    expect_documented([&] { (void)pg::page::api_reply(v, "fuzz"); });
    pg::ObsSpec spec;
    spec.width = 4;
    spec.height = 2;
    spec.ui_xml = true;
    expect_documented([&] {
      const pg::page::PageObservation p = pg::page::observation(v, spec, "fuzz");
      if (!p.unchanged && !p.obs.encoded.empty() == !p.obs.image.data.empty()) std::abort();  // exactly one of them
      if (!p.obs.image.data.empty() && p.obs.image.data.size() != 4u * 2u * 3u) std::abort();
    });
  });
  return 0;
}
