// Shop's data model: the catalog (world products merged with the overlay apps.shop.products),
// orders (world o01..o20 + overlay: new orders, status changes), addresses, coupons, the cart,
// pricing (shipping, coupons, totals), search (query, filters, sort) and the operations the
// pages run (add to cart, cancel, return, review). Everything is a function of the state; the
// pages (shop.cpp) only draw and call these. Money is integer cents everywhere.
#pragma once

#include "sim/os/app.hpp"
#include "sim/os/clock_format.hpp"
#include "sim/os/phone.hpp"
#include "sim/state/overlay.hpp"
#include "sim/state/world.hpp"
#include "sim/util/text.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <vector>

namespace pg::shop {

using json = nlohmann::json;

constexpr const char* kApp = "shop";
constexpr int kFreeShippingFromCents = 3500;  ///< standard shipping is free from this subtotal
constexpr int kStandardShippingCents = 499;
constexpr int kExpressShippingCents = 1299;
constexpr int kStandardDays = 5, kExpressDays = 2;
constexpr int kMaxQty = 10;
constexpr std::int64_t kDayMs = 86400000;

// ---------------------------------------------------------------- text helpers



/// "Black / M" -> "black_m": the part of widget ids and cart line ids that names an option.
inline std::string slug(const std::string& s) {
  std::string out;
  bool sep = false;
  for (unsigned char c : s) {
    if (std::isalnum(c)) {
      if (sep && !out.empty()) out += '_';
      out += static_cast<char>(std::tolower(c));
      sep = false;
    } else {
      sep = true;
    }
  }
  return out;
}

/// "$1,234.56" ("-$5.00" for negative amounts).
inline std::string money(std::int64_t cents) {
  const bool neg = cents < 0;
  if (neg) cents = -cents;
  std::string whole = std::to_string(cents / 100);
  for (int i = static_cast<int>(whole.size()) - 3; i > 0; i -= 3) whole.insert(static_cast<std::size_t>(i), ",");
  const int c = static_cast<int>(cents % 100);
  return std::string(neg ? "-$" : "$") + whole + "." + (c < 10 ? "0" : "") + std::to_string(c);
}

/// "1,234".
inline std::string thousands(std::int64_t n) {
  std::string s = std::to_string(n);
  for (int i = static_cast<int>(s.size()) - 3; i > 0; i -= 3) s.insert(static_cast<std::size_t>(i), ",");
  return s;
}

/// "12.4K" for counts from 10,000 ("1,234" below).
inline std::string short_count(std::int64_t n) {
  if (n < 10000) return thousands(n);
  return std::to_string(n / 1000) + "." + std::to_string((n % 1000) / 100) + "K";
}

/// Reads "25", "19.99", "$1,200.5" as cents; -1 when it is not an amount.
inline std::int64_t parse_dollars(const std::string& text) {
  std::string s;
  for (char c : trim(text))
    if (c != '$' && c != ',') s += c;
  if (s.empty()) return -1;
  std::int64_t whole = 0, frac = 0;
  int frac_digits = 0;
  bool dot = false;
  for (char c : s) {
    if (c == '.') {
      if (dot) return -1;
      dot = true;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      if (dot) {
        if (++frac_digits > 2) return -1;
        frac = frac * 10 + (c - '0');
      } else {
        whole = whole * 10 + (c - '0');
        if (whole > 10000000) return -1;
      }
    } else {
      return -1;
    }
  }
  if (frac_digits == 1) frac *= 10;
  return whole * 100 + frac;
}


/// Days since 1970 of "YYYY-MM-DD" (-1 when it is not a date).
inline std::int64_t iso_days(const std::string& iso) {
  std::int64_t d = 0;
  return parse_iso_date(iso, d) ? d : -1;
}
/// "Dec 8" (with ", 2025" when `year`), in the phone's locale.
inline std::string date_short(const std::string& iso, bool year = false) {
  const std::int64_t d = iso_days(iso);
  if (d < 0) return iso;
  return format_date_ms(d * kDayMs, year ? DateStyle::MonthDayYear : DateStyle::MonthDay);
}
/// "Tue, Jan 6", in the phone's locale.
inline std::string date_weekday(const std::string& iso) {
  const std::int64_t d = iso_days(iso);
  if (d < 0) return iso;
  return format_date_ms(d * kDayMs, DateStyle::ShortWeekdayMonthDay);
}
/// The phone's local date ("YYYY-MM-DD") `days` from now.
inline std::string local_date(const Phone& p, int days = 0) {
  return iso_date((p.local_time_ms() / kDayMs) + days);
}
/// "Dec 9, 10:12" of epoch ms in the phone's zone.
inline std::string when_text(const Phone& p, std::int64_t ms) {
  const std::int64_t local = ms + (p.local_time_ms() - p.now_ms());
  return format_date_ms(local, DateStyle::MonthDay) + ", " + p.format_time(local);
}
/// "YYYY-MM-DD" of epoch ms in the phone's zone.
inline std::string iso_of(const Phone& p, std::int64_t ms) {
  return iso_date((ms + (p.local_time_ms() - p.now_ms())) / kDayMs);
}

// ---------------------------------------------------------------- world collections

inline const json& st(const Phone& p) { return own_state(p, kApp); }
inline json& st(Phone& p) { return own_state(p, kApp); }

/// One entity of a world collection as a pointer (no copy), or nullptr.
inline const json* world_entity(const std::string& collection, const std::string& id) {
  return World::instance().entity(kApp, collection, id);
}

/// The catalog: world products with the overlay apps.shop.products applied. Pointers into the
/// world data for untouched products (no copy: the catalog is large), merged copies otherwise.
class Catalog {
 public:
  explicit Catalog(const Phone& p) {
    const json& ov = object_member(st(p), "products");
    const WorldCollection* w = World::instance().collection(kApp, "products");
    if (w)
      for (const std::string& id : w->order) {
        const json& base = w->by_id.at(id);
        auto it = ov.find(id);
        if (it == ov.end()) {
          add(id, &base);
        } else if (it->is_object()) {
          json m = base;
          m.merge_patch(*it);
          m["id"] = id;
          merged_.push_back(std::move(m));
          add(id, &merged_.back());
        }
      }
    for (auto it = ov.begin(); it != ov.end(); ++it)
      if (it->is_object() && (!w || !w->by_id.count(it.key()))) {
        json m = *it;
        m["id"] = it.key();
        merged_.push_back(std::move(m));
        add(it.key(), &merged_.back());
      }
  }
  const std::vector<const json*>& all() const { return list_; }
  const json* get(const std::string& id) const {
    auto it = by_id_.find(id);
    return it == by_id_.end() ? nullptr : it->second;
  }

 private:
  void add(const std::string& id, const json* e) {
    list_.push_back(e);
    by_id_[id] = e;
  }
  std::deque<json> merged_;
  std::vector<const json*> list_;
  std::map<std::string, const json*> by_id_;
};

inline std::string pid(const json& product) { return product.value("id", ""); }
inline int price_of(const json& product) { return product.value("price_cents", 0); }

/// Reviews and questions of a product (world/reviews.json), or an empty object.
inline const json& reviews_of(const std::string& product) {
  static const json kEmpty = json::object();
  const json* e = world_entity("reviews", product);
  return e ? *e : kEmpty;
}

inline json categories() {
  const WorldCollection* w = World::instance().collection(kApp, "categories");
  json out = json::array();
  if (w)
    for (const std::string& id : w->order) out.push_back(w->by_id.at(id));
  return out;
}
inline std::string category_name(const std::string& id) {
  const json* c = world_entity("categories", id);
  return c ? c->value("name", id) : id;
}
inline std::string category_icon(const std::string& id) {
  const json* c = world_entity("categories", id);
  return c ? c->value("icon", "inventory_2") : "inventory_2";
}

/// Orders (world + overlay), newest first.
inline json orders(const Phone& p) {
  json list = resolve_collection(World::instance(), st(p), kApp, "orders");
  std::vector<json> v(list.begin(), list.end());
  std::stable_sort(v.begin(), v.end(), [](const json& a, const json& b) {
    return a.value("placed_ms", std::int64_t{0}) > b.value("placed_ms", std::int64_t{0});
  });
  return json(v);
}
inline json order(const Phone& p, const std::string& id) {
  return resolve_entity(World::instance(), st(p), kApp, "orders", id);
}

/// Saved addresses (world + added), in order.
inline json addresses(const Phone& p) { return resolve_collection(World::instance(), st(p), kApp, "addresses"); }
inline json address(const Phone& p, const std::string& id) {
  return resolve_entity(World::instance(), st(p), kApp, "addresses", id);
}
/// "Alex Rivera, 1458 Larkin Street, Apt 3, San Francisco, CA 94109".
inline std::string address_line(const json& a) {
  if (!a.is_object()) return "";
  return a.value("name", "") + ", " + a.value("street", "") + ", " + a.value("city", "") + ", " + a.value("state", "") +
         " " + a.value("zip", "");
}

inline const json* coupon(const std::string& code) { return world_entity("coupons", code); }

// ---------------------------------------------------------------- variants, cart lines

/// The product's variant dimensions: [{"name": "Color", "options": [...]}].
inline json variants_of(const json& product) {
  const json v = product.value("variants", json::array());
  return v.is_array() ? v : json::array();
}

/// "Black / M" from the chosen options {"Color": "Black", "Size": "M"} in the product's order;
/// "" when the product has no variants. `complete` is false if a dimension has no choice.
inline std::string variant_text(const json& product, const json& chosen, bool* complete = nullptr) {
  std::string out;
  bool all = true;
  for (const json& dim : variants_of(product)) {
    const std::string name = dim.value("name", "");
    const std::string v = chosen.is_object() ? chosen.value(name, "") : "";
    if (v.empty()) all = false;
    out += (out.empty() ? "" : " / ") + v;
  }
  if (complete) *complete = all;
  return out;
}

/// A cart line's id: the product id, plus the variant's slug ("p012-black_m").
inline std::string line_id(const std::string& product, const std::string& variant) {
  return variant.empty() ? product : product + "-" + slug(variant);
}

inline json make_line(const json& product, const std::string& variant, int qty) {
  return {{"id", line_id(pid(product), variant)}, {"product", pid(product)}, {"title", product.value("title", "")},
          {"variant", variant}, {"qty", qty}};
}

/// Adds `qty` of a product (variant) to the cart: a new line at the top, or more of an existing
/// line (at most kMaxQty).
inline void add_to_cart(Phone& p, const json& product, const std::string& variant, int qty) {
  json& cart = st(p)["cart"];
  if (!cart.is_array()) cart = json::array();
  const std::string id = line_id(pid(product), variant);
  for (json& l : cart)
    if (l.value("id", "") == id) {
      l["qty"] = std::min(kMaxQty, l.value("qty", 1) + qty);
      return;
    }
  cart.insert(cart.begin(), make_line(product, variant, std::min(qty, kMaxQty)));
}

inline int cart_count(const Phone& p) {
  int n = 0;
  for (const json& l : st(p).value("cart", json::array())) n += l.value("qty", 1);
  return n;
}

inline bool watched(const Phone& p, const std::string& product) {
  for (const json& w : st(p).value("watchlist", json::array()))
    if (w.value("id", "") == product) return true;
  return false;
}
inline void toggle_watch(Phone& p, const json& product) {
  json& wl = st(p)["watchlist"];
  if (!wl.is_array()) wl = json::array();
  for (std::size_t i = 0; i < wl.size(); ++i)
    if (wl[i].value("id", "") == pid(product)) {
      wl.erase(i);
      p.toast("Removed from your watchlist");
      return;
    }
  wl.insert(wl.begin(), json{{"id", pid(product)}, {"title", product.value("title", "")}, {"added_ms", p.now_ms()}});
  p.toast("Added to your watchlist");
}

inline const json* my_review(const Phone& p, const std::string& product) {
  const json& s = st(p);
  auto it = s.find("my_reviews");
  if (it == s.end() || !it->is_array()) return nullptr;
  for (const json& r : *it)
    if (r.value("product", "") == product) return &r;
  return nullptr;
}

// ---------------------------------------------------------------- pricing

struct Totals {
  std::int64_t items = 0, shipping = 0, discount = 0, total = 0;
  int count = 0;             ///< number of units
  bool free_standard = false;  ///< standard shipping would be free
  std::string coupon_error;  ///< why the applied coupon gives nothing now ("" if fine or none)
};

/// Totals of checkout lines ({product, qty, ...}) at today's prices: standard shipping is free
/// from $35 or when every item ships free ($4.99 otherwise), express is $12.99; a coupon takes a
/// percentage or an amount off the items, or makes standard shipping free.
inline Totals totals(const Phone& p, const Catalog& cat, const json& lines, const std::string& shipping,
                     const std::string& code) {
  Totals t;
  bool all_free = true;
  for (const json& l : lines) {
    const json* pr = cat.get(l.value("product", ""));
    if (!pr) continue;
    t.items += static_cast<std::int64_t>(price_of(*pr)) * l.value("qty", 1);
    t.count += l.value("qty", 1);
    all_free = all_free && pr->value("free_shipping", false);
  }
  t.free_standard = t.items >= kFreeShippingFromCents || all_free;
  t.shipping = shipping == "express" ? kExpressShippingCents : (t.free_standard ? 0 : kStandardShippingCents);
  if (!code.empty()) {
    const json* c = coupon(code);
    if (!c) {
      t.coupon_error = "\"" + code + "\" isn't a valid promo code";
    } else if (c->value("expires", "") < local_date(p)) {
      t.coupon_error = "This code expired on " + date_short(c->value("expires", ""), true);
    } else if (t.items < c->value("min_cents", 0)) {
      t.coupon_error = "Add " + money(c->value("min_cents", 0) - t.items) + " more to use " + code;
    } else {
      const std::string kind = c->value("kind", "");
      if (kind == "percent") t.discount = (t.items * c->value("value", 0) + 50) / 100;
      if (kind == "amount") t.discount = std::min<std::int64_t>(c->value("value", 0), t.items);
      if (kind == "shipping" && shipping == "standard") {
        t.discount = t.shipping;
      }
    }
  }
  t.total = t.items + t.shipping - t.discount;
  return t;
}

// ---------------------------------------------------------------- search

inline bool token_in(const std::string& hay, const std::string& tok) {
  if (hay.find(tok) != std::string::npos) return true;
  if (tok.size() > 3 && tok.back() == 's' && hay.find(tok.substr(0, tok.size() - 1)) != std::string::npos) return true;
  return false;
}

/// Whether a product matches every word of `q` in its title, brand, type or category name.
inline bool matches(const json& pr, const std::string& q) {
  const std::string hay = lower(pr.value("title", "") + " " + pr.value("brand", "") + " " + pr.value("type", "") + " " +
                                category_name(pr.value("category", "")));
  std::string tok;
  for (char c : lower(q) + " ") {
    if (c == ' ') {
      if (!tok.empty() && !token_in(hay, tok)) return false;
      tok.clear();
    } else {
      tok += c;
    }
  }
  return true;
}

/// Whether any filter is set.
inline int active_filters(const json& f) {
  int n = 0;
  n += !f.value("category", "").empty();
  n += !trim(f.value("min_price", "")).empty() || !trim(f.value("max_price", "")).empty();
  n += !f.value("condition", "").empty();
  n += f.value("min_rating", 0) > 0;
  n += f.value("free_shipping", false);
  return n;
}

/// The search results for the state's query, filters and sort.
inline std::vector<const json*> search(const Phone& p, const Catalog& cat) {
  const json& s = st(p);
  const std::string q = trim(s.value("query", ""));
  const json f = s.value("filters", json::object());
  std::vector<const json*> out;
  if (q.empty() && active_filters(f) == 0) return out;
  const std::int64_t lo = parse_dollars(f.value("min_price", "")), hi = parse_dollars(f.value("max_price", ""));
  const std::string category = f.value("category", ""), cond = f.value("condition", "");
  const int min_rating = f.value("min_rating", 0);
  const bool free = f.value("free_shipping", false);
  for (const json* pr : cat.all()) {
    if (!category.empty() && pr->value("category", "") != category) continue;
    if (!cond.empty() && pr->value("condition", "") != cond) continue;
    if (lo >= 0 && price_of(*pr) < lo) continue;
    if (hi >= 0 && price_of(*pr) > hi) continue;
    if (min_rating > 0 && pr->value("rating_x10", 0) < min_rating * 10) continue;
    if (free && !pr->value("free_shipping", false)) continue;
    if (!q.empty() && !matches(*pr, q)) continue;
    out.push_back(pr);
  }
  const std::string sort = s.value("sort", "best");
  const std::string lq = lower(q);
  auto relevance = [&lq](const json* pr) {
    const std::string t = lower(pr->value("title", ""));
    if (lq.empty()) return 1;
    return t.rfind(lq, 0) == 0 ? 0 : t.find(lq) != std::string::npos ? 1 : 2;
  };
  std::stable_sort(out.begin(), out.end(), [&](const json* a, const json* b) {
    if (sort == "price_asc" && price_of(*a) != price_of(*b)) return price_of(*a) < price_of(*b);
    if (sort == "price_desc" && price_of(*a) != price_of(*b)) return price_of(*a) > price_of(*b);
    if (sort == "rating" && a->value("rating_x10", 0) != b->value("rating_x10", 0))
      return a->value("rating_x10", 0) > b->value("rating_x10", 0);
    if (sort == "best" && relevance(a) != relevance(b)) return relevance(a) < relevance(b);
    if (a->value("reviews_count", 0) != b->value("reviews_count", 0))
      return a->value("reviews_count", 0) > b->value("reviews_count", 0);
    return pid(*a) < pid(*b);
  });
  return out;
}

inline std::string sort_label(const std::string& sort) {
  if (sort == "price_asc") return "Price: low to high";
  if (sort == "price_desc") return "Price: high to low";
  if (sort == "rating") return "Customer rating";
  return "Best match";
}

/// Deals on the home page: discounted products (not the off-app listings), biggest discount first.
inline std::vector<const json*> deals(const Catalog& cat) {
  std::vector<const json*> out;
  for (const json* pr : cat.all())
    if (pr->value("list_price_cents", 0) > price_of(*pr) && pr->value("seller_note", "").empty()) out.push_back(pr);
  auto pct = [](const json* pr) {
    const int lp = pr->value("list_price_cents", 1);
    return (lp - price_of(*pr)) * 1000 / std::max(lp, 1);
  };
  std::stable_sort(out.begin(), out.end(), [&](const json* a, const json* b) {
    return pct(a) != pct(b) ? pct(a) > pct(b) : pid(*a) < pid(*b);
  });
  return out;
}

/// "Recommended for you": the most reviewed products not on deal and never ordered.
inline std::vector<const json*> recommended(const Phone& p, const Catalog& cat) {
  std::map<std::string, bool> ordered;
  for (const json& o : orders(p))
    for (const json& it : o.value("items", json::array())) ordered[it.value("product", "")] = true;
  std::vector<const json*> out;
  for (const json* pr : cat.all())
    if (pr->value("list_price_cents", 0) <= price_of(*pr) && !ordered.count(pid(*pr)) &&
        pr->value("seller_note", "").empty())
      out.push_back(pr);
  std::stable_sort(out.begin(), out.end(), [](const json* a, const json* b) {
    return a->value("reviews_count", 0) != b->value("reviews_count", 0)
               ? a->value("reviews_count", 0) > b->value("reviews_count", 0)
               : pid(*a) < pid(*b);
  });
  return out;
}

// ---------------------------------------------------------------- orders

/// "Processing", "Shipped", "Delivered", "Cancelled", "Return started".
inline std::string status_name(const std::string& status) {
  if (status == "processing") return "Processing";
  if (status == "shipped") return "Shipped";
  if (status == "delivered") return "Delivered";
  if (status == "cancelled") return "Cancelled";
  if (status == "return_requested") return "Return started";
  return status;
}

/// The headline of an order's state: "Arriving Thu, Jan 8", "Delivered Dec 4", "Cancelled".
inline std::string status_headline(const json& o) {
  const std::string s = o.value("status", "");
  if (s == "processing" || s == "shipped") {
    const std::string eta = o.value("eta", "");
    return eta.empty() ? status_name(s) : "Arriving " + date_weekday(eta);
  }
  if (s == "delivered") return "Delivered " + date_short(o.value("delivered", ""));
  if (s == "return_requested") return "Return started";
  return status_name(s);
}

inline bool can_cancel(const json& o) { return o.value("status", "") == "processing"; }
/// Returnable: delivered and today is on or before its return_by date.
inline bool can_return(const Phone& p, const json& o) {
  return o.value("status", "") == "delivered" && !o.value("return_by", "").empty() &&
         local_date(p) <= o.value("return_by", "");
}

/// "Board Game: Harbor Lights" or "Wool Beanie, Grey and 1 more item".
inline std::string order_summary(const json& o) {
  const json items = o.value("items", json::array());
  if (items.empty()) return "Order " + o.value("id", "");
  const std::string first = items[0].value("title", "");
  const std::size_t more = items.size() - 1;
  return more == 0 ? first : first + " and " + std::to_string(more) + (more == 1 ? " more item" : " more items");
}

/// Writes fields over an order in the overlay (world orders keep only the changed fields).
inline void update_order(Phone& p, const std::string& id, const json& changes) {
  json& ov = st(p)["orders"];
  if (!ov.is_object()) ov = json::object();
  write_overlay_entity(ov, id, world_entity("orders", id), changes);
}

inline json tracking_with(const json& o, const Phone& p, const std::string& text) {
  json t = o.value("tracking", json::array());
  t.push_back({{"time_ms", p.now_ms()}, {"text", text}, {"place", ""}});
  return t;
}

inline void cancel_order(Phone& p, const std::string& id, const std::string& reason) {
  const json o = order(p, id);
  if (o.is_null() || !can_cancel(o)) return;
  update_order(p, id,
               {{"status", "cancelled"},
                {"cancel_reason", reason},
                {"tracking", tracking_with(o, p, "Cancelled at your request; " + money(o.value("total_cents", 0)) +
                                                     " refunded to Wallet")}});
  // The money goes back the way it came: Wallet credits the balance and records the refund.
  const long long total = o.value("total_cents", 0LL);
  if (total > 0 && AppRegistry::instance().find("wallet") != nullptr)
    call_app(p, "wallet", "refund",
             {{"ref", "shop:" + id}, {"amount_cents", total}, {"payee", "Shop"}, {"note", "Refund, order " + id + " cancelled"}});
}

inline void start_return(Phone& p, const std::string& id, const std::string& item_title, const std::string& reason) {
  const json o = order(p, id);
  if (o.is_null() || !can_return(p, o)) return;
  update_order(p, id,
               {{"status", "return_requested"},
                {"return_item", item_title},
                {"return_reason", reason},
                {"tracking", tracking_with(o, p, "Return started for " + item_title + ": " + reason)}});
}

/// Adds or replaces the user's review of a product.
inline void save_review(Phone& p, const std::string& product, const std::string& title, const std::string& order_id,
                        int stars, const std::string& text) {
  json& rv = st(p)["my_reviews"];
  if (!rv.is_array()) rv = json::array();
  json r = {{"id", product}, {"product", product}, {"title", title}, {"stars", stars}, {"text", trim(text)},
            {"order", order_id}, {"time_ms", p.now_ms()}};
  for (json& e : rv)
    if (e.value("product", "") == product) {
      e = r;
      return;
    }
  rv.push_back(r);
}

/// The order a checkout would place: lines priced now, the address, shipping, coupon, totals.
inline json draft_order(const Phone& p, const Catalog& cat, const std::string& id) {
  const json co = st(p).value("checkout", json::object());
  const json lines = co.value("items", json::array());
  const std::string shipping = co.value("shipping", "standard"), code = co.value("coupon", "");
  const Totals t = totals(p, cat, lines, shipping, code);
  json items = json::array();
  for (const json& l : lines) {
    const json* pr = cat.get(l.value("product", ""));
    if (!pr) continue;
    items.push_back({{"product", pid(*pr)}, {"title", pr->value("title", "")}, {"variant", l.value("variant", "")},
                     {"price_cents", price_of(*pr)}, {"qty", l.value("qty", 1)}});
  }
  const std::string addr_id = co.value("address", "a1");
  const json a = address(p, addr_id);
  json o = {{"id", id},
          {"placed_ms", p.now_ms()},
          {"items", items},
          {"summary", ""},
          {"subtotal_cents", t.items},
          {"shipping_cents", t.shipping},
          {"shipping_option", shipping},
          {"discount_cents", t.discount},
          {"coupon", t.coupon_error.empty() ? code : ""},
          {"total_cents", t.total},
          {"status", "processing"},
          {"address", addr_id},
          {"ship_to", address_line(a)},
          {"carrier", shipping == "express" ? "UPS" : "USPS"},
          {"tracking_number", ""},
          {"eta", local_date(p, shipping == "express" ? kExpressDays : kStandardDays)},
          {"delivered", ""},
          {"return_by", ""},
          {"return_item", ""},
          {"return_reason", ""},
          {"cancel_reason", ""},
          {"ref", "shop:" + id},
          {"transaction_id", ""},
          {"tracking", json::array({{{"time_ms", p.now_ms()}, {"text", "Order placed"}, {"place", ""}}})}};
  o["summary"] = order_summary(o);
  return o;
}

/// "o21" for counter 21.
inline std::string order_id_for(int n) { return (n < 10 ? "o0" : "o") + std::to_string(n); }

}  // namespace pg::shop
