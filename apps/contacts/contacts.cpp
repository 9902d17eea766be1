// Contacts: the alphabetical list with section letters and a search field (name or number), a
// contact's page (numbers that dial through Phone, email, favourite star, groups), the create /
// edit form, delete with a confirmation dialog, and groups (members; add a contact to a group).
// People are world data (apps/contacts/world/people.json) seen through the overlay
// apps.contacts.people: created and edited contacts are overlay entities, deleted ones null.
#include "apps/contacts/people.hpp"
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"
#include "sim/state/world.hpp"
#include "sim/ui/ui.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace pg {
namespace {

using json = nlohmann::json;

constexpr const char* kApp = "contacts";

constexpr const char* kPhoneLabels[] = {"Mobile", "Work", "Home", "Other"};

json blank_draft() {
  return {{"id", 0},     {"first", ""},
          {"last", ""},  {"company", ""},
          {"email", ""}, {"phones", json::array({{{"label", "Mobile"}, {"number", ""}}})},
          {"error", ""}};
}

bool is_favorite(const Phone& p, int id) {
  for (const json& f : own_state(p, kApp).value("favorites", json::array()))
    if (f.is_number_integer() && f.get<int>() == id) return true;
  return false;
}

/// Names of the groups the contact belongs to, in group order.
std::vector<std::string> groups_of(const Phone& p, int id) {
  std::vector<std::string> out;
  for (const json& g : own_state(p, kApp).value("groups", json::array()))
    for (const json& m : g.value("members", json::array()))
      if (m.is_number_integer() && m.get<int>() == id) out.push_back(g.value("name", ""));
  return out;
}

json* find_group(Phone& p, const std::string& gid) {
  for (json& g : own_state(p, kApp)["groups"])
    if (g.value("id", "") == gid) return &g;
  return nullptr;
}

/// Whether a search query matches a contact: its name contains the query (case and accents
/// ignored), or, for a query of digits (spaces, +, -, parentheses allowed), one of its numbers'
/// digits contains the query's digits.
bool matches(const json& c, const std::string& query) {
  std::string q = query;
  while (!q.empty() && q.back() == ' ') q.pop_back();
  while (!q.empty() && q.front() == ' ') q.erase(0, 1);
  if (q.empty()) return true;
  if (people::fold(people::display_name(c)).find(people::fold(q)) != std::string::npos) return true;
  const bool numeric = std::all_of(q.begin(), q.end(), [](char ch) {
    return std::isdigit(static_cast<unsigned char>(ch)) || ch == ' ' || ch == '+' || ch == '-' || ch == '(' || ch == ')';
  });
  const std::string qd = people::digits(q);
  if (!numeric || qd.empty()) return false;
  for (const json& ph : c.value("phones", json::array()))
    if (people::digits(ph.value("number", "")).find(qd) != std::string::npos) return true;
  return false;
}

/// Starts the implicit DIAL intent for a number (Phone handles scheme tel).
void dial(Phone& p, const std::string& number) {
  p.start_intent({{"action", "android.intent.action.DIAL"}, {"data", "tel:" + number}});
}

/// Writes a contact's fields into the overlay: for a world contact only the fields that differ
/// from the world data (none: the overlay entry goes away); a new contact is stored whole.
void store_contact(Phone& p, int id, const json& fields) {
  json& overlay = own_state(p, kApp)["people"];
  if (!overlay.is_object()) overlay = json::object();
  const std::string key = std::to_string(id);
  const json* base = World::instance().entity("contacts", "people", key);
  if (!base) {
    overlay[key] = fields;
    return;
  }
  json entry = overlay.contains(key) && overlay[key].is_object() ? overlay[key] : json::object();
  for (auto& [k, v] : fields.items()) {
    if (base->contains(k) && (*base)[k] == v) entry.erase(k);
    else entry[k] = v;
  }
  if (entry.empty()) overlay.erase(key);
  else overlay[key] = entry;
}

/// Removes a contact: null in the overlay for a world contact, the overlay entry for a new one;
/// it leaves the favourites and every group.
void delete_contact(Phone& p, int id) {
  json& c = own_state(p, kApp);
  const std::string key = std::to_string(id);
  if (World::instance().entity("contacts", "people", key)) c["people"][key] = nullptr;
  else if (c["people"].is_object()) c["people"].erase(key);
  json& favs = c["favorites"];
  for (std::size_t i = favs.size(); i-- > 0;)
    if (favs[i] == id) favs.erase(i);
  for (json& g : c["groups"]) {
    json& m = g["members"];
    for (std::size_t i = m.size(); i-- > 0;)
      if (m[i] == id) m.erase(i);
  }
}

/// A contact row (56 dp): section letter column, letter avatar, name; tapping runs `on_click`.
void contact_row(Ui& ui, const std::string& id, const json& c, const std::string& letter, Handler on_click) {
  const float y = ui.cursor_y();
  if (!letter.empty()) ui.text(20, y + 16, letter, Font::BodyLarge, color::kPrimary);
  people::avatar(ui, 64, y + 28, 20, c, Font::BodyLarge);
  const std::string name = people::display_name(c);
  ui.text(96, y + 18, ui.ellipsize(name, Font::BodyLarge, Ui::width_dp() - 96 - 16), Font::BodyLarge, color::kOnSurface);
  ui.item(id, "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + 56}, name, std::move(on_click));
  ui.advance(56);
}

class ContactsApp : public App {
 public:
  ContactsApp() {
    add_page("list", list);
    add_page("view", view);
    add_page("edit", edit);
    add_page("groups", groups);
    add_page("group", group);
    add_page("pick", pick);
    // Phone (and any app) reads contacts only through these calls (people.hpp has their client side).
    add_export("people", [](Phone& p, const json&) {
      return resolve_collection(World::instance(), own_state(p, kApp), "contacts", "people");
    });
    add_export("favorites", [](Phone& p, const json&) { return own_state(p, kApp).value("favorites", json::array()); });
  }

  /// INSERT (vnd.android.cursor.dir/contact) opens the create form, prefilled from the extras
  /// "name" and "phone" (as Android's ContactsContract.Intents.Insert).
  void on_intent(Phone& phone, const json& intent) override {
    if (intent.value("action", "") != "android.intent.action.INSERT") return;
    to_root(phone);
    json draft = blank_draft();
    const json extras = intent.value("extras", json::object());
    const std::string name = extras.value("name", "");
    const std::size_t sp = name.find(' ');
    draft["first"] = name.substr(0, sp);
    draft["last"] = sp == std::string::npos ? "" : name.substr(sp + 1);
    draft["phones"][0]["number"] = extras.value("phone", "");
    own_state(phone, kApp)["edit"] = draft;
    phone.navigate("create");
  }

  void on_dialog_result(Phone& phone, const json& dialog, const std::string& button) override {
    if (dialog.value("kind", "") == "choice" && dialog.value("data", json::object()).contains("phone_label")) {
      // The label picker of one phone number in the edit form.
      const int i = dialog["data"]["phone_label"];
      json& phones = own_state(phone, kApp)["edit"]["phones"];
      if (button != "cancel" && phones.is_array() && i >= 0 && i < static_cast<int>(phones.size()))
        phones[static_cast<std::size_t>(i)]["label"] = button;
      return;
    }
    if (dialog.value("kind", "") != "alert" || button != "delete") return;
    const json data = dialog.value("data", json::object());
    if (!data.contains("contact") || !data["contact"].is_number_integer()) return;
    const int id = data["contact"];
    delete_contact(phone, id);
    phone.toast("Contact deleted");
    if (phone.foreground() == "contacts" && phone.current_page() == "view") phone.back();
  }

 private:
  /// Pops this app's page stack to the list (its root).
  static void to_root(Phone& phone) {
    for (int i = 0; i < 16 && phone.foreground() == "contacts" && phone.current_page() != "list"; ++i) phone.back();
  }

  static void list(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    ui.text_field("contacts.search", {16, area.t + 8, Ui::width_dp() - 72, area.t + 64}, "Search contacts",
                  "/apps/contacts/query", "Name or number");
    // Searching starts from the top of the list.
    ui.nodes().back().on_click = [](Phone& p) {
      p.focus("contacts.search", "/apps/contacts/query");
      p.set_scroll(0);
    };
    ui.icon_button("contacts.groups", Ui::width_dp() - 36, area.t + 36, "group", "Groups", color::kOnSurfaceVariant,
                   [](Phone& p) { p.navigate("open_groups"); });
    const std::string query = own_state(phone, kApp).value("query", "");
    std::vector<json> shown;
    for (const json& c : people::sorted(people::all(phone)))
      if (matches(c, query)) shown.push_back(c);
    const float top = area.t + 72;
    const std::string count = query.empty() ? std::to_string(shown.size()) + " contacts"
                                            : std::to_string(shown.size()) + (shown.size() == 1 ? " result" : " results");
    ui.text(16, top + 4, count, Font::Label, color::kOnSurfaceVariant);
    ui.label("contacts.count", {16, top, 16 + ui.text_width(count, Font::Label), top + 20}, count);
    ui.begin_scroll("contacts.list", {0, top + 24, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    if (shown.empty()) {
      const std::string msg = query.empty() ? "No contacts" : "No contacts match";
      ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 120, msg, Font::BodyLarge, color::kOnSurfaceVariant);
      ui.label("contacts.empty", {40, ui.cursor_y() + 112, Ui::width_dp() - 40, ui.cursor_y() + 148}, msg);
      ui.advance(200);
    }
    std::string last_letter;
    for (const json& c : shown) {
      const int id = c["id"];
      const std::string letter = people::section(c);
      contact_row(ui, "contacts.row." + std::to_string(id), c, letter != last_letter ? letter : "", [id](Phone& p) {
        p.clear_focus();
        own_state(p, kApp)["selected"] = id;
        p.navigate("open_contact");
      });
      last_letter = letter;
    }
    ui.advance(88);  // room above the floating button
    ui.end_scroll();
    ui.fab("contacts.fab", "person_add", "Create contact", [](Phone& p) {
      own_state(p, kApp)["edit"] = blank_draft();
      p.navigate("create");
    });
  }

  static void view(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const int id = own_state(phone, kApp).value("selected", 0);
    const json c = people::by_id(people::all(phone), id);
    ui.icon_button("contacts.view.back", 28, area.t + 32, "arrow_back", "Navigate up", color::kOnSurface,
                   [](Phone& p) { p.back(); });
    if (c.is_null()) {
      ui.text_centered(0, Ui::width_dp(), area.t + 200, "Contact not found", Font::BodyLarge, color::kOnSurfaceVariant);
      ui.label("contacts.view.missing", {40, area.t + 192, Ui::width_dp() - 40, area.t + 228}, "Contact not found");
      return;
    }
    const bool fav = is_favorite(phone, id);
    ui.icon_button("contacts.view.star", Ui::width_dp() - 124, area.t + 32, fav ? "star" : "star_border",
                   fav ? "Remove from favorites" : "Add to favorites", fav ? color::kPrimary : color::kOnSurfaceVariant,
                   [id](Phone& p) {
                     json& favs = own_state(p, kApp)["favorites"];
                     for (std::size_t i = 0; i < favs.size(); ++i)
                       if (favs[i] == id) {
                         favs.erase(i);
                         p.toast("Removed from favorites");
                         return;
                       }
                     favs.push_back(id);
                     p.toast("Added to favorites");
                   });
    ui.nodes().back().checkable = true;  // the star reads as a checkable toggle
    ui.nodes().back().checked = fav;
    ui.icon_button("contacts.view.edit", Ui::width_dp() - 76, area.t + 32, "edit", "Edit contact", color::kOnSurfaceVariant,
                   [c](Phone& p) {
                     json draft = blank_draft();
                     draft["id"] = c["id"];
                     for (const char* k : {"first", "last", "company", "email"}) draft[k] = c.value(k, "");
                     json phones = json::array();
                     for (const json& ph : c.value("phones", json::array()))
                       phones.push_back({{"label", ph.value("label", "Mobile")}, {"number", ph.value("number", "")}});
                     if (phones.empty()) phones.push_back({{"label", "Mobile"}, {"number", ""}});
                     draft["phones"] = phones;
                     own_state(p, kApp)["edit"] = draft;
                     p.navigate("edit");
                   });
    const std::string name = people::display_name(c);
    ui.icon_button("contacts.view.delete", Ui::width_dp() - 28, area.t + 32, "delete", "Delete contact",
                   color::kOnSurfaceVariant, [id, name](Phone& p) {
                     p.show_dialog({{"owner", "contacts"},
                                    {"kind", "alert"},
                                    {"title", "Delete " + name + "?"},
                                    {"text", "It will be removed from this phone."},
                                    {"buttons", json::array({{{"id", "cancel"}, {"label", "Cancel"}},
                                                             {{"id", "delete"}, {"label", "Delete"}}})},
                                    {"data", {{"contact", id}}}});
                   });

    ui.begin_scroll("contacts.view.scroll", {0, area.t + 64, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    float y = ui.cursor_y();
    people::avatar(ui, Ui::width_dp() / 2, y + 56, 48, c, Font::Headline);
    y += 120;
    const std::string shown = ui.ellipsize(name, Font::Headline, Ui::width_dp() - 32);
    ui.text_centered(0, Ui::width_dp(), y, shown, Font::Headline, color::kOnSurface);
    const float nw = ui.text_width(shown, Font::Headline);
    ui.label("contacts.view.name", {(Ui::width_dp() - nw) / 2, y, (Ui::width_dp() + nw) / 2, y + 36}, name);
    y += 40;
    const std::string company = c.value("company", "");
    if (!company.empty()) {
      const std::string cshown = ui.ellipsize(company, Font::Body, Ui::width_dp() - 32);
      ui.text_centered(0, Ui::width_dp(), y, cshown, Font::Body, color::kOnSurfaceVariant);
      const float cw = ui.text_width(cshown, Font::Body);
      ui.label("contacts.view.company", {(Ui::width_dp() - cw) / 2, y, (Ui::width_dp() + cw) / 2, y + 20}, company);
      y += 28;
    }
    y += 12;
    // The contact info card.
    const json phones = c.value("phones", json::array());
    const std::string email = c.value("email", "");
    const std::vector<std::string> gs = groups_of(phone, id);
    const float rows = static_cast<float>(phones.size() + (email.empty() ? 0 : 1) + 1);
    ui.fill({12, y, Ui::width_dp() - 12, y + 40 + rows * 72 + 8}, color::kSurfaceContainer, 16);
    ui.text(28, y + 12, "Contact info", Font::Label, color::kOnSurfaceVariant);
    y += 40;
    auto info_row = [&](const std::string& wid, const std::string& icon, const std::string& title, const std::string& sub,
                        Handler h) {
      ui.icon(44, y + 36, icon, Font::Icon, color::kOnSurfaceVariant);
      ui.text(76, y + 14, ui.ellipsize(title, Font::BodyLarge, Ui::width_dp() - 76 - 28), Font::BodyLarge,
              color::kOnSurface);
      ui.text(76, y + 38, ui.ellipsize(sub, Font::Body, Ui::width_dp() - 76 - 28), Font::Body, color::kOnSurfaceVariant);
      Node& n = ui.item(wid, "android.widget.LinearLayout", {12, y, Ui::width_dp() - 12, y + 72}, title, {});
      n.desc = sub;
      n.clickable = static_cast<bool>(h);
      n.on_click = std::move(h);
      y += 72;
    };
    for (std::size_t i = 0; i < phones.size(); ++i) {
      const std::string number = phones[i].value("number", "");
      info_row("contacts.view.phone." + std::to_string(i), "call", number, phones[i].value("label", "Mobile"),
               [number](Phone& p) { dial(p, number); });
    }
    if (!email.empty()) info_row("contacts.view.email", "email", email, "Email", nullptr);
    std::string glist;
    for (const std::string& g : gs) glist += (glist.empty() ? "" : ", ") + g;
    info_row("contacts.view.groups", "label", glist.empty() ? "No groups" : glist, "Groups", nullptr);
    ui.set_cursor(y + 24);
    ui.end_scroll();
  }

  static void edit(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const json& draft = own_state(phone, kApp)["edit"];
    const bool creating = draft.value("id", 0) == 0;
    ui.icon_button("contacts.edit.cancel", 28, area.t + 32, "close", "Cancel", color::kOnSurface, [](Phone& p) {
      p.clear_focus();
      p.back();
    });
    const std::string title = creating ? "Create contact" : "Edit contact";
    ui.text(64, area.t + 32 - ui.line_height(Font::Title) / 2 - 2, title, Font::Title, color::kOnSurface);
    ui.label("contacts.edit.title", {64, area.t + 12, 64 + ui.text_width(title, Font::Title), area.t + 52}, title);
    ui.button("contacts.edit.save", {Ui::width_dp() - 96, area.t + 12, Ui::width_dp() - 16, area.t + 52}, "Save", true, save);

    ui.begin_scroll("contacts.edit.form", {0, area.t + 64, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    float y = ui.cursor_y() + 8;
    const std::string error = draft.value("error", "");
    if (!error.empty()) {
      ui.text(24, y, error, Font::Body, color::kError);
      ui.label("contacts.edit.error", {24, y, Ui::width_dp() - 24, y + 20}, error);
      y += 28;
    }
    auto field = [&](const std::string& id, const std::string& label, const std::string& path, const std::string& icon,
                     const std::string& hint) {
      if (!icon.empty()) ui.icon(32, y + 28, icon, Font::Icon, color::kOnSurfaceVariant);
      ui.text_field(id, {56, y, Ui::width_dp() - 16, y + 56}, label, path, hint);
      y += 68;
    };
    field("contacts.edit.first", "First name", "/apps/contacts/edit/first", "person", "");
    field("contacts.edit.last", "Last name", "/apps/contacts/edit/last", "", "");
    field("contacts.edit.company", "Company", "/apps/contacts/edit/company", "business", "");
    const json phones = draft.value("phones", json::array());
    for (std::size_t i = 0; i < phones.size(); ++i) {
      // The number, and beside it its label as a drop-down (Mobile, Work, Home, Other), as Google
      // Contacts lays it out.
      const std::string idx = std::to_string(i), label = phones[i].value("label", "Mobile");
      if (i == 0) ui.icon(32, y + 28, "call", Font::Icon, color::kOnSurfaceVariant);
      ui.text_field("contacts.edit.phone." + idx, {56, y, Ui::width_dp() - 124, y + 56}, "Phone",
                    "/apps/contacts/edit/phones/" + idx + "/number", "+1 555 0100");
      const Rect box{Ui::width_dp() - 116, y + 4, Ui::width_dp() - 16, y + 52};
      ui.fill(box, color::kSurfaceContainer, 8);
      ui.text(box.l + 12, box.t + (box.h() - ui.line_height(Font::Body)) / 2 - 1, label, Font::Body, color::kOnSurface);
      ui.icon(box.r - 16, box.t + box.h() / 2, "arrow_drop_down", Font::Icon, color::kOnSurfaceVariant);
      ui.item("contacts.edit.phone." + idx + ".label", "android.widget.Spinner", box, label, [i](Phone& p) {
        json buttons = json::array();
        for (const char* l : kPhoneLabels) buttons.push_back({{"id", l}, {"label", l}});
        buttons.push_back({{"id", "cancel"}, {"label", "Cancel"}});
        p.show_dialog({{"owner", kApp}, {"kind", "choice"}, {"title", "Label"}, {"text", ""}, {"buttons", buttons},
                       {"data", {{"phone_label", static_cast<int>(i)}}}});
      });
      y += 68;
    }
    if (phones.size() < 4) {
      ui.button("contacts.edit.add_phone", {56, y - 4, 176, y + 36}, "Add phone", false, [](Phone& p) {
        json& ph = own_state(p, kApp)["edit"]["phones"];
        std::string label = "Other";
        for (const char* l : kPhoneLabels) {
          bool used = false;
          for (const json& e : ph) used = used || e.value("label", "") == l;
          if (!used) {
            label = l;
            break;
          }
        }
        ph.push_back({{"label", label}, {"number", ""}});
      });
      y += 48;
    }
    field("contacts.edit.email", "Email", "/apps/contacts/edit/email", "email", "");
    ui.set_cursor(y + 16);
    ui.end_scroll();
  }

  /// Saves the form: a name (first, last or company) is required; numbers may use digits,
  /// spaces, + - ( ) and need 3 digits; empty numbers are dropped.
  static void save(Phone& p) {
    json& c = own_state(p, kApp);
    json& draft = c["edit"];
    auto trim = [](std::string s) {
      while (!s.empty() && s.back() == ' ') s.pop_back();
      while (!s.empty() && s.front() == ' ') s.erase(0, 1);
      return s;
    };
    json fields = {{"first", trim(draft.value("first", ""))},
                   {"last", trim(draft.value("last", ""))},
                   {"company", trim(draft.value("company", ""))},
                   {"email", trim(draft.value("email", ""))},
                   {"phones", json::array()}};
    for (const json& ph : draft.value("phones", json::array())) {
      const std::string number = trim(ph.value("number", ""));
      if (number.empty()) continue;
      const bool ok = std::all_of(number.begin(), number.end(), [](char ch) {
        return std::isdigit(static_cast<unsigned char>(ch)) || ch == ' ' || ch == '+' || ch == '-' || ch == '(' ||
               ch == ')';
      });
      if (!ok || people::digits(number).size() < 3) {
        draft["error"] = "\"" + number + "\" is not a phone number";
        return;
      }
      fields["phones"].push_back({{"label", ph.value("label", "Mobile")}, {"number", number}});
    }
    if (fields["first"] == "" && fields["last"] == "" && fields["company"] == "") {
      draft["error"] = "Enter a name";
      return;
    }
    int id = draft.value("id", 0);
    const bool creating = id == 0;
    if (creating) {
      id = c.value("next_id", 1);
      c["next_id"] = id + 1;
    }
    store_contact(p, id, fields);
    c["edit"] = blank_draft();
    c["selected"] = id;
    p.clear_focus();
    p.back();
    if (creating) {
      p.navigate("open_contact");  // from the list: show the new contact
      p.toast("Contact saved");
    } else {
      p.toast("Changes saved");
    }
  }

  static void groups(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    ui.top_bar("contacts.groups.title", "Groups", true);
    ui.begin_scroll("contacts.groups.list", {0, ui.cursor_y(), Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    for (const json& g : own_state(phone, kApp).value("groups", json::array())) {
      const std::string gid = g.value("id", "");
      const std::size_t n = g.value("members", json::array()).size();
      ui.list_row("contacts.group." + gid, g.value("name", ""), std::to_string(n) + (n == 1 ? " contact" : " contacts"),
                  "label", [gid](Phone& p) {
                    own_state(p, kApp)["selected_group"] = gid;
                    p.navigate("open_group");
                  });
    }
    ui.end_scroll();
  }

  static void group(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const std::string gid = own_state(phone, kApp).value("selected_group", "");
    json g = nullptr;
    for (const json& x : own_state(phone, kApp).value("groups", json::array()))
      if (x.value("id", "") == gid) g = x;
    ui.top_bar("contacts.group.title", g.is_null() ? "Group" : ui.ellipsize(g.value("name", ""), Font::Title, 260),
               true);
    if (g.is_null()) return;
    const json all = people::all(phone);
    std::vector<json> members;
    for (const json& m : g.value("members", json::array())) {
      const json c = m.is_number_integer() ? people::by_id(all, m.get<int>()) : json(nullptr);
      if (!c.is_null()) members.push_back(c);
    }
    members = people::sorted(json(members));
    ui.begin_scroll("contacts.group.members", {0, ui.cursor_y(), Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    if (members.empty()) {
      ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 120, "No one in this group yet", Font::BodyLarge,
                       color::kOnSurfaceVariant);
      ui.advance(200);
    }
    for (const json& c : members) {
      const int id = c["id"];
      contact_row(ui, "contacts.member." + std::to_string(id), c, "", [id](Phone& p) {
        own_state(p, kApp)["selected"] = id;
        p.navigate("open_contact");
      });
    }
    ui.advance(88);
    ui.end_scroll();
    ui.fab("contacts.group.add", "person_add", "Add to group", [](Phone& p) { p.navigate("add_member"); });
  }

  static void pick(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const std::string gid = own_state(phone, kApp).value("selected_group", "");
    json g = nullptr;
    for (const json& x : own_state(phone, kApp).value("groups", json::array()))
      if (x.value("id", "") == gid) g = x;
    const std::string gname = g.is_null() ? "group" : g.value("name", "");
    ui.top_bar("contacts.pick.title", ui.ellipsize("Add to " + gname, Font::Title, 260), true);
    if (g.is_null()) return;
    const json members = g.value("members", json::array());
    ui.begin_scroll("contacts.pick.list", {0, ui.cursor_y(), Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    std::string last_letter;
    for (const json& c : people::sorted(people::all(phone))) {
      const int id = c["id"];
      if (std::find(members.begin(), members.end(), json(id)) != members.end()) continue;
      const std::string letter = people::section(c);
      const std::string name = people::display_name(c);
      contact_row(ui, "contacts.pick." + std::to_string(id), c, letter != last_letter ? letter : "",
                  [id, gid, gname, name](Phone& p) {
                    if (json* grp = find_group(p, gid)) (*grp)["members"].push_back(id);
                    p.back();
                    p.toast("Added " + name + " to " + gname);
                  });
      last_letter = letter;
    }
    ui.end_scroll();
  }
};

}  // namespace
PG_REGISTER_APP("contacts", ContactsApp);
}  // namespace pg
