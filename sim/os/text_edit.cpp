#include "sim/os/text_edit.hpp"

#include "sim/os/phone.hpp"

#include <algorithm>

namespace pg {

using json = nlohmann::json;

namespace {
bool continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

/// The focused field's target pointer, or null when no field is focused.
const json* target_of(const Phone& p) {
  const json& t = p.os()["keyboard"]["target"];
  return t.is_string() ? &t : nullptr;
}
}  // namespace

std::size_t utf8_length(std::string_view s) {
  return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char c) { return !continuation(c); }));
}

std::size_t utf8_offset(std::string_view s, std::size_t index) {
  std::size_t i = 0;
  for (std::size_t n = 0; i < s.size(); ++i)
    if (!continuation(s[i]) && n++ == index) return i;
  return s.size();
}

std::size_t utf8_index(std::string_view s, std::size_t byte) {
  return utf8_length(s.substr(0, std::min(byte, s.size())));
}

std::size_t cursor_in(const json& keyboard, const std::string& text) {
  const std::size_t n = utf8_length(text);
  const json* c = keyboard.is_object() && keyboard.contains("cursor") ? &keyboard["cursor"] : nullptr;
  if (!c || !c->is_number_integer()) return n;
  const std::int64_t v = c->get<std::int64_t>();
  return v < 0 ? 0 : std::min(static_cast<std::size_t>(v), n);
}

std::string focused_text(const Phone& p) {
  const json* t = target_of(p);
  if (!t) return "";
  try {
    const json* v = p.find(json::json_pointer(t->get<std::string>()));
    return v && v->is_string() ? v->get<std::string>() : std::string();
  } catch (const json::exception&) {  // a target that is no JSON pointer (a hand-made state) reads as ""
    return "";
  }
}

std::size_t text_cursor(const Phone& p) {
  return target_of(p) ? cursor_in(p.os()["keyboard"], focused_text(p)) : 0;
}

void set_text_cursor(Phone& p, std::size_t index) {
  if (!target_of(p)) return;
  p.mutable_os()["keyboard"]["cursor"] = std::min(index, utf8_length(focused_text(p)));
}

void clamp_text_cursor(Phone& p) {
  const json& kb = p.os()["keyboard"];
  if (!target_of(p) || !kb.contains("cursor") || !kb["cursor"].is_number_integer()) return;  // absent: the end
  const std::size_t c = text_cursor(p);
  if (kb["cursor"].get<std::int64_t>() != static_cast<std::int64_t>(c)) p.mutable_os()["keyboard"]["cursor"] = c;
}

bool insert_at_cursor(Phone& p, const std::string& s, bool replace) {
  const json* t = target_of(p);
  if (!t) return false;
  const json::json_pointer ptr(t->get<std::string>());
  std::string text = replace ? std::string() : focused_text(p);
  const std::size_t at = replace ? 0 : text_cursor(p), have = utf8_length(text);
  // At most kMaxFieldChars: what does not fit is dropped, as an EditText's length filter does.
  const std::size_t room = have < kMaxFieldChars ? kMaxFieldChars - have : 0;
  const std::string add = s.substr(0, utf8_offset(s, room));
  text.insert(utf8_offset(text, at), add);
  p.at(ptr) = text;
  p.mutable_os()["keyboard"]["cursor"] = at + utf8_length(add);
  return true;
}

void delete_before_cursor(Phone& p, int count) {
  const json* t = target_of(p);
  if (!t || count <= 0) return;
  const json::json_pointer ptr(t->get<std::string>());
  std::string text = focused_text(p);
  const std::size_t at = text_cursor(p);
  const std::size_t from = at >= static_cast<std::size_t>(count) ? at - static_cast<std::size_t>(count) : 0;
  if (from == at) return;
  const std::size_t b0 = utf8_offset(text, from), b1 = utf8_offset(text, at);
  text.erase(b0, b1 - b0);
  p.at(ptr) = text;
  p.mutable_os()["keyboard"]["cursor"] = from;
}

}  // namespace pg
