// Shop through actions, as a user drives it: the home feed, search with filters and sort, a
// product's variants and quantity into the cart, the cart (quantity, delete, save for later),
// the watchlist, checkout with a promo code up to Wallet's PAY intent, paying in Wallet, Wallet's
// answer through the exported payment_result, cancelling, returning and reviewing orders, adding
// an address and sharing a product. Each flow checks exactly which state paths it changed and what
// the screen shows.
#include "phone_driver.hpp"
#include "sim/env/env.hpp"
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

using namespace pg::testing;

namespace {

const json& shop(Env& env) { return env.phone().app_state("shop"); }

int top_of(Env& env, const std::string& id) { return find_node(env, id)["bounds"][1].get<int>(); }
/// Searches from the home page: the search bar, the text, enter (hides the keyboard).
void search_for(Env& env, const std::string& text) {
  press(env, "shop.search_bar");
  type_text(env, text);
  act(env, R"({"type":"enter"})");
}

/// Opens a product by searching its exact title.
void open_product(Env& env, const std::string& title, const std::string& id) {
  search_for(env, title);
  press(env, "shop.result." + id);
  ASSERT_EQ(env.phone().current_page(), "product");
}

bool wallet_installed() { return pg::AppRegistry::instance().find("wallet") != nullptr; }

/// A cart line as Shop stores it.
json line(const std::string& product, const std::string& title, int qty, const std::string& variant = "",
          const std::string& id = "") {
  return {{"id", id.empty() ? product : id}, {"product", product}, {"title", title}, {"variant", variant}, {"qty", qty}};
}

void set_cart(Env& env, const json& cart, const json& saved = json::array()) {
  env.apply_patch({{{"op", "replace"}, {"path", "/apps/shop/cart"}, {"value", cart}},
                   {{"op", "replace"}, {"path", "/apps/shop/saved"}, {"value", saved}}});
}

}  // namespace

TEST(Shop, HomeShowsCategoriesDealsRecommendationsAndTabs) {
  Env env;
  open_app(env, "shop");
  EXPECT_EQ(env.phone().current_page(), "home");
  EXPECT_TRUE(on_screen(env, "shop.search_bar"));
  EXPECT_EQ(text_of(env, "shop.home.cat.electronics"), "Electronics");
  EXPECT_TRUE(on_screen(env, "shop.home.cat.all"));
  // The biggest discount first: Clarity Slim Silicone Phone Case, $12.99 instead of $19.99.
  const json deal = find_node(env, "shop.deal.p011");
  ASSERT_FALSE(deal.is_null());
  EXPECT_EQ(deal["text"], "Clarity Slim Silicone Phone Case");
  EXPECT_EQ(deal["desc"].get<std::string>().rfind("$12.99, ", 0), 0u);
  scroll_to(env, "shop.rec.p297");  // the most reviewed product not on deal and never ordered
  for (const char* tab : {"shop.tab.home", "shop.tab.categories", "shop.tab.watchlist", "shop.tab.cart", "shop.tab.orders"})
    EXPECT_TRUE(on_screen(env, tab)) << tab;
  EXPECT_TRUE(find_node(env, "shop.tab.home")["selected"].get<bool>());
  EXPECT_EQ(find_node(env, "shop.tab.orders")["text"], "Account");
  for (const std::string& problem : env.lint()) ADD_FAILURE() << problem;
}

TEST(Shop, ACategoryShortcutSearchesThatCategory) {
  Env env;
  const json before = open_app(env, "shop");
  press(env, "shop.home.cat.toys");
  EXPECT_EQ(env.phone().current_page(), "search");
  EXPECT_EQ(text_of(env, "shop.search.count"), "26 results in Toys & Games");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/shop/filters/category"}));
  EXPECT_EQ(text_of(env, "shop.search.filters"), "Filters (1)");
}

TEST(Shop, SearchFilterAndSort) {
  Env env;
  const json before = open_app(env, "shop");
  press(env, "shop.search_bar");
  EXPECT_EQ(env.phone().current_page(), "search");
  EXPECT_EQ(env.state()["os"]["keyboard"]["focus"], "shop.search.field");
  EXPECT_TRUE(on_screen(env, "shop.search.hint"));
  type_text(env, "yoga mat");
  act(env, R"({"type":"enter"})");
  EXPECT_EQ(text_of(env, "shop.search.count"), "4 results for \"yoga mat\"");
  // Best match: the title that starts with the words first, then the most reviewed.
  EXPECT_LT(top_of(env, "shop.result.p168"), top_of(env, "shop.result.p171"));
  EXPECT_LT(top_of(env, "shop.result.p171"), top_of(env, "shop.result.p169"));
  EXPECT_LT(top_of(env, "shop.result.p169"), top_of(env, "shop.result.p170"));
  // Free shipping only: the $29.99 mat ships for $4.99, so it goes.
  press(env, "shop.search.filters");
  EXPECT_EQ(env.phone().current_page(), "filters");
  EXPECT_EQ(text_of(env, "shop.filters.apply"), "Show 4 results");
  press(env, "shop.filters.free");
  EXPECT_EQ(text_of(env, "shop.filters.apply"), "Show 3 results");
  press(env, "shop.filters.apply");
  EXPECT_EQ(env.phone().current_page(), "search");
  EXPECT_FALSE(on_screen(env, "shop.result.p168"));
  EXPECT_EQ(text_of(env, "shop.search.filters"), "Filters (1)");
  // Price: low to high.
  press(env, "shop.search.sort");
  EXPECT_EQ(env.phone().current_page(), "sort");
  EXPECT_TRUE(find_node(env, "shop.sort.best")["checked"].get<bool>());
  press(env, "shop.sort.price_asc");
  EXPECT_EQ(env.phone().current_page(), "search");
  EXPECT_EQ(text_of(env, "shop.search.sort"), "Sort: Price: low to high");
  EXPECT_LT(top_of(env, "shop.result.p171"), top_of(env, "shop.result.p169"));  // $17.49, used
  EXPECT_LT(top_of(env, "shop.result.p169"), top_of(env, "shop.result.p170"));  // $39.99, $59.99
  EXPECT_EQ(find_node(env, "shop.result.p171")["desc"], "$17.49, 4.7 stars, 8,159 ratings, Used, Free shipping");
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/shop/query", "/apps/shop/filters/free_shipping", "/apps/shop/sort"}));
  // A price cap and a rating floor narrow it further; nothing matches a cap under every price.
  press(env, "shop.search.filters");
  enter_text(env, "shop.filters.max", "10");
  act(env, R"({"type":"enter"})");
  EXPECT_EQ(text_of(env, "shop.filters.apply"), "Show 0 results");
  press(env, "shop.filters.apply");
  EXPECT_TRUE(on_screen(env, "shop.search.empty"));
}

TEST(Shop, ProductVariantsAndQuantityGoToTheCart) {
  Env env;
  const json before = open_app(env, "shop");
  open_product(env, "Basico Organic Cotton T-Shirt", "p090");
  EXPECT_EQ(text_of(env, "shop.product.title"), "Basico Organic Cotton T-Shirt");
  EXPECT_EQ(text_of(env, "shop.product.opt.color"), "Color: Select");
  press(env, "shop.product.add");  // nothing chosen yet: refused, said where the user looks
  EXPECT_EQ(env.state()["os"]["toast"]["text"], "Select a color first");
  EXPECT_TRUE(shop(env)["cart"].empty());
  press(env, "shop.product.opt.color.black");
  EXPECT_EQ(text_of(env, "shop.product.opt.color"), "Color: Black");
  EXPECT_TRUE(find_node(env, "shop.product.opt.color.black")["selected"].get<bool>());
  press(env, "shop.product.add");
  EXPECT_EQ(env.state()["os"]["toast"]["text"], "Select a size first");
  scroll_to(env, "shop.product.opt.size.m");
  press(env, "shop.product.opt.size.m");
  scroll_to(env, "shop.product.qty.plus");
  press(env, "shop.product.qty.plus");
  press(env, "shop.product.qty.plus");
  EXPECT_EQ(text_of(env, "shop.product.qty"), "3");
  press(env, "shop.product.add");
  EXPECT_EQ(env.state()["os"]["toast"]["text"], "Added to cart");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/shop/query", "/apps/shop/cart/-"}));
  ASSERT_EQ(shop(env)["cart"].size(), 1u);
  EXPECT_EQ(shop(env)["cart"][0], line("p090", "Basico Organic Cotton T-Shirt", 3, "Black / M", "p090-black_m"));
  // The header's cart shows the count; the cart lists the line.
  press(env, "shop.product.cart");
  EXPECT_EQ(env.phone().current_page(), "cart");
  EXPECT_EQ(find_node(env, "shop.cart.p090-black_m")["desc"], "Qty 3, Black / M, $18.99");
  EXPECT_EQ(text_of(env, "shop.cart.subtotal"), "$56.97");
  EXPECT_EQ(find_node(env, "shop.tab.cart")["desc"], "3 items");
}

TEST(Shop, CartQuantityDeleteAndSaveForLater) {
  Env env;
  set_cart(env, json::array({line("p168", "Yoga Mat 6 mm", 1), line("p221", "Organic Green Tea, 100 bags", 2)}));
  json before = open_app(env, "shop");
  press(env, "shop.tab.cart");
  EXPECT_EQ(text_of(env, "shop.cart.subtotal"), "$47.97");  // 29.99 + 2 x 8.99
  EXPECT_EQ(text_of(env, "shop.cart.shipping"), "Your order qualifies for free shipping");
  press(env, "shop.cart.p168.plus");
  EXPECT_EQ(text_of(env, "shop.cart.p168.qty"), "2");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/shop/cart/0/qty"}));
  // Save the tea for later: it leaves the cart for the Saved for later list.
  before = env.state();
  scroll_to(env, "shop.cart.p221.save");
  press(env, "shop.cart.p221.save");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/shop/cart/1", "/apps/shop/saved/-"}));
  EXPECT_EQ(shop(env)["saved"][0], line("p221", "Organic Green Tea, 100 bags", 2));
  EXPECT_FALSE(on_screen(env, "shop.cart.p221"));
  scroll_to(env, "shop.saved.p221.move");
  EXPECT_EQ(text_of(env, "shop.saved.title"), "Saved for later (1)");
  // Back into the cart, then the minus at quantity 1 is a bin and Delete removes a line.
  press(env, "shop.saved.p221.move");
  EXPECT_EQ(shop(env)["cart"].size(), 2u);
  EXPECT_TRUE(shop(env)["saved"].empty());
  press(env, "shop.tab.cart");  // the tab again: back to the top of the list
  before = env.state();
  press(env, "shop.cart.p168.minus");
  press(env, "shop.cart.p168.minus");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/shop/cart/1"}));  // the mat (now second) is gone
  EXPECT_FALSE(on_screen(env, "shop.cart.p168"));
  press(env, "shop.cart.p221.delete");
  EXPECT_TRUE(shop(env)["cart"].empty());
  EXPECT_TRUE(on_screen(env, "shop.cart.empty"));
}

TEST(Shop, WatchlistAddAndRemove) {
  Env env;
  const json before = open_app(env, "shop");
  open_product(env, "Wireless Earbuds Pro", "p001");
  EXPECT_FALSE(find_node(env, "shop.product.watch")["checked"].get<bool>());
  press(env, "shop.product.watch");
  EXPECT_TRUE(find_node(env, "shop.product.watch")["checked"].get<bool>());
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/shop/query", "/apps/shop/watchlist/0"}));
  const json& w = shop(env)["watchlist"][0];
  EXPECT_EQ(w["id"], "p001");
  EXPECT_EQ(w["title"], "Wireless Earbuds Pro");
  EXPECT_GT(w["added_ms"].get<std::int64_t>(), before["os"]["time_ms"].get<std::int64_t>());
  act(env, R"({"type":"back"})");
  act(env, R"({"type":"back"})");
  press(env, "shop.tab.watchlist");
  ASSERT_TRUE(on_screen(env, "shop.watch.p001"));
  EXPECT_LT(top_of(env, "shop.watch.p001"), top_of(env, "shop.watch.p005"));  // newest on top
  const json mid = env.state();
  press(env, "shop.watch.p001.remove");
  EXPECT_FALSE(on_screen(env, "shop.watch.p001"));
  EXPECT_EQ(changed_paths(mid, env.state()), (Paths{"/apps/shop/watchlist/0"}));
  EXPECT_EQ(shop(env)["watchlist"].size(), 3u);
}

TEST(Shop, CheckoutAppliesACouponAndStartsWalletsPay) {
  if (!wallet_installed()) GTEST_SKIP() << "Wallet is not installed";
  Env env;
  const json before = open_app(env, "shop");
  open_product(env, "Wireless Earbuds Pro", "p001");
  press(env, "shop.product.buy");
  EXPECT_EQ(env.phone().current_page(), "checkout");
  EXPECT_EQ(find_node(env, "shop.checkout.address")["desc"], "Alex Rivera, 1458 Larkin Street, Apt 3, San Francisco, CA 94109");
  EXPECT_EQ(text_of(env, "shop.checkout.total"), "$79.99");  // free standard shipping from $35
  enter_text(env, "shop.checkout.coupon", "SAVE5");
  press(env, "shop.checkout.apply");
  EXPECT_EQ(text_of(env, "shop.checkout.coupon_error"), "\"SAVE5\" isn't a valid promo code");
  enter_text(env, "shop.checkout.coupon", "holiday20", true);
  press(env, "shop.checkout.apply");
  EXPECT_EQ(text_of(env, "shop.checkout.coupon_error"), "This code expired on Dec 31, 2025");
  enter_text(env, "shop.checkout.coupon", "save10", true);
  press(env, "shop.checkout.apply");
  EXPECT_EQ(text_of(env, "shop.checkout.coupon.applied"), "SAVE10 applied: -$8.00");
  EXPECT_EQ(text_of(env, "shop.checkout.total"), "$71.99");
  press(env, "shop.checkout.ship.express");
  EXPECT_EQ(text_of(env, "shop.checkout.total"), "$84.98");  // 79.99 - 8.00 + 12.99
  press(env, "shop.checkout.place");
  const json d = env.state()["os"]["dialog"];
  ASSERT_TRUE(d.is_object());
  EXPECT_EQ(d["title"], "Place your order?");
  EXPECT_EQ(d["text"], "You'll pay $84.98 to Shop with Wallet for 1 item.");
  press(env, "dialog.button.pay");
  // Wallet is on screen with the payment Shop asked for; Shop keeps it as pending.
  EXPECT_EQ(env.phone().foreground(), "wallet");
  EXPECT_EQ(env.phone().current_page(), "confirm");
  const json pay = env.state()["apps"]["wallet"]["payment"];
  ASSERT_TRUE(pay.is_object());
  EXPECT_EQ(pay["kind"], "payment");
  EXPECT_EQ(pay["amount_cents"], 8498);
  EXPECT_EQ(pay["payee"], "Shop");
  EXPECT_EQ(pay["note"], "Order o21: Wireless Earbuds Pro");
  EXPECT_EQ(pay["category"], "shopping");
  EXPECT_EQ(pay["from_app"], "shop");
  EXPECT_EQ(pay["ref"], "shop:o21");
  const json& pending = shop(env)["pending_payment"];
  EXPECT_EQ(pending["ref"], "shop:o21");
  EXPECT_EQ(pending["amount_cents"], 8498);
  EXPECT_EQ(pending["order"]["coupon"], "SAVE10");
  EXPECT_EQ(pending["order"]["discount_cents"], 800);
  EXPECT_EQ(pending["order"]["shipping_cents"], 1299);
  // No order and no money moved yet: only the search, the checkout, the pending payment and
  // Wallet's own bookkeeping changed.
  for (const std::string& p : changed_paths(before, env.state())) {
    EXPECT_TRUE(p == "/apps/shop/query" || p.rfind("/apps/shop/checkout/", 0) == 0 || p == "/apps/shop/pending_payment" ||
                p.rfind("/apps/wallet/", 0) == 0)
        << p;
    for (const char* money : {"/apps/wallet/transactions", "/apps/wallet/balance_cents", "/apps/shop/orders"})
      EXPECT_NE(p.rfind(money, 0), 0u) << p;
  }
  EXPECT_TRUE(shop(env)["orders"].empty());
}

TEST(Shop, PayingInWalletPlacesTheOrder) {
  if (!wallet_installed()) GTEST_SKIP() << "Wallet is not installed";
  Env env;
  set_cart(env, json::array({line("p168", "Yoga Mat 6 mm", 1), line("p221", "Organic Green Tea, 100 bags", 1)}));
  open_app(env, "shop");
  press(env, "shop.tab.cart");
  press(env, "shop.cart.checkout");
  EXPECT_EQ(text_of(env, "shop.checkout.total"), "$38.98");  // free shipping from $35
  const json before = env.state();
  press(env, "shop.checkout.place");
  press(env, "dialog.button.pay");
  ASSERT_EQ(env.phone().current_page(), "confirm");
  press(env, "wallet.confirm.pay");
  for (const char* k : {"2", "4", "6", "8", "1", "0"}) press(env, std::string("wallet.pin.key.") + k);
  // Back in Shop on the new order.
  EXPECT_EQ(env.phone().foreground(), "shop");
  EXPECT_EQ(env.phone().current_page(), "order");
  EXPECT_TRUE(on_screen(env, "shop.od.placed"));
  EXPECT_EQ(text_of(env, "shop.od.number"), "Order o21");
  EXPECT_EQ(text_of(env, "shop.od.status"), "Arriving Tue, Jan 6");
  const json& o = shop(env)["orders"]["o21"];
  EXPECT_EQ(o["status"], "processing");
  EXPECT_EQ(o["total_cents"], 3898);
  EXPECT_EQ(o["items"].size(), 2u);
  EXPECT_EQ(o["summary"], "Yoga Mat 6 mm and 1 more item");
  EXPECT_EQ(o["eta"], "2026-01-06");
  EXPECT_FALSE(o["transaction_id"].get<std::string>().empty());
  EXPECT_TRUE(shop(env)["cart"].empty());  // the bought lines left the cart
  EXPECT_TRUE(shop(env)["pending_payment"].is_null());
  EXPECT_EQ(shop(env)["next_order"], 22);
  bool paid = false;
  for (const json& t : nlohmann::json(env.state()["apps"]["wallet"]["transactions"]))
    paid = paid || (t.is_object() && t.value("ref", "") == "shop:o21" && t.value("amount_cents", 0) == 3898);
  EXPECT_TRUE(paid) << "Wallet has no transaction for shop:o21";
  for (const std::string& p : changed_paths(before, env.state()))
    EXPECT_TRUE(p.rfind("/apps/shop/", 0) == 0 || p.rfind("/apps/wallet/", 0) == 0) << p;
  // Back goes to the (now empty) cart, not to the checkout.
  act(env, R"({"type":"back"})");
  EXPECT_EQ(env.phone().current_page(), "cart");
  EXPECT_TRUE(on_screen(env, "shop.cart.empty"));
}

TEST(Shop, PaymentResultPaidCreatesTheOrderAndUnknownRefsAreRefused) {
  Env env;
  set_cart(env, json::array({line("p168", "Yoga Mat 6 mm", 1)}));
  open_app(env, "shop");
  press(env, "shop.tab.cart");
  press(env, "shop.cart.checkout");
  ASSERT_EQ(env.phone().current_page(), "checkout");
  // What "Pay with Wallet" keeps while Wallet runs (the draft of order o21).
  const json draft = {{"id", "o21"}, {"placed_ms", 1767254400000}, {"summary", "Yoga Mat 6 mm"},
                      {"items", json::array({{{"product", "p168"}, {"title", "Yoga Mat 6 mm"}, {"variant", ""},
                                              {"price_cents", 2999}, {"qty", 1}}})},
                      {"subtotal_cents", 2999}, {"shipping_cents", 499}, {"shipping_option", "standard"},
                      {"discount_cents", 0}, {"coupon", ""}, {"total_cents", 3498}, {"status", "processing"},
                      {"address", "a1"}, {"ship_to", "Alex Rivera, 1458 Larkin Street, Apt 3, San Francisco, CA 94109"},
                      {"carrier", "USPS"}, {"tracking_number", ""}, {"eta", "2026-01-06"}, {"delivered", ""},
                      {"return_by", ""}, {"return_item", ""}, {"return_reason", ""}, {"cancel_reason", ""},
                      {"ref", "shop:o21"}, {"transaction_id", ""},
                      {"tracking", json::array({{{"time_ms", 1767254400000}, {"text", "Order placed"}, {"place", ""}}})}};
  env.apply_patch({{{"op", "replace"}, {"path", "/apps/shop/pending_payment"},
                    {"value", {{"ref", "shop:o21"}, {"amount_cents", 3498}, {"order", draft}, {"from_cart", true}}}}});
  pg::Phone& phone = env.phone();
  // A ref Shop does not know is an error naming it, and changes nothing.
  try {
    pg::call_app(phone, "shop", "payment_result", {{"ref", "shop:o99"}, {"status", "paid"}});
    ADD_FAILURE() << "an unknown ref was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("shop:o99"), std::string::npos) << e.what();
  }
  EXPECT_THROW(pg::call_app(phone, "shop", "payment_result", {{"ref", "shop:o21"}, {"status", "maybe"}}), std::invalid_argument);
  const json before = env.state();
  const json r = pg::call_app(phone, "shop", "payment_result",
                              {{"ref", "shop:o21"}, {"status", "paid"}, {"transaction_id", "tx161"}, {"amount_cents", 3498}});
  EXPECT_EQ(r["order"], "o21");
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/shop/orders/o21", "/apps/shop/cart/0", "/apps/shop/next_order", "/apps/shop/pending_payment",
                   "/apps/shop/checkout/items/0", "/apps/shop/checkout/from_cart"}));
  json expected = draft;
  expected.erase("id");
  expected["transaction_id"] = "tx161";
  EXPECT_EQ(shop(env)["orders"]["o21"], expected);
  EXPECT_EQ(phone.current_page(), "order");  // the checkout on screen gives way to the order
  EXPECT_TRUE(on_screen(env, "shop.od.placed"));
  scroll_to(env, "shop.od.total");
  EXPECT_EQ(text_of(env, "shop.od.total"), "$34.98");
  // The same ref again is no longer pending.
  EXPECT_THROW(pg::call_app(phone, "shop", "payment_result", {{"ref", "shop:o21"}, {"status", "paid"}}), std::invalid_argument);
  // The order is listed first on the Account tab.
  press(env, "shop.od.title.back");
  press(env, "shop.tab.orders");
  EXPECT_LT(top_of(env, "shop.order.o21"), top_of(env, "shop.order.o20"));
  EXPECT_EQ(find_node(env, "shop.order.o21")["desc"], "Arriving Tue, Jan 6, Order o21 \xC2\xB7 $34.98 \xC2\xB7 Jan 1, 2026");
}

TEST(Shop, ACancelledPaymentKeepsTheCheckoutAndCreatesNoOrder) {
  Env env;
  set_cart(env, json::array({line("p168", "Yoga Mat 6 mm", 1)}));
  open_app(env, "shop");
  press(env, "shop.tab.cart");
  press(env, "shop.cart.checkout");
  env.apply_patch({{{"op", "replace"}, {"path", "/apps/shop/pending_payment"},
                    {"value", {{"ref", "shop:o21"}, {"amount_cents", 3498}, {"order", {{"id", "o21"}}}, {"from_cart", true}}}}});
  const json before = env.state();
  pg::call_app(env.phone(), "shop", "payment_result", {{"ref", "shop:o21"}, {"status", "cancelled"}, {"transaction_id", ""}});
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/shop/pending_payment"}));
  EXPECT_EQ(env.phone().current_page(), "checkout");
  EXPECT_EQ(env.state()["os"]["toast"]["text"], "Payment cancelled");
  EXPECT_TRUE(shop(env)["orders"].empty());
  EXPECT_EQ(shop(env)["cart"].size(), 1u);
}

TEST(Shop, CancelAProcessingOrderWithAReason) {
  Env env;
  const json before = open_app(env, "shop");
  press(env, "shop.tab.orders");
  EXPECT_EQ(find_node(env, "shop.order.o19")["text"], "Bike Light Set");
  press(env, "shop.order.o19");
  EXPECT_EQ(text_of(env, "shop.od.status"), "Arriving Tue, Jan 6");
  scroll_to(env, "shop.od.cancel");
  press(env, "shop.od.cancel");
  EXPECT_EQ(env.phone().current_page(), "cancel");
  press(env, "shop.cancel.submit");
  EXPECT_EQ(text_of(env, "shop.cancel.error"), "Choose a reason");
  press(env, "shop.cancel.reason.better_price");
  EXPECT_TRUE(find_node(env, "shop.cancel.reason.better_price")["checked"].get<bool>());
  press(env, "shop.cancel.submit");
  ASSERT_TRUE(env.state()["os"]["dialog"].is_object());
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Cancel this order?");
  press(env, "dialog.button.keep");  // keeps it
  EXPECT_TRUE(shop(env)["orders"].empty());
  press(env, "shop.cancel.submit");
  press(env, "dialog.button.cancel_order");
  // The order is cancelled and the money comes back through Wallet's refund.
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/shop/orders/o19", "/apps/wallet/balance_cents", "/apps/wallet/next_txn",
                   "/apps/wallet/transactions/tx161"}));
  const json& o = shop(env)["orders"]["o19"];
  EXPECT_EQ(o["status"], "cancelled");
  EXPECT_EQ(o["cancel_reason"], "Found a better price");
  EXPECT_EQ(o["tracking"].back()["text"], "Cancelled at your request; $26.98 refunded to Wallet");
  const json w = env.state()["apps"]["wallet"];
  EXPECT_EQ(w["balance_cents"].get<long long>() - before["apps"]["wallet"]["balance_cents"].get<long long>(), 2698);
  const json& refund = w["transactions"]["tx161"];
  EXPECT_EQ(refund["kind"], "refund");
  EXPECT_EQ(refund["direction"], "credit");
  EXPECT_EQ(refund["amount_cents"], 2698);
  EXPECT_EQ(refund["ref"], "shop:o19");
  EXPECT_EQ(refund["name"], "Shop");
  EXPECT_EQ(env.phone().current_page(), "order");
  EXPECT_EQ(text_of(env, "shop.od.status"), "Cancelled");
  scroll_to(env, "shop.od.cancel_info");
  EXPECT_EQ(text_of(env, "shop.od.cancel_info"), "Cancelled: Found a better price");
  EXPECT_FALSE(on_screen(env, "shop.od.cancel"));
  // A shipped order cannot be cancelled.
  act(env, R"({"type":"back"})");
  press(env, "shop.order.o17");
  scroll_to(env, "shop.od.buy_again");
  EXPECT_FALSE(on_screen(env, "shop.od.cancel"));
}

TEST(Shop, ReturnADeliveredOrderWithAReason) {
  Env env;
  const json before = open_app(env, "shop");
  press(env, "shop.tab.orders");
  scroll_to(env, "shop.order.o14");
  press(env, "shop.order.o14");
  EXPECT_EQ(text_of(env, "shop.od.status"), "Delivered Dec 4");
  scroll_to(env, "shop.od.return");
  EXPECT_EQ(text_of(env, "shop.od.return_by"), "Eligible for return until Jan 3, 2026");
  press(env, "shop.od.return");
  EXPECT_EQ(env.phone().current_page(), "return");
  press(env, "shop.return.submit");
  EXPECT_EQ(env.state()["os"]["toast"]["text"], "Choose the item to return");
  press(env, "shop.return.item.p001");
  press(env, "shop.return.submit");
  EXPECT_EQ(env.state()["os"]["toast"]["text"], "Choose a reason");
  scroll_to(env, "shop.return.reason.damaged");
  press(env, "shop.return.reason.damaged");
  press(env, "shop.return.submit");
  EXPECT_EQ(env.phone().current_page(), "order");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/shop/orders/o14"}));
  const json& o = shop(env)["orders"]["o14"];
  EXPECT_EQ(o["status"], "return_requested");
  EXPECT_EQ(o["return_item"], "Wireless Earbuds Pro");
  EXPECT_EQ(o["return_reason"], "Arrived damaged");
  for (int i = 0; i < 6 && !on_screen(env, "shop.od.status"); ++i)  // back at the top of the order
    act(env, R"({"type":"swipe","x1":500,"y1":300,"x2":500,"y2":800})");
  EXPECT_EQ(text_of(env, "shop.od.status"), "Return started");
  scroll_to(env, "shop.od.return_info");
  EXPECT_EQ(text_of(env, "shop.od.return_info"), "Return started for Wireless Earbuds Pro (Arrived damaged)");
  // An order delivered more than 30 days ago is past its return window.
  act(env, R"({"type":"back"})");
  scroll_to(env, "shop.order.o13");
  press(env, "shop.order.o13");
  scroll_to(env, "shop.od.return_closed");
  EXPECT_EQ(text_of(env, "shop.od.return_closed"), "Return window closed on Dec 30, 2025");
  EXPECT_FALSE(on_screen(env, "shop.od.return"));
}

TEST(Shop, WriteAReviewWithStarsAndText) {
  Env env;
  const json before = open_app(env, "shop");
  press(env, "shop.tab.orders");
  scroll_to(env, "shop.order.o15");
  press(env, "shop.order.o15");
  scroll_to(env, "shop.od.review.p221");
  EXPECT_EQ(text_of(env, "shop.od.review.p221"), "Write a review");
  press(env, "shop.od.review.p221");
  EXPECT_EQ(env.phone().current_page(), "review");
  EXPECT_EQ(text_of(env, "shop.review.product"), "Organic Green Tea, 100 bags");
  press(env, "shop.review.submit");
  EXPECT_EQ(text_of(env, "shop.review.error"), "Select a star rating");
  press(env, "shop.review.star.4");
  EXPECT_EQ(text_of(env, "shop.review.stars"), "4 out of 5 stars");
  EXPECT_TRUE(find_node(env, "shop.review.star.4")["checked"].get<bool>());
  EXPECT_FALSE(find_node(env, "shop.review.star.5")["checked"].get<bool>());
  enter_text(env, "shop.review.text", "Smooth and fresh, my daily tea.");
  EXPECT_EQ(text_of(env, "shop.review.text"), "Smooth and fresh, my daily tea.");
  press(env, "shop.review.submit");
  EXPECT_EQ(env.phone().current_page(), "order");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/shop/my_reviews/-"}));
  const json& r = shop(env)["my_reviews"][0];
  EXPECT_EQ(r["product"], "p221");
  EXPECT_EQ(r["title"], "Organic Green Tea, 100 bags");
  EXPECT_EQ(r["stars"], 4);
  EXPECT_EQ(r["text"], "Smooth and fresh, my daily tea.");
  EXPECT_EQ(r["order"], "o15");
  scroll_to(env, "shop.od.review.p221");
  EXPECT_EQ(text_of(env, "shop.od.review.p221"), "Edit your review");
  // The product page shows it.
  scroll_to(env, "shop.od.item.p221");
  press(env, "shop.od.item.p221");
  scroll_to(env, "shop.product.my_review");
  EXPECT_EQ(text_of(env, "shop.product.my_review"), "4 stars: Smooth and fresh, my daily tea.");
}

TEST(Shop, AddAnAddressFromCheckoutAndShipThere) {
  Env env;
  open_app(env, "shop");
  open_product(env, "Yoga Mat 6 mm", "p168");
  press(env, "shop.product.buy");
  const json before = env.state();
  press(env, "shop.checkout.address");
  EXPECT_EQ(env.phone().current_page(), "addresses");
  EXPECT_TRUE(find_node(env, "shop.addresses.a1")["checked"].get<bool>());
  press(env, "shop.addresses.add");
  EXPECT_EQ(env.state()["os"]["keyboard"]["focus"], "shop.address.name");
  type_text(env, "Jamie Chen");
  enter_text(env, "shop.address.street", "88 Pine Street, Unit 5");
  enter_text(env, "shop.address.city", "Oakland");
  enter_text(env, "shop.address.state", "ca");
  press(env, "shop.address.save");
  EXPECT_EQ(text_of(env, "shop.address.error"), "Enter a 5-digit ZIP code");
  enter_text(env, "shop.address.zip", "94612");
  press(env, "shop.address.save");
  EXPECT_EQ(env.phone().current_page(), "checkout");  // the new address is chosen for the order
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/shop/addresses/a4", "/apps/shop/next_address", "/apps/shop/checkout/address"}));
  EXPECT_EQ(shop(env)["addresses"]["a4"], (json{{"label", "Other"}, {"name", "Jamie Chen"}, {"street", "88 Pine Street, Unit 5"},
                                                {"city", "Oakland"}, {"state", "CA"}, {"zip", "94612"}, {"phone", ""}}));
  EXPECT_EQ(find_node(env, "shop.checkout.address")["desc"], "Jamie Chen, 88 Pine Street, Unit 5, Oakland, CA 94612");
  // Picking another one from the list.
  press(env, "shop.checkout.address");
  press(env, "shop.addresses.a2");
  EXPECT_EQ(shop(env)["checkout"]["address"], "a2");
}

TEST(Shop, ShareSendsTheProductLinkToMessages) {
  Env env;
  open_app(env, "shop");
  open_product(env, "Wireless Earbuds Pro", "p001");
  press(env, "shop.product.share");
  const json d = env.state()["os"]["dialog"];
  if (d.is_object() && d.value("kind", "") == "chooser") press(env, "dialog.button.messages");  // Chat shares text too
  EXPECT_EQ(env.phone().foreground(), "messages");
  EXPECT_EQ(env.phone().current_page(), "new_conversation");
  EXPECT_EQ(env.state()["apps"]["messages"]["draft"],
            "Wireless Earbuds Pro - $79.99 on Shop: https://shop.phonegym.org/item/p001");
}

TEST(Shop, IntentsOpenAProductOrAnOrder) {
  Env env;
  env.phone().start_intent({{"app", "shop"}, {"product", "p070"}});
  EXPECT_EQ(env.phone().current_page(), "product");
  EXPECT_EQ(text_of(env, "shop.product.title"), "Hanzo Walnut End-Grain Cutting Board");
  env.phone().start_intent({{"app", "shop"}, {"order", "o16"}});
  EXPECT_EQ(env.phone().current_page(), "order");
  EXPECT_EQ(text_of(env, "shop.od.status"), "Arriving Sat, Jan 3");
  EXPECT_EQ(pg::call_app(env.phone(), "shop", "order", {{"id", "o16"}})["summary"], "Dog Chew Toy");
  EXPECT_EQ(pg::call_app(env.phone(), "shop", "orders")["orders"].size(), 20u);
  EXPECT_THROW(pg::call_app(env.phone(), "shop", "order", {{"id", "o99"}}), std::invalid_argument);
}
