#include "sim/ui/a11y.hpp"

#include "sim/render/image.hpp"
#include "sim/util/encoding.hpp"

#include <algorithm>
#include <cmath>
#include <functional>

namespace pg {
namespace {

struct IRect {
  long l = 0, t = 0, r = 0, b = 0;
  long area() const { return std::max(0L, r - l) * std::max(0L, b - t); }
  bool contains(const IRect& o) const { return o.l >= l && o.t >= t && o.r <= r && o.b <= b; }
  bool operator==(const IRect& o) const { return l == o.l && t == o.t && r == o.r && b == o.b; }
};

// Integer px bounds clipped to the screen (what uiautomator reports for a visible node).
IRect screen_bounds(const Rect& r, const Screen& screen) {
  auto cx = [&](float v) { return std::clamp(std::lround(v), 0L, static_cast<long>(screen.width_px)); };
  auto cy = [&](float v) { return std::clamp(std::lround(v), 0L, static_cast<long>(screen.height_px)); };
  IRect i{cx(r.l), cy(r.t), cx(r.r), cy(r.b)};
  i.r = std::max(i.r, i.l);
  i.b = std::max(i.b, i.t);
  return i;
}

bool starts_with(const std::string& s, const char* p) { return s.rfind(p, 0) == 0; }

const char* b(bool v) { return v ? "true" : "false"; }

// One U+2022 per UTF-8 code point of `s`.
std::string mask(const std::string& s) {
  std::string out;
  for (unsigned char c : s)
    if ((c & 0xC0) != 0x80) out += "\xE2\x80\xA2";
  return out;
}

void write_node(std::string& out, int index, const std::string& text, const std::string& rid, const std::string& cls,
                const std::string& package, const std::string& desc, const Node& f, const IRect& r) {
  out += "<node index=\"" + std::to_string(index) + "\" text=\"" + xml_escape(text) + "\" resource-id=\"" +
         xml_escape(rid) + "\" class=\"" + xml_escape(cls) + "\" package=\"" + xml_escape(package) +
         "\" content-desc=\"" + xml_escape(desc) + "\" checkable=\"" + b(f.checkable) + "\" checked=\"" +
         b(f.checked) + "\" clickable=\"" + b(f.clickable) + "\" enabled=\"" + b(f.enabled) + "\" focusable=\"" +
         b(f.focusable) + "\" focused=\"" + b(f.focused) + "\" scrollable=\"" + b(f.scrollable) +
         "\" long-clickable=\"" + b(f.long_clickable) + "\" password=\"" + b(f.password) + "\" selected=\"" +
         b(f.selected) + "\" bounds=\"[" + std::to_string(r.l) + "," + std::to_string(r.t) + "][" +
         std::to_string(r.r) + "," + std::to_string(r.b) + "]\"";
}

}  // namespace

std::string node_package(const std::string& id, const std::string& app_package) {
  if (starts_with(id, "os.") || starts_with(id, "nav.")) return kSystemUiPackage;
  if (starts_with(id, "launcher.")) return kLauncherPackage;
  return app_package;
}


std::string ui_xml(const std::vector<Node>& nodes, const std::string& package, const Screen& screen) {
  const std::size_t n = nodes.size();
  std::vector<IRect> r(n);
  for (std::size_t i = 0; i < n; ++i) r[i] = screen_bounds(nodes[i].bounds, screen);
  // parent[i] = the smallest node containing i (ties: the earliest); n = the root.
  std::vector<std::size_t> parent(n, n);
  for (std::size_t i = 0; i < n; ++i) {
    std::size_t best = n;
    for (std::size_t j = 0; j < n; ++j) {
      if (j == i || !r[j].contains(r[i])) continue;
      if (r[j] == r[i] && j > i) continue;  // equal bounds: only an earlier node is the parent
      if (best == n || r[j].area() < r[best].area() || (r[j].area() == r[best].area() && j < best)) best = j;
    }
    parent[i] = best;
  }
  // Equal-area containers with equal bounds chain by index (j < i), so the relation is acyclic.
  std::vector<std::vector<std::size_t>> children(n + 1);
  for (std::size_t i = 0; i < n; ++i) children[parent[i]].push_back(i);  // draw order kept

  std::string out = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">";
  Node root_flags;
  write_node(out, 0, "", "", "android.widget.FrameLayout", package, "", root_flags,
             IRect{0, 0, screen.width_px, screen.height_px});
  // Closes the element just written for node `p` (n: the root): self-closing, or its children.
  std::function<void(std::size_t)> close = [&](std::size_t p) {
    if (children[p].empty()) {
      out += " />";
      return;
    }
    out += ">";
    int index = 0;
    for (std::size_t c : children[p]) {
      const Node& nd = nodes[c];
      const std::string pkg = node_package(nd.id, package);
      write_node(out, index++, nd.password ? mask(nd.text) : nd.text, nd.id.empty() ? "" : pkg + ":id/" + nd.id,
                 nd.cls, pkg, nd.desc, nd, r[c]);
      close(c);
    }
    out += "</node>";
  };
  close(n);
  out += "</hierarchy>";
  return out;
}

// ---------------------------------------------------------------- set of marks

nlohmann::json Mark::to_json() const {
  return {{"mark", mark},
          {"id", id},
          {"class", cls},
          {"text", text},
          {"desc", desc},
          {"bounds",
           {std::lround(bounds.l), std::lround(bounds.t), std::lround(bounds.r), std::lround(bounds.b)}},
          {"x", x},
          {"y", y}};
}

bool is_interactive(const Node& n) {
  if (n.bounds.w() <= 0 || n.bounds.h() <= 0) return false;
  return n.clickable || n.long_clickable || n.scrollable || n.focusable || n.cls == "android.widget.EditText";
}

std::vector<Mark> set_of_marks(const std::vector<Node>& nodes, const Screen& screen) {
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < nodes.size(); ++i)
    if (is_interactive(nodes[i])) order.push_back(i);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const long ta = std::lround(nodes[a].bounds.t), tb = std::lround(nodes[b].bounds.t);
    if (ta != tb) return ta < tb;
    return std::lround(nodes[a].bounds.l) < std::lround(nodes[b].bounds.l);
  });
  std::vector<Mark> marks;
  for (std::size_t i : order) {
    const Node& nd = nodes[i];
    Mark m;
    m.mark = static_cast<int>(marks.size()) + 1;
    m.node = i;
    m.id = nd.id;
    m.cls = nd.cls;
    m.text = nd.password ? mask(nd.text) : nd.text;
    m.desc = nd.desc;
    m.bounds = nd.bounds;
    const double cx = (nd.bounds.l + nd.bounds.r) / 2.0, cy = (nd.bounds.t + nd.bounds.b) / 2.0;
    m.x = static_cast<int>(std::clamp(std::lround(cx * 1000.0 / screen.width_px), 0L, 1000L));
    m.y = static_cast<int>(std::clamp(std::lround(cy * 1000.0 / screen.height_px), 0L, 1000L));
    marks.push_back(std::move(m));
  }
  return marks;
}

nlohmann::json marks_json(const std::vector<Mark>& marks) {
  nlohmann::json a = nlohmann::json::array();
  for (const Mark& m : marks) a.push_back(m.to_json());
  return a;
}

std::uint32_t mark_color(int mark) {
  static constexpr std::uint32_t kPalette[] = {0xE6194B, 0x1E88E5, 0x2E9E44, 0xF57C00, 0x9C27B0, 0x00897B};
  const int k = static_cast<int>(sizeof(kPalette) / sizeof(kPalette[0]));
  return kPalette[((mark - 1) % k + k) % k];
}

std::vector<Rect> mark_labels(const Ui& ui, const std::vector<Mark>& marks) {
  const float kPx = Ui::screen().density;  // px per dp of the frame the labels are drawn in
  constexpr float kPad = 4.0f;
  const float kSmall = Ui::width_dp() / 2;
  const float h = ui.line_height(Font::Mark) + 2;
  std::vector<Rect> boxes, placed;  // dp
  for (const Mark& m : marks) boxes.push_back({m.bounds.l / kPx, m.bounds.t / kPx, m.bounds.r / kPx, m.bounds.b / kPx});
  auto hits = [](const Rect& a, const Rect& p) { return a.l < p.r && p.l < a.r && a.t < p.b && p.t < a.b; };
  auto hits_label = [&](const Rect& a) {
    for (const Rect& p : placed)
      if (hits(a, p)) return true;
    return false;
  };
  for (std::size_t i = 0; i < marks.size(); ++i) {
    const Rect& box = boxes[i];
    const float w = ui.text_width(std::to_string(marks[i].mark), Font::Mark) + 2 * kPad;
    // Small elements (switches, icon buttons) get the label outside, left of the top-left corner,
    // so it does not hide their state; only where it covers no other element (an enclosing one,
    // such as the list around them, is fine) and stays on the screen.
    const Rect outside{box.l - w, box.t, box.l, box.t + h};
    bool use_outside = box.w() < kSmall && outside.l >= 0 && !hits_label(outside);
    for (std::size_t j = 0; use_outside && j < boxes.size(); ++j) {
      const Rect& o = boxes[j];
      const bool encloses = o.l <= box.l && o.t <= box.t && o.r >= box.r && o.b >= box.b;
      if (j != i && !encloses && hits(outside, o)) use_outside = false;
    }
    Rect label = outside;
    if (!use_outside) {
      const Rect candidates[] = {
          {box.l, box.t, box.l + w, box.t + h},          // top-left, inside
          {box.r - w, box.t, box.r, box.t + h},          // top-right
          {box.l, box.b - h, box.l + w, box.b},          // bottom-left
          {box.r - w, box.b - h, box.r, box.b},          // bottom-right
          {box.l + w, box.t, box.l + 2 * w, box.t + h},  // next to the top-left one
      };
      label = candidates[0];
      for (const Rect& cand : candidates)
        if (!hits_label(cand)) {
          label = cand;
          break;
        }
    }
    placed.push_back(label);
  }
  for (Rect& r : placed) r = {r.l * kPx, r.t * kPx, r.r * kPx, r.b * kPx};
  return placed;
}

void draw_marks(Ui& ui, const std::vector<Mark>& marks) {
  const float kPx = Ui::screen().density;  // px per dp
  constexpr float kLine = 2.0f;
  const std::vector<Rect> labels = mark_labels(ui, marks);
  for (const Mark& m : marks) {  // outlines first, so no outline crosses a label
    const Rect box{m.bounds.l / kPx, m.bounds.t / kPx, m.bounds.r / kPx, m.bounds.b / kPx};
    // The outline inside the box, so boxes at the screen edge stay fully visible.
    ui.stroke({box.l + kLine / 2, box.t + kLine / 2, box.r - kLine / 2, box.b - kLine / 2}, mark_color(m.mark), 0,
              kLine);
  }
  for (std::size_t i = 0; i < marks.size(); ++i) {
    const Rect l{labels[i].l / kPx, labels[i].t / kPx, labels[i].r / kPx, labels[i].b / kPx};
    ui.fill(l, mark_color(marks[i].mark));
    ui.text_centered(l.l, l.r, l.t + 1, std::to_string(marks[i].mark), Font::Mark, 0xFFFFFF);
  }
}

}  // namespace pg
