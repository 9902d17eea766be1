// Markdown (com.phonegym.markdown): a Markor-like notebook of markdown and plain-text notes.
// The notes are files in shared storage, under "Documents/Markdown", owned by Files: this app
// keeps no copy of them and lists, reads, writes, renames, moves and deletes them through
// call_app(phone, "files", ...) (docs/apps/files.md, "Shared storage"). So a note renamed in
// Files is renamed here, and judges read one place: the Files collection.
//
// Pages: the file browser (breadcrumb, folders first, sort by name or date, FAB "+", long press to
// select several), the create dialog (name, type, folder; also "new note from clipboard"), the
// editor (a text area bound to a draft, a markdown toolbar), the preview (headings, emphasis,
// lists, tappable checkboxes, links, code), rename, move (folder picker), search by name and
// content, settings. The draft of the open note (apps.markdown.draft, UI state) is saved to
// Files after every action that changed it (App::on_time), as Markor saves as you type.
#include "apps/markdown/markdown_text.hpp"
#include "sim/os/clock_format.hpp"
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"
#include "sim/os/system_ui.hpp"
#include "sim/os/text_edit.hpp"
#include "sim/ui/text_layout.hpp"
#include "sim/ui/ui.hpp"
#include "sim/util/text.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>
#include <string>
#include <vector>

namespace pg {
namespace {

using json = nlohmann::json;

constexpr const char* kApp = "markdown";
constexpr const char* kRoot = "Documents/Markdown";  ///< the notebook: a folder path in shared storage
constexpr std::uint32_t kBrand = 0x455A64, kBrandSoft = 0xE3E9EC, kDivider = 0xE6E1E8, kFolderInk = 0x5F6B73;

// ---------------------------------------------------------------- shared storage (Files)

/// The Files path of a notebook folder ("" = the notebook itself, "Work" = Documents/Markdown/Work).
std::string full_path(const std::string& rel) { return rel.empty() ? kRoot : std::string(kRoot) + "/" + rel; }

/// The notebook-relative path of a Files folder path; "\x01" when it lies outside the notebook.
std::string rel_path(const std::string& folder) {
  const std::string root = kRoot;
  if (folder == root) return "";
  if (folder.rfind(root + "/", 0) == 0) return folder.substr(root.size() + 1);
  return "\x01";
}

/// The last name of a folder path ("Work/2026" -> "2026"; "" -> "Markdown").
std::string folder_name(const std::string& rel) {
  if (rel.empty()) return "Markdown";
  const auto p = rel.rfind('/');
  return p == std::string::npos ? rel : rel.substr(p + 1);
}

/// One of Files' storage calls (docs/apps/files.md, "Shared storage").
json files(Phone& p, const std::string& call, const json& args) { return call_app(p, "files", call, args); }

/// The files of a notebook folder (entries {id, name, folder, kind, size, modified, text?}).
json list_files(Phone& p, const std::string& rel) { return files(p, "list", {{"folder", full_path(rel)}}); }
/// The subfolders of a notebook folder.
json list_folders(Phone& p, const std::string& rel) { return files(p, "folders", {{"folder", full_path(rel)}}); }
/// A file's entry, or null when it is gone (deleted in Files, say).
json read_file(Phone& p, const std::string& id) {
  if (id.empty()) return nullptr;
  try {
    return files(p, "read", {{"id", id}});
  } catch (const std::invalid_argument&) {
    return nullptr;
  }
}

// ---------------------------------------------------------------- own state

/// apps.markdown, writable / read-only.
json& st(Phone& p) { return own_state(p, kApp); }
const json& st(const Phone& p) { return own_state(p, kApp); }
/// A setting (apps.markdown.settings.<key>), or `fallback` when unset.
std::string setting(const Phone& p, const char* key, const char* fallback) {
  const json& s = st(p);
  if (!s.contains("settings") || !s["settings"].is_object()) return fallback;
  return s["settings"].value(key, fallback);
}
/// The browser's selection (Files ids), as stored.
std::vector<std::string> selected(const Phone& p) {
  std::vector<std::string> out;
  const json& s = st(p);
  if (s.contains("selected") && s["selected"].is_array())
    for (const json& v : s["selected"]) out.push_back(v.get<std::string>());
  return out;
}
void set_selected(Phone& p, const std::vector<std::string>& ids) { st(p)["selected"] = ids; }
/// The open note's Files id ("" when no note is open) and its text being edited.
std::string draft_id(const Phone& p) {
  const json& s = st(p);
  return s.contains("draft") && s["draft"].is_object() ? s["draft"].value("id", "") : "";
}
std::string draft_text(const Phone& p) {
  const json& s = st(p);
  return s.contains("draft") && s["draft"].is_object() ? s["draft"].value("text", "") : "";
}

/// Saves the open note's draft to Files when it changed since it was loaded or last saved.
void save_draft(Phone& p) {
  const json& s = st(static_cast<const Phone&>(p));
  if (!s.contains("draft") || !s["draft"].is_object()) return;
  const json& d = s["draft"];
  const std::string id = d.value("id", ""), text = d.value("text", ""), base = d.value("base", "");
  if (id.empty() || text == base) return;
  try {
    files(p, "write", {{"id", id}, {"text", text}});
  } catch (const std::invalid_argument&) {
    // The file went away under the editor (deleted in Files): nothing to save into.
  }
  st(p)["draft"]["base"] = text;
}

/// Closes the draft (the editor was left): an empty id, text and base, as on a fresh phone.
void clear_draft(Phone& p) { st(p)["draft"] = {{"id", ""}, {"text", ""}, {"base", ""}}; }

// ---------------------------------------------------------------- page-local state

/// Pops pages until the current one is `page` (or the app's root page).
void pop_to(Phone& p, const std::string& page) {
  p.clear_focus();
  for (int guard = 0; guard < 64 && p.current_page() != page && p.page_stack(kApp).size() > 1; ++guard) p.back();
}

/// Opens the note `id` in the editor (from the browser or search): loads the draft.
void open_note(Phone& p, const json& entry) {
  save_draft(p);
  const std::string text = entry.value("text", "");
  st(p)["draft"] = {{"id", entry.value("id", "")}, {"text", text}, {"base", text}};
  set_selected(p, {});
  p.navigate("open_note");
}

// ---------------------------------------------------------------- formatting

/// "Dec 30, 2025" (in the phone's locale) from "2025-12-30 18:12".
std::string format_date(const std::string& modified) {
  if (modified.size() < 10) return modified;
  const int m = std::atoi(modified.substr(5, 2).c_str()), d = std::atoi(modified.substr(8, 2).c_str());
  if (m < 1 || m > 12) return modified;
  return pg::format_date(std::atoi(modified.substr(0, 4).c_str()), m, d, DateStyle::MonthDayYear);
}
/// "512 B", "1.3 kB" (SI, as Android's short file sizes).
std::string format_size(std::int64_t bytes) {
  if (bytes < 1000) return std::to_string(bytes) + " B";
  const std::int64_t tenths = (bytes * 10 + 500) / 1000;
  return std::to_string(tenths / 10) + "." + std::to_string(tenths % 10) + " kB";
}
/// Whether `s` ends with `x`.
bool ends_with(const std::string& s, const std::string& x) {
  return s.size() >= x.size() && s.compare(s.size() - x.size(), x.size(), x) == 0;
}
/// The icon of a note by its name: to-do lists, markdown, plain text.
std::string note_icon(const std::string& name) {
  if (ends_with(lower(name), ".todo.txt") || lower(name) == "todo.txt") return "checklist";
  if (ends_with(lower(name), ".md") || ends_with(lower(name), ".markdown")) return "description";
  return "text_snippet";
}
/// The extension a file type adds ("md" -> ".md", "txt" -> ".txt", "todo" -> ".todo.txt").
std::string extension_of(const std::string& type) {
  return type == "txt" ? ".txt" : type == "todo" ? ".todo.txt" : ".md";
}

/// Sorts entries as the settings say: by name (case-insensitive), or newest first.
void sort_entries(const Phone& p, std::vector<json>& v) {
  const bool by_date = setting(p, "sort", "name") == "date";
  std::stable_sort(v.begin(), v.end(), [by_date](const json& a, const json& b) {
    if (by_date && a.value("modified", "") != b.value("modified", "")) return a.value("modified", "") > b.value("modified", "");
    return lower(a.value("name", "")) < lower(b.value("name", ""));
  });
}

// ---------------------------------------------------------------- widgets

/// An icon button of the app bar: widget id, Material icon, content description, handler.
struct BarIcon {
  std::string id, icon, desc;
  Handler on_click;
};
/// The top app bar (64 dp): optional back arrow (Phone::back), the title (its node reports the
/// whole title even when it is ellipsized), and icon buttons from the right. Returns its bottom (dp).
float app_bar(Ui& ui, const std::string& id, const std::string& title, bool back, const std::vector<BarIcon>& icons,
              std::uint32_t bg = color::kSurface) {
  const Rect area = Ui::content_area();
  ui.fill({0, area.t, Ui::width_dp(), area.t + 64}, bg);
  float x = 16;
  if (back) {
    ui.icon_button(id + ".back", 28, area.t + 32, "arrow_back", "Navigate up", color::kOnSurface, [](Phone& p) {
      p.clear_focus();
      p.back();
    });
    x = 60;
  }
  const float right = Ui::width_dp() - 8 - 48 * static_cast<float>(icons.size());
  ui.label_at(id, x, area.t + 19, title, Font::Title, color::kOnSurface, right - x - 4, 28).text = title;
  float cx = Ui::width_dp() - 32;
  for (auto it = icons.rbegin(); it != icons.rend(); ++it) {
    ui.icon_button(it->id, cx, area.t + 32, it->icon, it->desc, color::kOnSurfaceVariant, it->on_click);
    cx -= 48;
  }
  return area.t + 64;
}

/// A modal scrim over the whole screen; tapping it closes the dialog or popup (Phone::back).
void scrim(Ui& ui, float alpha = 0.32f) {
  ui.scrim("markdown.scrim", {0, 0, Ui::width_dp(), Ui::height_dp()}, alpha, [](Phone& p) {
    p.clear_focus();
    p.back();
  });
}

/// A dialog card's text button pair (Cancel, OK) at `y` on the card's right.
void dialog_buttons(Ui& ui, const Rect& card, float y, const std::string& base, const std::string& ok, Handler on_ok) {
  const float okw = ui.text_width(ok, Font::Body) + 32, cw = ui.text_width("Cancel", Font::Body) + 32;
  ui.button(base + ".cancel", {card.r - 16 - okw - 8 - cw, y, card.r - 16 - okw - 8, y + 48}, "Cancel", false,
            [](Phone& p) {
              p.clear_focus();
              p.back();
            });
  ui.button(base + ".ok", {card.r - 16 - okw, y, card.r - 16, y + 48}, ok, false, std::move(on_ok));
}

/// The breadcrumb "Markdown > Work > 2026" (48 dp) at y; `on_crumb(rel)` makes a crumb's handler.
void breadcrumb(Ui& ui, const std::string& prefix, const std::string& rel, float y,
                const std::function<Handler(const std::string&)>& on_crumb) {
  std::vector<Ui::Crumb> crumbs = {{"root", folder_name(""), on_crumb("")}};
  for (std::size_t i = 0; i <= rel.size() && !rel.empty(); ++i)
    if (i == rel.size() || rel[i] == '/') crumbs.push_back({rel.substr(0, i), folder_name(rel.substr(0, i)), on_crumb(rel.substr(0, i))});
  ui.breadcrumb(prefix, crumbs, y, 140, kBrandSoft, color::kOnSurface);
}

/// A 64 dp row of the browser or search: icon, name, subtitle; selected rows are tinted.
Node& entry_row(Ui& ui, const std::string& id, const std::string& icon, bool folder, const std::string& name,
                const std::string& sub, bool is_selected, Handler on_click) {
  const float y = ui.cursor_y(), h = 64;
  if (is_selected) ui.fill({0, y, Ui::width_dp(), y + h}, kBrandSoft);
  if (is_selected) {
    ui.circle(36, y + h / 2, 20, kBrand);
    ui.icon(36, y + h / 2, "check", Font::Icon, 0xFFFFFF);
  } else {
    ui.circle(36, y + h / 2, 20, folder ? 0xE8EAED : kBrandSoft);
    ui.icon(36, y + h / 2, icon, Font::Icon, folder ? kFolderInk : kBrand);
  }
  ui.text(72, y + 11, ui.ellipsize(name, Font::BodyLarge, Ui::width_dp() - 88), Font::BodyLarge, color::kOnSurface);
  ui.text(72, y + 36, ui.ellipsize(sub, Font::Body, Ui::width_dp() - 88), Font::Body, color::kOnSurfaceVariant);
  Node& n = ui.item(id, "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + h}, name, std::move(on_click));
  n.desc = sub;
  n.selected = is_selected;
  ui.fill({72, y + h - 1, Ui::width_dp(), y + h}, kDivider);
  ui.advance(h);
  return n;
}

// ---------------------------------------------------------------- the browser

/// The current browser folder (notebook-relative) of the page entry on top of the stack.
std::string browse_folder(const Phone& p) { return p.page_string("folder"); }

/// Adds `id` to the selection, or removes it.
void toggle_selected(Phone& p, const std::string& id) {
  std::vector<std::string> sel = selected(p);
  auto it = std::find(sel.begin(), sel.end(), id);
  if (it == sel.end()) sel.push_back(id);
  else sel.erase(it);
  set_selected(p, sel);
}

/// Asks before deleting the files or folders `ids` (their names shown).
void confirm_delete(Phone& p, const std::vector<std::string>& ids, const std::vector<std::string>& names,
                    bool folders = false) {
  if (ids.empty()) return;
  std::string text;
  for (std::size_t i = 0; i < names.size() && i < 3; ++i) text += (i ? ", " : "") + names[i];
  if (names.size() > 3) text += " and " + std::to_string(names.size() - 3) + " more";
  if (folders) text += ids.size() == 1 ? " and everything in it" : " (folders with everything in them)";
  p.show_dialog({{"owner", kApp},
                 {"kind", "alert"},
                 {"title", ids.size() == 1 ? std::string("Delete this file?") : "Delete " + std::to_string(ids.size()) + " items?"},
                 {"text", text + " will be deleted from storage."},
                 {"buttons", json::array({{{"id", "cancel"}, {"label", "Cancel"}}, {{"id", "delete"}, {"label", "Delete"}}})},
                 {"data", {{"action", "delete"}, {"ids", ids}}}});
}

/// The browser's content: app bar (or the selection bar), breadcrumb, folders then notes, FAB.
/// Under a dialog or popup the caller draws it and drops its nodes (browser_behind).
void browser(Ui& ui, Phone& phone, const std::string& rel) {
  const Rect area = Ui::content_area();
  std::vector<json> folders, notes;
  for (const json& e : list_folders(phone, rel)) folders.push_back(e);
  for (const json& e : list_files(phone, rel)) notes.push_back(e);
  sort_entries(phone, folders);
  sort_entries(phone, notes);
  // The selection as this folder shows it (ids selected elsewhere, e.g. before a back, don't count).
  std::vector<std::string> sel;
  for (const std::string& id : selected(phone)) {
    bool here = false;
    for (const auto* list : {&folders, &notes})
      for (const json& e : *list) here = here || e.value("id", "") == id;
    if (here) sel.push_back(id);
  }
  float y;
  if (!sel.empty()) {
    std::vector<BarIcon> icons;
    if (sel.size() == 1)
      icons.push_back({"markdown.select.rename", "drive_file_rename_outline", "Rename", [sel](Phone& p) {
                         const json e = read_file(p, sel[0]);
                         if (e.is_null()) return;
                         p.go("rename", {{"item", e["id"]}, {"name", e["name"]}, {"error", ""}});
                         p.focus("markdown.rename.name", p.page_pointer() + "/name");
                       }});
    icons.push_back({"markdown.select.move", "drive_file_move", "Move", [rel, sel](Phone& p) {
                       p.go("move", {{"items", sel}, {"folder", rel}});
                     }});
    icons.push_back({"markdown.select.delete", "delete", "Delete", [sel](Phone& p) {
                       std::vector<std::string> names;
                       bool folders = false;
                       for (const std::string& id : sel) {
                         const json e = read_file(p, id);
                         names.push_back(e.is_null() ? id : e.value("name", id));
                         folders = folders || (!e.is_null() && e.value("kind", "") == "folder");
                       }
                       confirm_delete(p, sel, names, folders);
                     }});
    icons.push_back({"markdown.select.all", "select_all", "Select all", [rel](Phone& p) {
                       std::vector<std::string> all;
                       for (const json& e : list_folders(p, rel)) all.push_back(e["id"]);
                       for (const json& e : list_files(p, rel)) all.push_back(e["id"]);
                       set_selected(p, all);
                     }});
    const float t = area.t;
    ui.fill({0, t, Ui::width_dp(), t + 64}, kBrandSoft);
    ui.icon_button("markdown.select.close", 28, t + 32, "close", "Clear selection", color::kOnSurface,
                   [](Phone& p) { set_selected(p, {}); });
    const float right = Ui::width_dp() - 8 - 48 * static_cast<float>(icons.size());
    ui.label_at("markdown.select.count", 60, t + 19, std::to_string(sel.size()) + " selected", Font::Title,
                color::kOnSurface, right - 64, 28);
    float cx = Ui::width_dp() - 32;
    for (auto it = icons.rbegin(); it != icons.rend(); ++it) {
      ui.icon_button(it->id, cx, t + 32, it->icon, it->desc, color::kOnSurface, it->on_click);
      cx -= 48;
    }
    y = t + 64;
  } else {
    y = app_bar(ui, "markdown.title", folder_name(rel), !rel.empty(),
                {{"markdown.search", "search", "Search", [](Phone& p) {
                    p.go("search", {{"query", ""}});
                    p.focus("markdown.search.query", p.page_pointer() + "/query");
                  }},
                 {"markdown.sort", "sort", "Sort by", [](Phone& p) { p.navigate("sort"); }},
                 {"markdown.more", "more_vert", "More options", [](Phone& p) { p.navigate("menu"); }}});
  }
  breadcrumb(ui, "markdown.crumb.", rel, y, [](const std::string& target) -> Handler {
    return [target](Phone& p) {
      set_selected(p, {});
      for (int guard = 0; guard < 32 && browse_folder(p) != target && p.page_stack(kApp).size() > 1; ++guard) p.back();
    };
  });
  y += 48;
  ui.fill({0, y, Ui::width_dp(), y + 1}, kDivider);
  ui.begin_scroll("markdown.list", {0, y + 1, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
  const bool selecting = !sel.empty();
  auto is_sel = [&sel](const std::string& id) { return std::find(sel.begin(), sel.end(), id) != sel.end(); };
  for (const json& f : folders) {
    const std::string id = f["id"], name = f["name"];
    const std::string child = rel.empty() ? name : rel + "/" + name;
    const std::size_t count = list_files(phone, child).size() + list_folders(phone, child).size();
    Node& n = entry_row(ui, "markdown.folder." + name, "folder", true, name,
                        std::to_string(count) + (count == 1 ? " item" : " items"), is_sel(id),
                        [selecting, id, child](Phone& p) {
                          if (selecting) return toggle_selected(p, id);
                          p.go("open_folder", {{"folder", child}});
                        });
    n.long_clickable = true;
    n.on_long_press = [id](Phone& p) { toggle_selected(p, id); };
  }
  for (const json& e : notes) {
    const std::string id = e["id"], name = e["name"];
    const std::string sub = format_date(e.value("modified", "")) + " \u00b7 " + format_size(e.value("size", std::int64_t{0}));
    Node& n = entry_row(ui, "markdown.file." + name, note_icon(name), false, name, sub, is_sel(id),
                        [selecting, id](Phone& p) {
                          if (selecting) return toggle_selected(p, id);
                          const json entry = read_file(p, id);
                          if (!entry.is_null()) open_note(p, entry);
                        });
    n.long_clickable = true;
    n.on_long_press = [id](Phone& p) { toggle_selected(p, id); };
  }
  if (folders.empty() && notes.empty()) {
    const float ey = ui.cursor_y() + 120;
    ui.icon(Ui::width_dp() / 2, ey, "note_add", Font::IconLarge, color::kOutline);
    ui.text_centered(0, Ui::width_dp(), ey + 32, "This folder is empty", Font::BodyLarge, color::kOnSurfaceVariant);
    ui.label("markdown.empty", {40, ey + 28, Ui::width_dp() - 40, ey + 52}, "This folder is empty");
    ui.text_centered(0, Ui::width_dp(), ey + 60, "Tap + to create a note", Font::Body, color::kOnSurfaceVariant);
    ui.advance(240);
  }
  ui.advance(96);  // room above the FAB
  ui.end_scroll();
  if (!selecting)
    ui.fab("markdown.fab", "add", "New file", [rel](Phone& p) {
      p.go("create", {{"folder", rel}, {"name", ""}, {"type", setting(p, "default_type", "md")}, {"error", ""}});
      p.focus("markdown.create.name", p.page_pointer() + "/name");
    });
}

/// Draws the browser of the page below the current one (a dialog's or popup's background) with
/// no nodes, then the scrim.
void browser_behind(Ui& ui, Phone& phone, const std::string& rel) {
  const std::size_t before = ui.nodes().size();
  browser(ui, phone, rel);
  ui.nodes().resize(before);
}

/// The folder of the browser page under the current page.
std::string folder_below(const Phone& p) {
  const json& stack = p.page_stack(kApp);
  if (stack.size() < 2) return "";
  const json& e = stack[stack.size() - 2];
  return e.value("folder", "");
}

// ---------------------------------------------------------------- the editor's toolbar

/// Inserts a markdown snippet at the editor's caret (the end when the editor is not focused):
/// line-starting ones ("# ", "- ", "- [ ] ") on a line of their own, inline ones ("**", "_", "`")
/// where the caret is; the caret then follows the snippet.
void insert_snippet(Phone& p, const std::string& snippet, bool line_start) {
  const bool editing = p.focused_id() == "markdown.editor.text";
  const std::size_t caret = editing ? text_cursor(p) : 0;
  json& d = st(p)["draft"];
  std::string text = d.value("text", "");
  const std::size_t at = editing ? utf8_offset(text, caret) : text.size();
  const std::string add = (line_start && at > 0 && text[at - 1] != '\n' ? "\n" : "") + snippet;
  text.insert(at, add);
  d["text"] = text;
  p.focus_multiline("markdown.editor.text", "/apps/markdown/draft/text");
  set_text_cursor(p, utf8_index(text, at + add.size()));
}

/// The editor's font and line height (dp) for the font-size setting.
Font body_font(const Phone& p) {
  const std::string f = setting(p, "font_size", "medium");
  return f == "small" ? Font::Body : f == "large" ? Font::Title : Font::BodyLarge;
}
float body_line(Font f) { return f == Font::Body ? 20.f : f == Font::Title ? 30.f : 24.f; }

// ---------------------------------------------------------------- the app

class MarkdownApp : public App {
 public:
  MarkdownApp() {
    add_page("browse", [](Ui& ui, Phone& phone) { browser(ui, phone, browse_folder(phone)); });
    add_page("menu", menu_page);
    add_page("sort", sort_page);
    add_page("create", create_page);
    add_page("new_folder", new_folder_page);
    add_page("editor", editor_page);
    add_page("preview", preview_page);
    add_page("link", link_page);
    add_page("note_menu", note_menu_page);
    add_page("rename", rename_page);
    add_page("move", move_page);
    add_page("search", search_page);
    add_page("settings", settings_page);
    // The notebook's notes (for other apps and tools): [{id, name, folder, size, modified}].
    add_export("notes", [](Phone& p, const json&) {
      json out = json::array();
      for (json e : files(p, "list", {{"folder", kRoot}, {"recursive", true}})) {
        e.erase("text");
        out.push_back(e);
      }
      return out;
    });
  }

  /// ACTION_VIEW of a .md / .txt file (Files' "open"): data file:///storage/emulated/0/<path>
  /// opens that file in the editor.
  void on_intent(Phone& phone, const json& intent) override {
    if (intent.value("action", "") != "android.intent.action.VIEW") return;
    std::string path = intent.value("data", "");
    for (const char* pre : {"file://", "/storage/emulated/0/", "/storage/emulated/0"})
      if (path.rfind(pre, 0) == 0) path = path.substr(std::string(pre).size());
    const auto slash = path.rfind('/');
    const std::string folder = slash == std::string::npos ? "" : path.substr(0, slash);
    const std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    json found;
    for (const json& e : files(phone, "list", {{"folder", folder}}))
      if (e.value("name", "") == name) found = e;
    phone.back_to_root();
    set_selected(phone, {});
    if (found.is_null()) {
      phone.toast("Can't open " + name);
      return;
    }
    open_note(phone, found);
  }

  void on_dialog_result(Phone& phone, const json& dialog, const std::string& button) override {
    const json data = dialog.value("data", json::object());
    if (data.value("action", "") != "delete" || button != "delete") return;
    int n = 0;
    for (const json& id : data.value("ids", json::array())) {
      try {
        files(phone, "delete", {{"id", id}});
        ++n;
      } catch (const std::invalid_argument&) {
      }
    }
    set_selected(phone, {});
    const std::string open = draft_id(phone);
    for (const json& id : data.value("ids", json::array()))
      if (id == open) {
        clear_draft(phone);
        pop_to(phone, "browse");
      }
    phone.toast(n == 1 ? "Deleted" : std::to_string(n) + " items deleted");
  }

  /// Markor saves as you type: after every action the open note's draft goes to Files if it
  /// changed, and an unchanged draft reloads a file another app changed; once the editor is
  /// closed (back, or anything that pops it) the draft is dropped.
  void on_time(Phone& phone, std::int64_t, std::int64_t) override {
    if (draft_id(phone).empty()) return;
    save_draft(phone);
    // An unchanged draft follows the file: another app's write shows (and is never overwritten).
    const json file = read_file(phone, draft_id(phone));
    const json& d = st(static_cast<const Phone&>(phone))["draft"];
    if (!file.is_null() && d.value("text", "") == d.value("base", "") && file.value("text", "") != d.value("base", "")) {
      st(phone)["draft"]["text"] = file.value("text", "");
      st(phone)["draft"]["base"] = file.value("text", "");
    }
    bool open = false;
    for (const json& e : phone.page_stack(kApp)) {
      const std::string pg = e.value("page", "");
      open = open || pg == "editor" || pg == "preview";
    }
    if (!open) clear_draft(phone);
  }

 private:
  // ---- menu: the overflow popup of the browser ----
  static void menu_page(Ui& ui, Phone& phone) {
    const std::string rel = folder_below(phone);
    browser_behind(ui, phone, rel);
    scrim(ui, 0.0f);
    const Rect area = Ui::content_area();
    const Rect card{Ui::width_dp() - 16 - 232, area.t + 8, Ui::width_dp() - 16, area.t + 8 + 3 * 48 + 16};
    ui.fill({card.l + 1, card.t + 2, card.r + 1, card.b + 3}, 0x000000, 6, 0.12f);
    ui.fill(card, color::kSurfaceContainer, 6);
    ui.item("markdown.menu", "android.widget.ListView", card, "", [](Phone&) {});
    float y = card.t + 8;
    auto entry = [&](const std::string& id, const std::string& icon, const std::string& label, Handler h) {
      ui.icon(card.l + 28, y + 24, icon, Font::Icon, color::kOnSurfaceVariant);
      ui.text(card.l + 56, y + 14, label, Font::BodyLarge, color::kOnSurface);
      ui.item(id, "android.widget.TextView", {card.l, y, card.r, y + 48}, label, std::move(h));
      y += 48;
    };
    entry("markdown.menu.clipboard", "content_paste", "New from clipboard", [rel](Phone& p) {
      const std::string clip = p.clipboard();
      p.back();
      if (clip.empty()) {
        p.toast("Clipboard is empty");
        return;
      }
      p.go("create", {{"folder", rel}, {"name", ""}, {"type", setting(p, "default_type", "md")}, {"error", ""},
                       {"text", clip}, {"from_clipboard", true}});
      p.focus("markdown.create.name", p.page_pointer() + "/name");
    });
    entry("markdown.menu.new_folder", "create_new_folder", "New folder", [rel](Phone& p) {
      p.back();
      p.go("new_folder", {{"folder", rel}, {"name", ""}, {"error", ""}});
      p.focus("markdown.new_folder.name", p.page_pointer() + "/name");
    });
    entry("markdown.menu.settings", "settings", "Settings", [](Phone& p) {
      p.back();
      p.navigate("settings");
    });
  }

  // ---- sort: the sort popup ----
  static void sort_page(Ui& ui, Phone& phone) {
    browser_behind(ui, phone, folder_below(phone));
    scrim(ui, 0.0f);
    const Rect area = Ui::content_area();
    const Rect card{Ui::width_dp() - 16 - 232, area.t + 8, Ui::width_dp() - 16, area.t + 8 + 40 + 2 * 48 + 8};
    ui.fill({card.l + 1, card.t + 2, card.r + 1, card.b + 3}, 0x000000, 6, 0.12f);
    ui.fill(card, color::kSurfaceContainer, 6);
    ui.item("markdown.sort_menu", "android.widget.ListView", card, "", [](Phone&) {});
    ui.label_at("markdown.sort.title", card.l + 16, card.t + 12, "Sort by", Font::Label, color::kOnSurfaceVariant);
    const std::string cur = setting(phone, "sort", "name");
    float y = card.t + 40;
    for (const auto& [key, label] : std::vector<std::pair<std::string, std::string>>{{"name", "Name"}, {"date", "Date modified"}}) {
      ui.radio("markdown.sort." + key, {card.l, y, card.r, y + 48}, label, cur == key, [key = key](Phone& p) {
        st(p)["settings"]["sort"] = key;
        p.back();
      });
      y += 48;
    }
  }

  // ---- create: the new file dialog ----
  static void create_page(Ui& ui, Phone& phone) {
    const std::string rel = phone.page_string("folder");
    browser_behind(ui, phone, folder_below(phone));
    scrim(ui);
    const bool clip = phone.page_state().value("from_clipboard", false);
    const std::string error = phone.page_string("error");
    const float kb = keyboard_height_dp(phone);
    const float h = 356 + (clip ? 44 : 0) + (error.empty() ? 0 : 24);
    const float top = std::max(Ui::content_area().t + 8, std::min(120.f, Ui::height_dp() - Ui::nav_bar_dp() - kb - h - 8));
    const Rect card{20, top, Ui::width_dp() - 20, top + h};
    ui.fill(card, color::kSurfaceContainer, 28);
    ui.item("markdown.create", "android.app.AlertDialog", card, "New file", [](Phone&) {});
    const std::string title = clip ? "New from clipboard" : "New file";
    ui.label_at("markdown.create.title", card.l + 24, top + 22, title, Font::Title, color::kOnSurface);
    float y = top + 64;
    ui.text_field("markdown.create.name", {card.l + 24, y, card.r - 24, y + 56}, "Name", phone.page_pointer() + "/name",
                  "Untitled");
    y += 64;
    if (clip) {
      const std::string text = phone.page_string("text");
      std::string first = text.substr(0, text.find('\n'));
      const std::string shown = std::to_string(text.size()) + " characters: \u201c" + first + "\u201d";
      ui.icon(card.l + 36, y + 20, "content_paste", Font::IconSmall, color::kOnSurfaceVariant);
      ui.label_at("markdown.create.clip", card.l + 52, y + 10, shown, Font::Body, color::kOnSurfaceVariant, card.w() - 76);
      y += 44;
    }
    const std::string type = phone.page_string("type");
    for (const auto& [key, label] : std::vector<std::pair<std::string, std::string>>{
             {"md", "Markdown (.md)"}, {"txt", "Plain text (.txt)"}, {"todo", "To-do (.todo.txt)"}}) {
      ui.radio("markdown.create.type." + key, {card.l + 8, y, card.r - 8, y + 48}, label, type == key,
               [key = key](Phone& p) { p.page_state()["type"] = key; });
      y += 48;
    }
    ui.icon(card.l + 36, y + 24, "folder", Font::IconSmall, color::kOnSurfaceVariant);
    ui.label_at("markdown.create.folder", card.l + 52, y + 14, full_path(rel), Font::Body, color::kOnSurfaceVariant,
                card.w() - 76);
    y += 48;
    if (!error.empty()) {
      ui.label_at("markdown.create.error", card.l + 24, y, error, Font::Body, color::kError, card.w() - 48);
      y += 24;
    }
    dialog_buttons(ui, card, card.b - 60, "markdown.create", "OK", [](Phone& p) {
      json& e = p.page_state();
      const std::string name = trim(e.value("name", "")), type = e.value("type", "md"), rel = e.value("folder", "");
      const std::string err = name_error(p, rel, name, extension_of(type), "");
      if (!err.empty()) {
        e["error"] = err;
        return;
      }
      const std::string final_name = with_extension(name, extension_of(type));
      // A to-do file is a checklist (markdown checkboxes): it starts with its first item.
      const std::string text = e.value("from_clipboard", false) ? e.value("text", "") : type == "todo" ? "- [ ] " : "";
      json entry;
      try {
        entry = files(p, "save", {{"folder", full_path(rel)}, {"name", final_name}, {"kind", "text"}, {"text", text},
                                  {"source", kApp}});
      } catch (const std::invalid_argument& ex) {
        e["error"] = ex.what();
        return;
      }
      p.clear_focus();
      p.back();
      open_note(p, entry);
      p.focus_multiline("markdown.editor.text", "/apps/markdown/draft/text");
    });
  }

  /// `name` with `ext` added unless it already ends with it.
  static std::string with_extension(const std::string& name, const std::string& ext) {
    return ends_with(lower(name), ext) ? name : name + ext;
  }

  /// Why `name` (+ `ext`) can't be a new entry of notebook folder `rel` ("" when it can);
  /// `except` is the id being renamed.
  static std::string name_error(Phone& p, const std::string& rel, const std::string& name, const std::string& ext,
                                const std::string& except) {
    if (name.empty()) return "Enter a name";
    if (name.find('/') != std::string::npos) return "A name can't contain \"/\"";
    if (name == "." || name == "..") return "That name is not allowed";
    const std::string full = ext.empty() ? name : with_extension(name, ext);
    for (const json& e : list_files(p, rel))
      if (e.value("name", "") == full && e.value("id", "") != except) return "\"" + full + "\" already exists";
    for (const json& e : list_folders(p, rel))
      if (e.value("name", "") == full && e.value("id", "") != except) return "\"" + full + "\" already exists";
    return "";
  }

  /// A name dialog over a scrim (`id`: "markdown.rename"): its title, the name field bound to the
  /// page entry's "name" and the page's error. Sets `card`; returns the y of the buttons row.
  static float name_dialog(Ui& ui, Phone& phone, const std::string& id, const std::string& title,
                           const std::string& field_label, Rect& card) {
    scrim(ui);
    const std::string error = phone.page_string("error");
    const float top = 150, h = error.empty() ? 196 : 220;
    card = {24, top, Ui::width_dp() - 24, top + h};
    ui.fill(card, color::kSurfaceContainer, 28);
    ui.item(id, "android.app.AlertDialog", card, title, [](Phone&) {});
    ui.label_at(id + ".title", card.l + 24, top + 22, title, Font::Title, color::kOnSurface);
    ui.text_field(id + ".name", {card.l + 24, top + 68, card.r - 24, top + 124}, field_label,
                  phone.page_pointer() + "/name", "");
    float y = top + 136;
    if (!error.empty()) {
      ui.label_at(id + ".error", card.l + 24, y, error, Font::Body, color::kError, card.w() - 48);
      y += 24;
    }
    return y;
  }

  // ---- new_folder: a dialog with the folder's name ----
  static void new_folder_page(Ui& ui, Phone& phone) {
    browser_behind(ui, phone, folder_below(phone));
    Rect card;
    const float y = name_dialog(ui, phone, "markdown.new_folder", "New folder", "Folder name", card);
    dialog_buttons(ui, card, y, "markdown.new_folder", "Create", [](Phone& p) {
      json& e = p.page_state();
      const std::string name = trim(e.value("name", "")), rel = e.value("folder", "");
      const std::string err = name_error(p, rel, name, "", "");
      if (!err.empty()) {
        e["error"] = err;
        return;
      }
      files(p, "mkdir", {{"folder", full_path(rel.empty() ? name : rel + "/" + name)}});
      p.clear_focus();
      p.back();
      p.toast("Folder created");
    });
  }

  // ---- editor: the note's text and the markdown toolbar ----
  static void editor_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const std::string id = draft_id(phone);
    const json entry = read_file(phone, id);
    const std::string name = entry.is_null() ? "Untitled" : entry.value("name", "Untitled");
    const float top = app_bar(ui, "markdown.editor.title", name, true,
                              {{"markdown.editor.preview", "visibility", "Preview", [](Phone& p) {
                                  p.clear_focus();
                                  p.navigate("preview");
                                }},
                               {"markdown.editor.more", "more_vert", "More options", [](Phone& p) {
                                  p.clear_focus();
                                  p.navigate("note_menu");
                                }}});
    ui.fill({0, top, Ui::width_dp(), top + 1}, kDivider);
    const float kb = keyboard_height_dp(phone);
    const float bar_top = area.b - kb - 48;
    const std::string text = draft_text(phone);
    const Font f = body_font(phone);
    const float lh = body_line(f);
    const bool focused = phone.focused_id() == "markdown.editor.text";
    std::vector<TextLine> lines;
    if (!text.empty()) lines = wrap_lines(text, f, Ui::width_dp() - 36);
    const std::size_t caret = focused ? utf8_offset(text, text_cursor(phone)) : text.size();
    const std::size_t caret_at = lines.empty() ? 0 : caret_line(lines, caret);
    // While typing, the caret's line stays in view above the toolbar, as on Android: the lines
    // the page was scrolled to stay put while the caret is among them, else the view moves just
    // enough (typing at the end keeps the last lines in view).
    const std::size_t fit = static_cast<std::size_t>(std::max(1.f, (bar_top - top - 1 - 24) / lh));
    const bool follow = focused && lines.size() > fit;
    std::size_t first = 0;
    float scroll_dp = 0;
    if (follow) {
      const auto scrolled = static_cast<std::size_t>(std::max(0.f, std::round(Ui::to_dp(static_cast<float>(phone.page_int("scroll"))) / lh)));
      first = std::min(std::clamp(scrolled, caret_at + 1 - std::min(fit, caret_at + 1), caret_at), lines.size() - fit);
      ui.set_cursor(top + 1);
    } else {
      ui.begin_scroll("markdown.editor.scroll", {0, top + 1, Ui::width_dp(), bar_top}, phone.page_pointer() + "/scroll");
      scroll_dp = Ui::to_dp(static_cast<float>(phone.page_int("scroll")));
    }
    float y = ui.cursor_y() + 12;
    const float y0 = y;
    if (text.empty()) ui.text(16, y, "Start writing\u2026", f, color::kOnSurfaceVariant, 0.7f);
    const std::size_t last = follow ? first + fit : lines.size();
    for (std::size_t i = first; i < last; ++i) {
      const std::string l = text.substr(lines[i].begin, lines[i].end - lines[i].begin);
      if (!l.empty()) ui.text(16, y, l, f, md::line_starts_heading(l) ? kBrand : color::kOnSurface);
      y += lh;
    }
    if (focused) {
      const float cx = lines.empty() ? 0 : text_width_of(text, lines[caret_at].begin, caret, f);
      ui.fill({16 + cx, y0 + static_cast<float>(caret_at - first) * lh, 16 + cx + 2,
               y0 + static_cast<float>(caret_at - first) * lh + ui.line_height(f) + 2},
              kBrand);
    }
    const float h = follow ? bar_top - top - 1 : std::max(bar_top - top - 1, y - y0 + 24 + 12);
    Node& n = ui.item("markdown.editor.text", "android.widget.EditText", {0, y0 - 12, Ui::width_dp(), y0 - 12 + h}, text, {});
    n.desc = "Note text";
    n.clickable = n.focusable = true;
    n.focused = focused;
    // A tap on a line of the text puts the caret at the nearest character there (focusing the
    // editor if needed, as a text editor does); a tap below the text puts it at the end.
    const TextBox box{f, 16, y0 - scroll_dp, Ui::width_dp() - 36, lh, first};
    const float text_bottom = y0 - scroll_dp + static_cast<float>(last - first) * lh;
    n.on_click = [box, text_bottom](Phone& p) {
      p.focus_multiline("markdown.editor.text", "/apps/markdown/draft/text");
      if (Ui::to_dp(static_cast<float>(p.pointer_y_px())) < text_bottom)
        set_text_cursor(p, index_at_point(draft_text(p), box, p.pointer_x_px(), p.pointer_y_px()));
    };
    ui.set_cursor(y0 - 12 + h);
    if (!follow) ui.end_scroll();
    // The markdown toolbar, above the keyboard.
    ui.fill({0, bar_top, Ui::width_dp(), bar_top + 48}, kBrandSoft);
    struct Tool {
      const char* key;
      const char* icon;
      const char* desc;
      const char* snippet;
      bool line;
    };
    static const Tool kTools[] = {{"heading", "title", "Heading", "# ", true},
                                  {"bold", "format_bold", "Bold", "**", false},
                                  {"italic", "format_italic", "Italic", "_", false},
                                  {"list", "format_list_bulleted", "Bulleted list", "- ", true},
                                  {"checkbox", "check_box", "Checkbox", "- [ ] ", true},
                                  {"link", "link", "Link", "", false},
                                  {"code", "code", "Code", "`", false}};
    const float step = Ui::width_dp() / 7;
    for (int i = 0; i < 7; ++i) {
      const Tool& t = kTools[i];
      const std::string snippet = t.snippet;
      const bool line = t.line;
      Handler h = [snippet, line](Phone& p) { insert_snippet(p, snippet, line); };
      if (snippet.empty())  // the link button asks for the link's text and address
        h = [](Phone& p) {
          p.clear_focus();
          p.go("link", {{"title", ""}, {"url", "https://"}, {"error", ""}});
          p.focus("markdown.link.title", p.page_pointer() + "/title");
        };
      ui.icon_button(std::string("markdown.tool.") + t.key, step * i + step / 2, bar_top + 24, t.icon, t.desc,
                     color::kOnSurface, std::move(h));
    }
  }

  // ---- link: the editor's "Insert link" dialog ----
  static void link_page(Ui& ui, Phone& phone) {
    {
      const std::size_t before = ui.nodes().size();
      editor_page(ui, phone);
      ui.nodes().resize(before);
    }
    scrim(ui);
    const std::string error = phone.page_string("error");
    const float top = 120, h = 276 + (error.empty() ? 0 : 24);
    const Rect card{24, top, Ui::width_dp() - 24, top + h};
    ui.fill(card, color::kSurfaceContainer, 28);
    ui.item("markdown.link", "android.app.AlertDialog", card, "Insert link", [](Phone&) {});
    ui.label_at("markdown.link.heading", card.l + 24, top + 22, "Insert link", Font::Title, color::kOnSurface);
    ui.text_field("markdown.link.title", {card.l + 24, top + 68, card.r - 24, top + 124}, "Text", phone.page_pointer() + "/title",
                  "Link text");
    ui.text_field("markdown.link.url", {card.l + 24, top + 136, card.r - 24, top + 192}, "Link", phone.page_pointer() + "/url",
                  "https://");
    float y = top + 204;
    if (!error.empty()) {
      ui.label_at("markdown.link.error", card.l + 24, y, error, Font::Body, color::kError, card.w() - 48);
      y += 24;
    }
    dialog_buttons(ui, card, y + 8, "markdown.link", "Insert", [](Phone& p) {
      json& e = p.page_state();
      const std::string title = trim(e.value("title", "")), url = trim(e.value("url", ""));
      if (url.empty() || url == "https://" || url == "http://") {
        e["error"] = "Enter a link";
        return;
      }
      p.clear_focus();
      p.back();
      insert_snippet(p, title.empty() ? "<" + url + ">" : "[" + title + "](" + url + ")", false);
    });
  }

  // ---- preview: the rendered note; checkboxes toggle ----
  static void preview_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const json entry = read_file(phone, draft_id(phone));
    const std::string name = entry.is_null() ? "Untitled" : entry.value("name", "Untitled");
    const float top = app_bar(ui, "markdown.preview.title", name, true,
                              {{"markdown.preview.edit", "edit", "Edit", [](Phone& p) { p.navigate("edit"); }},
                               {"markdown.preview.more", "more_vert", "More options", [](Phone& p) { p.navigate("note_menu"); }}});
    ui.fill({0, top, Ui::width_dp(), top + 1}, kDivider);
    ui.begin_scroll("markdown.preview.scroll", {0, top + 1, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    const bool markdown = !ends_with(lower(name), ".txt") || ends_with(lower(name), ".todo.txt");
    md::render(ui, draft_text(phone), markdown, ui.cursor_y() + 12, [](Phone& p, int line) {
      json& d = st(p)["draft"];
      d["text"] = md::toggle_checkbox(d.value("text", ""), line);
    });
    ui.advance(24);
    ui.end_scroll();
  }

  // ---- note_menu: the editor's overflow popup ----
  static void note_menu_page(Ui& ui, Phone& phone) {
    const json& stack = phone.page_stack(kApp);
    const bool over_preview = stack.size() >= 2 && stack[stack.size() - 2].value("page", "") == "preview";
    {
      const std::size_t before = ui.nodes().size();
      if (over_preview) preview_page(ui, phone);
      else editor_page(ui, phone);
      ui.nodes().resize(before);
    }
    scrim(ui, 0.0f);
    const Rect area = Ui::content_area();
    const Rect card{Ui::width_dp() - 16 - 200, area.t + 8, Ui::width_dp() - 16, area.t + 8 + 4 * 48 + 16};
    ui.fill({card.l + 1, card.t + 2, card.r + 1, card.b + 3}, 0x000000, 6, 0.12f);
    ui.fill(card, color::kSurfaceContainer, 6);
    ui.item("markdown.note", "android.widget.ListView", card, "", [](Phone&) {});
    float y = card.t + 8;
    auto entry = [&](const std::string& id, const std::string& icon, const std::string& label, Handler h) {
      ui.icon(card.l + 28, y + 24, icon, Font::Icon, color::kOnSurfaceVariant);
      ui.text(card.l + 56, y + 14, label, Font::BodyLarge, color::kOnSurface);
      ui.item(id, "android.widget.TextView", {card.l, y, card.r, y + 48}, label, std::move(h));
      y += 48;
    };
    entry("markdown.note.rename", "drive_file_rename_outline", "Rename", [](Phone& p) {
      p.back();
      save_draft(p);
      const json e = read_file(p, draft_id(p));
      if (e.is_null()) return;
      p.go("rename", {{"item", e["id"]}, {"name", e["name"]}, {"error", ""}});
      p.focus("markdown.rename.name", p.page_pointer() + "/name");
    });
    entry("markdown.note.move", "drive_file_move", "Move", [](Phone& p) {
      p.back();
      save_draft(p);
      const json e = read_file(p, draft_id(p));
      if (e.is_null()) return;
      const std::string rel = rel_path(e.value("folder", ""));
      p.go("move", {{"items", json::array({e["id"]})}, {"folder", rel == "\x01" ? "" : rel}});
    });
    entry("markdown.note.share", "share", "Share", [](Phone& p) {
      p.back();
      save_draft(p);
      const json e = read_file(p, draft_id(p));
      const std::string text = draft_text(p);
      p.start_intent({{"action", "android.intent.action.SEND"},
                      {"type", "text/plain"},
                      {"extras", {{"android.intent.extra.TEXT", text}, {"text", text}, {"subject", e.value("name", "")}}}});
    });
    entry("markdown.note.delete", "delete", "Delete", [](Phone& p) {
      p.back();
      save_draft(p);
      const json e = read_file(p, draft_id(p));
      if (e.is_null()) return;
      confirm_delete(p, {e["id"].get<std::string>()}, {e["name"].get<std::string>()});
    });
  }

  // ---- rename: a dialog with the new name ----
  static void rename_page(Ui& ui, Phone& phone) {
    const json& stack = phone.page_stack(kApp);
    const std::string below = stack.size() >= 2 ? stack[stack.size() - 2].value("page", "") : "browse";
    {
      const std::size_t before = ui.nodes().size();
      if (below == "editor") editor_page(ui, phone);
      else if (below == "preview") preview_page(ui, phone);
      else browser(ui, phone, folder_below(phone));
      ui.nodes().resize(before);
    }
    Rect card;
    const float y = name_dialog(ui, phone, "markdown.rename", "Rename", "Name", card);
    dialog_buttons(ui, card, y, "markdown.rename", "Rename", [](Phone& p) {
      json& e = p.page_state();
      const std::string name = trim(e.value("name", "")), item = e.value("item", "");
      const json cur = read_file(p, item);
      if (cur.is_null()) return p.back();
      if (cur.value("name", "") == name) {
        p.clear_focus();
        p.back();
        return;
      }
      const std::string rel = rel_path(cur.value("folder", ""));
      const std::string err = name_error(p, rel == "\x01" ? "" : rel, name, "", item);
      if (!err.empty()) {
        e["error"] = err;
        return;
      }
      try {
        files(p, "rename", {{"id", item}, {"name", name}});
      } catch (const std::invalid_argument& ex) {
        e["error"] = ex.what();
        return;
      }
      set_selected(p, {});
      p.clear_focus();
      p.back();
      p.toast("Renamed");
    });
  }

  // ---- move: the destination folder picker ----
  static void move_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const std::string rel = phone.page_string("folder");
    const json items = phone.page_state().value("items", json::array());
    float y = app_bar(ui, "markdown.move.title", "Move to", false, {});
    ui.icon_button("markdown.move.close", Ui::width_dp() - 32, area.t + 32, "close", "Close", color::kOnSurface,
                   [](Phone& p) { p.back(); });
    breadcrumb(ui, "markdown.move.crumb.", rel, y, [](const std::string& target) -> Handler {
      return [target](Phone& p) { p.page_state()["folder"] = target; };
    });
    y += 48;
    ui.fill({0, y, Ui::width_dp(), y + 1}, kDivider);
    const float bottom = area.b - 72;
    ui.begin_scroll("markdown.move.list", {0, y + 1, Ui::width_dp(), bottom}, phone.page_pointer() + "/scroll");
    std::vector<json> subs;
    for (const json& e : list_folders(phone, rel)) subs.push_back(e);
    std::sort(subs.begin(), subs.end(), [](const json& a, const json& b) { return lower(a.value("name", "")) < lower(b.value("name", "")); });
    for (const json& f : subs) {
      const std::string name = f["id"].is_string() ? f.value("name", "") : "";
      const bool moving = std::find(items.begin(), items.end(), f["id"]) != items.end();
      const std::string child = rel.empty() ? name : rel + "/" + name;
      Node& n = entry_row(ui, "markdown.move.folder." + name, "folder", true, name, moving ? "Being moved" : "Folder",
                          false, [child](Phone& p) {
                            p.page_state()["folder"] = child;
                            p.set_scroll(0);
                          });
      if (moving) {
        n.enabled = false;
        n.clickable = false;
        n.on_click = {};
      }
    }
    if (subs.empty()) {
      ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 60, "No folders", Font::BodyLarge, color::kOnSurfaceVariant);
      ui.label("markdown.move.empty", {40, ui.cursor_y() + 56, Ui::width_dp() - 40, ui.cursor_y() + 80}, "No folders");
      ui.advance(120);
    }
    ui.end_scroll();
    ui.fill({0, bottom, Ui::width_dp(), area.b}, color::kSurface);
    ui.fill({0, bottom, Ui::width_dp(), bottom + 1}, kDivider);
    const std::string count = items.size() == 1 ? "1 item" : std::to_string(items.size()) + " items";
    ui.label_at("markdown.move.what", 16, bottom + 26, count, Font::Body, color::kOnSurfaceVariant, 100);
    ui.button("markdown.move.cancel", {Ui::width_dp() - 16 - 120 - 8 - 96, bottom + 12, Ui::width_dp() - 16 - 120 - 8, bottom + 60}, "Cancel",
              false, [](Phone& p) { p.back(); });
    ui.button("markdown.move.confirm", {Ui::width_dp() - 16 - 120, bottom + 12, Ui::width_dp() - 16, bottom + 60}, "Move here", true,
              [](Phone& p) {
                const std::string dest = p.page_string("folder");
                const json ids = p.page_state().value("items", json::array());
                int moved = 0;
                std::string problem;
                for (const json& id : ids) {
                  const json e = read_file(p, id.get<std::string>());
                  if (e.is_null()) continue;
                  if (e.value("folder", "") == full_path(dest)) {
                    problem = "Already in " + folder_name(dest);
                    continue;
                  }
                  try {
                    files(p, "move", {{"id", id}, {"folder", full_path(dest)}});
                    ++moved;
                  } catch (const std::invalid_argument& ex) {
                    const std::string w = ex.what();
                    problem = w.rfind("files.move: ", 0) == 0 ? w.substr(12) : w;
                    if (!problem.empty()) problem[0] = static_cast<char>(std::toupper(problem[0]));
                  }
                }
                if (moved == 0) {
                  p.toast(problem.empty() ? "Nothing to move" : problem);
                  return;
                }
                set_selected(p, {});
                p.back();
                p.toast(moved == 1 ? "Moved to " + folder_name(dest) : std::to_string(moved) + " items moved to " + folder_name(dest));
              });
  }

  // ---- search: notes by name and content ----
  static void search_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    ui.fill({0, area.t, Ui::width_dp(), area.t + 72}, color::kSurface);
    ui.icon_button("markdown.search.back", 28, area.t + 36, "arrow_back", "Navigate up", color::kOnSurface, [](Phone& p) {
      p.clear_focus();
      p.back();
    });
    ui.text_field("markdown.search.query", {56, area.t + 8, Ui::width_dp() - 16, area.t + 64}, "Search notes",
                  phone.page_pointer() + "/query", "Name or text");
    const std::string q = lower(trim(phone.page_string("query")));
    float y = area.t + 72;
    ui.fill({0, y, Ui::width_dp(), y + 1}, kDivider);
    const float kb = keyboard_height_dp(phone);
    ui.begin_scroll("markdown.search.list", {0, y + 1, Ui::width_dp(), area.b - kb}, phone.page_pointer() + "/scroll");
    if (q.empty()) {
      ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 40, "Search by name or text", Font::BodyLarge, color::kOnSurfaceVariant);
      ui.label("markdown.search.hint", {40, ui.cursor_y() + 36, Ui::width_dp() - 40, ui.cursor_y() + 60}, "Search by name or text");
      ui.advance(100);
    } else {
      std::vector<json> hits;
      for (const json& e : files(phone, "list", {{"folder", kRoot}, {"recursive", true}})) {
        const bool by_name = lower(e.value("name", "")).find(q) != std::string::npos;
        const std::string text = e.value("text", "");
        const auto at = lower(text).find(q);
        if (!by_name && at == std::string::npos) continue;
        json h = e;
        std::string where = rel_path(e.value("folder", ""));
        where = where == "\x01" || where.empty() ? "Markdown" : "Markdown/" + where;
        if (at != std::string::npos && !by_name) {
          const auto ls = text.rfind('\n', at);
          const auto le = text.find('\n', at);
          where += " \u00b7 " + trim(text.substr(ls == std::string::npos ? 0 : ls + 1,
                                                (le == std::string::npos ? text.size() : le) - (ls == std::string::npos ? 0 : ls + 1)));
        }
        h["where"] = where;
        hits.push_back(h);
      }
      sort_entries(phone, hits);
      if (hits.empty()) {
        ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 40, "No notes found", Font::BodyLarge, color::kOnSurfaceVariant);
        ui.label("markdown.search.none", {40, ui.cursor_y() + 36, Ui::width_dp() - 40, ui.cursor_y() + 60}, "No notes found");
        ui.advance(100);
      }
      for (const json& h : hits) {
        const std::string id = h["id"];
        entry_row(ui, "markdown.result." + h.value("name", ""), note_icon(h.value("name", "")), false, h.value("name", ""),
                  h.value("where", ""), false, [id](Phone& p) {
                    p.clear_focus();
                    const json e = read_file(p, id);
                    if (!e.is_null()) open_note(p, e);
                  });
      }
    }
    ui.end_scroll();
  }

  // ---- settings ----
  static void settings_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const float top = app_bar(ui, "markdown.settings.title", "Settings", true, {});
    ui.begin_scroll("markdown.settings.list", {0, top, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    auto group = [&](const std::string& title, const char* key, const char* fallback,
                     const std::vector<std::pair<std::string, std::string>>& options) {
      ui.section_header(title);
      const std::string cur = setting(phone, key, fallback);
      const std::string k = key;
      for (const auto& [value, label] : options) {
        const float y = ui.cursor_y();
        ui.radio("markdown.settings." + std::string(k == "default_type" ? "type" : k == "font_size" ? "font" : k) + "." + value,
                 {0, y, Ui::width_dp(), y + 56}, label, cur == value, [k, value = value](Phone& p) { st(p)["settings"][k] = value; });
        ui.advance(56);
      }
    };
    group("Sort notes by", "sort", "name", {{"name", "Name"}, {"date", "Date modified (newest first)"}});
    group("Default file type", "default_type", "md", {{"md", "Markdown (.md)"}, {"txt", "Plain text (.txt)"}, {"todo", "To-do (.todo.txt)"}});
    group("Editor font size", "font_size", "medium", {{"small", "Small"}, {"medium", "Medium"}, {"large", "Large"}});
    const float y = ui.cursor_y() + 8;
    ui.label_at("markdown.settings.root", 16, y, std::string("Notebook folder: ") + kRoot, Font::Body, color::kOnSurfaceVariant,
                Ui::width_dp() - 32);
    ui.advance(48);
    ui.end_scroll();
  }
};

}  // namespace
PG_REGISTER_APP("markdown", MarkdownApp);
}  // namespace pg
