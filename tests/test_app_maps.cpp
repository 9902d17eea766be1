// Maps: the world (street graph, 200+ places), search by name and category, place pages (hours
// against the clock, call, share, save, Home/Work), directions per mode with avoid options, the
// map's pan and zoom, the geo: intent, and the flows' exact state changes.
#include "phone_driver.hpp"
#include "apps/maps/maps_model.hpp"
#include "sim/env/env.hpp"
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

using namespace pg::testing;

namespace {

const json& maps(Env& env) { return env.phone().app_state("maps"); }
json place_named(const std::string& name) {
  for (const json& p : pg::maps::all_places())
    if (p["name"] == name) return p;
  ADD_FAILURE() << "no place " << name;
  return json::object();
}
void open_place(Env& env, const std::string& name) {
  const std::string id = place_named(name)["id"];
  open_app(env, "maps");
  press(env, "maps.search");
  type_text(env, name);
  scroll_to(env, "maps.search.result." + id);
  press(env, "maps.search.result." + id);
  ASSERT_EQ(env.phone().current_page(), "place");
}

TEST(Maps, TheWorldIsACityWithStreetsAndTwoHundredPlaces) {
  const pg::maps::City& c = pg::maps::City::get();
  EXPECT_GT(c.nodes.size(), 100u);
  EXPECT_GT(c.edges.size(), 200u);
  const json& all = pg::maps::all_places();
  EXPECT_GE(all.size(), 200u);
  std::set<std::string> names, phones, cats;
  for (const json& p : all) {
    names.insert(p["name"].get<std::string>());
    cats.insert(p["category"].get<std::string>());
    if (!p["phone"].get<std::string>().empty()) phones.insert(p["phone"].get<std::string>());
    EXPECT_EQ(p["hours"].size(), 7u) << p["id"];
    EXPECT_NE(c.edges[p["edge"].get<int>()].cls, "highway") << p["id"];
  }
  EXPECT_EQ(names.size(), all.size());
  EXPECT_EQ(cats.size(), 7u);
  bool toll = false, highway = false;
  for (const auto& e : c.edges) toll |= e.toll, highway |= e.cls == "highway";
  EXPECT_TRUE(toll && highway);
}

TEST(Maps, RoutesFollowEachModesRules) {
  using namespace pg::maps;
  const json a = place_named("Trattoria Bella"), b = place_named("Harbor Point Park");  // across the bay
  const Pos pa{a["edge"].get<int>(), a["t"].get<int>()}, pb{b["edge"].get<int>(), b["t"].get<int>()};
  const Route drive = route(pa, pb, "drive"), no_toll = route(pa, pb, "drive", false, true),
              no_hwy = route(pa, pb, "drive", true, false), walk = route(pa, pb, "walk"), bike = route(pa, pb, "bike");
  ASSERT_TRUE(drive.ok && no_toll.ok && no_hwy.ok && walk.ok && bike.ok);
  EXPECT_TRUE(drive.uses_toll);  // the Bay Bridge is the fastest way over
  EXPECT_FALSE(no_toll.uses_toll);
  EXPECT_FALSE(no_hwy.uses_highway);
  EXPECT_FALSE(walk.uses_highway);
  EXPECT_GT(no_toll.seconds, drive.seconds);
  EXPECT_LT(drive.seconds, bike.seconds);
  EXPECT_LT(bike.seconds, walk.seconds);
  // Walking has no one-way streets: the way back is as long.
  EXPECT_EQ(walk.metres, route(pb, pa, "walk").metres);
  EXPECT_FALSE(steps(drive, "drive", "Harbor Point Park").empty());
}

TEST(Maps, OpenOrClosedComesFromThePhonesClock) {
  Env env;
  // Thursday 08:00: a breakfast place open since 06:30/07:00 is open, a dinner-only one closed.
  int open = 0, closed = 0;
  for (const json& p : pg::maps::all_places()) {
    const auto s = pg::maps::open_state(env.phone(), p);
    (s.open ? open : closed)++;
    EXPECT_FALSE(s.text.empty());
  }
  EXPECT_GT(open, 40);
  EXPECT_GT(closed, 40);
}

TEST(Maps, SearchACategoryAndSaveTheNearestToAList) {
  Env env;
  open_app(env, "maps");
  press(env, "maps.chip.coffee");
  ASSERT_EQ(env.phone().current_page(), "results");
  EXPECT_EQ(text_of(env, "maps.results.title"), "Coffee");
  const std::string nearest = "c32";  // Pour House, 0.1 mi from the blue dot
  EXPECT_TRUE(on_screen(env, "maps.results." + nearest));
  EXPECT_TRUE(on_screen(env, "maps.pin." + nearest));
  press(env, "maps.results." + nearest);
  ASSERT_EQ(env.phone().current_page(), "place");
  EXPECT_EQ(text_of(env, "maps.place.name"), "Pour House");
  const json before = env.state();
  press(env, "maps.place.save");
  press(env, "maps.save.list.want_to_go");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/maps/lists/want_to_go/places/8"}));
  EXPECT_EQ(maps(env)["lists"]["want_to_go"]["places"].back()["name"], "Pour House");
  // Tapping again removes it.
  press(env, "maps.save.list.want_to_go");
  EXPECT_EQ(maps(env)["lists"]["want_to_go"], before["apps"]["maps"]["lists"]["want_to_go"]);
}

TEST(Maps, SetHomeAndWorkFromAPlace) {
  Env env;
  open_place(env, "The Bayview Grand");
  const json before = env.state();
  press(env, "maps.place.save");
  press(env, "maps.save.home");
  press(env, "maps.save.work");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/maps/home/address", "/apps/maps/home/id", "/apps/maps/home/name",
                                                       "/apps/maps/work/address", "/apps/maps/work/id", "/apps/maps/work/name"}));
  EXPECT_EQ(maps(env)["home"]["name"], "The Bayview Grand");
  EXPECT_EQ(maps(env)["work"]["address"], place_named("The Bayview Grand")["address"]);
}

TEST(Maps, RemoveAFavoriteFromTheSavedTab) {
  Env env;
  open_app(env, "maps");
  press(env, "maps.tab.saved");
  press(env, "maps.saved.list.favorites");
  const json before = env.state();
  press(env, "maps.list.remove.r10");
  for (const std::string& p : changed_paths(before, env.state())) EXPECT_EQ(p.rfind("/apps/maps/lists/favorites/places", 0), 0u) << p;
  for (const json& e : maps(env)["lists"]["favorites"]["places"]) EXPECT_NE(e["id"], "r10");
  EXPECT_EQ(maps(env)["lists"]["favorites"]["places"].size(), 11u);
}

TEST(Maps, DirectionsPerModeWithAvoidOptions) {
  Env env;
  open_place(env, "Harbor Point Park");
  const json before = env.state();
  press(env, "maps.place.directions");
  ASSERT_EQ(env.phone().current_page(), "directions");
  const std::string fast = text_of(env, "maps.dir.summary");
  press(env, "maps.dir.avoid_tolls");
  const std::string slow = text_of(env, "maps.dir.summary");
  EXPECT_NE(fast, slow);
  for (const char* m : {"transit", "walk", "bike"}) {
    press(env, std::string("maps.dir.mode.") + m);
    EXPECT_NE(text_of(env, "maps.dir.summary").find("min"), std::string::npos);
  }
  press(env, "maps.dir.steps");
  EXPECT_TRUE(on_screen(env, "maps.steps.0"));
  // Directions only change the page's own settings (ui_state "dir"), not the owner's data.
  for (const std::string& p : changed_paths(before, env.state()))
    EXPECT_TRUE(p.rfind("/apps/maps/dir", 0) == 0 || p.rfind("/apps/maps/view", 0) == 0 || p.rfind("/os/", 0) == 0) << p;
}

TEST(Maps, PanAndZoomTheMap) {
  Env env;
  open_app(env, "maps");
  const json v0 = maps(env)["view"];
  press(env, "maps.zoom_in");
  EXPECT_EQ(maps(env)["view"]["zoom"], v0["zoom"].get<int>() + 1);
  act(env, R"({"type":"swipe","x1":500,"y1":600,"x2":500,"y2":450})");
  EXPECT_GT(maps(env)["view"]["cy"].get<int>(), v0["cy"].get<int>());
  const int cx = maps(env)["view"]["cx"];
  act(env, R"({"type":"swipe","x1":400,"y1":500,"x2":700,"y2":500})");  // drag right: the map moves east-to-west view
  EXPECT_LT(maps(env)["view"]["cx"].get<int>(), cx);
  const int z = maps(env)["view"]["zoom"];
  const json r = act(env, R"({"type":"double_tap","x":300,"y":500})");
  EXPECT_EQ(maps(env)["view"]["zoom"], z + 1) << r.dump() << env.phone().page_state().dump();
}

TEST(Maps, CallAndShareUseIntents) {
  Env env;
  open_place(env, "Pour House");
  press(env, "maps.place.share");  // SEND text/plain: the chooser offers Messages and Chat
  EXPECT_TRUE(on_screen(env, "dialog.button.messages"));
  act(env, R"({"type":"back"})");
  press(env, "maps.place.call");  // DIAL tel: the dialer opens with the number
  EXPECT_EQ(env.phone().foreground(), "phone");
  EXPECT_NE(env.state()["apps"]["phone"].dump().find("0294"), std::string::npos);
}

TEST(Maps, GeoIntentOpensAPlaceOrASearch) {
  Env env;
  env.phone().start_intent({{"action", "android.intent.action.VIEW"}, {"data", "geo:0,0?q=Pour+House"}});
  EXPECT_EQ(env.phone().foreground(), "maps");
  EXPECT_EQ(env.phone().current_page(), "place");
  EXPECT_EQ(text_of(env, "maps.place.name"), "Pour House");
  env.phone().start_intent({{"action", "android.intent.action.VIEW"}, {"data", "geo:0,0?q=pharmacy"}});
  EXPECT_EQ(env.phone().current_page(), "results");
  EXPECT_EQ(text_of(env, "maps.results.title"), "pharmacy");
}

}  // namespace
