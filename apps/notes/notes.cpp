// Keep Notes (com.google.android.keep): a two-column staggered grid of notes (pinned first, then
// the others, each newest-edited first), a search field, a drawer that filters by label, the note
// editor (title, body, pin, labels, move to Trash) and the Trash (restore, or delete forever after
// a confirmation). Notes are the world collection `notes` (apps/notes/world/notes.json) seen
// through the overlay apps.notes.notes. The editor edits a draft (apps.notes.editor) that is
// saved when the editor is left, whichever way (its back arrow, the system back, switching pages).
#include "sim/os/app.hpp"
#include "sim/os/clock_format.hpp"
#include "sim/os/phone.hpp"
#include "sim/state/overlay.hpp"
#include "sim/ui/ui.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

namespace pg {
namespace {

using json = nlohmann::json;

constexpr const char* kApp = "notes";
constexpr float kCardW = (Ui::kWidthDp - 16 * 2 - 8) / 2;

json notes_view(const Phone& p) { return resolve_collection(World::instance(), own_state(p, kApp), kApp, "notes"); }
json find_note(const Phone& p, int id) { return resolve_entity(World::instance(), own_state(p, kApp), kApp, "notes", std::to_string(id)); }

json empty_editor() {
  return {{"id", 0}, {"title", ""}, {"body", ""}, {"pinned", false}, {"labels", json::array()}};
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

/// A label as a widget-id part: "Shopping list" -> "shopping_list".
std::string slug(const std::string& label) {
  std::string s = lower(label);
  for (char& c : s)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return s;
}

std::uint32_t note_color(const std::string& c) {
  if (c == "yellow") return 0xFFF8B8;
  if (c == "blue") return 0xD4E4ED;
  if (c == "green") return 0xE2F6D3;
  if (c == "pink") return 0xF6E2DD;
  return color::kSurface;
}

/// Writes `changes` over note `id` in the overlay, keeping it minimal: a field equal to the
/// world's value is dropped and an overlay entry left empty is removed.
void write_note(Phone& p, int id, const json& changes) {
  const std::string key = std::to_string(id);
  write_overlay_entity(own_state(p, kApp)["notes"], key, World::instance().entity(kApp, "notes", key), changes);
}

// ---------------------------------------------------------------- text layout

/// At most `n` bytes of `s`, not cutting a UTF-8 sequence.
std::string utf8_prefix(const std::string& s, std::size_t n) {
  if (s.size() <= n) return s;
  while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
  return s.substr(0, n);
}

void drop_code_point(std::string& t) {
  while (!t.empty() && (static_cast<unsigned char>(t.back()) & 0xC0) == 0x80) t.pop_back();
  if (!t.empty()) t.pop_back();
}

/// `s` with an ellipsis, cut to fit `w` dp (always ends in the ellipsis).
std::string with_ellipsis(const Ui& ui, std::string s, Font f, float w) {
  while (!s.empty() && ui.text_width(s + "\u2026", f) > w) drop_code_point(s);
  return s + "\u2026";
}

/// `s` cut to fit `w` dp in font `f` (an ellipsis marks the cut).
std::string fit(const Ui& ui, const std::string& s, Font f, float w) {
  return ui.text_width(s, f) <= w ? s : with_ellipsis(ui, s, f, w);
}

/// Greedy word wrap into lines of at most `w` dp; '\n' starts a new line; words wider than a
/// line are broken. At most `max_lines` lines; if cut, the last one ends in an ellipsis.
std::vector<std::string> wrap(const Ui& ui, const std::string& text, Font f, float w, int max_lines) {
  std::vector<std::string> lines;
  std::string para;
  bool truncated = false;
  auto flush_para = [&](const std::string& p) {
    std::string line;
    std::size_t i = 0;
    while (i <= p.size()) {
      std::size_t sp = p.find(' ', i);
      if (sp == std::string::npos) sp = p.size();
      std::string word = p.substr(i, sp - i);
      std::string cand = line.empty() ? word : line + " " + word;
      if (ui.text_width(cand, f) <= w) {
        line = cand;
      } else {
        if (!line.empty()) lines.push_back(line);
        line.clear();
        while (ui.text_width(word, f) > w) {  // break a long word
          std::string head = word;
          while (!head.empty() && ui.text_width(head, f) > w) drop_code_point(head);
          if (head.empty()) break;
          lines.push_back(head);
          word = word.substr(head.size());
        }
        line = word;
      }
      i = sp + 1;
    }
    lines.push_back(line);
  };
  std::size_t start = 0;
  while (true) {
    const std::size_t nl = text.find('\n', start);
    flush_para(text.substr(start, nl == std::string::npos ? std::string::npos : nl - start));
    if (nl == std::string::npos) break;
    start = nl + 1;
  }
  if (static_cast<int>(lines.size()) > max_lines) {
    lines.resize(static_cast<std::size_t>(max_lines));
    truncated = true;
  }
  if (truncated && !lines.empty()) lines.back() = with_ellipsis(ui, lines.back(), f, w);
  return lines;
}

/// "Edited 08:00" today, else "Edited Dec 31".
std::string edited_text(const Phone& p, std::int64_t utc_ms) {
  const std::int64_t shift = p.local_time_ms() - p.now_ms();
  const CivilTime t = civil_from_ms(utc_ms + shift), now = civil_from_ms(p.local_time_ms());
  static const char* kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  if (t.year == now.year && t.month == now.month && t.day == now.day) return "Edited " + p.format_time(utc_ms + shift);
  return std::string("Edited ") + kMonths[t.month - 1] + " " + std::to_string(t.day) +
         (t.year == now.year ? "" : ", " + std::to_string(t.year));
}

/// Whether the notes task shows the editor (or its label picker) on top.
bool editor_on_screen(const Phone& p) {
  const json& pages = p.page_stack(kApp);
  if (pages.empty()) return false;
  const std::string top = pages.back().value("page", "");
  return top == "edit" || top == "note_labels";
}

/// Saves the editor's draft into the notes (a new note if its id is new; an empty new note is
/// dropped) and closes the draft.
void commit_editor(Phone& p) {
  json& s = own_state(p, kApp);
  const json ed = s["editor"];
  const int id = ed.value("id", 0);
  if (id == 0) return;
  s["editor"] = empty_editor();
  const json cur = find_note(p, id);
  const std::string title = ed.value("title", ""), body = ed.value("body", "");
  if (cur.is_null()) {
    if (title.empty() && body.empty()) {
      p.toast("Empty note discarded");
      return;
    }
    s["notes"][std::to_string(id)] = {{"title", title},   {"body", body},      {"labels", ed["labels"]},
                                      {"pinned", ed["pinned"]}, {"trashed", false}, {"color", "default"},
                                      {"modified_ms", p.now_ms()}};
    s["next_id"] = std::max(s.value("next_id", 1), id + 1);
    return;
  }
  json changes = json::object();
  if (cur.value("title", "") != title || cur.value("body", "") != body) {
    changes["title"] = title;
    changes["body"] = body;
    changes["modified_ms"] = p.now_ms();
  }
  if (cur.value("pinned", false) != ed.value("pinned", false)) changes["pinned"] = ed["pinned"];
  if (cur.value("labels", json::array()) != ed["labels"]) changes["labels"] = ed["labels"];
  if (!changes.empty()) write_note(p, id, changes);
}

/// Back to the top of the list (after the filter or search changes what it holds).
void list_to_top(Phone& p) {
  if (p.foreground() == kApp && p.current_page() == "notes")
    p.set_scroll(0);
}

/// A search-style text field (a pill) bound to the string at `path`.
void pill_field(Ui& ui, Phone& phone, const std::string& id, const Rect& r, const std::string& path,
                const std::string& placeholder) {
  const json& s = phone.state();
  const json::json_pointer ptr(path);
  const std::string value = s.contains(ptr) && s.at(ptr).is_string() ? s.at(ptr).get<std::string>() : "";
  const bool focused = phone.focused_id() == id;
  const float ty = r.t + (r.h() - ui.line_height(Font::BodyLarge)) / 2 - 1;
  float w = 0;
  if (value.empty())
    ui.text(r.l, ty, fit(ui, placeholder, Font::BodyLarge, r.w() - 4), Font::BodyLarge, color::kOnSurfaceVariant);
  else {
    // Long queries show their end, as a field scrolls to the cursor.
    std::string shown = value;
    while (ui.text_width(shown, Font::BodyLarge) > r.w() - 6 && !shown.empty()) shown.erase(0, 1);
    w = ui.text(r.l, ty, shown, Font::BodyLarge, color::kOnSurface);
  }
  if (focused) ui.fill({r.l + w + 1, ty, r.l + w + 3, ty + ui.line_height(Font::BodyLarge) + 2}, color::kPrimary);
  Node& n = ui.node(id, "android.widget.EditText", r);
  n.text = value;
  n.desc = placeholder;
  n.clickable = true;
  n.focusable = true;
  n.focused = focused;
  n.on_click = [id, path](Phone& p) {
    list_to_top(p);
    p.focus(id, path);
  };
}

/// The notes the list shows: not in Trash, with the filter label, matching the query.
std::vector<json> visible_notes(const Phone& p) {
  const std::string label = own_state(p, kApp).value("filter_label", ""), q = lower(own_state(p, kApp).value("query", ""));
  std::vector<json> out;
  for (const json& n : notes_view(p)) {
    if (n.value("trashed", false)) continue;
    const json labels = n.value("labels", json::array());
    if (!label.empty() && std::find(labels.begin(), labels.end(), json(label)) == labels.end()) continue;
    if (!q.empty()) {
      std::string hay = lower(n.value("title", "") + "\n" + n.value("body", ""));
      for (const json& l : labels) hay += "\n" + lower(l.get<std::string>());
      if (hay.find(q) == std::string::npos) continue;
    }
    out.push_back(n);
  }
  std::stable_sort(out.begin(), out.end(), [](const json& a, const json& b) {
    return a.value("modified_ms", std::int64_t{0}) > b.value("modified_ms", std::int64_t{0});
  });
  return out;
}

void open_editor(Phone& p, const json& note) {
  own_state(p, kApp)["editor"] = {{"id", note.value("id", 0)},
                     {"title", note.value("title", "")},
                     {"body", note.value("body", "")},
                     {"pinned", note.value("pinned", false)},
                     {"labels", note.value("labels", json::array())}};
  p.navigate("open_note");
}

class NotesApp : public App {
 public:
  NotesApp() {
    add_page("notes", list);
    add_page("drawer", drawer);
    add_page("edit", edit);
    add_page("note_labels", note_labels);
    add_page("trash", trash);
  }

  /// The editor saves when it is no longer on screen (any way of leaving it).
  void on_time(Phone& phone, std::int64_t, std::int64_t) override {
    if (own_state(phone, kApp)["editor"].value("id", 0) == 0 || editor_on_screen(phone)) return;
    commit_editor(phone);
  }

  void on_dialog_result(Phone& phone, const json& dialog, const std::string& button) override {
    if (dialog.value("kind", "") != "delete_note" || button != "delete") return;
    const int id = dialog.value("data", json::object()).value("note", 0);
    const std::string key = std::to_string(id);
    if (find_note(phone, id).is_null()) return;
    if (World::instance().entity(kApp, "notes", key))
      own_state(phone, kApp)["notes"][key] = nullptr;
    else
      own_state(phone, kApp)["notes"].erase(key);
    phone.toast("Note deleted");
  }

 private:
  // ---------------------------------------------------------------- the list
  static void search_bar(Ui& ui, Phone& phone, bool interactive) {
    const Rect area = Ui::content_area();
    const Rect bar{16, area.t + 8, Ui::kWidthDp - 16, area.t + 56};
    ui.fill(bar, color::kSurfaceContainer, 24);
    if (!interactive) return;
    ui.icon_button("notes.menu", bar.l + 28, (bar.t + bar.b) / 2, "menu", "Open navigation drawer", color::kOnSurfaceVariant,
                   [](Phone& p) { p.navigate("open_drawer"); });
    const bool has_query = !own_state(phone, kApp).value("query", "").empty();
    pill_field(ui, phone, "notes.search", {bar.l + 56, bar.t, bar.r - (has_query ? 52 : 16), bar.b}, "/apps/notes/query",
               "Search your notes");
    if (has_query)
      ui.icon_button("notes.search.clear", bar.r - 28, (bar.t + bar.b) / 2, "close", "Clear search", color::kOnSurfaceVariant,
                     [](Phone& p) {
                       own_state(p, kApp)["query"] = "";
                       p.clear_focus();
                       list_to_top(p);
                     });
  }

  /// Draws a note card at (x, y) and returns its height.
  static float card(Ui& ui, const json& n, float x, float y, bool measure_only) {
    const float pad = 12, w = kCardW - 2 * pad;
    const std::string title = n.value("title", ""), body = n.value("body", "");
    const auto tl = title.empty() ? std::vector<std::string>{} : wrap(ui, title, Font::BodyLarge, w, 2);
    const auto bl = body.empty() ? std::vector<std::string>{} : wrap(ui, body, Font::Body, w, 8);
    const json labels = n.value("labels", json::array());
    float h = pad + tl.size() * 22.f + (tl.empty() || bl.empty() ? 0.f : 6.f) + bl.size() * 20.f + (labels.empty() ? 0.f : 32.f) + pad;
    h = std::max(h, 56.f);
    if (measure_only) return h;
    const Rect r{x, y, x + kCardW, y + h};
    const std::string color_name = n.value("color", "default");
    ui.fill(r, note_color(color_name), 8);
    if (color_name == "default" || note_color(color_name) == color::kSurface) ui.stroke(r, color::kSurfaceVariant, 8);
    float ty = y + pad;
    for (const std::string& l : tl) {
      ui.text(x + pad, ty, l, Font::BodyLarge, color::kOnSurface);
      ty += 22;
    }
    if (!tl.empty() && !bl.empty()) ty += 6;
    for (const std::string& l : bl) {
      ui.text(x + pad, ty, l, Font::Body, color::kOnSurfaceVariant);
      ty += 20;
    }
    if (!labels.empty()) {
      float lx = x + pad;
      const float ly = y + h - pad - 24;
      for (const json& lab : labels) {
        const float room = x + kCardW - pad - lx;
        if (room < 40) break;
        const std::string t = fit(ui, lab.get<std::string>(), Font::Label, room - 16);
        const float tw = ui.text_width(t, Font::Label) + 16;
        ui.fill({lx, ly, lx + tw, ly + 24}, 0x000000, 12, 0.08f);
        ui.text(lx + 8, ly + 12 - ui.line_height(Font::Label) / 2 - 1, t, Font::Label, color::kOnSurface);
        lx += tw + 6;
      }
    }
    const int id = n.value("id", 0);
    Node& node = ui.node("notes.note." + std::to_string(id), "android.widget.FrameLayout", r);
    node.text = title;
    node.desc = utf8_prefix(body, 120);
    node.clickable = true;
    const json copy = n;
    node.on_click = [copy](Phone& p) { open_editor(p, copy); };
    return h;
  }

  /// A staggered two-column grid from the cursor; advances the cursor past it.
  static void grid(Ui& ui, const std::vector<const json*>& notes) {
    float col[2] = {ui.cursor_y(), ui.cursor_y()};
    for (const json* n : notes) {
      const int c = col[1] < col[0] ? 1 : 0;
      const float x = 16 + c * (kCardW + 8);
      col[c] += card(ui, *n, x, col[c], false) + 8;
    }
    ui.set_cursor(std::max(col[0], col[1]));
  }

  static void list(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    search_bar(ui, phone, true);
    float top = area.t + 64;
    const std::string filter = own_state(phone, kApp).value("filter_label", "");
    if (!filter.empty()) {
      const Rect chip_r{16, top, 16 + std::min(ui.text_width(filter, Font::Body), 200.f) + 80, top + 48};
      const Rect pill{chip_r.l, chip_r.t + 8, chip_r.r, chip_r.b - 8};
      ui.fill(pill, color::kPrimaryContainer, 8);
      ui.icon(pill.l + 18, (pill.t + pill.b) / 2, "label", Font::IconSmall, color::kOnPrimaryContainer);
      ui.text(pill.l + 34, (pill.t + pill.b) / 2 - ui.line_height(Font::Body) / 2 - 1, fit(ui, filter, Font::Body, 200),
              Font::Body, color::kOnPrimaryContainer);
      ui.icon(pill.r - 20, (pill.t + pill.b) / 2, "close", Font::IconSmall, color::kOnPrimaryContainer);
      Node& n = ui.node("notes.filter.clear", "android.widget.Button", chip_r);
      n.text = filter;
      n.desc = "Remove label filter";
      n.clickable = true;
      n.on_click = [](Phone& p) {
        own_state(p, kApp)["filter_label"] = "";
        list_to_top(p);
      };
      top += 52;
    }
    const std::vector<json> notes = visible_notes(phone);
    std::vector<const json*> pinned, others;
    for (const json& n : notes) (n.value("pinned", false) ? pinned : others).push_back(&n);
    ui.begin_scroll("notes.list", {0, top, Ui::kWidthDp, area.b}, phone.page_pointer() + "/scroll");
    if (notes.empty()) {
      const bool searching = !own_state(phone, kApp).value("query", "").empty() || !filter.empty();
      const std::string msg = searching ? "No matching notes" : "Notes you add appear here";
      ui.icon(Ui::kWidthDp / 2, ui.cursor_y() + 140, "lightbulb_outline", Font::IconLarge, color::kOutline);
      ui.text_centered(0, Ui::kWidthDp, ui.cursor_y() + 172, msg, Font::BodyLarge, color::kOnSurfaceVariant);
      ui.node("notes.empty", "android.widget.TextView", {40, ui.cursor_y() + 168, Ui::kWidthDp - 40, ui.cursor_y() + 196}).text = msg;
      ui.advance(220);
    }
    auto section = [&](const char* name, const char* id) {
      ui.text(24, ui.cursor_y() + 10, name, Font::Label, color::kOnSurfaceVariant);
      ui.node(id, "android.widget.TextView", {24, ui.cursor_y() + 6, 24 + ui.text_width(name, Font::Label), ui.cursor_y() + 28})
          .text = name;
      ui.advance(32);
    };
    if (!pinned.empty()) {
      section("PINNED", "notes.section.pinned");
      grid(ui, pinned);
      if (!others.empty()) section("OTHERS", "notes.section.others");
    } else {
      ui.advance(8);
    }
    grid(ui, others);
    ui.advance(88);
    ui.end_scroll();
    ui.fab("notes.fab", "add", "New note", [](Phone& p) {
      json ed = empty_editor();
      ed["id"] = own_state(p, kApp).value("next_id", 1);
      const std::string filter = own_state(p, kApp).value("filter_label", "");
      if (!filter.empty()) ed["labels"] = json::array({filter});  // a note made under a label gets it
      own_state(p, kApp)["editor"] = ed;
      p.navigate("new_note");
    });
  }

  // ---------------------------------------------------------------- the drawer
  static void drawer(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    search_bar(ui, phone, false);
    ui.fill({0, area.t, Ui::kWidthDp, area.b}, 0x000000, 0, 0.32f);
    Node& scrim = ui.node("notes.drawer.scrim", "android.view.View", {300, area.t, Ui::kWidthDp, area.b});
    scrim.desc = "Close navigation drawer";
    scrim.clickable = true;
    scrim.on_click = [](Phone& p) { p.back(); };
    ui.fill({0, area.t, 300, area.b}, color::kSurface, 0);
    ui.text(28, area.t + 20, "Keep", Font::Title, color::kOnSurface);
    ui.node("notes.drawer.title", "android.widget.TextView", {28, area.t + 16, 28 + ui.text_width("Keep", Font::Title), area.t + 48})
        .text = "Keep";
    ui.set_cursor(area.t + 64);
    const std::string filter = own_state(phone, kApp).value("filter_label", "");
    auto row = [&](const std::string& id, const std::string& icon, const std::string& label, bool selected, Handler h) {
      const float y = ui.cursor_y();
      if (selected) ui.fill({8, y, 292, y + 48}, color::kPrimaryContainer, 24);
      const std::uint32_t fg = selected ? color::kOnPrimaryContainer : color::kOnSurfaceVariant;
      ui.icon(36, y + 24, icon, Font::Icon, fg);
      ui.text(72, y + 24 - ui.line_height(Font::BodyLarge) / 2 - 1, fit(ui, label, Font::BodyLarge, 200), Font::BodyLarge,
              selected ? color::kOnPrimaryContainer : color::kOnSurface);
      Node& n = ui.node(id, "android.widget.CheckedTextView", {8, y, 292, y + 48});
      n.text = label;
      n.clickable = true;
      n.selected = selected;
      n.on_click = std::move(h);
      ui.advance(48);
    };
    row("notes.drawer.all", "lightbulb_outline", "Notes", filter.empty(), [](Phone& p) {
      own_state(p, kApp)["filter_label"] = "";
      p.back();
      list_to_top(p);
    });
    ui.fill({0, ui.cursor_y() + 8, 300, ui.cursor_y() + 9}, color::kSurfaceVariant);
    ui.text(28, ui.cursor_y() + 20, "Labels", Font::Label, color::kOnSurfaceVariant);
    ui.advance(44);
    for (const json& l : own_state(phone, kApp).value("labels", json::array())) {
      const std::string label = l.get<std::string>();
      row("notes.drawer.label." + slug(label), "label_outline", label, label == filter, [label](Phone& p) {
        own_state(p, kApp)["filter_label"] = label;
        p.back();
        list_to_top(p);
      });
    }
    ui.fill({0, ui.cursor_y() + 8, 300, ui.cursor_y() + 9}, color::kSurfaceVariant);
    ui.advance(16);
    row("notes.drawer.trash", "delete", "Trash", false, [](Phone& p) {
      p.back();
      p.navigate("open_trash");
    });
  }

  // ---------------------------------------------------------------- the editor
  static void edit(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const json& ed = own_state(phone, kApp)["editor"];
    const int id = ed.value("id", 0);
    const json note = find_note(phone, id);
    ui.fill(area, note_color(note.is_null() ? "default" : note.value("color", "default")));
    ui.icon_button("notes.editor.back", 28, area.t + 32, "arrow_back", "Navigate up", color::kOnSurface, [](Phone& p) {
      p.clear_focus();
      p.back();
    });
    const bool pinned = ed.value("pinned", false);
    if (pinned) ui.circle(220, area.t + 32, 20, color::kPrimaryContainer);
    ui.icon_button("notes.editor.pin", 220, area.t + 32, "push_pin", pinned ? "Unpin" : "Pin",
                   pinned ? color::kOnPrimaryContainer : color::kOnSurfaceVariant, [](Phone& p) {
                     json& e = own_state(p, kApp)["editor"];
                     e["pinned"] = !e.value("pinned", false);
                   });
    for (Node& n : ui.nodes())
      if (n.id == "notes.editor.pin") n.checkable = true, n.checked = pinned;
    ui.icon_button("notes.editor.label", 268, area.t + 32, "label_outline", "Labels", color::kOnSurfaceVariant,
                   [](Phone& p) { p.navigate("open_labels"); });
    ui.icon_button("notes.editor.delete", 316, area.t + 32, "delete", "Delete", color::kOnSurfaceVariant, [](Phone& p) {
      const int nid = own_state(p, kApp)["editor"].value("id", 0);
      own_state(p, kApp)["editor"] = empty_editor();
      const bool exists = !find_note(p, nid).is_null();
      if (exists) write_note(p, nid, {{"trashed", true}});
      p.clear_focus();
      p.back();
      p.toast(exists ? "Note moved to Trash" : "Empty note discarded");
    });
    float y = area.t + 64;
    // Title: one line, larger.
    {
      const Rect r{16, y, Ui::kWidthDp - 16, y + 56};
      const std::string t = ed.value("title", "");
      const bool focused = phone.focused_id() == "notes.editor.title";
      const float ty = r.t + (r.h() - ui.line_height(Font::Title)) / 2 - 1;
      std::string shown = t;
      while (ui.text_width(shown, Font::Title) > r.w() - 8 && !shown.empty()) shown.erase(0, 1);
      float w = 0;
      if (t.empty())
        ui.text(r.l, ty, "Title", Font::Title, color::kOnSurfaceVariant, 0.7f);
      else
        w = ui.text(r.l, ty, shown, Font::Title, color::kOnSurface);
      if (focused) ui.fill({r.l + w + 1, ty, r.l + w + 3, ty + ui.line_height(Font::Title) + 2}, color::kPrimary);
      Node& n = ui.node("notes.editor.title", "android.widget.EditText", r);
      n.text = t;
      n.desc = "Title";
      n.clickable = n.focusable = true;
      n.focused = focused;
      n.on_click = [](Phone& p) { p.focus("notes.editor.title", "/apps/notes/editor/title"); };
      y += 60;
    }
    // Body: wrapped lines.
    {
      const std::string b = ed.value("body", "");
      const bool focused = phone.focused_id() == "notes.editor.body";
      const float w = Ui::kWidthDp - 32;
      const int max_lines = 16;
      std::vector<std::string> lines = b.empty() ? std::vector<std::string>{} : wrap(ui, b, Font::BodyLarge, w - 4, max_lines);
      float ly = y;
      if (b.empty()) ui.text(16, ly, "Note", Font::BodyLarge, color::kOnSurfaceVariant, 0.7f);
      float lw = 0;
      for (const std::string& l : lines) {
        lw = ui.text(16, ly, l, Font::BodyLarge, color::kOnSurface);
        ly += 24;
      }
      if (focused) {
        const float cy = lines.empty() ? y : ly - 24;
        ui.fill({16 + lw + 1, cy, 16 + lw + 3, cy + ui.line_height(Font::BodyLarge) + 2}, color::kPrimary);
      }
      const float h = std::max(120.f, static_cast<float>(lines.size()) * 24 + 16);
      Node& n = ui.node("notes.editor.body", "android.widget.EditText", {16, y - 4, Ui::kWidthDp - 16, y + h});
      n.text = b;
      n.desc = "Note";
      n.clickable = n.focusable = true;
      n.focused = focused;
      n.on_click = [](Phone& p) { p.focus("notes.editor.body", "/apps/notes/editor/body"); };
      y += h + 8;
    }
    // Labels as chips (tap: the label picker).
    const json labels = ed.value("labels", json::array());
    if (!labels.empty()) {
      float x = 16;
      for (const json& l : labels) {
        const float room = Ui::kWidthDp - 16 - x;
        if (room < 48) break;
        const std::string t = fit(ui, l.get<std::string>(), Font::Body, room - 24);
        const float tw = ui.text_width(t, Font::Body) + 24;
        ui.fill({x, y + 8, x + tw, y + 40}, 0x000000, 16, 0.08f);
        ui.text(x + 12, y + 24 - ui.line_height(Font::Body) / 2 - 1, t, Font::Body, color::kOnSurface);
        Node& n = ui.node("notes.editor.chip." + slug(l.get<std::string>()), "android.widget.Button",
                          {x, y, x + std::max(tw, 48.f), y + 48});
        n.text = l.get<std::string>();
        n.clickable = true;
        n.on_click = [](Phone& p) { p.navigate("open_labels"); };
        x += std::max(tw, 48.f) + 8;
      }
    }
    const std::string edited = note.is_null() ? "New note" : edited_text(phone, note.value("modified_ms", std::int64_t{0}));
    ui.text_centered(0, Ui::kWidthDp, area.b - 32, edited, Font::Label, color::kOnSurfaceVariant);
    ui.node("notes.editor.edited", "android.widget.TextView", {100, area.b - 36, Ui::kWidthDp - 100, area.b - 12}).text = edited;
  }

  static void note_labels(Ui& ui, Phone& phone) {
    ui.top_bar("notes.labels.heading", "Label note", true);
    const json& ed = own_state(phone, kApp)["editor"];
    const json mine = ed.value("labels", json::array());
    for (const json& l : own_state(phone, kApp).value("labels", json::array())) {
      const std::string label = l.get<std::string>();
      const bool on = std::find(mine.begin(), mine.end(), l) != mine.end();
      const float y = ui.cursor_y();
      ui.icon(32, y + 28, "label_outline", Font::Icon, color::kOnSurfaceVariant);
      ui.text(64, y + 28 - ui.line_height(Font::BodyLarge) / 2 - 1, fit(ui, label, Font::BodyLarge, 220), Font::BodyLarge,
              color::kOnSurface);
      ui.icon(Ui::kWidthDp - 36, y + 28, on ? "check_box" : "check_box_outline_blank", Font::Icon,
              on ? color::kPrimary : color::kOnSurfaceVariant);
      Node& n = ui.node("notes.label." + slug(label), "android.widget.CheckBox", {0, y, Ui::kWidthDp, y + 56});
      n.text = label;
      n.clickable = n.checkable = true;
      n.checked = on;
      n.on_click = [label](Phone& p) {
        json& e = own_state(p, kApp)["editor"];
        const json cur = e.value("labels", json::array());
        json next = json::array();
        // Keep the order of the label list; toggle this one.
        for (const json& all : own_state(p, kApp).value("labels", json::array())) {
          const bool has = std::find(cur.begin(), cur.end(), all) != cur.end();
          if (all.get<std::string>() == label ? !has : has) next.push_back(all);
        }
        e["labels"] = next;
      };
      ui.advance(56);
    }
  }

  // ---------------------------------------------------------------- trash
  static void trash(Ui& ui, Phone& phone) {
    ui.top_bar("notes.trash.heading", "Trash", true);
    const Rect area = Ui::content_area();
    std::vector<json> trashed;
    for (const json& n : notes_view(phone))
      if (n.value("trashed", false)) trashed.push_back(n);
    std::stable_sort(trashed.begin(), trashed.end(), [](const json& a, const json& b) {
      return a.value("modified_ms", std::int64_t{0}) > b.value("modified_ms", std::int64_t{0});
    });
    ui.begin_scroll("notes.trash.list", {0, ui.cursor_y(), Ui::kWidthDp, area.b}, phone.page_pointer() + "/scroll");
    if (trashed.empty()) {
      ui.icon(Ui::kWidthDp / 2, ui.cursor_y() + 140, "delete", Font::IconLarge, color::kOutline);
      ui.text_centered(0, Ui::kWidthDp, ui.cursor_y() + 172, "No notes in Trash", Font::BodyLarge, color::kOnSurfaceVariant);
      ui.node("notes.trash.empty", "android.widget.TextView", {60, ui.cursor_y() + 168, 300, ui.cursor_y() + 196}).text =
          "No notes in Trash";
      ui.advance(220);
    }
    for (const json& n : trashed) {
      const int id = n.value("id", 0);
      const std::string base = "notes.trash." + std::to_string(id);
      const float y = ui.cursor_y();
      const std::string title = n.value("title", ""), body = n.value("body", "");
      std::string first_line = body.substr(0, body.find('\n'));
      const float tw = Ui::kWidthDp - 16 - 112;
      ui.text(16, y + 13, fit(ui, title.empty() ? first_line : title, Font::BodyLarge, tw), Font::BodyLarge, color::kOnSurface);
      ui.text(16, y + 38, fit(ui, title.empty() ? "" : first_line, Font::Body, tw), Font::Body, color::kOnSurfaceVariant);
      Node& row = ui.node(base, "android.widget.LinearLayout", {0, y, Ui::kWidthDp - 112, y + 72});
      row.text = title;
      row.desc = utf8_prefix(body, 120);
      ui.icon_button(base + ".restore", Ui::kWidthDp - 84, y + 36, "restore_from_trash", "Restore", color::kOnSurfaceVariant,
                     [id](Phone& p) {
                       write_note(p, id, {{"trashed", false}});
                       p.toast("Note restored");
                     });
      ui.icon_button(base + ".delete", Ui::kWidthDp - 32, y + 36, "delete_forever", "Delete forever", color::kOnSurfaceVariant,
                     [id, title](Phone& p) {
                       p.show_dialog({{"owner", kApp},
                                      {"kind", "delete_note"},
                                      {"title", "Delete this note forever?"},
                                      {"text", (title.empty() ? std::string("This note") : "\"" + title + "\"") +
                                                   " will be deleted permanently."},
                                      {"buttons", json::array({{{"id", "cancel"}, {"label", "Cancel"}},
                                                               {{"id", "delete"}, {"label", "Delete"}}})},
                                      {"data", {{"note", id}}}});
                     });
      ui.advance(72);
    }
    ui.end_scroll();
  }
};

}  // namespace
PG_REGISTER_APP("notes", NotesApp);
}  // namespace pg
