// Browser through actions, as a user drives it: the omnibox (typed address, suggestions, search,
// an unknown site's error page), links and back/forward through the tab's own history, tabs
// (switch, new, incognito without history, close, close all with a confirmation), bookmarks (star,
// edit name/URL/folder, new folder, move, delete, bad input), history (grouping, search, delete an
// entry, clear browsing data by time range with a confirmation), find in page (count, next,
// highlight), share (SEND -> Chat), downloads into Files' Download folder (and the downloads page),
// the store's cart and validated checkout form, settings (search engine), and VIEW intents. Each
// flow checks exactly which state keys it changed and what the screen shows.
#include "phone_driver.hpp"
#include "sim/env/env.hpp"
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"

#include <gtest/gtest.h>

using namespace pg::testing;

namespace {

const json& br(Env& env) { return env.phone().app_state("browser"); }

/// The changed paths under /apps, cut to three segments ("/apps/browser/bookmarks").
Paths keys_changed(const json& before, const json& after) {
  Paths out;
  for (const std::string& p : changed_paths(before, after)) {
    if (p.rfind("/apps/", 0) != 0) continue;
    std::size_t cut = 0;
    for (int i = 0; i < 3 && cut != std::string::npos; ++i) cut = p.find('/', cut + 1);
    out.insert(cut == std::string::npos ? p : p.substr(0, cut));
  }
  return out;
}

/// The same without the UI keys (manifest ui_state) and history: the user data a flow changed.
Paths data_changed(const json& before, const json& after) {
  static const char* kUi[] = {"tabs", "current_tab", "next_id", "omnibox", "omnibox_sel", "find_query", "find_index", "form",
                              "form_error", "history_query", "clear", "bm_draft", "folder_draft", "cache_cleared_ms"};
  Paths out;
  for (const std::string& p : keys_changed(before, after)) {
    bool ui = false;
    for (const char* k : kUi) ui = ui || p == std::string("/apps/browser/") + k;
    if (!ui && p != "/apps/browser/history") out.insert(p);
  }
  return out;
}

void lint_clean(Env& env) {
  for (const std::string& problem : env.lint()) ADD_FAILURE() << problem;
}

/// Types an address into the omnibox and goes there.
void go(Env& env, const std::string& text) {
  press(env, "browser.omnibox");
  type_text(env, text);
  press(env, "browser.omnibox.go");
}

std::string url_now(Env& env) { return text_of(env, "browser.omnibox"); }

int history_count(Env& env) {
  int n = 0;
  const nlohmann::json src67 = env.state()["apps"]["browser"]["history"];
  for (const auto& [id, h] : src67.items()) n += h.is_object();
  return n;
}

json visits(Env& env, const std::string& url) {
  json out = json::array();
  for (const auto& [id, h] : br(env)["history"].items())
    if (h.is_object() && h.value("url", "") == url) out.push_back(h);
  return out;
}

json files_named(Env& env, const std::string& name) {
  json out = json::array();
  for (const json& f : pg::call_app(env.phone(), "files", "list", {{"folder", "Download"}}))
    if (f.value("name", "") == name) out.push_back(f);
  return out;
}

}  // namespace

TEST(Browser, OpensOnTheCurrentTabWithToolbar) {
  Env env;
  open_app(env, "browser");
  EXPECT_EQ(env.phone().current_page(), "tab");
  EXPECT_EQ(url_now(env), "https://www.dailyledger.com/");
  EXPECT_EQ(text_of(env, "browser.page.b0"), "The Daily Ledger");
  EXPECT_EQ(find_node(env, "browser.tab_count")["text"], "3 open tabs");
  EXPECT_TRUE(on_screen(env, "browser.link.dailyledger.com/world"));
  lint_clean(env);
}

TEST(Browser, TypedAddressLoadsAndRecordsHistory) {
  Env env;
  const json before = open_app(env, "browser");
  press(env, "browser.omnibox");
  EXPECT_EQ(env.phone().current_page(), "omnibox");
  // the current URL is selected: typing replaces it
  EXPECT_TRUE(find_node(env, "browser.omnibox.field")["selected"].get<bool>());
  EXPECT_EQ(text_of(env, "browser.omnibox.field"), "https://www.dailyledger.com/");
  type_text(env, "en.openpedia.org/wiki/Marie_Curie");
  EXPECT_EQ(text_of(env, "browser.omnibox.field"), "en.openpedia.org/wiki/Marie_Curie");
  EXPECT_TRUE(on_screen(env, "browser.suggest.go"));
  lint_clean(env);
  press(env, "browser.suggest.go");
  EXPECT_EQ(env.phone().current_page(), "tab");
  EXPECT_EQ(url_now(env), "https://en.openpedia.org/wiki/Marie_Curie");
  EXPECT_EQ(text_of(env, "browser.page.b0"), "Marie Curie");
  EXPECT_EQ(keys_changed(before, env.state()), (Paths{"/apps/browser/history", "/apps/browser/tabs", "/apps/browser/next_id",
                                                      "/apps/browser/omnibox", "/apps/browser/omnibox_sel"}));
  ASSERT_EQ(visits(env, "https://en.openpedia.org/wiki/Marie_Curie").size(), 1u);
  EXPECT_EQ(br(env)["history"]["v100"]["title"], "Marie Curie - Openpedia");
  const std::int64_t t = br(env)["history"]["v100"]["time_ms"].get<std::int64_t>();
  EXPECT_GT(t, 1767254400000);  // visited now, on the virtual clock
  EXPECT_LE(t, env.phone().now_ms());
}

TEST(Browser, SuggestionsFromBookmarksAndHistoryThenSearch) {
  Env env;
  open_app(env, "browser");
  press(env, "browser.omnibox");
  type_text(env, "curry");
  EXPECT_TRUE(on_screen(env, "browser.suggest.search"));
  EXPECT_EQ(find_node(env, "browser.suggest.search")["text"], "curry");
  EXPECT_TRUE(on_screen(env, "browser.suggest.simmerandsage.com/recipes/thai-green-curry"));  // a bookmark
  press(env, "browser.suggest.simmerandsage.com/recipes/thai-green-curry");
  EXPECT_EQ(url_now(env), "https://www.simmerandsage.com/recipes/thai-green-curry");
  // a search goes to the offline engine's results
  press(env, "browser.omnibox");
  type_text(env, "coral reef");
  press(env, "browser.suggest.search");
  EXPECT_EQ(url_now(env), "https://www.searchly.com/search?q=coral+reef");
  EXPECT_TRUE(on_screen(env, "browser.link.en.openpedia.org/wiki/Coral_reef"));
  EXPECT_NE(text_of(env, "browser.results.count").find("results"), std::string::npos);
  lint_clean(env);
  press(env, "browser.link.en.openpedia.org/wiki/Coral_reef");
  EXPECT_EQ(text_of(env, "browser.page.b0"), "Coral reef");
}

TEST(Browser, UnknownSiteShowsCantBeReached) {
  Env env;
  open_app(env, "browser");
  const int n = history_count(env);
  go(env, "www.example-nowhere.com/page");
  EXPECT_EQ(text_of(env, "browser.error.title"), "This site can't be reached");
  EXPECT_EQ(text_of(env, "browser.error.name"), "ERR_NAME_NOT_RESOLVED");
  EXPECT_EQ(history_count(env), n);  // failed loads are not recorded
  lint_clean(env);
}

TEST(Browser, LinksBackAndForwardFollowTheTabHistory) {
  Env env;
  open_app(env, "browser");
  press(env, "browser.link.dailyledger.com/world");
  EXPECT_EQ(text_of(env, "browser.page.b0"), "World");
  press(env, "browser.link.dailyledger.com/world/harbor-ferry-service-expands");
  EXPECT_EQ(url_now(env), "https://www.dailyledger.com/world/harbor-ferry-service-expands");
  act(env, R"({"type":"back"})");
  EXPECT_EQ(url_now(env), "https://www.dailyledger.com/world");
  act(env, R"({"type":"back"})");
  EXPECT_EQ(url_now(env), "https://www.dailyledger.com/");
  press(env, "browser.menu");
  EXPECT_EQ(find_node(env, "browser.menu.forward")["desc"], "Forward");
  press(env, "browser.menu.forward");
  EXPECT_EQ(env.phone().current_page(), "tab");
  EXPECT_EQ(url_now(env), "https://www.dailyledger.com/world");
  // a new link drops the forward history
  press(env, "browser.link.dailyledger.com/world/city-council-approves-riverside-park");
  const json& tab = br(env)["tabs"][0];
  EXPECT_EQ(tab["trail"].size(), 3u);
  EXPECT_EQ(tab["trail"][2], "https://www.dailyledger.com/world/city-council-approves-riverside-park");
}

TEST(Browser, TabsSwitchNewIncognitoCloseAndCloseAll) {
  Env env;
  open_app(env, "browser");
  press(env, "browser.tab_count");
  EXPECT_EQ(text_of(env, "browser.tabs.title"), "3 tabs");
  lint_clean(env);
  press(env, "browser.tabs.card.t2");
  EXPECT_EQ(url_now(env), "https://en.openpedia.org/wiki/Mount_Everest");
  EXPECT_EQ(br(env)["current_tab"], "t2");
  // incognito: dark new tab page, visits not recorded
  const int n = history_count(env);
  press(env, "browser.menu");
  press(env, "browser.menu.new_incognito");
  EXPECT_TRUE(on_screen(env, "browser.ntp.incognito"));
  go(env, "https://www.northpeak.com/");
  EXPECT_EQ(text_of(env, "browser.page.b0"), "Northpeak Outfitters");
  EXPECT_EQ(history_count(env), n);
  EXPECT_TRUE(br(env)["tabs"][3]["incognito"].get<bool>());
  // close one tab, then all (confirmed)
  press(env, "browser.tab_count");
  EXPECT_EQ(text_of(env, "browser.tabs.title"), "4 tabs");
  press(env, "browser.tabs.close.t1");
  EXPECT_EQ(text_of(env, "browser.tabs.title"), "3 tabs");
  press(env, "browser.tabs.close_all");
  ASSERT_TRUE(on_screen(env, "dialog.button.close"));
  press(env, "dialog.button.cancel");
  EXPECT_EQ(br(env)["tabs"].size(), 3u);
  press(env, "browser.tabs.close_all");
  press(env, "dialog.button.close");
  EXPECT_TRUE(br(env)["tabs"].empty());
  EXPECT_TRUE(on_screen(env, "browser.tabs.empty"));
  press(env, "browser.tabs.new");
  EXPECT_EQ(br(env)["tabs"].size(), 1u);
  EXPECT_TRUE(on_screen(env, "browser.ntp.search"));
}

TEST(Browser, StarThenEditIntoANewFolder) {
  Env env;
  const json before = open_app(env, "browser");
  go(env, "https://www.simmerandsage.com/recipes/greek-salad");
  press(env, "browser.menu");
  EXPECT_EQ(find_node(env, "browser.menu.star")["desc"], "Bookmark");
  press(env, "browser.menu.star");
  const json& added = br(env)["bookmarks"];
  ASSERT_EQ(added.size(), 1u);
  const std::string id = added.begin().key();
  EXPECT_EQ(added[id]["folder"], "mobile");
  EXPECT_EQ(added[id]["title"], "Greek Salad | Simmer & Sage");
  press(env, "browser.menu");
  EXPECT_EQ(find_node(env, "browser.menu.star")["desc"], "Edit bookmark");
  press(env, "browser.menu.star");
  EXPECT_EQ(env.phone().current_page(), "bookmark_edit");
  enter_text(env, "browser.bm_edit.name", "Greek salad", true);
  press(env, "browser.bm_edit.folder");
  EXPECT_EQ(env.phone().current_page(), "pick_folder");
  // a new folder: empty and duplicate names are refused
  press(env, "browser.pick_folder.create");
  EXPECT_EQ(env.phone().current_page(), "pick_folder");
  enter_text(env, "browser.pick_folder.new_name", "recipes");
  press(env, "browser.pick_folder.create");
  EXPECT_EQ(env.phone().current_page(), "pick_folder");
  enter_text(env, "browser.pick_folder.new_name", "Salads", true);
  press(env, "browser.pick_folder.create");
  EXPECT_EQ(env.phone().current_page(), "bookmark_edit");
  EXPECT_EQ(text_of(env, "browser.bm_edit.folder"), "Folder: Salads");
  // a bad URL is refused
  enter_text(env, "browser.bm_edit.url", "not a url", true);
  press(env, "browser.bm_edit.save");
  EXPECT_EQ(text_of(env, "browser.bm_edit.error"), "Enter a valid URL");
  enter_text(env, "browser.bm_edit.url", "https://www.simmerandsage.com/recipes/greek-salad", true);
  press(env, "browser.bm_edit.save");
  EXPECT_EQ(env.phone().current_page(), "tab");
  const json b = br(env)["bookmarks"][id];
  EXPECT_EQ(b["title"], "Greek salad");
  EXPECT_EQ(br(env)["folders"][b["folder"].get<std::string>()]["name"], "Salads");
  EXPECT_EQ(data_changed(before, env.state()), (Paths{"/apps/browser/bookmarks", "/apps/browser/folders"}));
}

TEST(Browser, MoveAndDeleteBookmarksFromTheList) {
  Env env;
  const json before = open_app(env, "browser");
  press(env, "browser.menu");
  press(env, "browser.menu.bookmarks");
  EXPECT_EQ(find_node(env, "browser.bm.folder.f1")["text"], "Recipes");
  lint_clean(env);
  press(env, "browser.bm.folder.f1");
  EXPECT_TRUE(on_screen(env, "browser.bm.row.b05"));
  press(env, "browser.bm.more.b05");
  press(env, "dialog.button.move");
  EXPECT_EQ(env.phone().current_page(), "pick_folder");
  press(env, "browser.pick_folder.f2");
  press(env, "browser.bm_edit.save");
  EXPECT_EQ(br(env)["bookmarks"]["b05"], (json{{"folder", "f2"}}));
  EXPECT_FALSE(on_screen(env, "browser.bm.row.b05"));
  press(env, "browser.bm.more.b04");
  press(env, "dialog.button.delete");
  EXPECT_TRUE(br(env)["bookmarks"]["b04"].is_null());
  EXPECT_EQ(keys_changed(before, env.state()), (Paths{"/apps/browser/bookmarks", "/apps/browser/bm_draft"}));
  EXPECT_EQ(br(env)["bookmarks"].size(), 2u);
  // open a bookmark
  press(env, "browser.bm.row.b06");
  EXPECT_EQ(url_now(env), "https://www.simmerandsage.com/recipes/blueberry-muffins");
}

TEST(Browser, HistoryByDaySearchDeleteAndClear) {
  Env env;
  const json before = open_app(env, "browser");
  press(env, "browser.menu");
  press(env, "browser.menu.history");
  lint_clean(env);
  EXPECT_TRUE(on_screen(env, "browser.history.row.h125"));
  enter_text(env, "browser.history.search", "Radium");
  EXPECT_FALSE(on_screen(env, "browser.history.row.h125"));
  act(env, R"({"type":"back"})");  // hide the keyboard
  json first = nullptr;
  const json tree = env.ui_tree();
  for (const json& n : tree["nodes"])
    if (n.value("id", "").rfind("browser.history.remove.", 0) == 0) {
      first = n;
      break;
    }
  ASSERT_FALSE(first.is_null());
  const std::string hid = first["id"].get<std::string>().substr(std::string("browser.history.remove.").size());
  press(env, "browser.history.remove." + hid);
  EXPECT_TRUE(br(env)["history"][hid].is_null());
  EXPECT_EQ(keys_changed(before, env.state()), (Paths{"/apps/browser/history", "/apps/browser/history_query"}));
  EXPECT_EQ(br(env)["history"].size(), 1u);
  // clear the last hour (this morning's four visits), confirmed
  press(env, "browser.history.clear");
  EXPECT_EQ(env.phone().current_page(), "clear_data");
  lint_clean(env);
  press(env, "browser.clear.range.last_hour");
  press(env, "browser.clear.confirm");
  ASSERT_TRUE(on_screen(env, "dialog.button.clear"));
  press(env, "dialog.button.cancel");
  EXPECT_EQ(history_count(env), 0);
  press(env, "browser.clear.confirm");
  press(env, "dialog.button.clear");
  EXPECT_EQ(env.phone().current_page(), "history");
  for (const char* h : {"h122", "h123", "h124", "h125"}) EXPECT_TRUE(br(env)["history"][h].is_null()) << h;
  EXPECT_FALSE(br(env)["history"].contains("h121"));
}

TEST(Browser, FindInPageCountsAndMoves) {
  Env env;
  open_app(env, "browser");
  go(env, "en.openpedia.org/wiki/Marie_Curie");
  press(env, "browser.menu");
  press(env, "browser.menu.find");
  EXPECT_EQ(env.phone().current_page(), "find");
  type_text(env, "nobel");
  EXPECT_EQ(text_of(env, "browser.find.count"), "1/6");
  press(env, "browser.find.next");
  EXPECT_EQ(text_of(env, "browser.find.count"), "2/6");
  press(env, "browser.find.prev");
  press(env, "browser.find.prev");
  EXPECT_EQ(text_of(env, "browser.find.count"), "6/6");
  lint_clean(env);
  enter_text(env, "browser.find.field", "zebra", true);
  EXPECT_EQ(text_of(env, "browser.find.count"), "0/0");
  press(env, "browser.find.close");
  EXPECT_EQ(env.phone().current_page(), "tab");
}

TEST(Browser, ShareSendsTheUrlToChat) {
  Env env;
  open_app(env, "browser");
  go(env, "https://www.dailyledger.com/sports/marathon-registration-opens");
  press(env, "browser.menu");
  press(env, "browser.menu.share");
  ASSERT_TRUE(on_screen(env, "dialog.button.chat"));
  press(env, "dialog.button.chat");
  EXPECT_EQ(env.phone().foreground(), "chat");
  scroll_to(env, "chat.share.row.f3");
  press(env, "chat.share.row.f3");
  press(env, "chat.send");
  bool found = false;
  const nlohmann::json src357 = env.state()["apps"]["chat"]["messages"];
  for (const auto& [id, m] : src357.items())
    if (m.is_object() && m.value("text", "") == "https://www.dailyledger.com/sports/marathon-registration-opens") found = true;
  EXPECT_TRUE(found);
}

TEST(Browser, DownloadsGoToFilesAndOpen) {
  Env env;
  const json before = open_app(env, "browser");
  go(env, "https://docs.aurorahome.io/thermostat/");
  scroll_to(env, "browser.download.aurora-thermostat-manual.pdf");
  press(env, "browser.download.aurora-thermostat-manual.pdf");
  json f = files_named(env, "aurora-thermostat-manual.pdf");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0]["source"], "browser");
  EXPECT_EQ(f[0]["kind"], "pdf");
  EXPECT_EQ(data_changed(before, env.state()), (Paths{"/apps/files/files", "/apps/files/next_id"}));
  // again: asks first; cancel keeps one file, download makes "(1)"
  press(env, "browser.download.aurora-thermostat-manual.pdf");
  ASSERT_TRUE(on_screen(env, "dialog.button.download"));
  press(env, "dialog.button.cancel");
  EXPECT_EQ(files_named(env, "aurora-thermostat-manual (1).pdf").size(), 0u);
  press(env, "browser.download.aurora-thermostat-manual.pdf");
  press(env, "dialog.button.download");
  EXPECT_EQ(files_named(env, "aurora-thermostat-manual (1).pdf").size(), 1u);
  // a CSV keeps its text
  go(env, "https://www.dailyledger.com/business/coffee-prices-climb-again");
  scroll_to(env, "browser.download.coffee-prices-2025.csv");
  press(env, "browser.download.coffee-prices-2025.csv");
  f = files_named(env, "coffee-prices-2025.csv");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_NE(f[0]["text"].get<std::string>().find("2025-12,3.42"), std::string::npos);
  // the downloads page lists them and opens one with VIEW
  press(env, "browser.menu");
  press(env, "browser.menu.downloads");
  EXPECT_TRUE(on_screen(env, "browser.downloads.row.coffee-prices-2025.csv"));
  EXPECT_TRUE(on_screen(env, "browser.downloads.row.aurora-thermostat-manual.pdf"));
  lint_clean(env);
  press(env, "browser.downloads.row.coffee-prices-2025.csv");  // VIEW text/csv: no viewer app installed
  EXPECT_NE(env.state()["os"]["toast"].dump().find("No app"), std::string::npos);
}

TEST(Browser, StoreCartAndCheckoutValidation) {
  Env env;
  const json before = open_app(env, "browser");
  go(env, "https://www.northpeak.com/products/camp-stove");
  scroll_to(env, "browser.page.add_to_cart");
  press(env, "browser.page.add_to_cart");
  press(env, "browser.page.add_to_cart");
  EXPECT_EQ(br(env)["store"]["cart"], (json::array({{{"pid", "camp-stove"}, {"qty", 2}}})));
  scroll_to(env, "browser.link.northpeak.com/cart");
  press(env, "browser.link.northpeak.com/cart");
  EXPECT_EQ(text_of(env, "browser.cart.total"), "Total $98.00");
  lint_clean(env);
  scroll_to(env, "browser.link.northpeak.com/checkout");
  press(env, "browser.link.northpeak.com/checkout");
  scroll_to(env, "browser.page.place_order");
  press(env, "browser.page.place_order");
  scroll_to(env, "browser.form.error");
  EXPECT_EQ(text_of(env, "browser.form.error"), "Enter your full name");
  act(env, R"({"type":"swipe","x1":500,"y1":300,"x2":500,"y2":900})");
  act(env, R"({"type":"swipe","x1":500,"y1":300,"x2":500,"y2":900})");
  enter_text(env, "browser.form.name", "Alex Rivera");
  enter_text(env, "browser.form.email", "alex.rivera@example");
  act(env, R"({"type":"back"})");  // hide the keyboard
  scroll_to(env, "browser.page.place_order");
  press(env, "browser.page.place_order");
  scroll_to(env, "browser.form.error");
  EXPECT_EQ(text_of(env, "browser.form.error"), "Enter a valid email address");
  EXPECT_TRUE(br(env)["store"]["orders"].empty());
  // fix every field
  for (int i = 0; i < 3; ++i) act(env, R"({"type":"swipe","x1":500,"y1":300,"x2":500,"y2":900})");
  enter_text(env, "browser.form.email", ".com");
  enter_text(env, "browser.form.address", "18 Harbor Street");
  enter_text(env, "browser.form.city", "Portland");
  enter_text(env, "browser.form.zip", "9720");
  enter_text(env, "browser.form.card", "4242 4242 4242 4242");
  act(env, R"({"type":"back"})");
  scroll_to(env, "browser.page.place_order");
  press(env, "browser.page.place_order");
  scroll_to(env, "browser.form.error");
  EXPECT_EQ(text_of(env, "browser.form.error"), "Enter a 5-digit ZIP code");
  scroll_to(env, "browser.form.zip");
  enter_text(env, "browser.form.zip", "5");
  act(env, R"({"type":"back"})");
  scroll_to(env, "browser.page.place_order");
  press(env, "browser.page.place_order");
  ASSERT_EQ(br(env)["store"]["orders"].size(), 1u);
  const json o = br(env)["store"]["orders"][0];
  EXPECT_EQ(o["id"], "NP-10481");
  EXPECT_EQ(o["total_cents"], 9800);
  EXPECT_EQ(o["card_last4"], "4242");
  EXPECT_EQ(o["zip"], "97205");
  EXPECT_TRUE(br(env)["store"]["cart"].empty());
  EXPECT_EQ(url_now(env), "https://www.northpeak.com/order-confirmed");
  EXPECT_EQ(text_of(env, "browser.order.line0"), "Order NP-10481 is confirmed.");
  EXPECT_EQ(data_changed(before, env.state()), (Paths{"/apps/browser/store"}));
}

TEST(Browser, ClearingCookiesEmptiesTheCart) {
  Env env;
  open_app(env, "browser");
  go(env, "https://www.northpeak.com/products/merino-beanie");
  scroll_to(env, "browser.page.add_to_cart");
  press(env, "browser.page.add_to_cart");
  press(env, "browser.menu");
  press(env, "browser.menu.history");
  press(env, "browser.history.clear");
  press(env, "browser.clear.history");  // keep the history, clear cookies only
  press(env, "browser.clear.cache");
  const int n = history_count(env);
  press(env, "browser.clear.confirm");
  press(env, "dialog.button.clear");
  EXPECT_TRUE(br(env)["store"]["cart"].empty());
  EXPECT_EQ(history_count(env), n);
}

TEST(Browser, SettingsSearchEngine) {
  Env env;
  const json before = open_app(env, "browser");
  press(env, "browser.menu");
  press(env, "browser.menu.settings");
  lint_clean(env);
  press(env, "browser.settings.engine.duckduckgo");
  EXPECT_EQ(br(env)["settings"]["search_engine"], "DuckDuckGo");
  EXPECT_EQ(keys_changed(before, env.state()), (Paths{"/apps/browser/settings"}));
  act(env, R"({"type":"back"})");
  go(env, "honey bee");
  EXPECT_EQ(url_now(env), "https://duckduckgo.com/?q=honey+bee");
  EXPECT_TRUE(on_screen(env, "browser.link.en.openpedia.org/wiki/Honeybee"));
}

TEST(Browser, ViewIntentOpensANewTab) {
  Env env;
  open_app(env, "browser");
  act(env, R"({"type":"home"})");
  env.phone().start_intent({{"action", "android.intent.action.VIEW"}, {"data", "https://en.openpedia.org/wiki/Eiffel_Tower"}});
  EXPECT_EQ(env.phone().foreground(), "browser");
  EXPECT_EQ(br(env)["tabs"].size(), 4u);
  EXPECT_EQ(url_now(env), "https://en.openpedia.org/wiki/Eiffel_Tower");
  EXPECT_EQ(text_of(env, "browser.page.b0"), "Eiffel Tower");
  act(env, R"({"type":"back"})");  // the new tab has no history: back leaves the app
  EXPECT_EQ(env.phone().foreground(), "launcher");
  // http too, and an address outside the offline web opens its error page
  env.phone().start_intent({{"action", "android.intent.action.VIEW"}, {"data", "http://www.unknown-site.net/x"}});
  EXPECT_EQ(env.phone().foreground(), "browser");
  EXPECT_EQ(br(env)["tabs"].size(), 5u);
  EXPECT_EQ(text_of(env, "browser.error.name"), "ERR_NAME_NOT_RESOLVED");
}

TEST(Browser, LinkLongPressMenu) {
  Env env;
  open_app(env, "browser");
  const json before = env.state();
  press(env, "browser.link.dailyledger.com/sports", "long_press");
  ASSERT_TRUE(on_screen(env, "dialog.button.open_new"));
  press(env, "dialog.button.copy");
  EXPECT_EQ(env.phone().clipboard(), "https://www.dailyledger.com/sports");
  press(env, "browser.link.dailyledger.com/sports", "long_press");
  press(env, "dialog.button.open_new");
  // opened in the background: the current tab stays, a fourth tab and a visit appear
  EXPECT_EQ(url_now(env), "https://www.dailyledger.com/");
  EXPECT_EQ(br(env)["tabs"].size(), 4u);
  EXPECT_EQ(br(env)["tabs"][3]["trail"][0], "https://www.dailyledger.com/sports");
  EXPECT_EQ(visits(env, "https://www.dailyledger.com/sports").size(), 1u);
  press(env, "browser.link.dailyledger.com/sports", "long_press");
  press(env, "dialog.button.open_incognito");
  EXPECT_TRUE(br(env)["tabs"][4]["incognito"].get<bool>());
  EXPECT_EQ(visits(env, "https://www.dailyledger.com/sports").size(), 1u);
  EXPECT_EQ(keys_changed(before, env.state()), (Paths{"/apps/browser/tabs", "/apps/browser/next_id", "/apps/browser/history"}));
}

TEST(Browser, OmniboxClearBackAndCurrentPage) {
  Env env;
  const json before = open_app(env, "browser");
  press(env, "browser.omnibox");
  EXPECT_TRUE(on_screen(env, "browser.suggest.current"));
  press(env, "browser.omnibox.clear");
  EXPECT_EQ(text_of(env, "browser.omnibox.field"), "");
  EXPECT_FALSE(find_node(env, "browser.omnibox.field")["selected"].get<bool>());
  type_text(env, "x");
  EXPECT_EQ(text_of(env, "browser.omnibox.field"), "x");
  EXPECT_TRUE(on_screen(env, "browser.suggest.search"));  // one letter is not an address
  press(env, "browser.omnibox.back");
  EXPECT_EQ(env.phone().current_page(), "tab");
  EXPECT_EQ(url_now(env), "https://www.dailyledger.com/");
  EXPECT_EQ(data_changed(before, env.state()), Paths{});
  // the home button shows the new tab page with its shortcut tiles
  press(env, "browser.home");
  EXPECT_TRUE(on_screen(env, "browser.ntp.tile.dailyledger.com"));
  press(env, "browser.ntp.tile.en.openpedia.org");
  EXPECT_EQ(url_now(env), "https://en.openpedia.org/");
}

TEST(Browser, BookmarkEditorRefusesAnEmptyNameAndDeletesFolders) {
  Env env;
  open_app(env, "browser");
  press(env, "browser.menu");
  press(env, "browser.menu.bookmarks");
  press(env, "browser.bm.folder.f3");
  press(env, "browser.bm.more.b10");
  press(env, "dialog.button.edit");
  enter_text(env, "browser.bm_edit.name", "", true);
  press(env, "browser.bm_edit.save");
  EXPECT_EQ(text_of(env, "browser.bm_edit.error"), "Name can't be empty");
  EXPECT_FALSE(br(env)["bookmarks"].contains("b10"));
  act(env, R"({"type":"back"})");  // keyboard
  act(env, R"({"type":"back"})");  // editor
  act(env, R"({"type":"back"})");  // folder -> folders
  press(env, "browser.bm.folder.f3.delete");
  ASSERT_TRUE(on_screen(env, "dialog.button.delete"));
  press(env, "dialog.button.delete");
  EXPECT_TRUE(br(env)["folders"]["f3"].is_null());
  EXPECT_TRUE(br(env)["bookmarks"]["b10"].is_null());
  EXPECT_TRUE(br(env)["bookmarks"]["b11"].is_null());
  EXPECT_FALSE(on_screen(env, "browser.bm.folder.f3"));
}

TEST(Browser, DesktopSiteAndPageInfoFromTheMenu) {
  Env env;
  const json before = open_app(env, "browser");
  press(env, "browser.menu");
  EXPECT_FALSE(find_node(env, "browser.menu.desktop")["checked"].get<bool>());
  press(env, "browser.menu.desktop");
  EXPECT_TRUE(br(env)["settings"]["desktop_site"].get<bool>());
  EXPECT_EQ(keys_changed(before, env.state()), (Paths{"/apps/browser/settings"}));
  press(env, "browser.menu");
  EXPECT_TRUE(find_node(env, "browser.menu.desktop")["checked"].get<bool>());
  lint_clean(env);
  press(env, "browser.menu.info");
  EXPECT_NE(env.state()["os"]["toast"].dump().find("Connection is secure"), std::string::npos);
}

TEST(Browser, ExportsTabsAndPageText) {
  Env env;
  const json tabs = pg::call_app(env.phone(), "browser", "tabs", json::object());
  ASSERT_EQ(tabs.size(), 3u);
  EXPECT_EQ(tabs[1]["title"], "Mount Everest - Openpedia");
  const json pg_ = pg::call_app(env.phone(), "browser", "page", {{"url", "https://en.openpedia.org/wiki/Radium"}});
  EXPECT_NE(pg_["text"].get<std::string>().find("atomic number 88"), std::string::npos);
  EXPECT_THROW(pg::call_app(env.phone(), "browser", "page", {{"url", "https://nowhere.example/"}}), std::invalid_argument);
}

TEST(Browser, CartQuantityStepper) {
  Env env;
  open_app(env, "browser");
  go(env, "https://www.northpeak.com/products/insulated-bottle");
  scroll_to(env, "browser.page.add_to_cart");
  press(env, "browser.page.add_to_cart");
  go(env, "northpeak.com/cart");
  press(env, "browser.cart.minus.insulated-bottle");  // stays at 1
  EXPECT_EQ(br(env)["store"]["cart"][0]["qty"], 1);
  EXPECT_EQ(text_of(env, "browser.cart.subtotal"), "Subtotal $34.00 \xC2\xB7 Shipping $6.95");
  press(env, "browser.cart.plus.insulated-bottle");
  press(env, "browser.cart.plus.insulated-bottle");
  EXPECT_EQ(br(env)["store"]["cart"][0]["qty"], 3);
  EXPECT_EQ(text_of(env, "browser.cart.total"), "Total $102.00");  // free shipping from $75
  lint_clean(env);
  press(env, "browser.cart.remove.insulated-bottle");
  EXPECT_TRUE(on_screen(env, "browser.cart.empty"));
}

TEST(Browser, SwitchingTabsKeepsEachTabsHistory) {
  Env env;
  open_app(env, "browser");
  press(env, "browser.link.dailyledger.com/sports");
  press(env, "browser.link.dailyledger.com/sports/tennis-star-announces-retirement");
  press(env, "browser.tab_count");
  press(env, "browser.tabs.card.t2");
  EXPECT_EQ(url_now(env), "https://en.openpedia.org/wiki/Mount_Everest");
  scroll_to(env, "browser.link.en.openpedia.org/wiki/Himalayas");
  press(env, "browser.link.en.openpedia.org/wiki/Himalayas");
  press(env, "browser.tab_count");
  EXPECT_EQ(find_node(env, "browser.tabs.card.t2")["text"], "Himalayas - Openpedia");
  press(env, "browser.tabs.card.t1");
  EXPECT_EQ(url_now(env), "https://www.dailyledger.com/sports/tennis-star-announces-retirement");
  act(env, R"({"type":"back"})");
  EXPECT_EQ(url_now(env), "https://www.dailyledger.com/sports");
  act(env, R"({"type":"back"})");
  EXPECT_EQ(url_now(env), "https://www.dailyledger.com/");
  press(env, "browser.tab_count");
  press(env, "browser.tabs.card.t2");
  act(env, R"({"type":"back"})");
  EXPECT_EQ(url_now(env), "https://en.openpedia.org/wiki/Mount_Everest");
  // closing the current tab shows its neighbour
  press(env, "browser.tab_count");
  press(env, "browser.tabs.close.t2");
  EXPECT_EQ(br(env)["current_tab"], "t3");
  press(env, "browser.tabs.done");
  EXPECT_EQ(url_now(env), "https://www.simmerandsage.com/recipes/creamy-tomato-soup");
}
