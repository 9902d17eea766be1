// The people (contacts) data shared by Contacts and Phone: the client side of Contacts' exported
// calls ("people": the merged view of the world collection `people`, apps/contacts/world/
// people.json, with the overlay apps.contacts.people; "favorites"), display names, alphabetical
// order, phone-number matching, and the small drawing helpers both apps use (letter avatars, text
// that fits a width).
#pragma once

#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"
#include "sim/state/overlay.hpp"
#include "sim/state/world.hpp"
#include "sim/ui/ui.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

namespace pg::people {

using json = nlohmann::json;

/// Every contact (world data merged with apps.contacts' overlay), in world order then new ids:
/// Contacts' exported call "people" (other apps never read apps.contacts themselves).
inline json all(Phone& phone) { return call_app(phone, "contacts", "people"); }
/// The ids of the starred contacts, in the order they were starred: the exported call "favorites".
inline json favorite_ids(Phone& phone) { return call_app(phone, "contacts", "favorites"); }

/// "First Last" (either part may be empty); the company, or "(No name)", when both are.
inline std::string display_name(const json& c) {
  const std::string first = c.value("first", ""), last = c.value("last", "");
  std::string n = first.empty() ? last : last.empty() ? first : first + " " + last;
  if (n.empty()) n = c.value("company", "");
  return n.empty() ? "(No name)" : n;
}

/// Lower-case ASCII fold of a UTF-8 string, with the Latin-1 accented letters mapped to their
/// base letter ("Gómez" -> "gomez"): for sorting and case-insensitive search.
inline std::string fold(const std::string& s) {
  static const char* kLatin1 = "aaaaaaaceeeeiiiidnooooo*ouuuuyts";  // U+00C0..U+00DF, U+00E0..U+00FF
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == 0xC3 && i + 1 < s.size()) {
      const unsigned char d = static_cast<unsigned char>(s[i + 1]);
      if (d >= 0x80 && d <= 0xBF) {
        out += kLatin1[(d - 0x80) & 0x1F];
        ++i;
        continue;
      }
    }
    out += static_cast<char>(std::tolower(c));
  }
  return out;
}

/// The contacts sorted by display name (folded), ties by id: the order of both apps' lists.
inline std::vector<json> sorted(const json& list) {
  std::vector<json> v(list.begin(), list.end());
  std::stable_sort(v.begin(), v.end(), [](const json& a, const json& b) {
    const std::string fa = fold(display_name(a)), fb = fold(display_name(b));
    if (fa != fb) return fa < fb;
    return a["id"].dump() < b["id"].dump();
  });
  return v;
}

/// The section letter of a contact in the alphabetical list ("A".."Z", "#" for anything else).
inline std::string section(const json& c) {
  const std::string f = fold(display_name(c));
  return !f.empty() && std::isalpha(static_cast<unsigned char>(f[0]))
             ? std::string(1, static_cast<char>(std::toupper(static_cast<unsigned char>(f[0]))))
             : "#";
}

/// The digits of a phone number ("+1 555 0101" -> "15550101").
inline std::string digits(const std::string& number) {
  std::string d;
  for (char c : number)
    if (std::isdigit(static_cast<unsigned char>(c))) d += c;
  return d;
}

/// Whether two numbers are the same line: equal digits, or one ends with the other (at least 7
/// digits, so "5550101" matches "+1 555 0101").
inline bool same_number(const std::string& a, const std::string& b) {
  const std::string da = digits(a), db = digits(b);
  if (da.empty() || db.empty()) return false;
  if (da == db) return true;
  const std::string& s = da.size() < db.size() ? da : db;
  const std::string& l = da.size() < db.size() ? db : da;
  return s.size() >= 7 && l.compare(l.size() - s.size(), s.size(), s) == 0;
}

/// The contact one of whose numbers is `number`, or null.
inline json by_number(const json& list, const std::string& number) {
  for (const json& c : list)
    for (const json& p : c.value("phones", json::array()))
      if (same_number(p.value("number", ""), number)) return c;
  return nullptr;
}

/// The contact with this id, or null.
inline json by_id(const json& list, int id) {
  for (const json& c : list)
    if (c["id"].is_number_integer() && c["id"].get<int>() == id) return c;
  return nullptr;
}

/// The contact's first phone number, or "".
inline std::string first_number(const json& c) {
  const json phones = c.value("phones", json::array());
  return phones.empty() ? "" : phones[0].value("number", "");
}

/// A round letter avatar (the name's first letter on a colour picked from the id) of radius r.
inline void avatar(Ui& ui, float cx, float cy, float r, const json& c, Font f = Font::Title) {
  static const std::uint32_t kColors[] = {0xC2E7FF, 0xC4EED0, 0xFFDF99, 0xF9DEDC, 0xE8DEF8, 0xFFD8E4, 0xD3E3FD};
  static const std::uint32_t kInk[] = {0x004A77, 0x0F5223, 0x5C3F00, 0x8C1D18, 0x4A4458, 0x7D2950, 0x041E49};
  const std::string key = c.is_object() && c.contains("id") ? c["id"].dump() : std::string("0");
  std::size_t h = 0;
  for (char ch : key) h = h * 31 + static_cast<unsigned char>(ch);
  const std::size_t k = h % 7;
  const std::string letter = section(c.is_object() ? c : json::object());
  ui.avatar(cx, cy, r, !c.is_object() || letter == "#" ? std::string() : letter, kColors[k], kInk[k], f);
}

}  // namespace pg::people
