// Keep Notes (com.google.android.keep): a two-column staggered grid of notes (pinned first, then
// the others, each newest-edited first), a search field, a drawer that filters by label, the note
// editor (title, body, pin, labels, move to Trash) and the Trash (restore, or delete forever after
// a confirmation). Notes are the world collection `notes` (apps/notes/world/notes.json) seen
// through the overlay apps.notes.notes. The editor edits a draft (apps.notes.editor) that is
// saved when the editor is left, whichever way (its back arrow, the system back, switching pages).
#include "sim/os/app.hpp"
#include "sim/os/clock_format.hpp"
#include "sim/os/phone.hpp"
#include "sim/os/text_edit.hpp"
#include "sim/state/overlay.hpp"
#include "sim/ui/text_layout.hpp"
#include "sim/ui/ui.hpp"
#include "sim/util/text.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

namespace pg {
namespace {

using json = nlohmann::json;

constexpr const char* kApp = "notes";
/// A grid card's width (dp): two columns with 16 dp margins and an 8 dp gutter.
float card_w() { return (Ui::width_dp() - 16 * 2 - 8) / 2; }

json notes_view(const Phone& p) { return resolve_collection(World::instance(), own_state(p, kApp), kApp, "notes"); }
json find_note(const Phone& p, int id) { return resolve_entity(World::instance(), own_state(p, kApp), kApp, "notes", std::to_string(id)); }

json empty_editor() {
  return {{"id", 0}, {"title", ""}, {"body", ""}, {"pinned", false}, {"labels", json::array()}};
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

/// "Edited 08:00" today, else "Edited Dec 31".
std::string edited_text(const Phone& p, std::int64_t utc_ms) {
  const std::int64_t shift = p.local_time_ms() - p.now_ms();
  const CivilTime t = civil_from_ms(utc_ms + shift), now = civil_from_ms(p.local_time_ms());
  if (t.year == now.year && t.month == now.month && t.day == now.day) return "Edited " + p.format_time(utc_ms + shift);
  return "Edited " + format_date(t.year, t.month, t.day, t.year == now.year ? DateStyle::MonthDay : DateStyle::MonthDayYear);
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
  const json* stored = phone.find(json::json_pointer(path));
  const std::string value = stored && stored->is_string() ? stored->get<std::string>() : "";
  const bool focused = phone.focused_id() == id;
  const float ty = r.t + (r.h() - ui.line_height(Font::BodyLarge)) / 2 - 1;
  if (value.empty())
    ui.text(r.l, ty, ui.ellipsize(placeholder, Font::BodyLarge, r.w() - 4), Font::BodyLarge, color::kOnSurfaceVariant);
  // Long queries show the part around the caret (the end while typing there).
  const LineView view = draw_line_value(ui, value, r.l, ty, r.w() - 6, Font::BodyLarge, color::kOnSurface,
                                        focused ? text_cursor(phone) : std::string::npos, color::kPrimary);
  Node& n = ui.item(id, "android.widget.EditText", r, value, [id, path, view](Phone& p) {
    const bool was_focused = p.focused_id() == id;
    list_to_top(p);
    p.focus(id, path);
    if (was_focused) place_caret(p, view);  // a tap on the focused field moves the caret
  });
  n.desc = placeholder;
  n.focusable = true;
  n.focused = focused;
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
    if (object_member(own_state(std::as_const(phone), kApp), "editor").value("id", 0) == 0 || editor_on_screen(phone))
      return;
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
    const Rect bar{16, area.t + 8, Ui::width_dp() - 16, area.t + 56};
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
    const float pad = 12, w = card_w() - 2 * pad;
    const std::string title = n.value("title", ""), body = n.value("body", "");
    const auto tl = title.empty() ? std::vector<std::string>{} : ui.wrap(title, Font::BodyLarge, w, 2);
    const auto bl = body.empty() ? std::vector<std::string>{} : ui.wrap(body, Font::Body, w, 8);
    const json labels = n.value("labels", json::array());
    float h = pad + tl.size() * 22.f + (tl.empty() || bl.empty() ? 0.f : 6.f) + bl.size() * 20.f + (labels.empty() ? 0.f : 32.f) + pad;
    h = std::max(h, 56.f);
    if (measure_only) return h;
    const Rect r{x, y, x + card_w(), y + h};
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
        const float room = x + card_w() - pad - lx;
        if (room < 40) break;
        const std::string t = ui.ellipsize(lab.get<std::string>(), Font::Label, room - 16);
        const float tw = ui.text_width(t, Font::Label) + 16;
        ui.fill({lx, ly, lx + tw, ly + 24}, 0x000000, 12, 0.08f);
        ui.text(lx + 8, ly + 12 - ui.line_height(Font::Label) / 2 - 1, t, Font::Label, color::kOnSurface);
        lx += tw + 6;
      }
    }
    const int id = n.value("id", 0);
    Node& node = ui.item("notes.note." + std::to_string(id), "android.widget.FrameLayout", r, title, {});
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
      const float x = 16 + c * (card_w() + 8);
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
      ui.chip(
            "notes.filter.clear", chip_r, filter, true,
            [](Phone& p) {
              own_state(p, kApp)["filter_label"] = "";
              list_to_top(p);
            },
            "label", "close")
          .desc = "Remove label filter";
      top += 52;
    }
    const std::vector<json> notes = visible_notes(phone);
    std::vector<const json*> pinned, others;
    for (const json& n : notes) (n.value("pinned", false) ? pinned : others).push_back(&n);
    ui.begin_scroll("notes.list", {0, top, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    if (notes.empty()) {
      const bool searching = !own_state(phone, kApp).value("query", "").empty() || !filter.empty();
      const std::string msg = searching ? "No matching notes" : "Notes you add appear here";
      ui.icon(Ui::width_dp() / 2, ui.cursor_y() + 140, "lightbulb_outline", Font::IconLarge, color::kOutline);
      ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 172, msg, Font::BodyLarge, color::kOnSurfaceVariant);
      ui.label("notes.empty", {40, ui.cursor_y() + 168, Ui::width_dp() - 40, ui.cursor_y() + 196}, msg);
      ui.advance(220);
    }
    auto section = [&](const char* name, const char* id) {
      ui.text(24, ui.cursor_y() + 10, name, Font::Label, color::kOnSurfaceVariant);
      ui.label(id, {24, ui.cursor_y() + 6, 24 + ui.text_width(name, Font::Label), ui.cursor_y() + 28}, name);
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
    // The drawer sheet covers the scrim's left 300 dp.
    ui.scrim("notes.drawer.scrim", {300, area.t, Ui::width_dp(), area.b}, 0.32f, [](Phone& p) { p.back(); }).desc =
        "Close navigation drawer";
    ui.fill({0, area.t, 300, area.b}, color::kSurface, 0);
    ui.text(28, area.t + 20, "Keep", Font::Title, color::kOnSurface);
    ui.label("notes.drawer.title", {28, area.t + 16, 28 + ui.text_width("Keep", Font::Title), area.t + 48}, "Keep");
    ui.set_cursor(area.t + 64);
    const std::string filter = own_state(phone, kApp).value("filter_label", "");
    auto row = [&](const std::string& id, const std::string& icon, const std::string& label, bool selected, Handler h) {
      const float y = ui.cursor_y();
      if (selected) ui.fill({8, y, 292, y + 48}, color::kPrimaryContainer, 24);
      const std::uint32_t fg = selected ? color::kOnPrimaryContainer : color::kOnSurfaceVariant;
      ui.icon(36, y + 24, icon, Font::Icon, fg);
      ui.text(72, y + 24 - ui.line_height(Font::BodyLarge) / 2 - 1, ui.ellipsize(label, Font::BodyLarge, 200),
              Font::BodyLarge, selected ? color::kOnPrimaryContainer : color::kOnSurface);
      Node& n = ui.item(id, "android.widget.CheckedTextView", {8, y, 292, y + 48}, label, std::move(h));
      n.selected = selected;
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
    ui.icon_button("notes.editor.pin", Ui::width_dp() - 140, area.t + 32, "push_pin", pinned ? "Unpin" : "Pin",
                   pinned ? color::kOnPrimaryContainer : color::kOnSurfaceVariant, [](Phone& p) {
                     json& e = own_state(p, kApp)["editor"];
                     e["pinned"] = !e.value("pinned", false);
                   });
    for (Node& n : ui.nodes())
      if (n.id == "notes.editor.pin") n.checkable = true, n.checked = pinned;
    ui.icon_button("notes.editor.label", Ui::width_dp() - 92, area.t + 32, "label_outline", "Labels", color::kOnSurfaceVariant,
                   [](Phone& p) { p.navigate("open_labels"); });
    ui.icon_button("notes.editor.delete", Ui::width_dp() - 44, area.t + 32, "delete", "Delete", color::kOnSurfaceVariant, [](Phone& p) {
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
      const Rect r{16, y, Ui::width_dp() - 16, y + 56};
      const std::string t = ed.value("title", "");
      const bool focused = phone.focused_id() == "notes.editor.title";
      const float ty = r.t + (r.h() - ui.line_height(Font::Title)) / 2 - 1;
      // A long title shows its end; the caret (os.keyboard.cursor) sits between the characters.
      std::size_t cut = 0;
      while (cut < t.size() && text_width_of(t, cut, t.size(), Font::Title) > r.w() - 8) cut = utf8_offset(t, utf8_index(t, cut) + 1);
      const std::string shown = t.substr(cut);
      if (t.empty())
        ui.text(r.l, ty, "Title", Font::Title, color::kOnSurfaceVariant, 0.7f);
      else
        ui.text(r.l, ty, shown, Font::Title, color::kOnSurface);
      if (focused) {
        const std::size_t caret = std::max(utf8_offset(t, text_cursor(phone)), cut);
        const float cx = r.l + text_width_of(t, cut, caret, Font::Title);
        ui.fill({cx, ty, cx + 2, ty + ui.line_height(Font::Title) + 2}, color::kPrimary);
      }
      Node& n = ui.item("notes.editor.title", "android.widget.EditText", r, t, {});
      n.desc = "Title";
      n.clickable = n.focusable = true;
      n.focused = focused;
      // A tap on the focused title moves the caret to the nearest character boundary.
      n.on_click = [shown, first = utf8_index(t, cut), left = r.l](Phone& p) {
        const bool was_focused = p.focused_id() == "notes.editor.title";
        p.focus("notes.editor.title", "/apps/notes/editor/title");
        if (was_focused)
          set_text_cursor(p, first + utf8_index(shown, offset_at_x(shown, {0, shown.size()}, Font::Title,
                                                                  Ui::to_dp(static_cast<float>(p.pointer_x_px())) - left)));
      };
      y += 60;
    }
    {
      // The body: wrapped 24 dp lines (the caret's line kept in view), at least 120 dp tall.
      const float h = ui.compose_area("notes.editor.body", 16, y - 4, Ui::width_dp() - 28, 124,
                                      "/apps/notes/editor/body", "Note", 16, {color::kPrimary, "letters", false, {}});
      y += h - 4 + 8;
    }
    // Labels as chips (tap: the label picker).
    const json labels = ed.value("labels", json::array());
    if (!labels.empty()) {
      float x = 16;
      for (const json& l : labels) {
        const float room = Ui::width_dp() - 16 - x;
        if (room < 48) break;
        const std::string t = ui.ellipsize(l.get<std::string>(), Font::Body, room - 24);
        const float tw = ui.text_width(t, Font::Body) + 24;
        ui.chip("notes.editor.chip." + slug(l.get<std::string>()), {x, y, x + std::max(tw, 48.f), y + 48},
                l.get<std::string>(), false, [](Phone& p) { p.navigate("open_labels"); });
        x += std::max(tw, 48.f) + 8;
      }
    }
    const std::string edited = note.is_null() ? "New note" : edited_text(phone, note.value("modified_ms", std::int64_t{0}));
    ui.text_centered(0, Ui::width_dp(), area.b - 32, edited, Font::Label, color::kOnSurfaceVariant);
    ui.label("notes.editor.edited", {100, area.b - 36, Ui::width_dp() - 100, area.b - 12}, edited);
  }

  static void note_labels(Ui& ui, Phone& phone) {
    ui.top_bar("notes.labels.heading", "Label note", true);
    const json& ed = own_state(phone, kApp)["editor"];
    const json mine = ed.value("labels", json::array());
    // Keep's label search: typing filters the labels, and a name no label has can be created
    // (labels are Keep's folders).
    const float fy = ui.cursor_y();
    ui.text_field("notes.labels.name", {16, fy, Ui::width_dp() - 16, fy + 56}, "Label name", "/apps/notes/label_query",
                  "Enter label name");
    ui.advance(64);
    const std::string typed = own_state(phone, kApp).value("label_query", "");
    std::string name = typed;  // trimmed
    while (!name.empty() && name.back() == ' ') name.pop_back();
    while (!name.empty() && name.front() == ' ') name.erase(name.begin());
    const json all_labels = own_state(phone, kApp).value("labels", json::array());
    bool exists = false;
    for (const json& l : all_labels) exists = exists || lower(l.get<std::string>()) == lower(name);
    if (!name.empty() && !exists) {
      const float y = ui.cursor_y();
      ui.list_row("notes.labels.create", "Create \"" + name + "\"", "", "add", [name](Phone& p) {
        json& st = own_state(p, kApp);
        st["labels"].push_back(name);
        st["editor"]["labels"].push_back(name);  // the new label goes on this note
        st["label_query"] = "";
        p.clear_focus();
      });
      (void)y;
    }
    for (const json& l : all_labels) {
      const std::string label = l.get<std::string>();
      if (!name.empty() && lower(label).find(lower(name)) == std::string::npos) continue;
      const bool on = std::find(mine.begin(), mine.end(), l) != mine.end();
      const float y = ui.cursor_y();
      ui.checkbox(
          "notes.label." + slug(label), {0, y, Ui::width_dp(), y + 56}, label, on,
          [label](Phone& p) {
            json& e = own_state(p, kApp)["editor"];
            const json cur = e.value("labels", json::array());
            json next = json::array();
            // Keep the order of the label list; toggle this one.
            for (const json& all : own_state(p, kApp).value("labels", json::array())) {
              const bool has = std::find(cur.begin(), cur.end(), all) != cur.end();
              if (all.get<std::string>() == label ? !has : has) next.push_back(all);
            }
            e["labels"] = next;
          },
          "label_outline");
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
    ui.begin_scroll("notes.trash.list", {0, ui.cursor_y(), Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    if (trashed.empty()) {
      ui.icon(Ui::width_dp() / 2, ui.cursor_y() + 140, "delete", Font::IconLarge, color::kOutline);
      ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 172, "No notes in Trash", Font::BodyLarge, color::kOnSurfaceVariant);
      ui.label("notes.trash.empty", {60, ui.cursor_y() + 168, 300, ui.cursor_y() + 196}, "No notes in Trash");
      ui.advance(220);
    }
    for (const json& n : trashed) {
      const int id = n.value("id", 0);
      const std::string base = "notes.trash." + std::to_string(id);
      const float y = ui.cursor_y();
      const std::string title = n.value("title", ""), body = n.value("body", "");
      std::string first_line = body.substr(0, body.find('\n'));
      const float tw = Ui::width_dp() - 16 - 112;
      ui.text(16, y + 13, ui.ellipsize(title.empty() ? first_line : title, Font::BodyLarge, tw), Font::BodyLarge,
              color::kOnSurface);
      ui.text(16, y + 38, ui.ellipsize(title.empty() ? "" : first_line, Font::Body, tw), Font::Body,
              color::kOnSurfaceVariant);
      Node& row = ui.item(base, "android.widget.LinearLayout", {0, y, Ui::width_dp() - 112, y + 72}, title, {});
      row.desc = utf8_prefix(body, 120);
      ui.icon_button(base + ".restore", Ui::width_dp() - 84, y + 36, "restore_from_trash", "Restore", color::kOnSurfaceVariant,
                     [id](Phone& p) {
                       write_note(p, id, {{"trashed", false}});
                       p.toast("Note restored");
                     });
      ui.icon_button(base + ".delete", Ui::width_dp() - 32, y + 36, "delete_forever", "Delete forever", color::kOnSurfaceVariant,
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
