// Wallet through actions, as a user drives it: send money to a contact and to a typed number
// (confirm page, PIN pad), a wrong PIN refused and counted (three decline the payment), paying
// from the default card, insufficient balance, request money, cards (add with validation, set
// the default, remove with a confirmation), bills (pay, autopay), the activity filters (month,
// category, search) and a transaction's page, the monthly budget, receive by QR, and the
// org.phonegym.wallet.PAY intent: without a payer (from_app "") and with a payer app that exists
// only in this file ("fakepay": its payment_result records what Wallet hands back). Each flow
// checks exactly which state paths it changed and what the screen shows.
#include "phone_driver.hpp"
#include "sim/env/env.hpp"
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"
#include "sim/state/overlay.hpp"
#include "sim/state/world.hpp"
#include "sim/ui/ui.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

using namespace pg::testing;

namespace {

constexpr long long kBalance = 513496;  // apps/wallet/defaults.json
constexpr const char* kPin = "246810";

const json& wallet(Env& env) { return env.phone().app_state("wallet"); }

/// Taps the PIN pad's keys for `digits`.
void enter_pin(Env& env, const std::string& digits) {
  for (char d : digits) press(env, std::string("wallet.pin.key.") + d);
}

/// From the home page: Transfer, pick a contact by typing `query`, amount and note, Continue.
void fill_transfer_to_contact(Env& env, const std::string& query, int contact, const std::string& amount,
                              const std::string& note) {
  press(env, "wallet.action.transfer");
  type_text(env, query);
  press(env, "wallet.transfer.contact." + std::to_string(contact));
  type_text(env, amount);  // the amount field has the focus after picking someone
  enter_text(env, "wallet.transfer.note", note);
  press(env, "wallet.transfer.continue");
}

// ---------------------------------------------------------------- a payer that exists only here

/// "Fakepay": a checkout page whose button asks Wallet to pay $12.50 (ref "order-7"), and the
/// exported payment_result every payer must have (unknown refs are refused).
class FakePayApp : public pg::App {
 public:
  FakePayApp() {
    add_page("checkout", [](pg::Ui& ui, pg::Phone& phone) {
      ui.top_bar("fakepay.title", "Checkout", false);
      const pg::Rect area = pg::Ui::content_area();
      ui.button("fakepay.pay", {24, area.t + 120, 336, area.t + 168}, "Pay with Wallet", true, [](pg::Phone& p) {
        pg::own_state(p, "fakepay")["pending"] = "order-7";
        p.start_intent({{"app", "wallet"},
                        {"action", "org.phonegym.wallet.PAY"},
                        {"extras", {{"kind", "payment"}, {"amount_cents", 1250}, {"payee", "Fakepay Store"},
                                    {"note", "Order 7"}, {"category", "shopping"}, {"from_app", "fakepay"},
                                    {"ref", "order-7"}}}});
      });
      (void)phone;
    });
    add_export("payment_result", [](pg::Phone& p, const json& args) {
      json& st = pg::own_state(p, "fakepay");
      if (args.value("ref", "") != st.value("pending", "")) throw std::invalid_argument("unknown ref " + args.value("ref", ""));
      st["pending"] = "";
      st["results"].push_back(args);
      return json::object();
    });
  }
};

const bool kFakePayRegistered = [] {
  pg::register_app(std::make_unique<FakePayApp>(), "fakepay",
                   {{"id", "fakepay"}, {"name", "Fakepay"}, {"package", "org.phonegym.fakepay"}, {"version", "1.0"},
                    {"icon", "payments"}, {"color", "#188038"}, {"order", 99}, {"icons", json::array()},
                    {"intent_filters", json::array()}, {"permissions", json::array()}},
                   {{"entry", "checkout"},
                    {"pages", {{"checkout", {{"title", "Checkout"}, {"transitions", json::object()},
                                             {"example", json::array({{{"type", "open_app"}, {"app", "fakepay"}}})}}}}}},
                   {{"pending", ""}, {"results", json::array()}});
  return true;
}();

}  // namespace

TEST(Wallet, HomeShowsTheBalanceQuickActionsAndRecentActivity) {
  Env env;
  open_app(env, "wallet");
  EXPECT_EQ(text_of(env, "wallet.balance"), "$5,134.96");
  for (const char* a : {"transfer", "request", "bills", "qr"}) EXPECT_TRUE(on_screen(env, std::string("wallet.action.") + a));
  EXPECT_EQ(text_of(env, "wallet.recent.tx160"), "Brightline Labs");  // the newest: Dec 31 payroll
  EXPECT_NE(find_node(env, "wallet.recent.tx160")["desc"].get<std::string>().find("+$2,150.00"), std::string::npos);
  EXPECT_TRUE(find_node(env, "wallet.tab.home")["selected"].get<bool>());
  EXPECT_NE(find_node(env, "wallet.home.budget")["desc"].get<std::string>().find("Spent $0.00 of $4,000.00"), std::string::npos);
  EXPECT_TRUE(env.lint().empty());
}

TEST(Wallet, TheWorldMatchesShopOrdersAndChatTransfers) {
  Env env;
  const json txns = pg::resolve_collection(pg::World::instance(), wallet(env), "wallet", "transactions");
  EXPECT_GE(txns.size(), 150u);
  int shop = 0, refunds = 0, chat = 0;
  long long net = 0;
  for (const json& t : txns) {
    const std::string ref = t.value("ref", "");
    if (ref.rfind("shop:", 0) == 0) (t["kind"] == "refund" ? refunds : shop)++;
    if (ref.rfind("chat:", 0) == 0) ++chat;
    if (t["method"] == "balance") net += (t["direction"] == "credit" ? 1 : -1) * t["amount_cents"].get<long long>();
  }
  EXPECT_EQ(shop, 20);
  EXPECT_EQ(refunds, 1);
  EXPECT_EQ(chat, 14);
  EXPECT_EQ(net, kBalance - 318642);  // the balance on Oct 1 was $3,186.42
  // o05 (2 items, $41.49) was paid a minute after it was placed; x07 was a credit from Maya Patel.
  bool o05 = false, x07 = false;
  for (const json& t : txns) {
    if (t["ref"] == "shop:o05") o05 = t["amount_cents"] == 4149 && t["time_ms"] == 1760903820000LL + 60000 && t["name"] == "Shop";
    if (t["ref"] == "chat:x07") x07 = t["direction"] == "credit" && t["name"] == "Maya Patel" && t["amount_cents"] == 3250;
  }
  EXPECT_TRUE(o05);
  EXPECT_TRUE(x07);
}

TEST(Wallet, SendMoneyToAContactWithTheRightPin) {
  Env env;
  const json before = open_app(env, "wallet");
  press(env, "wallet.action.transfer");
  EXPECT_EQ(env.state()["os"]["keyboard"]["focus"], "wallet.transfer.to");
  type_text(env, "juli");
  EXPECT_TRUE(on_screen(env, "wallet.transfer.contact.23"));
  EXPECT_FALSE(on_screen(env, "wallet.transfer.contact.1"));
  press(env, "wallet.transfer.contact.23");
  EXPECT_EQ(text_of(env, "wallet.transfer.recipient"), "Julia Nowak");
  type_text(env, "20");
  enter_text(env, "wallet.transfer.note", "Taxi");
  press(env, "wallet.transfer.continue");
  ASSERT_EQ(env.phone().current_page(), "confirm");
  EXPECT_EQ(text_of(env, "wallet.confirm.payee"), "Julia Nowak");
  EXPECT_EQ(text_of(env, "wallet.confirm.amount"), "$20.00");
  EXPECT_EQ(text_of(env, "wallet.confirm.note"), "Taxi");
  EXPECT_TRUE(find_node(env, "wallet.confirm.source.balance")["checked"].get<bool>());
  EXPECT_EQ(text_of(env, "wallet.confirm.pay"), "Pay $20.00");
  press(env, "wallet.confirm.pay");
  ASSERT_EQ(env.phone().current_page(), "pin");
  EXPECT_EQ(text_of(env, "wallet.pin.summary"), "Send $20.00 to Julia Nowak");
  enter_pin(env, kPin);
  const json after = env.state();
  EXPECT_EQ(changed_paths(before, after), (Paths{"/apps/wallet/balance_cents", "/apps/wallet/transactions/tx161",
                                                 "/apps/wallet/next_txn", "/apps/wallet/selected_txn"}));
  EXPECT_EQ(wallet(env)["balance_cents"], kBalance - 2000);
  const json& t = wallet(env)["transactions"]["tx161"];
  EXPECT_EQ(t["name"], "Julia Nowak");
  EXPECT_EQ(t["number"], "+1 555 0123");
  EXPECT_EQ(t["amount_cents"], 2000);
  EXPECT_EQ(t["amount"], "20.00");
  EXPECT_EQ(t["direction"], "debit");
  EXPECT_EQ(t["kind"], "transfer");
  EXPECT_EQ(t["category"], "transfer");
  EXPECT_EQ(t["method"], "balance");
  EXPECT_EQ(t["note"], "Taxi");
  EXPECT_EQ(t["date"], "2026-01-01");
  // Wallet shows the new transaction; Back goes home, where it is the most recent.
  EXPECT_EQ(env.phone().current_page(), "transaction");
  EXPECT_EQ(text_of(env, "wallet.txn.amount"), "-$20.00");
  EXPECT_EQ(text_of(env, "wallet.txn.name"), "Julia Nowak");
  act(env, R"({"type":"back"})");
  EXPECT_EQ(text_of(env, "wallet.balance"), "$5,114.96");
  EXPECT_EQ(text_of(env, "wallet.recent.tx161"), "Julia Nowak");
}

TEST(Wallet, SendMoneyToATypedNumber) {
  Env env;
  const json before = open_app(env, "wallet");
  press(env, "wallet.action.transfer");
  type_text(env, "+1 415 555 0199");
  ASSERT_TRUE(on_screen(env, "wallet.transfer.to_number"));
  press(env, "wallet.transfer.to_number");
  EXPECT_EQ(text_of(env, "wallet.transfer.recipient"), "+1 415 555 0199");
  type_text(env, "7.5");
  press(env, "wallet.transfer.continue");
  press(env, "wallet.confirm.pay");
  enter_pin(env, kPin);
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/wallet/balance_cents", "/apps/wallet/transactions/tx161",
                                                       "/apps/wallet/next_txn", "/apps/wallet/selected_txn"}));
  const json& t = wallet(env)["transactions"]["tx161"];
  EXPECT_EQ(t["name"], "+1 415 555 0199");
  EXPECT_EQ(t["number"], "+1 415 555 0199");
  EXPECT_EQ(t["amount_cents"], 750);
  EXPECT_EQ(t["note"], "");
}

TEST(Wallet, ATypedNumberOfAContactIsThatContact) {
  Env env;
  open_app(env, "wallet");
  press(env, "wallet.action.transfer");
  type_text(env, "555 0128");
  EXPECT_TRUE(on_screen(env, "wallet.transfer.contact.28"));  // Maya Patel, found by digits
  press(env, "wallet.transfer.to_number");
  EXPECT_EQ(text_of(env, "wallet.transfer.recipient"), "Maya Patel");
}

TEST(Wallet, AnAmountIsRequired) {
  Env env;
  open_app(env, "wallet");
  press(env, "wallet.action.transfer");
  type_text(env, "Ben");
  press(env, "wallet.transfer.contact.7");
  type_text(env, "12,50");
  press(env, "wallet.transfer.continue");
  EXPECT_EQ(env.phone().current_page(), "transfer");
  EXPECT_EQ(text_of(env, "wallet.transfer.error"), "Enter an amount, e.g. 25.00");
  enter_text(env, "wallet.transfer.amount", "20000", true);
  press(env, "wallet.transfer.continue");
  EXPECT_EQ(text_of(env, "wallet.transfer.error"), "The most you can send or request at once is $10,000.00");
  EXPECT_TRUE(wallet(env)["payment"].is_null());
}

TEST(Wallet, AWrongPinIsRefusedAndCounted) {
  Env env;
  const json before = open_app(env, "wallet");
  fill_transfer_to_contact(env, "Ben", 7, "15", "Concert");
  press(env, "wallet.confirm.pay");
  enter_pin(env, "111111");
  EXPECT_EQ(env.phone().current_page(), "pin");
  EXPECT_EQ(text_of(env, "wallet.pin.error"), "Wrong PIN. 2 attempts left");
  EXPECT_TRUE(env.lint().empty()) << json(env.lint()).dump();
  EXPECT_EQ(text_of(env, "wallet.pin.dots"), "0 of 6 digits");
  EXPECT_EQ(wallet(env)["wrong_pin_count"], 1);
  EXPECT_EQ(wallet(env)["balance_cents"], kBalance);
  EXPECT_TRUE(wallet(env)["transactions"].empty());
  // Backspace takes back a digit; then the right PIN pays.
  press(env, "wallet.pin.key.9");
  press(env, "wallet.pin.backspace");
  EXPECT_EQ(text_of(env, "wallet.pin.dots"), "0 of 6 digits");
  enter_pin(env, kPin);
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/wallet/balance_cents", "/apps/wallet/transactions/tx161", "/apps/wallet/next_txn",
                   "/apps/wallet/selected_txn", "/apps/wallet/wrong_pin_count"}));
  EXPECT_EQ(wallet(env)["balance_cents"], kBalance - 1500);
  EXPECT_EQ(wallet(env)["wrong_pin_count"], 1);
}

TEST(Wallet, ThreeWrongPinsDeclineThePayment) {
  Env env;
  const json before = open_app(env, "wallet");
  fill_transfer_to_contact(env, "Ben", 7, "15", "Concert");
  press(env, "wallet.confirm.pay");
  enter_pin(env, "111111");
  enter_pin(env, "222222");
  EXPECT_EQ(text_of(env, "wallet.pin.error"), "Wrong PIN. 1 attempt left");
  enter_pin(env, "333333");
  EXPECT_EQ(env.phone().current_page(), "home");
  EXPECT_EQ(env.state()["os"]["toast"]["text"], "Payment declined: too many wrong PINs");
  // The form keeps what was typed (ui_state), to try again.
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/wallet/wrong_pin_count", "/apps/wallet/transfer/to", "/apps/wallet/transfer/name",
                   "/apps/wallet/transfer/number", "/apps/wallet/transfer/amount", "/apps/wallet/transfer/note"}));
  EXPECT_EQ(wallet(env)["wrong_pin_count"], 3);
  EXPECT_TRUE(wallet(env)["payment"].is_null());
}

TEST(Wallet, PayFromTheDefaultCardLeavesTheBalance) {
  Env env;
  const json before = open_app(env, "wallet");
  fill_transfer_to_contact(env, "Zoe", 40, "8.50", "Pizza");
  press(env, "wallet.confirm.source.card");
  EXPECT_TRUE(find_node(env, "wallet.confirm.source.card")["checked"].get<bool>());
  press(env, "wallet.confirm.pay");
  enter_pin(env, kPin);
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/wallet/transactions/tx161", "/apps/wallet/next_txn", "/apps/wallet/selected_txn"}));
  EXPECT_EQ(wallet(env)["transactions"]["tx161"]["method"], "card:c1");
  EXPECT_EQ(text_of(env, "wallet.txn.method"), "Visa \xE2\x80\xA2\xE2\x80\xA2\xE2\x80\xA2\xE2\x80\xA2 4821");
}

TEST(Wallet, InsufficientBalanceDisablesPay) {
  Env env;
  env.apply_patch(json::parse(R"([{"op": "replace", "path": "/apps/wallet/balance_cents", "value": 1000},
                                  {"op": "replace", "path": "/apps/wallet/default_card", "value": ""}])"));
  open_app(env, "wallet");
  fill_transfer_to_contact(env, "Liam", 26, "50", "Groceries");
  EXPECT_EQ(text_of(env, "wallet.confirm.error"), "Insufficient balance");
  EXPECT_FALSE(find_node(env, "wallet.confirm.pay")["enabled"].get<bool>());
  EXPECT_FALSE(on_screen(env, "wallet.confirm.source.card"));  // no default card
  press(env, "wallet.confirm.pay");
  EXPECT_EQ(env.phone().current_page(), "confirm");
  // With a default card the payment starts on the card, and the balance is refused.
  env.apply_patch(json::parse(R"([{"op": "replace", "path": "/apps/wallet/default_card", "value": "c3"}])"));
  press(env, "wallet.confirm.cancel");
  EXPECT_EQ(env.phone().current_page(), "transfer");
  press(env, "wallet.transfer.continue");
  EXPECT_TRUE(find_node(env, "wallet.confirm.source.card")["checked"].get<bool>());
  EXPECT_TRUE(find_node(env, "wallet.confirm.pay")["enabled"].get<bool>());
  press(env, "wallet.confirm.source.balance");
  EXPECT_FALSE(find_node(env, "wallet.confirm.pay")["enabled"].get<bool>());
}

TEST(Wallet, RequestMoney) {
  Env env;
  const json before = open_app(env, "wallet");
  press(env, "wallet.action.request");
  type_text(env, "maya");
  press(env, "wallet.request.contact.28");
  type_text(env, "32.50");
  enter_text(env, "wallet.request.note", "Coffee beans");
  press(env, "wallet.request.send");
  EXPECT_EQ(env.phone().current_page(), "home");
  EXPECT_EQ(env.state()["os"]["toast"]["text"], "Requested $32.50 from Maya Patel");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/wallet/requests/-", "/apps/wallet/next_request"}));
  EXPECT_EQ(wallet(env)["requests"][0],
            (json{{"id", 1}, {"name", "Maya Patel"}, {"number", "+1 555 0128"}, {"amount_cents", 3250}, {"amount", "32.50"},
                  {"note", "Coffee beans"}, {"time_ms", wallet(env)["requests"][0]["time_ms"]}, {"status", "pending"}}));
  EXPECT_EQ(wallet(env)["balance_cents"], kBalance);  // a request moves no money
  press(env, "wallet.action.request");
  EXPECT_TRUE(on_screen(env, "wallet.request.item.1"));
}

TEST(Wallet, AddACard) {
  Env env;
  const json before = open_app(env, "wallet");
  press(env, "wallet.tab.cards");
  press(env, "wallet.cards.add");
  EXPECT_EQ(text_of(env, "wallet.add_card.holder"), "Alex Rivera");  // prefilled
  enter_text(env, "wallet.add_card.number", "4000 1234 5678 9010");
  enter_text(env, "wallet.add_card.expiry", "13/28");
  enter_text(env, "wallet.add_card.cvv", "123");
  press(env, "wallet.add_card.save");
  EXPECT_EQ(text_of(env, "wallet.add_card.error"), "Enter the expiry date as MM/YY");
  enter_text(env, "wallet.add_card.expiry", "12/24", true);
  press(env, "wallet.add_card.save");
  EXPECT_EQ(text_of(env, "wallet.add_card.error"), "This card has expired");
  enter_text(env, "wallet.add_card.expiry", "09/29", true);
  press(env, "wallet.add_card.save");
  EXPECT_EQ(env.phone().current_page(), "cards");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/wallet/cards/c4", "/apps/wallet/next_card"}));
  EXPECT_EQ(wallet(env)["cards"]["c4"], (json{{"brand", "Visa"}, {"bank", ""}, {"kind", ""}, {"last4", "9010"},
                                              {"holder", "Alex Rivera"}, {"expiry", "09/29"}, {"color", "#1A3C8F"}}));
  EXPECT_EQ(text_of(env, "wallet.card.c4"), "Visa \xE2\x80\xA2\xE2\x80\xA2\xE2\x80\xA2\xE2\x80\xA2 9010");
  EXPECT_EQ(wallet(env)["default_card"], "c1");  // the default stays
  // The same card again is refused.
  press(env, "wallet.cards.add");
  enter_text(env, "wallet.add_card.number", "4000123456789010");
  enter_text(env, "wallet.add_card.expiry", "09/29");
  enter_text(env, "wallet.add_card.cvv", "321");
  press(env, "wallet.add_card.save");
  EXPECT_EQ(text_of(env, "wallet.add_card.error"), "This card is already in Wallet");
}

TEST(Wallet, SetTheDefaultCard) {
  Env env;
  const json before = open_app(env, "wallet");
  press(env, "wallet.tab.cards");
  press(env, "wallet.card.c3");
  press(env, "wallet.card.set_default");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/wallet/default_card", "/apps/wallet/selected_card"}));
  EXPECT_EQ(wallet(env)["default_card"], "c3");
  EXPECT_TRUE(on_screen(env, "wallet.card.is_default"));
  EXPECT_FALSE(on_screen(env, "wallet.card.set_default"));
  act(env, R"({"type":"back"})");
  EXPECT_TRUE(find_node(env, "wallet.card.c3")["selected"].get<bool>());
  EXPECT_FALSE(find_node(env, "wallet.card.c1")["selected"].get<bool>());
}

TEST(Wallet, RemoveACardAfterConfirming) {
  Env env;
  const json before = open_app(env, "wallet");
  press(env, "wallet.tab.cards");
  press(env, "wallet.card.c2");
  press(env, "wallet.card.remove");
  ASSERT_TRUE(env.state()["os"]["dialog"].is_object());
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Remove Mastercard \xE2\x80\xA2\xE2\x80\xA2\xE2\x80\xA2\xE2\x80\xA2 5507?");
  press(env, "dialog.button.cancel");
  EXPECT_TRUE(wallet(env)["cards"].empty());
  press(env, "wallet.card.remove");
  press(env, "dialog.button.remove");
  EXPECT_EQ(env.phone().current_page(), "cards");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/wallet/cards/c2", "/apps/wallet/selected_card"}));
  EXPECT_TRUE(wallet(env)["cards"]["c2"].is_null());
  EXPECT_FALSE(on_screen(env, "wallet.card.c2"));
  // Removing the default card makes the first remaining one the default.
  press(env, "wallet.card.c1");
  press(env, "wallet.card.remove");
  press(env, "dialog.button.remove");
  EXPECT_EQ(wallet(env)["default_card"], "c3");
  EXPECT_TRUE(find_node(env, "wallet.card.c3")["selected"].get<bool>());
}

TEST(Wallet, PayABill) {
  Env env;
  const json before = open_app(env, "wallet");
  press(env, "wallet.action.bills");
  EXPECT_EQ(env.phone().current_page(), "bills");
  EXPECT_EQ(text_of(env, "wallet.bills.summary"), "6 bills due \xC2\xB7 $2,249.27");
  press(env, "wallet.bill.pge");
  EXPECT_EQ(text_of(env, "wallet.bill.amount"), "$152.18");
  EXPECT_TRUE(on_screen(env, "wallet.bill.history.tx129"));  // December's payment
  press(env, "wallet.bill.pay");
  EXPECT_EQ(text_of(env, "wallet.confirm.payee"), "PG&E");
  press(env, "wallet.confirm.pay");
  enter_pin(env, kPin);
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/wallet/balance_cents", "/apps/wallet/transactions/tx161", "/apps/wallet/bills/pge",
                   "/apps/wallet/next_txn", "/apps/wallet/selected_txn", "/apps/wallet/selected_bill"}));
  EXPECT_EQ(wallet(env)["bills"]["pge"], (json{{"status", "paid"}, {"paid_ms", env.state()["apps"]["wallet"]["transactions"]["tx161"]["time_ms"]}}));
  const json& t = wallet(env)["transactions"]["tx161"];
  EXPECT_EQ(t["kind"], "bill");
  EXPECT_EQ(t["ref"], "bill:pge");
  EXPECT_EQ(t["category"], "utilities");
  EXPECT_EQ(t["amount_cents"], 15218);
  EXPECT_EQ(wallet(env)["balance_cents"], kBalance - 15218);
  act(env, R"({"type":"back"})");
  press(env, "wallet.tab.bills");
  EXPECT_EQ(text_of(env, "wallet.bills.summary"), "5 bills due \xC2\xB7 $2,097.09");
  EXPECT_NE(find_node(env, "wallet.bill.pge")["desc"].get<std::string>().find("Paid"), std::string::npos);
}

TEST(Wallet, AutopayToggles) {
  Env env;
  const json before = open_app(env, "wallet");
  press(env, "wallet.tab.bills");
  press(env, "wallet.bill.water");
  EXPECT_FALSE(find_node(env, "wallet.bill.autopay")["checked"].get<bool>());
  press(env, "wallet.bill.autopay");
  EXPECT_TRUE(find_node(env, "wallet.bill.autopay")["checked"].get<bool>());
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/wallet/bills/water", "/apps/wallet/selected_bill"}));
  EXPECT_EQ(wallet(env)["bills"]["water"], (json{{"autopay", true}}));
  press(env, "wallet.bill.autopay");  // back to the world's value: no overlay left
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/wallet/selected_bill"}));
}

TEST(Wallet, FilterTransactionsByMonthCategoryAndText) {
  Env env;
  const json before = open_app(env, "wallet");
  press(env, "wallet.tab.activity");
  EXPECT_EQ(text_of(env, "wallet.activity.count"), "160 transactions");
  press(env, "wallet.activity.month.2025-11");
  EXPECT_TRUE(find_node(env, "wallet.activity.month.2025-11")["selected"].get<bool>());
  press(env, "wallet.activity.category");
  ASSERT_TRUE(env.state()["os"]["dialog"].is_object());
  press(env, "dialog.button.groceries");
  EXPECT_EQ(text_of(env, "wallet.activity.category"), "Groceries");
  EXPECT_EQ(text_of(env, "wallet.activity.count"), "9 transactions");
  EXPECT_EQ(text_of(env, "wallet.activity.totals"), "Out $573.42 \xC2\xB7 In $0.00");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/wallet/filter_month", "/apps/wallet/filter_category"}));
  // Every row shown is a November grocery.
  const json filtered = env.ui_tree();  // kept: a loop over a temporary's ["nodes"] would dangle
  int rows = 0;
  for (const json& n : filtered["nodes"]) {
    const std::string id = n.value("id", "");
    if (id.rfind("wallet.txn.tx", 0) != 0) continue;
    ++rows;
    const std::string desc = n.value("desc", "");
    EXPECT_NE(desc.find("Groceries"), std::string::npos) << id;
    EXPECT_NE(desc.find("Nov "), std::string::npos) << id;
  }
  EXPECT_GT(rows, 0);
  // Text search over the filtered list, then all months.
  press(env, "wallet.activity.search");
  type_text(env, "costco");
  EXPECT_EQ(text_of(env, "wallet.activity.count"), "1 transaction");
  act(env, R"({"type":"back"})");
  press(env, "wallet.activity.month.all");
  EXPECT_EQ(text_of(env, "wallet.activity.count"), "4 transactions");
  // A transaction's page.
  press(env, "wallet.activity.category");
  press(env, "dialog.button.all");
  press(env, "wallet.activity.search");
  type_text(env, "order o05", true);
  act(env, R"({"type":"back"})");
  EXPECT_EQ(text_of(env, "wallet.activity.count"), "1 transaction");
  ASSERT_TRUE(on_screen(env, "wallet.txn.tx031"));
  press(env, "wallet.txn.tx031");
  EXPECT_EQ(env.phone().current_page(), "transaction");
  EXPECT_EQ(text_of(env, "wallet.txn.name"), "Shop");
  EXPECT_EQ(text_of(env, "wallet.txn.amount"), "-$41.49");
  EXPECT_EQ(text_of(env, "wallet.txn.ref"), "shop:o05");
  EXPECT_EQ(text_of(env, "wallet.txn.date"), "Oct 19, 2025, 19:58");
}

TEST(Wallet, TheRefundedOrderShowsItsRefund) {
  Env env;
  open_app(env, "wallet");
  press(env, "wallet.tab.activity");
  press(env, "wallet.activity.search");
  type_text(env, "o20");
  act(env, R"({"type":"back"})");
  EXPECT_EQ(text_of(env, "wallet.activity.count"), "2 transactions");
  EXPECT_EQ(text_of(env, "wallet.activity.totals"), "Out $13.98 \xC2\xB7 In $13.98");
}

TEST(Wallet, SetTheMonthlyBudget) {
  Env env;
  const json before = open_app(env, "wallet");
  press(env, "wallet.home.budget");
  EXPECT_EQ(text_of(env, "wallet.budget.month"), "January 2026");
  press(env, "wallet.budget.month.2025-11");
  EXPECT_EQ(text_of(env, "wallet.budget.spent"), "$4,295.71");
  EXPECT_EQ(text_of(env, "wallet.budget.status"), "$295.71 over budget");
  EXPECT_EQ(text_of(env, "wallet.budget.cat.groceries"), "$573.42");
  press(env, "wallet.budget.amount");
  type_text(env, "4500");
  press(env, "wallet.budget.save");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/wallet/budget_cents", "/apps/wallet/budget_month"}));
  EXPECT_EQ(wallet(env)["budget_cents"], 450000);
  EXPECT_EQ(text_of(env, "wallet.budget.status"), "$204.29 left");
  press(env, "wallet.budget.month.2025-12");
  EXPECT_EQ(text_of(env, "wallet.budget.spent"), "$3,558.79");  // the refund of o20 is netted
  act(env, R"({"type":"back"})");
  EXPECT_NE(find_node(env, "wallet.home.budget")["desc"].get<std::string>().find("of $4,500.00"), std::string::npos);
}

TEST(Wallet, ReceiveByQrCode) {
  Env env;
  const json before = open_app(env, "wallet");
  press(env, "wallet.action.qr");
  const json code = find_node(env, "wallet.qr.code");
  ASSERT_FALSE(code.is_null());
  EXPECT_EQ(code["text"], "https://wallet.example.com/pay/alexrivera");
  EXPECT_EQ(text_of(env, "wallet.qr.name"), "Alex Rivera");
  press(env, "wallet.qr.copy");
  EXPECT_EQ(env.state()["os"]["clipboard"]["text"], "https://wallet.example.com/pay/alexrivera");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/os/clipboard/text"}));
}

TEST(Wallet, BalanceIsExported) {
  Env env;
  EXPECT_EQ(pg::call_app(env.phone(), "wallet", "balance"), (json{{"balance_cents", kBalance}}));
}

TEST(Wallet, PayIntentWithoutAPayer) {
  Env env;
  const json before = env.state();
  env.phone().start_intent({{"app", "wallet"},
                            {"action", "org.phonegym.wallet.PAY"},
                            {"extras", {{"kind", "payment"}, {"amount_cents", 4599}, {"payee", "Shop"}, {"note", "Order o21"},
                                        {"category", "shopping"}, {"from_app", ""}, {"ref", "shop:o21"}}}});
  ASSERT_EQ(env.phone().foreground(), "wallet");
  ASSERT_EQ(env.phone().current_page(), "confirm");
  EXPECT_EQ(text_of(env, "wallet.confirm.payee"), "Shop");
  EXPECT_EQ(text_of(env, "wallet.confirm.amount"), "$45.99");
  EXPECT_EQ(text_of(env, "wallet.confirm.pay"), "Pay $45.99");
  press(env, "wallet.confirm.pay");
  enter_pin(env, kPin);
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/wallet/balance_cents", "/apps/wallet/transactions/tx161",
                                                       "/apps/wallet/next_txn", "/apps/wallet/selected_txn"}));
  const json& t = wallet(env)["transactions"]["tx161"];
  EXPECT_EQ(t["name"], "Shop");
  EXPECT_EQ(t["ref"], "shop:o21");
  EXPECT_EQ(t["kind"], "payment");
  EXPECT_EQ(t["category"], "shopping");
  EXPECT_EQ(wallet(env)["balance_cents"], kBalance - 4599);
  EXPECT_EQ(env.phone().current_page(), "transaction");
  // Cancel leaves everything as it was.
  const json before2 = env.state();
  env.phone().start_intent({{"app", "wallet"},
                            {"action", "org.phonegym.wallet.PAY"},
                            {"extras", {{"kind", "transfer"}, {"amount_cents", 850}, {"payee", "Zoe Nguyen"}, {"from_app", ""},
                                        {"ref", "chat:x99"}}}});
  EXPECT_EQ(text_of(env, "wallet.confirm.payee"), "Zoe Nguyen");
  EXPECT_EQ(wallet(env)["payment"]["number"], "+1 555 0140");  // found in Contacts
  press(env, "wallet.confirm.cancel");
  EXPECT_EQ(env.phone().current_page(), "home");
  EXPECT_TRUE(changed_paths(before2, env.state()).empty());
}

TEST(Wallet, PayIntentReturnsToThePayer) {
  Env env;
  const json before = open_app(env, "fakepay");
  press(env, "fakepay.pay");
  ASSERT_EQ(env.phone().foreground(), "wallet");
  EXPECT_EQ(env.phone().current_page(), "confirm");
  EXPECT_EQ(text_of(env, "wallet.confirm.payee"), "Fakepay Store");
  EXPECT_TRUE(env.lint().empty()) << json(env.lint()).dump();
  press(env, "wallet.confirm.pay");
  enter_pin(env, "000000");  // wrong once
  enter_pin(env, kPin);
  EXPECT_EQ(env.phone().foreground(), "fakepay");
  EXPECT_EQ(env.phone().page_stack("wallet").size(), 0u);  // Wallet's task is finished
  const json r = env.state()["apps"]["fakepay"]["results"];
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0], (json{{"ref", "order-7"}, {"status", "paid"}, {"transaction_id", "tx161"}, {"amount_cents", 1250}}));
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/fakepay/results/-", "/apps/wallet/balance_cents", "/apps/wallet/transactions/tx161",
                   "/apps/wallet/next_txn", "/apps/wallet/wrong_pin_count"}));
  EXPECT_EQ(wallet(env)["transactions"]["tx161"]["ref"], "order-7");
}

TEST(Wallet, PayIntentCancelledByBackOrCancelOrDeclined) {
  Env env;
  open_app(env, "fakepay");
  // Back from the confirm page.
  press(env, "fakepay.pay");
  act(env, R"({"type":"back"})");
  EXPECT_EQ(env.phone().foreground(), "fakepay");
  EXPECT_EQ(env.state()["apps"]["fakepay"]["results"][0]["status"], "cancelled");
  // The Cancel button.
  press(env, "fakepay.pay");
  press(env, "wallet.confirm.cancel");
  EXPECT_EQ(env.phone().foreground(), "fakepay");
  EXPECT_EQ(env.state()["apps"]["fakepay"]["results"][1]["status"], "cancelled");
  // Three wrong PINs.
  press(env, "fakepay.pay");
  press(env, "wallet.confirm.pay");
  enter_pin(env, "111111");
  enter_pin(env, "111112");
  enter_pin(env, "111113");
  EXPECT_EQ(env.phone().foreground(), "fakepay");
  EXPECT_EQ(env.state()["apps"]["fakepay"]["results"][2], (json{{"ref", "order-7"}, {"status", "declined"}, {"transaction_id", ""},
                                                               {"amount_cents", 1250}}));
  EXPECT_EQ(wallet(env)["wrong_pin_count"], 3);
  EXPECT_EQ(wallet(env)["balance_cents"], kBalance);
  EXPECT_TRUE(wallet(env)["transactions"].empty());
}

TEST(Wallet, EveryPageFitsItsText) {
  for (const char* page : {"home", "activity", "cards", "bills"}) {
    Env env;
    open_app(env, "wallet");
    if (std::string(page) != "home") press(env, std::string("wallet.tab.") + page);
    EXPECT_EQ(env.phone().current_page(), page);
    EXPECT_TRUE(env.lint().empty()) << page << ": " << json(env.lint()).dump();
  }
}

// A payee app gives money back (a cancelled order, a refunded ticket): the balance is credited and
// a refund transaction recorded; a bad request names what is wrong and changes nothing.
TEST(Wallet, RefundExportCreditsTheBalanceAndRecordsTheRefund) {
  Env env;
  const json before = env.state();
  const json r = pg::call_app(env.phone(), "wallet", "refund",
                              {{"ref", "travel:r7"}, {"amount_cents", 4550}, {"payee", "Rail"}, {"note", "Refund, order r7"}});
  const std::string id = r.at("transaction_id");
  EXPECT_EQ(id, "tx161");
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/wallet/balance_cents", "/apps/wallet/next_txn", "/apps/wallet/transactions/tx161"}));
  const json w = env.state()["apps"]["wallet"];
  EXPECT_EQ(w["balance_cents"].get<long long>() - before["apps"]["wallet"]["balance_cents"].get<long long>(), 4550);
  const json& t = w["transactions"][id];
  EXPECT_EQ(t["kind"], "refund");
  EXPECT_EQ(t["direction"], "credit");
  EXPECT_EQ(t["name"], "Rail");
  EXPECT_EQ(t["ref"], "travel:r7");
  EXPECT_EQ(t["amount"], "45.50");
  const json after = env.state();
  EXPECT_THROW(pg::call_app(env.phone(), "wallet", "refund", {{"ref", "x"}, {"amount_cents", 0}, {"payee", "Rail"}}),
               std::invalid_argument);
  EXPECT_THROW(pg::call_app(env.phone(), "wallet", "refund", {{"ref", "x"}, {"amount_cents", "12"}, {"payee", "Rail"}}),
               std::invalid_argument);
  EXPECT_THROW(pg::call_app(env.phone(), "wallet", "refund", {{"amount_cents", 100}, {"payee", "Rail"}}), std::invalid_argument);
  EXPECT_EQ(env.state(), after);
}
