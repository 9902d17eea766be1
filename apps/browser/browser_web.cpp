// The Browser's offline web (see browser_web.hpp).
#include "apps/browser/browser_web.hpp"

#include "sim/state/world.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace pg::browser {

using json = nlohmann::json;


namespace {

std::string strip_scheme(std::string u) {
  const auto p = u.find("://");
  if (p != std::string::npos) u = u.substr(p + 3);
  if (lower(u.substr(0, 4)) == "www.") u = u.substr(4);
  return u;
}

std::string url_decode(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '+') out += ' ';
    else if (s[i] == '%' && i + 2 < s.size() && std::isxdigit(static_cast<unsigned char>(s[i + 1])) &&
             std::isxdigit(static_cast<unsigned char>(s[i + 2]))) {
      out += static_cast<char>(std::stoi(s.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else out += s[i];
  }
  return out;
}

std::string url_encode(const std::string& s) {
  std::string out;
  for (unsigned char c : s) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') out += static_cast<char>(c);
    else if (c == ' ') out += '+';
    else {
      char b[4];
      std::snprintf(b, sizeof b, "%%%02X", c);
      out += b;
    }
  }
  return out;
}

struct Engine {
  const char* name;
  const char* host;    // url_key prefix of the results page
  const char* prefix;  // results URL before the encoded query
};
const Engine kEngines[] = {{"Searchly", "searchly.com/search?q=", "https://www.searchly.com/search?q="},
                           {"Google", "google.com/search?q=", "https://www.google.com/search?q="},
                           {"Bing", "bing.com/search?q=", "https://www.bing.com/search?q="},
                           {"DuckDuckGo", "duckduckgo.com/?q=", "https://duckduckgo.com/?q="},
                           {"Ecosia", "ecosia.org/search?q=", "https://www.ecosia.org/search?q="}};

void add_texts(const json& b, std::vector<std::string>& out) {
  const std::string t = b.value("t", "");
  if (b.contains("x") && b["x"].is_string()) out.push_back(b["x"].get<std::string>());
  if (t == "card") out.push_back(b.value("s", ""));
  if (t == "img" && !b.value("cap", "").empty()) out.push_back(b.value("cap", ""));
  if (b.contains("items"))
    for (const json& it : b["items"]) out.push_back(it.is_array() ? it[0].get<std::string>() : it.get<std::string>());
  if (t == "info") {
    out.push_back(b.value("title", ""));
    for (const json& r : b["rows"]) {
      out.push_back(r[0].get<std::string>());
      out.push_back(r[1].get<std::string>());
    }
  }
}

}  // namespace

std::string url_key(const std::string& url) {
  std::string u = strip_scheme(url);
  const auto hash = u.find('#');
  if (hash != std::string::npos) u = u.substr(0, hash);
  while (!u.empty() && u.back() == '/') u.pop_back();
  const auto slash = u.find('/');
  const std::string host = lower(u.substr(0, slash));
  return slash == std::string::npos ? host : host + u.substr(slash);
}

std::string host_of(const std::string& url) {
  const std::string u = strip_scheme(url);
  return lower(u.substr(0, u.find_first_of("/?#")));
}

std::string typed_url(const std::string& text) {
  std::string t = text;
  while (!t.empty() && t.front() == ' ') t.erase(t.begin());
  while (!t.empty() && t.back() == ' ') t.pop_back();
  if (t.empty() || t.find(' ') != std::string::npos) return "";
  if (t.find("://") != std::string::npos) return t;
  const std::string host = t.substr(0, t.find('/'));
  if (host.find('.') == std::string::npos || host.front() == '.' || host.back() == '.') return "";
  return "https://" + t;
}

const json* find_page(const std::string& url) {
  return World::instance().entity("browser", "pages", url_key(url));
}

bool is_search_url(const std::string& url, std::string& query) {
  const std::string k = strip_scheme(url);
  for (const Engine& e : kEngines) {
    const std::string h = e.host;
    if (lower(k.substr(0, h.size())) == h) {
      std::string q = k.substr(h.size());
      const auto amp = q.find('&');
      if (amp != std::string::npos) q = q.substr(0, amp);
      query = url_decode(q);
      return true;
    }
  }
  return false;
}

std::string search_url(const std::string& engine, const std::string& query) {
  for (const Engine& e : kEngines)
    if (engine == e.name) return e.prefix + url_encode(query);
  return kEngines[0].prefix + url_encode(query);
}

std::string engine_of(const std::string& url) {
  const std::string k = strip_scheme(url);
  for (const Engine& e : kEngines) {
    const std::string h = e.host;
    if (lower(k.substr(0, h.size())) == h) return e.name;
  }
  return "Searchly";
}

std::string title_of(const std::string& url) {
  if (url == kNewTab) return "New tab";
  std::string q;
  if (is_search_url(url, q)) return q + " - " + engine_of(url) + " Search";
  if (const json* p = find_page(url)) return p->value("title", "");
  return host_of(url);
}

std::vector<std::string> page_texts(const json& page) {
  std::vector<std::string> out;
  for (const json& b : page["b"]) add_texts(b, out);
  return out;
}

json search(const std::string& query) {
  std::vector<std::string> words;
  std::string w;
  for (char c : lower(query) + " ") {
    if (std::isalnum(static_cast<unsigned char>(c)) || (c & 0x80)) w += c;
    else if (!w.empty()) {
      words.push_back(w);
      w.clear();
    }
  }
  json out = json::array();
  if (words.empty()) return out;
  const WorldCollection* col = World::instance().collection("browser", "pages");
  if (!col) return out;
  struct Hit {
    int score;
    std::size_t order;
    const json* page;
  };
  std::vector<Hit> hits;
  for (std::size_t i = 0; i < col->order.size(); ++i) {
    const json& p = col->by_id.at(col->order[i]);
    if (p.value("site", "") == "search") continue;
    const std::string title = lower(p.value("title", ""));
    std::string body;
    for (const std::string& t : page_texts(p)) body += lower(t) + " ";
    int score = 0;
    bool all = true;
    for (const std::string& word : words) {
      const int in_title = static_cast<int>(find_all(title, word).size());
      const int in_body = static_cast<int>(find_all(body, word).size());
      if (in_title + in_body == 0) all = false;
      score += 10 * in_title + in_body;
    }
    if (all) hits.push_back({score, i, &p});
  }
  std::stable_sort(hits.begin(), hits.end(), [](const Hit& a, const Hit& b) { return a.score > b.score; });
  for (std::size_t i = 0; i < hits.size() && i < 10; ++i) {
    const json& p = *hits[i].page;
    std::string snippet;
    for (const json& b : p["b"])
      if (b.value("t", "") == "p" || b.value("t", "") == "meta") {
        snippet = b.value("x", "");
        if (b.value("t", "") == "p") break;
      }
    out.push_back({{"url", p.value("url", "")}, {"title", p.value("title", "")}, {"snippet", snippet}});
  }
  return out;
}

std::vector<std::size_t> find_all(const std::string& hay, const std::string& needle) {
  std::vector<std::size_t> out;
  if (needle.empty()) return out;
  const std::string h = lower(hay), n = lower(needle);
  for (std::size_t p = h.find(n); p != std::string::npos; p = h.find(n, p + n.size())) out.push_back(p);
  return out;
}

}  // namespace pg::browser
