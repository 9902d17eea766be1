#include "sim/state/diff.hpp"

#include <map>
#include <set>

namespace pg {

using json = nlohmann::json;

std::string json_pointer_escape(const std::string& token) {
  std::string out;
  for (char c : token) {
    if (c == '~') out += "~0";
    else if (c == '/') out += "~1";
    else out += c;
  }
  return out;
}

namespace {

/// The id of an id-keyed entity as a string key (type-tagged so 1 and "1" differ), or "".
std::string entity_key(const json& e) {
  if (!e.is_object()) return "";
  auto it = e.find("id");
  if (it == e.end()) return "";
  if (it->is_string()) return "s" + it->get<std::string>();
  if (it->is_number_integer()) return "n" + it->dump();
  return "";
}

bool id_keyed(const json& arr) {
  if (arr.empty()) return true;
  std::set<std::string> seen;
  for (const json& e : arr) {
    const std::string k = entity_key(e);
    if (k.empty() || !seen.insert(k).second) return false;
  }
  return true;
}

void diff_into(const json& a, const json& b, const std::string& path, json& ops);

void diff_id_array(const json& a, const json& b, const std::string& path, json& ops) {
  std::set<std::string> in_b;
  for (const json& e : b) in_b.insert(entity_key(e));
  // 1. Remove entities that b lacks, from the end so earlier indexes stay valid.
  std::vector<const json*> cur;
  for (const json& e : a) cur.push_back(&e);
  for (std::size_t i = a.size(); i-- > 0;)
    if (!in_b.count(entity_key(a[i]))) {
      ops.push_back({{"op", "remove"}, {"path", path + "/" + std::to_string(i)}});
      cur.erase(cur.begin() + static_cast<std::ptrdiff_t>(i));
    }
  // 2. Walk b: keep, move into place, or add; then diff the entity itself.
  for (std::size_t j = 0; j < b.size(); ++j) {
    const std::string k = entity_key(b[j]);
    const std::string pj = path + "/" + std::to_string(j);
    if (j < cur.size() && entity_key(*cur[j]) == k) {
      diff_into(*cur[j], b[j], pj, ops);
      continue;
    }
    std::size_t found = cur.size();
    for (std::size_t m = j + 1; m < cur.size(); ++m)
      if (entity_key(*cur[m]) == k) found = m;
    if (found < cur.size()) {
      ops.push_back({{"op", "move"}, {"from", path + "/" + std::to_string(found)}, {"path", pj}});
      const json* e = cur[found];
      cur.erase(cur.begin() + static_cast<std::ptrdiff_t>(found));
      cur.insert(cur.begin() + static_cast<std::ptrdiff_t>(j), e);
      diff_into(*e, b[j], pj, ops);
    } else {
      ops.push_back({{"op", "add"}, {"path", pj}, {"value", b[j]}});
      cur.insert(cur.begin() + static_cast<std::ptrdiff_t>(j), &b[j]);
    }
  }
}

void diff_into(const json& a, const json& b, const std::string& path, json& ops) {
  if (a == b) return;
  if (a.is_object() && b.is_object()) {
    for (auto it = a.begin(); it != a.end(); ++it)
      if (!b.contains(it.key())) ops.push_back({{"op", "remove"}, {"path", path + "/" + json_pointer_escape(it.key())}});
    for (auto it = b.begin(); it != b.end(); ++it) {
      const std::string p = path + "/" + json_pointer_escape(it.key());
      auto ia = a.find(it.key());
      if (ia == a.end()) ops.push_back({{"op", "add"}, {"path", p}, {"value", *it}});
      else diff_into(*ia, *it, p, ops);
    }
    return;
  }
  if (a.is_array() && b.is_array() && !a.empty() && !b.empty() && id_keyed(a) && id_keyed(b)) {
    diff_id_array(a, b, path, ops);
    return;
  }
  if (a.is_array() && b.is_array()) {
    for (const json& op : json::diff(a, b, path)) ops.push_back(op);
    return;
  }
  ops.push_back({{"op", "replace"}, {"path", path}, {"value", b}});
}

}  // namespace

json state_diff(const json& a, const json& b, const std::string& path) {
  json ops = json::array();
  diff_into(a, b, path, ops);
  return ops;
}

}  // namespace pg
