#include "sim/ui/lint.hpp"

#include <algorithm>
#include <cstdio>

namespace pg {

namespace {

constexpr float kMinTargetPx = 48 * 3 - 1;  // 48 dp at density 3, one pixel of rounding

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
  const Rect screen{0, 0, Ui::width_dp() * 3, Ui::height_dp() * 3};
  for (const Node& n : nodes) {
    if (!n.clickable || n.clipped) continue;
    if (n.bounds.w() < kMinTargetPx || n.bounds.h() < kMinTargetPx)
      out.push_back("tap target \"" + n.id + "\" " + box(n.bounds) + " is smaller than 48x48 dp");
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
      if (w > 3 && h > 6)  // line boxes include leading: a few pixels of touching is not an overlap
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
    if (owner && t->box.r > owner->bounds.r + 2)
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
