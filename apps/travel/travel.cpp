// Rail (a Trainline / Railway 12306-like train booking app): search by origin, destination (station
// pickers with search, swap) and date (a calendar page); results with times, duration, train number,
// fares per seat class and seats left, filtered (departure window, train type, direct) and sorted
// (earliest, fastest, cheapest); a train page with its seat classes and stops; the order form
// (saved travellers as passengers, a coach seat map with window and aisle seats); an unpaid order
// held 30 virtual minutes and paid through Wallet's PAY intent; orders (upcoming, past, cancelled)
// with change to another train the same day (pay the difference or get it back) and refunds with
// fee rules credited through Wallet's `refund` export; trip reminders through Calendar's INSERT.
//
// Data: world stations, lines (compact service patterns the timetable is expanded from at run
// time), travellers and orders (apps/travel/world/*.json from gen/gen_world.py) seen through the
// overlay apps.travel (travel_model.hpp). docs/apps/travel.md lists pages, flows and state.
#include "apps/travel/travel_model.hpp"
#include "sim/os/clock_format.hpp"
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"
#include "apps/wallet/pay.hpp"
#include "sim/ui/font_scale.hpp"
#include "sim/ui/ui.hpp"

#include <algorithm>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace pg {
namespace {

using json = nlohmann::json;
using namespace travel;

constexpr float kNavH = 80;  // bottom navigation bar
constexpr float kBarH = 80;  // a page's bottom action bar
constexpr std::uint32_t kBrand = 0x0B57D0, kBrandDark = 0x0842A0, kGreen = 0x146C2E, kAmber = 0xB06000,
                        kCard = 0xF3F6FC, kDivider = 0xE0E2EC, kSeatFree = 0xE8F0FE, kSeatTaken = 0xDADCE0;
constexpr const char* kDot = " \xC2\xB7 ";  // " · "

// ---------------------------------------------------------------- navigation helpers


const char* const kTabs[] = {"home", "orders", "travellers"};

void tab_bar(Ui& ui, const std::string& current) {
  const std::vector<Ui::Tab> tabs = {{"home", "Search", "directions_railway"},
                                     {"orders", "Orders", "receipt_long"},
                                     {"travellers", "Travellers", "group"}};
  int sel = 0;
  for (int i = 0; i < 3; ++i)
    if (current == kTabs[i]) sel = i;
  ui.bottom_nav("travel.tab.", tabs, sel, [](Phone& p, int i) { p.switch_tab(kTabs[i]); });
}

// ---------------------------------------------------------------- model helpers over the state

json orders(const Phone& p) { return view(p, "orders"); }
json order_of(const Phone& p, const std::string& id) {
  return resolve_entity(World::instance(), st(p), kApp, "orders", id);
}
json travellers(const Phone& p) { return view(p, "travellers"); }
json traveller_of(const Phone& p, const std::string& id) {
  return resolve_entity(World::instance(), st(p), kApp, "travellers", id);
}
/// Sets fields of an order in the overlay (a world order gets only the changed fields).
void set_order(Phone& p, const std::string& id, const json& fields) {
  json& s = st(p);
  if (!s["orders"].is_object()) s["orders"] = json::object();
  json& o = s["orders"][id];
  if (!o.is_object()) o = json::object();
  for (auto& [k, v] : fields.items()) o[k] = v;
}

std::string search_field(const Phone& p, const char* key) {
  const json& s = st(p);
  return s.contains("search") ? s["search"].value(key, "") : "";
}
json draft(const Phone& p) {
  const json& s = st(p);
  return s.value("draft", json::object());
}

/// The lowest fare of a trip among classes with seats (any class when all are sold out).
int lowest_fare(const Phone& p, const Trip& t, bool* sold_out = nullptr) {
  int best = -1, any = -1;
  for (const std::string& c : classes_of(t.type)) {
    const int f = fare_cents(t.type, t.km, c);
    any = any < 0 ? f : std::min(any, f);
    if (seats_left(p, t.train, t.date, c) > 0) best = best < 0 ? f : std::min(best, f);
  }
  if (sold_out) *sold_out = best < 0;
  return best < 0 ? any : best;
}

/// The search's trips after the filters, in the chosen order.
std::vector<Trip> filtered_trips(const Phone& p) {
  const json& s = st(p);
  std::vector<Trip> all = search_trips(search_field(p, "from"), search_field(p, "to"), search_field(p, "date"));
  const json f = s.value("filters", json::object());
  const json windows = f.value("windows", json::array()), types = f.value("types", json::array());
  const bool direct = f.value("direct", false);
  std::vector<Trip> out;
  for (const Trip& t : all) {
    if (direct && t.stops_between > 0) continue;
    if (!types.empty() && std::find(types.begin(), types.end(), t.type) == types.end()) continue;
    if (!windows.empty()) {
      const int h = t.dep / 60;
      const std::string w = h < 6 ? "early" : h < 12 ? "morning" : h < 18 ? "afternoon" : "evening";
      if (std::find(windows.begin(), windows.end(), w) == windows.end()) continue;
    }
    out.push_back(t);
  }
  const std::string sort = s.value("sort", "earliest");
  if (sort == "fastest")
    std::stable_sort(out.begin(), out.end(), [](const Trip& a, const Trip& b) { return a.duration() < b.duration(); });
  else if (sort == "cheapest") {
    std::vector<std::pair<int, Trip>> keyed;
    for (const Trip& t : out) keyed.push_back({lowest_fare(p, t), t});
    std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    out.clear();
    for (auto& k : keyed) out.push_back(k.second);
  }
  return out;
}

int filter_count(const Phone& p) {
  const json f = st(p).value("filters", json::object());
  return static_cast<int>(f.value("windows", json::array()).size() + f.value("types", json::array()).size()) +
         (f.value("direct", false) ? 1 : 0);
}

/// The draft's trip (train page, order form); false when the draft names no running train.
bool draft_trip(const Phone& p, Trip& t) {
  const json d = draft(p);
  return find_trip(d.value("train", ""), d.value("date", ""), d.value("from", ""), d.value("to", ""), t);
}

std::string status_label(const std::string& es, bool departed) {
  if (es == "unpaid") return "Awaiting payment";
  if (es == "expired") return "Cancelled (not paid in time)";
  if (es == "cancelled") return "Cancelled";
  if (es == "refunded") return "Refunded";
  return departed ? "Completed" : "Booked";
}
std::uint32_t status_color(const std::string& es, bool departed) {
  if (es == "unpaid") return kAmber;
  if (es == "paid") return departed ? color::kOnSurfaceVariant : kGreen;
  return color::kError;
}

// ---------------------------------------------------------------- drawing helpers

/// A section title at the list cursor (16 dp margin), 40 dp tall.
void section(Ui& ui, const std::string& title) {
  ui.text(16, ui.cursor_y() + 14, title, Font::Label, kBrand);
  ui.advance(40);
}

/// The route block of a trip or order: departure and arrival times over their stations with the
/// duration and train between them; `y` is its top; 64 dp tall.
void route_block(Ui& ui, float y, int dep, int arr, const std::string& from, const std::string& to,
                 const std::string& middle, float inset = 16, std::uint32_t bg = color::kSurface) {
  ui.text(inset, y, hhmm(dep % 1440), Font::Headline, color::kOnSurface);
  const float aw = ui.text_width(hhmm(arr % 1440), Font::Headline);
  ui.text(Ui::width_dp() - inset - aw, y, hhmm(arr % 1440), Font::Headline, color::kOnSurface);
  const float nw = (Ui::width_dp() - 2 * inset) / 2 - 8;
  ui.text_fit(inset, y + 38, from, Font::Body, color::kOnSurfaceVariant, nw);
  const float tw = std::min(nw, ui.text_width(to, Font::Body));
  ui.text_fit(Ui::width_dp() - inset - tw, y + 38, to, Font::Body, color::kOnSurfaceVariant, nw);
  const float ll = inset + 100, lr = Ui::width_dp() - inset - 100;
  ui.line(ll, y + 20, lr, y + 20, color::kOutline, 1);
  ui.circle(ll, y + 20, 3, color::kOutline);
  ui.circle(lr, y + 20, 3, color::kOutline);
  const float mw = std::min(110.f, ui.text_width(middle, Font::Label));
  ui.fill({Ui::width_dp() / 2 - mw / 2 - 6, y + 10, Ui::width_dp() / 2 + mw / 2 + 6, y + 30}, bg);
  ui.text_centered(Ui::width_dp() / 2 - 60, Ui::width_dp() / 2 + 60, y + 12, ui.ellipsize(middle, Font::Label, 110), Font::Label,
                   color::kOnSurfaceVariant);
}

/// A filled button that cannot be pressed: drawn greyed, with a node that is not clickable.
void disabled_button(Ui& ui, const std::string& id, const Rect& r, const std::string& label) {
  ui.fill(r, 0x1C1B1F, r.h() / 2, 0.12f);
  ui.text_centered(r.l, r.r, r.t + (r.h() - ui.line_height(Font::Body)) / 2, label, Font::Body, 0x8E8A93);
  Node& n = ui.node(id, "android.widget.Button", r);
  n.text = label;
  n.enabled = false;
}

/// Rail's blue call-to-action: the toolkit's filled button (sim/ui) in the brand colour.
void brand_button(Ui& ui, const std::string& id, const Rect& r, const std::string& label, Handler on_click) {
  ui.filled_button(id, r, label, kBrand, 0xFFFFFF, std::move(on_click));
}

/// A bottom action bar (white, top divider) with a summary on the left and one button.
void action_bar(Ui& ui, const std::string& caption, const std::string& amount, const std::string& id,
                const std::string& label, bool enabled, Handler on_click) {
  const Rect area = Ui::content_area();
  const float t = area.b - kBarH;
  ui.fill({0, t, Ui::width_dp(), area.b}, 0xFFFFFF);
  ui.fill({0, t, Ui::width_dp(), t + 1}, kDivider);
  if (!amount.empty()) {
    ui.text(16, t + 14, caption, Font::Label, color::kOnSurfaceVariant);
    ui.label_at(id + "_amount", 16, t + 36, amount, Font::Title, color::kOnSurface, 150);
  }
  const Rect b{amount.empty() ? 16.f : 176.f, t + 16, Ui::width_dp() - 16, t + 64};
  if (enabled)
    brand_button(ui, id, b, label, std::move(on_click));
  else
    disabled_button(ui, id, b, label);
}

// ---------------------------------------------------------------- operations

/// Opens a result's train page: the draft becomes this trip, its cheapest class with seats chosen.
void open_train(Phone& p, const Trip& t) {
  json& s = st(p);
  json d = s.value("draft", json::object());
  json pax = json::array();
  for (const json& id : d.value("passengers", json::array()))
    if (id.is_string() && !traveller_of(p, id.get<std::string>()).is_null()) pax.push_back(id);
  if (pax.empty()) pax.push_back("t1");
  std::string cls = "standard";
  int best = -1;
  for (const std::string& c : classes_of(t.type))
    if (seats_left(p, t.train, t.date, c) > 0 && (best < 0 || fare_cents(t.type, t.km, c) < best)) {
      best = fare_cents(t.type, t.km, c);
      cls = c;
    }
  s["draft"] = {{"train", t.train}, {"date", t.date}, {"from", t.from}, {"to", t.to}, {"class", cls},
                {"passengers", pax}, {"seats", json::array()}};
  p.go("open_train");
}

/// The order's passengers with seats: chosen ones where the draft has them, the rest assigned.
json seated_passengers(const Phone& p, const json& d, const std::set<std::string>& taken) {
  const json pax = d.value("passengers", json::array()), seats = d.value("seats", json::array());
  std::set<std::string> used = taken;
  for (const json& s : seats) used.insert(s.get<std::string>());
  int missing = static_cast<int>(pax.size()) - static_cast<int>(seats.size());
  std::vector<std::string> extra = auto_seats(used, d.value("class", ""), std::max(0, missing));
  json out = json::array();
  std::size_t e = 0;
  for (std::size_t i = 0; i < pax.size(); ++i) {
    const std::string tid = pax[i].get<std::string>();
    const json tr = traveller_of(p, tid);
    std::string seat = i < seats.size() ? seats[i].get<std::string>() : (e < extra.size() ? extra[e++] : "");
    out.push_back({{"traveller", tid}, {"name", tr.value("name", "")}, {"seat", seat}});
  }
  return out;
}

/// The order form's blocking problem, or "".
std::string book_error(const Phone& p, const Trip& t) {
  const json d = draft(p);
  const int n = static_cast<int>(d.value("passengers", json::array()).size());
  if (n == 0) return "Choose at least one passenger";
  const int left = seats_left(p, t.train, t.date, d.value("class", ""));
  if (left < n) return left == 0 ? "No seats left in this class" : "Only " + std::to_string(left) + " seats left in this class";
  if (t.date == today(p) && local_ms(t.date, t.dep) <= p.local_time_ms()) return "This train has already left";
  return "";
}

/// Submits the order form: an unpaid order, held 30 minutes, then the confirmation page.
void submit_order(Phone& p) {
  Trip t;
  if (!draft_trip(p, t) || !book_error(p, t).empty()) return;
  json& s = st(p);
  const json d = draft(p);
  const std::string cls = d.value("class", "");
  const int n = s.value("next_order", 1011);
  const std::string id = "RB" + std::to_string(n);
  const json pax = seated_passengers(p, d, taken_seats(p, t.train, t.date, cls));
  const int price = fare_cents(t.type, t.km, cls);
  set_order(p, id, {{"train", t.train}, {"type", t.type}, {"line", t.line}, {"date", t.date}, {"from", t.from},
                    {"from_name", station_name(t.from)}, {"to", t.to}, {"to_name", station_name(t.to)},
                    {"depart", hhmm(t.dep)}, {"arrive", hhmm(t.arr)}, {"duration_min", t.duration()}, {"class", cls},
                    {"passengers", pax}, {"price_cents", price}, {"total_cents", price * static_cast<int>(pax.size())},
                    {"status", "unpaid"}, {"created_ms", p.now_ms()}, {"held_until_ms", p.now_ms() + kHoldMs},
                    {"paid_ms", 0}, {"transaction_id", ""}, {"refund_cents", 0}, {"fee_cents", 0}, {"refunded_ms", 0},
                    {"changed_from", ""}, {"change_diff_cents", 0}});
  s["next_order"] = n + 1;
  s["draft"]["seats"] = json::array();
  p.go("confirm", {{"order", id}});
}

/// Starts Wallet's PAY for `amount` with the pending payment kept in apps.travel.pending_payment.
void start_pay(Phone& p, const json& pending, int amount, const std::string& note) {
  wallet::request_payment(p, kApp, pending,
                          {{"kind", "payment"}, {"amount_cents", amount}, {"payee", "Rail"}, {"note", note},
                           {"category", "transport"}});
}

void pay_order(Phone& p, const std::string& id) {
  const json o = order_of(p, id);
  if (o.is_null() || effective_status(o, p.now_ms()) != "unpaid") return;
  const int total = o.value("total_cents", 0);
  start_pay(p, {{"ref", "travel:" + id}, {"kind", "book"}, {"order", id}, {"amount_cents", total}}, total,
            "Train " + o.value("train", "") + " " + o.value("from_name", "") + " to " + o.value("to_name", "") + ", " +
                o.value("date", ""));
}

/// Credits `amount` back through Wallet's refund export; false (with a toast) if Wallet cannot.
bool wallet_refund(Phone& p, const std::string& ref, int amount, const std::string& note) {
  try {
    call_app(p, "wallet", "refund",
             {{"ref", ref}, {"amount_cents", amount}, {"payee", "Rail"}, {"note", note}, {"category", "transport"}});
    return true;
  } catch (const std::exception&) {
    p.toast("Wallet could not take the refund. Try again later");
    return false;
  }
}

/// Moves an order to `t` (same day and class): new times, fare and seats; `diff` is what was paid
/// (+) or refunded (-).
void apply_change(Phone& p, const std::string& id, const Trip& t, int diff) {
  const json o = order_of(p, id);
  const std::string cls = o.value("class", "");
  json d = {{"class", cls}, {"passengers", json::array()}, {"seats", json::array()}};
  for (const json& x : o.value("passengers", json::array())) d["passengers"].push_back(x.value("traveller", ""));
  json pax = o.value("passengers", json::array());
  std::vector<std::string> seats = auto_seats(taken_seats(p, t.train, t.date, cls, id), cls, static_cast<int>(pax.size()));
  for (std::size_t i = 0; i < pax.size() && i < seats.size(); ++i) pax[i]["seat"] = seats[i];
  const int price = fare_cents(t.type, t.km, cls);
  set_order(p, id, {{"train", t.train}, {"type", t.type}, {"depart", hhmm(t.dep)}, {"arrive", hhmm(t.arr)},
                    {"duration_min", t.duration()}, {"passengers", pax}, {"price_cents", price},
                    {"total_cents", price * static_cast<int>(pax.size())}, {"changed_from", o.value("train", "")},
                    {"change_diff_cents", o.value("change_diff_cents", 0) + diff}});
}

/// The change dialog's "Change": pays the difference through Wallet, refunds it, or just moves.
void change_order(Phone& p, const std::string& id, const std::string& train) {
  const json o = order_of(p, id);
  Trip t;
  if (o.is_null() || !find_trip(train, o.value("date", ""), o.value("from", ""), o.value("to", ""), t)) return;
  const int n = static_cast<int>(o.value("passengers", json::array()).size());
  const int diff = fare_cents(t.type, t.km, o.value("class", "")) * n - o.value("total_cents", 0);
  if (diff > 0) {
    start_pay(p, {{"ref", "travel:" + id + ":change"}, {"kind", "change"}, {"order", id}, {"train", train}, {"amount_cents", diff}},
              diff, "Change of order " + id + " to train " + train);
    return;
  }
  if (diff < 0 && !wallet_refund(p, "travel:" + id, -diff, "Refund of the fare difference, order " + id + " changed to " + train))
    return;
  apply_change(p, id, t, diff);
  if (p.current_page() == "change") p.back();
  p.toast(diff < 0 ? "Changed to " + train + ". " + money(-diff) + " refunded to Wallet" : "Changed to " + train);
}

void refund_order(Phone& p, const std::string& id) {
  const json o = order_of(p, id);
  if (o.is_null() || effective_status(o, p.now_ms()) != "paid") return;
  const int pct = refund_fee_pct(departure_ms(o), p.local_time_ms());
  if (pct < 0) return p.toast("This train has left: the ticket can no longer be refunded");
  const int total = o.value("total_cents", 0), fee = total * pct / 100, back = total - fee;
  if (back > 0 && !wallet_refund(p, "travel:" + id, back, "Refund of order " + id + ", train " + o.value("train", "")))
    return;
  set_order(p, id, {{"status", "refunded"}, {"refund_cents", back}, {"fee_cents", fee}, {"refunded_ms", p.now_ms()}});
  if (p.current_page() == "refund") p.back();
  p.toast(money(back) + " refunded to Wallet");
}

/// A trip reminder through Calendar's INSERT intent (the phone's local times turned into UTC).
void add_to_calendar(Phone& p, const json& o) {
  const std::int64_t off = p.local_time_ms() - p.now_ms();
  const std::int64_t begin = departure_ms(o) - off;
  const std::int64_t end = begin + static_cast<std::int64_t>(o.value("duration_min", 0)) * 60000;
  std::string seats;
  for (const json& x : o.value("passengers", json::array()))
    seats += (seats.empty() ? "" : ", ") + x.value("name", "") + " " + x.value("seat", "");
  p.start_intent({{"action", "android.intent.action.INSERT"},
                  {"type", "vnd.android.cursor.item/event"},
                  {"extras",
                   {{"title", "Train " + o.value("train", "") + " to " + o.value("to_name", "")},
                    {"beginTime", begin},
                    {"endTime", end},
                    {"eventLocation", o.value("from_name", "") + " station"},
                    {"description", "Rail order " + o.value("id", "") + ", " + class_label(o.value("class", "")) +
                                        " class. Seats: " + seats},
                    {"from_app", kApp}}}});
}

/// The trip as a message: train, day, times, stations and seats.
std::string trip_text(const json& o) {
  std::string seats;
  for (const json& x : o.value("passengers", json::array()))
    seats += (seats.empty() ? "" : ", ") + x.value("name", "") + " " + x.value("seat", "");
  return "Train " + o.value("train", "") + ", " + short_date(o.value("date", "")) + ": " + o.value("from_name", "") + " " +
         o.value("depart", "") + " to " + o.value("to_name", "") + " " + o.value("arrive", "") + ". " +
         class_label(o.value("class", "")) + " class, seats " + seats + " (Rail order " + o.value("id", "") + ")";
}

/// Shares the trip as text (android.intent.action.SEND, text/plain): the chooser offers Messages and Chat.
void share_trip(Phone& p, const json& o) {
  const std::string text = trip_text(o);
  p.clear_focus();
  p.start_intent({{"action", "android.intent.action.SEND"},
                  {"type", "text/plain"},
                  {"extras", {{"text", text}, {"android.intent.extra.TEXT", text}, {"subject", "My train " + o.value("train", "")}}}});
}

// ---------------------------------------------------------------- pages: search

/// Opens the date picker scrolled to the month of the search date (month blocks are 300 dp for
/// January 2026 and 252 dp for February: header 52 dp, 48 dp per week row, 8 dp gap).
void open_calendar(Phone& p) {
  const std::string month = search_field(p, "date").substr(0, 7);
  p.go("pick_date");
  p.set_scroll(static_cast<int>(Ui::to_px(month == "2026-02" ? 300 : month == "2026-03" ? 552 : 0)));
}

void home_page(Ui& ui, Phone& phone) {
  const Rect area = Ui::content_area();
  ui.gradient({0, area.t, Ui::width_dp(), area.t + 150}, kBrand, kBrandDark);
  ui.label_at("travel.home.title", 16, area.t + 16, "Rail", Font::Headline, 0xFFFFFF);
  ui.text(16, area.t + 56, "Where to next, Alex?", Font::BodyLarge, 0xDCE6FA);
  ui.begin_scroll("travel.home.list", {0, area.t + 96, Ui::width_dp(), area.b - kNavH}, phone.page_pointer() + "/scroll");
  const float top = ui.cursor_y() + 4;
  ui.fill({12, top, Ui::width_dp() - 12, top + 268}, 0xFFFFFF, 16);
  ui.stroke({12, top, Ui::width_dp() - 12, top + 268}, kDivider, 16);
  const std::string from = search_field(phone, "from"), to = search_field(phone, "to"), date = search_field(phone, "date");
  auto station_row = [&](const std::string& id, float y, const char* cap, const std::string& code, const char* tr,
                         const char* icon) {
    ui.icon(40, y + 30, icon, Font::Icon, kBrand);
    ui.text(68, y + 8, cap, Font::Label, color::kOnSurfaceVariant);
    const std::string name = code.empty() ? "Choose a station" : station_name(code);
    ui.text_fit(68, y + 26, name, Font::BodyLarge, code.empty() ? color::kOutline : color::kOnSurface, 200);
    const std::string transition = tr;
    Node& n = ui.item(id, "android.widget.LinearLayout", {12, y, 284, y + 60}, name,
                      [transition](Phone& p) {
                        p.go(transition, {{"which", transition == "pick_to" ? "to" : "from"}, {"query", ""}});
                        p.focus("travel.station.field", p.page_pointer() + "/query");
                      });
    n.desc = cap;
  };
  station_row("travel.home.from", top + 8, "From", from, "pick_from", "trip_origin");
  ui.fill({68, top + 69, 284, top + 70}, kDivider);
  station_row("travel.home.to", top + 72, "To", to, "pick_to", "place");
  ui.fill({294, top + 50, 342, top + 98}, kCard, 24);
  ui.icon_button("travel.home.swap", Ui::width_dp() - 42, top + 74, "swap_vert", "Swap stations", kBrand, [](Phone& p) {
    json& s = st(p)["search"];
    const std::string f = s.value("from", "");
    s["from"] = s.value("to", "");
    s["to"] = f;
  });
  ui.fill({28, top + 139, Ui::width_dp() - 28, top + 140}, kDivider);
  const float dy = top + 148;
  ui.icon(40, dy + 28, "calendar_today", Font::Icon, kBrand);
  ui.text(68, dy + 6, "Departure date", Font::Label, color::kOnSurfaceVariant);
  const std::string when = short_date(date);
  const int rel = static_cast<int>(day_of(date) - day_of(today(phone)));
  ui.text(68, dy + 24, when, Font::BodyLarge, color::kOnSurface);
  if (rel == 0 || rel == 1)
    ui.text(78 + ui.text_width(when, Font::BodyLarge), dy + 26, rel == 0 ? "Today" : "Tomorrow", Font::Body, kBrand);
  ui.item("travel.home.date", "android.widget.LinearLayout", {12, dy, Ui::width_dp() - 12, dy + 56}, when,
          [](Phone& p) { open_calendar(p); })
      .desc = "Departure date";
  const bool ready = !from.empty() && !to.empty() && from != to;
  if (ready)
    brand_button(ui, "travel.home.search", {28, top + 208, Ui::width_dp() - 28, top + 256}, "Search trains", [](Phone& p) {
      p.clear_focus();
      p.navigate("search");
    });
  else
    disabled_button(ui, "travel.home.search", {28, top + 208, Ui::width_dp() - 28, top + 256}, "Search trains");
  ui.set_cursor(top + 284);

  // The next trip: the soonest booked order still to come.
  json next;
  for (const json& o : orders(phone)) {
    const std::string es = effective_status(o, phone.now_ms());
    if ((es == "paid" || es == "unpaid") && departure_ms(o) > phone.local_time_ms() &&
        (next.is_null() || departure_ms(o) < departure_ms(next)))
      next = o;
  }
  if (!next.is_null()) {
    section(ui, "Your next trip");
    const float y = ui.cursor_y();
    ui.fill({12, y, Ui::width_dp() - 12, y + 104}, kCard, 16);
    ui.text_fit(28, y + 12, short_date(next.value("date", "")) + kDot + next.value("train", "") + kDot +
                                class_label(next.value("class", "")), Font::Label, kBrand, Ui::width_dp() - 56);
    ui.text_fit(28, y + 34, next.value("depart", "") + "  " + next.value("from_name", ""), Font::BodyLarge, color::kOnSurface, Ui::width_dp() - 56);
    ui.text_fit(28, y + 62, next.value("arrive", "") + "  " + next.value("to_name", ""), Font::BodyLarge, color::kOnSurface, Ui::width_dp() - 56);
    const std::string id = next.value("id", "");
    ui.item("travel.home.upcoming", "android.widget.LinearLayout", {12, y, Ui::width_dp() - 12, y + 104},
            "Next trip: " + next.value("from_name", "") + " to " + next.value("to_name", ""),
            [id](Phone& p) { p.go("open_order", {{"order", id}}); });
    ui.advance(116);
  }

  section(ui, "Popular routes");
  const std::pair<const char*, const char*> routes[] = {{"SFC", "LAX"}, {"SFC", "SAC"}, {"LAX", "SAN"}, {"SAC", "PDX"}};
  for (const auto& [a, b] : routes) {
    const std::string fa = a, fb = b;
    ui.list_row(std::string("travel.home.route.") + a + "_" + b, station_name(a) + " to " + station_name(b), "", "history",
                [fa, fb](Phone& p) {
                  json& s = st(p)["search"];
                  s["from"] = fa;
                  s["to"] = fb;
                });
  }
  ui.advance(16);
  ui.end_scroll();
  tab_bar(ui, "home");
}

void station_page(Ui& ui, Phone& phone) {
  const Rect area = Ui::content_area();
  const std::string which = phone.page_string("which").empty() ? "from" : phone.page_string("which");
  ui.icon_button("travel.station.back", 28, area.t + 36, "arrow_back", "Back", color::kOnSurface, [](Phone& p) { p.back(); });
  ui.text_field("travel.station.field", {56, area.t + 8, Ui::width_dp() - 16, area.t + 64}, which == "to" ? "To" : "From",
                phone.page_pointer() + "/query", "Station or city");
  const std::string q = lower(trim(phone.page_string("query")));
  ui.begin_scroll("travel.station.list", {0, area.t + 72, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
  int shown = 0;
  for (const json& s : stations()) {
    const std::string id = s.value("id", ""), name = s.value("name", ""), city = s.value("city", "");
    if (!q.empty() && lower(name).find(q) == std::string::npos && lower(city).find(q) == std::string::npos &&
        lower(id) != q)
      continue;
    std::string lines_text;
    for (const json& l : s.value("lines", json::array())) {
      for (const json& L : lines())
        if (L.value("id", "") == l) lines_text += (lines_text.empty() ? "" : ", ") + L.value("name", "");
    }
    ui.list_row("travel.station." + id, name, city + kDot + lines_text, "directions_railway", [id, which](Phone& p) {
      json& srch = st(p)["search"];
      const std::string other = which == "to" ? "from" : "to";
      if (srch.value(other, "") == id) srch[other] = srch.value(which, "");
      srch[which] = id;
      p.clear_focus();
      p.back();
    });
    ++shown;
  }
  if (shown == 0) {
    ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 60, "No stations match", Font::BodyLarge, color::kOnSurface);
    ui.label("travel.station.empty", {0, ui.cursor_y() + 56, Ui::width_dp(), ui.cursor_y() + 84}, "No stations match");
    ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 88, "Try a city name or a station code", Font::Body, color::kOnSurfaceVariant);
  }
  ui.end_scroll();
}

void calendar_page(Ui& ui, Phone& phone) {
  const Rect area = Ui::content_area();
  ui.top_bar("travel.cal.title", "Departure date", true);
  const float cell = 48, left = (Ui::width_dp() - 7 * cell) / 2;
  for (int i = 0; i < 7; ++i)
    ui.text_centered(left + i * cell, left + (i + 1) * cell, area.t + 72, weekday_initial(i), Font::Label, color::kOnSurfaceVariant);
  ui.fill({0, area.t + 99, Ui::width_dp(), area.t + 100}, kDivider);
  const std::string selected = search_field(phone, "date"), first_ok = std::max(today(phone), std::string(kFirstDate));
  ui.begin_scroll("travel.cal.list", {0, area.t + 100, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
  for (int m = 0; m < 3; ++m) {
    const std::string first = "2026-0" + std::to_string(m + 1) + "-01";
    const int days = m == 0 ? 31 : m == 1 ? 28 : 31;
    ui.text(24, ui.cursor_y() + 16, format_date(2026, m + 1, 1, DateStyle::MonthYear), Font::Title, color::kOnSurface);
    ui.advance(52);
    const int wd0 = weekday(first);
    const float y0 = ui.cursor_y();
    for (int d = 1; d <= days; ++d) {
      const int slot = wd0 + d - 1;
      const float x = left + (slot % 7) * cell, y = y0 + (slot / 7) * cell;
      const std::string date = add_days(first, d - 1);
      const bool ok = date >= first_ok && date <= kLastDate, sel = date == selected;
      if (sel) ui.circle(x + cell / 2, y + cell / 2, 20, kBrand);
      else if (date == today(phone)) ui.circle(x + cell / 2, y + cell / 2, 20, kBrand, 0.12f);
      ui.text_centered(x, x + cell, y + 14, std::to_string(d), Font::Body,
                       sel ? 0xFFFFFF : ok ? color::kOnSurface : 0xB8B5BD);
      Node& n = ui.item("travel.cal.day." + date, "android.widget.TextView", {x, y, x + cell, y + cell}, std::to_string(d),
                        ok ? Handler([date](Phone& p) {
                          st(p)["search"]["date"] = date;
                          p.back();
                        })
                           : Handler());
      n.desc = short_date(date);
      n.selected = sel;
      n.enabled = ok;
    }
    ui.set_cursor(y0 + ((wd0 + days + 6) / 7) * cell + 8);
  }
  ui.text_wrapped(24, ui.cursor_y() + 8, "Tickets go on sale 60 days ahead. The timetable runs to Sunday, March 1.",
                  Font::Body, color::kOnSurfaceVariant, Ui::width_dp() - 48, 20);
  ui.advance(64);
  ui.end_scroll();
}

void results_page(Ui& ui, Phone& phone) {
  const Rect area = Ui::content_area();
  const std::string from = search_field(phone, "from"), to = search_field(phone, "to"), date = search_field(phone, "date");
  ui.fill({0, area.t, Ui::width_dp(), area.t + 112}, kBrand);
  ui.icon_button("travel.results.back", 28, area.t + 32, "arrow_back", "Back", 0xFFFFFF, [](Phone& p) { p.back(); });
  ui.label_at("travel.results.route", 56, area.t + 10, station_name(from) + " to " + station_name(to), Font::Title,
              0xFFFFFF, Ui::width_dp() - 120);
  const int nf = filter_count(phone);
  ui.icon_button("travel.results.filters", Ui::width_dp() - 28, area.t + 32, "tune", nf ? "Filters, " + std::to_string(nf) + " on" : "Filters",
                 0xFFFFFF, [](Phone& p) { p.go("filters"); });
  if (nf) {
    ui.circle(Ui::width_dp() - 16, area.t + 18, 8, 0xFFFFFF);
    ui.text_centered(Ui::width_dp() - 24, Ui::width_dp() - 8, area.t + 11, std::to_string(nf), Font::Label, kBrand);
  }
  // The date strip: previous day, the date (opens the calendar), next day.
  const float dy = area.t + 56;
  const bool can_prev = date > std::max(today(phone), std::string(kFirstDate)), can_next = date < kLastDate;
  auto shift = [](int n) {
    return [n](Phone& p) {
      json& s = st(p)["search"];
      s["date"] = add_days(s.value("date", ""), n);
      p.set_scroll(0);
    };
  };
  ui.icon_button("travel.results.prev_day", 32, dy + 24, "chevron_left", "Previous day", can_prev ? 0xFFFFFF : 0x6F8FD8,
                 can_prev ? Handler(shift(-1)) : Handler());
  ui.icon_button("travel.results.next_day", Ui::width_dp() - 32, dy + 24, "chevron_right", "Next day", can_next ? 0xFFFFFF : 0x6F8FD8,
                 can_next ? Handler(shift(1)) : Handler());
  ui.fill({64, dy + 4, Ui::width_dp() - 64, dy + 44}, 0xFFFFFF, 20, 0.16f);
  ui.icon(92, dy + 24, "calendar_today", Font::IconSmall, 0xFFFFFF);
  ui.text_centered(64, Ui::width_dp() - 64, dy + 14, short_date(date), Font::Body, 0xFFFFFF);
  ui.item("travel.results.date", "android.widget.Button", {64, dy, Ui::width_dp() - 64, dy + 48}, short_date(date),
          [](Phone& p) { open_calendar(p); });
  // Sort chips and the filter chip.
  const std::string sort = st(phone).value("sort", "earliest");
  float x = 12;
  const float cy = area.t + 112;
  for (const auto& [key, label] : std::vector<std::pair<std::string, std::string>>{{"earliest", "Earliest"}, {"fastest", "Fastest"}, {"cheapest", "Cheapest"}}) {
    const float w = (Ui::width_dp() - 24 - 16) / 3;
    const std::string k = key;
    ui.chip("travel.sort." + key, {x, cy, x + w, cy + 48}, label, sort == key, [k](Phone& p) {
      st(p)["sort"] = k;
      p.set_scroll(0);
    });
    x += w + 8;
  }
  ui.fill({0, cy + 48, Ui::width_dp(), cy + 49}, kDivider);

  const std::vector<Trip> trips = filtered_trips(phone);
  ui.begin_scroll("travel.results.list", {0, cy + 49, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
  ui.label_at("travel.results.count", 16, ui.cursor_y() + 10,
              std::to_string(trips.size()) + (trips.size() == 1 ? " train" : " trains"), Font::Label, color::kOnSurfaceVariant);
  ui.advance(32);
  const bool today_date = date == today(phone);
  for (const Trip& t : trips) {
    const float y = ui.cursor_y();
    const bool left_already = today_date && local_ms(date, t.dep) <= phone.local_time_ms();
    bool sold_out = false;
    const int fare = lowest_fare(phone, t, &sold_out);
    // Large text (font scale) moves each line down by the growth of the lines above it; the card grows.
    const float gT = font_growth(ui, Font::Title), gL = font_growth(ui, Font::Label), h = 124 + 2 * gT + 2 * gL;
    ui.fill({12, y, Ui::width_dp() - 12, y + h}, left_already ? 0xF1F1F4 : 0xFFFFFF, 12);
    ui.stroke({12, y, Ui::width_dp() - 12, y + h}, kDivider, 12);
    ui.text(28, y + 12, hhmm(t.dep), Font::Title, color::kOnSurface);
    ui.text(28, y + 38 + gT, hhmm(t.arr % 1440), Font::Title, color::kOnSurfaceVariant);
    ui.text(96, y + 14, duration_text(t.duration()), Font::Body, color::kOnSurface);
    const std::string stops = t.stops_between == 0 ? "Direct, no stops"
                                                   : std::to_string(t.stops_between) + (t.stops_between == 1 ? " stop" : " stops");
    ui.text(96, y + 40 + gT, stops, Font::Label, color::kOnSurfaceVariant);
    const std::string price = left_already ? "Departed" : sold_out ? "Sold out" : "from " + money(fare);
    const float pw = ui.text_width(price, Font::Title);
    ui.text(Ui::width_dp() - 28 - pw, y + 12, price, Font::Title, left_already ? color::kOutline : sold_out ? color::kError : kBrand);
    const std::string tag = t.train + kDot + type_label(t.type);
    ui.text(Ui::width_dp() - 28 - ui.text_width(tag, Font::Label), y + 40 + gT, tag, Font::Label, color::kOnSurfaceVariant);
    ui.fill({28, y + 66 + 2 * gT, Ui::width_dp() - 28, y + 67 + 2 * gT}, kDivider);
    float cx = 28;
    std::string seats_desc;
    for (const std::string& c : classes_of(t.type)) {
      const int left = seats_left(phone, t.train, t.date, c);
      const std::string s = class_label(c) + " " + money(fare_cents(t.type, t.km, c));
      ui.text(cx, y + 76 + 2 * gT, s, Font::Label, color::kOnSurface);
      const std::string l = left == 0 ? "Sold out" : left < 10 ? std::to_string(left) + " left" : std::to_string(left) + " seats";
      ui.text(cx, y + 96 + 2 * gT + gL, l, Font::Label, left == 0 ? color::kError : left < 10 ? kAmber : kGreen);
      cx += 104;
      seats_desc += (seats_desc.empty() ? "" : ", ") + class_label(c) + " " + money(fare_cents(t.type, t.km, c)) + " " + l;
    }
    const Trip trip = t;
    Node& n = ui.item("travel.result." + t.train, "android.widget.LinearLayout", {12, y, Ui::width_dp() - 12, y + h},
                      t.train + " " + hhmm(t.dep) + " to " + hhmm(t.arr % 1440),
                      left_already ? Handler() : Handler([trip](Phone& p) { open_train(p, trip); }));
    n.desc = duration_text(t.duration()) + ", " + stops + ", " + type_label(t.type) + ". " + seats_desc;
    n.enabled = !left_already;
    ui.advance(h + 12);
  }
  if (trips.empty()) {
    const bool none_at_all = search_trips(from, to, date).empty();
    ui.icon(Ui::width_dp() / 2, ui.cursor_y() + 60, "directions_railway", Font::IconLarge, color::kOutline);
    const std::string empty = none_at_all ? "No direct trains" : "No trains match your filters";
    ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 100, empty, Font::BodyLarge, color::kOnSurface);
    ui.label("travel.results.empty", {0, ui.cursor_y() + 96, Ui::width_dp(), ui.cursor_y() + 124}, empty);
    ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 128,
                     none_at_all ? "These stations are not on the same line" : "Clear some filters to see more trains",
                     Font::Body, color::kOnSurfaceVariant);
    ui.advance(160);
  }
  ui.advance(16);
  ui.end_scroll();
}

void filters_page(Ui& ui, Phone& phone) {
  const Rect area = Ui::content_area();
  ui.top_bar("travel.filters.title", "Filters", true);
  const json f = st(phone).value("filters", json::object());
  auto has = [&](const char* list, const std::string& v) {
    const json a = f.value(list, json::array());
    return std::find(a.begin(), a.end(), v) != a.end();
  };
  auto toggle = [](const char* list, const std::string& v) {
    const std::string l = list;
    return [l, v](Phone& p) {
      json& a = st(p)["filters"][l];
      if (!a.is_array()) a = json::array();
      for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i] == v) {
          a.erase(i);
          return;
        }
      a.push_back(v);
    };
  };
  ui.set_cursor(area.t + 64);
  section(ui, "Departure time");
  const std::vector<std::pair<std::string, std::string>> windows = {
      {"early", "Early (00:00-06:00)"}, {"morning", "Morning (06:00-12:00)"},
      {"afternoon", "Afternoon (12:00-18:00)"}, {"evening", "Evening (18:00-24:00)"}};
  for (const auto& [k, label] : windows) {
    const float y = ui.cursor_y();
    ui.checkbox("travel.filter.time." + k, {0, y, Ui::width_dp(), y + 48}, label, has("windows", k), toggle("windows", k), "schedule");
    ui.advance(48);
  }
  section(ui, "Train type");
  for (const std::string k : {"express", "intercity", "regional"}) {
    const float y = ui.cursor_y();
    ui.checkbox("travel.filter.type." + k, {0, y, Ui::width_dp(), y + 48}, type_label(k), has("types", k), toggle("types", k),
                "directions_railway");
    ui.advance(48);
  }
  ui.advance(8);
  ui.switch_row("travel.filter.direct", "Direct only", "Trains with no stops between your stations", "",
                f.value("direct", false), [](Phone& p) {
                  json& d = st(p)["filters"]["direct"];
                  d = !(d.is_boolean() && d.get<bool>());
                });
  const int shown = static_cast<int>(filtered_trips(phone).size());
  const float t = area.b - kBarH;
  ui.fill({0, t, Ui::width_dp(), area.b}, 0xFFFFFF);
  ui.fill({0, t, Ui::width_dp(), t + 1}, kDivider);
  ui.button("travel.filter.reset", {16, t + 16, 132, t + 64}, "Clear all", false, [](Phone& p) {
    st(p)["filters"] = {{"windows", json::array()}, {"types", json::array()}, {"direct", false}};
  });
  brand_button(ui, "travel.filter.apply", {144, t + 16, Ui::width_dp() - 16, t + 64},
            "Show " + std::to_string(shown) + (shown == 1 ? " train" : " trains"), [](Phone& p) {
              p.back();
              p.set_scroll(0);
            });
}

// ---------------------------------------------------------------- pages: booking

void train_page(Ui& ui, Phone& phone) {
  const Rect area = Ui::content_area();
  Trip t;
  const bool ok = draft_trip(phone, t);
  ui.top_bar("travel.train.title", ok ? "Train " + t.train : "Train", true);
  if (!ok) {
    ui.text_centered(0, Ui::width_dp(), area.t + 120, "This train does not run on that day", Font::BodyLarge, color::kOnSurface);
    return;
  }
  const std::string cls = draft(phone).value("class", "");
  ui.begin_scroll("travel.train.list", {0, area.t + 64, Ui::width_dp(), area.b - kBarH}, phone.page_pointer() + "/scroll");
  float y = ui.cursor_y();
  ui.text_fit(16, y + 4, short_date(t.date) + kDot + type_label(t.type) + kDot + t.line_name, Font::Label, kBrand, Ui::width_dp() - 32);
  route_block(ui, y + 28, t.dep, t.arr, station_name(t.from), station_name(t.to), duration_text(t.duration()));
  ui.advance(108);
  section(ui, "Seat class");
  for (const std::string& c : classes_of(t.type)) {
    y = ui.cursor_y();
    const int left = seats_left(phone, t.train, t.date, c), fare = fare_cents(t.type, t.km, c);
    const bool sel = c == cls;
    ui.fill({12, y, Ui::width_dp() - 12, y + 64}, sel ? color::kPrimaryContainer : 0xFFFFFF, 12);
    ui.stroke({12, y, Ui::width_dp() - 12, y + 64}, sel ? color::kPrimary : kDivider, 12, sel ? 2.f : 1.f);
    ui.icon(40, y + 32, sel ? "check_circle" : "radio_button_unchecked", Font::Icon, sel ? color::kPrimary : color::kOutline);
    ui.text(64, y + 10, class_label(c), Font::BodyLarge, left ? color::kOnSurface : color::kOutline);
    const Coach co = coach_of(c);
    ui.text(64, y + 36, co.letters.size() == 4 ? "2+2 seating" : co.letters.size() == 3 ? "2+1 seating, wider seats" : "1+1 seating, lie-flat seats",
            Font::Label, color::kOnSurfaceVariant);
    const std::string price = money(fare);
    ui.text(Ui::width_dp() - 28 - ui.text_width(price, Font::Title), y + 8, price, Font::Title, left ? kBrand : color::kOutline);
    const std::string l = left == 0 ? "Sold out" : std::to_string(left) + " left";
    ui.text(Ui::width_dp() - 28 - ui.text_width(l, Font::Label), y + 38, l, Font::Label, left == 0 ? color::kError : left < 10 ? kAmber : kGreen);
    const std::string key = c;
    Node& n = ui.item("travel.train.class." + c, "android.widget.RadioButton", {12, y, Ui::width_dp() - 12, y + 64}, class_label(c),
                      left ? Handler([key](Phone& p) {
                        json& d = st(p)["draft"];
                        if (d.value("class", "") != key) d["seats"] = json::array();
                        d["class"] = key;
                      })
                           : Handler());
    n.desc = price + ", " + l;
    n.checkable = true;
    n.checked = sel;
    n.enabled = left > 0;
    ui.advance(72);
  }
  section(ui, "Stops");
  bool inside = false;
  for (const Stop& s : train_stops(t.train)) {
    y = ui.cursor_y();
    const bool endpoint = s.station == t.from || s.station == t.to;
    if (s.station == t.from) inside = true;
    ui.fill({39, y, 41, y + 40}, inside && s.station != t.to ? kBrand : kDivider);
    ui.circle(40, y + 20, endpoint ? 7 : 5, inside ? kBrand : color::kOutline);
    ui.text(64, y + 10, hhmm(s.min % 1440), Font::Body, inside ? color::kOnSurface : color::kOutline);
    ui.text_fit(120, y + 10, station_name(s.station), endpoint ? Font::BodyLarge : Font::Body,
                inside ? color::kOnSurface : color::kOutline, Ui::width_dp() - 136);
    if (s.station == t.to) inside = false;
    ui.advance(40);
  }
  ui.advance(16);
  ui.end_scroll();
  const int left = seats_left(phone, t.train, t.date, cls);
  action_bar(ui, class_label(cls) + " per person", money(fare_cents(t.type, t.km, cls)), "travel.train.book", "Continue",
             left > 0, [](Phone& p) { p.go("book"); });
}

void book_page(Ui& ui, Phone& phone) {
  const Rect area = Ui::content_area();
  ui.top_bar("travel.book.title", "Review order", true);
  Trip t;
  if (!draft_trip(phone, t)) return;
  const json d = draft(phone);
  const std::string cls = d.value("class", "");
  const int fare = fare_cents(t.type, t.km, cls);
  ui.begin_scroll("travel.book.list", {0, area.t + 64, Ui::width_dp(), area.b - kBarH}, phone.page_pointer() + "/scroll");
  float y = ui.cursor_y();
  ui.fill({12, y, Ui::width_dp() - 12, y + 108}, kCard, 16);
  ui.text_fit(28, y + 10, short_date(t.date) + kDot + t.train + kDot + class_label(cls), Font::Label, kBrand, Ui::width_dp() - 56);
  route_block(ui, y + 32, t.dep, t.arr, station_name(t.from), station_name(t.to), duration_text(t.duration()), 28, kCard);
  ui.advance(120);
  y = ui.cursor_y();
  ui.text(16, y + 14, "Passengers", Font::Label, kBrand);
  ui.button("travel.book.passengers", {Ui::width_dp() - 136, y, Ui::width_dp() - 8, y + 48}, "Choose", false, [](Phone& p) { p.go("passengers"); });
  ui.advance(48);
  const json pax = seated_passengers(phone, d, taken_seats(phone, t.train, t.date, cls));
  const json chosen = d.value("seats", json::array());
  for (std::size_t i = 0; i < pax.size(); ++i) {
    y = ui.cursor_y();
    const std::string tid = pax[i].value("traveller", ""), seat = pax[i].value("seat", "");
    const json tr = traveller_of(phone, tid);
    ui.avatar(40, y + 36, 20, tr.value("name", "?").substr(0, 1), color::kPrimaryContainer, color::kOnPrimaryContainer);
    ui.text_fit(72, y + 12, tr.value("name", ""), Font::BodyLarge, color::kOnSurface, Ui::width_dp() - 140);
    const std::string seat_text = seat.empty() ? "No seat" :
        "Seat " + seat + " " + (is_window(seat.back()) ? "window" : "aisle") + (i < chosen.size() ? "" : " (auto)");
    ui.text_fit(72, y + 38, (tr.value("id_type", "") == "national" ? "National ID " : "Passport ") +
                                masked_id(tr.value("id_number", "")) + kDot + seat_text,
                Font::Label, color::kOnSurfaceVariant, Ui::width_dp() - 140);
    ui.label("travel.book.pax." + tid, {72, y, Ui::width_dp() - 64, y + 72}, tr.value("name", "") + ", " + seat_text);
    ui.icon_button("travel.book.remove." + tid, Ui::width_dp() - 36, y + 36, "close", "Remove " + tr.value("name", ""),
                   color::kOnSurfaceVariant, [tid](Phone& p) {
                     json& dr = st(p)["draft"];
                     json& ps = dr["passengers"];
                     for (std::size_t k = 0; k < ps.size(); ++k)
                       if (ps[k] == tid) ps.erase(k);
                     dr["seats"] = json::array();
                   });
    ui.advance(72);
  }
  if (pax.empty()) {
    ui.text(16, ui.cursor_y() + 8, "No passengers yet", Font::Body, color::kOnSurfaceVariant);
    ui.advance(36);
  }
  ui.list_row("travel.book.seats", "Choose seats",
              chosen.empty() ? "Window, aisle, or we assign seats for you" : std::to_string(chosen.size()) + " chosen",
              "event_seat", [](Phone& p) { p.go("seats"); });
  ui.fill({16, ui.cursor_y() + 4, Ui::width_dp() - 16, ui.cursor_y() + 5}, kDivider);
  ui.advance(12);
  y = ui.cursor_y();
  const int n = static_cast<int>(pax.size());
  ui.text(16, y + 8, class_label(cls) + " fare " + money(fare) + " \xC3\x97 " + std::to_string(n), Font::Body, color::kOnSurface);
  const std::string sub = money(static_cast<std::int64_t>(fare) * n);
  ui.text(Ui::width_dp() - 16 - ui.text_width(sub, Font::Body), y + 8, sub, Font::Body, color::kOnSurface);
  ui.advance(36);
  ui.text_wrapped(16, ui.cursor_y() + 4,
                  "Submitting holds your seats for 30 minutes. Pay with Wallet to confirm. Refunds: free more than 48 h "
                  "before departure, 5% 24-48 h before, 20% within 24 h.",
                  Font::Label, color::kOnSurfaceVariant, Ui::width_dp() - 32, 18);
  ui.advance(80);
  const std::string err = book_error(phone, t);
  if (!err.empty()) {
    ui.label_at("travel.book.error", 16, ui.cursor_y(), err, Font::Body, color::kError, Ui::width_dp() - 32);
    ui.advance(32);
  }
  ui.end_scroll();
  action_bar(ui, "Total", money(static_cast<std::int64_t>(fare) * n), "travel.book.submit", "Submit order", err.empty(),
             [](Phone& p) { submit_order(p); });
}

void passengers_page(Ui& ui, Phone& phone) {
  const Rect area = Ui::content_area();
  ui.top_bar("travel.pax.title", "Passengers", true);
  const json chosen = draft(phone).value("passengers", json::array());
  ui.text(16, area.t + 68, "Choose up to " + std::to_string(kMaxPassengers) + " passengers", Font::Body,
          color::kOnSurfaceVariant);
  ui.begin_scroll("travel.pax.list", {0, area.t + 96, Ui::width_dp(), area.b - kBarH}, phone.page_pointer() + "/scroll");
  for (const json& tr : travellers(phone)) {
    const std::string id = tr.value("id", "");
    const bool on = std::find(chosen.begin(), chosen.end(), id) != chosen.end();
    const float y = ui.cursor_y();
    const std::string text = tr.value("name", "") + (tr.value("self", false) ? " (you)" : "");
    ui.checkbox("travel.pax." + id, {0, y, Ui::width_dp(), y + 56}, text, on, [id](Phone& p) {
      json& d = st(p)["draft"];
      json& ps = d["passengers"];
      if (!ps.is_array()) ps = json::array();
      for (std::size_t k = 0; k < ps.size(); ++k)
        if (ps[k] == id) {
          ps.erase(k);
          d["seats"] = json::array();
          return;
        }
      if (static_cast<int>(ps.size()) >= kMaxPassengers) return p.toast("One order can have up to 5 passengers");
      ps.push_back(id);
      d["seats"] = json::array();
    }, "person");
    ui.advance(56);
  }
  ui.list_row("travel.pax.add", "Add a traveller", "Name and passport or national ID", "person_add",
              [](Phone& p) { p.go("add_traveller", {{"id", ""}, {"name", ""}, {"id_type", "passport"}, {"id_number", ""},
                                                     {"phone", ""}, {"error", ""}, {"for_order", true}}); });
  ui.end_scroll();
  action_bar(ui, "", "", "travel.pax.done", "Done (" + std::to_string(chosen.size()) + " selected)", true,
             [](Phone& p) { p.back(); });
}

void seats_page(Ui& ui, Phone& phone) {
  const Rect area = Ui::content_area();
  ui.top_bar("travel.seats.title", "Choose seats", true);
  Trip t;
  if (!draft_trip(phone, t)) return;
  const json d = draft(phone);
  const std::string cls = d.value("class", "");
  const int need = static_cast<int>(d.value("passengers", json::array()).size());
  const json chosen = d.value("seats", json::array());
  const std::set<std::string> taken = taken_seats(phone, t.train, t.date, cls);
  const Coach c = coach_of(cls);
  ui.text_fit(16, area.t + 66, class_label(cls) + " coach" + kDot + "choose " + std::to_string(need) +
                                   (need == 1 ? " seat" : " seats") + kDot + std::to_string(chosen.size()) + " chosen",
              Font::Body, color::kOnSurface, Ui::width_dp() - 32);
  // Legend.
  float lx = 16;
  const float ly = area.t + 96;
  for (const auto& [rgb, label] : std::vector<std::pair<std::uint32_t, std::string>>{{kSeatFree, "Free"}, {kSeatTaken, "Taken"}, {kBrand, "Yours"}}) {
    ui.fill({lx, ly, lx + 16, ly + 16}, rgb, 4);
    ui.text(lx + 22, ly, label, Font::Label, color::kOnSurfaceVariant);
    lx += 80;
  }
  // Columns: letters with the aisle after B (2+2), after A (2+1 with A|CD), between A and D.
  std::vector<float> xs;
  const float seat = 44;
  if (c.letters == "ABCD") xs = {52, 100, 212, 260};
  else if (c.letters == "ACD") xs = {76, 212, 260};
  else xs = {76, 236};
  ui.begin_scroll("travel.seats.map", {0, area.t + 124, Ui::width_dp(), area.b - kBarH}, phone.page_pointer() + "/scroll");
  float y = ui.cursor_y();
  ui.fill({28, y, Ui::width_dp() - 28, y + 8 + c.rows * 52 + 40}, 0xF8F9FD, 24);
  ui.stroke({28, y, Ui::width_dp() - 28, y + 8 + c.rows * 52 + 40}, kDivider, 24);
  for (std::size_t i = 0; i < c.letters.size(); ++i)
    ui.text_centered(xs[i], xs[i] + seat, y + 12, std::string(1, c.letters[i]), Font::Label,
                     is_window(c.letters[i]) ? kBrand : color::kOnSurfaceVariant);
  ui.text_centered(156, 204, y + 12, "Aisle", Font::Label, color::kOutline);
  y += 40;
  for (int r = 1; r <= c.rows; ++r) {
    const float ry = y + (r - 1) * 52;
    ui.text_centered(156, 204, ry + 14, std::to_string(r), Font::Label, color::kOnSurfaceVariant);
    for (std::size_t i = 0; i < c.letters.size(); ++i) {
      const std::string s = seat_id(r, c.letters[i]);
      const bool mine = std::find(chosen.begin(), chosen.end(), s) != chosen.end(), busy = taken.count(s) > 0;
      const Rect box{xs[i], ry + 2, xs[i] + seat, ry + 46};
      ui.fill(box, mine ? kBrand : busy ? kSeatTaken : kSeatFree, 8);
      ui.fill({box.l + 6, box.b - 8, box.r - 6, box.b - 4}, mine ? 0xFFFFFF : busy ? 0xBDC1C6 : 0xAECBFA, 2);
      if (busy && !mine) ui.icon((box.l + box.r) / 2, ry + 22, "close", Font::IconSmall, 0x9AA0A6);
      else ui.text_centered(box.l, box.r, ry + 12, s, Font::Label, mine ? 0xFFFFFF : kBrandDark);
      const std::string where = is_window(c.letters[i]) ? "window" : "aisle";
      Node& n = ui.item("travel.seat." + s, "android.widget.CheckBox", {box.l - 2, ry, box.r + 2, ry + 52}, s,
                        busy && !mine ? Handler() : Handler([s, need](Phone& p) {
                          json& ch = st(p)["draft"]["seats"];
                          if (!ch.is_array()) ch = json::array();
                          for (std::size_t k = 0; k < ch.size(); ++k)
                            if (ch[k] == s) {
                              ch.erase(k);
                              return;
                            }
                          if (need == 0) return p.toast("Choose passengers first");
                          if (static_cast<int>(ch.size()) >= need) ch.erase(0);
                          ch.push_back(s);
                        }));
      n.desc = "Seat " + s + ", " + where + (busy && !mine ? ", taken" : mine ? ", selected" : ", free");
      n.checkable = true;
      n.checked = mine;
      n.enabled = !busy || mine;
    }
  }
  ui.set_cursor(y + c.rows * 52 + 24);
  ui.end_scroll();
  std::string list;
  for (const json& s : chosen) list += (list.empty() ? "" : ", ") + s.get<std::string>();
  action_bar(ui, "Your seats", list.empty() ? "Not chosen" : list, "travel.seats.done", "Done", true,
             [](Phone& p) { p.back(); });
}

/// Trip summary card shared by the confirmation and order pages; returns its height.
float order_card(Ui& ui, const json& o, float y) {
  ui.fill({12, y, Ui::width_dp() - 12, y + 108}, kCard, 16);
  ui.text_fit(28, y + 10, short_date(o.value("date", "")) + kDot + o.value("train", "") + kDot +
                              type_label(o.value("type", "")) + kDot + class_label(o.value("class", "")),
              Font::Label, kBrand, Ui::width_dp() - 56);
  route_block(ui, y + 32, parse_hhmm(o.value("depart", "00:00")), parse_hhmm(o.value("arrive", "00:00")),
              o.value("from_name", ""), o.value("to_name", ""), duration_text(o.value("duration_min", 0)), 28, kCard);
  return 120;
}

float passenger_rows(Ui& ui, const json& o, const std::string& prefix) {
  float h = 0;
  for (const json& x : o.value("passengers", json::array())) {
    const float y = ui.cursor_y();
    const std::string seat = x.value("seat", "");
    ui.icon(32, y + 24, "person", Font::Icon, color::kOnSurfaceVariant);
    ui.text_fit(60, y + 14, x.value("name", ""), Font::BodyLarge, color::kOnSurface, 180);
    const std::string s = "Seat " + seat + (seat.empty() ? "" : is_window(seat.back()) ? " window" : " aisle");
    ui.label_at(prefix + x.value("traveller", ""), Ui::width_dp() - 16 - ui.text_width(s, Font::Body), y + 16, s, Font::Body,
                color::kOnSurfaceVariant);
    ui.advance(48);
    h += 48;
  }
  return h;
}

void confirm_page(Ui& ui, Phone& phone) {
  const Rect area = Ui::content_area();
  const std::string id = phone.page_string("order");
  const json o = order_of(phone, id);
  ui.top_bar("travel.confirm.title", "Order " + id, true);
  if (o.is_null()) return;
  const std::string es = effective_status(o, phone.now_ms());
  ui.begin_scroll("travel.confirm.list", {0, area.t + 64, Ui::width_dp(), area.b - kBarH}, phone.page_pointer() + "/scroll");
  float y = ui.cursor_y();
  if (es == "unpaid") {
    ui.fill({12, y, Ui::width_dp() - 12, y + 84}, 0xFFF4E5, 16);
    ui.icon(40, y + 30, "schedule", Font::Icon, kAmber);
    ui.label_at("travel.confirm.status", 64, y + 14, "Seats held until " +
                    phone.format_time(o.value("held_until_ms", std::int64_t{0}) + (phone.local_time_ms() - phone.now_ms())),
                Font::BodyLarge, color::kOnSurface, Ui::width_dp() - 92);
    ui.text_wrapped(64, y + 42, "Pay within 30 minutes or the order is cancelled.", Font::Label, color::kOnSurfaceVariant,
                    Ui::width_dp() - 92, 18);
  } else {
    const bool good = es == "paid";
    ui.fill({12, y, Ui::width_dp() - 12, y + 84}, good ? 0xE6F4EA : 0xFCE8E6, 16);
    ui.icon(40, y + 30, good ? "check_circle" : "cancel", Font::Icon, good ? kGreen : color::kError);
    ui.label_at("travel.confirm.status", 64, y + 14, good ? "Ticket booked" : status_label(es, false), Font::BodyLarge,
                color::kOnSurface, Ui::width_dp() - 92);
    ui.text_fit(64, y + 44, good ? "Paid " + money(o.value("total_cents", 0)) + " with Wallet" : "No money was taken",
                Font::Label, color::kOnSurfaceVariant, Ui::width_dp() - 92);
  }
  ui.advance(96);
  ui.advance(order_card(ui, o, ui.cursor_y()));
  section(ui, "Passengers and seats");
  passenger_rows(ui, o, "travel.confirm.pax.");
  if (es == "unpaid")
    ui.button("travel.confirm.cancel", {16, ui.cursor_y() + 8, 176, ui.cursor_y() + 56}, "Cancel order", false, [id](Phone& p) {
      p.show_dialog({{"owner", kApp}, {"kind", "alert"}, {"title", "Cancel this order?"},
                     {"text", "Order " + id + " will be cancelled and its seats released. Nothing has been paid."},
                     {"buttons", json::array({{{"id", "keep"}, {"label", "Keep"}}, {{"id", "cancel_order"}, {"label", "Cancel order"}}})},
                     {"data", {{"action", "cancel"}, {"order", id}}}});
    });
  else if (es == "paid")
    ui.list_row("travel.confirm.calendar", "Add to Calendar", "A reminder for this trip", "event",
                [o](Phone& p) { add_to_calendar(p, o); });
  ui.advance(64);
  ui.end_scroll();
  const std::string total = money(o.value("total_cents", 0));
  if (es == "unpaid")
    action_bar(ui, "Total", total, "travel.confirm.pay", "Pay with Wallet", true, [id](Phone& p) { pay_order(p, id); });
  else
    action_bar(ui, "Total", total, "travel.confirm.view", "View order", true, [id](Phone& p) { p.go("view_order", {{"order", id}}); });
}

// ---------------------------------------------------------------- pages: orders

void orders_page(Ui& ui, Phone& phone) {
  const Rect area = Ui::content_area();
  ui.headline("travel.orders.title", 16, area.t + 12, "Orders");
  const std::string tab = st(phone).value("orders_tab", "upcoming");
  const std::vector<Ui::Tab> tabs = {{"upcoming", "Upcoming", ""}, {"past", "Past", ""}, {"cancelled", "Cancelled", ""}};
  int sel = tab == "past" ? 1 : tab == "cancelled" ? 2 : 0;
  ui.tabs("travel.orders.tab.", {0, area.t + 60, Ui::width_dp(), area.t + 108}, tabs, sel, [](Phone& p, int i) {
    static const char* k[] = {"upcoming", "past", "cancelled"};
    st(p)["orders_tab"] = k[i];
    p.set_scroll(0);
  });
  std::vector<json> list;
  const std::int64_t now = phone.local_time_ms();
  for (const json& o : orders(phone)) {
    const std::string es = effective_status(o, phone.now_ms());
    const bool gone = departure_ms(o) <= now;
    const std::string where = es == "cancelled" || es == "refunded" || es == "expired" ? "cancelled" : gone ? "past" : "upcoming";
    if (where == tab) list.push_back(o);
  }
  std::sort(list.begin(), list.end(), [&](const json& a, const json& b) {
    return tab == "upcoming" ? departure_ms(a) < departure_ms(b) : departure_ms(a) > departure_ms(b);
  });
  ui.begin_scroll("travel.orders.list", {0, area.t + 108, Ui::width_dp(), area.b - kNavH}, phone.page_pointer() + "/scroll");
  ui.advance(8);
  for (const json& o : list) {
    const float y = ui.cursor_y();
    const std::string id = o.value("id", ""), es = effective_status(o, phone.now_ms());
    const bool gone = departure_ms(o) <= now;
    ui.fill({12, y, Ui::width_dp() - 12, y + 112}, 0xFFFFFF, 12);
    ui.stroke({12, y, Ui::width_dp() - 12, y + 112}, kDivider, 12);
    ui.text(28, y + 12, short_date(o.value("date", "")), Font::Label, color::kOnSurfaceVariant);
    const std::string sl = status_label(es, gone);
    ui.text(Ui::width_dp() - 28 - ui.text_width(sl, Font::Label), y + 12, sl, Font::Label, status_color(es, gone));
    ui.text_fit(28, y + 34, o.value("depart", "") + "  " + o.value("from_name", ""), Font::BodyLarge, color::kOnSurface, Ui::width_dp() - 56);
    ui.text_fit(28, y + 58, o.value("arrive", "") + "  " + o.value("to_name", ""), Font::BodyLarge, color::kOnSurface, Ui::width_dp() - 56);
    const int n = static_cast<int>(o.value("passengers", json::array()).size());
    ui.text_fit(28, y + 86, o.value("train", "") + kDot + class_label(o.value("class", "")) + kDot + std::to_string(n) +
                                (n == 1 ? " passenger" : " passengers") + kDot + money(o.value("total_cents", 0)),
                Font::Label, color::kOnSurfaceVariant, Ui::width_dp() - 56);
    Node& node = ui.item("travel.order." + id, "android.widget.LinearLayout", {12, y, Ui::width_dp() - 12, y + 112},
                         o.value("from_name", "") + " to " + o.value("to_name", ""),
                         [id](Phone& p) { p.go("open_order", {{"order", id}}); });
    node.desc = short_date(o.value("date", "")) + ", " + o.value("train", "") + ", " + sl;
    ui.advance(124);
  }
  if (list.empty()) {
    ui.icon(Ui::width_dp() / 2, ui.cursor_y() + 72, "receipt_long", Font::IconLarge, color::kOutline);
    ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 112,
                     tab == "upcoming" ? "No upcoming trips" : tab == "past" ? "No past trips" : "No cancelled orders",
                     Font::BodyLarge, color::kOnSurface);
  }
  ui.advance(8);
  ui.end_scroll();
  tab_bar(ui, "orders");
}

void detail_row(Ui& ui, const std::string& id, const std::string& label, const std::string& value,
                std::uint32_t rgb = color::kOnSurface) {
  const float y = ui.cursor_y();
  ui.text(16, y + 10, label, Font::Body, color::kOnSurfaceVariant);
  const float w = std::min(200.f, ui.text_width(value, Font::Body));
  ui.label_at(id, Ui::width_dp() - 16 - w, y + 10, value, Font::Body, rgb, 200);
  ui.advance(40);
}

void order_page(Ui& ui, Phone& phone) {
  const Rect area = Ui::content_area();
  const std::string id = phone.page_string("order");
  const json o = order_of(phone, id);
  ui.top_bar("travel.order.title", "Order " + id, true);
  if (o.is_null()) {
    ui.text_centered(0, Ui::width_dp(), area.t + 120, "Order not found", Font::BodyLarge, color::kOnSurface);
    return;
  }
  const std::string es = effective_status(o, phone.now_ms());
  const bool gone = departure_ms(o) <= phone.local_time_ms();
  ui.begin_scroll("travel.order.list", {0, area.t + 64, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
  ui.label_at("travel.order.status", 16, ui.cursor_y() + 4, status_label(es, gone), Font::Title, status_color(es, gone), Ui::width_dp() - 32);
  ui.advance(40);
  ui.advance(order_card(ui, o, ui.cursor_y()));
  if (es == "unpaid") {
    ui.list_row("travel.order.pay", "Pay now", "Seats held until " + phone.format_time(o.value("held_until_ms", std::int64_t{0}) +
                                                                                         (phone.local_time_ms() - phone.now_ms())),
                "payments", [id](Phone& p) { p.go("pay", {{"order", id}}); });
  } else if (es == "paid" && !gone) {
    // Quick actions: four equal columns, an icon in a tonal circle over its label.
    struct Action {
      const char* id;
      const char* icon;
      const char* label;
      Handler run;
    };
    const std::vector<Action> actions = {
        {"travel.order.change", "swap_horiz", "Change", [id](Phone& p) { p.go("change", {{"order", id}}); }},
        {"travel.order.refund", "currency_exchange", "Refund", [id](Phone& p) { p.go("refund", {{"order", id}}); }},
        {"travel.order.calendar", "event", "Calendar", [o](Phone& p) { add_to_calendar(p, o); }},
        {"travel.order.share", "share", "Share", [o](Phone& p) { share_trip(p, o); }}};
    const float y = ui.cursor_y() + 4, w = (Ui::width_dp() - 16) / 4;
    for (std::size_t i = 0; i < actions.size(); ++i) {
      const float x = 8 + w * i, cx = x + w / 2;
      ui.circle(cx, y + 24, 22, color::kPrimaryContainer);
      ui.icon(cx, y + 24, actions[i].icon, Font::Icon, color::kOnPrimaryContainer);
      ui.text_centered(x, x + w, y + 52, actions[i].label, Font::Label, color::kOnSurface);
      ui.item(actions[i].id, "android.widget.Button", {x, y, x + w, y + 76}, actions[i].label, actions[i].run);
    }
    ui.advance(88);
  } else if (es == "paid") {
    ui.text_wrapped(16, ui.cursor_y() + 8, "This train has left. Past tickets can't be changed or refunded.", Font::Body,
                    color::kOnSurfaceVariant, Ui::width_dp() - 32, 20);
    ui.advance(56);
  }
  section(ui, "Passengers and seats");
  passenger_rows(ui, o, "travel.order.pax.");
  section(ui, "Payment");
  detail_row(ui, "travel.order.fare", class_label(o.value("class", "")) + " fare",
             money(o.value("price_cents", 0)) + " \xC3\x97 " + std::to_string(o.value("passengers", json::array()).size()));
  detail_row(ui, "travel.order.total", "Total", money(o.value("total_cents", 0)));
  if (!o.value("changed_from", "").empty()) {
    const int diff = o.value("change_diff_cents", 0);
    detail_row(ui, "travel.order.changed", "Changed from " + o.value("changed_from", ""),
               diff > 0 ? "paid " + money(diff) : diff < 0 ? "refunded " + money(-diff) : "no difference");
  }
  if (es == "refunded") {
    detail_row(ui, "travel.order.fee", "Refund fee", money(o.value("fee_cents", 0)));
    detail_row(ui, "travel.order.refunded", "Refunded to Wallet", money(o.value("refund_cents", 0)), kGreen);
  }
  if (!o.value("transaction_id", "").empty()) detail_row(ui, "travel.order.txn", "Wallet payment", o.value("transaction_id", ""));
  ui.advance(24);
  ui.end_scroll();
}

void change_page(Ui& ui, Phone& phone) {
  const Rect area = Ui::content_area();
  const std::string id = phone.page_string("order");
  const json o = order_of(phone, id);
  ui.top_bar("travel.change.title", "Change train", true);
  if (o.is_null()) return;
  const std::string cls = o.value("class", ""), date = o.value("date", "");
  const int n = static_cast<int>(o.value("passengers", json::array()).size()), total = o.value("total_cents", 0);
  ui.text_fit(16, area.t + 66, short_date(date) + kDot + o.value("from_name", "") + " to " + o.value("to_name", ""),
              Font::Body, color::kOnSurface, Ui::width_dp() - 32);
  ui.text_fit(16, area.t + 90, "Now on " + o.value("train", "") + " at " + o.value("depart", "") + kDot + class_label(cls) +
                                   kDot + money(total),
              Font::Label, color::kOnSurfaceVariant, Ui::width_dp() - 32);
  ui.begin_scroll("travel.change.list", {0, area.t + 116, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
  int shown = 0;
  for (const Trip& t : search_trips(o.value("from", ""), o.value("to", ""), date)) {
    if (t.train == o.value("train", "")) continue;
    if (local_ms(date, t.dep) <= phone.local_time_ms()) continue;
    bool has_class = false;
    for (const std::string& c : classes_of(t.type)) has_class = has_class || c == cls;
    const int left = has_class ? seats_left(phone, t.train, date, cls) : 0;
    const float y = ui.cursor_y();
    const int diff = has_class ? fare_cents(t.type, t.km, cls) * n - total : 0;
    const bool ok = has_class && left >= n;
    ui.text(16, y + 12, hhmm(t.dep) + " - " + hhmm(t.arr % 1440), Font::BodyLarge, ok ? color::kOnSurface : color::kOutline);
    ui.text(16, y + 40, t.train + kDot + type_label(t.type) + kDot + duration_text(t.duration()), Font::Label,
            color::kOnSurfaceVariant);
    const std::string d = !has_class ? "No " + class_label(cls) : left < n ? "Sold out" : diff > 0 ? "Pay " + money(diff)
                                                                                   : diff < 0 ? "Get " + money(-diff) + " back"
                                                                                              : "Same price";
    ui.text(Ui::width_dp() - 16 - ui.text_width(d, Font::Body), y + 14, d, Font::Body,
            !ok ? color::kError : diff > 0 ? kAmber : kGreen);
    const std::string train = t.train, dep = hhmm(t.dep);
    Node& node = ui.item("travel.change." + t.train, "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + 68}, t.train + " " + dep,
                         ok ? Handler([id, train, dep, diff](Phone& p) {
                           const std::string text = diff > 0 ? "You'll pay " + money(diff) + " more with Wallet."
                                                    : diff < 0 ? money(-diff) + " will be refunded to Wallet."
                                                               : "The fare is the same.";
                           p.show_dialog({{"owner", kApp}, {"kind", "alert"}, {"title", "Change to " + train + "?"},
                                          {"text", "Your seats move to the " + dep + " train. " + text},
                                          {"buttons", json::array({{{"id", "keep"}, {"label", "Keep"}}, {{"id", "change"}, {"label", "Change"}}})},
                                          {"data", {{"action", "change"}, {"order", id}, {"train", train}}}});
                         })
                            : Handler());
    node.desc = d;
    node.enabled = ok;
    ui.fill({16, y + 67, Ui::width_dp() - 16, y + 68}, kDivider);
    ui.advance(68);
    ++shown;
  }
  if (shown == 0) ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 60, "No other trains that day", Font::BodyLarge, color::kOnSurface);
  ui.end_scroll();
}

void refund_page(Ui& ui, Phone& phone) {
  const Rect area = Ui::content_area();
  const std::string id = phone.page_string("order");
  const json o = order_of(phone, id);
  ui.top_bar("travel.refund.title", "Refund ticket", true);
  if (o.is_null()) return;
  const std::int64_t until = departure_ms(o) - phone.local_time_ms();
  const int pct = refund_fee_pct(departure_ms(o), phone.local_time_ms());
  const int total = o.value("total_cents", 0), fee = pct < 0 ? 0 : total * pct / 100;
  ui.begin_scroll("travel.refund.list", {0, area.t + 64, Ui::width_dp(), area.b - kBarH}, phone.page_pointer() + "/scroll");
  ui.advance(order_card(ui, o, ui.cursor_y()));
  const std::int64_t hours = until / 3600000;
  ui.label_at("travel.refund.when", 16, ui.cursor_y() + 4,
              until <= 0 ? "This train has left"
                         : "Departs in " + (hours >= 48 ? std::to_string(hours / 24) + " days " + std::to_string(hours % 24) + " h"
                                                        : std::to_string(hours) + " h " + std::to_string(until / 60000 % 60) + " min"),
              Font::BodyLarge, color::kOnSurface, Ui::width_dp() - 32);
  ui.advance(40);
  section(ui, "Refund fees");
  const std::vector<std::pair<int, std::string>> rules = {{0, "More than 48 h before departure"}, {5, "24 to 48 h before"},
                                                          {20, "Less than 24 h before"}, {-1, "After departure"}};
  for (const auto& [p, label] : rules) {
    const float y = ui.cursor_y();
    const bool cur = p == pct;
    if (cur) ui.fill({12, y, Ui::width_dp() - 12, y + 40}, color::kPrimaryContainer, 8);
    ui.text(28, y + 10, label, Font::Body, color::kOnSurface);
    const std::string v = p < 0 ? "No refund" : std::to_string(p) + "% fee";
    ui.text(Ui::width_dp() - 28 - ui.text_width(v, Font::Body), y + 10, v, Font::Body, cur ? color::kOnPrimaryContainer : color::kOnSurfaceVariant);
    ui.advance(40);
  }
  ui.advance(8);
  detail_row(ui, "travel.refund.paid", "Ticket price", money(total));
  detail_row(ui, "travel.refund.fee", "Fee" + (pct > 0 ? " (" + std::to_string(pct) + "%)" : std::string()), money(fee));
  detail_row(ui, "travel.refund.amount", "Refund to Wallet", pct < 0 ? "-" : money(total - fee), kGreen);
  ui.end_scroll();
  const bool ok = pct >= 0 && effective_status(o, phone.now_ms()) == "paid";
  action_bar(ui, "You get back", ok ? money(total - fee) : "$0.00", "travel.refund.confirm", ok ? "Refund" : "Not refundable",
             ok, [id, total, fee](Phone& p) {
               p.show_dialog({{"owner", kApp}, {"kind", "alert"}, {"title", "Refund this ticket?"},
                              {"text", "Order " + id + " will be cancelled. " + money(total - fee) + " goes back to Wallet" +
                                           (fee ? " after a " + money(fee) + " fee." : ".")},
                              {"buttons", json::array({{{"id", "keep"}, {"label", "Keep ticket"}}, {{"id", "refund"}, {"label", "Refund"}}})},
                              {"data", {{"action", "refund"}, {"order", id}}}});
             });
}

// ---------------------------------------------------------------- pages: travellers

void travellers_page(Ui& ui, Phone& phone) {
  const Rect area = Ui::content_area();
  ui.headline("travel.travellers.title", 16, area.t + 12, "Travellers");
  ui.text(16, area.t + 56, "Saved passengers for faster booking", Font::Body, color::kOnSurfaceVariant);
  ui.begin_scroll("travel.travellers.list", {0, area.t + 88, Ui::width_dp(), area.b - kNavH}, phone.page_pointer() + "/scroll");
  for (const json& tr : travellers(phone)) {
    const float y = ui.cursor_y();
    const std::string id = tr.value("id", ""), name = tr.value("name", "");
    ui.avatar(40, y + 36, 20, name.substr(0, 1), color::kPrimaryContainer, color::kOnPrimaryContainer);
    ui.text_fit(72, y + 14, name + (tr.value("self", false) ? " (you)" : ""), Font::BodyLarge, color::kOnSurface, Ui::width_dp() - 120);
    const std::string sub = (tr.value("id_type", "") == "national" ? "National ID " : "Passport ") +
                            masked_id(tr.value("id_number", ""));
    ui.text_fit(72, y + 40, sub, Font::Body, color::kOnSurfaceVariant, Ui::width_dp() - 120);
    ui.icon(Ui::width_dp() - 32, y + 36, "edit", Font::Icon, color::kOnSurfaceVariant);
    Node& n = ui.item("travel.traveller." + id, "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + 72}, name, [id](Phone& p) {
      const json t = traveller_of(p, id);
      p.go("edit", {{"id", id}, {"name", t.value("name", "")}, {"id_type", t.value("id_type", "passport")},
                     {"id_number", t.value("id_number", "")}, {"phone", t.value("phone", "")}, {"error", ""},
                     {"for_order", false}});
    });
    n.desc = sub;
    ui.advance(72);
  }
  ui.advance(80);
  ui.end_scroll();
  // The FAB sits above the bottom navigation bar (the toolkit's fab() is for pages without one).
  const Rect fr{Ui::width_dp() - 16 - 56, area.b - kNavH - 16 - 56, Ui::width_dp() - 16, area.b - kNavH - 16};
  ui.fill(fr, color::kPrimaryContainer, 16);
  ui.icon((fr.l + fr.r) / 2, (fr.t + fr.b) / 2, "person_add", Font::Icon, color::kOnPrimaryContainer);
  ui.item("travel.travellers.add", "android.widget.ImageButton", fr, "", [](Phone& p) {
    p.go("add", {{"id", ""}, {"name", ""}, {"id_type", "passport"}, {"id_number", ""}, {"phone", ""}, {"error", ""},
                  {"for_order", false}});
  }).desc = "Add traveller";
  tab_bar(ui, "travellers");
}

/// Saves the traveller form (page-local fields) or shows its error.
void save_traveller(Phone& p) {
  json& e = p.page_state();
  const std::string name = trim(e.value("name", "")), type = e.value("id_type", "passport");
  std::string number = trim(e.value("id_number", ""));
  for (char& c : number) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  std::string err = name.empty() ? "Enter the traveller's full name" : id_number_error(type, number);
  const std::string id = e.value("id", "");
  if (err.empty())
    for (const json& t : travellers(p))
      if (t.value("id", "") != id && t.value("id_number", "") == number)
        err = "This ID number is already saved for " + t.value("name", "");
  if (!err.empty()) {
    e["error"] = err;
    p.clear_focus();
    return;
  }
  json& s = st(p);
  std::string key = id;
  if (key.empty()) {
    const int n = s.value("next_traveller", 7);
    key = "t" + std::to_string(n);
    s["next_traveller"] = n + 1;
  }
  const json old = traveller_of(p, key);
  if (!s["travellers"].is_object()) s["travellers"] = json::object();
  s["travellers"][key] = {{"name", name}, {"id_type", type}, {"id_number", number}, {"phone", trim(e.value("phone", ""))},
                          {"self", old.is_null() ? false : old.value("self", false)}};
  const bool for_order = e.value("for_order", false) && id.empty();
  if (for_order) {
    json& ps = s["draft"]["passengers"];
    if (ps.is_array() && static_cast<int>(ps.size()) < kMaxPassengers) {
      ps.push_back(key);
      s["draft"]["seats"] = json::array();
    }
  }
  p.clear_focus();
  p.back();
  p.toast(id.empty() ? "Traveller added" : "Traveller saved");
}

void traveller_edit_page(Ui& ui, Phone& phone) {
  const Rect area = Ui::content_area();
  const json& e = phone.page_state();
  const std::string id = e.value("id", ""), pp = phone.page_pointer();
  const json existing = id.empty() ? json() : traveller_of(phone, id);
  ui.top_bar("travel.edit.title", id.empty() ? "Add traveller" : "Edit traveller", true);
  float y = area.t + 72;
  ui.text_field("travel.edit.name", {16, y, Ui::width_dp() - 16, y + 56}, "Full name (as on the ID)", pp + "/name", "");
  y += 72;
  ui.text(16, y, "ID document", Font::Label, kBrand);
  y += 20;
  const std::string type = e.value("id_type", "passport");
  ui.radio("travel.edit.type.passport", {0, y, Ui::width_dp() / 2, y + 48}, "Passport", type == "passport", [](Phone& p) {
    p.page_state()["id_type"] = "passport";
    p.page_state()["error"] = "";
  });
  ui.radio("travel.edit.type.national", {Ui::width_dp() / 2, y, Ui::width_dp(), y + 48}, "National ID", type == "national", [](Phone& p) {
    p.page_state()["id_type"] = "national";
    p.page_state()["error"] = "";
  });
  y += 56;
  ui.text_field("travel.edit.id_number", {16, y, Ui::width_dp() - 16, y + 56}, type == "national" ? "National ID number" : "Passport number",
                pp + "/id_number", type == "national" ? "12 digits" : "9 letters or digits");
  y += 60;
  ui.text(16, y, type == "national" ? "Exactly 12 digits, no spaces" : "Exactly 9 letters or digits", Font::Label,
          color::kOnSurfaceVariant);
  y += 28;
  ui.text_field("travel.edit.phone", {16, y, Ui::width_dp() - 16, y + 56}, "Phone (optional)", pp + "/phone", "+1 555 0100");
  y += 72;
  const std::string err = e.value("error", "");
  if (!err.empty()) {
    ui.icon(28, y + 10, "warning", Font::IconSmall, color::kError);
    ui.label_at("travel.edit.error", 44, y, err, Font::Body, color::kError, Ui::width_dp() - 60);
  }
  y += 40;
  brand_button(ui, "travel.edit.save", {16, y, Ui::width_dp() - 16, y + 48}, "Save", [](Phone& p) { save_traveller(p); });
  y += 60;
  if (!existing.is_null() && !existing.value("self", false))
    ui.button("travel.edit.delete", {16, y, Ui::width_dp() - 16, y + 48}, "Delete traveller", false, [id](Phone& p) {
      const json t = traveller_of(p, id);
      p.show_dialog({{"owner", kApp}, {"kind", "alert"}, {"title", "Delete " + t.value("name", "") + "?"},
                     {"text", "They will no longer be offered as a passenger. Existing tickets are kept."},
                     {"buttons", json::array({{{"id", "keep"}, {"label", "Cancel"}}, {{"id", "delete"}, {"label", "Delete"}}})},
                     {"data", {{"action", "delete_traveller"}, {"traveller", id}}}});
    });
}

// ---------------------------------------------------------------- the app

/// Wallet's answer: a paid booking becomes "paid"; a paid change moves the order to its new
/// train; cancelled or declined payments leave the order as it was. An unknown ref is an error.
json payment_result(Phone& p, const json& args) {
  const json pending = wallet::settle_payment(p, kApp, args);
  if (pending.is_null()) return {{"ok", true}};
  json& s = st(p);
  const std::string id = pending.value("order", "");
  const std::string txn = wallet::transaction_of(args);
  if (pending.value("kind", "") == "change") {
    const json o = order_of(p, id);
    Trip t;
    if (!o.is_null() && find_trip(pending.value("train", ""), o.value("date", ""), o.value("from", ""), o.value("to", ""), t))
      apply_change(p, id, t, pending.value("amount_cents", 0));
    if (p.foreground() == kApp && p.current_page() == "change") p.back();
    p.toast("Changed to " + pending.value("train", ""));
    return {{"ok", true}, {"order", id}};
  }
  const json o = order_of(p, id);
  if (o.is_null() || effective_status(o, p.now_ms()) != "unpaid") {
    // The hold ran out (or the order was cancelled) while Wallet was paying: give the money back.
    const int amount = args.value("amount_cents", pending.value("amount_cents", 0));
    if (amount > 0) wallet_refund(p, "travel:" + id, amount, "Refund: order " + id + " expired before payment");
    p.toast("The order expired before payment. Your payment was refunded");
    return {{"ok", true}, {"order", id}};
  }
  set_order(p, id, {{"status", "paid"}, {"paid_ms", p.now_ms()}, {"transaction_id", txn}});
  p.toast("Payment successful");
  return {{"ok", true}, {"order", id}};
}

class TravelApp : public App {
 public:
  TravelApp() {
    add_page("home", home_page);
    add_page("station", station_page);
    add_page("calendar", calendar_page);
    add_page("results", results_page);
    add_page("filters", filters_page);
    add_page("train", train_page);
    add_page("book", book_page);
    add_page("passengers", passengers_page);
    add_page("seats", seats_page);
    add_page("confirm", confirm_page);
    add_page("orders", orders_page);
    add_page("order", order_page);
    add_page("change", change_page);
    add_page("refund", refund_page);
    add_page("travellers", travellers_page);
    add_page("traveller_edit", traveller_edit_page);
    add_export("payment_result", payment_result);
    add_export("orders", [](Phone& p, const json&) { return json{{"orders", orders(p)}}; });
    add_export("order", [](Phone& p, const json& args) {
      const std::string id = args.value("id", "");
      json o = order_of(p, id);
      if (o.is_null()) throw std::invalid_argument("travel order: no order \"" + id + "\"");
      return o;
    });
  }

  /// {"app": "travel", "order": id} opens that order (from a notification or another app).
  void on_intent(Phone& phone, const json& intent) override {
    if (!intent.contains("order")) return;
    const std::string id = intent.value("order", "");
    phone.back_to_root();
    if (phone.current_page() != "orders") phone.navigate("tab_orders");
    if (order_of(phone, id).is_null()) return phone.toast("Order not found");
    phone.go("open_order", {{"order", id}});
  }

  void on_dialog_result(Phone& phone, const json& dialog, const std::string& button) override {
    const json data = dialog.value("data", json::object());
    const std::string action = data.value("action", ""), id = data.value("order", "");
    if (action == "cancel" && button == "cancel_order") {
      const json o = order_of(phone, id);
      if (o.is_null() || effective_status(o, phone.now_ms()) != "unpaid") return;
      set_order(phone, id, {{"status", "cancelled"}});
      phone.toast("Order cancelled");
    } else if (action == "change" && button == "change") {
      change_order(phone, id, data.value("train", ""));
    } else if (action == "refund" && button == "refund") {
      refund_order(phone, id);
    } else if (action == "delete_traveller" && button == "delete") {
      const std::string tid = data.value("traveller", "");
      json& s = st(phone);
      if (!s["travellers"].is_object()) s["travellers"] = json::object();
      if (World::instance().entity(kApp, "travellers", tid))
        s["travellers"][tid] = nullptr;
      else
        s["travellers"].erase(tid);
      json& ps = s["draft"]["passengers"];
      if (ps.is_array())
        for (std::size_t k = 0; k < ps.size(); ++k)
          if (ps[k] == tid) ps.erase(k);
      if (phone.current_page() == "traveller_edit") phone.back();
      phone.toast("Traveller deleted");
    }
  }
};

}  // namespace
PG_REGISTER_APP("travel", TravelApp);
}  // namespace pg
