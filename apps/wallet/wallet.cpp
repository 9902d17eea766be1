// Wallet (Google Wallet / Alipay-like): a wallet balance, payment cards (add, remove, set the
// default), sending money to a contact or a number and requesting money, bills (pay, autopay),
// the activity list with month / category / text filters and a transaction's details, a monthly
// budget (spent against the budget, by category) and a receive-by-QR page. Every payment goes
// through the `confirm` page and a 6-digit PIN pad (`pin`); a wrong PIN is refused and counted.
// Other apps pay through the explicit intent org.phonegym.wallet.PAY (Shop's checkout, Chat's
// transfers): Wallet confirms, asks for the PIN, records the transaction and calls the payer's
// exported `payment_result` (docs/apps/wallet.md).
// World data: transactions (Oct-Dec 2025), cards and bills (apps/wallet/world/*.json), seen
// through the overlays apps.wallet.transactions / cards / bills.
#include "apps/contacts/people.hpp"
#include "sim/os/app.hpp"
#include "sim/os/clock_format.hpp"
#include "sim/os/phone.hpp"
#include "sim/state/overlay.hpp"
#include "sim/state/world.hpp"
#include "sim/ui/ui.hpp"
#include "sim/util/hash.hpp"
#include "sim/util/text.hpp"
#include "sim/ui/dark.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace pg {
namespace {

using json = nlohmann::json;

constexpr const char* kApp = "wallet";
constexpr const char* kPayAction = "org.phonegym.wallet.PAY";
constexpr int kPinLength = 6;
constexpr int kPinTries = 3;                  // wrong PINs before a payment is declined
constexpr long long kMaxTransfer = 1000000;   // $10,000.00 per transfer
constexpr float kNavDp = 80;                  // the bottom navigation bar
constexpr std::uint32_t kGreen = 0x188038, kCardBlue = 0x0B57D0, kDisabled = 0xE3E3E3;
constexpr const char* kDot = "\xE2\x80\xA2";  // •
constexpr const char* kMid = " \xC2\xB7 ";     // " · "
constexpr const char* kOwnerName = "Alex Rivera";
constexpr const char* kOwnerNumber = "+1 555 0100";
constexpr const char* kPayLink = "https://wallet.example.com/pay/alexrivera";

// ---------------------------------------------------------------- small helpers

/// The app's own state, read-only (drawing never inserts keys).
const json& S(const Phone& p) { return own_state(p, kApp); }


long long cents_of(const json& o, const char* key) {
  const json v = o.value(key, json(0));
  return v.is_number_integer() ? v.get<long long>() : 0;
}

/// "$1,234.56" ("-$1,234.56" below zero).
std::string money(long long cents) {
  const bool neg = cents < 0;
  if (neg) cents = -cents;
  std::string whole = std::to_string(cents / 100);
  for (int i = static_cast<int>(whole.size()) - 3; i > 0; i -= 3) whole.insert(static_cast<std::size_t>(i), ",");
  char frac[8];
  std::snprintf(frac, sizeof frac, "%02lld", cents % 100);
  return std::string(neg ? "-$" : "$") + whole + "." + frac;
}

/// "12.34": the amount as plain text (the transactions' "amount" field).
std::string plain_amount(long long cents) {
  char b[32];
  std::snprintf(b, sizeof b, "%lld.%02lld", cents / 100, cents % 100);
  return b;
}

/// Reads a typed amount: "25", "25.5", "$1,200.00" (at most two decimals). False if it is not one.
bool parse_amount(const std::string& text, long long& cents) {
  std::string s = trim(text);
  if (!s.empty() && s[0] == '$') s = trim(s.substr(1));
  // Commas only as thousands separators ("1,200.50"; "12,50" is not an amount).
  const std::string whole_part = s.substr(0, s.find('.'));
  if (whole_part.find(',') != std::string::npos) {
    std::size_t group = 0;
    for (std::size_t i = whole_part.size(); i-- > 0;) {
      if (whole_part[i] == ',') {
        if (group != 3 || i == 0) return false;
        group = 0;
      } else {
        ++group;
      }
    }
    if (group > 3) return false;
    std::string bare;
    for (char c : s)
      if (c != ',') bare += c;
    s = bare;
  }
  if (s.empty() || s.size() > 12) return false;
  long long whole = 0, frac = 0;
  int frac_digits = -1;
  bool any = false;
  for (char c : s) {
    if (c == '.') {
      if (frac_digits >= 0) return false;
      frac_digits = 0;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      any = true;
      if (frac_digits >= 0) {
        if (++frac_digits > 2) return false;
        frac = frac * 10 + (c - '0');
      } else {
        whole = whole * 10 + (c - '0');
      }
    } else {
      return false;
    }
  }
  if (!any) return false;
  if (frac_digits == 1) frac *= 10;
  cents = whole * 100 + frac;
  return true;
}

std::string digits_of(const std::string& s) {
  std::string d;
  for (char c : s)
    if (std::isdigit(static_cast<unsigned char>(c))) d += c;
  return d;
}

/// Whether a text is made of digits (and the spaces, + - ( ) of a number), with at least one digit.
bool numeric_text(const std::string& s) {
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c)) && std::string("+-() ").find(c) == std::string::npos) return false;
  return !digits_of(s).empty();
}

/// Whether a typed recipient reads as a phone number: digits, spaces, + - ( ), 7 digits or more.
bool is_phone_number(const std::string& s) {
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c)) && std::string("+-() ").find(c) == std::string::npos) return false;
  return digits_of(s).size() >= 7;
}

// ---------------------------------------------------------------- time

std::int64_t local_shift(const Phone& p) { return p.local_time_ms() - p.now_ms(); }

/// A month's abbreviated name (1..12, wrapping), in the phone's locale.
std::string short_month(int m) { return month_name((m + 11) % 12 + 1, true); }

/// "2025-11" of a local time.
std::string month_key(std::int64_t local_ms) {
  const CivilTime c = civil_from_ms(local_ms);
  char b[16];
  std::snprintf(b, sizeof b, "%04d-%02d", c.year, c.month);
  return b;
}

/// "November 2025" (in the phone's locale) of "2025-11".
std::string month_label(const std::string& key) {
  if (key.size() != 7) return key;
  const int m = std::atoi(key.substr(5).c_str());
  if (m < 1 || m > 12) return key;
  return format_date(std::atoi(key.substr(0, 4).c_str()), m, 1, DateStyle::MonthYear);
}

/// "Nov" of "2025-11".
std::string month_short(const std::string& key) { return key.size() == 7 ? short_month(std::atoi(key.substr(5).c_str())) : key; }

/// The current month and the three before it, newest first ("2026-01", "2025-12", ...).
std::vector<std::string> recent_months(const Phone& p) {
  const CivilTime c = civil_from_ms(p.local_time_ms());
  std::vector<std::string> out;
  int y = c.year, m = c.month;
  for (int i = 0; i < 4; ++i) {
    char b[16];
    std::snprintf(b, sizeof b, "%04d-%02d", y, m);
    out.push_back(b);
    if (--m == 0) {
      m = 12;
      --y;
    }
  }
  return out;
}

/// "Dec 31" of a local time.
std::string day_short(std::int64_t local_ms) {
  const CivilTime c = civil_from_ms(local_ms);
  return short_month(c.month) + " " + std::to_string(c.day);
}

/// "Dec 31, 2025, 14:32" of a UTC time, on the phone's clock.
std::string date_time(const Phone& p, std::int64_t ms) {
  const std::int64_t local = ms + local_shift(p);
  const CivilTime c = civil_from_ms(local);
  return day_short(local) + ", " + std::to_string(c.year) + ", " + p.format_time(local);
}

/// "Jan 12" of "2026-01-12".
std::string iso_short(const std::string& iso) {
  std::int64_t days = 0;
  if (!parse_iso_date(iso, days)) return iso;
  return day_short(days * 86400000LL);
}

// ---------------------------------------------------------------- categories

struct Category {
  const char* key;
  const char* label;
  const char* icon;
  std::uint32_t color;
};

const Category kCategories[] = {
    {"groceries", "Groceries", "local_grocery_store", 0x188038},
    {"dining", "Dining", "restaurant", 0xE37400},
    {"transport", "Transport", "directions_car", 0x1A73E8},
    {"shopping", "Shopping", "shopping_bag", 0x9334E6},
    {"utilities", "Utilities", "bolt", 0xB06000},
    {"housing", "Housing", "home", 0x795548},
    {"subscriptions", "Subscriptions", "autorenew", 0xC5221F},
    {"health", "Health", "local_pharmacy", 0x007B83},
    {"entertainment", "Entertainment", "movie", 0xD01884},
    {"transfer", "Transfers", "swap_horiz", 0x0B57D0},
    {"income", "Income", "account_balance", 0x188038},
};

const Category& category(const std::string& key) {
  static const Category kOther{"other", "Other", "payments", 0x5F6368};
  for (const Category& c : kCategories)
    if (key == c.key) return c;
  return kOther;
}

/// The icon of a merchant that has its own (Xfinity: wifi), else its category's.
const char* merchant_icon(const std::string& name, const Category& c) {
  static const std::pair<const char*, const char*> kIcons[] = {
      {"Xfinity", "wifi"},          {"T-Mobile", "smartphone"},         {"SF Water", "water_drop"},
      {"Shop", "storefront"},       {"Shell", "local_gas_station"},     {"Summit Fitness", "fitness_center"},
      {"Starbucks", "local_cafe"},  {"Blue Bottle Coffee", "local_cafe"}, {"Clipper", "train"},
      {"Brightline Labs", "work"},  {"Uber", "local_taxi"},             {"Lyft", "local_taxi"}};
  for (const auto& [merchant, icon] : kIcons)
    if (name == merchant) return icon;
  return c.icon;
}

/// A tinted circle with the merchant's (or the category's) icon: the "merchant icon" of rows.
void category_circle(Ui& ui, float cx, float cy, float r, const std::string& cat, const std::string& name = "") {
  const Category& c = category(cat);
  ui.circle(cx, cy, r, c.color, 0.14f);
  ui.icon(cx, cy, merchant_icon(name, c), r >= 28 ? Font::IconLarge : Font::Icon, c.color);
}

/// A letter avatar for a person who is not (or not known to be) a contact.
void letter_circle(Ui& ui, float cx, float cy, float r, const std::string& name, Font f) {
  const std::string folded = people::fold(name);
  const bool letter = !folded.empty() && std::isalpha(static_cast<unsigned char>(folded[0]));
  ui.avatar(cx, cy, r, letter ? std::string(1, static_cast<char>(std::toupper(static_cast<unsigned char>(folded[0])))) : "",
            0xD3E3FD, 0x041E49, f);
}

// ---------------------------------------------------------------- data (world + overlay)

/// Every transaction, newest first.
std::vector<json> transactions(const Phone& p) {
  const json all = resolve_collection(World::instance(), S(p), kApp, "transactions");
  std::vector<json> v(all.begin(), all.end());
  std::stable_sort(v.begin(), v.end(), [](const json& a, const json& b) {
    const std::int64_t ta = a.value("time_ms", std::int64_t{0}), tb = b.value("time_ms", std::int64_t{0});
    if (ta != tb) return ta > tb;
    return a.value("id", "") > b.value("id", "");
  });
  return v;
}

json find_in(const json& list, const std::string& id) {
  for (const json& e : list)
    if (e.value("id", "") == id) return e;
  return nullptr;
}

json cards(const Phone& p) { return resolve_collection(World::instance(), S(p), kApp, "cards"); }
json bills(const Phone& p) { return resolve_collection(World::instance(), S(p), kApp, "bills"); }

/// The default card (null when there is none, e.g. it was removed).
json default_card(const Phone& p) { return find_in(cards(p), S(p).value("default_card", "")); }

std::string card_name(const json& c) { return c.value("brand", "Card") + " " + kDot + kDot + kDot + kDot + " " + c.value("last4", ""); }

std::uint32_t card_color(const json& c) {
  const std::string hex = c.value("color", "");
  if (hex.size() == 7 && hex[0] == '#') return static_cast<std::uint32_t>(std::strtoul(hex.c_str() + 1, nullptr, 16));
  return kCardBlue;
}

/// "Wallet balance", "Visa •••• 4821" (a removed card: "Card").
std::string method_label(const Phone& p, const std::string& method) {
  if (method.rfind("card:", 0) == 0) {
    const json c = find_in(cards(p), method.substr(5));
    return c.is_null() ? "Card (removed)" : card_name(c);
  }
  return "Wallet balance";
}

/// Spent in a month ("2025-11"): every debit, less refunds.
long long spent_in(const std::vector<json>& txns, const Phone& p, const std::string& month, const std::string& cat = "") {
  long long sum = 0;
  const std::int64_t shift = local_shift(p);
  for (const json& t : txns) {
    if (month_key(t.value("time_ms", std::int64_t{0}) + shift) != month) continue;
    if (!cat.empty() && t.value("category", "") != cat) continue;
    if (t.value("direction", "") == "debit") sum += cents_of(t, "amount_cents");
    else if (t.value("kind", "") == "refund") sum -= cents_of(t, "amount_cents");
  }
  return sum;
}

json& ensure_object(json& j) {
  if (!j.is_object()) j = json::object();
  return j;
}

/// Adds a transaction to the overlay (id tx<next_txn>, now, the derived date and amount text).
std::string add_transaction(Phone& p, json t) {
  json& st = own_state(p, kApp);
  const int n = st.value("next_txn", 1);
  st["next_txn"] = n + 1;
  char id[24];
  std::snprintf(id, sizeof id, "tx%03d", n);
  const std::int64_t now = p.now_ms();
  t["time_ms"] = now;
  t["date"] = iso_date((now + local_shift(p)) / 86400000LL);
  t["amount"] = plain_amount(cents_of(t, "amount_cents"));
  ensure_object(st["transactions"])[id] = t;
  return id;
}

json blank_recipient() {
  return {{"to", ""}, {"name", ""}, {"number", ""}, {"amount", ""}, {"note", ""}, {"error", ""}};
}
json blank_card() { return {{"number", ""}, {"holder", ""}, {"expiry", ""}, {"cvv", ""}, {"error", ""}}; }

bool installed(const std::string& app) { return !app.empty() && AppRegistry::instance().find(app) != nullptr; }

// ---------------------------------------------------------------- payments

/// Hands the result of an intent payment back to the app that asked for it: Wallet's task is
/// finished and the payer reopened (when `reopen`), then its `payment_result` is called.
void return_to_payer(Phone& p, const json& pay, const std::string& status, const std::string& txn, bool reopen) {
  const std::string from = pay.value("from_app", "");
  if (!installed(from)) return;
  if (reopen) {
    p.finish_task(kApp);
    p.open_app(from);
  }
  try {
    call_app(p, from, "payment_result",
             {{"ref", pay.value("ref", "")}, {"status", status}, {"transaction_id", txn},
              {"amount_cents", cents_of(pay, "amount_cents")}});
  } catch (const std::exception&) {
    p.toast("The payment could not be matched");
  }
}

void clear_payment(json& st) {
  st["payment"] = nullptr;
  st["pin_entry"] = "";
  st["pin_error"] = "";
}

/// The `refund` export: a payee app returns money it was paid through PAY (a cancelled order, a
/// refunded ticket). Args {"ref": the payer's reference, e.g. "shop:o07", "amount_cents": N > 0,
/// "payee": who refunds ("Shop"), "note"?, "category"?}; the balance is credited and a "refund"
/// transaction recorded. Returns {"transaction_id"}. Throws std::invalid_argument for a missing
/// ref or payee, or an amount that is not a positive integer.
json refund(Phone& p, const json& args) {
  const std::string ref = args.value("ref", ""), payee = args.value("payee", "");
  const json amount = args.value("amount_cents", json());
  if (ref.empty() || payee.empty()) throw std::invalid_argument("wallet.refund: 'ref' and 'payee' are required");
  if (!amount.is_number_integer() || amount.get<long long>() <= 0)
    throw std::invalid_argument("wallet.refund: 'amount_cents' must be a positive integer, got " + amount.dump());
  const long long cents = amount.get<long long>();
  json& st = own_state(p, kApp);
  st["balance_cents"] = cents_of(st, "balance_cents") + cents;
  const std::string id = add_transaction(p, {{"name", payee},
                                             {"category", args.value("category", "shopping")},
                                             {"amount_cents", cents},
                                             {"direction", "credit"},
                                             {"kind", "refund"},
                                             {"method", "balance"},
                                             {"note", args.value("note", "Refund")},
                                             {"ref", ref},
                                             {"number", ""},
                                             {"status", "completed"}});
  return {{"transaction_id", id}};
}

/// The right PIN: the payment is recorded (balance debited, or the default card charged; a bill
/// marked paid) and the payer gets the result, or Wallet shows the transaction.
void complete_payment(Phone& p) {
  json& st = own_state(p, kApp);
  const json pay = st["payment"];
  const long long amount = cents_of(pay, "amount_cents");
  const json card = default_card(p);
  std::string method = "balance";
  if (pay.value("source", "balance") == "card" && !card.is_null()) {
    method = "card:" + card.value("id", "");
  } else {
    const long long balance = cents_of(st, "balance_cents");
    if (balance < amount) {
      p.toast("Insufficient balance");
      return;
    }
    st["balance_cents"] = balance - amount;
  }
  const std::string payee = pay.value("payee", "");
  const std::string id = add_transaction(p, {{"name", payee},
                                             {"category", pay.value("category", "shopping")},
                                             {"amount_cents", amount},
                                             {"direction", "debit"},
                                             {"kind", pay.value("kind", "payment")},
                                             {"method", method},
                                             {"note", pay.value("note", "")},
                                             {"ref", pay.value("ref", "")},
                                             {"number", pay.value("number", "")},
                                             {"status", "completed"}});
  const std::string bill = pay.value("bill", "");
  if (!bill.empty())
    write_overlay_entity(ensure_object(st["bills"]), bill, World::instance().entity(kApp, "bills", bill),
                         {{"status", "paid"}, {"paid_ms", p.now_ms()}});
  clear_payment(st);
  if (pay.value("kind", "") == "transfer" && pay.value("from_app", "").empty()) st["transfer"] = blank_recipient();
  if (installed(pay.value("from_app", ""))) return return_to_payer(p, pay, "paid", id, true);
  p.back_to_root();
  st["selected_txn"] = id;
  p.navigate("open_txn");
  p.toast((pay.value("kind", "") == "transfer" ? "Sent " : "Paid ") + money(amount) + " to " + payee);
}

/// Three wrong PINs: the payment is declined.
void decline_payment(Phone& p) {
  json& st = own_state(p, kApp);
  const json pay = st["payment"];
  clear_payment(st);
  if (installed(pay.value("from_app", ""))) return return_to_payer(p, pay, "declined", "", true);
  p.back_to_root();
  p.toast("Payment declined: too many wrong PINs");
}

void check_pin(Phone& p) {
  json& st = own_state(p, kApp);
  if (st.value("pin_entry", "") == st.value("pin", "")) return complete_payment(p);
  st["wrong_pin_count"] = st.value("wrong_pin_count", 0) + 1;
  const int tries = st["payment"].value("tries", 0) + 1;
  st["payment"]["tries"] = tries;
  st["pin_entry"] = "";
  const int left = kPinTries - tries;
  if (left <= 0) return decline_payment(p);
  st["pin_error"] = "Wrong PIN. " + std::to_string(left) + (left == 1 ? " attempt left" : " attempts left");
}

void press_pin_digit(Phone& p, char d) {
  json& st = own_state(p, kApp);
  if (!st["payment"].is_object()) return;
  std::string e = st.value("pin_entry", "");
  if (static_cast<int>(e.size()) >= kPinLength) return;
  e += d;
  st["pin_entry"] = e;
  st["pin_error"] = "";
  if (static_cast<int>(e.size()) == kPinLength) check_pin(p);
}

/// The source a new payment starts with: the balance if it covers the amount, else the default card.
std::string initial_source(const Phone& p, long long amount) {
  return cents_of(S(p), "balance_cents") >= amount || default_card(p).is_null() ? "balance" : "card";
}

// ---------------------------------------------------------------- shared drawing

/// One transaction row (72 dp) at the list cursor: category circle, name, subtitle, amount.
void transaction_row(Ui& ui, const Phone& phone, const std::string& id_prefix, const json& t, bool with_time, Handler h) {
  const float y = ui.cursor_y();
  const std::string id = t.value("id", "");
  const bool credit = t.value("direction", "") == "credit";
  const long long cents = cents_of(t, "amount_cents");
  const std::string amount = (credit ? "+" : "-") + money(cents);
  const std::string cat = t.value("category", "");
  const std::int64_t local = t.value("time_ms", std::int64_t{0}) + local_shift(phone);
  category_circle(ui, 40, y + 36, 20, cat, t.value("name", ""));
  const float aw = ui.text_width(amount, Font::BodyLarge);
  ui.text(Ui::width_dp() - 16 - aw, y + 14, amount, Font::BodyLarge, credit ? kGreen : color::kOnSurface);
  const std::string name = t.value("name", "");
  ui.text(72, y + 14, ui.ellipsize(name, Font::BodyLarge, Ui::width_dp() - 72 - 28 - aw), Font::BodyLarge, color::kOnSurface);
  const std::string when = with_time ? phone.format_time(local) : day_short(local);
  std::string sub = category(cat).label + std::string(kMid) + when;
  float sub_max = Ui::width_dp() - 72 - 16;
  if (t.value("status", "") == "refunded") {
    const float rw = ui.text_width("Refunded", Font::Label);
    ui.text(Ui::width_dp() - 16 - rw, y + 42, "Refunded", Font::Label, color::kOnSurfaceVariant);
    sub_max -= rw + 12;
  }
  ui.text(72, y + 40, ui.ellipsize(sub, Font::Body, sub_max), Font::Body, color::kOnSurfaceVariant);
  Node& n = ui.item(id_prefix + id, "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + 72}, name, std::move(h));
  n.desc = amount + kMid + category(cat).label + kMid + date_time(phone, t.value("time_ms", std::int64_t{0})) +
           (t.value("status", "") == "refunded" ? std::string(kMid) + "Refunded" : "");
  ui.advance(72);
}

/// A small credit card picture in `r` (brand, last four digits).
void card_art(Ui& ui, const Rect& r, const json& c, bool large) {
  ContentColours keep;  // content keeps its colours in the dark theme (sim/ui/dark.hpp)
  const std::uint32_t bg = card_color(c);
  ui.fill(r, bg, large ? 20 : 8);
  ui.circle(r.r - r.w() * 0.18f, r.t + r.h() * 0.2f, r.h() * 0.45f, 0xFFFFFF, 0.08f);
  if (!large) {
    ui.fill({r.l + 8, r.t + 10, r.l + 24, r.t + 22}, 0xE8C66A, 3);
    ui.text(r.l + 8, r.b - 22, ui.ellipsize(c.value("brand", ""), Font::Label, r.w() - 16), Font::Label, 0xFFFFFF);
    return;
  }
  const std::string bank = c.value("bank", "").empty() ? c.value("brand", "") : c.value("bank", "");
  const std::string brand = c.value("brand", "");
  const float brand_w = ui.text_width(brand, Font::Title);
  // The bank's name keeps clear of the brand at the top right (large text widens both).
  ui.text(r.l + 20, r.t + 18, ui.ellipsize(bank, Font::BodyLarge, r.w() - 52 - brand_w), Font::BodyLarge, 0xFFFFFF);
  ui.fill({r.l + 20, r.t + 60, r.l + 60, r.t + 90}, 0xE8C66A, 6);
  const std::string number = std::string(kDot) + kDot + kDot + kDot + "  " + kDot + kDot + kDot + kDot + "  " + kDot + kDot +
                             kDot + kDot + "  " + c.value("last4", "");
  ui.text(r.l + 20, r.t + 108, number, Font::Title, 0xFFFFFF);
  ui.text(r.l + 20, r.b - 34, ui.ellipsize(c.value("holder", ""), Font::Body, r.w() - 140), Font::Body, 0xFFFFFF);
  const std::string exp = "EXP " + c.value("expiry", "");
  ui.text(r.r - 20 - ui.text_width(exp, Font::Body), r.b - 34, exp, Font::Body, 0xFFFFFF);
  ui.text(r.r - 20 - brand_w, r.t + 14, brand, Font::Title, 0xFFFFFF);
}

/// A full-width filled button that may be disabled (greyed, its node not enabled, no action).
void wide_button(Ui& ui, const std::string& id, const Rect& r, const std::string& label, bool enabled, Handler h) {
  if (enabled) {
    ui.button(id, r, label, true, std::move(h));
    return;
  }
  ui.fill(r, kDisabled, r.h() / 2);
  ui.text_centered(r.l, r.r, r.t + (r.h() - ui.line_height(Font::Body)) / 2 - 1, label, Font::Body, 0x8E8E8E);
  Node& n = ui.item(id, "android.widget.Button", r, label, [](Phone&) {});
  n.enabled = false;
}

/// Wallet's outlined buttons take an ink colour: the toolkit's outlined button (sim/ui).
void outlined_button(Ui& ui, const std::string& id, const Rect& r, const std::string& label, std::uint32_t ink, Handler h) {
  ui.outlined_button(id, r, label, std::move(h), ink);
}

/// A label/value pair (56 dp): a small grey label over the value; TextView node `id` = value.
void detail_row(Ui& ui, const std::string& id, float x, float r, const std::string& label, const std::string& value) {
  const float y = ui.cursor_y();
  ui.text(x, y + 8, label, Font::Label, color::kOnSurfaceVariant);
  const std::string shown = ui.ellipsize(value.empty() ? "None" : value, Font::BodyLarge, r - x);
  ui.text(x, y + 28, shown, Font::BodyLarge, color::kOnSurface);
  Node& n = ui.label(id, {x, y + 26, x + std::max(ui.text_width(shown, Font::BodyLarge), 1.f), y + 50}, value);
  n.desc = label;
  ui.advance(56);
}

// ---------------------------------------------------------------- tabs

const char* const kTabKeys[] = {"home", "cards", "activity", "bills"};

/// Bottom navigation: Home is the task's root, the other tabs sit one page above it (back from
/// any tab returns to Home, as Android's bottom navigation does).
void go_tab(Phone& p, const std::string& tab) {
  p.clear_focus();
  if (p.current_page() == tab) return;
  p.back_to_root();
  if (tab != "home") p.navigate("tab_" + tab);
}

void tab_bar(Ui& ui, const std::string& current) {
  static const std::vector<Ui::Tab> kTabs = {{"home", "Home", "account_balance_wallet"},
                                             {"cards", "Cards", "credit_card"},
                                             {"activity", "Activity", "receipt_long"},
                                             {"bills", "Bills", "request_quote"}};
  int selected = -1;
  for (int i = 0; i < 4; ++i)
    if (current == kTabKeys[i]) selected = i;
  ui.bottom_nav("wallet.tab.", kTabs, selected, [](Phone& p, int i) { go_tab(p, kTabKeys[i]); });
}

// ---------------------------------------------------------------- the app

class WalletApp : public App {
 public:
  WalletApp() {
    add_page("home", home);
    add_page("cards", cards_page);
    add_page("card", card_page);
    add_page("add_card", add_card_page);
    add_page("activity", activity);
    add_page("transaction", transaction_page);
    add_page("bills", bills_page);
    add_page("bill", bill_page);
    add_page("transfer", [](Ui& ui, Phone& p) { recipient_form(ui, p, "transfer"); });
    add_page("request", [](Ui& ui, Phone& p) { recipient_form(ui, p, "request"); });
    add_page("confirm", confirm);
    add_page("pin", pin_page);
    add_page("budget", budget);
    add_page("qr", qr);
    // Other apps read the balance (never the state) through this call.
    add_export("balance", [](Phone& p, const json&) { return json{{"balance_cents", cents_of(S(p), "balance_cents")}}; });
    add_export("refund", refund);
  }

  /// org.phonegym.wallet.PAY (docs/apps/wallet.md): opens `confirm` for the extras' payment.
  void on_intent(Phone& phone, const json& intent) override {
    if (intent.value("action", "") != kPayAction) return;
    const json extras = intent.value("extras", json::object()).is_object() ? intent.value("extras", json::object()) : json::object();
    json& st = own_state(phone, kApp);
    const json old = st.value("payment", json());
    if (old.is_object() && installed(old.value("from_app", ""))) {  // superseded by the new request
      clear_payment(st);
      return_to_payer(phone, old, "cancelled", "", false);
    }
    const std::string from = extras.value("from_app", "");
    const json amount = extras.value("amount_cents", json());
    const std::string payee = extras.value("payee", "");
    const std::string kind = extras.value("kind", "payment") == "transfer" ? "transfer" : "payment";
    if (!amount.is_number_integer() || amount.get<long long>() <= 0 || payee.empty()) {
      phone.toast("Invalid payment request");
      if (installed(from)) return_to_payer(phone, extras, "declined", "", true);
      return;
    }
    phone.clear_focus();
    phone.back_to_root();
    std::string number;
    if (kind == "transfer")
      for (const json& c : people::all(phone))
        if (people::display_name(c) == payee) number = people::first_number(c);
    const long long cents = amount.get<long long>();
    st["payment"] = {{"kind", kind},
                     {"amount_cents", cents},
                     {"payee", payee},
                     {"number", number},
                     {"note", extras.value("note", "")},
                     {"category", extras.value("category", kind == "transfer" ? "transfer" : "shopping")},
                     {"from_app", from},
                     {"ref", extras.value("ref", "")},
                     {"bill", ""},
                     {"source", initial_source(phone, cents)},
                     {"tries", 0}};
    st["pin_entry"] = "";
    st["pin_error"] = "";
    phone.navigate("confirm");
  }

  /// An intent payment whose confirm page was left with Back (or whose task was closed) is
  /// cancelled: the payer gets "cancelled" (and is reopened after a Back).
  void on_time(Phone& phone, std::int64_t, std::int64_t) override {
    const json& st = S(phone);
    if (!st.contains("payment") || !st["payment"].is_object()) return;
    const json pay = st["payment"];
    if (!installed(pay.value("from_app", ""))) return;
    const json& stack = phone.page_stack(kApp);
    for (const json& e : stack)
      if (e.value("page", "") == "confirm" || e.value("page", "") == "pin") return;
    clear_payment(own_state(phone, kApp));
    return_to_payer(phone, pay, "cancelled", "", !stack.empty() && phone.foreground() == kApp);
  }

  void on_dialog_result(Phone& phone, const json& dialog, const std::string& button) override {
    const json data = dialog.value("data", json::object());
    json& st = own_state(phone, kApp);
    if (data.contains("filter")) {  // the category filter of Activity
      if (button == "cancel") return;
      st["filter_category"] = button == "all" ? "" : button;
      if (phone.foreground() == kApp && phone.current_page() == "activity") phone.set_scroll(0);
      return;
    }
    if (data.contains("remove_card") && button == "remove") {
      const std::string id = data.value("remove_card", "");
      const json card = find_in(cards(phone), id);
      if (card.is_null()) return;
      json& overlay = ensure_object(st["cards"]);
      if (World::instance().entity(kApp, "cards", id)) overlay[id] = nullptr;
      else overlay.erase(id);
      if (st.value("default_card", "") == id) {
        const json left = cards(phone);
        st["default_card"] = left.empty() ? std::string() : left[0].value("id", "");
      }
      phone.toast(card_name(card) + " removed");
      if (phone.foreground() == kApp && phone.current_page() == "card") phone.back();
    }
  }

 private:
  // ---------------------------------------------------------------- home
  static void home(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const json& st = S(phone);
    ui.headline("wallet.title", 16, area.t + 12, "Wallet");
    ui.avatar(Ui::width_dp() - 36, area.t + 32, 18, "A", 0xC4EED0, 0x0F5223, Font::BodyLarge);
    ui.begin_scroll("wallet.home.scroll", {0, area.t + 64, Ui::width_dp(), area.b - kNavDp}, phone.page_pointer() + "/scroll");
    float y = ui.cursor_y() + 4;
    // The balance card.
    const Rect bc{16, y, Ui::width_dp() - 16, y + 140};
    ui.fill(bc, kCardBlue, 24);
    ui.circle(bc.r - 30, bc.t + 26, 70, 0xFFFFFF, 0.08f);
    ui.circle(bc.r - 92, bc.b + 10, 46, 0xFFFFFF, 0.06f);
    ui.text(bc.l + 20, y + 20, "Wallet balance", Font::Label, 0xDCE6FA);
    const std::string bal = money(cents_of(st, "balance_cents"));
    ui.label_at("wallet.balance", bc.l + 20, y + 40, bal, Font::Headline, 0xFFFFFF, bc.w() - 40);
    ui.text(bc.l + 20, y + 86, kOwnerName, Font::BodyLarge, 0xFFFFFF);
    const json card = default_card(phone);
    const std::string line = card.is_null() ? "No default card" : "Default card: " + card_name(card);
    ui.text(bc.l + 20, y + 110, ui.ellipsize(line, Font::Body, bc.w() - 40), Font::Body, 0xDCE6FA);
    y += 156;
    // Quick actions.
    struct Action {
      const char* key;
      const char* label;
      const char* icon;
    };
    static const Action kActions[] = {{"transfer", "Transfer", "send"},
                                      {"request", "Request", "call_received"},
                                      {"bills", "Bills", "receipt_long"},
                                      {"qr", "QR code", "qr_code_2"}};
    const float cw = (Ui::width_dp() - 32) / 4;
    for (int i = 0; i < 4; ++i) {
      const float cx = 16 + cw * static_cast<float>(i) + cw / 2;
      ui.circle(cx, y + 28, 26, color::kPrimaryContainer);
      ui.icon(cx, y + 28, kActions[i].icon, Font::Icon, color::kOnPrimaryContainer);
      ui.text_centered(cx - cw / 2, cx + cw / 2, y + 62, kActions[i].label, Font::Label, color::kOnSurface);
      const std::string key = kActions[i].key;
      ui.item(std::string("wallet.action.") + key, "android.widget.Button", {cx - cw / 2, y, cx + cw / 2, y + 84},
              kActions[i].label, [key](Phone& p) { open_action(p, key); });
    }
    y += 96;
    // This month's budget.
    const std::vector<json> txns = transactions(phone);
    const std::string month = month_key(phone.local_time_ms());
    const long long spent = spent_in(txns, phone, month), limit = cents_of(st, "budget_cents");
    const Rect bb{16, y, Ui::width_dp() - 16, y + 96};
    ui.fill(bb, color::kSurfaceContainer, 16);
    const std::string title = month_name(civil_from_ms(phone.local_time_ms()).month) + " budget";
    ui.text(bb.l + 16, y + 14, title, Font::BodyLarge, color::kOnSurface);
    const std::string left = spent > limit ? money(spent - limit) + " over" : money(limit - spent) + " left";
    const float lw = ui.text_width(left, Font::Label);
    ui.text(bb.r - 16 - lw, y + 17, left, Font::Label, spent > limit ? color::kError : kGreen);
    ui.text(bb.l + 16, y + 40, ui.ellipsize("Spent " + money(spent) + " of " + money(limit), Font::Body, bb.w() - 32),
            Font::Body, color::kOnSurfaceVariant);
    progress(ui, {bb.l + 16, y + 70, bb.r - 16, y + 78}, spent, limit);
    Node& bn = ui.item("wallet.home.budget", "android.widget.LinearLayout", bb, title, [](Phone& p) {
      own_state(p, kApp)["budget_month"] = "";
      own_state(p, kApp)["budget_draft"] = "";
      p.navigate("budget");
    });
    bn.desc = "Spent " + money(spent) + " of " + money(limit);
    y += 112;
    // Recent activity.
    ui.text(16, y + 14, "Recent activity", Font::BodyLarge, color::kOnSurface);
    ui.button("wallet.home.see_all", {Ui::width_dp() - 96, y, Ui::width_dp() - 16, y + 48}, "See all", false,
              [](Phone& p) { go_tab(p, "activity"); });
    ui.set_cursor(y + 48);
    int shown = 0;
    for (const json& t : txns) {
      if (shown++ == 5) break;
      const std::string id = t.value("id", "");
      transaction_row(ui, phone, "wallet.recent.", t, false, [id](Phone& p) { open_transaction(p, id); });
    }
    ui.advance(16);
    ui.end_scroll();
    tab_bar(ui, "home");
  }

  static void open_action(Phone& p, const std::string& key) {
    json& st = own_state(p, kApp);
    if (key == "bills") return go_tab(p, "bills");
    if (key == "qr") {
      p.navigate("qr");
      return;
    }
    st[key] = blank_recipient();
    p.navigate(key);
    p.focus("wallet." + key + ".to", "/apps/wallet/" + key + "/to");
  }

  static void open_transaction(Phone& p, const std::string& id) {
    p.clear_focus();
    own_state(p, kApp)["selected_txn"] = id;
    p.navigate("open_txn");
  }

  /// A progress bar: `value` of `max`, red past the end.
  static void progress(Ui& ui, const Rect& r, long long value, long long max) {
    ui.fill(r, color::kSurfaceVariant, r.h() / 2);
    const double f = max <= 0 ? 1.0 : std::min(1.0, static_cast<double>(value) / static_cast<double>(max));
    if (value > 0) ui.fill({r.l, r.t, r.l + std::max(r.h(), static_cast<float>(f) * r.w()), r.b}, value > max ? color::kError : kGreen, r.h() / 2);
  }

  // ---------------------------------------------------------------- cards
  static void cards_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    ui.headline("wallet.cards.title", 16, area.t + 12, "Cards");
    ui.begin_scroll("wallet.cards.list", {0, area.t + 64, Ui::width_dp(), area.b - kNavDp}, phone.page_pointer() + "/scroll");
    const std::string def = S(phone).value("default_card", "");
    const json list = cards(phone);
    if (list.empty()) {
      ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 40, "No cards yet", Font::BodyLarge, color::kOnSurfaceVariant);
      ui.label("wallet.cards.empty", {100, ui.cursor_y() + 36, 260, ui.cursor_y() + 64}, "No cards yet");
      ui.advance(96);
    }
    for (const json& c : list) {
      const float y = ui.cursor_y();
      const std::string id = c.value("id", "");
      card_art(ui, {16, y + 12, 112, y + 76}, c, false);
      const std::string name = card_name(c);
      ui.text(128, y + 12, ui.ellipsize(name, Font::BodyLarge, Ui::width_dp() - 128 - 16), Font::BodyLarge, color::kOnSurface);
      std::string sub = c.value("bank", "").empty() ? c.value("brand", "") : c.value("bank", "");
      if (!c.value("kind", "").empty()) sub += kMid + c.value("kind", "");
      ui.text(128, y + 36, ui.ellipsize(sub, Font::Body, Ui::width_dp() - 128 - 16), Font::Body, color::kOnSurfaceVariant);
      const bool is_def = id == def;
      if (is_def) ui.text(128, y + 58, "Default", Font::Label, color::kPrimary);
      else ui.text(128, y + 58, "Expires " + c.value("expiry", ""), Font::Label, color::kOnSurfaceVariant);
      Node& n = ui.item("wallet.card." + id, "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + 88}, name,
                        [id](Phone& p) {
                          own_state(p, kApp)["selected_card"] = id;
                          p.navigate("open_card");
                        });
      n.desc = sub + (is_def ? std::string(kMid) + "Default" : "");
      n.selected = is_def;
      ui.advance(88);
    }
    const float y = ui.cursor_y() + 8;
    ui.icon(40, y + 28, "add_card", Font::Icon, color::kPrimary);
    ui.text(72, y + 18, "Add a card", Font::BodyLarge, color::kPrimary);
    ui.item("wallet.cards.add", "android.widget.Button", {0, y, Ui::width_dp(), y + 56}, "Add a card", [](Phone& p) {
      own_state(p, kApp)["new_card"] = blank_card();
      own_state(p, kApp)["new_card"]["holder"] = kOwnerName;
      p.navigate("add_card");
    });
    ui.set_cursor(y + 72);
    ui.end_scroll();
    tab_bar(ui, "cards");
  }

  static void card_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const std::string id = S(phone).value("selected_card", "");
    const json c = find_in(cards(phone), id);
    ui.top_bar("wallet.card.title", c.is_null() ? "Card" : ui.ellipsize(card_name(c), Font::Title, Ui::width_dp() - 80), true);
    if (c.is_null()) {
      ui.text_centered(0, Ui::width_dp(), area.t + 200, "Card not found", Font::BodyLarge, color::kOnSurfaceVariant);
      ui.label("wallet.card.missing", {100, area.t + 196, 260, area.t + 224}, "Card not found");
      return;
    }
    ui.begin_scroll("wallet.card.scroll", {0, ui.cursor_y(), Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    float y = ui.cursor_y() + 8;
    card_art(ui, {24, y, Ui::width_dp() - 24, y + 196}, c, true);
    Node& art = ui.image("wallet.card.art", {24, y, Ui::width_dp() - 24, y + 196}, card_name(c));
    art.text = card_name(c);
    ui.set_cursor(y + 212);
    const bool is_def = S(phone).value("default_card", "") == id;
    detail_row(ui, "wallet.card.brand", 24, Ui::width_dp() - 24, "Card", card_name(c));
    detail_row(ui, "wallet.card.bank", 24, Ui::width_dp() - 24, "Issuer",
               c.value("bank", "").empty() ? c.value("brand", "") : c.value("bank", ""));
    if (!c.value("kind", "").empty()) detail_row(ui, "wallet.card.kind", 24, Ui::width_dp() - 24, "Type", c.value("kind", ""));
    detail_row(ui, "wallet.card.holder", 24, Ui::width_dp() - 24, "Name on card", c.value("holder", ""));
    detail_row(ui, "wallet.card.expiry", 24, Ui::width_dp() - 24, "Expires", c.value("expiry", ""));
    y = ui.cursor_y() + 12;
    if (is_def) {
      ui.icon(36, y + 24, "check_circle", Font::Icon, kGreen);
      ui.label_at("wallet.card.is_default", 60, y + 14, "Your default payment card", Font::BodyLarge, color::kOnSurface,
                  Ui::width_dp() - 84);
    } else {
      ui.button("wallet.card.set_default", {24, y, Ui::width_dp() - 24, y + 48}, "Set as default", true, [id](Phone& p) {
        own_state(p, kApp)["default_card"] = id;
        const json card = find_in(cards(p), id);
        p.toast(card_name(card) + " is now your default card");
      });
    }
    y += 60;
    outlined_button(ui, "wallet.card.remove", {24, y, Ui::width_dp() - 24, y + 48}, "Remove card", color::kError,
                    [c, id](Phone& p) {
                      p.show_dialog({{"owner", kApp},
                                     {"kind", "alert"},
                                     {"title", "Remove " + card_name(c) + "?"},
                                     {"text", "You can add it again later."},
                                     {"buttons", json::array({{{"id", "cancel"}, {"label", "Cancel"}},
                                                              {{"id", "remove"}, {"label", "Remove"}}})},
                                     {"data", {{"remove_card", id}}}});
                    });
    ui.set_cursor(y + 64);
    ui.end_scroll();
  }

  static void add_card_page(Ui& ui, Phone& phone) {
    ui.top_bar("wallet.add_card.title", "Add card", true);
    const float y = ui.cursor_y() + 8;
    const json d = S(phone).value("new_card", json::object());
    ui.text_field("wallet.add_card.number", {16, y, Ui::width_dp() - 16, y + 56}, "Card number", "/apps/wallet/new_card/number",
                  "1234 5678 9012 3456");
    ui.nodes().back().on_click = [](Phone& p) { p.focus("wallet.add_card.number", "/apps/wallet/new_card/number", "symbols"); };
    ui.text_field("wallet.add_card.holder", {16, y + 68, Ui::width_dp() - 16, y + 124}, "Name on card",
                  "/apps/wallet/new_card/holder", "");
    ui.text_field("wallet.add_card.expiry", {16, y + 136, 172, y + 192}, "Expiry (MM/YY)", "/apps/wallet/new_card/expiry",
                  "MM/YY");
    ui.nodes().back().on_click = [](Phone& p) { p.focus("wallet.add_card.expiry", "/apps/wallet/new_card/expiry", "symbols"); };
    ui.text_field("wallet.add_card.cvv", {188, y + 136, Ui::width_dp() - 16, y + 192}, "Security code", "/apps/wallet/new_card/cvv",
                  "CVV", true);
    ui.nodes().back().on_click = [](Phone& p) { p.focus("wallet.add_card.cvv", "/apps/wallet/new_card/cvv", "symbols"); };
    const std::string error = d.value("error", "");
    if (!error.empty())
      ui.label_at("wallet.add_card.error", 16, y + 200, error, Font::Body, color::kError, Ui::width_dp() - 32);
    ui.button("wallet.add_card.save", {16, y + 228, Ui::width_dp() - 16, y + 276}, "Save card", true, save_card);
  }

  static void save_card(Phone& p) {
    json& st = own_state(p, kApp);
    json& d = st["new_card"];
    const std::string number = digits_of(d.value("number", ""));
    const std::string raw = d.value("number", "");
    const bool clean = std::all_of(raw.begin(), raw.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) || c == ' ' || c == '-'; });
    const std::string holder = trim(d.value("holder", "")), expiry = trim(d.value("expiry", ""));
    const std::string cvv = trim(d.value("cvv", ""));
    auto fail = [&](const std::string& why) { d["error"] = why; };
    if (!clean || number.size() != 16) return fail("Enter the 16-digit card number");
    if (holder.empty()) return fail("Enter the name on the card");
    const bool exp_form = expiry.size() == 5 && expiry[2] == '/' && std::isdigit(static_cast<unsigned char>(expiry[0])) &&
                          std::isdigit(static_cast<unsigned char>(expiry[1])) && std::isdigit(static_cast<unsigned char>(expiry[3])) &&
                          std::isdigit(static_cast<unsigned char>(expiry[4]));
    const int mm = exp_form ? std::atoi(expiry.substr(0, 2).c_str()) : 0, yy = exp_form ? std::atoi(expiry.substr(3).c_str()) : 0;
    if (!exp_form || mm < 1 || mm > 12) return fail("Enter the expiry date as MM/YY");
    const CivilTime now = civil_from_ms(p.local_time_ms());
    if (2000 + yy < now.year || (2000 + yy == now.year && mm < now.month)) return fail("This card has expired");
    if (cvv.size() != 3 || digits_of(cvv) != cvv) return fail("Enter the 3-digit security code");
    const char lead = number[0];
    const std::string brand = lead == '4' ? "Visa" : lead == '5' ? "Mastercard" : lead == '6' ? "Discover" : "Card";
    const std::string last4 = number.substr(12);
    for (const json& c : cards(p))
      if (c.value("brand", "") == brand && c.value("last4", "") == last4) return fail("This card is already in Wallet");
    const int n = st.value("next_card", 1);
    st["next_card"] = n + 1;
    const std::string id = "c" + std::to_string(n);
    const char* colors[] = {"#1A3C8F", "#2E2E2E", "#E5672B", "#00695C"};
    ensure_object(st["cards"])[id] = {{"brand", brand},   {"bank", ""},         {"kind", ""},
                                      {"last4", last4},   {"holder", holder},   {"expiry", expiry},
                                      {"color", colors[lead == '4' ? 0 : lead == '5' ? 1 : lead == '6' ? 2 : 3]}};
    if (default_card(p).is_null()) st["default_card"] = id;
    st["new_card"] = blank_card();
    p.clear_focus();
    p.back();
    p.toast(brand + " " + kDot + kDot + kDot + kDot + " " + last4 + " added");
  }

  // ---------------------------------------------------------------- activity
  static bool matches(const json& t, const std::string& query) {
    const std::string q = people::fold(trim(query));
    if (q.empty()) return true;
    return people::fold(t.value("name", "")).find(q) != std::string::npos ||
           people::fold(t.value("note", "")).find(q) != std::string::npos;
  }

  static void activity(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const json& st = S(phone);
    const std::string month = st.value("filter_month", ""), cat = st.value("filter_category", "");
    ui.headline("wallet.activity.title", 16, area.t + 12, "Activity");
    ui.text_field("wallet.activity.search", {16, area.t + 60, Ui::width_dp() - 16, area.t + 116}, "Search",
                  "/apps/wallet/query", "Merchant, person or note");
    ui.nodes().back().on_click = [](Phone& p) {
      p.focus("wallet.activity.search", "/apps/wallet/query");
      p.set_scroll(0);
    };
    // Month chips, then the category drop-down.
    float x = 16;
    const float cy = area.t + 120;
    std::vector<std::pair<std::string, std::string>> chips = {{"all", "All"}};
    for (const std::string& m : recent_months(phone)) chips.push_back({m, month_short(m)});
    for (const auto& [key, label] : chips) {
      const float w = std::max(56.f, ui.text_width(label, Font::Body) + 32);
      const bool on = (key == "all" && month.empty()) || key == month;
      const std::string k = key;
      ui.chip("wallet.activity.month." + key, {x, cy, x + w, cy + 48}, label, on, [k](Phone& p) {
        own_state(p, kApp)["filter_month"] = k == "all" ? "" : k;
        p.set_scroll(0);
      });
      x += w + 8;
    }
    const std::string cat_label = cat.empty() ? "All categories" : category(cat).label;
    const float cw = ui.text_width(cat_label, Font::Body) + 16 + 34;
    ui.chip("wallet.activity.category", {16, cy + 48, 16 + cw, cy + 96}, cat_label, !cat.empty(), [](Phone& p) {
      json buttons = json::array({{{"id", "all"}, {"label", "All categories"}}});
      for (const Category& c : kCategories) buttons.push_back({{"id", c.key}, {"label", c.label}});
      buttons.push_back({{"id", "cancel"}, {"label", "Cancel"}});
      p.clear_focus();
      p.show_dialog({{"owner", kApp}, {"kind", "choice"}, {"title", "Category"}, {"text", ""}, {"buttons", buttons},
                     {"data", {{"filter", "category"}}}});
    }, "", "arrow_drop_down");
    // What the filters keep, and its totals.
    const std::string query = st.value("query", "");
    const std::int64_t shift = local_shift(phone);
    std::vector<json> shown;
    long long out = 0, in = 0;
    for (const json& t : transactions(phone)) {
      if (!month.empty() && month_key(t.value("time_ms", std::int64_t{0}) + shift) != month) continue;
      if (!cat.empty() && t.value("category", "") != cat) continue;
      if (!matches(t, query)) continue;
      (t.value("direction", "") == "credit" ? in : out) += cents_of(t, "amount_cents");
      shown.push_back(t);
    }
    const float sy = cy + 104;
    const std::string count = std::to_string(shown.size()) + (shown.size() == 1 ? " transaction" : " transactions");
    ui.label_at("wallet.activity.count", 16, sy, count, Font::Label, color::kOnSurfaceVariant);
    const std::string totals = "Out " + money(out) + kMid + "In " + money(in);
    const float cwid = ui.text_width(count, Font::Label);
    const std::string tshown = ui.ellipsize(totals, Font::Label, Ui::width_dp() - 32 - cwid - 16);
    const float tw = ui.text_width(tshown, Font::Label);
    ui.text(Ui::width_dp() - 16 - tw, sy, tshown, Font::Label, color::kOnSurfaceVariant);
    Node& tn = ui.label("wallet.activity.totals", {Ui::width_dp() - 16 - tw, sy, Ui::width_dp() - 16, sy + 16}, totals);
    tn.desc = "Out " + money(out) + ", in " + money(in);
    ui.begin_scroll("wallet.activity.list", {0, sy + 24, Ui::width_dp(), area.b - kNavDp}, phone.page_pointer() + "/scroll");
    if (shown.empty()) {
      ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 48, "No transactions", Font::BodyLarge, color::kOnSurfaceVariant);
      ui.label("wallet.activity.empty", {100, ui.cursor_y() + 44, 260, ui.cursor_y() + 72}, "No transactions");
      ui.advance(120);
    }
    std::string last_day;
    for (const json& t : shown) {
      const std::int64_t local = t.value("time_ms", std::int64_t{0}) + shift;
      const std::string day = format_date_ms(local, DateStyle::WeekdayMonthDayYear);
      if (day != last_day) {
        ui.text(16, ui.cursor_y() + 12, day, Font::Label, color::kPrimary);
        ui.advance(36);
        last_day = day;
      }
      const std::string id = t.value("id", "");
      transaction_row(ui, phone, "wallet.txn.", t, true, [id](Phone& p) { open_transaction(p, id); });
    }
    ui.advance(16);
    ui.end_scroll();
    tab_bar(ui, "activity");
  }

  static void transaction_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const std::string id = S(phone).value("selected_txn", "");
    const json t = find_in(json(transactions(phone)), id);
    ui.top_bar("wallet.txn.title", "Transaction", true);
    if (t.is_null()) {
      ui.text_centered(0, Ui::width_dp(), area.t + 200, "Transaction not found", Font::BodyLarge, color::kOnSurfaceVariant);
      ui.label("wallet.txn.missing", {80, area.t + 196, 280, area.t + 224}, "Transaction not found");
      return;
    }
    ui.begin_scroll("wallet.txn.scroll", {0, ui.cursor_y(), Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    float y = ui.cursor_y();
    const bool credit = t.value("direction", "") == "credit";
    const std::string kind = t.value("kind", "");
    const std::string name = t.value("name", "");
    if (kind == "transfer") letter_circle(ui, Ui::width_dp() / 2, y + 40, 32, name, Font::Title);
    else category_circle(ui, Ui::width_dp() / 2, y + 40, 32, t.value("category", ""), name);
    const std::string nshown = ui.ellipsize(name, Font::Title, Ui::width_dp() - 32);
    const float nw = ui.text_width(nshown, Font::Title);
    ui.text_centered(0, Ui::width_dp(), y + 84, nshown, Font::Title, color::kOnSurface);
    ui.label("wallet.txn.name", {(Ui::width_dp() - nw) / 2, y + 82, (Ui::width_dp() + nw) / 2, y + 112}, name);
    const std::string amount = (credit ? "+" : "-") + money(cents_of(t, "amount_cents"));
    const float aw = ui.text_width(amount, Font::Headline);
    ui.text_centered(0, Ui::width_dp(), y + 118, amount, Font::Headline, credit ? kGreen : color::kOnSurface);
    ui.label("wallet.txn.amount", {(Ui::width_dp() - aw) / 2, y + 116, (Ui::width_dp() + aw) / 2, y + 154}, amount);
    const std::string status = t.value("status", "") == "refunded" ? "Refunded" : "Completed";
    const float sw = ui.text_width(status, Font::Label) + 24;
    ui.fill({(Ui::width_dp() - sw) / 2, y + 162, (Ui::width_dp() + sw) / 2, y + 186},
            status == "Completed" ? 0xC4EED0 : color::kSurfaceVariant, 12);
    ui.text_centered(0, Ui::width_dp(), y + 166, status, Font::Label, status == "Completed" ? 0x0F5223 : color::kOnSurfaceVariant);
    ui.label("wallet.txn.status", {(Ui::width_dp() - sw) / 2, y + 162, (Ui::width_dp() + sw) / 2, y + 186}, status);
    ui.set_cursor(y + 202);
    ui.fill({16, ui.cursor_y(), Ui::width_dp() - 16, ui.cursor_y() + 1}, color::kSurfaceVariant);
    ui.advance(8);
    const float l = 32, r = Ui::width_dp() - 32;
    detail_row(ui, "wallet.txn.date", l, r, "Date", date_time(phone, t.value("time_ms", std::int64_t{0})));
    detail_row(ui, "wallet.txn.category", l, r, "Category", category(t.value("category", "")).label);
    if (kind == "transfer") {
      const std::string number = t.value("number", "");
      detail_row(ui, "wallet.txn.party", l, r, credit ? "From" : "To", name + (number.empty() ? "" : kMid + number));
    }
    detail_row(ui, "wallet.txn.method", l, r, credit ? "Received to" : "Paid with", method_label(phone, t.value("method", "")));
    detail_row(ui, "wallet.txn.note", l, r, "Note", t.value("note", ""));
    if (!t.value("ref", "").empty()) detail_row(ui, "wallet.txn.ref", l, r, "Reference", t.value("ref", ""));
    detail_row(ui, "wallet.txn.id", l, r, "Transaction ID", id);
    ui.advance(16);
    ui.end_scroll();
  }

  // ---------------------------------------------------------------- bills
  static std::string bill_subtitle(const json& b) {
    if (b.value("status", "") == "paid") return "Paid";
    return "Due " + iso_short(b.value("due", "")) + (b.value("autopay", false) ? std::string(kMid) + "Autopay" : "");
  }

  static void bills_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    ui.headline("wallet.bills.title", 16, area.t + 12, "Bills");
    const json list = bills(phone);
    long long due = 0;
    int n_due = 0;
    for (const json& b : list)
      if (b.value("status", "") != "paid") {
        due += cents_of(b, "amount_cents");
        ++n_due;
      }
    const std::string summary = n_due == 0 ? "All bills paid" : std::to_string(n_due) + (n_due == 1 ? " bill due" : " bills due") + kMid + money(due);
    ui.label_at("wallet.bills.summary", 16, area.t + 60, summary, Font::Body, color::kOnSurfaceVariant, Ui::width_dp() - 32);
    ui.begin_scroll("wallet.bills.list", {0, area.t + 88, Ui::width_dp(), area.b - kNavDp}, phone.page_pointer() + "/scroll");
    for (const json& b : list) {
      const float y = ui.cursor_y();
      const std::string id = b.value("id", "");
      category_circle(ui, 40, y + 36, 20, b.value("category", ""), b.value("name", ""));
      const bool paid = b.value("status", "") == "paid";
      const std::string amount = money(cents_of(b, "amount_cents"));
      const float aw = ui.text_width(amount, Font::BodyLarge);
      ui.text(Ui::width_dp() - 16 - aw, y + 14, amount, Font::BodyLarge, paid ? color::kOnSurfaceVariant : color::kOnSurface);
      ui.text(72, y + 14, ui.ellipsize(b.value("name", ""), Font::BodyLarge, Ui::width_dp() - 72 - 28 - aw), Font::BodyLarge,
              color::kOnSurface);
      const std::string sub = bill_subtitle(b);
      ui.text(72, y + 40, ui.ellipsize(sub, Font::Body, Ui::width_dp() - 72 - 16), Font::Body, paid ? kGreen : color::kOnSurfaceVariant);
      Node& n = ui.item("wallet.bill." + id, "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + 72}, b.value("name", ""),
                        [id](Phone& p) {
                          own_state(p, kApp)["selected_bill"] = id;
                          p.navigate("open_bill");
                        });
      n.desc = amount + kMid + sub;
      ui.advance(72);
    }
    ui.advance(16);
    ui.end_scroll();
    tab_bar(ui, "bills");
  }

  static void bill_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const std::string id = S(phone).value("selected_bill", "");
    const json b = find_in(bills(phone), id);
    ui.top_bar("wallet.bill.title", b.is_null() ? "Bill" : ui.ellipsize(b.value("name", ""), Font::Title, Ui::width_dp() - 80), true);
    if (b.is_null()) return;
    ui.begin_scroll("wallet.bill.scroll", {0, ui.cursor_y(), Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    float y = ui.cursor_y() + 8;
    const bool paid = b.value("status", "") == "paid";
    const long long cents = cents_of(b, "amount_cents");
    const Rect card{16, y, Ui::width_dp() - 16, y + 132};
    ui.fill(card, color::kSurfaceContainer, 20);
    category_circle(ui, card.r - 44, y + 44, 24, b.value("category", ""), b.value("name", ""));
    ui.text(card.l + 20, y + 18, paid ? "Amount paid" : "Amount due", Font::Label, color::kOnSurfaceVariant);
    ui.label_at("wallet.bill.amount", card.l + 20, y + 38, money(cents), Font::Headline, color::kOnSurface, card.w() - 100);
    std::int64_t due_days = 0;
    parse_iso_date(b.value("due", ""), due_days);
    const std::string due = paid ? "Paid on " + date_time(phone, b.value("paid_ms", std::int64_t{0}))
                                 : "Due " + format_date_long(due_days * 86400000LL);
    ui.label_at("wallet.bill.due", card.l + 20, y + 80, due, Font::Body, paid ? kGreen : color::kOnSurface, card.w() - 40);
    ui.label_at("wallet.bill.account", card.l + 20, y + 102, "Account " + b.value("account", ""), Font::Body,
                color::kOnSurfaceVariant, card.w() - 40);
    y += 148;
    // Autopay.
    const bool autopay = b.value("autopay", false);
    ui.text(24, y + 10, "Autopay", Font::BodyLarge, color::kOnSurface);
    ui.text(24, y + 34, ui.ellipsize("Pay automatically on the due date", Font::Body, Ui::width_dp() - 24 - 92), Font::Body,
            color::kOnSurfaceVariant);
    ui.switch_at("wallet.bill.autopay", Ui::width_dp() - 24 - 52, y + 14, autopay, [id](Phone& p) {
      const json bill = find_in(bills(p), id);
      if (bill.is_null()) return;
      const bool on = !bill.value("autopay", false);
      write_overlay_entity(ensure_object(own_state(p, kApp)["bills"]), id, World::instance().entity(kApp, "bills", id),
                           {{"autopay", on}});
      p.toast(on ? "Autopay is on" : "Autopay is off");
    });
    y += 72;
    if (!paid) {
      ui.button("wallet.bill.pay", {16, y, Ui::width_dp() - 16, y + 48}, "Pay " + money(cents), true, [b](Phone& p) {
        const long long amount = cents_of(b, "amount_cents");
        own_state(p, kApp)["payment"] = {{"kind", "bill"},
                                         {"amount_cents", amount},
                                         {"payee", b.value("name", "")},
                                         {"number", ""},
                                         {"note", "Bill due " + iso_short(b.value("due", ""))},
                                         {"category", b.value("category", "utilities")},
                                         {"from_app", ""},
                                         {"ref", "bill:" + b.value("id", "")},
                                         {"bill", b.value("id", "")},
                                         {"source", initial_source(p, amount)},
                                         {"tries", 0}};
        p.navigate("pay");
      });
      y += 64;
    }
    // Earlier payments of this bill.
    ui.text(24, y + 8, "Payment history", Font::Label, color::kPrimary);
    y += 32;
    const std::string ref = "bill:" + id;
    int n = 0;
    for (const json& t : transactions(phone)) {
      if (t.value("ref", "") != ref) continue;
      const std::string when = date_time(phone, t.value("time_ms", std::int64_t{0}));
      const std::string amount = money(cents_of(t, "amount_cents"));
      const float aw = ui.text_width(amount, Font::Body);
      ui.text(24, y + 14, ui.ellipsize(when, Font::Body, Ui::width_dp() - 48 - aw - 12), Font::Body, color::kOnSurface);
      ui.text(Ui::width_dp() - 24 - aw, y + 14, amount, Font::Body, color::kOnSurface);
      Node& row = ui.label("wallet.bill.history." + t.value("id", ""), {16, y, Ui::width_dp() - 16, y + 48}, amount);
      row.desc = when;
      y += 48;
      ++n;
    }
    if (n == 0) {
      ui.text(24, y + 8, "No payments yet", Font::Body, color::kOnSurfaceVariant);
      y += 40;
    }
    ui.set_cursor(y + 16);
    ui.end_scroll();
  }

  // ---------------------------------------------------------------- transfer / request
  /// Send money (`transfer`) or request money (`request`): first pick a contact (or type a number),
  /// then the amount and a note.
  static void recipient_form(Ui& ui, Phone& phone, const std::string& key) {
    const Rect area = Ui::content_area();
    const bool sending = key == "transfer";
    const std::string base = "wallet." + key, path = "/apps/wallet/" + key;
    ui.top_bar(base + ".title", sending ? "Send money" : "Request money", true);
    const float y0 = ui.cursor_y();
    const json d = S(phone).value(key, json::object());
    const std::string name = d.value("name", ""), number = d.value("number", "");
    if (name.empty() && number.empty()) {
      // 1. Who: a contact (Contacts' exported people) or a typed number.
      ui.text_field(base + ".to", {16, y0 + 4, Ui::width_dp() - 16, y0 + 60}, sending ? "To" : "From", path + "/to",
                    "Name or phone number");
      const std::string to = trim(d.value("to", ""));
      ui.begin_scroll(base + ".people", {0, y0 + 68, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
      const json contacts = people::all(phone);
      if (is_phone_number(to)) {
        const json who = people::by_number(contacts, to);
        const std::string title = (sending ? "Send to " : "Request from ") + to;
        const float y = ui.cursor_y();
        ui.circle(40, y + 36, 20, color::kPrimaryContainer);
        ui.icon(40, y + 36, "dialpad", Font::Icon, color::kOnPrimaryContainer);
        ui.text(72, y + (who.is_null() ? 26 : 14), ui.ellipsize(title, Font::BodyLarge, Ui::width_dp() - 88), Font::BodyLarge,
                color::kOnSurface);
        if (!who.is_null())
          ui.text(72, y + 40, ui.ellipsize(people::display_name(who), Font::Body, Ui::width_dp() - 88), Font::Body,
                  color::kOnSurfaceVariant);
        const std::string who_name = who.is_null() ? "" : people::display_name(who);
        ui.item(base + ".to_number", "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + 72}, title,
                [key, to, who_name](Phone& p) { pick_recipient(p, key, who_name, to); });
        ui.advance(72);
      }
      if (!sending) sent_requests(ui, phone, to);
      const std::string q = people::fold(to), qd = digits_of(to);
      std::vector<json> rows;
      for (const json& c : people::sorted(contacts)) {
        const std::string num = people::first_number(c);
        if (num.empty()) continue;
        const bool hit = q.empty() || people::fold(people::display_name(c)).find(q) != std::string::npos ||
                         (numeric_text(to) && digits_of(num).find(qd) != std::string::npos);
        if (hit) rows.push_back(c);
      }
      if (!rows.empty()) {
        ui.text(16, ui.cursor_y() + 10, "Contacts", Font::Label, color::kPrimary);
        ui.advance(36);
      } else if (!is_phone_number(to)) {
        ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 24, "No matching contacts", Font::Body, color::kOnSurfaceVariant);
        ui.label(base + ".no_match", {90, ui.cursor_y() + 20, 270, ui.cursor_y() + 44}, "No matching contacts");
        ui.advance(64);
      }
      for (const json& c : rows) {
        const float y = ui.cursor_y();
        const std::string cname = people::display_name(c), num = people::first_number(c);
        people::avatar(ui, 40, y + 36, 20, c, Font::BodyLarge);
        ui.text(72, y + 14, ui.ellipsize(cname, Font::BodyLarge, Ui::width_dp() - 88), Font::BodyLarge, color::kOnSurface);
        ui.text(72, y + 40, num, Font::Body, color::kOnSurfaceVariant);
        Node& n = ui.item(base + ".contact." + c["id"].dump(), "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + 72},
                          cname, [key, cname, num](Phone& p) { pick_recipient(p, key, cname, num); });
        n.desc = num;
        ui.advance(72);
      }
      ui.advance(16);
      ui.end_scroll();
      return;
    }
    // 2. How much, and what for.
    const std::string shown_name = name.empty() ? number : name;
    const Rect rc{16, y0 + 8, Ui::width_dp() - 16, y0 + 80};
    ui.fill(rc, color::kSurfaceContainer, 16);
    if (name.empty()) {
      ui.circle(48, y0 + 44, 20, color::kPrimaryContainer);
      ui.icon(48, y0 + 44, "dialpad", Font::Icon, color::kOnPrimaryContainer);
    } else {
      letter_circle(ui, 48, y0 + 44, 20, name, Font::BodyLarge);
    }
    ui.label_at(base + ".recipient", 80, y0 + (name.empty() ? 34 : 22), shown_name, Font::BodyLarge, color::kOnSurface,
                Ui::width_dp() - 80 - 96);
    if (!name.empty())
      ui.text(80, y0 + 46, ui.ellipsize(number, Font::Body, Ui::width_dp() - 80 - 96), Font::Body, color::kOnSurfaceVariant);
    ui.button(base + ".change", {Ui::width_dp() - 96, y0 + 20, Ui::width_dp() - 24, y0 + 68}, "Change", false, [key](Phone& p) {
      json& dr = own_state(p, kApp)[key];
      dr["name"] = "";
      dr["number"] = "";
      dr["error"] = "";
      p.focus("wallet." + key + ".to", "/apps/wallet/" + key + "/to");
    });
    ui.text_field(base + ".amount", {16, y0 + 96, Ui::width_dp() - 16, y0 + 152}, "Amount ($)", path + "/amount", "0.00");
    ui.nodes().back().on_click = [base, path](Phone& p) { p.focus(base + ".amount", path + "/amount", "symbols"); };
    ui.text_field(base + ".note", {16, y0 + 164, Ui::width_dp() - 16, y0 + 220}, "Note", path + "/note", "What's it for?");
    if (sending)
      ui.label_at(base + ".balance", 16, y0 + 228, "Wallet balance: " + money(cents_of(S(phone), "balance_cents")), Font::Body,
                  color::kOnSurfaceVariant, Ui::width_dp() - 32);
    const std::string error = d.value("error", "");
    if (!error.empty()) ui.label_at(base + ".error", 16, y0 + 252, error, Font::Body, color::kError, Ui::width_dp() - 32);
    if (sending)
      ui.button(base + ".continue", {16, y0 + 280, Ui::width_dp() - 16, y0 + 328}, "Continue", true, review_transfer);
    else
      ui.button(base + ".send", {16, y0 + 280, Ui::width_dp() - 16, y0 + 328}, "Send request", true, send_request);
  }

  static void pick_recipient(Phone& p, const std::string& key, const std::string& name, const std::string& number) {
    json& d = own_state(p, kApp)[key];
    d["name"] = name;
    d["number"] = number;
    d["error"] = "";
    p.set_scroll(0);
    p.focus("wallet." + key + ".amount", "/apps/wallet/" + key + "/amount", "symbols");
  }

  /// The requests sent (newest first), filtered by the typed text, on the request page.
  static void sent_requests(Ui& ui, Phone& phone, const std::string& to) {
    const json reqs = S(phone).value("requests", json::array());
    if (!reqs.is_array() || reqs.empty() || !to.empty()) return;
    ui.text(16, ui.cursor_y() + 10, "Your requests", Font::Label, color::kPrimary);
    ui.advance(36);
    for (auto it = reqs.rbegin(); it != reqs.rend(); ++it) {
      const json& r = *it;
      const float y = ui.cursor_y();
      const std::string who = r.value("name", "").empty() ? r.value("number", "") : r.value("name", "");
      const std::string amount = money(cents_of(r, "amount_cents"));
      const float aw = ui.text_width(amount, Font::BodyLarge);
      letter_circle(ui, 40, y + 36, 20, who, Font::BodyLarge);
      ui.text(Ui::width_dp() - 16 - aw, y + 14, amount, Font::BodyLarge, color::kOnSurface);
      ui.text(72, y + 14, ui.ellipsize(who, Font::BodyLarge, Ui::width_dp() - 72 - 28 - aw), Font::BodyLarge, color::kOnSurface);
      const std::string sub = "Pending" + std::string(kMid) + (r.value("note", "").empty() ? "No note" : r.value("note", ""));
      ui.text(72, y + 40, ui.ellipsize(sub, Font::Body, Ui::width_dp() - 88), Font::Body, color::kOnSurfaceVariant);
      Node& n = ui.label("wallet.request.item." + std::to_string(r.value("id", 0)), {0, y, Ui::width_dp(), y + 72}, who);
      n.desc = amount + kMid + sub;
      ui.advance(72);
    }
  }

  /// Reads the form's amount; sets the form's error and returns false when it is not a valid one.
  static bool form_amount(json& d, long long& cents) {
    if (!parse_amount(d.value("amount", ""), cents) || cents <= 0) {
      d["error"] = "Enter an amount, e.g. 25.00";
      return false;
    }
    if (cents > kMaxTransfer) {
      d["error"] = "The most you can send or request at once is " + money(kMaxTransfer);
      return false;
    }
    return true;
  }

  static void review_transfer(Phone& p) {
    json& st = own_state(p, kApp);
    json& d = st["transfer"];
    long long cents = 0;
    if (!form_amount(d, cents)) return;
    d["error"] = "";
    const std::string name = d.value("name", ""), number = d.value("number", "");
    st["payment"] = {{"kind", "transfer"},
                     {"amount_cents", cents},
                     {"payee", name.empty() ? number : name},
                     {"number", number},
                     {"note", trim(d.value("note", ""))},
                     {"category", "transfer"},
                     {"from_app", ""},
                     {"ref", ""},
                     {"bill", ""},
                     {"source", initial_source(p, cents)},
                     {"tries", 0}};
    p.clear_focus();
    p.navigate("review");
  }

  static void send_request(Phone& p) {
    json& st = own_state(p, kApp);
    json& d = st["request"];
    long long cents = 0;
    if (!form_amount(d, cents)) return;
    const int n = st.value("next_request", 1);
    st["next_request"] = n + 1;
    const std::string name = d.value("name", ""), number = d.value("number", "");
    if (!st["requests"].is_array()) st["requests"] = json::array();
    st["requests"].push_back({{"id", n},
                              {"name", name},
                              {"number", number},
                              {"amount_cents", cents},
                              {"amount", plain_amount(cents)},
                              {"note", trim(d.value("note", ""))},
                              {"time_ms", p.now_ms()},
                              {"status", "pending"}});
    st["request"] = blank_recipient();
    p.clear_focus();
    p.back();
    p.toast("Requested " + money(cents) + " from " + (name.empty() ? number : name));
  }

  // ---------------------------------------------------------------- confirm and PIN
  static void confirm(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const json& st = S(phone);
    const json pay = st.value("payment", json());
    const bool transfer = pay.is_object() && pay.value("kind", "") == "transfer";
    ui.top_bar("wallet.confirm.title", transfer ? "Send money" : "Confirm payment", true);
    if (!pay.is_object()) {
      ui.text_centered(0, Ui::width_dp(), area.t + 200, "No payment to confirm", Font::BodyLarge, color::kOnSurfaceVariant);
      ui.label("wallet.confirm.none", {80, area.t + 196, 280, area.t + 224}, "No payment to confirm");
      return;
    }
    ui.begin_scroll("wallet.confirm.scroll", {0, ui.cursor_y(), Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    const float y = ui.cursor_y();
    const std::string payee = pay.value("payee", ""), number = pay.value("number", "");
    const long long amount = cents_of(pay, "amount_cents");
    if (transfer) letter_circle(ui, Ui::width_dp() / 2, y + 40, 32, payee, Font::Title);
    else category_circle(ui, Ui::width_dp() / 2, y + 40, 32, pay.value("category", ""), payee);
    const std::string to = (transfer ? "To " : "Pay ") + payee;
    const std::string to_shown = ui.ellipsize(to, Font::Title, Ui::width_dp() - 32);
    const float tw = ui.text_width(to_shown, Font::Title);
    ui.text_centered(0, Ui::width_dp(), y + 84, to_shown, Font::Title, color::kOnSurface);
    ui.label("wallet.confirm.payee", {(Ui::width_dp() - tw) / 2, y + 82, (Ui::width_dp() + tw) / 2, y + 112}, payee);
    std::string sub = number;
    if (sub.empty() && pay.value("kind", "") == "bill") sub = "Bill payment";
    if (sub.empty() && installed(pay.value("from_app", ""))) {
      const App* from = AppRegistry::instance().find(pay.value("from_app", ""));
      sub = "Requested by " + from->name();
    }
    if (!sub.empty() && sub != payee)
      ui.text_centered(0, Ui::width_dp(), y + 116, ui.ellipsize(sub, Font::Body, Ui::width_dp() - 32), Font::Body, color::kOnSurfaceVariant);
    const std::string am = money(amount);
    const float aw = ui.text_width(am, Font::Headline);
    ui.text_centered(0, Ui::width_dp(), y + 144, am, Font::Headline, color::kOnSurface);
    ui.label("wallet.confirm.amount", {(Ui::width_dp() - aw) / 2, y + 142, (Ui::width_dp() + aw) / 2, y + 180}, am);
    const std::string note = pay.value("note", "");
    if (!note.empty()) {
      const std::string ns = ui.ellipsize("\"" + note + "\"", Font::Body, Ui::width_dp() - 48);
      const float nw = ui.text_width(ns, Font::Body);
      ui.text_centered(0, Ui::width_dp(), y + 188, ns, Font::Body, color::kOnSurfaceVariant);
      ui.label("wallet.confirm.note", {(Ui::width_dp() - nw) / 2, y + 186, (Ui::width_dp() + nw) / 2, y + 206}, note);
    }
    // Pay from: the balance or the default card.
    float py = y + 224;
    ui.text(16, py, "Pay from", Font::Label, color::kPrimary);
    py += 20;
    const long long balance = cents_of(st, "balance_cents");
    const json card = default_card(phone);
    const bool by_card = pay.value("source", "balance") == "card" && !card.is_null();
    ui.radio("wallet.confirm.source.balance", {8, py, Ui::width_dp() - 8, py + 56}, "Wallet balance (" + money(balance) + ")",
             !by_card, [](Phone& p) { own_state(p, kApp)["payment"]["source"] = "balance"; });
    py += 56;
    const bool short_funds = !by_card && balance < amount;
    if (short_funds) {
      ui.label_at("wallet.confirm.error", 64, py - 6, "Insufficient balance", Font::Body, color::kError, Ui::width_dp() - 80);
      py += 20;
    }
    if (!card.is_null()) {
      ui.radio("wallet.confirm.source.card", {8, py, Ui::width_dp() - 8, py + 56}, card_name(card) + " (default card)", by_card,
               [](Phone& p) { own_state(p, kApp)["payment"]["source"] = "card"; });
      py += 56;
    }
    py += 16;
    wide_button(ui, "wallet.confirm.pay", {16, py, Ui::width_dp() - 16, py + 48}, "Pay " + am, !short_funds,
                [](Phone& p) {
                  own_state(p, kApp)["pin_entry"] = "";
                  own_state(p, kApp)["pin_error"] = "";
                  p.navigate("enter_pin");
                });
    py += 56;
    ui.button("wallet.confirm.cancel", {16, py, Ui::width_dp() - 16, py + 48}, "Cancel", false, [](Phone& p) {
      json& s = own_state(p, kApp);
      const json pending = s["payment"];
      clear_payment(s);
      if (installed(pending.value("from_app", ""))) return return_to_payer(p, pending, "cancelled", "", true);
      p.back();
    });
    ui.set_cursor(py + 64);
    ui.end_scroll();
  }

  static void pin_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const json& st = S(phone);
    const json pay = st.value("payment", json());
    ui.top_bar("wallet.pin.title", "Wallet PIN", true);
    const float y = ui.cursor_y();
    ui.icon(Ui::width_dp() / 2, y + 24, "lock", Font::IconLarge, color::kPrimary);
    ui.text_centered(0, Ui::width_dp(), y + 52, "Enter your Wallet PIN", Font::Title, color::kOnSurface);
    if (pay.is_object()) {
      const std::string what = (pay.value("kind", "") == "transfer" ? "Send " : "Pay ") + money(cents_of(pay, "amount_cents")) +
                               " to " + pay.value("payee", "");
      const std::string shown = ui.ellipsize(what, Font::Body, Ui::width_dp() - 32);
      const float w = ui.text_width(shown, Font::Body);
      ui.text_centered(0, Ui::width_dp(), y + 88, shown, Font::Body, color::kOnSurfaceVariant);
      ui.label("wallet.pin.summary", {(Ui::width_dp() - w) / 2, y + 86, (Ui::width_dp() + w) / 2, y + 106}, what);
    }
    const int typed = static_cast<int>(st.value("pin_entry", "").size());
    for (int i = 0; i < kPinLength; ++i) {
      const float cx = Ui::width_dp() / 2 + (static_cast<float>(i) - 2.5f) * 32;
      if (i < typed) ui.circle(cx, y + 132, 8, color::kPrimary);
      else ui.stroke({cx - 8, y + 124, cx + 8, y + 140}, color::kOutline, 8, 2);
    }
    ui.label("wallet.pin.dots", {Ui::width_dp() / 2 - 96, y + 120, Ui::width_dp() / 2 + 96, y + 144},
             std::to_string(typed) + " of " + std::to_string(kPinLength) + " digits");
    const std::string error = st.value("pin_error", "");
    if (!error.empty()) {
      const float w = ui.text_width(error, Font::Body);
      ui.text_centered(0, Ui::width_dp(), y + 156, error, Font::Body, color::kError);
      ui.label("wallet.pin.error", {(Ui::width_dp() - w) / 2, y + 154, (Ui::width_dp() + w) / 2, y + 174}, error);
    }
    static const char* kKeys = "123456789 0<";
    for (int i = 0; i < 12; ++i) {
      const char k = kKeys[i];
      if (k == ' ') continue;
      const float cx = Ui::width_dp() / 2 + static_cast<float>(i % 3 - 1) * 100;
      const float cy = y + 222 + static_cast<float>(i / 3) * 70;
      const Rect r{cx - 48, cy - 32, cx + 48, cy + 32};
      if (k == '<') {
        ui.icon(cx, cy, "backspace", Font::Icon, color::kOnSurfaceVariant);
        Node& n = ui.item("wallet.pin.backspace", "android.widget.ImageButton", r, "", [](Phone& p) {
          json& s = own_state(p, kApp);
          std::string e = s.value("pin_entry", "");
          if (!e.empty()) e.pop_back();
          s["pin_entry"] = e;
        });
        n.desc = "Delete";
        continue;
      }
      ui.fill({cx - 40, cy - 28, cx + 40, cy + 28}, color::kSurfaceContainer, 28);
      const std::string label(1, k);
      ui.text_centered(r.l, r.r, cy - ui.line_height(Font::Headline) / 2 - 1, label, Font::Headline, color::kOnSurface);
      ui.item(std::string("wallet.pin.key.") + k, "android.widget.Button", r, label, [k](Phone& p) { press_pin_digit(p, k); });
    }
    (void)area;
  }

  // ---------------------------------------------------------------- budget
  static void budget(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const json& st = S(phone);
    ui.top_bar("wallet.budget.title", "Budget", true);
    std::string month = st.value("budget_month", "");
    if (month.empty()) month = month_key(phone.local_time_ms());
    ui.begin_scroll("wallet.budget.scroll", {0, ui.cursor_y(), Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    float y = ui.cursor_y();
    float x = 16;
    for (const std::string& m : recent_months(phone)) {
      const std::string label = month_short(m);
      const float w = std::max(64.f, ui.text_width(label, Font::Body) + 32);
      ui.chip("wallet.budget.month." + m, {x, y, x + w, y + 48}, label, m == month,
              [m](Phone& p) { own_state(p, kApp)["budget_month"] = m; });
      x += w + 8;
    }
    y += 60;
    const std::vector<json> txns = transactions(phone);
    const long long limit = cents_of(st, "budget_cents"), spent = spent_in(txns, phone, month);
    ui.label_at("wallet.budget.month", 16, y, month_label(month), Font::Title, color::kOnSurface, Ui::width_dp() - 32);
    y += 36;
    ui.label_at("wallet.budget.spent", 16, y, money(spent), Font::Headline, spent > limit ? color::kError : color::kOnSurface,
                Ui::width_dp() - 32);
    y += 40;
    ui.label_at("wallet.budget.limit", 16, y, "spent of " + money(limit) + " monthly budget", Font::Body,
                color::kOnSurfaceVariant, Ui::width_dp() - 32);
    y += 28;
    progress(ui, {16, y, Ui::width_dp() - 16, y + 12}, spent, limit);
    y += 22;
    const std::string status = spent > limit ? money(spent - limit) + " over budget" : money(limit - spent) + " left";
    ui.label_at("wallet.budget.status", 16, y, status, Font::BodyLarge, spent > limit ? color::kError : kGreen, Ui::width_dp() - 32);
    y += 40;
    // Set the budget.
    ui.text_field("wallet.budget.amount", {16, y, 228, y + 56}, "Monthly budget ($)", "/apps/wallet/budget_draft",
                  plain_amount(limit));
    ui.nodes().back().on_click = [](Phone& p) { p.focus("wallet.budget.amount", "/apps/wallet/budget_draft", "symbols"); };
    ui.button("wallet.budget.save", {240, y + 4, Ui::width_dp() - 16, y + 52}, "Save", true, [](Phone& p) {
      json& s = own_state(p, kApp);
      long long cents = 0;
      if (!parse_amount(s.value("budget_draft", ""), cents) || cents <= 0) {
        p.toast("Enter a budget amount");
        return;
      }
      s["budget_cents"] = cents;
      s["budget_draft"] = "";
      p.clear_focus();
      p.toast("Monthly budget set to " + money(cents));
    });
    y += 72;
    // By category.
    ui.text(16, y, "By category", Font::Label, color::kPrimary);
    y += 24;
    std::vector<std::pair<long long, const Category*>> rows;
    for (const Category& c : kCategories) {
      if (std::string(c.key) == "income") continue;
      const long long v = spent_in(txns, phone, month, c.key);
      if (v != 0) rows.push_back({v, &c});
    }
    std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    if (rows.empty()) {
      ui.text(16, y + 8, "No spending this month", Font::Body, color::kOnSurfaceVariant);
      y += 40;
    }
    for (const auto& [v, c] : rows) {
      category_circle(ui, 36, y + 28, 18, c->key);
      const std::string amount = money(v);
      const float aw = ui.text_width(amount, Font::Body);
      ui.text(64, y + 10, c->label, Font::Body, color::kOnSurface);
      ui.text(Ui::width_dp() - 16 - aw, y + 10, amount, Font::Body, color::kOnSurface);
      progress(ui, {64, y + 36, Ui::width_dp() - 16, y + 42}, v, std::max(spent, 1LL));
      Node& n = ui.label(std::string("wallet.budget.cat.") + c->key, {56, y, Ui::width_dp() - 8, y + 52}, amount);
      n.desc = c->label;
      y += 56;
    }
    ui.set_cursor(y + 16);
    ui.end_scroll();
  }

  // ---------------------------------------------------------------- receive by QR
  /// A QR-like code: three finder squares, timing lines and data modules from a hash of the
  /// owner's payment link (the same picture every time).
  static void qr_code(Ui& ui, const Rect& r, const std::string& payload) {
    ContentColours keep;  // content keeps its colours in the dark theme (sim/ui/dark.hpp)
    constexpr int kN = 25;
    const float m = r.w() / kN;
    ui.fill(r, 0xFFFFFF);
    auto dark = [&](int cx, int cy) { ui.fill({r.l + cx * m, r.t + cy * m, r.l + (cx + 1) * m, r.t + (cy + 1) * m}, 0x000000); };
    auto finder_zone = [](int x, int y) {
      auto in = [&](int ox, int oy) { return x >= ox && x < ox + 8 && y >= oy && y < oy + 8; };
      return in(0, 0) || in(kN - 8, 0) || in(0, kN - 8);
    };
    for (auto [ox, oy] : {std::pair<int, int>{0, 0}, {kN - 7, 0}, {0, kN - 7}})
      for (int y = 0; y < 7; ++y)
        for (int x = 0; x < 7; ++x) {
          const bool ring = x == 0 || y == 0 || x == 6 || y == 6;
          const bool core = x >= 2 && x <= 4 && y >= 2 && y <= 4;
          if (ring || core) dark(ox + x, oy + y);
        }
    std::uint32_t s = fnv1a32(payload);
    for (int y = 0; y < kN; ++y)
      for (int x = 0; x < kN; ++x) {
        if (finder_zone(x, y)) continue;
        if (x == 6 || y == 6) {
          if ((x + y) % 2 == 0) dark(x, y);
          continue;
        }
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        if (s % 100 < 47) dark(x, y);
      }
  }

  static void qr(Ui& ui, Phone& phone) {
    ui.top_bar("wallet.qr.title", "Receive money", true);
    const float y = ui.cursor_y() + 12;
    const Rect card{32, y, Ui::width_dp() - 32, y + 376};
    ui.fill(card, color::kSurfaceContainer, 24);
    ui.text_centered(card.l, card.r, y + 20, kOwnerName, Font::Title, color::kOnSurface);
    ui.label("wallet.qr.name", {card.l + 40, y + 18, card.r - 40, y + 48}, kOwnerName);
    ui.text_centered(card.l, card.r, y + 54, kOwnerNumber, Font::Body, color::kOnSurfaceVariant);
    const Rect code{Ui::width_dp() / 2 - 100, y + 88, Ui::width_dp() / 2 + 100, y + 288};
    ui.fill({code.l - 12, code.t - 12, code.r + 12, code.b + 12}, 0xFFFFFF, 12);
    qr_code(ui, code, kPayLink);
    Node& img = ui.image("wallet.qr.code", code, "QR code to pay " + std::string(kOwnerName));
    img.text = kPayLink;
    ui.text_centered(card.l, card.r, y + 316, "Scan with any wallet app to pay me", Font::Body, color::kOnSurfaceVariant);
    ui.button("wallet.qr.copy", {72, y + 400, Ui::width_dp() - 72, y + 448}, "Copy payment link", true, [](Phone& p) {
      p.set_clipboard(kPayLink);
      p.toast("Payment link copied");
    });
    (void)phone;
  }
};

}  // namespace
PG_REGISTER_APP("wallet", WalletApp);
}  // namespace pg
