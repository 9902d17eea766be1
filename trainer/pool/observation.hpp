// What hosts return for observations and batched steps (trainer/pool/host.hpp, the browser host).
#pragma once

#include "sim/input/action.hpp"
#include "sim/render/codec.hpp"
#include "sim/render/image.hpp"
#include "sim/render/obs.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

namespace pg {

/// One observation as a host returns it (ObsSpec says what was asked).
struct HostObservation {
  ObsSpec spec;
  Image image;           ///< RGB at spec size when spec.format is raw (empty for PNG/JPEG)
  std::string encoded;   ///< the PNG or JPEG file bytes (empty for raw)
  std::string ui_xml;    ///< the uiautomator XML when spec.ui_xml
  std::uint64_t hash = 0;  ///< the frame's draw-data hash (sim/render/obs.hpp: equal hash, equal screen)
  /// RGB pixels whatever the format (decodes PNG/JPEG). Throws std::invalid_argument if empty.
  Image pixels() const {
    if (!image.empty()) return image;
    if (encoded.empty()) throw std::invalid_argument("HostObservation::pixels: the observation is empty");
    return decode_image(encoded);
  }
  /// Encoded bytes whatever the format (raw: the RGB bytes).
  std::size_t bytes() const { return encoded.empty() ? image.data.size() : encoded.size(); }
};

/// One step of a batch: `slot` takes `action` (none: observe only).
struct BatchOp {
  int slot = -1;
  std::optional<Action> action;
};

/// What one BatchOp gives: the step reply ({"ok","info"}), or `error` (a rejected action or a
/// failed observation; the other ops of the batch are unaffected), and the observation.
struct BatchResult {
  int slot = -1;
  nlohmann::json info;
  std::string error;
  std::string error_type;  ///< with `error`: its kind (sim/env/slots.hpp error_type: "action", ...)
  HostObservation obs;
};

}  // namespace pg
