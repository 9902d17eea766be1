// Rail (app id travel) through actions, as a user drives it: the search form (station pickers with
// search, swap, the calendar), results with sort and filters, a train's seat classes, the order
// form with saved travellers and the coach seat map, the unpaid order held 30 minutes and paid in
// Wallet (PAY intent, PIN, payment_result), cancelling it, the orders tabs, changing to another
// train (paying or getting back the difference), refunds with their fee tiers through Wallet's
// refund export, saved travellers (add, edit, delete, ID validation) and the Calendar reminder.
// Each flow checks exactly which state paths it changed and what the screen shows.
#include "phone_driver.hpp"
#include "sim/env/env.hpp"
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

using namespace pg::testing;

namespace {

const json& travel(Env& env) { return env.phone().app_state("travel"); }
bool installed(const char* app) { return pg::AppRegistry::instance().find(app) != nullptr; }

/// The merged order (world + overlay) through the app's export.
json order(Env& env, const std::string& id) {
  return pg::call_app(env.phone(), "travel", "order", {{"id", id}});
}

/// Only paths under these prefixes changed.
void expect_only(const json& before, const json& after, const std::vector<std::string>& prefixes) {
  for (const std::string& p : changed_paths(before, after)) {
    bool ok = false;
    for (const std::string& pre : prefixes) ok = ok || p == pre || p.rfind(pre + "/", 0) == 0;
    EXPECT_TRUE(ok) << "unexpected change " << p;
  }
}

void enter_pin(Env& env) {
  for (const char* k : {"2", "4", "6", "8", "1", "0"}) press(env, std::string("wallet.pin.key.") + k);
}

/// From the home page: searches the default route (San Francisco to Sacramento Valley, Fri Jan 2),
/// opens E502 (05:15) and goes on to the order form with Alex as the passenger.
void to_order_form(Env& env) {
  press(env, "travel.home.search");
  press(env, "travel.result.E502");
  press(env, "travel.train.book");
  ASSERT_EQ(env.phone().current_page(), "book");
}

/// An order in the overlay on `train` (San Francisco to Sacramento Valley) on `date`, paid.
void add_paid_order(Env& env, const std::string& id, const std::string& train, const std::string& date,
                    const std::string& dep, const std::string& arr) {
  env.apply_patch({{{"op", "add"}, {"path", "/apps/travel/orders/" + id},
                    {"value", {{"train", train}, {"type", "express"}, {"line", "capitol"}, {"date", date}, {"from", "SFC"},
                               {"from_name", "San Francisco"}, {"to", "SAC"}, {"to_name", "Sacramento Valley"},
                               {"depart", dep}, {"arrive", arr}, {"duration_min", 73}, {"class", "standard"},
                               {"passengers", {{{"traveller", "t1"}, {"name", "Alex Rivera"}, {"seat", "05A"}}}},
                               {"price_cents", 2290}, {"total_cents", 2290}, {"status", "paid"},
                               {"created_ms", 1767200000000}, {"held_until_ms", 1767201800000}, {"paid_ms", 1767200100000},
                               {"transaction_id", "t_test"}, {"refund_cents", 0}, {"fee_cents", 0}, {"refunded_ms", 0},
                               {"changed_from", ""}, {"change_diff_cents", 0}}}}});
}

int wallet_balance(Env& env) { return env.phone().app_state("wallet").value("balance_cents", 0); }

}  // namespace

TEST(Travel, HomeShowsTheSearchFormNextTripAndTabs) {
  Env env;
  open_app(env, "travel");
  EXPECT_EQ(env.phone().current_page(), "home");
  EXPECT_EQ(text_of(env, "travel.home.from"), "San Francisco");
  EXPECT_EQ(text_of(env, "travel.home.to"), "Sacramento Valley");
  EXPECT_EQ(text_of(env, "travel.home.date"), "Fri, Jan 2");
  EXPECT_EQ(text_of(env, "travel.home.upcoming"), "Next trip: San Francisco to Sacramento Valley");  // RB1006, Jan 3
  for (const char* tab : {"travel.tab.home", "travel.tab.orders", "travel.tab.travellers"}) EXPECT_TRUE(on_screen(env, tab)) << tab;
  for (const std::string& problem : env.lint()) ADD_FAILURE() << problem;
}

TEST(Travel, SwapAndStationPickerWithSearch) {
  Env env;
  const json before = open_app(env, "travel");
  press(env, "travel.home.swap");
  EXPECT_EQ(text_of(env, "travel.home.from"), "Sacramento Valley");
  EXPECT_EQ(text_of(env, "travel.home.to"), "San Francisco");
  press(env, "travel.home.to");
  ASSERT_EQ(env.phone().current_page(), "station");
  type_text(env, "fres");
  EXPECT_TRUE(on_screen(env, "travel.station.FNO"));
  EXPECT_FALSE(on_screen(env, "travel.station.SFC"));
  press(env, "travel.station.FNO");
  EXPECT_EQ(env.phone().current_page(), "home");
  EXPECT_EQ(text_of(env, "travel.home.to"), "Fresno");
  // Picking the other end's station as From swaps them.
  press(env, "travel.home.from");
  type_text(env, "fresno");
  press(env, "travel.station.FNO");
  EXPECT_EQ(travel(env)["search"]["from"], "FNO");
  EXPECT_EQ(travel(env)["search"]["to"], "SAC");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/travel/search/from"}));  // to is SAC again
  // A query that matches nothing says so.
  press(env, "travel.home.to");
  type_text(env, "zzz");
  EXPECT_TRUE(on_screen(env, "travel.station.empty"));
  EXPECT_FALSE(on_screen(env, "travel.station.SAC"));
}

TEST(Travel, CalendarPicksADateAndPastDaysAreDisabled) {
  Env env;
  const json before = open_app(env, "travel");
  press(env, "travel.home.date");
  ASSERT_EQ(env.phone().current_page(), "calendar");
  EXPECT_TRUE(find_node(env, "travel.cal.day.2026-01-02")["selected"].get<bool>());
  press(env, "travel.cal.day.2026-01-08");
  EXPECT_EQ(env.phone().current_page(), "home");
  EXPECT_EQ(text_of(env, "travel.home.date"), "Thu, Jan 8");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/travel/search/date"}));
  press(env, "travel.home.date");
  press(env, "travel.cal.day.2026-02-20");
  press(env, "travel.home.date");  // reopens on February
  EXPECT_TRUE(on_screen(env, "travel.cal.day.2026-02-20"));
  EXPECT_TRUE(find_node(env, "travel.cal.day.2026-02-20")["selected"].get<bool>());
  scroll_to(env, "travel.cal.day.2026-03-01");
  EXPECT_TRUE(find_node(env, "travel.cal.day.2026-03-01")["enabled"].get<bool>());
  scroll_to(env, "travel.cal.day.2026-03-02");
  EXPECT_FALSE(find_node(env, "travel.cal.day.2026-03-02")["enabled"].get<bool>());  // past the timetable
}

TEST(Travel, ResultsSortAndFilter) {
  Env env;
  open_app(env, "travel");
  press(env, "travel.home.search");
  ASSERT_EQ(env.phone().current_page(), "results");
  // Earliest first: E502 05:15, then R504 06:30.
  const json tree = env.ui_tree();
  std::vector<std::string> rows;
  for (const json& n : tree["nodes"]) {
    const std::string id = n["id"];
    if (id.rfind("travel.result.", 0) == 0) rows.push_back(id);
  }
  ASSERT_GE(rows.size(), 2u);
  EXPECT_EQ(rows[0], "travel.result.E502");
  EXPECT_EQ(rows[1], "travel.result.R504");
  EXPECT_EQ(text_of(env, "travel.result.E502"), "E502 05:15 to 06:28");
  EXPECT_EQ(text_of(env, "travel.results.count"), "12 trains");
  press(env, "travel.sort.fastest");
  EXPECT_EQ(travel(env)["sort"], "fastest");
  press(env, "travel.sort.cheapest");
  EXPECT_EQ(travel(env)["sort"], "cheapest");
  {
    const json t2 = env.ui_tree();
    for (const json& n : t2["nodes"])
      if (n["id"].get<std::string>().rfind("travel.result.", 0) == 0) {
        EXPECT_EQ(n["id"].get<std::string>().substr(14, 1), "R");  // regional trains are the cheapest
        break;
      }
  }
  const json before = env.state();
  press(env, "travel.results.filters");
  press(env, "travel.filter.type.express");
  press(env, "travel.filter.time.morning");
  EXPECT_EQ(text_of(env, "travel.filter.apply"), "Show 1 train");  // E510 at 10:20
  press(env, "travel.filter.apply");
  EXPECT_EQ(env.phone().current_page(), "results");
  EXPECT_TRUE(on_screen(env, "travel.result.E510"));
  EXPECT_FALSE(on_screen(env, "travel.result.E502"));
  EXPECT_EQ(find_node(env, "travel.results.filters")["desc"], "Filters, 2 on");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/travel/filters/types/-", "/apps/travel/filters/windows/-"}));
  // Direct only: no train runs San Francisco - Sacramento without stops.
  press(env, "travel.results.filters");
  press(env, "travel.filter.reset");
  press(env, "travel.filter.direct");
  EXPECT_EQ(text_of(env, "travel.filter.apply"), "Show 0 trains");
  press(env, "travel.filter.apply");
  EXPECT_EQ(text_of(env, "travel.results.empty"), "No trains match your filters");
}

TEST(Travel, BookingWithTwoPassengersAndChosenSeatsHoldsAnUnpaidOrder) {
  Env env;
  const json before = open_app(env, "travel");
  press(env, "travel.home.search");
  press(env, "travel.result.E502");
  ASSERT_EQ(env.phone().current_page(), "train");
  EXPECT_TRUE(find_node(env, "travel.train.class.standard")["checked"].get<bool>());
  press(env, "travel.train.class.first");
  press(env, "travel.train.class.standard");
  press(env, "travel.train.book");
  press(env, "travel.book.passengers");
  press(env, "travel.pax.t2");
  press(env, "travel.pax.done");
  press(env, "travel.book.seats");
  press(env, "travel.seat.02A");
  press(env, "travel.seat.02B");
  EXPECT_TRUE(find_node(env, "travel.seat.02A")["checked"].get<bool>());
  EXPECT_FALSE(find_node(env, "travel.seat.01D")["enabled"].get<bool>());  // taken
  press(env, "travel.seats.done");
  EXPECT_EQ(text_of(env, "travel.book.pax.t2"), "Julia Nowak, Seat 02B aisle");
  EXPECT_EQ(text_of(env, "travel.book.submit_amount"), "$45.80");
  press(env, "travel.book.submit");
  ASSERT_EQ(env.phone().current_page(), "confirm");
  EXPECT_EQ(text_of(env, "travel.confirm.status"), "Seats held until 08:30");
  const json o = travel(env)["orders"]["RB1011"];
  EXPECT_EQ(o["status"], "unpaid");
  EXPECT_EQ(o["train"], "E502");
  EXPECT_EQ(o["date"], "2026-01-02");
  EXPECT_EQ(o["depart"], "05:15");
  EXPECT_EQ(o["arrive"], "06:28");
  EXPECT_EQ(o["class"], "standard");
  EXPECT_EQ(o["total_cents"], 4580);
  EXPECT_EQ(o["held_until_ms"].get<std::int64_t>() - o["created_ms"].get<std::int64_t>(), 30 * 60000);
  EXPECT_EQ(o["passengers"], json::parse(R"([{"traveller":"t1","name":"Alex Rivera","seat":"02A"},
                                              {"traveller":"t2","name":"Julia Nowak","seat":"02B"}])"));
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/travel/orders/RB1011", "/apps/travel/next_order", "/apps/travel/draft/train",
                   "/apps/travel/draft/date", "/apps/travel/draft/from", "/apps/travel/draft/to", "/apps/travel/draft/class",
                   "/apps/travel/draft/passengers/-"}));
  // Its seats are now taken for others.
  EXPECT_EQ(travel(env)["next_order"], 1012);
}

TEST(Travel, AnOrderWithoutPassengersCannotBeSubmitted) {
  Env env;
  open_app(env, "travel");
  to_order_form(env);
  press(env, "travel.book.remove.t1");
  EXPECT_EQ(text_of(env, "travel.book.error"), "Choose at least one passenger");
  EXPECT_FALSE(find_node(env, "travel.book.submit")["enabled"].get<bool>());
}

TEST(Travel, PayingInWalletBooksTheTicket) {
  if (!installed("wallet")) GTEST_SKIP() << "Wallet is not installed";
  Env env;
  open_app(env, "travel");
  to_order_form(env);
  press(env, "travel.book.submit");
  const json before = env.state();
  const int balance = wallet_balance(env);
  press(env, "travel.confirm.pay");
  ASSERT_EQ(env.phone().foreground(), "wallet");
  ASSERT_EQ(env.phone().current_page(), "confirm");
  const json pay = env.state()["apps"]["wallet"]["payment"];
  EXPECT_EQ(pay["amount_cents"], 2290);
  EXPECT_EQ(pay["payee"], "Rail");
  EXPECT_EQ(pay["ref"], "travel:RB1011");
  EXPECT_EQ(travel(env)["pending_payment"]["ref"], "travel:RB1011");
  press(env, "wallet.confirm.pay");
  enter_pin(env);
  EXPECT_EQ(env.phone().foreground(), "travel");
  EXPECT_EQ(env.phone().current_page(), "confirm");
  EXPECT_EQ(text_of(env, "travel.confirm.status"), "Ticket booked");
  const json o = order(env, "RB1011");
  EXPECT_EQ(o["status"], "paid");
  EXPECT_FALSE(o["transaction_id"].get<std::string>().empty());
  EXPECT_TRUE(travel(env)["pending_payment"].is_null());
  EXPECT_EQ(wallet_balance(env), balance - 2290);
  expect_only(before, env.state(), {"/apps/travel/orders/RB1011", "/apps/wallet"});
  press(env, "travel.confirm.view");
  EXPECT_EQ(env.phone().current_page(), "order");
  EXPECT_EQ(text_of(env, "travel.order.status"), "Booked");
}

TEST(Travel, CancelledPaymentKeepsTheOrderUnpaid) {
  if (!installed("wallet")) GTEST_SKIP() << "Wallet is not installed";
  Env env;
  open_app(env, "travel");
  to_order_form(env);
  press(env, "travel.book.submit");
  press(env, "travel.confirm.pay");
  act(env, R"({"type":"back"})");  // back from Wallet's confirm cancels
  EXPECT_EQ(env.phone().foreground(), "travel");
  EXPECT_EQ(order(env, "RB1011")["status"], "unpaid");
  EXPECT_TRUE(travel(env)["pending_payment"].is_null());
  EXPECT_THROW(pg::call_app(env.phone(), "travel", "payment_result", {{"ref", "travel:nope"}, {"status", "paid"}}),
               std::invalid_argument);
}

TEST(Travel, AnUnpaidOrderExpiresAfterThirtyMinutes) {
  Env env;
  open_app(env, "travel");
  to_order_form(env);
  press(env, "travel.book.submit");
  for (int i = 0; i < 31; ++i) act(env, R"({"type":"wait","seconds":60})");
  EXPECT_EQ(text_of(env, "travel.confirm.status"), "Cancelled (not paid in time)");
  EXPECT_FALSE(on_screen(env, "travel.confirm.pay"));
  for (int i = 0; i < 6 && env.phone().current_page() != "home"; ++i) act(env, R"({"type":"back"})");
  press(env, "travel.tab.orders");
  press(env, "travel.orders.tab.cancelled");
  EXPECT_TRUE(on_screen(env, "travel.order.RB1011"));
}

TEST(Travel, CancellingAnUnpaidOrderAsksFirst) {
  Env env;
  open_app(env, "travel");
  to_order_form(env);
  press(env, "travel.book.submit");
  const json before = env.state();
  press(env, "travel.confirm.cancel");
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Cancel this order?");
  press(env, "dialog.button.keep");
  EXPECT_EQ(order(env, "RB1011")["status"], "unpaid");
  press(env, "travel.confirm.cancel");
  press(env, "dialog.button.cancel_order");
  EXPECT_EQ(order(env, "RB1011")["status"], "cancelled");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/travel/orders/RB1011/status"}));
}

TEST(Travel, OrdersTabsListUpcomingPastAndCancelled) {
  Env env;
  open_app(env, "travel");
  press(env, "travel.tab.orders");
  for (const char* id : {"RB1006", "RB1007"}) EXPECT_TRUE(on_screen(env, std::string("travel.order.") + id)) << id;
  EXPECT_FALSE(on_screen(env, "travel.order.RB1001"));
  press(env, "travel.orders.tab.past");
  EXPECT_TRUE(on_screen(env, "travel.order.RB1005"));
  EXPECT_EQ(find_node(env, "travel.order.RB1005")["desc"], "Tue, Dec 23, IC106, Completed");
  press(env, "travel.orders.tab.cancelled");
  EXPECT_TRUE(on_screen(env, "travel.order.RB1004"));
  EXPECT_TRUE(on_screen(env, "travel.order.RB1010"));
  press(env, "travel.order.RB1004");
  EXPECT_EQ(text_of(env, "travel.order.status"), "Refunded");
  EXPECT_EQ(text_of(env, "travel.order.refunded"), "$260.80");
}

TEST(Travel, RefundMoreThan48HoursBeforeIsFree) {
  if (!installed("wallet")) GTEST_SKIP() << "Wallet is not installed";
  Env env;
  open_app(env, "travel");
  press(env, "travel.tab.orders");
  press(env, "travel.order.RB1006");  // Sat Jan 3 10:20, 50 h away
  const json before = env.state();
  const int balance = wallet_balance(env);
  press(env, "travel.order.refund");
  EXPECT_EQ(text_of(env, "travel.refund.fee"), "$0.00");
  EXPECT_EQ(text_of(env, "travel.refund.amount"), "$36.60");
  press(env, "travel.refund.confirm");
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Refund this ticket?");
  press(env, "dialog.button.refund");
  EXPECT_EQ(env.phone().current_page(), "order");
  EXPECT_EQ(text_of(env, "travel.order.status"), "Refunded");
  const json o = order(env, "RB1006");
  EXPECT_EQ(o["status"], "refunded");
  EXPECT_EQ(o["refund_cents"], 3660);
  EXPECT_EQ(o["fee_cents"], 0);
  EXPECT_EQ(wallet_balance(env), balance + 3660);
  bool credited = false;
  for (const json& t : nlohmann::json(env.state()["apps"]["wallet"]["transactions"]))
    credited = credited || (t.is_object() && t.value("ref", "") == "travel:RB1006" && t.value("amount_cents", 0) == 3660);
  EXPECT_TRUE(credited);
  expect_only(before, env.state(), {"/apps/travel/orders/RB1006", "/apps/wallet"});
}

TEST(Travel, RefundFeesFollowTheTimeLeft) {
  if (!installed("wallet")) GTEST_SKIP() << "Wallet is not installed";
  Env env;
  add_paid_order(env, "RB2001", "E510", "2026-01-02", "10:20", "11:33");  // 26 h away: 5%
  add_paid_order(env, "RB2002", "E522", "2026-01-01", "18:30", "19:43");  // 10.5 h away: 20%
  add_paid_order(env, "RB2003", "E502", "2026-01-01", "05:15", "06:28");  // left: no refund
  open_app(env, "travel");
  press(env, "travel.tab.orders");
  press(env, "travel.order.RB2001");
  press(env, "travel.order.refund");
  EXPECT_EQ(text_of(env, "travel.refund.fee"), "$1.14");
  EXPECT_EQ(text_of(env, "travel.refund.amount"), "$21.76");
  press(env, "travel.refund.confirm");
  press(env, "dialog.button.refund");
  EXPECT_EQ(order(env, "RB2001")["fee_cents"], 114);
  EXPECT_EQ(order(env, "RB2001")["refund_cents"], 2176);
  act(env, R"({"type":"back"})");
  press(env, "travel.order.RB2002");
  press(env, "travel.order.refund");
  EXPECT_EQ(text_of(env, "travel.refund.fee"), "$4.58");
  act(env, R"({"type":"back"})");
  act(env, R"({"type":"back"})");
  press(env, "travel.orders.tab.past");
  press(env, "travel.order.RB2003");
  EXPECT_FALSE(on_screen(env, "travel.order.refund"));
  EXPECT_EQ(text_of(env, "travel.order.status"), "Completed");
}

TEST(Travel, ChangingToACheaperTrainRefundsTheDifference) {
  if (!installed("wallet")) GTEST_SKIP() << "Wallet is not installed";
  Env env;
  open_app(env, "travel");
  press(env, "travel.tab.orders");
  press(env, "travel.order.RB1006");
  const json before = env.state();
  const int balance = wallet_balance(env);
  press(env, "travel.order.change");
  ASSERT_EQ(env.phone().current_page(), "change");
  EXPECT_EQ(find_node(env, "travel.change.IC512")["desc"], "Get $6.10 back");
  press(env, "travel.change.IC512");
  EXPECT_EQ(env.state()["os"]["dialog"]["text"], "Your seats move to the 11:50 train. $6.10 will be refunded to Wallet.");
  press(env, "dialog.button.change");
  EXPECT_EQ(env.phone().current_page(), "order");
  const json o = order(env, "RB1006");
  EXPECT_EQ(o["train"], "IC512");
  EXPECT_EQ(o["depart"], "11:50");
  EXPECT_EQ(o["changed_from"], "E510");
  EXPECT_EQ(o["total_cents"], 3050);
  EXPECT_EQ(o["change_diff_cents"], -610);
  EXPECT_EQ(o["status"], "paid");
  EXPECT_EQ(wallet_balance(env), balance + 610);
  expect_only(before, env.state(), {"/apps/travel/orders/RB1006", "/apps/wallet"});
}

TEST(Travel, ChangingToADearerTrainPaysTheDifferenceInWallet) {
  if (!installed("wallet")) GTEST_SKIP() << "Wallet is not installed";
  Env env;
  open_app(env, "travel");
  press(env, "travel.tab.orders");
  press(env, "travel.order.RB1008");  // LAX - SAN, IC918 standard $26.10
  press(env, "travel.order.change");
  const json before = env.state();
  const int balance = wallet_balance(env);
  // Every other LAX-SAN train is intercity or regional: the regional is cheaper, so pick by fare.
  press(env, "travel.change.R904");
  press(env, "dialog.button.change");
  const json o = order(env, "RB1008");
  EXPECT_EQ(o["train"], "R904");
  EXPECT_LT(o["change_diff_cents"].get<int>(), 0);
  EXPECT_GT(wallet_balance(env), balance);
  expect_only(before, env.state(), {"/apps/travel/orders/RB1008", "/apps/wallet"});
  // And back to an intercity: pay the difference with Wallet.
  press(env, "travel.order.change");
  press(env, "travel.change.IC918");
  press(env, "dialog.button.change");
  ASSERT_EQ(env.phone().foreground(), "wallet");
  EXPECT_EQ(env.state()["apps"]["wallet"]["payment"]["ref"], "travel:RB1008:change");
  press(env, "wallet.confirm.pay");
  enter_pin(env);
  EXPECT_EQ(env.phone().foreground(), "travel");
  EXPECT_EQ(order(env, "RB1008")["train"], "IC918");
  EXPECT_EQ(order(env, "RB1008")["changed_from"], "R904");
  EXPECT_EQ(order(env, "RB1008")["change_diff_cents"], 0);
}

TEST(Travel, AddingATravellerValidatesTheIdNumber) {
  Env env;
  const json before = open_app(env, "travel");
  press(env, "travel.tab.travellers");
  press(env, "travel.travellers.add");
  enter_text(env, "travel.edit.name", "Priya Sharma");
  enter_text(env, "travel.edit.id_number", "AB12");
  press(env, "travel.edit.save");
  EXPECT_EQ(text_of(env, "travel.edit.error"), "A passport number has exactly 9 letters or digits");
  press(env, "travel.edit.type.national");
  enter_text(env, "travel.edit.id_number", "12345678901X", true);
  press(env, "travel.edit.save");
  EXPECT_EQ(text_of(env, "travel.edit.error"), "A national ID number has exactly 12 digits");
  enter_text(env, "travel.edit.id_number", "310584726195", true);  // Adebayo's
  press(env, "travel.edit.save");
  EXPECT_EQ(text_of(env, "travel.edit.error"), "This ID number is already saved for Adebayo Okafor");
  enter_text(env, "travel.edit.id_number", "482915736021", true);
  press(env, "travel.edit.save");
  EXPECT_EQ(env.phone().current_page(), "travellers");
  EXPECT_EQ(travel(env)["travellers"]["t7"],
            json({{"name", "Priya Sharma"}, {"id_type", "national"}, {"id_number", "482915736021"}, {"phone", ""}, {"self", false}}));
  EXPECT_TRUE(on_screen(env, "travel.traveller.t7"));
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/travel/travellers/t7", "/apps/travel/next_traveller"}));
}

TEST(Travel, EditingAndDeletingATraveller) {
  Env env;
  const json before = open_app(env, "travel");
  press(env, "travel.tab.travellers");
  press(env, "travel.traveller.t4");
  enter_text(env, "travel.edit.id_number", "k7315046", true);
  press(env, "travel.edit.save");
  EXPECT_EQ(text_of(env, "travel.edit.error"), "A passport number has exactly 9 letters or digits");
  enter_text(env, "travel.edit.id_number", "k73150469", true);
  press(env, "travel.edit.save");
  EXPECT_EQ(travel(env)["travellers"]["t4"]["id_number"], "K73150469");  // upper-cased
  press(env, "travel.traveller.t5");
  press(env, "travel.edit.delete");
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Delete Daniel Kim?");
  press(env, "dialog.button.delete");
  EXPECT_FALSE(on_screen(env, "travel.traveller.t5"));
  EXPECT_TRUE(travel(env)["travellers"]["t5"].is_null());
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/travel/travellers/t4", "/apps/travel/travellers/t5"}));
  // You cannot delete yourself.
  press(env, "travel.traveller.t1");
  EXPECT_FALSE(on_screen(env, "travel.edit.delete"));
}

TEST(Travel, AddingATravellerFromTheOrderFormMakesThemAPassenger) {
  Env env;
  open_app(env, "travel");
  to_order_form(env);
  press(env, "travel.book.passengers");
  press(env, "travel.pax.add");
  enter_text(env, "travel.edit.name", "Zoe Nguyen");
  enter_text(env, "travel.edit.id_number", "N52839104");
  press(env, "travel.edit.save");
  EXPECT_EQ(env.phone().current_page(), "passengers");
  EXPECT_TRUE(find_node(env, "travel.pax.t7")["checked"].get<bool>());
  EXPECT_EQ(travel(env)["draft"]["passengers"], json({"t1", "t7"}));
}

TEST(Travel, AddToCalendarOpensAPrefilledEvent) {
  if (!installed("calendar")) GTEST_SKIP() << "Calendar is not installed";
  Env env;
  open_app(env, "travel");
  press(env, "travel.tab.orders");
  press(env, "travel.order.RB1006");
  const json before = env.state();
  press(env, "travel.order.calendar");
  if (env.phone().foreground() != "calendar") GTEST_SKIP() << "Calendar does not handle INSERT in this build";
  EXPECT_EQ(env.phone().current_page(), "edit_event");
  const json f = env.state()["apps"]["calendar"]["form"];
  EXPECT_EQ(f["title"], "Train E510 to Sacramento Valley");
  EXPECT_EQ(f["date"], "2026-01-03");
  EXPECT_EQ(f["start"], "10:20");
  EXPECT_EQ(f["end"], "11:33");
  press(env, "calendar.form.save");
  EXPECT_EQ(env.phone().foreground(), "travel");
  bool saved = false;
  for (const json& e : nlohmann::json(env.state()["apps"]["calendar"]["events"]))
    saved = saved || (e.is_object() && e.value("title", "") == "Train E510 to Sacramento Valley");
  EXPECT_TRUE(saved);
  expect_only(before, env.state(), {"/apps/calendar"});
}

TEST(Travel, TodaysDepartedTrainsAreDisabledAndPagesLintClean) {
  Env env;
  open_app(env, "travel");
  press(env, "travel.home.date");
  press(env, "travel.cal.day.2026-01-01");
  press(env, "travel.home.search");
  const json gone = find_node(env, "travel.result.E502");  // 05:15, before now (08:00)
  ASSERT_FALSE(gone.is_null());
  EXPECT_FALSE(gone["enabled"].get<bool>());
  for (const std::string& problem : env.lint()) ADD_FAILURE() << "results: " << problem;
  press(env, "travel.results.next_day");
  EXPECT_EQ(travel(env)["search"]["date"], "2026-01-02");
  press(env, "travel.result.E502");
  press(env, "travel.train.book");
  press(env, "travel.book.seats");
  press(env, "travel.seat.02A");
  for (const std::string& problem : env.lint()) ADD_FAILURE() << "seats: " << problem;
  press(env, "travel.seats.done");
  press(env, "travel.book.submit");
  for (const std::string& problem : env.lint()) ADD_FAILURE() << "confirm: " << problem;
  // A past order's page and the refunded one.
  for (int i = 0; i < 6 && env.phone().current_page() != "home"; ++i) act(env, R"({"type":"back"})");
  press(env, "travel.tab.orders");
  press(env, "travel.orders.tab.past");
  press(env, "travel.order.RB1002");
  EXPECT_EQ(text_of(env, "travel.order.status"), "Completed");
  EXPECT_FALSE(on_screen(env, "travel.order.change"));
  for (const std::string& problem : env.lint()) ADD_FAILURE() << "order: " << problem;
}

TEST(Travel, StationsOnDifferentLinesHaveNoDirectTrains) {
  Env env;
  open_app(env, "travel");
  press(env, "travel.home.to");
  type_text(env, "reno");
  press(env, "travel.station.RNO");
  press(env, "travel.home.from");
  type_text(env, "fresno");
  press(env, "travel.station.FNO");
  press(env, "travel.home.search");
  EXPECT_EQ(text_of(env, "travel.results.empty"), "No direct trains");
  EXPECT_EQ(text_of(env, "travel.results.count"), "0 trains");
}

TEST(Travel, ExportsListOrdersAndRejectUnknownOnes) {
  Env env;
  const json all = pg::call_app(env.phone(), "travel", "orders", {});
  EXPECT_EQ(all["orders"].size(), 10u);
  EXPECT_EQ(order(env, "RB1007")["passengers"].size(), 2u);
  EXPECT_THROW(order(env, "RB9999"), std::invalid_argument);
}

TEST(Travel, AnIntentOpensAnOrder) {
  Env env;
  open_app(env, "travel");
  env.phone().start_intent({{"app", "travel"}, {"order", "RB1009"}});
  EXPECT_EQ(env.phone().foreground(), "travel");
  EXPECT_EQ(env.phone().current_page(), "order");
  EXPECT_EQ(text_of(env, "travel.order.title"), "Order RB1009");
  act(env, R"({"type":"back"})");
  EXPECT_EQ(env.phone().current_page(), "orders");
}

TEST(Travel, AGroupWithoutChosenSeatsSitsTogether) {
  Env env;
  open_app(env, "travel");
  to_order_form(env);
  press(env, "travel.book.passengers");
  press(env, "travel.pax.t2");
  press(env, "travel.pax.t3");
  press(env, "travel.pax.done");
  EXPECT_EQ(text_of(env, "travel.book.submit_amount"), "$68.70");
  press(env, "travel.book.submit");
  const json& pax = travel(env)["orders"]["RB1011"]["passengers"];
  ASSERT_EQ(pax.size(), 3u);
  EXPECT_EQ(pax[0]["seat"], "01A");  // row 1 has A, B and C free (01D is taken)
  EXPECT_EQ(pax[1]["seat"], "01B");
  EXPECT_EQ(pax[2]["seat"], "01C");
}

TEST(Travel, SharingATripSendsItsDetailsToMessages) {
  if (!installed("messages")) GTEST_SKIP() << "Messages is not installed";
  Env env;
  open_app(env, "travel");
  press(env, "travel.tab.orders");
  press(env, "travel.order.RB1007");
  scroll_to(env, "travel.order.share");
  press(env, "travel.order.share");
  ASSERT_TRUE(env.state()["os"]["dialog"].is_object());
  press(env, "dialog.button.messages");
  EXPECT_EQ(env.phone().foreground(), "messages");
  EXPECT_EQ(env.state()["apps"]["messages"]["draft"],
            "Train E702, Fri, Jan 9: Sacramento Valley 05:30 to Portland Union Station 12:54. Standard class, seats "
            "Alex Rivera 10A, Daniel Kim 10B (Rail order RB1007)");
}

TEST(Travel, APaymentArrivingAfterTheHoldIsRefunded) {
  if (!installed("wallet")) GTEST_SKIP() << "Wallet is not installed";
  Env env;
  open_app(env, "travel");
  to_order_form(env);
  press(env, "travel.book.submit");
  press(env, "travel.confirm.pay");
  ASSERT_EQ(env.phone().foreground(), "wallet");
  const int balance = wallet_balance(env);
  for (int i = 0; i < 31; ++i) act(env, R"({"type":"wait","seconds":60})");  // the hold runs out in Wallet
  press(env, "wallet.confirm.pay");
  enter_pin(env);
  EXPECT_EQ(env.phone().foreground(), "travel");
  EXPECT_EQ(order(env, "RB1011")["status"], "unpaid");  // shown as expired
  EXPECT_EQ(wallet_balance(env), balance);             // paid, then refunded
  EXPECT_TRUE(travel(env)["pending_payment"].is_null());
}
