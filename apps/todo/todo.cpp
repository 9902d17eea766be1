// Tasks (org.tasks, Tasks.org): a drawer of lists (My Tasks, Work, Shopping, ...; create, rename,
// delete), the task list of the chosen list or filter (sorted by due date, priority, title or
// creation; completed tasks hidden or shown; only today's or overdue tasks), the task editor
// (title, description, due date and time, priority as a coloured checkbox, repeat, reminder,
// list, tags, subtasks, Add to calendar through Calendar's insert intent), completing (a repeating
// task rolls its due date forward), multi-select by long press, tag filters, search, and delete
// with a confirmation and an Undo snackbar. Reminders post notifications on virtual time.
//
// Data: world/lists.json and world/tasks.json seen through the overlays apps.todo.lists and
// apps.todo.tasks. The editor edits a draft (apps.todo.editor) saved when the editor is left.
#include "apps/todo/todo_model.hpp"
#include "sim/os/clock_format.hpp"
#include "sim/os/app.hpp"
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
using namespace pg::todo;

constexpr const char* kApp = "todo";
constexpr std::int64_t kUndoMs = 10000;  ///< how long the "Task deleted" snackbar offers Undo
constexpr std::uint32_t kOverdueRed = 0xC62828;

const char* kListColors[] = {"#1A73E8", "#E8710A", "#188038", "#9334E6", "#D93025", "#00897B"};

// ---------------------------------------------------------------- data access

/// The tasks / lists as the user sees them: world data with the overlay applied.
json tasks_view(const Phone& p) { return resolve_collection(World::instance(), own_state(p, kApp), kApp, "tasks"); }
json lists_view(const Phone& p) { return resolve_collection(World::instance(), own_state(p, kApp), kApp, "lists"); }
/// One task / list of the merged view, or null.
json find_task(const Phone& p, const std::string& id) {
  return resolve_entity(World::instance(), own_state(p, kApp), kApp, "tasks", id);
}
json find_list(const Phone& p, const std::string& id) {
  return resolve_entity(World::instance(), own_state(p, kApp), kApp, "lists", id);
}

/// Writes `changes` over task `id` in the overlay (fields equal to the world's are dropped).
void write_task(Phone& p, const std::string& id, const json& changes) {
  write_overlay_entity(own_state(p, kApp)["tasks"], id, World::instance().entity(kApp, "tasks", id), changes);
}

/// Removes a task or list from the view: null over a world entity, else the overlay entry goes.
void remove_entity(Phone& p, const char* collection, const std::string& id) {
  json& ov = own_state(p, kApp)[collection];
  if (World::instance().entity(kApp, collection, id))
    ov[id] = nullptr;
  else
    ov.erase(id);
}

/// The phone's local day (days since 1970-01-01).
std::int64_t today(const Phone& p) { return p.local_time_ms() / kDayMs; }



/// A tag as a widget-id part: "Home office" -> "home_office".
std::string slug(const std::string& s) {
  std::string out = lower(s);
  for (char& c : out)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return out;
}

/// "#RRGGBB" as 0xRRGGBB (the primary colour for anything else).
std::uint32_t parse_color(const std::string& hex) {
  return hex.size() == 7 && hex[0] == '#' ? static_cast<std::uint32_t>(std::stoul(hex.substr(1), nullptr, 16)) : color::kPrimary;
}

/// "Today", "Tomorrow", "Yesterday", "Jan 5" or "Dec 29, 2025", plus the time if the task has one.
std::string due_text(const Phone& p, const std::string& due, const std::string& time) {
  const std::int64_t d = day_of(due);
  if (d < 0) return "";
  const std::int64_t t = today(p);
  std::string s;
  if (d == t) s = "Today";
  else if (d == t + 1) s = "Tomorrow";
  else if (d == t - 1) s = "Yesterday";
  else {
    const CivilTime c = civil_from_ms(d * kDayMs), now = civil_from_ms(t * kDayMs);
    s = format_date(c.year, c.month, c.day, c.year != now.year ? DateStyle::MonthDayYear : DateStyle::MonthDay);
  }
  const int m = parse_hhmm(time);
  if (m >= 0) s += " " + p.format_time(m * 60000LL);
  return s;
}

std::string list_name(const Phone& p, const std::string& id) { return find_list(p, id).value("name", ""); }

/// The current view's title: a list's name, "Today" or "All tasks".
std::string view_title(const Phone& p) {
  const std::string v = own_state(p, kApp).value("view", "1");
  if (v == "today") return "Today";
  if (v == "all") return "All tasks";
  if (v.rfind("tag:", 0) == 0) return v.substr(4);
  const std::string n = list_name(p, v);
  return n.empty() ? "My Tasks" : n;
}

/// The list new tasks go into from the current view (My Tasks for a filter or a deleted list).
std::string view_list(const Phone& p) {
  const std::string v = own_state(p, kApp).value("view", "1");
  if (v == "today" || v == "all" || v.rfind("tag:", 0) == 0 || find_list(p, v).is_null()) return "1";
  return v;
}

/// Whether task `t` belongs to the current view (a list, Today, All tasks or a tag).
bool in_view(const Phone& p, const json& t) {
  const std::string v = own_state(p, kApp).value("view", "1");
  if (v == "all") return true;
  if (v == "today") {
    const std::int64_t d = day_of(t.value("due", ""));
    return !t.value("completed", false) && d >= 0 && d <= today(p);
  }
  if (v.rfind("tag:", 0) == 0) {  // a tag's filter: every task with the tag, from every list
    const json tags = t.value("tags", json::array());
    return std::find(tags.begin(), tags.end(), json(v.substr(4))) != tags.end();
  }
  return t.value("list", "") == v;
}

/// The tasks the list page shows: open ones sorted as chosen, then the completed ones (newest
/// completion first) unless hidden.
void visible_tasks(const Phone& p, std::vector<json>& open, std::vector<json>& done) {
  const json& s = own_state(p, kApp);
  const std::string show = s.value("show", "all"), sort = s.value("sort", "due");
  const bool hide = s.value("hide_completed", false);
  const std::int64_t now = p.local_time_ms(), t0 = today(p);
  for (const json& t : tasks_view(p)) {
    if (!in_view(p, t)) continue;
    if (show == "today" && day_of(t.value("due", "")) != t0) continue;
    if (show == "overdue" && !overdue(t, now)) continue;
    if (t.value("completed", false)) {
      if (!hide) done.push_back(t);
    } else {
      open.push_back(t);
    }
  }
  auto due_key = [](const json& t) {
    const std::int64_t d = day_of(t.value("due", ""));
    const int m = parse_hhmm(t.value("due_time", ""));
    return d < 0 ? INT64_MAX : d * 1440 + (m < 0 ? 1439 : m);
  };
  auto by_due = [&](const json& a, const json& b) {
    const std::int64_t ka = due_key(a), kb = due_key(b);
    if (ka != kb) return ka < kb;
    return priority_rank(a.value("priority", "none")) > priority_rank(b.value("priority", "none"));
  };
  std::stable_sort(open.begin(), open.end(), [&](const json& a, const json& b) {
    if (sort == "priority") {
      const int pa = priority_rank(a.value("priority", "none")), pb = priority_rank(b.value("priority", "none"));
      return pa != pb ? pa > pb : due_key(a) < due_key(b);
    }
    if (sort == "title") return lower(a.value("title", "")) < lower(b.value("title", ""));
    if (sort == "created") return a.value("created_ms", std::int64_t{0}) > b.value("created_ms", std::int64_t{0});
    return by_due(a, b);
  });
  std::stable_sort(done.begin(), done.end(), [](const json& a, const json& b) {
    return a.value("completed_ms", std::int64_t{0}) > b.value("completed_ms", std::int64_t{0});
  });
}

// ---------------------------------------------------------------- operations

/// Completes or reopens a task. Completing a repeating task keeps it open and moves its due date
/// to the next occurrence (Tasks.org repeats from the due date).
void set_completed(Phone& p, const json& t, bool done) {
  const std::string id = t.value("id", "");
  if (done && t.value("repeat", "none") != "none") {
    const std::string next = next_due(t, today(p));
    json subs = t.value("subtasks", json::array());
    for (json& s : subs) s["done"] = false;
    write_task(p, id, {{"due", next}, {"subtasks", subs}});
    p.toast("Next due " + due_text(p, next, t.value("due_time", "")));
    return;
  }
  write_task(p, id, {{"completed", done}, {"completed_ms", done ? p.now_ms() : 0}});
}

/// Deletes a task and offers Undo (the snackbar) for kUndoMs.
void delete_task(Phone& p, const std::string& id) {
  json& s = own_state(p, kApp);
  const json& ov = s["tasks"];
  s["undo"] = {{"task", id}, {"title", find_task(p, id).value("title", "")}, {"had", ov.contains(id)},
               {"entry", ov.contains(id) ? ov[id] : json()}, {"until", p.now_ms() + kUndoMs}};
  remove_entity(p, "tasks", id);
}

/// The snackbar's Undo: puts the deleted task's overlay entry back as it was.
void undo_delete(Phone& p) {
  json& s = own_state(p, kApp);
  const json u = s["undo"];
  if (!u.contains("task")) return;
  const std::string id = u["task"];
  if (u.value("had", false))
    s["tasks"][id] = u["entry"];
  else
    s["tasks"].erase(id);
  s["undo"] = json::object();
}

/// The closed editor (no draft).
json empty_editor() { return {{"open", false}}; }

/// Opens the editor on a task (or a new one when `t` is null) and shows it.
void open_editor(Phone& p, const json& t, const std::string& transition) {
  json& s = own_state(p, kApp);
  if (t.is_null()) {
    const std::string view = s.value("view", "1");
    const bool today_view = view == "today";
    // A task made in a tag's filter gets the tag (as Tasks.org does).
    const json tags = view.rfind("tag:", 0) == 0 ? json::array({view.substr(4)}) : json::array();
    s["editor"] = {{"open", true}, {"id", ""}, {"title", ""}, {"notes", ""}, {"list", view_list(p)},
                   {"due", today_view ? iso_date(today(p)) : ""}, {"due_time", ""}, {"priority", "none"},
                   {"repeat", "none"}, {"interval", 1}, {"reminder", -1}, {"tags", tags},
                   {"subtasks", json::array()}, {"completed", false}, {"subtask_text", ""}};
  } else {
    json e = t;
    e.erase("created_ms");
    e.erase("completed_ms");
    e["open"] = true;
    e["subtask_text"] = "";
    s["editor"] = e;
  }
  p.clear_focus();
  p.navigate(transition);
  if (t.is_null()) p.focus("todo.edit.title", "/apps/todo/editor/title");  // a new task starts with its name
}

/// Whether the todo task shows the editor or one of its pickers.
bool editor_on_stack(const Phone& p) {
  for (const json& e : p.page_stack(kApp))
    if (e.value("page", "") == "edit") return true;
  return false;
}

/// Saves the editor's draft. A new task with an empty title is discarded; an existing task
/// keeps its old title if the new one is empty. Asks for POST_NOTIFICATIONS when a reminder is set.
void commit_editor(Phone& p) {
  json& s = own_state(p, kApp);
  const json ed = s["editor"];
  s["editor"] = empty_editor();
  if (!ed.value("open", false)) return;
  std::string id = ed.value("id", "");
  const std::string title = trim(ed.value("title", ""));
  json fields = {{"title", title},
                 {"notes", ed.value("notes", "")},
                 {"list", ed.value("list", "1")},
                 {"due", ed.value("due", "")},
                 {"due_time", ed.value("due", "").empty() ? "" : ed.value("due_time", "")},
                 {"priority", ed.value("priority", "none")},
                 {"repeat", ed.value("repeat", "none")},
                 {"interval", ed.value("interval", 1)},
                 {"reminder", ed.value("reminder", -1)},
                 {"tags", ed.value("tags", json::array())},
                 {"subtasks", ed.value("subtasks", json::array())}};
  const bool done = ed.value("completed", false);
  json cur = id.empty() ? json() : find_task(p, id);
  const int prev_reminder = cur.is_null() ? -1 : cur.value("reminder", -1);
  if (cur.is_null()) {
    if (title.empty()) {
      p.toast("Empty task discarded");
      return;
    }
    const int n = s.value("next_id", 61);
    id = std::to_string(n);
    s["next_id"] = n + 1;
    fields["completed"] = false;
    fields["completed_ms"] = 0;
    fields["created_ms"] = p.now_ms();
    s["tasks"][id] = fields;
    if (done) set_completed(p, find_task(p, id), true);
    p.toast("Task created");
  } else {
    if (title.empty()) fields.erase("title");
    json changes = json::object();
    for (auto it = fields.begin(); it != fields.end(); ++it)
      if (cur.value(it.key(), json()) != it.value()) changes[it.key()] = it.value();
    if (!changes.empty()) write_task(p, id, changes);
    if (done != cur.value("completed", false)) set_completed(p, find_task(p, id), done);
  }
  // Ask for notifications when a reminder is newly set (as Tasks.org does on Android 13+).
  const bool new_reminder = fields.value("reminder", -1) >= 0 && (cur.is_null() || prev_reminder != fields.value("reminder", -1));
  if (new_reminder && !fields.value("due", "").empty() && p.permission(kApp, "POST_NOTIFICATIONS").empty())
    p.request_permission(kApp, "POST_NOTIFICATIONS", "remind you of your tasks");
}

/// Back to the top of the task list (after the view changes what it holds).
void list_to_top(Phone& p) {
  if (p.foreground() == kApp && p.current_page() == "tasks") p.set_scroll(0);
}

// ---------------------------------------------------------------- drawing helpers

/// A filled text field bound to the string at `path`: a label, and the value (the part around the
/// caret when it is too long, as a field scrolls to the cursor). Multi-line fields wrap and show
/// up to `lines` lines; in a scrolling list, `scroll_dp` is its offset (dp) for placing the caret.
void field(Ui& ui, Phone& phone, const std::string& id, const Rect& r, const std::string& label, const std::string& path,
           const std::string& placeholder, int lines = 1, Handler after_focus = {}, float scroll_dp = 0) {
  const json* stored = phone.find(json::json_pointer(path));
  const std::string value = stored && stored->is_string() ? stored->get<std::string>() : "";
  const bool focused = phone.focused_id() == id;
  ui.fill(r, color::kSurfaceContainer, 4);
  ui.fill({r.l, r.b - (focused ? 2.f : 1.f), r.r, r.b}, focused ? color::kPrimary : color::kOnSurfaceVariant);
  ui.text(r.l + 16, r.t + 6, label, Font::Label, focused ? color::kPrimary : color::kOnSurfaceVariant);
  const float tx = r.l + 16, ty = r.t + 24, w = r.w() - 32;
  if (value.empty() && !placeholder.empty())
    ui.text(tx, ty, ui.ellipsize(placeholder, Font::BodyLarge, w), Font::BodyLarge, color::kOnSurfaceVariant, 0.6f);
  const std::size_t caret = focused ? text_cursor(phone) : std::string::npos;
  LineView view;
  TextBox box{Font::BodyLarge, tx, ty - scroll_dp, w, 22, 0};  // on screen: less the list's scroll
  if (lines > 1) {  // wrapped, up to `lines` lines in view: the first ones, or down to the caret's
    const std::vector<TextLine> ls = wrap_lines(value, Font::BodyLarge, w);
    const std::size_t at = caret == std::string::npos ? 0 : utf8_offset(value, caret);
    const std::size_t cl = caret_line(ls, at), n = static_cast<std::size_t>(lines);
    box.first_line = cl < n ? 0 : cl + 1 - n;
    for (std::size_t i = box.first_line; i < std::min(ls.size(), box.first_line + n); ++i)
      ui.text(tx, ty + 22 * static_cast<float>(i - box.first_line), value.substr(ls[i].begin, ls[i].end - ls[i].begin),
              Font::BodyLarge, color::kOnSurface);
    if (focused) {
      const float cx = tx + text_width_of(value, ls[cl].begin, at, Font::BodyLarge);
      const float cy = ty + 22 * static_cast<float>(cl - box.first_line);
      ui.fill({cx, cy, cx + 2, cy + ui.line_height(Font::BodyLarge) + 2}, color::kPrimary);
    }
  } else {
    view = draw_line_value(ui, value, tx, ty, w, Font::BodyLarge, color::kOnSurface, caret, color::kPrimary);
  }
  Node& n = ui.item(id, "android.widget.EditText", r, value, {});
  n.desc = label;
  n.clickable = n.focusable = true;
  n.focused = focused;
  // A tap focuses the field (the caret at the end); on the focused field it moves the caret.
  n.on_click = [id, path, lines, after_focus, view, box](Phone& p) {
    const bool was_focused = p.focused_id() == id;
    if (lines > 1) p.focus_multiline(id, path);
    else p.focus(id, path);
    if (was_focused && lines > 1) {
      const json* v = p.find(json::json_pointer(path));
      set_text_cursor(p, index_at_point(v && v->is_string() ? v->get<std::string>() : "", box, p.pointer_x_px(),
                                        p.pointer_y_px()));
    } else if (was_focused) {
      place_caret(p, view);
    }
    if (after_focus) after_focus(p);
  };
}

/// An error line in the error colour under a field (nothing if `msg` is empty); returns its height.
float error_line(Ui& ui, const std::string& id, float x, float y, const std::string& msg) {
  if (msg.empty()) return 0;
  ui.label_at(id, x, y, msg, Font::Body, color::kError, Ui::width_dp() - x - 16);
  return 24;
}

/// The priority checkbox: a square outline (a filled check when done) in the priority's colour.
void check_icon(Ui& ui, float cx, float cy, const std::string& prio, bool done) {
  ui.icon(cx, cy, done ? "check_box" : "check_box_outline_blank", Font::Icon, done ? 0x9E9E9E : priority_color(prio));
}

/// One task row (title; due date in red when overdue; repeat, list, tags, subtasks): the row
/// `<base>` opens the task, `<base>.check` completes or reopens it. Returns its height.
float task_row(Ui& ui, Phone& phone, const std::string& base, const json& t, bool show_list, Handler open,
               Handler long_press = {}, bool selected = false) {
  const float y = ui.cursor_y();
  const bool done = t.value("completed", false);
  const std::string title = t.value("title", "");
  const std::string due = due_text(phone, t.value("due", ""), t.value("due_time", ""));
  const json tags = t.value("tags", json::array()), subs = t.value("subtasks", json::array());
  const bool rep = t.value("repeat", "none") != "none";
  const bool meta = !due.empty() || rep || show_list || !tags.empty() || !subs.empty();
  const float h = meta ? 72 : 56;
  const std::uint32_t ink = done ? color::kOutline : color::kOnSurface;
  if (selected) ui.fill({0, y, Ui::width_dp(), y + h}, color::kPrimaryContainer);
  const float tx = 64, tw = Ui::width_dp() - tx - 16;
  const float title_y = meta ? y + 12 : y + (h - ui.line_height(Font::BodyLarge)) / 2 - 1;
  const float drawn = ui.text_fit(tx, title_y, title, Font::BodyLarge, ink, tw);
  if (done) ui.fill({tx, title_y + 11, tx + drawn, title_y + 12}, color::kOutline);
  if (meta) {
    float x = tx;
    const float my = y + 40, right = Ui::width_dp() - 16;
    auto piece = [&](const std::string& icon, const std::string& text, std::uint32_t rgb) {
      if (right - x < 40) return;
      if (!icon.empty()) {
        ui.icon(x + 8, my + 9, icon, Font::IconSmall, rgb);
        x += 18;
      }
      if (!text.empty()) x += ui.text_fit(x, my, text, Font::Body, rgb, right - x);
      x += 10;
    };
    if (!due.empty()) piece("schedule", due, overdue(t, phone.local_time_ms()) ? kOverdueRed : color::kOnSurfaceVariant);
    if (rep) piece("repeat", "", color::kOnSurfaceVariant);
    if (!subs.empty()) {
      int n = 0;
      for (const json& s : subs) n += s.value("done", false) ? 1 : 0;
      piece("subdirectory_arrow_right", std::to_string(n) + "/" + std::to_string(subs.size()), color::kOnSurfaceVariant);
    }
    if (show_list) {
      const json l = find_list(phone, t.value("list", ""));
      piece("list", l.value("name", ""), parse_color(l.value("color", "")));
    }
    for (const json& tag : tags) piece("label_outline", tag.get<std::string>(), color::kOnSurfaceVariant);
  }
  Node& row = ui.item(base, "android.widget.LinearLayout", {56, y, Ui::width_dp(), y + h}, title, std::move(open));
  row.desc = due.empty() ? t.value("priority", "none") + " priority" : "Due " + due + ", " + t.value("priority", "none") + " priority";
  row.selected = selected;
  if (long_press) {
    row.long_clickable = true;
    row.on_long_press = std::move(long_press);
  }
  check_icon(ui, 32, y + h / 2, t.value("priority", "none"), done);
  Node& cb = ui.item(base + ".check", "android.widget.CheckBox", {8, y + h / 2 - 24, 56, y + h / 2 + 24}, "",
                     [t, done](Phone& p) { set_completed(p, t, !done); });
  cb.checkable = true;
  cb.checked = done;
  cb.desc = done ? "Mark incomplete" : "Mark complete";
  ui.fill({64, y + h - 1, Ui::width_dp(), y + h}, color::kSurfaceVariant);
  ui.advance(h);
  return h;
}

/// Multi-select on the list page (long press a row): adds or removes a task id.
void toggle_selected(Phone& p, const std::string& id) {
  json& s = own_state(p, kApp);
  json next = json::array();
  bool had = false;
  for (const json& x : s.value("selected", json::array())) {
    if (x == id) had = true;
    else next.push_back(x);
  }
  if (!had) next.push_back(id);
  s["selected"] = next;
}

/// A picker row of the editor: icon, primary text (or a grey hint), tap opens a picker page.
void editor_row(Ui& ui, const std::string& id, const std::string& icon, const std::string& text, const std::string& hint,
                Handler on_click, std::uint32_t ink = color::kOnSurface) {
  const float y = ui.cursor_y();
  ui.icon(32, y + 28, icon, Font::Icon, color::kOnSurfaceVariant);
  const bool empty = text.empty();
  ui.text_fit(64, y + 28 - ui.line_height(Font::BodyLarge) / 2 - 1, empty ? hint : text, Font::BodyLarge,
              empty ? color::kOnSurfaceVariant : ink, Ui::width_dp() - 80);
  Node& n = ui.item(id, "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + 56}, empty ? hint : text, std::move(on_click));
  n.desc = hint;
  ui.advance(56);
}

/// A bottom action row of a picker page: Cancel (back) and a filled confirm button.
void picker_buttons(Ui& ui, const std::string& base, const std::string& ok, Handler on_ok) {
  const float b = Ui::content_area().b;
  ui.button(base + ".cancel", {Ui::width_dp() - 216, b - 64, Ui::width_dp() - 120, b - 16}, "Cancel", false,
            [](Phone& p) { p.clear_focus(); p.back(); });
  ui.button(base + ".ok", {Ui::width_dp() - 112, b - 64, Ui::width_dp() - 16, b - 16}, ok, true, std::move(on_ok));
}

class TasksApp : public App {
 public:
  TasksApp() {
    add_page("tasks", tasks_page);
    add_page("drawer", drawer);
    add_page("list_edit", list_edit);
    add_page("options", options);
    add_page("search", search);
    add_page("edit", edit);
    add_page("due", due_page);
    add_page("repeat", repeat_page);
    add_page("reminder", reminder_page);
    add_page("pick_list", pick_list);
    add_page("tags", tags_page);
    // The merged task list for other apps: [{id, title, list, due, due_time, priority, completed}].
    add_export("tasks", [](Phone& p, const json&) {
      json out = json::array();
      for (const json& t : tasks_view(p))
        out.push_back({{"id", t["id"]}, {"title", t["title"]}, {"list", list_name(p, t.value("list", ""))},
                       {"due", t["due"]}, {"due_time", t["due_time"]}, {"priority", t["priority"]},
                       {"completed", t["completed"]}});
      return out;
    });
  }

  /// The editor saves whenever it is left (back arrow, system back, a notification...); the
  /// reminders of open tasks with a due date fire as the clock passes them.
  void on_time(Phone& phone, std::int64_t from_ms, std::int64_t to_ms) override {
    const json& mine = own_state(std::as_const(phone), kApp);  // read first: an untouched overlay stays shared
    if (object_member(mine, "editor").value("open", false) && !editor_on_stack(phone)) commit_editor(phone);
    // A selection lives on the list page only (Android's action mode ends when the page goes).
    if (!own_state(std::as_const(phone), kApp).value("selected", json::array()).empty() &&
        (phone.foreground() != kApp || phone.current_page() != "tasks"))
      own_state(phone, kApp)["selected"] = json::array();
    if (to_ms <= from_ms || phone.permission(kApp, "POST_NOTIFICATIONS") != "granted") return;
    const std::int64_t shift = phone.local_time_ms() - phone.now_ms();
    for (const json& t : tasks_view(phone)) {
      const int rem = t.value("reminder", -1);
      const std::int64_t d = day_of(t.value("due", ""));
      if (rem < 0 || d < 0 || t.value("completed", false)) continue;
      const int tm = parse_hhmm(t.value("due_time", ""));
      const std::int64_t at = d * kDayMs + (tm < 0 ? 9 * 60 : tm) * 60000LL - rem * 60000LL - shift;  // UTC ms
      if (at <= from_ms || at > to_ms) continue;
      phone.post_notification(kApp, t.value("title", ""),
                              "Due " + due_text(phone, t.value("due", ""), t.value("due_time", "")),
                              {{"app", kApp}, {"task", t.value("id", "")}});
    }
  }

  /// A notification's tap opens its task in the editor.
  void on_intent(Phone& phone, const json& intent) override {
    const std::string id = intent.value("task", "");
    const json t = id.empty() ? json() : find_task(phone, id);
    if (t.is_null() || phone.foreground() != kApp) return;
    if (own_state(phone, kApp)["editor"].value("open", false)) commit_editor(phone);  // a draft in progress is kept
    if (phone.current_page() != "tasks") phone.back_to_root();
    if (phone.current_page() == "tasks") open_editor(phone, find_task(phone, id), "open_task");
  }

  void on_dialog_result(Phone& phone, const json& dialog, const std::string& button) override {
    const std::string kind = dialog.value("kind", "");
    const json data = dialog.value("data", json::object());
    if (button != "delete") return;
    if (kind == "delete_task") {
      const std::string id = data.value("task", "");
      if (find_task(phone, id).is_null()) return;
      own_state(phone, kApp)["editor"] = empty_editor();
      delete_task(phone, id);
      if (phone.foreground() == kApp && phone.current_page() == "edit") phone.back();
    } else if (kind == "delete_selected") {
      int n = 0;
      for (const json& id : data.value("tasks", json::array()))
        if (!find_task(phone, id.get<std::string>()).is_null()) {
          remove_entity(phone, "tasks", id.get<std::string>());
          ++n;
        }
      own_state(phone, kApp)["selected"] = json::array();
      own_state(phone, kApp)["undo"] = json::object();
      phone.toast("Deleted " + std::to_string(n) + (n == 1 ? " task" : " tasks"));
    } else if (kind == "clear_completed") {
      int n = 0;
      for (const json& t : tasks_view(phone))
        if (t.value("completed", false) && in_view(phone, t)) {
          remove_entity(phone, "tasks", t.value("id", ""));
          ++n;
        }
      own_state(phone, kApp)["undo"] = json::object();
      if (phone.foreground() == kApp && phone.current_page() == "options") phone.back();
      phone.toast("Deleted " + std::to_string(n) + (n == 1 ? " task" : " tasks"));
    } else if (kind == "delete_list") {
      const std::string id = data.value("list", "");
      if (find_list(phone, id).is_null()) return;
      for (const json& t : tasks_view(phone))
        if (t.value("list", "") == id) remove_entity(phone, "tasks", t.value("id", ""));
      remove_entity(phone, "lists", id);
      json& s = own_state(phone, kApp);
      if (s.value("view", "1") == id) s["view"] = "1";
      s["list_form"] = json::object();
      if (phone.foreground() == kApp && phone.current_page() == "list_edit") phone.back();
      phone.toast("List deleted");
    }
  }

 private:
  // ---------------------------------------------------------------- the task list
  static void app_bar(Ui& ui, Phone& phone, bool interactive) {
    const Rect area = Ui::content_area();
    const float cy = area.t + 32;
    ui.fill({0, area.t, Ui::width_dp(), area.t + 64}, color::kSurface);
    const std::string title = view_title(phone);
    if (!interactive) {
      ui.icon(28, cy, "menu", Font::Icon, color::kOnSurfaceVariant);
      ui.text_fit(68, cy - ui.line_height(Font::Title) / 2 - 1, title, Font::Title, color::kOnSurface, 180);
      return;
    }
    ui.icon_button("todo.menu", 28, cy, "menu", "Open navigation drawer", color::kOnSurfaceVariant,
                   [](Phone& p) { p.navigate("open_drawer"); });
    ui.label_at("todo.title", 68, cy - ui.line_height(Font::Title) / 2 - 1, title, Font::Title, color::kOnSurface, 180);
    ui.icon_button("todo.search", Ui::width_dp() - 88, cy, "search", "Search", color::kOnSurfaceVariant, [](Phone& p) {
      own_state(p, kApp)["query"] = "";
      p.navigate("open_search");
      p.focus("todo.search.field", "/apps/todo/query");
    });
    ui.icon_button("todo.options", Ui::width_dp() - 40, cy, "sort", "Sort and filter", color::kOnSurfaceVariant,
                   [](Phone& p) { p.navigate("open_options"); });
  }

  /// The contextual bar of multi-select: close, "N selected", complete all, delete all.
  static void selection_bar(Ui& ui, Phone& phone, const json& sel) {
    (void)phone;
    const Rect area = Ui::content_area();
    const float cy = area.t + 32;
    ui.fill({0, area.t, Ui::width_dp(), area.t + 64}, color::kSurfaceContainer);
    ui.icon_button("todo.select.close", 28, cy, "close", "Clear selection", color::kOnSurfaceVariant,
                   [](Phone& p) { own_state(p, kApp)["selected"] = json::array(); });
    ui.label_at("todo.select.count", 68, cy - ui.line_height(Font::Title) / 2 - 1, std::to_string(sel.size()) + " selected",
                Font::Title, color::kOnSurface, 180);
    ui.icon_button("todo.select.complete", Ui::width_dp() - 88, cy, "done_all", "Mark selected complete", color::kOnSurfaceVariant,
                   [](Phone& p) {
                     int n = 0;
                     for (const json& id : own_state(p, kApp).value("selected", json::array())) {
                       const json t = find_task(p, id.get<std::string>());
                       if (t.is_null() || t.value("completed", false)) continue;
                       set_completed(p, t, true);
                       ++n;
                     }
                     own_state(p, kApp)["selected"] = json::array();
                     p.toast(std::to_string(n) + (n == 1 ? " task completed" : " tasks completed"));
                   });
    ui.icon_button("todo.select.delete", Ui::width_dp() - 40, cy, "delete", "Delete selected", color::kOnSurfaceVariant, [](Phone& p) {
      const json ids = own_state(p, kApp).value("selected", json::array());
      const std::size_t n = ids.size();
      p.show_dialog({{"owner", kApp},
                     {"kind", "delete_selected"},
                     {"title", n == 1 ? "Delete 1 task?" : "Delete " + std::to_string(n) + " tasks?"},
                     {"text", "This can't be undone."},
                     {"buttons", json::array({{{"id", "cancel"}, {"label", "Cancel"}}, {{"id", "delete"}, {"label", "Delete"}}})},
                     {"data", {{"tasks", ids}}}});
    });
  }

  static void tasks_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const json& s = own_state(phone, kApp);
    const json sel = s.value("selected", json::array());
    const bool selecting = !sel.empty();
    if (selecting)
      selection_bar(ui, phone, sel);
    else
      app_bar(ui, phone, true);
    float top = area.t + 64;
    const std::string show = s.value("show", "all");
    if (show != "all") {
      const std::string label = show == "today" ? "Due today" : "Overdue";
      ui.chip("todo.filter_chip", {16, top, 16 + ui.text_width(label, Font::Label) + 64, top + 48}, label, true,
              [](Phone& p) { own_state(p, kApp)["show"] = "all"; list_to_top(p); }, "", "close")
          .desc = "Clear filter " + label;
      top += 48;
    }
    std::vector<json> open, done;
    visible_tasks(phone, open, done);
    const std::string view = s.value("view", "1");
    const bool show_list = view == "all" || view == "today" || view.rfind("tag:", 0) == 0;
    ui.begin_scroll("todo.list", {0, top, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    if (open.empty() && done.empty()) {
      const std::string msg = show == "all" ? "No tasks here yet" : "No matching tasks";
      ui.icon(Ui::width_dp() / 2, ui.cursor_y() + 150, "done_all", Font::IconLarge, color::kOutline);
      ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 184, msg, Font::BodyLarge, color::kOnSurfaceVariant);
      ui.label("todo.empty", {60, ui.cursor_y() + 180, Ui::width_dp() - 60, ui.cursor_y() + 208}, msg);
      ui.advance(240);
    }
    auto row = [&](const json& t) {
      const std::string id = t.value("id", "");
      const bool on = std::find(sel.begin(), sel.end(), json(id)) != sel.end();
      task_row(ui, phone, "todo.task." + id, t, show_list,
               selecting ? Handler([id](Phone& p) { toggle_selected(p, id); })
                         : Handler([t](Phone& p) { open_editor(p, t, "open_task"); }),
               [id](Phone& p) { toggle_selected(p, id); }, on);
    };
    for (const json& t : open) row(t);
    if (!done.empty()) {
      const float y = ui.cursor_y();
      const std::string h = "Completed (" + std::to_string(done.size()) + ")";
      ui.label_at("todo.section.completed", 16, y + 16, h, Font::Label, color::kPrimary);
      ui.advance(44);
      for (const json& t : done) row(t);
    }
    ui.advance(96);
    ui.end_scroll();
    const json u = s.value("undo", json::object());
    const bool snack = u.contains("task") && phone.now_ms() < u.value("until", std::int64_t{0});
    if (!selecting) ui.fab("todo.fab", "add", "New task", [](Phone& p) { open_editor(p, json(), "new_task"); });
    if (snack) {
      const Rect r{8, area.b - 136, Ui::width_dp() - 8, area.b - 88};
      ui.cover(r);
      ui.fill(r, 0x313033, 4);
      const std::string msg = "Task deleted";
      ui.label_at("todo.snackbar", r.l + 16, r.t + 24 - ui.line_height(Font::Body) / 2 - 1, msg, Font::Body, 0xF4EFF4, 200);
      ui.text(r.r - 64, r.t + 24 - ui.line_height(Font::Body) / 2 - 1, "Undo", Font::Body, 0xD0BCFF);
      Node& n = ui.item("todo.snackbar.undo", "android.widget.Button", {r.r - 80, r.t, r.r, r.b}, "Undo",
                        [](Phone& p) { undo_delete(p); p.toast("Task restored"); });
      n.desc = "Undo delete";
    }
  }

  // ---------------------------------------------------------------- the drawer of lists
  static void drawer(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    app_bar(ui, phone, false);
    ui.scrim("todo.drawer.scrim", {300, area.t, Ui::width_dp(), area.b}, 0.32f, [](Phone& p) { p.back(); }).desc =
        "Close navigation drawer";
    ui.cover({0, area.t, 300, area.b});
    ui.fill({0, area.t, 300, area.b}, color::kSurface);
    ui.label_at("todo.drawer.title", 28, area.t + 18, "Tasks", Font::Title, color::kOnSurface);
    const json& s = own_state(phone, kApp);
    const std::string view = s.value("view", "1");
    const json tasks = tasks_view(phone);
    const std::int64_t t0 = today(phone);
    auto count_open = [&](const std::string& v) {
      int n = 0;
      for (const json& t : tasks) {
        if (t.value("completed", false)) continue;
        if (v == "today") {
          const std::int64_t d = day_of(t.value("due", ""));
          n += d >= 0 && d <= t0;
        } else {
          n += v == "all" || t.value("list", "") == v;
        }
      }
      return n;
    };
    ui.begin_scroll("todo.drawer.list", {0, area.t + 56, 300, area.b}, phone.page_pointer() + "/scroll");
    auto row = [&](const std::string& id, const std::string& icon, std::uint32_t icon_rgb, const std::string& label,
                   const std::string& count, bool selected, Handler h, bool editable) {
      const float y = ui.cursor_y();
      const float right = editable ? 244 : 292;
      if (selected) ui.fill({8, y, right, y + 48}, color::kPrimaryContainer, 24);
      ui.icon(36, y + 24, icon, Font::Icon, selected ? color::kOnPrimaryContainer : icon_rgb);
      const float cw = count.empty() ? 0 : ui.text_width(count, Font::Label) + 8;
      ui.text_fit(68, y + 24 - ui.line_height(Font::BodyLarge) / 2 - 1, label, Font::BodyLarge,
                  selected ? color::kOnPrimaryContainer : color::kOnSurface, right - 68 - cw - 12);
      if (!count.empty()) ui.text(right - 12 - cw + 8, y + 24 - ui.line_height(Font::Label) / 2 - 1, count, Font::Label, color::kOnSurfaceVariant);
      Node& n = ui.item(id, "android.widget.CheckedTextView", {8, y, right, y + 48}, label, std::move(h));
      n.selected = selected;
      n.desc = count.empty() ? label : label + ", " + count + " open";
      ui.advance(48);
    };
    auto choose = [](const std::string& v) {
      return [v](Phone& p) {
        json& st = own_state(p, kApp);
        st["view"] = v;
        st["show"] = "all";
        st["selected"] = json::array();
        p.back();
        list_to_top(p);
      };
    };
    ui.text(28, ui.cursor_y() + 12, "Filters", Font::Label, color::kOnSurfaceVariant);
    ui.advance(36);
    row("todo.drawer.today", "today", color::kOnSurfaceVariant, "Today", std::to_string(count_open("today")), view == "today",
        choose("today"), false);
    row("todo.drawer.all", "inbox", color::kOnSurfaceVariant, "All tasks", std::to_string(count_open("all")), view == "all",
        choose("all"), false);
    ui.fill({0, ui.cursor_y() + 8, 300, ui.cursor_y() + 9}, color::kSurfaceVariant);
    ui.advance(16);
    ui.text(28, ui.cursor_y() + 12, "Lists", Font::Label, color::kOnSurfaceVariant);
    ui.advance(36);
    for (const json& l : lists_view(phone)) {
      const std::string id = l.value("id", "");
      const float y = ui.cursor_y();
      row("todo.drawer.list." + id, "list", parse_color(l.value("color", "")), l.value("name", ""),
          std::to_string(count_open(id)), view == id, choose(id), true);
      ui.icon_button("todo.drawer.list." + id + ".edit", 272, y + 24, "edit", "Edit list " + l.value("name", ""),
                     color::kOnSurfaceVariant, [id](Phone& p) {
                       const json lst = find_list(p, id);
                       own_state(p, kApp)["list_form"] = {{"id", id}, {"name", lst.value("name", "")},
                                                          {"color", lst.value("color", kListColors[0])}, {"error", ""}};
                       p.navigate("edit_list");
                     });
    }
    row("todo.drawer.new_list", "add", color::kOnSurfaceVariant, "New list", "", false, [](Phone& p) {
      const int n = static_cast<int>(lists_view(p).size());
      own_state(p, kApp)["list_form"] = {{"id", ""}, {"name", ""}, {"color", kListColors[n % 6]}, {"error", ""}};
      p.navigate("new_list");
    }, false);
    // Tags: each a filter of the tasks that carry it.
    ui.fill({0, ui.cursor_y() + 8, 300, ui.cursor_y() + 9}, color::kSurfaceVariant);
    ui.advance(16);
    ui.text(28, ui.cursor_y() + 12, "Tags", Font::Label, color::kOnSurfaceVariant);
    ui.advance(36);
    for (const json& tg : s.value("tags", json::array())) {
      const std::string tag = tg.get<std::string>();
      int n = 0;
      for (const json& t : tasks) {
        const json tt = t.value("tags", json::array());
        n += !t.value("completed", false) && std::find(tt.begin(), tt.end(), tg) != tt.end();
      }
      row("todo.drawer.tag." + slug(tag), "label_outline", color::kOnSurfaceVariant, tag, std::to_string(n), view == "tag:" + tag,
          choose("tag:" + tag), false);
    }
    ui.advance(16);
    ui.end_scroll();
  }

  // ---------------------------------------------------------------- new / edit list
  static void list_edit(Ui& ui, Phone& phone) {
    const json& f = own_state(phone, kApp)["list_form"];
    const std::string id = f.value("id", "");
    ui.top_bar("todo.list.heading", id.empty() ? "New list" : "Edit list", true);
    float y = ui.cursor_y() + 8;
    field(ui, phone, "todo.list.name", {16, y, Ui::width_dp() - 16, y + 56}, "Name", "/apps/todo/list_form/name", "List name");
    y += 60;
    y += error_line(ui, "todo.list.error", 32, y, f.value("error", ""));
    ui.text(16, y + 12, "Color", Font::Label, color::kOnSurfaceVariant);
    y += 36;
    const std::string cur = f.value("color", "");
    for (int i = 0; i < 6; ++i) {
      const float cx = 40 + i * 56;
      const std::string c = kListColors[i];
      if (c == cur) ui.circle(cx, y + 24, 22, color::kOnSurface);
      ui.circle(cx, y + 24, 18, parse_color(c));
      if (c == cur) ui.icon(cx, y + 24, "check", Font::IconSmall, 0xFFFFFF);
      Node& n = ui.item("todo.list.color." + std::to_string(i), "android.widget.RadioButton", {cx - 24, y, cx + 24, y + 48}, "",
                        [c](Phone& p) { own_state(p, kApp)["list_form"]["color"] = c; });
      n.desc = "Color " + c;
      n.checkable = true;
      n.checked = c == cur;
    }
    y += 72;
    ui.button("todo.list.save", {Ui::width_dp() - 120, y, Ui::width_dp() - 16, y + 48}, "Save", true, [](Phone& p) {
      json& st = own_state(p, kApp);
      json& form = st["list_form"];
      const std::string lid = form.value("id", ""), name = trim(form.value("name", ""));
      if (name.empty()) {
        form["error"] = "Enter a list name";
        return;
      }
      for (const json& l : lists_view(p))
        if (l.value("id", "") != lid && lower(l.value("name", "")) == lower(name)) {
          form["error"] = "A list named \"" + l.value("name", "") + "\" already exists";
          return;
        }
      json entry = {{"name", name}, {"color", form.value("color", kListColors[0])}};
      if (lid.empty()) {
        const int n = st.value("next_list", 6);
        st["next_list"] = n + 1;
        st["lists"][std::to_string(n)] = entry;
        st["view"] = std::to_string(n);
        st["show"] = "all";
        p.toast("List created");
      } else {
        write_overlay_entity(st["lists"], lid, World::instance().entity(kApp, "lists", lid), entry);
      }
      st["list_form"] = json::object();
      p.clear_focus();
      p.back();
      if (lid.empty() && p.current_page() == "drawer") p.back();
    });
    if (!id.empty()) {
      ui.button("todo.list.delete", {16, y, 136, y + 48}, "Delete list", false, [id](Phone& p) {
        int n = 0;
        for (const json& t : tasks_view(p)) n += t.value("list", "") == id;
        if (id == "1") {
          p.toast("My Tasks is the default list and can't be deleted");
          return;
        }
        const std::string name = list_name(p, id);
        p.show_dialog({{"owner", kApp},
                       {"kind", "delete_list"},
                       {"title", "Delete list?"},
                       {"text", "\"" + name + "\" and its " + std::to_string(n) + (n == 1 ? " task" : " tasks") +
                                    " will be deleted."},
                       {"buttons", json::array({{{"id", "cancel"}, {"label", "Cancel"}}, {{"id", "delete"}, {"label", "Delete"}}})},
                       {"data", {{"list", id}}}});
      });
    }
  }

  // ---------------------------------------------------------------- sort and filter sheet
  static void options(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    app_bar(ui, phone, false);
    const float top = area.b - 470;
    ui.scrim("todo.options.scrim", {0, area.t, Ui::width_dp(), top}, 0.32f, [](Phone& p) { p.back(); }).desc = "Close";
    ui.fill({0, top, Ui::width_dp(), area.b}, color::kSurfaceContainer, 0);
    ui.fill({Ui::width_dp() / 2 - 16, top + 10, Ui::width_dp() / 2 + 16, top + 14}, color::kOutline, 2);
    const json& s = own_state(phone, kApp);
    float y = top + 24;
    ui.label_at("todo.options.sort_title", 24, y + 12, "Sort by", Font::Label, color::kOnSurfaceVariant);
    y += 40;
    const std::pair<const char*, const char*> sorts[] = {{"due", "Due date"}, {"priority", "Priority"}, {"title", "Title"},
                                                         {"created", "Date created"}};
    for (const auto& [key, label] : sorts) {
      const std::string k = key;
      ui.radio("todo.sort." + k, {8, y, Ui::width_dp() - 8, y + 48}, label, s.value("sort", "due") == k, [k](Phone& p) {
        own_state(p, kApp)["sort"] = k;
        p.back();
        list_to_top(p);
      });
      y += 48;
    }
    ui.fill({16, y + 4, Ui::width_dp() - 16, y + 5}, color::kSurfaceVariant);
    y += 8;
    const bool hide = s.value("hide_completed", false);
    ui.text(24, y + 28 - ui.line_height(Font::BodyLarge) / 2 - 1, "Hide completed tasks", Font::BodyLarge, color::kOnSurface);
    ui.switch_at("todo.options.hide_completed", Ui::width_dp() - 76, y + 12, hide, [](Phone& p) {
      json& st = own_state(p, kApp);
      st["hide_completed"] = !st.value("hide_completed", false);
    });
    y += 56;
    ui.text(24, y + 8, "Show", Font::Label, color::kOnSurfaceVariant);
    y += 24;
    const std::pair<const char*, const char*> shows[] = {{"all", "All"}, {"today", "Due today"}, {"overdue", "Overdue"}};
    float x = 16;
    for (const auto& [key, label] : shows) {
      const std::string k = key;
      const bool on = s.value("show", "all") == k;
      const float w = ui.text_width(label, Font::Label) + 40 + (on ? 26 : 0);
      ui.chip("todo.show." + k, {x, y, x + w, y + 48}, label, on, [k](Phone& p) {
        own_state(p, kApp)["show"] = k;
        list_to_top(p);
      }, on ? "check" : "");
      x += w + 8;
    }
    y += 56;
    ui.fill({16, y + 4, Ui::width_dp() - 16, y + 5}, color::kSurfaceVariant);
    y += 8;
    const float ry = y;
    ui.icon(32, ry + 28, "delete_sweep", Font::Icon, color::kOnSurfaceVariant);
    ui.text(64, ry + 28 - ui.line_height(Font::BodyLarge) / 2 - 1, "Delete completed tasks", Font::BodyLarge, color::kOnSurface);
    ui.item("todo.options.clear_completed", "android.widget.LinearLayout", {0, ry, Ui::width_dp(), ry + 56},
            "Delete completed tasks", [](Phone& p) {
              int n = 0;
              for (const json& t : tasks_view(p)) n += t.value("completed", false) && in_view(p, t);
              if (n == 0) {
                p.toast("No completed tasks");
                return;
              }
              p.show_dialog({{"owner", kApp},
                             {"kind", "clear_completed"},
                             {"title", "Delete completed tasks?"},
                             {"text", "Delete " + std::to_string(n) + " completed " + (n == 1 ? "task" : "tasks") + " in " +
                                          view_title(p) + "? This can't be undone."},
                             {"buttons", json::array({{{"id", "cancel"}, {"label", "Cancel"}},
                                                      {{"id", "delete"}, {"label", "Delete"}}})},
                             {"data", {{"view", own_state(p, kApp).value("view", "1")}}}});
            });
  }

  // ---------------------------------------------------------------- search
  static void search(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const float t = area.t + 8;
    ui.fill({8, t, Ui::width_dp() - 8, t + 56}, color::kSurfaceContainer, 28);
    ui.icon_button("todo.search.back", 36, t + 28, "arrow_back", "Back", color::kOnSurfaceVariant, [](Phone& p) {
      p.clear_focus();
      p.back();
    });
    const std::string q = own_state(phone, kApp).value("query", "");
    {
      const Rect r{64, t, Ui::width_dp() - (q.empty() ? 16 : 60), t + 56};
      const bool focused = phone.focused_id() == "todo.search.field";
      const float ty = r.t + (r.h() - ui.line_height(Font::BodyLarge)) / 2 - 1;
      if (q.empty()) ui.text(r.l, ty, "Search tasks", Font::BodyLarge, color::kOnSurfaceVariant);
      const LineView view = draw_line_value(ui, q, r.l, ty, r.w() - 6, Font::BodyLarge, color::kOnSurface,
                                            focused ? text_cursor(phone) : std::string::npos, color::kPrimary);
      Node& n = ui.item("todo.search.field", "android.widget.EditText", r, q, [view](Phone& p) {
        const bool was_focused = p.focused_id() == "todo.search.field";
        p.focus("todo.search.field", "/apps/todo/query");
        if (was_focused) place_caret(p, view);  // a tap on the focused field moves the caret
      });
      n.desc = "Search tasks";
      n.focusable = true;
      n.focused = focused;
    }
    if (!q.empty())
      ui.icon_button("todo.search.clear", Ui::width_dp() - 36, t + 28, "close", "Clear", color::kOnSurfaceVariant,
                     [](Phone& p) { own_state(p, kApp)["query"] = ""; });
    const std::string needle = lower(trim(q));
    std::vector<json> hits;
    if (!needle.empty())
      for (const json& task : tasks_view(phone)) {
        std::string hay = lower(task.value("title", "") + "\n" + task.value("notes", ""));
        for (const json& tag : task.value("tags", json::array())) hay += "\n" + lower(tag.get<std::string>());
        if (hay.find(needle) != std::string::npos) hits.push_back(task);
      }
    std::stable_sort(hits.begin(), hits.end(), [](const json& a, const json& b) {
      return a.value("completed", false) < b.value("completed", false);
    });
    ui.begin_scroll("todo.search.results", {0, t + 64, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    if (!needle.empty() && hits.empty()) {
      ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 80, "No matching tasks", Font::BodyLarge, color::kOnSurfaceVariant);
      ui.label("todo.search.empty", {60, ui.cursor_y() + 76, 300, ui.cursor_y() + 104}, "No matching tasks");
      ui.advance(120);
    }
    for (const json& task : hits)
      task_row(ui, phone, "todo.result." + task.value("id", ""), task, true, [task](Phone& p) {
        p.clear_focus();
        open_editor(p, task, "open_task");
      });
    ui.advance(24);
    ui.end_scroll();
  }

  // ---------------------------------------------------------------- the task editor
  static void edit(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const json& ed = own_state(phone, kApp)["editor"];
    const bool is_new = ed.value("id", "").empty() || find_task(phone, ed.value("id", "")).is_null();
    const float cy = area.t + 32;
    ui.icon_button("todo.edit.back", 28, cy, "arrow_back", "Save and close", color::kOnSurface, [](Phone& p) {
      p.clear_focus();
      p.back();  // on_time saves the draft once the editor is gone
    });
    ui.label_at("todo.edit.heading", 68, cy - ui.line_height(Font::Title) / 2 - 1, is_new ? "New task" : "Edit task",
                Font::Title, color::kOnSurface, 160);
    if (!is_new)
      ui.icon_button("todo.edit.delete", Ui::width_dp() - 88, cy, "delete", "Delete task", color::kOnSurfaceVariant, [](Phone& p) {
        const std::string id = own_state(p, kApp)["editor"].value("id", "");
        p.clear_focus();
        p.show_dialog({{"owner", kApp},
                       {"kind", "delete_task"},
                       {"title", "Delete task?"},
                       {"text", "\"" + find_task(p, id).value("title", "") + "\" will be deleted."},
                       {"buttons", json::array({{{"id", "cancel"}, {"label", "Cancel"}}, {{"id", "delete"}, {"label", "Delete"}}})},
                       {"data", {{"task", id}}}});
      });
    ui.icon_button("todo.edit.save", Ui::width_dp() - 40, cy, "check", "Save", color::kPrimary, [](Phone& p) {
      const json& e = own_state(p, kApp)["editor"];
      const bool fresh = e.value("id", "").empty() || find_task(p, e.value("id", "")).is_null();
      if (trim(e.value("title", "")).empty() && !fresh) {
        p.toast("Enter a task name");
        return;
      }
      p.clear_focus();
      p.back();
      commit_editor(p);  // after leaving: the permission dialog it may show stays up
    });
    const std::string prio = ed.value("priority", "none");
    const bool done = ed.value("completed", false);
    ui.begin_scroll("todo.edit.scroll", {0, area.t + 64, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    float y = ui.cursor_y() + 4;
    // Title with the completion checkbox in the priority's colour.
    check_icon(ui, 32, y + 28, prio, done);
    Node& cb = ui.item("todo.edit.complete", "android.widget.CheckBox", {8, y + 4, 56, y + 52}, "", [](Phone& p) {
      json& e = own_state(p, kApp)["editor"];
      e["completed"] = !e.value("completed", false);
    });
    cb.checkable = true;
    cb.checked = done;
    cb.desc = done ? "Mark incomplete" : "Mark complete";
    field(ui, phone, "todo.edit.title", {64, y, Ui::width_dp() - 16, y + 56}, "Task name", "/apps/todo/editor/title",
          "What needs to be done?");
    y += 64;
    ui.icon(32, y + 28, "notes", Font::Icon, color::kOnSurfaceVariant);
    const int note_lines = std::max<int>(1, std::min<int>(4, static_cast<int>(ui.wrap(ed.value("notes", ""), Font::BodyLarge, Ui::width_dp() - 112).size())));
    const float nh = 40 + 22.f * note_lines;
    field(ui, phone, "todo.edit.notes", {64, y, Ui::width_dp() - 16, y + nh}, "Description", "/apps/todo/editor/notes",
          "Add description", 4, {}, Ui::to_dp(static_cast<float>(phone.page_int("scroll"))));
    y += nh + 12;
    ui.set_cursor(y);
    const std::string due = due_text(phone, ed.value("due", ""), ed.value("due_time", ""));
    editor_row(ui, "todo.edit.due", "schedule", due, "Due date", [](Phone& p) {
      const json& e = own_state(p, kApp)["editor"];
      const std::string d = e.value("due", "");
      const std::int64_t base = day_of(d) >= 0 ? day_of(d) : today(p);
      const CivilTime c = civil_from_ms(base * kDayMs);
      const int tm = parse_hhmm(e.value("due_time", ""));
      own_state(p, kApp)["picker"] = {{"date", d}, {"time", e.value("due_time", "")},
                                      {"month", c.year * 12 + c.month - 1}, {"time_text", tm >= 0 ? p.format_time(tm * 60000LL) : ""},
                                      {"error", ""}};
      p.clear_focus();
      p.navigate("open_due");
    });
    // Priority: four coloured checkboxes, as Tasks.org.
    {
      const float py = ui.cursor_y();
      ui.icon(32, py + 28, "flag", Font::Icon, color::kOnSurfaceVariant);
      ui.text(64, py + 28 - ui.line_height(Font::Body) / 2 - 1, "Priority", Font::Body, color::kOnSurfaceVariant);
      const char* levels[] = {"high", "medium", "low", "none"};
      for (int i = 0; i < 4; ++i) {
        const std::string lv = levels[i];
        const float cx = 160 + i * 52;
        if (lv == prio) ui.circle(cx, py + 28, 22, priority_color(lv), 0.16f);
        ui.icon(cx, py + 28, lv == prio ? "check_box" : "check_box_outline_blank", Font::Icon, priority_color(lv));
        Node& n = ui.item("todo.edit.priority." + lv, "android.widget.RadioButton", {cx - 24, py + 4, cx + 24, py + 52}, "",
                          [lv](Phone& p) { own_state(p, kApp)["editor"]["priority"] = lv; });
        n.desc = std::string(1, static_cast<char>(std::toupper(lv[0]))) + lv.substr(1) + " priority";
        n.checkable = true;
        n.checked = lv == prio;
      }
      ui.advance(56);
    }
    editor_row(ui, "todo.edit.repeat", "repeat",
               ed.value("repeat", "none") == "none" ? "" : repeat_text(ed.value("repeat", "none"), ed.value("interval", 1)),
               "Does not repeat", [](Phone& p) {
                 const json& e = own_state(p, kApp)["editor"];
                 own_state(p, kApp)["picker"] = {{"repeat", e.value("repeat", "none")},
                                                 {"interval_text", std::to_string(e.value("interval", 1))}, {"error", ""}};
                 p.clear_focus();
                 p.navigate("open_repeat");
               });
    editor_row(ui, "todo.edit.reminder", "notifications",
               ed.value("reminder", -1) < 0 ? "" : reminder_text(ed.value("reminder", -1)), "No reminder", [](Phone& p) {
                 p.clear_focus();
                 p.navigate("open_reminder");
               });
    editor_row(ui, "todo.edit.list", "list", list_name(phone, ed.value("list", "1")), "List", [](Phone& p) {
      p.clear_focus();
      p.navigate("open_list");
    });
    // Add to calendar (Tasks.org's calendar integration): Calendar's insert form, prefilled.
    if (day_of(ed.value("due", "")) >= 0)
      editor_row(ui, "todo.edit.calendar", "event", "Add to calendar", "Add to calendar", [](Phone& p) {
        const json& e = own_state(p, kApp)["editor"];
        const std::int64_t shift = p.local_time_ms() - p.now_ms();
        const int tm = parse_hhmm(e.value("due_time", ""));
        const std::int64_t day = day_of(e.value("due", "")) * kDayMs - shift;  // local midnight in UTC ms
        const std::int64_t begin = tm < 0 ? day : day + tm * 60000LL, end = tm < 0 ? day + kDayMs : begin + 3600000;
        p.clear_focus();
        p.start_intent({{"action", "android.intent.action.INSERT"},
                        {"type", "vnd.android.cursor.item/event"},
                        {"extras", {{"title", e.value("title", "")}, {"beginTime", begin}, {"endTime", end}, {"allDay", tm < 0},
                                    {"description", e.value("notes", "")}, {"from_app", kApp}}}});
      }, color::kPrimary);
    // Tags (tap: the tag picker).
    {
      const json tags = ed.value("tags", json::array());
      std::string joined;
      for (const json& t : tags) joined += (joined.empty() ? "" : ", ") + t.get<std::string>();
      editor_row(ui, "todo.edit.tags", "label_outline", joined, "Add tags", [](Phone& p) {
        own_state(p, kApp)["tag_query"] = "";
        p.clear_focus();
        p.navigate("open_tags");
      });
    }
    y = ui.cursor_y() + 4;
    // Subtasks.
    ui.icon(32, y + 20, "subdirectory_arrow_right", Font::Icon, color::kOnSurfaceVariant);
    ui.label_at("todo.edit.subtasks", 64, y + 12, "Subtasks", Font::Label, color::kOnSurfaceVariant);
    y += 40;
    const json subs = ed.value("subtasks", json::array());
    for (std::size_t i = 0; i < subs.size(); ++i) {
      const bool sd = subs[i].value("done", false);
      const std::string st = subs[i].value("title", "");
      const std::string base = "todo.edit.subtask." + std::to_string(i);
      ui.icon(84, y + 24, sd ? "check_box" : "check_box_outline_blank", Font::Icon, sd ? 0x9E9E9E : color::kOnSurfaceVariant);
      Node& sn = ui.item(base, "android.widget.CheckBox", {60, y, Ui::width_dp() - 56, y + 48}, st, [i](Phone& p) {
        json& e = own_state(p, kApp)["editor"]["subtasks"][i];
        e["done"] = !e.value("done", false);
      });
      sn.checkable = true;
      sn.checked = sd;
      const float w = ui.text_fit(112, y + 24 - ui.line_height(Font::BodyLarge) / 2 - 1, st, Font::BodyLarge,
                                  sd ? color::kOutline : color::kOnSurface, Ui::width_dp() - 112 - 60);
      if (sd) ui.fill({112, y + 24, 112 + w, y + 25}, color::kOutline);
      ui.icon_button(base + ".remove", Ui::width_dp() - 32, y + 24, "close", "Remove subtask " + st, color::kOnSurfaceVariant,
                     [i](Phone& p) {
                       json& arr = own_state(p, kApp)["editor"]["subtasks"];
                       if (i < arr.size()) arr.erase(i);
                     });
      y += 48;
    }
    // Focusing the field scrolls it above the keyboard, as Android pans a focused field into view.
    const int lift_px = std::max(0, static_cast<int>(Ui::to_px(y - (area.t + 64) - 160)));
    field(ui, phone, "todo.edit.subtask_field", {64, y, Ui::width_dp() - 64, y + 56}, "New subtask",
          "/apps/todo/editor/subtask_text", "Add subtask", 1, [lift_px](Phone& p) { p.set_scroll(lift_px); });
    ui.icon_button("todo.edit.subtask_add", Ui::width_dp() - 32, y + 28, "add", "Add subtask", color::kPrimary, [](Phone& p) {
      json& e = own_state(p, kApp)["editor"];
      const std::string text = trim(e.value("subtask_text", ""));
      if (text.empty()) {
        p.toast("Enter a subtask name");
        return;
      }
      e["subtasks"].push_back({{"title", text}, {"done", false}});
      e["subtask_text"] = "";
    });
    y += 68;
    if (!is_new) {
      const json t = find_task(phone, ed.value("id", ""));
      const std::int64_t c = t.value("created_ms", std::int64_t{0}) + (phone.local_time_ms() - phone.now_ms());
      const CivilTime ct = civil_from_ms(c);
      std::string created = "Created " + format_date(ct.year, ct.month, ct.day, DateStyle::MonthDayYear);
      if (t.value("completed", false) && t.value("completed_ms", std::int64_t{0}) > 0) {
        const CivilTime dt = civil_from_ms(t.value("completed_ms", std::int64_t{0}) + (phone.local_time_ms() - phone.now_ms()));
        created += " \u00b7 Completed " + format_date(dt.year, dt.month, dt.day, DateStyle::MonthDayYear);
      }
      ui.label_at("todo.edit.created", 64, y, created, Font::Label, color::kOnSurfaceVariant, Ui::width_dp() - 80);
      y += 32;
    }
    ui.set_cursor(y + 16);
    ui.end_scroll();
  }

  // ---------------------------------------------------------------- due date and time
  static void due_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    ui.top_bar("todo.due.heading", "Due date", true);
    const json& pk = own_state(phone, kApp)["picker"];
    const std::string date = pk.value("date", "");
    const std::int64_t t0 = today(phone);
    float y = ui.cursor_y();
    // Shortcuts.
    const std::pair<const char*, std::int64_t> quick[] = {{"Today", t0}, {"Tomorrow", t0 + 1}, {"Next week", t0 + 7}, {"No date", -1}};
    const char* quick_ids[] = {"today", "tomorrow", "next_week", "none"};
    float x = 16;
    for (int i = 0; i < 4; ++i) {
      const std::int64_t d = quick[i].second;
      const bool sel = d < 0 ? date.empty() : day_of(date) == d;
      const float w = ui.text_width(quick[i].first, Font::Label) + 32;
      ui.chip(std::string("todo.due.") + quick_ids[i], {x, y, x + w, y + 48}, quick[i].first, sel, [d](Phone& p) {
        json& k = own_state(p, kApp)["picker"];
        k["date"] = d < 0 ? "" : iso_date(d);
        if (d >= 0) {
          const CivilTime c = civil_from_ms(d * kDayMs);
          k["month"] = c.year * 12 + c.month - 1;
        }
      });
      x += w + 8;
    }
    y += 52;
    // Time.
    const std::string time = pk.value("time", "");
    ui.text(16, y + 4, "Time", Font::Label, color::kOnSurfaceVariant);
    y += 24;
    const std::pair<const char*, const char*> times[] = {{"none", ""}, {"0900", "09:00"}, {"1300", "13:00"}, {"1700", "17:00"}, {"2000", "20:00"}};
    x = 16;
    for (const auto& [key, hm] : times) {
      const std::string t = hm;
      const std::string label = t.empty() ? "No time" : phone.format_time(parse_hhmm(t) * 60000LL);
      const float w = ui.text_width(label, Font::Label) + 24;
      if (x + w > Ui::width_dp() - 16) {
        x = 16;
        y += 48;
      }
      ui.chip(std::string("todo.due.time.") + key, {x, y, x + w, y + 48}, label, time == t, [t](Phone& p) {
        json& k = own_state(p, kApp)["picker"];
        k["time"] = t;
        k["time_text"] = t.empty() ? "" : p.format_time(parse_hhmm(t) * 60000LL);
        k["error"] = "";
        p.clear_focus();
      });
      x += w + 6;
    }
    y += 52;
    field(ui, phone, "todo.due.time_field", {16, y, 200, y + 56}, "Time", "/apps/todo/picker/time_text", "e.g. 9:30 AM");
    y += 58;
    error_line(ui, "todo.due.error", 16, y, pk.value("error", ""));
    y += 26;
    // Month grid.
    const int mi = pk.value("month", 2026 * 12);
    const int yr = mi / 12, mo = mi % 12 + 1;
    const std::string mtitle = format_date(yr, mo, 1, DateStyle::MonthYear);
    ui.label_at("todo.due.month", 24, y + 20 - ui.line_height(Font::Title) / 2, mtitle, Font::Title, color::kOnSurface, 200);
    ui.icon_button("todo.due.prev", 272, y + 20, "chevron_left", "Previous month", color::kOnSurfaceVariant,
                   [](Phone& p) { json& k = own_state(p, kApp)["picker"]; k["month"] = k.value("month", 0) - 1; });
    ui.icon_button("todo.due.next", 320, y + 20, "chevron_right", "Next month", color::kOnSurfaceVariant,
                   [](Phone& p) { json& k = own_state(p, kApp)["picker"]; k["month"] = k.value("month", 0) + 1; });
    y += 44;
    const char* wd = "SMTWTFS";
    for (int i = 0; i < 7; ++i)
      ui.text_centered(12 + i * 48, 60 + i * 48, y, std::string(1, wd[i]), Font::Label, color::kOnSurfaceVariant);
    y += 20;
    const std::int64_t first = days_from_civil(yr, mo, 1);
    const int dow = static_cast<int>(((first % 7) + 11) % 7);  // 1970-01-01 was a Thursday; 0 = Sunday
    const std::int64_t next_first = mo == 12 ? days_from_civil(yr + 1, 1, 1) : days_from_civil(yr, mo + 1, 1);
    const int len = static_cast<int>(next_first - first);
    const std::int64_t sel = day_of(date);
    for (int d = 1; d <= len; ++d) {
      const int cell = dow + d - 1, row = cell / 7, col = cell % 7;
      const float cx = 36 + col * 48, cyy = y + row * 48 + 24;
      const std::int64_t day = first + d - 1;
      const bool on = day == sel, is_today = day == t0;
      if (on) ui.circle(cx, cyy, 20, color::kPrimary);
      else if (is_today) ui.stroke({cx - 20, cyy - 20, cx + 20, cyy + 20}, color::kPrimary, 20, 1);
      const std::string num = std::to_string(d);
      ui.text_centered(cx - 24, cx + 24, cyy - ui.line_height(Font::Body) / 2 - 1, num, Font::Body,
                       on ? color::kOnPrimary : is_today ? color::kPrimary : color::kOnSurface);
      Node& n = ui.item("todo.due.day." + iso_date(day), "android.widget.TextView", {cx - 24, cyy - 24, cx + 24, cyy + 24}, num,
                        [day](Phone& p) { own_state(p, kApp)["picker"]["date"] = iso_date(day); });
      n.desc = format_date_long(day * kDayMs);
      n.selected = on;
    }
    y += ((dow + len + 6) / 7) * 48 + 8;
    (void)area;
    picker_buttons(ui, "todo.due", "OK", [](Phone& p) {
      json& k = own_state(p, kApp)["picker"];
      const std::string text = trim(k.value("time_text", ""));
      int m = -1;
      if (!text.empty()) {
        m = parse_user_time(text);
        if (m < 0) {
          k["error"] = "Enter a time like 9:30 or 9:30 PM";
          return;
        }
      }
      json& e = own_state(p, kApp)["editor"];
      const std::string d = k.value("date", "");
      if (d.empty() && m >= 0) {
        k["error"] = "Pick a date for this time";
        return;
      }
      e["due"] = d;
      e["due_time"] = m >= 0 ? hhmm(m) : "";
      p.clear_focus();
      p.back();
    });
  }

  // ---------------------------------------------------------------- repeat
  static void repeat_page(Ui& ui, Phone& phone) {
    ui.top_bar("todo.repeat.heading", "Repeat", true);
    const json& pk = own_state(phone, kApp)["picker"];
    const std::string cur = pk.value("repeat", "none");
    float y = ui.cursor_y() + 8;
    const std::pair<const char*, const char*> opts[] = {
        {"none", "Does not repeat"}, {"daily", "Every day"}, {"weekly", "Every week"}, {"monthly", "Every month"}, {"days", "Every N days"}};
    for (const auto& [key, label] : opts) {
      const std::string k = key;
      ui.radio("todo.repeat." + k, {0, y, Ui::width_dp(), y + 56}, label, cur == k, [k](Phone& p) {
        json& pick = own_state(p, kApp)["picker"];
        pick["repeat"] = k;
        pick["error"] = "";
      });
      y += 56;
    }
    if (cur == "days") {
      ui.text(72, y + 24, "Every", Font::BodyLarge, color::kOnSurface);
      field(ui, phone, "todo.repeat.interval", {128, y + 4, 216, y + 60}, "Days", "/apps/todo/picker/interval_text", "");
      ui.text(228, y + 24, "days", Font::BodyLarge, color::kOnSurface);
      y += 68;
      error_line(ui, "todo.repeat.error", 72, y, pk.value("error", ""));
    }
    picker_buttons(ui, "todo.repeat", "OK", [](Phone& p) {
      json& pick = own_state(p, kApp)["picker"];
      json& e = own_state(p, kApp)["editor"];
      const std::string k = pick.value("repeat", "none");
      int n = 1;
      if (k == "days") {
        const std::string txt = trim(pick.value("interval_text", ""));
        const bool digits = !txt.empty() && txt.size() <= 3 && std::all_of(txt.begin(), txt.end(), ::isdigit);
        n = digits ? std::stoi(txt) : 0;
        if (n < 1 || n > 365) {
          pick["error"] = "Enter a number of days from 1 to 365";
          return;
        }
      }
      e["repeat"] = k;
      e["interval"] = n;
      p.clear_focus();
      p.back();
    });
  }

  // ---------------------------------------------------------------- reminder
  static void reminder_page(Ui& ui, Phone& phone) {
    ui.top_bar("todo.reminder.heading", "Reminder", true);
    const json& ed = own_state(phone, kApp)["editor"];
    const int cur = ed.value("reminder", -1);
    float y = ui.cursor_y() + 8;
    if (ed.value("due", "").empty()) {
      ui.text_wrapped(16, y, "Reminders go off relative to the due date. Set a due date so the reminder can fire.",
                      Font::Body, color::kOnSurfaceVariant, Ui::width_dp() - 32, 20);
      ui.label("todo.reminder.hint", {16, y, Ui::width_dp() - 16, y + 40}, "Set a due date so the reminder can fire.");
      y += 52;
    }
    const int opts[] = {-1, 0, 15, 30, 60, 1440};
    const char* ids[] = {"none", "due", "15", "30", "60", "1440"};
    for (int i = 0; i < 6; ++i) {
      const int m = opts[i];
      ui.radio(std::string("todo.reminder.") + ids[i], {0, y, Ui::width_dp(), y + 56}, reminder_text(m), cur == m, [m](Phone& p) {
        own_state(p, kApp)["editor"]["reminder"] = m;
        p.back();
      });
      y += 56;
    }
  }

  // ---------------------------------------------------------------- list picker
  static void pick_list(Ui& ui, Phone& phone) {
    ui.top_bar("todo.pick.heading", "Move to list", true);
    const std::string cur = own_state(phone, kApp)["editor"].value("list", "1");
    float y = ui.cursor_y() + 8;
    for (const json& l : lists_view(phone)) {
      const std::string id = l.value("id", "");
      ui.radio("todo.pick." + id, {0, y, Ui::width_dp() - 48, y + 56}, l.value("name", ""), cur == id, [id](Phone& p) {
        own_state(p, kApp)["editor"]["list"] = id;
        p.back();
      });
      ui.circle(Ui::width_dp() - 32, y + 28, 8, parse_color(l.value("color", "")));
      y += 56;
    }
  }

  // ---------------------------------------------------------------- tags
  static void tags_page(Ui& ui, Phone& phone) {
    ui.top_bar("todo.tags.heading", "Tags", true);
    json& st = own_state(phone, kApp);
    const json mine = st["editor"].value("tags", json::array());
    float y = ui.cursor_y();
    field(ui, phone, "todo.tags.name", {16, y, Ui::width_dp() - 16, y + 56}, "Tag", "/apps/todo/tag_query", "Find or create a tag");
    ui.set_cursor(y + 64);
    const std::string name = trim(st.value("tag_query", ""));
    const json all = st.value("tags", json::array());
    bool exists = false;
    for (const json& t : all) exists = exists || lower(t.get<std::string>()) == lower(name);
    if (!name.empty() && !exists)
      ui.list_row("todo.tags.create", "Create \"" + name + "\"", "", "add", [name](Phone& p) {
        json& s = own_state(p, kApp);
        s["tags"].push_back(name);
        s["editor"]["tags"].push_back(name);
        s["tag_query"] = "";
        p.clear_focus();
      });
    for (const json& t : all) {
      const std::string tag = t.get<std::string>();
      if (!name.empty() && lower(tag).find(lower(name)) == std::string::npos) continue;
      const bool on = std::find(mine.begin(), mine.end(), t) != mine.end();
      const float ry = ui.cursor_y();
      ui.checkbox("todo.tag." + slug(tag), {0, ry, Ui::width_dp(), ry + 56}, tag, on, [tag](Phone& p) {
        json& e = own_state(p, kApp)["editor"];
        json next = json::array();
        bool had = false;
        for (const json& x : e.value("tags", json::array())) {
          if (x == tag) had = true;
          else next.push_back(x);
        }
        if (!had) next.push_back(tag);
        e["tags"] = next;
      }, "label_outline");
      ui.advance(56);
    }
  }
};

}  // namespace
PG_REGISTER_APP("todo", TasksApp);
}  // namespace pg
