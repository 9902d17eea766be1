// Native action formats of popular GUI agents: for each, a prompt describing the action space the
// way that model was trained, a parser from its reply into the unified Action (sim/input/action.hpp,
// coordinates normalized 0..1000 of the device screen) and a renderer back (for demonstrations and
// tests). Formats (docs/agents.md):
//   uitars           UI-TARS (Qin et al. 2025): `Thought: ...\nAction: click(start_box='(x,y)')`
//   autoglm          AutoGLM / Open-AutoGLM: `<think>..</think><answer>do(action="Tap", element=[x,y])</answer>`
//   androidlab       AndroidLab (Xu et al. 2024): `do(action="Tap", element=[x1,y1,x2,y2])`, `finish(message=..)`
//   androidworld     AndroidWorld's JSON action (Rawles et al. 2024): `{"action_type": "click", ...}`
//   qwen-mobile-use  Qwen2.5-VL / Qwen3-VL `mobile_use` tool calls: `<tool_call>{...}</tool_call>`
//   phonegym         the unified JSON action itself
#pragma once

#include "sim/input/action.hpp"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pg {

/// How a format's coordinates map to the screen.
enum class Coords {
  Rel1000,       ///< 0..1000 of the image (= of the screen): UI-TARS default, Qwen3-VL ("rel1000")
  Rel999,        ///< 0..999 of the image: AutoGLM ("rel999")
  ImagePixels,   ///< absolute pixels on the image sent to the model: UI-TARS-1.5, Qwen2.5-VL ("abs")
  ScreenPixels,  ///< absolute device pixels (1080x2400): AndroidLab, AndroidWorld ("device")
};
/// "rel1000", "rel999", "abs", "device".
const char* to_string(Coords c);
/// Parses the names above; throws std::invalid_argument listing them.
Coords coords_from_string(std::string_view s);

/// What a parser needs besides the reply.
struct ParseContext {
  int screen_w = 1080, screen_h = 2400;  ///< device pixels
  int image_w = 1080, image_h = 2400;    ///< the image the model saw, pixels
  Coords coords = Coords::Rel1000;
  /// The set-of-marks the model was shown (Host::marks(): [{"mark", "bounds", "x", "y", ...}]);
  /// element-index actions resolve through it. Empty: index actions are invalid.
  nlohmann::json marks = nlohmann::json::array();
};

/// A parsed reply: the unified action, or `ok == false` with a reason naming what was wrong.
struct ParseResult {
  bool ok = false;
  Action action;
  std::string reason;
  /// {"type": "invalid", "reason": ...} or the action's JSON (pg::to_json).
  nlohmann::json to_json() const;
};

/// What the system prompt describes.
struct PromptContext {
  int image_w = 1080, image_h = 2400;
  Coords coords = Coords::Rel1000;
  std::string obs = "screenshot";  ///< screenshot, som or a11y
};

class ActionFormat {
 public:
  virtual ~ActionFormat() = default;
  virtual std::string name() const = 0;
  virtual Coords default_coords() const = 0;
  /// The --coords values this format accepts.
  virtual std::vector<Coords> allowed_coords() const = 0;
  /// Whether the model expects the image resized to multiples of 28 within a pixel budget
  /// (Qwen2-VL-style smart resize; see smart_resize()).
  virtual bool wants_smart_resize() const { return false; }
  /// The system prompt: role, action space in the model's own syntax, coordinate convention and
  /// output format.
  virtual std::string system_prompt(const PromptContext& ctx) const = 0;
  /// Parses one reply. Never throws: garbage gives ok == false and a reason.
  virtual ParseResult parse(std::string_view reply, const ParseContext& ctx) const = 0;
  /// A reply in this format that performs `a` (with `thought` as the reasoning part), or nullopt
  /// if the format cannot express it. Element-index formats use a mark when ctx.marks has one
  /// under the point. parse(render(a)) acts like `a` (taps within a pixel).
  virtual std::optional<std::string> render(const Action& a, const ParseContext& ctx, const std::string& thought) const = 0;
};

/// The format called `name`; throws std::invalid_argument listing the known names.
const ActionFormat& find_format(std::string_view name);
/// uitars, autoglm, androidlab, androidworld, qwen-mobile-use, phonegym.
std::vector<std::string> format_names();

/// Qwen2-VL's smart resize: the size nearest (height, width) with both sides multiples of
/// `factor` and the area within [min_pixels, max_pixels], keeping the aspect ratio. Returns
/// {width, height}. Throws std::invalid_argument for non-positive sizes.
std::pair<int, int> smart_resize(int width, int height, int factor = 28, long min_pixels = 56 * 56,
                                 long max_pixels = 16384L * 28 * 28);

}  // namespace pg
