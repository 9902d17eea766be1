// Themes through actions, as a user drives it: the home (banners, top charts, sections), the
// catalogue tabs with their filters and sort, item pages, Download then Apply with the
// confirmation (wallpaper: "Home screen"; icons; colours; complete themes; back to Default), Buy
// through Wallet's PAY intent (paid, cancelled, the payment_result protocol), My stuff (the applied
// one marked, delete with a confirmation, in-use and Default items kept), favourites, search and
// reviews (stars required, 300 characters, edit). Each flow checks exactly which state it changed:
// the store's own keys, and os.theme for what is applied (the OS owns it; read with current_theme).
#include "phone_driver.hpp"
#include "sim/env/env.hpp"
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"
#include "sim/os/theme.hpp"

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>

using namespace pg::testing;

namespace {

const json& th(Env& env) { return env.phone().app_state("themes"); }
json theme(Env& env) { return pg::current_theme(env.phone()); }

/// The changed paths under /apps and /os/theme, cut to four segments ("/apps/themes/downloads/wp_mint",
/// "/os/theme/wallpaper"): what a flow touched, ignoring navigation, the clock and the store's ui_state keys.
Paths keys_changed(const json& before, const json& after) {
  static const char* kUi[] = {"/apps/themes/query", "/apps/themes/draft", "/apps/themes/filter", "/apps/themes/sort",
                              "/apps/themes/chart"};
  Paths out;
  for (const std::string& p : changed_paths(before, after)) {
    if (p.rfind("/apps/", 0) != 0 && p.rfind("/os/theme", 0) != 0) continue;
    bool ui = false;
    for (const char* k : kUi) ui = ui || p.rfind(k, 0) == 0;
    if (ui) continue;
    std::size_t cut = 0;
    for (int i = 0; i < 4 && cut != std::string::npos; ++i) cut = p.find('/', cut + 1);
    out.insert(cut == std::string::npos ? p : p.substr(0, cut));
  }
  return out;
}

void lint_clean(Env& env) {
  for (const std::string& problem : env.lint()) ADD_FAILURE() << problem;
}

bool wallet_installed() { return pg::AppRegistry::instance().find("wallet") != nullptr; }

/// Opens an item from its catalogue tab ("wallpapers", "icons", "colours").
void open_from_tab(Env& env, const std::string& tab, const std::string& id) {
  press(env, "themes.tab." + tab);
  scroll_to(env, "themes.tile." + id);
  press(env, "themes.tile." + id);
  ASSERT_EQ(env.phone().current_page(), "item");
}

/// Apply on an item page and confirm with `button` (dialog.button.<button>).
void apply_confirmed(Env& env, const std::string& button) {
  press(env, "themes.item.apply");
  ASSERT_TRUE(on_screen(env, "dialog.button." + button));
  press(env, "dialog.button." + button);
}

}  // namespace

TEST(Themes, HomeShowsBannersChartsAndSections) {
  Env env;
  open_app(env, "themes");
  EXPECT_EQ(env.phone().current_page(), "home");
  EXPECT_EQ(text_of(env, "themes.title"), "Themes");
  EXPECT_EQ(text_of(env, "themes.banner.b1"), "Northern Lights: New theme by Polar Pixel");
  lint_clean(env);
  // The peeking banner moves the carousel; the current one opens its item.
  press(env, "themes.banner.next");
  EXPECT_TRUE(on_screen(env, "themes.banner.b2"));
  press(env, "themes.banner.b2");
  EXPECT_EQ(env.phone().current_page(), "item");
  EXPECT_EQ(text_of(env, "themes.item.name"), "Blossom");
  act(env, R"({"type":"back"})");
  scroll_to(env, "themes.home.more.colours");
  press(env, "themes.home.more.colours");
  EXPECT_EQ(env.phone().current_page(), "colours");
  press(env, "themes.tab.home");
  press(env, "themes.home.charts");
  EXPECT_EQ(env.phone().current_page(), "top_charts");
  lint_clean(env);
}

TEST(Themes, DownloadThenApplyAFreeWallpaperOnTheHomeScreen) {
  Env env;
  const json before = open_app(env, "themes");
  open_from_tab(env, "wallpapers", "wp_mint");
  EXPECT_EQ(text_of(env, "themes.item.price"), "Free");
  EXPECT_FALSE(on_screen(env, "themes.item.apply"));
  press(env, "themes.item.download");
  EXPECT_EQ(keys_changed(before, env.state()), (Paths{"/apps/themes/downloads/wp_mint"}));
  EXPECT_GE(th(env)["downloads"]["wp_mint"]["time_ms"].get<std::int64_t>(), 1767254400000);
  const json downloaded = env.state();
  press(env, "themes.item.apply");
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Apply this wallpaper?");
  EXPECT_TRUE(on_screen(env, "dialog.button.home_screen"));
  press(env, "dialog.button.home_screen");
  EXPECT_EQ(keys_changed(downloaded, env.state()), (Paths{"/os/theme/wallpaper"}));
  EXPECT_EQ(theme(env)["wallpaper"], "mint");
  EXPECT_EQ(theme(env)["icon_shape"], "circle");  // the rest of the theme stays
  EXPECT_EQ(theme(env)["accent"], "");
  EXPECT_TRUE(on_screen(env, "themes.item.applied"));
  EXPECT_FALSE(on_screen(env, "themes.item.apply"));
  lint_clean(env);
}

TEST(Themes, CancellingTheApplyDialogChangesNothing) {
  Env env;
  open_app(env, "themes");
  open_from_tab(env, "wallpapers", "wp_ocean");  // downloaded in the defaults
  const json before = env.state();
  press(env, "themes.item.apply");
  press(env, "dialog.button.cancel");
  EXPECT_TRUE(keys_changed(before, env.state()).empty());
  EXPECT_EQ(theme(env)["wallpaper"], "dusk");
}

TEST(Themes, IconPackSwitchesTheShapeAndThemedIcons) {
  Env env;
  const json before = open_app(env, "themes");
  open_from_tab(env, "icons", "ic_cushion_tint");
  press(env, "themes.item.download");
  apply_confirmed(env, "apply");
  EXPECT_EQ(keys_changed(before, env.state()), (Paths{"/apps/themes/downloads/ic_cushion_tint", "/os/theme/icon_shape", "/os/theme/themed_icons"}));
  EXPECT_EQ(theme(env)["icon_shape"], "squircle");
  EXPECT_EQ(theme(env)["themed_icons"], true);
  EXPECT_EQ(theme(env)["wallpaper"], "dusk");
}

TEST(Themes, ColourPaletteSetsTheAccent) {
  Env env;
  const json before = open_app(env, "themes");
  open_from_tab(env, "colours", "pal_teal");  // downloaded in the defaults
  EXPECT_EQ(env.state()["os"]["dialog"], nullptr);
  apply_confirmed(env, "apply");
  EXPECT_EQ(keys_changed(before, env.state()), (Paths{"/os/theme/accent"}));
  EXPECT_EQ(theme(env)["accent"], "#006A6A");
  // My stuff marks it applied.
  act(env, R"({"type":"back"})");
  press(env, "themes.tab.my_stuff");
  EXPECT_EQ(text_of(env, "themes.mine.pal_teal"), "Teal, applied");
  EXPECT_EQ(text_of(env, "themes.mine.default"), "Default");
  lint_clean(env);
}

TEST(Themes, CompleteThemeThenRevertToDefault) {
  Env env;
  open_app(env, "themes");
  press(env, "themes.search");
  type_text(env, "spring");
  press(env, "themes.result.th_spring");
  press(env, "themes.item.download");
  apply_confirmed(env, "apply");
  EXPECT_EQ(theme(env), (json{{"accent", "#7D5260"}, {"wallpaper", "blossom"}, {"icon_shape", "teardrop"}, {"themed_icons", false}}));
  // Back to Default from My stuff.
  act(env, R"({"type":"back"})");
  press(env, "themes.search.back");
  press(env, "themes.tab.my_stuff");
  EXPECT_FALSE(on_screen(env, "themes.mine.default.delete"));  // Default can't be deleted
  const json before = env.state();
  press(env, "themes.mine.default");
  EXPECT_FALSE(on_screen(env, "themes.item.favourite"));
  press(env, "themes.item.apply");
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Apply the default theme?");
  press(env, "dialog.button.apply");
  EXPECT_EQ(keys_changed(before, env.state()), (Paths{"/os/theme/accent", "/os/theme/wallpaper", "/os/theme/icon_shape"}));
  EXPECT_EQ(theme(env), (json{{"accent", ""}, {"wallpaper", "dusk"}, {"icon_shape", "circle"}, {"themed_icons", false}}));
  EXPECT_TRUE(on_screen(env, "themes.item.applied"));
}

TEST(Themes, BuyAPaidWallpaperInWalletThenApplyIt) {
  if (!wallet_installed()) GTEST_SKIP() << "Wallet is not installed";
  Env env;
  const json before = open_app(env, "themes");
  open_from_tab(env, "wallpapers", "wp_lava");
  EXPECT_EQ(text_of(env, "themes.item.buy"), "Buy $1.99");
  press(env, "themes.item.buy");
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Buy Lava?");
  press(env, "dialog.button.pay");
  EXPECT_EQ(th(env)["pending_payment"], (json{{"ref", "themes:wp_lava"}, {"item", "wp_lava"}, {"amount_cents", 199}}));
  ASSERT_EQ(env.phone().foreground(), "wallet");
  ASSERT_EQ(env.phone().current_page(), "confirm");
  EXPECT_EQ(text_of(env, "wallet.confirm.payee"), "Themes");
  press(env, "wallet.confirm.pay");
  for (const char* k : {"2", "4", "6", "8", "1", "0"}) press(env, std::string("wallet.pin.key.") + k);
  // Back in Themes on the item, bought and downloaded.
  EXPECT_EQ(env.phone().foreground(), "themes");
  EXPECT_EQ(env.phone().current_page(), "item");
  EXPECT_TRUE(th(env)["pending_payment"].is_null());
  const json& pu = th(env)["purchases"]["wp_lava"];
  EXPECT_EQ(pu["price_cents"], 199);
  EXPECT_FALSE(pu["transaction_id"].get<std::string>().empty());
  EXPECT_TRUE(th(env)["downloads"].contains("wp_lava"));
  EXPECT_EQ(text_of(env, "themes.item.price"), "Purchased");
  bool paid = false;
  for (const json& t : nlohmann::json(env.state()["apps"]["wallet"]["transactions"]))
    paid = paid || (t.is_object() && t.value("ref", "") == "themes:wp_lava" && t.value("amount_cents", 0) == 199);
  EXPECT_TRUE(paid) << "Wallet has no transaction for themes:wp_lava";
  for (const std::string& p : keys_changed(before, env.state()))
    EXPECT_TRUE(p == "/apps/themes/purchases/wp_lava" || p == "/apps/themes/downloads/wp_lava" || p.rfind("/apps/wallet/", 0) == 0)
        << p;
  apply_confirmed(env, "home_screen");
  EXPECT_EQ(theme(env)["wallpaper"], "lava");
  lint_clean(env);
}

TEST(Themes, CancellingInWalletBuysNothing) {
  if (!wallet_installed()) GTEST_SKIP() << "Wallet is not installed";
  Env env;
  const json before = open_app(env, "themes");
  open_from_tab(env, "colours", "pal_green");
  press(env, "themes.item.buy");
  press(env, "dialog.button.pay");
  ASSERT_EQ(env.phone().current_page(), "confirm");
  press(env, "wallet.confirm.cancel");
  EXPECT_EQ(env.phone().foreground(), "themes");
  EXPECT_TRUE(th(env)["pending_payment"].is_null());
  EXPECT_TRUE(th(env)["purchases"].empty());
  for (const std::string& p : keys_changed(before, env.state())) EXPECT_EQ(p.rfind("/apps/themes/", 0), std::string::npos) << p;
  EXPECT_TRUE(on_screen(env, "themes.item.buy"));
}

TEST(Themes, PaymentResultProtocol) {
  Env env;
  open_app(env, "themes");
  EXPECT_THROW(pg::call_app(env.phone(), "themes", "payment_result", {{"ref", "themes:wp_lava"}, {"status", "paid"}}),
               std::invalid_argument);
  pg::own_state(env.phone(), "themes")["pending_payment"] = {{"ref", "themes:ic_orbit"}, {"item", "ic_orbit"}, {"amount_cents", 149}};
  EXPECT_THROW(pg::call_app(env.phone(), "themes", "payment_result", {{"ref", "themes:ic_orbit"}, {"status", "maybe"}}),
               std::invalid_argument);
  const json r = pg::call_app(env.phone(), "themes", "payment_result",
                              {{"ref", "themes:ic_orbit"}, {"status", "paid"}, {"transaction_id", "t900"}});
  EXPECT_EQ(r["item"], "ic_orbit");
  EXPECT_EQ(th(env)["purchases"]["ic_orbit"]["transaction_id"], "t900");
  EXPECT_TRUE(th(env)["downloads"].contains("ic_orbit"));
  const json lib = pg::call_app(env.phone(), "themes", "library", json::object());
  EXPECT_TRUE(lib["purchases"].contains("ic_orbit"));
}

TEST(Themes, DeleteADownloadWithAConfirmationButNotTheOneInUse) {
  Env env;
  open_app(env, "themes");
  press(env, "themes.tab.my_stuff");
  const json before = env.state();
  press(env, "themes.mine.wp_ocean.delete");
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Delete Ocean?");
  press(env, "dialog.button.cancel");
  EXPECT_TRUE(keys_changed(before, env.state()).empty());
  press(env, "themes.mine.wp_ocean.delete");
  press(env, "dialog.button.delete");
  EXPECT_EQ(keys_changed(before, env.state()), (Paths{"/apps/themes/downloads/wp_ocean"}));
  EXPECT_FALSE(th(env)["downloads"].contains("wp_ocean"));
  EXPECT_FALSE(on_screen(env, "themes.mine.wp_ocean"));
  // The applied palette can't be deleted.
  press(env, "themes.mine.pal_teal");
  apply_confirmed(env, "apply");
  act(env, R"({"type":"back"})");
  const json applied = env.state();
  press(env, "themes.mine.pal_teal.delete");
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Can't delete Teal");
  press(env, "dialog.button.ok");
  EXPECT_TRUE(keys_changed(applied, env.state()).empty());
  lint_clean(env);
}

TEST(Themes, FavouritesFromTheHeart) {
  Env env;
  const json before = open_app(env, "themes");
  press(env, "themes.favourites");
  EXPECT_EQ(text_of(env, "themes.fav.empty"), "No favourites yet");
  act(env, R"({"type":"back"})");
  open_from_tab(env, "wallpapers", "wp_sunset");
  press(env, "themes.item.favourite");
  EXPECT_TRUE(find_node(env, "themes.item.favourite")["selected"].get<bool>());
  act(env, R"({"type":"back"})");
  scroll_to(env, "themes.tile.wp_dunes");
  press(env, "themes.tile.wp_dunes");
  press(env, "themes.item.favourite");
  EXPECT_EQ(th(env)["favourites"], (json{"wp_sunset", "wp_dunes"}));
  for (const std::string& p : keys_changed(before, env.state())) EXPECT_EQ(p.rfind("/apps/themes/favourites", 0), 0u) << p;
  act(env, R"({"type":"back"})");
  press(env, "themes.favourites");
  EXPECT_TRUE(on_screen(env, "themes.fav.wp_sunset"));
  EXPECT_TRUE(on_screen(env, "themes.fav.wp_dunes"));
  lint_clean(env);
  // A second tap takes it out again.
  press(env, "themes.fav.wp_sunset");
  press(env, "themes.item.favourite");
  EXPECT_EQ(th(env)["favourites"], (json{"wp_dunes"}));
}

TEST(Themes, WriteAReviewAfterDownloadingStarsRequired) {
  Env env;
  open_app(env, "themes");
  open_from_tab(env, "wallpapers", "wp_sunset");
  scroll_to(env, "themes.item.download");
  EXPECT_FALSE(on_screen(env, "themes.item.write_review"));  // not before a download
  press(env, "themes.item.download");
  const json before = env.state();
  scroll_to(env, "themes.item.write_review");
  press(env, "themes.item.write_review");
  ASSERT_EQ(env.phone().current_page(), "write_review");
  press(env, "themes.review.post");
  EXPECT_EQ(text_of(env, "themes.review.error"), "Tap a star to rate this item");
  EXPECT_TRUE(keys_changed(before, env.state()).empty());
  press(env, "themes.review.star.4");
  EXPECT_EQ(text_of(env, "themes.review.stars_label"), "Liked it");
  enter_text(env, "themes.review.text", std::string(301, 'a'));
  press(env, "themes.review.post");
  EXPECT_EQ(text_of(env, "themes.review.error"), "Keep it under 300 characters");
  enter_text(env, "themes.review.text", "Warm colours, great at night", true);
  lint_clean(env);
  press(env, "themes.review.post");
  EXPECT_EQ(env.phone().current_page(), "item");
  EXPECT_EQ(keys_changed(before, env.state()), (Paths{"/apps/themes/my_reviews/wp_sunset"}));
  const json& r = th(env)["my_reviews"]["wp_sunset"];
  EXPECT_EQ(r["stars"], 4);
  EXPECT_EQ(r["text"], "Warm colours, great at night");
  scroll_to(env, "themes.item.review.0");
  EXPECT_EQ(text_of(env, "themes.item.review.0"), "Alex Rivera, 4 stars: Warm colours, great at night");
  // Editing keeps one review.
  scroll_to(env, "themes.item.write_review");
  EXPECT_EQ(text_of(env, "themes.item.write_review"), "Edit your review");
  press(env, "themes.item.write_review");
  press(env, "themes.review.star.2");
  press(env, "themes.review.post");
  EXPECT_EQ(th(env)["my_reviews"]["wp_sunset"]["stars"], 2);
  EXPECT_EQ(th(env)["my_reviews"].size(), 1u);
}

TEST(Themes, SearchFindsByNameDesignerAndColourAndSaysWhenNothingMatches) {
  Env env;
  open_app(env, "themes");
  press(env, "themes.search");
  EXPECT_TRUE(on_screen(env, "themes.search.suggest.green"));
  lint_clean(env);
  type_text(env, "green");
  for (const char* id : {"pal_green", "pal_forest_green", "pal_sage", "pal_lime", "pal_olive"}) {
    scroll_to(env, std::string("themes.result.") + id);
    EXPECT_TRUE(on_screen(env, std::string("themes.result.") + id)) << id;
  }
  type_text(env, "polar pixel", true);
  EXPECT_TRUE(on_screen(env, "themes.result.wp_aurora"));
  EXPECT_FALSE(on_screen(env, "themes.result.wp_ocean"));
  type_text(env, "fonts", true);
  EXPECT_EQ(text_of(env, "themes.search.empty"), "No results for \"fonts\"");
  lint_clean(env);
}

TEST(Themes, FiltersSortAndTopCharts) {
  Env env;
  open_app(env, "themes");
  press(env, "themes.tab.wallpapers");
  press(env, "themes.filter.free");
  EXPECT_TRUE(on_screen(env, "themes.tile.wp_mint"));
  EXPECT_FALSE(on_screen(env, "themes.tile.wp_lava"));
  press(env, "themes.filter.paid");
  EXPECT_TRUE(on_screen(env, "themes.tile.wp_lava"));
  EXPECT_FALSE(on_screen(env, "themes.tile.wp_mint"));
  EXPECT_EQ(text_of(env, "themes.sort"), "Popular");
  press(env, "themes.sort");
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Sort by");
  lint_clean(env);
  press(env, "dialog.button.price");
  EXPECT_EQ(text_of(env, "themes.sort"), "Price: low to high");
  EXPECT_EQ(th(env)["sort"], "price");
  lint_clean(env);
  // Switching tabs starts the filter over.
  press(env, "themes.tab.icons");
  EXPECT_EQ(th(env)["filter"], "all");
  press(env, "themes.tab.home");
  press(env, "themes.home.charts");
  press(env, "themes.chart.tab.paid");
  const json tree = env.ui_tree();
  for (const json& n : tree["nodes"]) {
    const std::string id = n["id"];
    if (id.rfind("themes.chart.", 0) == 0 && id.rfind("themes.chart.tab.", 0) != 0) {
      EXPECT_EQ(n["text"].get<std::string>().find("Free"), std::string::npos) << id;
    }
  }
  press(env, "themes.chart.tab.rated");
  lint_clean(env);
}

TEST(Themes, AnIntentOpensAnItemAndReviewsCountTheUsersOwn) {
  Env env;
  open_app(env, "themes");
  env.phone().start_intent({{"app", "themes"}, {"item", "ic_droplet"}});
  ASSERT_EQ(env.phone().current_page(), "item");
  EXPECT_EQ(text_of(env, "themes.item.name"), "Droplet");
  env.phone().start_intent({{"app", "themes"}, {"item", "nope"}});
  EXPECT_EQ(env.phone().current_page(), "home");  // "Item not found"
  env.phone().start_intent({{"app", "themes"}, {"item", "pal_teal"}});
  const json it = pg::call_app(env.phone(), "themes", "items", json::object());
  int ratings = 0;
  for (const json& i : it)
    if (i["id"] == "pal_teal") ratings = i["ratings"];
  scroll_to(env, "themes.item.write_review");
  press(env, "themes.item.write_review");
  press(env, "themes.review.star.5");
  press(env, "themes.review.post");
  scroll_to(env, "themes.item.all_reviews");
  press(env, "themes.item.all_reviews");
  ASSERT_EQ(env.phone().current_page(), "reviews");
  EXPECT_EQ(text_of(env, "themes.reviews.row.0"), "Alex Rivera, 5 stars");
  EXPECT_TRUE(on_screen(env, "themes.reviews.write"));
  EXPECT_NE(text_of(env, "themes.reviews.average"), "");
  EXPECT_EQ(text_of(env, "themes.reviews.count"), std::to_string(ratings + 1) + " ratings");  // yours counts
  lint_clean(env);
}

TEST(Themes, TheStoreSellsEveryBuiltInWallpaperAndEveryIconShape) {
  Env env;
  const json items = pg::call_app(env.phone(), "themes", "items", json::object());
  std::set<std::string> wallpapers, shapes;
  for (const json& i : items) {
    if (i["kind"] == "wallpaper") wallpapers.insert(i["wallpaper"].get<std::string>());
    if (i["kind"] == "icons") shapes.insert(i["icon_shape"].get<std::string>());
    if (i["kind"] == "theme" || i["kind"] == "wallpaper") {  // every item applies cleanly
      EXPECT_NO_THROW(pg::apply_theme(env.phone(), {{"wallpaper", i["wallpaper"]}})) << i["id"];
    }
    if (i["kind"] == "palette") {
      EXPECT_NO_THROW(pg::apply_theme(env.phone(), {{"accent", i["accent"]}})) << i["id"];
    }
  }
  for (const pg::WallpaperInfo& w : pg::wallpapers()) EXPECT_TRUE(wallpapers.count(w.id)) << w.id << " is not in the store";
  for (const std::string& s : pg::icon_shapes()) EXPECT_TRUE(shapes.count(s)) << s << " has no icon pack";
}
