#include "sim/ui/lint.hpp"

#include <algorithm>
#include <cstdio>

namespace pg {

namespace {

bool inside(const Rect& inner, const Rect& outer, float slack) {
  return inner.l >= outer.l - slack && inner.t >= outer.t - slack && inner.r <= outer.r + slack && inner.b <= outer.b + slack;
}

std::string box(const Rect& r) {
  char b[64];
  std::snprintf(b, sizeof b, "[%d,%d][%d,%d]", static_cast<int>(r.l), static_cast<int>(r.t), static_cast<int>(r.r),
                static_cast<int>(r.b));
  return b;
}

}  // namespace

std::vector<std::string> lint_screen(const std::vector<Node>& nodes, const std::vector<TextRun>& texts) {
  std::vector<std::string> out;
  // Bounds are pixels of the frame's screen (its device profile): thresholds are in dp.
  const float px = Ui::screen().density;
  const float min_target = 48 * px - 1;  // 48 dp, one pixel of rounding
  const Rect screen{0, 0, static_cast<float>(Ui::screen().width_px), static_cast<float>(Ui::screen().height_px)};
  // While the status bar shows, nothing else can be tapped under it (a page placed at a fixed
  // 28 dp instead of the content area's top is caught on a profile whose cutout deepens the bar).
  float status_b = -1;
  for (const Node& n : nodes)
    if (n.id == "os.status_bar") status_b = n.bounds.b;
  for (const Node& n : nodes) {
    if (!n.clickable || n.clipped) continue;
    if (n.bounds.w() < min_target || n.bounds.h() < min_target)
      out.push_back("tap target \"" + n.id + "\" " + box(n.bounds) + " is smaller than 48x48 dp");
    // A scrim or a full-screen sheet covers the whole bar, as Android's dialog windows do.
    const bool over_bar = n.bounds.t <= 0 && n.bounds.l <= 0 && n.bounds.r >= screen.r;
    if (n.bounds.t < status_b - 1 && n.bounds.b > 0 && !over_bar && n.id.rfind("os.", 0) != 0)
      out.push_back("tap target \"" + n.id + "\" " + box(n.bounds) + " reaches under the status bar (" +
                    std::to_string(static_cast<int>(status_b)) + " px)");
  }
  std::vector<const TextRun*> whole;  // texts not cut by their clip
  for (const TextRun& t : texts) {
    if (!inside(t.box, t.clip, 0.5f)) continue;
    if (!inside(t.box, screen, 0.5f)) {
      out.push_back("text \"" + t.text + "\" " + box(t.box) + " runs off the screen");
      continue;
    }
    whole.push_back(&t);
  }
  for (std::size_t i = 0; i < whole.size(); ++i)
    for (std::size_t j = i + 1; j < whole.size(); ++j) {
      const Rect &a = whole[i]->box, &b = whole[j]->box;
      const float w = std::min(a.r, b.r) - std::max(a.l, b.l), h = std::min(a.b, b.b) - std::max(a.t, b.t);
      if (w > 1 * px && h > 2 * px)  // line boxes include leading: a dp or two of touching is not an overlap
        out.push_back("texts \"" + whole[i]->text + "\" " + box(a) + " and \"" + whole[j]->text + "\" " + box(b) +
                      " overlap");
    }
  for (const TextRun* t : whole) {
    // The smallest node containing the text's start must contain all of it.
    const Node* owner = nullptr;
    for (const Node& n : nodes) {
      if (!n.bounds.contains(t->box.l + 1, t->box.t + 1) || n.cls == "android.view.View") continue;
      if (!owner || n.bounds.w() * n.bounds.h() < owner->bounds.w() * owner->bounds.h()) owner = &n;
    }
    if (owner && t->box.r > owner->bounds.r + 2 * px / 3)
      out.push_back("text \"" + t->text + "\" " + box(t->box) + " runs past its widget \"" + owner->id + "\" " +
                    box(owner->bounds));
  }
  return out;
}

std::vector<std::string> lint_screen(const Ui& ui) {
  std::vector<Node> nodes;
  std::vector<TextRun> texts;
  for (std::size_t i = 0; i < ui.nodes().size(); ++i) {
    const Node& n = ui.nodes()[i];
    if (ui.node_covered(i) || n.id.rfind("keyboard", 0) == 0) continue;
    nodes.push_back(n);
  }
  for (std::size_t i = 0; i < ui.texts().size(); ++i)
    if (!ui.text_covered(i)) texts.push_back(ui.texts()[i]);
  return lint_screen(nodes, texts);
}

}  // namespace pg
