// Files (Files by Google's Browse tab): categories and internal storage on the home page, folder
// browsing with a breadcrumb, a per-item action sheet (rename, move to, copy to, delete), new
// folders, search by name across folders and category lists.
//
// Data: the world collection `files` (apps/files/world/files.json: {"<id>": {name, parent, kind,
// size, modified}}) seen through the overlay apps.files.files (new, renamed, moved, copied
// entries; null deletes). Where the user is (folder, open item, typed names, search query) is
// page-local state in the page entry (os.tasks[].pages[]), so back walks up the folder levels.
#include "sim/os/app.hpp"
#include "sim/os/clock_format.hpp"
#include "sim/os/phone.hpp"
#include "sim/os/system_ui.hpp"
#include "sim/state/overlay.hpp"
#include "sim/ui/ui.hpp"

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>
#include <set>
#include <stdexcept>
#include <vector>

namespace pg {
namespace {

using json = nlohmann::json;

constexpr const char* kApp = "files";
constexpr const char* kRootName = "Internal storage";

// ---------------------------------------------------------------- the file tree (merged view)

/// The merged view of world + overlay as a tree: entities by id and children by parent id.
struct Tree {
  std::map<std::string, json> by_id;
  std::map<std::string, std::vector<std::string>> children;  // parent id ("" = root) -> ids

  explicit Tree(const Phone& phone) {
    const json view = resolve_collection(World::instance(), own_state(phone, kApp), kApp, "files");
    for (const json& e : view) {
      const std::string id = e["id"].is_string() ? e["id"].get<std::string>() : e["id"].dump();
      by_id[id] = e;
    }
    for (auto& [id, e] : by_id) children[e.value("parent", "")].push_back(id);
  }
  const json* get(const std::string& id) const {
    auto it = by_id.find(id);
    return it == by_id.end() ? nullptr : &it->second;
  }
  bool is_folder(const std::string& id) const {
    const json* e = get(id);
    return id.empty() || (e && e->value("kind", "") == "folder");
  }
  /// Whether `id` hangs off the root through existing folders (orphans of a deleted folder don't).
  bool reachable(const std::string& id) const {
    std::string cur = id;
    for (int guard = 0; guard < 64; ++guard) {
      if (cur.empty()) return true;
      const json* e = get(cur);
      if (!e) return false;
      cur = e->value("parent", "");
    }
    return false;
  }
  /// The folder chain from the root to `id` (ids, root "" first).
  std::vector<std::string> chain(const std::string& id) const {
    std::vector<std::string> out;
    std::string cur = id;
    for (int guard = 0; guard < 64 && !cur.empty(); ++guard) {
      out.push_back(cur);
      const json* e = get(cur);
      cur = e ? e->value("parent", "") : "";
    }
    out.push_back("");
    std::reverse(out.begin(), out.end());
    return out;
  }
  std::string name(const std::string& id) const {
    if (id.empty()) return kRootName;
    const json* e = get(id);
    return e ? e->value("name", id) : id;
  }
  /// "Documents/Work" (the root is "Internal storage").
  std::string path(const std::string& folder) const {
    if (folder.empty()) return kRootName;
    std::string out;
    for (const std::string& f : chain(folder))
      if (!f.empty()) out += (out.empty() ? "" : "/") + name(f);
    return out;
  }
  /// Children sorted as Files does by default: folders first, then by name (case-insensitive).
  std::vector<std::string> sorted_children(const std::string& folder, bool folders_only = false) const {
    std::vector<std::string> out;
    auto it = children.find(folder);
    if (it != children.end())
      for (const std::string& id : it->second)
        if (!folders_only || is_folder(id)) out.push_back(id);
    sort_by_name(out);
    return out;
  }
  void sort_by_name(std::vector<std::string>& ids) const {
    std::stable_sort(ids.begin(), ids.end(), [this](const std::string& a, const std::string& b) {
      const bool fa = is_folder(a), fb = is_folder(b);
      if (fa != fb) return fa;
      std::string na = name(a), nb = name(b);
      for (char& c : na) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      for (char& c : nb) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      return na != nb ? na < nb : a < b;
    });
  }
  /// The sibling in `folder` named `name` (other than `except`), or "".
  std::string sibling_named(const std::string& folder, const std::string& nm, const std::string& except = "") const {
    auto it = children.find(folder);
    if (it == children.end()) return "";
    for (const std::string& id : it->second)
      if (id != except && name(id) == nm) return id;
    return "";
  }
  /// `id` and everything under it (depth first, parents before children).
  void subtree(const std::string& id, std::vector<std::string>& out) const {
    out.push_back(id);
    auto it = children.find(id);
    if (it != children.end())
      for (const std::string& c : it->second) subtree(c, out);
  }
  std::int64_t total_size() const {
    std::int64_t s = 0;
    for (auto& [id, e] : by_id)
      if (reachable(id)) s += e.value("size", std::int64_t{0});
    return s;
  }
};

bool is_world_entity(const std::string& id) { return World::instance().entity(kApp, "files", id) != nullptr; }

/// The overlay entry of an entity, created if absent (a world entity's overlay starts as {}).
json& overlay_entry(Phone& p, const std::string& id) {
  json& ov = own_state(p, kApp)["files"];
  if (!ov.is_object()) ov = json::object();
  if (!ov.contains(id) || !ov[id].is_object()) ov[id] = json::object();
  return ov[id];
}

// ---------------------------------------------------------------- page-local state

json& page_entry(Phone& p) { return p.page_state(); }
const json& page_local(const Phone& p) { return p.page_state(); }
int local_scroll(const Phone& p) {
  const json& e = page_local(p);
  auto it = e.find("scroll");
  return it != e.end() && it->is_number_integer() ? it->get<int>() : 0;
}
/// Opens the search page with the query field focused.
void open_search(Phone& p) {
  p.go("search", {{"query", ""}});
  p.focus("files.search.query", p.page_pointer() + "/query");
}
/// Pops pages until the current one is `page` (or only the root page is left).
void pop_to(Phone& p, const std::string& page) {
  p.clear_focus();
  for (int guard = 0; guard < 64 && p.current_page() != page && p.current_page() != "home"; ++guard) p.back();
}

// ---------------------------------------------------------------- formatting

/// Android's short file size (SI units, as Formatter.formatShortFileSize): "512 B", "2.4 MB", "24 MB".
std::string format_size(std::int64_t bytes) {
  if (bytes < 1000) return std::to_string(bytes) + " B";
  const char* units[] = {"kB", "MB", "GB", "TB"};
  std::int64_t unit = 1000;
  int u = 0;
  while (u < 3 && bytes >= unit * 1000 - unit / 2) unit *= 1000, ++u;
  const std::int64_t tenths = (bytes * 10 + unit / 2) / unit;
  if (tenths < 100) return std::to_string(tenths / 10) + "." + std::to_string(tenths % 10) + " " + units[u];
  return std::to_string((bytes + unit / 2) / unit) + " " + units[u];
}

/// "2025-12-28 14:32" -> "Dec 28, 2025" (in the phone's locale).
std::string format_date(const std::string& modified) {
  if (modified.size() < 10) return modified;
  const int m = std::atoi(modified.substr(5, 2).c_str()), d = std::atoi(modified.substr(8, 2).c_str());
  if (m < 1 || m > 12) return modified;
  return pg::format_date(std::atoi(modified.substr(0, 4).c_str()), m, d, DateStyle::MonthDayYear);
}

std::string two(int v) { return (v < 10 ? "0" : "") + std::to_string(v); }

/// The phone's local time as "YYYY-MM-DD HH:MM" (the `modified` format).
std::string now_stamp(const Phone& p) {
  const CivilTime t = civil_from_ms(p.local_time_ms());
  return std::to_string(t.year) + "-" + two(t.month) + "-" + two(t.day) + " " + two(t.hour) + ":" + two(t.minute);
}

struct KindStyle {
  const char* icon;
  std::uint32_t fg, bg;
  const char* mime;
};
KindStyle kind_style(const std::string& kind) {
  if (kind == "folder") return {"folder", 0x1A73E8, 0xE8F0FE, "inode/directory"};
  if (kind == "image") return {"image", 0xC5221F, 0xFCE8E6, "image/jpeg"};
  if (kind == "video") return {"movie", 0xE37400, 0xFEEFE3, "video/mp4"};
  if (kind == "audio") return {"audiotrack", 0x8430CE, 0xF3E8FD, "audio/mpeg"};
  if (kind == "pdf") return {"picture_as_pdf", 0xC5221F, 0xFCE8E6, "application/pdf"};
  if (kind == "doc") return {"description", 0x1A73E8, 0xE8F0FE,
                             "application/vnd.openxmlformats-officedocument.wordprocessingml.document"};
  if (kind == "sheet") return {"grid_on", 0x188038, 0xE6F4EA, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"};
  if (kind == "slides") return {"slideshow", 0xE37400, 0xFEF7E0,
                                "application/vnd.openxmlformats-officedocument.presentationml.presentation"};
  if (kind == "archive") return {"archive", 0x5F6368, 0xF1F3F4, "application/zip"};
  if (kind == "apk") return {"android", 0x188038, 0xE6F4EA, "application/vnd.android.package-archive"};
  return {"text_snippet", 0x5F6368, 0xF1F3F4, "text/plain"};
}

/// A file's MIME type: by kind, and for text files by extension (.md text/markdown, .csv text/csv).
std::string mime_of(const json& e) {
  const std::string kind = e.value("kind", ""), name = e.value("name", "");
  auto ends = [&name](const char* ext) {
    const std::string x(ext);
    return name.size() >= x.size() && name.compare(name.size() - x.size(), x.size(), x) == 0;
  };
  if (kind == "text" && (ends(".md") || ends(".markdown"))) return "text/markdown";
  if (kind == "text" && ends(".csv")) return "text/csv";
  return kind_style(kind).mime;
}

/// Folder rows: "5 items"; file rows: "2.4 MB".
std::string size_text(const Tree& t, const std::string& id) {
  if (t.is_folder(id)) {
    auto it = t.children.find(id);
    const std::size_t n = it == t.children.end() ? 0 : it->second.size();
    return n == 1 ? "1 item" : std::to_string(n) + " items";
  }
  const json* e = t.get(id);
  return format_size(e ? e->value("size", std::int64_t{0}) : 0);
}

/// Opens a file the way Files hands it to a viewer: an ACTION_VIEW intent with its MIME type.
void open_file(Phone& p, const Tree& t, const std::string& id) {
  const json* e = t.get(id);
  if (!e) return;
  const json* parent = t.get(e->value("parent", ""));
  (void)parent;
  std::string path = "/storage/emulated/0";
  for (const std::string& f : t.chain(e->value("parent", "")))
    if (!f.empty()) path += "/" + t.name(f);
  path += "/" + e->value("name", "");
  p.start_intent({{"action", "android.intent.action.VIEW"},
                  {"type", mime_of(*e)},
                  {"data", "file://" + path}});
}

// ---------------------------------------------------------------- widgets

/// A 72 dp file row: type icon in a tinted circle, name, "date · size", optional trailing button.
/// `hidden`: the row is under an opaque sheet, dialog or the keyboard: only its icons are drawn
/// (its texts would sit under the covering texts) and it records no nodes.
void file_row(Ui& ui, const std::string& row_id, const Tree& t, const std::string& id, const std::string& subtitle_prefix,
              Handler on_click, Handler on_more, bool enabled = true, bool hidden = false) {
  const json* e = t.get(id);
  if (!e) return;
  const float y = ui.cursor_y(), h = 72;
  if (hidden) {
    const KindStyle ks = kind_style(e->value("kind", ""));
    ui.circle(36, y + h / 2, 20, ks.bg);
    ui.icon(36, y + h / 2, ks.icon, Font::Icon, ks.fg);
    if (on_more) ui.icon(Ui::width_dp() - 28, y + h / 2, "more_vert", Font::Icon, color::kOnSurfaceVariant);
    ui.advance(h);
    return;
  }
  const KindStyle ks = kind_style(e->value("kind", ""));
  const float alpha = enabled ? 1.f : 0.38f;
  ui.circle(36, y + h / 2, 20, ks.bg, alpha);
  ui.icon(36, y + h / 2, ks.icon, Font::Icon, ks.fg, alpha);
  const float text_r = on_more ? Ui::width_dp() - 56 : Ui::width_dp() - 16;
  const std::string name = e->value("name", "");
  ui.text(72, y + 14, ui.ellipsize(name, Font::BodyLarge, text_r - 72), Font::BodyLarge, color::kOnSurface, alpha);
  const std::string sub = subtitle_prefix + format_date(e->value("modified", "")) + " \u00b7 " + size_text(t, id);
  ui.text(72, y + 39, ui.ellipsize(sub, Font::Body, text_r - 72), Font::Body, color::kOnSurfaceVariant, alpha);
  Node& n = ui.item(row_id, "android.widget.LinearLayout", {0, y, on_more ? Ui::width_dp() - 52 : Ui::width_dp(), y + h},
                    name, {});
  n.desc = sub;
  n.enabled = enabled;
  n.clickable = enabled && static_cast<bool>(on_click);
  if (enabled) n.on_click = std::move(on_click);
  if (on_more)
    ui.icon_button(row_id + ".more", Ui::width_dp() - 28, y + h / 2, "more_vert", "More options for " + name,
                   color::kOnSurfaceVariant, std::move(on_more));
  ui.advance(h);
}

/// The breadcrumb "Internal storage > Documents > Work" (48 dp tall); tapping a crumb runs `on_crumb`.
void breadcrumb(Ui& ui, const std::string& prefix, const Tree& t, const std::string& folder, float y,
                const std::function<Handler(const std::string&)>& on_crumb) {
  std::vector<Ui::Crumb> crumbs;
  for (const std::string& f : t.chain(folder)) crumbs.push_back({f.empty() ? std::string("root") : f, t.name(f), on_crumb(f)});
  ui.breadcrumb(prefix, crumbs, y);
}

/// A modal scrim over whatever was drawn; tapping it runs Phone::back (closes the sheet/dialog).
void scrim(Ui& ui) {
  ui.scrim("files.scrim", {0, 0, Ui::width_dp(), Ui::height_dp()}, 0.32f, [](Phone& p) {
    p.clear_focus();
    p.back();
  });
}

// ---------------------------------------------------------------- operations

/// Where Files would put a copy named `name` in `folder`: the name itself if free, else
/// "name (1).ext", "name (2).ext", ...
std::string free_name(const Tree& t, const std::string& folder, const std::string& name) {
  if (t.sibling_named(folder, name).empty()) return name;
  const std::size_t dot = name.rfind('.');
  const std::string stem = dot == std::string::npos || dot == 0 ? name : name.substr(0, dot);
  const std::string ext = dot == std::string::npos || dot == 0 ? "" : name.substr(dot);
  for (int i = 1;; ++i) {
    const std::string n = stem + " (" + std::to_string(i) + ")" + ext;
    if (t.sibling_named(folder, n).empty()) return n;
  }
}

/// The error a folder/file name has in `folder` ("" if it is fine).
std::string name_error(const Tree& t, const std::string& folder, const std::string& name, const std::string& except) {
  if (name.empty() || name.find_first_not_of(' ') == std::string::npos) return "Enter a name";
  if (name.find('/') != std::string::npos) return "Name can't contain \"/\"";
  if (name == "." || name == "..") return "Enter a different name";
  if (!t.sibling_named(folder, name, except).empty()) return "A file with this name already exists";
  return "";
}

std::string new_id(Phone& p) {
  json& s = own_state(p, kApp);
  const int n = s.value("next_id", 1);
  s["next_id"] = n + 1;
  return "n" + std::to_string(n);
}

void delete_item(Phone& p, const std::string& id) {
  const Tree t(p);
  if (!t.get(id)) return;
  std::vector<std::string> ids;
  t.subtree(id, ids);
  json& ov = own_state(p, kApp)["files"];
  if (!ov.is_object()) ov = json::object();
  for (const std::string& i : ids) {
    if (is_world_entity(i))
      ov[i] = nullptr;
    else
      ov.erase(i);
  }
}

/// Copies `id` (recursively for folders) into `dest`; returns the copy's name.
std::string copy_item(Phone& p, const std::string& id, const std::string& dest) {
  const Tree t(p);
  const json* src = t.get(id);
  if (!src) return "";
  const std::string name = free_name(t, dest, src->value("name", ""));
  std::function<void(const std::string&, const std::string&, const std::string&)> copy =
      [&](const std::string& from, const std::string& parent, const std::string& nm) {
        const json* e = t.get(from);
        const std::string nid = new_id(p);
        json c = *e;
        c.erase("id");
        c["name"] = nm;
        c["parent"] = parent;
        own_state(p, kApp)["files"][nid] = c;
        for (const std::string& child : t.sorted_children(from)) copy(child, nid, t.name(child));
      };
  copy(id, dest, name);
  return name;
}

// ---------------------------------------------------------------- shared storage (exports)
//
// Files owns shared storage, as Android's MediaStore does: other apps create, read, change and
// list files through these calls (call_app(phone, "files", ...)) and never touch apps.files.
// A folder is named by its path of display names from the root ("Documents/Notes"); a file is
// named by its id. Text files carry their content in "text" (size = its bytes). Errors are
// std::invalid_argument naming the call and what was wrong.

[[noreturn]] void storage_error(const std::string& call, const std::string& what) {
  throw std::invalid_argument("files." + call + ": " + what);
}

std::string arg_str(const json& args, const char* key, const std::string& call, bool required = true) {
  auto it = args.find(key);
  if (it == args.end() || it->is_null()) {
    if (required) storage_error(call, std::string("'") + key + "' is required");
    return "";
  }
  if (!it->is_string()) storage_error(call, std::string("'") + key + "' must be a string, got " + it->dump());
  return it->get<std::string>();
}

/// Splits "Documents/Notes" into its names; "" and "/" are the root. Throws on an empty segment.
std::vector<std::string> split_path(const std::string& path, const std::string& call) {
  std::vector<std::string> out;
  std::string cur;
  std::string p = path;
  if (p.rfind("/storage/emulated/0", 0) == 0) p = p.substr(19);
  while (!p.empty() && p.front() == '/') p.erase(p.begin());
  while (!p.empty() && p.back() == '/') p.pop_back();
  if (p.empty()) return out;
  for (std::size_t i = 0; i <= p.size(); ++i) {
    if (i == p.size() || p[i] == '/') {
      if (cur.empty() || cur == "." || cur == "..") storage_error(call, "bad folder path '" + path + "'");
      out.push_back(cur);
      cur.clear();
    } else {
      cur += p[i];
    }
  }
  return out;
}

/// The folder id at `path` ("" = root), or nullopt-like "\x01" when some part does not exist.
const std::string kMissing = "\x01";
std::string find_folder(const Tree& t, const std::vector<std::string>& names) {
  std::string cur;
  for (const std::string& n : names) {
    const std::string id = t.sibling_named(cur, n);
    if (id.empty() || !t.is_folder(id)) return kMissing;
    cur = id;
  }
  return cur;
}

/// The folder at `path`, created (with its parents) where missing, as mkdir -p.
std::string ensure_folder(Phone& p, const std::vector<std::string>& names, const std::string& call) {
  std::string cur;
  for (const std::string& n : names) {
    const Tree t(p);
    std::string id = t.sibling_named(cur, n);
    if (!id.empty() && !t.is_folder(id)) storage_error(call, "'" + n + "' in " + t.path(cur) + " is a file, not a folder");
    if (id.empty()) {
      id = new_id(p);
      own_state(p, kApp)["files"][id] = {{"name", n}, {"parent", cur}, {"kind", "folder"}, {"size", 0},
                                          {"modified", now_stamp(p)}};
    }
    cur = id;
  }
  return cur;
}

/// An entry as the exports return it: {id, name, folder (path), kind, size, modified, text?, source?}.
json describe(const Tree& t, const std::string& id) {
  const json* e = t.get(id);
  json out = {{"id", id},
              {"name", e->value("name", "")},
              {"folder", t.path(e->value("parent", "")) == kRootName ? std::string() : t.path(e->value("parent", ""))},
              {"kind", e->value("kind", "")},
              {"size", e->value("size", std::int64_t{0})},
              {"modified", e->value("modified", "")}};
  if (e->contains("text")) out["text"] = (*e)["text"];
  if (e->contains("source")) out["source"] = (*e)["source"];
  return out;
}

const json& existing(const Tree& t, const json& args, const std::string& call, std::string& id) {
  id = arg_str(args, "id", call);
  const json* e = t.get(id);
  if (!e || !t.reachable(id)) storage_error(call, "no file '" + id + "'");
  return *e;
}

/// `save` {folder: path, name, kind?: "text"|"audio"|..., text?: content, size?: bytes,
/// source?: app id, replace?: bool} -> the entry. Creates the folder path as needed. A taken name
/// becomes "name (1).ext" unless `replace`, which overwrites that file in place (same id).
json storage_save(Phone& p, const json& args) {
  const std::string call = "save";
  const std::vector<std::string> folder = split_path(arg_str(args, "folder", call, false), call);
  const std::string name = arg_str(args, "name", call);
  const std::string kind = args.contains("kind") ? arg_str(args, "kind", call) : "text";
  if (kind == "folder") storage_error(call, "use 'mkdir' for folders");
  const std::string source = arg_str(args, "source", call, false);
  const bool has_text = args.contains("text") && !args["text"].is_null();
  const std::string text = has_text ? arg_str(args, "text", call) : "";
  std::int64_t size = static_cast<std::int64_t>(text.size());
  if (args.contains("size")) {
    if (!args["size"].is_number_integer() || args["size"].get<std::int64_t>() < 0)
      storage_error(call, "'size' must be a non-negative integer, got " + args["size"].dump());
    size = args["size"].get<std::int64_t>();
  }
  const bool replace = args.value("replace", false);
  const std::string parent = ensure_folder(p, folder, call);
  Tree t(p);
  const std::string err = name_error(t, parent, name, "");
  std::string id, final_name = name;
  if (!err.empty() && err != "A file with this name already exists") storage_error(call, err + " (got '" + name + "')");
  if (!err.empty()) {
    const std::string taken = t.sibling_named(parent, name);
    if (replace && !t.is_folder(taken)) id = taken;
    else final_name = free_name(t, parent, name);
  }
  json entry = {{"name", final_name}, {"parent", parent}, {"kind", kind}, {"size", size}, {"modified", now_stamp(p)}};
  if (has_text) entry["text"] = text;
  if (!source.empty()) entry["source"] = source;
  if (id.empty()) {
    id = new_id(p);
    own_state(p, kApp)["files"][id] = entry;
  } else {
    json& ov = overlay_entry(p, id);
    for (auto& [k, v] : entry.items()) ov[k] = v;
    if (!has_text && t.get(id)->contains("text")) ov["text"] = nullptr;
  }
  return describe(Tree(p), id);
}

/// `list` {folder: path, recursive?: bool, kind?: kind} -> [entry] of the files (not folders),
/// by name; [] when the folder does not exist.
json storage_list(Phone& p, const json& args) {
  const std::string call = "list";
  const Tree t(p);
  const std::string root = find_folder(t, split_path(arg_str(args, "folder", call, false), call));
  const std::string kind = arg_str(args, "kind", call, false);
  json out = json::array();
  if (root == kMissing) return out;
  std::vector<std::string> ids;
  if (args.value("recursive", false)) {
    t.subtree(root, ids);
  } else {
    ids = t.sorted_children(root);
  }
  t.sort_by_name(ids);
  for (const std::string& id : ids) {
    if (id.empty() || t.is_folder(id) || !t.reachable(id)) continue;
    if (!kind.empty() && t.get(id)->value("kind", "") != kind) continue;
    out.push_back(describe(t, id));
  }
  return out;
}

/// `folders` {folder: path} -> [entry] of the subfolders (by name); [] when it does not exist.
json storage_folders(Phone& p, const json& args) {
  const Tree t(p);
  const std::string root = find_folder(t, split_path(arg_str(args, "folder", "folders", false), "folders"));
  json out = json::array();
  if (root == kMissing) return out;
  for (const std::string& id : t.sorted_children(root, true)) out.push_back(describe(t, id));
  return out;
}

/// `read` {id} -> the entry (with "text" for a text file).
json storage_read(Phone& p, const json& args) {
  const Tree t(p);
  std::string id;
  existing(t, args, "read", id);
  return describe(t, id);
}

/// `write` {id, text} -> the entry: replaces a file's text (size and modified follow).
json storage_write(Phone& p, const json& args) {
  std::string id;
  const Tree t(p);
  const json& e = existing(t, args, "write", id);
  if (e.value("kind", "") == "folder") storage_error("write", "'" + id + "' is a folder");
  const std::string text = arg_str(args, "text", "write");
  json& ov = overlay_entry(p, id);
  ov["text"] = text;
  ov["size"] = static_cast<std::int64_t>(text.size());
  ov["modified"] = now_stamp(p);
  return describe(Tree(p), id);
}

/// `rename` {id, name} -> the entry; Files' own name rules (no "/", no taken name).
json storage_rename(Phone& p, const json& args) {
  const Tree t(p);
  std::string id;
  const json& e = existing(t, args, "rename", id);
  const std::string name = arg_str(args, "name", "rename");
  const std::string err = name_error(t, e.value("parent", ""), name, id);
  if (!err.empty()) storage_error("rename", err + " (got '" + name + "')");
  overlay_entry(p, id)["name"] = name;
  return describe(Tree(p), id);
}

/// `move` {id, folder: path} -> the entry; the folder is created as needed.
json storage_move(Phone& p, const json& args) {
  std::string id;
  const json e = existing(Tree(p), args, "move", id);
  const std::string dest = ensure_folder(p, split_path(arg_str(args, "folder", "move", false), "move"), "move");
  const Tree t(p);
  for (const std::string& f : t.chain(dest))
    if (f == id) storage_error("move", "can't move a folder into itself");
  if (e.value("parent", "") != dest) {
    if (!t.sibling_named(dest, e.value("name", "")).empty())
      storage_error("move", "a file named '" + e.value("name", "") + "' already exists in " + t.path(dest));
    overlay_entry(p, id)["parent"] = dest;
  }
  return describe(Tree(p), id);
}

/// `delete` {id} -> {"deleted": id}; a folder goes with everything in it.
json storage_delete(Phone& p, const json& args) {
  std::string id;
  existing(Tree(p), args, "delete", id);
  delete_item(p, id);
  return {{"deleted", id}};
}

/// `mkdir` {folder: path} -> the folder's entry (created with its parents where missing).
json storage_mkdir(Phone& p, const json& args) {
  const auto names = split_path(arg_str(args, "folder", "mkdir"), "mkdir");
  if (names.empty()) storage_error("mkdir", "'folder' names the root");
  const std::string id = ensure_folder(p, names, "mkdir");
  return describe(Tree(p), id);
}

// ---------------------------------------------------------------- the app

class FilesApp : public App {
 public:
  FilesApp() {
    // Every page draws from the merged file tree.
    add_page("home", [](Ui& ui, Phone& phone) { home(ui, phone, Tree(phone)); });
    add_page("browse", [](Ui& ui, Phone& phone) { browse(ui, phone, Tree(phone), false); });
    add_page("item_menu", [](Ui& ui, Phone& phone) { item_menu(ui, phone, Tree(phone)); });
    add_page("new_folder", [](Ui& ui, Phone& phone) { name_dialog(ui, phone, Tree(phone), false); });
    add_page("rename", [](Ui& ui, Phone& phone) { name_dialog(ui, phone, Tree(phone), true); });
    add_page("pick_folder", [](Ui& ui, Phone& phone) { pick_folder(ui, phone, Tree(phone)); });
    add_page("search", [](Ui& ui, Phone& phone) { search(ui, phone, Tree(phone), ""); });
    add_page("category", [](Ui& ui, Phone& phone) { search(ui, phone, Tree(phone), phone.page_string("category")); });
    add_export("save", storage_save);
    add_export("list", storage_list);
    add_export("folders", storage_folders);
    add_export("read", storage_read);
    add_export("write", storage_write);
    add_export("rename", storage_rename);
    add_export("move", storage_move);
    add_export("delete", storage_delete);
    add_export("mkdir", storage_mkdir);
  }

  void on_dialog_result(Phone& phone, const json& dialog, const std::string& button) override {
    const json data = dialog.value("data", json::object());
    if (data.value("action", "") == "delete" && button == "delete") {
      const std::string id = data.value("item", "");
      delete_item(phone, id);
      phone.toast("Deleted");
    }
  }

 private:
  // ---- home: search bar, categories, storage ----
  static void home(Ui& ui, Phone& phone, const Tree& t) {
    const Rect area = Ui::content_area();
    float y = area.t + 12;
    Rect bar{16, y, Ui::width_dp() - 16, y + 52};
    ui.search_bar("files.search_bar", bar, "Search in Files", [](Phone& p) { open_search(p); });
    y += 72;
    ui.begin_scroll("files.home_list", {0, y, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    y = ui.cursor_y();
    ui.text(16, y + 4, "Categories", Font::Title, color::kOnSurface);
    y += 40;
    struct Cat {
      const char* id;
      const char* label;
      const char* icon;
      std::uint32_t fg, bg;
    };
    const Cat cats[] = {{"downloads", "Downloads", "download", 0x1A73E8, 0xE8F0FE},
                        {"images", "Images", "image", 0xC5221F, 0xFCE8E6},
                        {"videos", "Videos", "videocam", 0xE37400, 0xFEEFE3},
                        {"audio", "Audio", "audiotrack", 0x8430CE, 0xF3E8FD},
                        {"documents", "Documents", "description", 0x188038, 0xE6F4EA},
                        {"apps", "Apps", "android", 0x5F6368, 0xF1F3F4}};
    const float cw = (Ui::width_dp() - 32 - 8) / 2, ch = 64;
    for (int i = 0; i < 6; ++i) {
      const float x = 16 + static_cast<float>(i % 2) * (cw + 8), cy = y + static_cast<float>(i / 2) * (ch + 8);
      Rect card{x, cy, x + cw, cy + ch};
      ui.fill(card, color::kSurfaceContainer, 16);
      ui.circle(x + 32, cy + ch / 2, 18, cats[i].bg);
      ui.icon(x + 32, cy + ch / 2, cats[i].icon, Font::Icon, cats[i].fg);
      ui.text(x + 60, cy + ch / 2 - 10, cats[i].label, Font::BodyLarge, color::kOnSurface);
      Node& n =
          ui.item(std::string("files.category.") + cats[i].id, "android.widget.LinearLayout", card, cats[i].label, {});
      n.clickable = true;
      const std::string cid = cats[i].id;
      n.on_click = [cid](Phone& p) {
        if (cid == "downloads")
          p.go("open_folder", {{"folder", "download"}});
        else
          p.go("open_category", {{"category", cid}});
      };
    }
    ui.set_cursor(y + 3 * (ch + 8) + 16);
    ui.text(16, ui.cursor_y() + 4, "Storage devices", Font::Title, color::kOnSurface);
    ui.advance(40);
    const float ry = ui.cursor_y();
    ui.circle(36, ry + 36, 20, 0xE8F0FE);
    ui.icon(36, ry + 36, "phone_android", Font::Icon, 0x1A73E8);
    ui.text(72, ry + 14, kRootName, Font::BodyLarge, color::kOnSurface);
    const std::string used = format_size(t.total_size()) + " used";
    ui.text(72, ry + 39, used, Font::Body, color::kOnSurfaceVariant);
    Node& st = ui.item("files.storage", "android.widget.LinearLayout", {0, ry, Ui::width_dp(), ry + 72}, kRootName,
                       [](Phone& p) {
                         p.go("open_folder", {{"folder", ""}});
                       });
    st.desc = used;
    ui.advance(88);
    ui.end_scroll();
  }

  // ---- browse: breadcrumb + folder listing ----
  /// Draws the folder of the current page entry. `covered`: screen y ranges (dp, top/bottom)
  /// hidden under a sheet, a dialog card or the keyboard drawn over the listing.
  static void browse(Ui& ui, Phone& phone, const Tree& t, bool background,
                     const std::vector<std::pair<float, float>>& covered = {}) {
    const Rect area = Ui::content_area();
    std::string folder = phone.page_string("folder");
    if (!t.is_folder(folder) || !t.reachable(folder)) folder = "";  // e.g. deleted meanwhile
    // The listing first (the bars are painted over it when it scrolls under them).
    const float list_top = area.t + 112;
    ui.begin_scroll("files.list", {0, list_top, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    const float offset = Ui::to_dp(static_cast<float>(local_scroll(phone)));
    auto hidden = [&](float y) {
      for (const auto& [ct, cb] : covered)
        if (y - offset < cb && y - offset + 72 > ct) return true;
      return false;
    };
    const std::vector<std::string> items = t.sorted_children(folder);
    if (items.empty()) {
      ui.icon(Ui::width_dp() / 2, ui.cursor_y() + 140, "folder_open", Font::IconLarge, color::kOnSurfaceVariant);
      ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 170, "This folder is empty", Font::BodyLarge,
                       color::kOnSurfaceVariant);
      ui.label("files.empty", {60, ui.cursor_y() + 166, Ui::width_dp() - 60, ui.cursor_y() + 194},
               "This folder is empty");
      ui.advance(220);
    }
    for (const std::string& id : items) {
      const std::string name = t.name(id);
      const bool folder_row = t.is_folder(id);
      Handler open = folder_row ? Handler([id](Phone& p) { p.go("open_folder", {{"folder", id}}); })
                                : Handler([id](Phone& p) { open_file(p, Tree(p), id); });
      Handler more = [id, folder](Phone& p) {
        const int scroll = local_scroll(p);
        p.go("menu", {{"item", id}, {"folder", folder}, {"scroll", scroll}});
      };
      file_row(ui, "files.item." + name, t, id, "", std::move(open), std::move(more), true, hidden(ui.cursor_y()));
    }
    ui.advance(16);
    ui.end_scroll();
    // Top bar: up arrow, folder name, search and new-folder actions.
    ui.fill({0, area.t, Ui::width_dp(), list_top}, color::kSurface);
    ui.icon_button("files.up", 28, area.t + 32, "arrow_back", "Navigate up", color::kOnSurface, [folder](Phone& p) {
      go_up(p, folder);
    });
    const std::string title = ui.ellipsize(t.name(folder), Font::Title, Ui::width_dp() - 64 - 104);
    ui.text(64, area.t + 32 - ui.line_height(Font::Title) / 2 - 2, title, Font::Title, color::kOnSurface);
    ui.label("files.title", {64, area.t + 12, 64 + ui.text_width(title, Font::Title), area.t + 52}, t.name(folder));
    ui.icon_button("files.search", Ui::width_dp() - 76, area.t + 32, "search", "Search", color::kOnSurfaceVariant,
                   [](Phone& p) { open_search(p); });
    ui.icon_button("files.new_folder", Ui::width_dp() - 28, area.t + 32, "create_new_folder", "New folder",
                   color::kOnSurfaceVariant, [folder](Phone& p) {
                     p.go("new_folder", {{"folder", folder}, {"name", ""}, {"error", ""}, {"scroll", local_scroll(p)}});
                     p.focus("files.new_folder.name", p.page_pointer() + "/name");
                   });
    breadcrumb(ui, "files.crumb.", t, folder, area.t + 60, [](const std::string& target) -> Handler {
      return [target](Phone& p) { jump_to(p, target); };
    });
    ui.fill({0, list_top - 1, Ui::width_dp(), list_top}, color::kSurfaceVariant);
    (void)background;
  }

  /// Up: to the parent folder (the previous page when it shows the parent, else in place); from
  /// the root, back to the home page.
  static void go_up(Phone& p, const std::string& folder) {
    if (folder.empty()) return p.back();
    const Tree t(p);
    const json* e = t.get(folder);
    jump_to(p, e ? e->value("parent", "") : "");
  }

  /// Shows `target` (an ancestor of the current folder): pops browse pages down to it when the
  /// stack holds it, else replaces the current page's folder.
  static void jump_to(Phone& p, const std::string& target) {
    const json& pages = p.page_stack(kApp);
    for (std::size_t i = pages.size(); i-- > 0;) {
      const json& e = pages[i];
      if (e.value("page", "") != "browse") break;
      if (e.value("folder", "") == target && e.contains("folder")) {
        while (pages.size() > i + 1) p.back();
        return;
      }
    }
    page_entry(p)["folder"] = target;
    page_entry(p)["scroll"] = 0;
  }

  // ---- item_menu: a bottom sheet over the listing ----
  static void item_menu(Ui& ui, Phone& phone, const Tree& t) {
    const Rect area = Ui::content_area();
    const float h = 80 + 4 * 56 + 16;
    const float top = area.b - h;
    const std::size_t before = ui.nodes().size();
    browse(ui, phone, t, true, {{top, area.b}});
    ui.nodes().resize(before);  // the listing under the scrim takes no taps
    scrim(ui);
    const std::string id = phone.page_string("item");
    const json* e = t.get(id);
    if (!e) return;
    ui.fill({0, top, Ui::width_dp(), area.b + 28}, color::kSurfaceContainer, 28);
    ui.fill({Ui::width_dp() / 2 - 16, top + 10, Ui::width_dp() / 2 + 16, top + 14}, color::kOutline, 2, 0.5f);
    Node& sheet = ui.item("files.menu", "android.widget.FrameLayout", {0, top, Ui::width_dp(), area.b}, "", {});
    sheet.clickable = true;  // taps between rows stay on the sheet
    sheet.on_click = [](Phone&) {};
    const KindStyle ks = kind_style(e->value("kind", ""));
    ui.circle(36, top + 48, 20, ks.bg);
    ui.icon(36, top + 48, ks.icon, Font::Icon, ks.fg);
    const std::string name = e->value("name", "");
    ui.text(72, top + 28, ui.ellipsize(name, Font::BodyLarge, Ui::width_dp() - 88), Font::BodyLarge, color::kOnSurface);
    const std::string sub = format_date(e->value("modified", "")) + " \u00b7 " + size_text(t, id);
    ui.text(72, top + 52, sub, Font::Body, color::kOnSurfaceVariant);
    ui.label("files.menu.title", {72, top + 24, Ui::width_dp() - 16, top + 72}, name);
    ui.fill({16, top + 79, Ui::width_dp() - 16, top + 80}, color::kSurfaceVariant);
    ui.set_cursor(top + 88);
    const std::string folder = phone.page_string("folder");
    const int scroll = local_scroll(phone);
    ui.list_row("files.menu.rename", "Rename", "", "edit", [id, name, folder, scroll](Phone& p) {
      p.back();
      p.go("rename", {{"item", id}, {"folder", folder}, {"name", name}, {"error", ""}, {"scroll", scroll}});
      p.focus("files.rename.name", p.page_pointer() + "/name");
    });
    ui.list_row("files.menu.move", "Move to", "", "drive_file_move", [id, folder](Phone& p) {
      p.back();
      p.go("pick_folder", {{"mode", "move"}, {"item", id}, {"folder", folder}});
    });
    ui.list_row("files.menu.copy", "Copy to", "", "file_copy", [id, folder](Phone& p) {
      p.back();
      p.go("pick_folder", {{"mode", "copy"}, {"item", id}, {"folder", folder}});
    });
    ui.list_row("files.menu.delete", "Delete", "", "delete", [id, name](Phone& p) {
      p.back();
      const std::string shown = name.size() > 36 ? name.substr(0, 34) + "\xE2\x80\xA6" : name;
      p.show_dialog({{"owner", kApp},
                     {"kind", "alert"},
                     {"title", "Delete permanently?"},
                     {"text", shown},
                     {"buttons", json::array({{{"id", "cancel"}, {"label", "Cancel"}}, {{"id", "delete"}, {"label", "Delete"}}})},
                     {"data", {{"action", "delete"}, {"item", id}}}});
    });
  }

  // ---- new_folder / rename: a dialog with a text field over the listing ----
  static void name_dialog(Ui& ui, Phone& phone, const Tree& t, bool rename) {
    const std::string error = phone.page_string("error");
    const float top = 150, h = error.empty() ? 196 : 220;
    const float kb = keyboard_height_dp(phone);
    const std::size_t before = ui.nodes().size();
    browse(ui, phone, t, true, {{top, top + h}, {Ui::height_dp() - Ui::nav_bar_dp() - kb, Ui::height_dp()}});
    ui.nodes().resize(before);
    scrim(ui);
    const std::string base = rename ? "files.rename" : "files.new_folder";
    const std::string title = rename ? "Rename" : "New folder";
    Rect card{24, top, Ui::width_dp() - 24, top + h};
    ui.fill(card, color::kSurfaceContainer, 28);
    ui.item(base, "android.app.AlertDialog", card, title, [](Phone&) {});
    ui.text(card.l + 24, top + 24, title, Font::Title, color::kOnSurface);
    ui.label(base + ".title", {card.l + 24, top + 20, card.r - 24, top + 52}, title);
    ui.text_field(base + ".name", {card.l + 24, top + 68, card.r - 24, top + 124}, rename ? "Name" : "Folder name",
                  phone.page_pointer() + "/name", rename ? "" : "Untitled folder");
    float y = top + 136;
    if (!error.empty()) {
      ui.text(card.l + 24, y, ui.ellipsize(error, Font::Body, card.w() - 48), Font::Body, color::kError);
      ui.label(base + ".error", {card.l + 24, y, card.r - 24, y + 20}, error);
      y += 24;
    }
    const std::string ok = rename ? "Rename" : "Create";
    const float okw = ui.text_width(ok, Font::Body) + 32, cw = ui.text_width("Cancel", Font::Body) + 32;
    ui.button(base + ".cancel", {card.r - 16 - okw - 8 - cw, y, card.r - 16 - okw - 8, y + 48}, "Cancel", false,
              [](Phone& p) {
                p.clear_focus();
                p.back();
              });
    ui.button(base + ".ok", {card.r - 16 - okw, y, card.r - 16, y + 48}, ok, false, [rename](Phone& p) {
      const Tree tree(p);
      json& e = page_entry(p);
      std::string name = e.value("name", "");
      while (!name.empty() && name.back() == ' ') name.pop_back();
      while (!name.empty() && name.front() == ' ') name.erase(0, 1);
      const std::string folder = e.value("folder", "");
      const std::string item = rename ? e.value("item", "") : "";
      if (rename && tree.name(item) == name) {  // unchanged: nothing to do
        p.clear_focus();
        p.back();
        return;
      }
      const std::string err = name_error(tree, folder, name, item);
      if (!err.empty()) {
        e["error"] = err;
        return;
      }
      if (rename) {
        overlay_entry(p, item)["name"] = name;
      } else {
        const std::string id = new_id(p);
        own_state(p, kApp)["files"][id] = {{"name", name}, {"parent", folder}, {"kind", "folder"}, {"size", 0},
                                       {"modified", now_stamp(p)}};
      }
      p.clear_focus();
      p.back();
      p.toast(rename ? "Renamed" : "Folder created");
    });
  }

  // ---- pick_folder: the Move to / Copy to destination picker ----
  static void pick_folder(Ui& ui, Phone& phone, const Tree& t) {
    const Rect area = Ui::content_area();
    const std::string mode = phone.page_string("mode"), item = phone.page_string("item");
    std::string folder = phone.page_string("folder");
    if (!t.is_folder(folder) || !t.reachable(folder)) folder = "";
    const bool move = mode != "copy";
    const float list_top = area.t + 112, bottom = area.b - 72;
    ui.begin_scroll("files.pick.list", {0, list_top, Ui::width_dp(), bottom}, phone.page_pointer() + "/scroll");
    const std::vector<std::string> subs = t.sorted_children(folder, true);
    if (subs.empty()) {
      ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 120, "No folders", Font::BodyLarge, color::kOnSurfaceVariant);
      ui.advance(200);
    }
    for (const std::string& id : subs) {
      const bool self = id == item;  // a folder can't go into itself
      file_row(ui, "files.pick." + t.name(id), t, id, "",
               [id, mode, item](Phone& p) { p.go("open_folder", {{"mode", mode}, {"item", item}, {"folder", id}}); },
               nullptr, !self);
    }
    ui.advance(16);
    ui.end_scroll();
    ui.fill({0, area.t, Ui::width_dp(), list_top}, color::kSurface);
    ui.icon_button("files.pick.close", 28, area.t + 32, "close", "Cancel", color::kOnSurface,
                   [](Phone& p) { pop_to(p, "browse"); });
    const std::string title = move ? "Move to" : "Copy to";
    ui.text(64, area.t + 32 - ui.line_height(Font::Title) / 2 - 2, title, Font::Title, color::kOnSurface);
    ui.label("files.pick.title", {64, area.t + 12, 64 + ui.text_width(title, Font::Title), area.t + 52}, title);
    breadcrumb(ui, "files.pick.crumb.", t, folder, area.t + 60, [](const std::string& target) -> Handler {
      return [target](Phone& p) {
        page_entry(p)["folder"] = target;
        page_entry(p)["scroll"] = 0;
      };
    });
    ui.fill({0, list_top - 1, Ui::width_dp(), list_top}, color::kSurfaceVariant);
    // Bottom bar: what is being moved, Cancel and Move here / Copy here.
    ui.fill({0, bottom, Ui::width_dp(), area.b}, color::kSurfaceContainer);
    const std::string what = ui.ellipsize(t.name(item), Font::Body, Ui::width_dp() - 32 - 220);
    ui.text(16, bottom + 26, what, Font::Body, color::kOnSurfaceVariant);
    const std::string ok = move ? "Move here" : "Copy here";
    const float okw = ui.text_width(ok, Font::Body) + 48;
    ui.button("files.pick.cancel", {Ui::width_dp() - 16 - okw - 8 - 88, bottom + 12, Ui::width_dp() - 16 - okw - 8, bottom + 60},
              "Cancel", false, [](Phone& p) { pop_to(p, "browse"); });
    ui.button("files.pick.confirm", {Ui::width_dp() - 16 - okw, bottom + 16, Ui::width_dp() - 16, bottom + 56}, ok, true,
              [move, item, folder](Phone& p) { confirm_pick(p, move, item, folder); });
  }

  static void confirm_pick(Phone& p, bool move, const std::string& item, const std::string& dest) {
    const Tree t(p);
    const json* e = t.get(item);
    if (!e) return pop_to(p, "browse");
    // A folder can't go into itself or one of its subfolders.
    for (const std::string& f : t.chain(dest))
      if (f == item) {
        p.toast(move ? "Can't move a folder into itself" : "Can't copy a folder into itself");
        return;
      }
    const std::string dest_name = t.name(dest);
    if (move) {
      if (e->value("parent", "") == dest) {
        p.toast("Already in " + dest_name);
        return;
      }
      if (!t.sibling_named(dest, e->value("name", "")).empty()) {
        p.toast("A file with this name already exists in " + dest_name);
        return;
      }
      overlay_entry(p, item)["parent"] = dest;
      pop_to(p, "browse");
      p.toast("Moved to " + dest_name);
    } else {
      copy_item(p, item, dest);
      pop_to(p, "browse");
      p.toast("Copied to " + dest_name);
    }
  }

  // ---- search (by name, across folders) and category lists ----
  static void search(Ui& ui, Phone& phone, const Tree& t, const std::string& category) {
    const Rect area = Ui::content_area();
    const bool is_search = category.empty();
    std::string query = phone.page_string("query");
    std::string q = query;
    for (char& c : q) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    while (!q.empty() && q.back() == ' ') q.pop_back();
    while (!q.empty() && q.front() == ' ') q.erase(0, 1);
    static const std::map<std::string, std::pair<std::string, std::set<std::string>>> kCats = {
        {"images", {"Images", {"image"}}},
        {"videos", {"Videos", {"video"}}},
        {"audio", {"Audio", {"audio"}}},
        {"documents", {"Documents", {"pdf", "doc", "sheet", "slides", "text"}}},
        {"apps", {"Apps", {"apk"}}}};
    auto cat = kCats.find(category);
    std::vector<std::string> hits;
    if (!is_search || !q.empty())
      for (auto& [id, e] : t.by_id) {
        if (!t.reachable(id)) continue;
        if (is_search) {
          std::string n = e.value("name", "");
          for (char& c : n) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
          if (n.find(q) == std::string::npos) continue;
        } else if (cat == kCats.end() || !cat->second.second.count(e.value("kind", ""))) {
          continue;
        }
        hits.push_back(id);
      }
    if (is_search) {
      t.sort_by_name(hits);
    } else {  // newest first, as Files lists a category
      std::stable_sort(hits.begin(), hits.end(), [&t](const std::string& a, const std::string& b) {
        const std::string ma = t.get(a)->value("modified", ""), mb = t.get(b)->value("modified", "");
        return ma != mb ? ma > mb : a < b;
      });
    }
    const float list_top = area.t + 72;
    // The list ends above the keyboard (adjustResize), so no result hides under it.
    const float list_bottom = area.b - keyboard_height_dp(phone);
    ui.begin_scroll("files.results", {0, list_top, Ui::width_dp(), list_bottom}, phone.page_pointer() + "/scroll");
    if (is_search && q.empty()) {
      ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 120, "Search your files by name", Font::BodyLarge,
                       color::kOnSurfaceVariant);
      ui.advance(200);
    } else if (hits.empty()) {
      const std::string msg = is_search ? "No results found" : "No files";
      ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 120, msg, Font::BodyLarge, color::kOnSurfaceVariant);
      ui.label("files.no_results", {40, ui.cursor_y() + 116, Ui::width_dp() - 40, ui.cursor_y() + 144}, msg);
      ui.advance(200);
    }
    std::set<std::string> seen;
    for (const std::string& id : hits) {
      const std::string name = t.name(id);
      const std::string key = seen.insert(name).second ? name : name + "#" + id;
      const bool folder_row = t.is_folder(id);
      Handler open = folder_row ? Handler([id](Phone& p) { p.go("open_folder", {{"folder", id}}); })
                                : Handler([id](Phone& p) { open_file(p, Tree(p), id); });
      if (!is_search && folder_row) open = nullptr;
      file_row(ui, "files.result." + key, t, id, t.path(t.get(id)->value("parent", "")) + " \u00b7 ", std::move(open), nullptr);
    }
    ui.advance(16);
    ui.end_scroll();
    ui.fill({0, area.t, Ui::width_dp(), list_top}, color::kSurface);
    if (is_search) {
      ui.icon_button("files.search.back", 28, area.t + 36, "arrow_back", "Navigate up", color::kOnSurface, [](Phone& p) {
        p.clear_focus();
        p.back();
      });
      ui.text_field("files.search.query", {56, area.t + 8, Ui::width_dp() - 16, area.t + 64}, "Search in Files",
                    phone.page_pointer() + "/query", "File name");
    } else {
      ui.top_bar("files.category.title", cat == kCats.end() ? "Files" : cat->second.first, true);
    }
    ui.fill({0, list_top - 1, Ui::width_dp(), list_top}, color::kSurfaceVariant);
  }
};

}  // namespace
PG_REGISTER_APP("files", FilesApp);
}  // namespace pg
