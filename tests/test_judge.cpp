// The judge language, operator by operator and selector by selector: each has a case that passes
// and one that fails (docs/tasks.md, "Judges"), on small hand-written states; typed comparisons;
// any / all; failure messages that say what was expected and what was found; validation v2 on
// hand-written templates (oracle on many seeds, partial solutions, the judge mutation test).
#include "sim/os/phone.hpp"
#include "tasks/judge.hpp"
#include "tasks/task.hpp"
#include "tasks/validate.hpp"

#include <gtest/gtest.h>

using json = nlohmann::json;

namespace {

// A state with an array collection, a keyed overlay and a few scalars.
json sample_state() {
  return json::parse(R"({
    "os": {"timezone_offset_min": 60, "time_ms": 1767225600000, "episode": {"status": "complete"}},
    "apps": {
      "clock": {"alarms": [{"id": 1, "time": "07:30", "enabled": true, "label": "Gym"},
                           {"id": 2, "time": "08:00", "enabled": false, "label": ""},
                           {"id": 3, "time": "06:15", "enabled": true, "label": "Early"}]},
      "contacts": {"people": {"41": {"first": "Ada", "last": "Lovelace", "phone": "+1 (415) 555-0100"},
                              "7": {"first": "Alan", "last": "Turing", "phone": "415.555.0199"},
                              "12": null}},
      "messages": {"threads": {"t1": {"name": "Bo", "updated": 300, "text": "See you at the  PARK"},
                               "t2": {"name": "Cy", "updated": 900, "text": "Lunch?"}}},
      "calendar": {"events": {"5": {"title": "Dentist", "start_ms": 1767261600000}}},
      "settings": {"volume": 7, "brightness": 0.5, "name": "Pixel"}
    }})");
}

// The verdict of one predicate on (initial, final).
bool passes(const json& subtask, const json& final_state, const json& initial = sample_state()) {
  json t = {{"id", "t.judge"}, {"apps", {"clock"}}, {"instruction", "x"}, {"judge", {{"subtasks", {subtask}}}},
            {"oracle", {{{"type", "complete"}}}}, {"split", "train"}};
  static std::vector<std::unique_ptr<pg::TaskTemplate>> keep;  // instances point at their template
  keep.push_back(std::make_unique<pg::TaskTemplate>(pg::parse_template(t, "t.json")));
  pg::TaskInstance inst;
  inst.tmpl = keep.back().get();
  const pg::JudgeResult r = pg::judge(inst, initial, final_state);
  EXPECT_TRUE(r.error.empty()) << r.error;
  return r.success;
}

json pred(const std::string& path, const std::string& op, const json& value = nullptr) {
  json p = {{"path", path}, {"op", op}};
  if (!value.is_null()) p["value"] = value;
  return p;
}

// `p` with the members of `extra` added ("as", "tolerance").
json with(json p, const json& extra) {
  p.update(extra);
  return p;
}

struct OpCase {
  json subtask;
  bool expect;
};

}  // namespace

TEST(Judge, EveryOperatorPassesAndFails) {
  const json s = sample_state();
  const std::vector<OpCase> cases = {
      {pred("apps.clock.alarms[id=1].enabled", "==", true), true},
      {pred("apps.clock.alarms[id=2].enabled", "==", true), false},
      {pred("apps.clock.alarms[*].time", "!=", "09:00"), true},
      {pred("apps.clock.alarms[*].time", "!=", "08:00"), false},  // every selected value must differ
      {pred("apps.clock.alarms[label=Gym]", "exists"), true},
      {pred("apps.clock.alarms[label=Swim]", "exists"), false},
      {pred("apps.clock.alarms[label=Swim]", "absent"), true},
      {pred("apps.clock.alarms[label=Gym]", "absent"), false},
      {pred("apps.clock.alarms[enabled=true]", "count", 2), true},
      {pred("apps.clock.alarms[enabled=true]", "count", 3), false},
      {pred("apps.settings.volume", ">=", 7), true},
      {pred("apps.settings.volume", ">=", 8), false},
      {pred("apps.settings.volume", "<=", 7), true},
      {pred("apps.settings.volume", "<=", 6), false},
      {pred("apps.settings.volume", ">", 6), true},
      {pred("apps.settings.volume", ">", 7), false},
      {pred("apps.settings.volume", "<", 8), true},
      {pred("apps.settings.volume", "<", 7), false},
      {with(pred("apps.settings.brightness", "approx", 0.52), {{"tolerance", 0.05}}), true},
      {with(pred("apps.settings.brightness", "approx", 0.6), {{"tolerance", 0.05}}), false},
      {pred("apps.messages.threads[name=Bo].text", "contains", "the park"), true},
      {pred("apps.messages.threads[name=Bo].text", "contains", "the beach"), false},
      {pred("apps.clock.alarms[*].time", "in", {"07:30", "08:00", "06:15"}), true},
      {pred("apps.clock.alarms[*].time", "in", {"07:30", "08:00"}), false},  // every value must be listed
  };
  for (const OpCase& c : cases) {
    EXPECT_EQ(passes(c.subtask, s), c.expect) << c.subtask.dump();
  }
}

TEST(Judge, UnchangedAndChangedCompareWithTheInitialState) {
  const json initial = sample_state();
  json after = initial;
  after["apps"]["settings"]["volume"] = 3;
  EXPECT_TRUE(passes(pred("apps.settings.volume", "changed"), after, initial));
  EXPECT_FALSE(passes(pred("apps.settings.volume", "changed"), initial, initial));
  EXPECT_TRUE(passes(pred("apps.settings.name", "unchanged"), after, initial));
  EXPECT_FALSE(passes(pred("apps.settings.volume", "unchanged"), after, initial));
}

TEST(Judge, SelectorsOnKeyedOverlaysIndicesSortAndDisplayNames) {
  const json s = sample_state();
  // Filters act on an object's values (a keyed overlay); a deleted entity (null) is skipped.
  EXPECT_TRUE(passes(pred("apps.contacts.people[first=Ada].last", "==", "Lovelace"), s));
  EXPECT_FALSE(passes(pred("apps.contacts.people[first=Grace]", "exists"), s));
  EXPECT_TRUE(passes(pred("apps.contacts.people[*]", "count", 2), s));
  // A display name from two fields.
  EXPECT_TRUE(passes(pred("apps.contacts.people[first+last=Alan Turing]", "exists"), s));
  EXPECT_FALSE(passes(pred("apps.contacts.people[first+last=Alan Lovelace]", "exists"), s));
  // Any of several values; not equal; contains (case and spacing ignored).
  EXPECT_TRUE(passes(pred("apps.clock.alarms[label=Swim|Gym].id", "==", 1), s));
  EXPECT_FALSE(passes(pred("apps.clock.alarms[label=Swim|Run]", "exists"), s));
  EXPECT_TRUE(passes(pred("apps.clock.alarms[label!=Gym]", "count", 2), s));
  EXPECT_TRUE(passes(pred("apps.messages.threads[text~=at the park]", "exists"), s));
  EXPECT_FALSE(passes(pred("apps.messages.threads[text~=at the beach]", "exists"), s));
  // first / last / negative indices, and sorting (numbers by value, descending with '-').
  EXPECT_TRUE(passes(pred("apps.clock.alarms[last].id", "==", 3), s));
  EXPECT_TRUE(passes(pred("apps.clock.alarms[-2].id", "==", 2), s));
  EXPECT_TRUE(passes(pred("apps.clock.alarms[first].id", "==", 1), s));
  EXPECT_FALSE(passes(pred("apps.clock.alarms[5]", "exists"), s));
  EXPECT_TRUE(passes(pred("apps.clock.alarms[sort=time][first].label", "==", "Early"), s));
  EXPECT_TRUE(passes(pred("apps.messages.threads[sort=-updated][first].name", "==", "Cy"), s));
  EXPECT_FALSE(passes(pred("apps.messages.threads[sort=updated][first].name", "==", "Cy"), s));
  // Pointers name where each value is.
  EXPECT_EQ(pg::select_pointers(s, "apps.contacts.people[first=Ada].phone"),
            std::vector<std::string>{"/apps/contacts/people/41/phone"});
  EXPECT_EQ(pg::select_pointers(s, "apps.clock.alarms[enabled=false]"), std::vector<std::string>{"/apps/clock/alarms/1"});
  EXPECT_THROW(pg::select_path(s, "apps.clock.alarms[sort=]"), pg::TaskError);
  EXPECT_THROW(pg::select_path(s, "apps.clock.alarms[x:money=1]"), pg::TaskError);
}

TEST(Judge, TypedComparisons) {
  const json s = sample_state();
  // Phone numbers by digits, with or without the country code.
  EXPECT_TRUE(passes(with(pred("apps.contacts.people[first=Ada].phone", "==", "4155550100"), {{"as", "phone"}}), s));
  EXPECT_TRUE(passes(pred("apps.contacts.people[phone:phone=+14155550199].first", "==", "Alan"), s));
  EXPECT_FALSE(passes(with(pred("apps.contacts.people[first=Ada].phone", "==", "4155550199"), {{"as", "phone"}}), s));
  // Text ignoring case and spacing.
  EXPECT_TRUE(passes(with(pred("apps.messages.threads[name=Bo].text", "==", "see you at the park"), {{"as", "text"}}), s));
  EXPECT_FALSE(passes(pred("apps.messages.threads[name=Bo].text", "==", "see you at the park"), s));
  EXPECT_FALSE(passes(with(pred("apps.messages.threads[name=Bo].text", "==", "see you"), {{"as", "text"}}), s));
  // Numbers written as text.
  EXPECT_TRUE(passes(with(pred("apps.settings.volume", "==", "7.0"), {{"as", "number"}}), s));
  EXPECT_FALSE(passes(with(pred("apps.settings.volume", "==", "seven"), {{"as", "number"}}), s));
  // Times and dates of epoch milliseconds in the phone's zone (UTC+1 here): 2026-01-01 10:00 UTC.
  EXPECT_TRUE(passes(with(pred("apps.calendar.events[title=Dentist].start_ms", "==", "11:00 AM"), {{"as", "time"}}), s));
  EXPECT_FALSE(passes(with(pred("apps.calendar.events[title=Dentist].start_ms", "==", "10:00"), {{"as", "time"}}), s));
  EXPECT_TRUE(passes(with(pred("apps.calendar.events[title=Dentist].start_ms", "==", "2026-01-01"), {{"as", "date"}}), s));
  EXPECT_FALSE(passes(with(pred("apps.calendar.events[title=Dentist].start_ms", "==", "2026-01-02"), {{"as", "date"}}), s));
  EXPECT_TRUE(passes(with(pred("apps.clock.alarms[id=3].time", "<", "7:00 AM"), {{"as", "time"}}), s));
  EXPECT_FALSE(passes(with(pred("apps.clock.alarms[id=1].time", "<", "7:00 AM"), {{"as", "time"}}), s));
  // `in` with a type: any of the values, typed.
  EXPECT_TRUE(passes(with(pred("apps.contacts.people[first=Ada].phone", "in", {"000", "415-555-0100"}), {{"as", "phone"}}), s));
  EXPECT_FALSE(passes(with(pred("apps.contacts.people[first=Ada].phone", "in", {"000", "415-555-0101"}), {{"as", "phone"}}), s));
}

TEST(Judge, AnyAndAllCombinePredicates) {
  const json s = sample_state();
  const json yes = pred("apps.settings.volume", "==", 7), no = pred("apps.settings.volume", "==", 1);
  EXPECT_TRUE(passes({{"any", {no, yes}}}, s));
  EXPECT_FALSE(passes({{"any", {no, no}}}, s));
  EXPECT_TRUE(passes({{"all", {yes, yes}}}, s));
  EXPECT_FALSE(passes({{"all", {yes, no}}}, s));
  EXPECT_TRUE(passes({{"any", {no, {{"all", {yes, yes}}}}}}, s));
}

TEST(Judge, FailureDetailSaysWhatWasExpectedAndWhatWasFound) {
  json t = {{"id", "t.detail"}, {"apps", {"settings"}}, {"instruction", "x"},
            {"judge", {{"subtasks", {pred("apps.settings.volume", ">=", 9), pred("apps.settings.none", "exists")}}}},
            {"oracle", {{{"type", "complete"}}}}, {"split", "train"}};
  const pg::TaskTemplate tmpl = pg::parse_template(t, "t.json");
  pg::TaskInstance inst;
  inst.tmpl = &tmpl;
  const pg::JudgeResult r = pg::judge(inst, sample_state(), sample_state());
  ASSERT_EQ(r.subtasks.size(), 2u);
  EXPECT_EQ(r.subtasks[0].detail, "expected apps.settings.volume >= 9; found [7]");
  EXPECT_EQ(r.subtasks[1].detail, "expected apps.settings.none exists; found nothing");
}

TEST(Judge, ViewPathsReadWorldDataThroughTheOverlay) {
  json s = pg::Phone::default_state();
  const std::vector<json> notes = pg::select_path(s, "view.notes.notes[*]");
  ASSERT_FALSE(notes.empty()) << "the Notes app ships world notes";
  const std::string title = notes[0]["title"];
  EXPECT_EQ(pg::select_path(s, "view.notes.notes[title=" + title + "]").size(), 1u);
  // Deleting through the overlay removes it from the view; the pointer names the overlay entry.
  const std::string id = notes[0]["id"].is_string() ? notes[0]["id"].get<std::string>() : notes[0]["id"].dump();
  EXPECT_EQ(pg::select_pointers(s, "view.notes.notes[title=" + title + "]"),
            std::vector<std::string>{"/apps/notes/notes/" + id});
  s["apps"]["notes"]["notes"][id] = nullptr;
  EXPECT_TRUE(pg::select_path(s, "view.notes.notes[title=" + title + "]").empty());
}

TEST(Judge, TemplatesWithBadPredicatesAreRejectedNamingTheField) {
  auto error_of = [](const json& subtask) {
    json t = {{"id", "t.bad"}, {"apps", {"settings"}}, {"instruction", "x"}, {"judge", {{"subtasks", {subtask}}}},
              {"oracle", {{{"type", "complete"}}}}, {"split", "train"}};
    try {
      pg::parse_template(t, "bad.json");
    } catch (const pg::TaskError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(error_of(pred("a.b", "~~", 1)).find("judge.subtasks[0].op"), std::string::npos);
  EXPECT_NE(error_of(pred("a.b", ">")).find("judge.subtasks[0].value: required for op >"), std::string::npos);
  EXPECT_NE(error_of(with(pred("a.b", "==", 1), {{"as", "money"}})).find("judge.subtasks[0].as"), std::string::npos);
  EXPECT_NE(error_of({{"any", json::array()}}).find("judge.subtasks[0].any"), std::string::npos);
  EXPECT_NE(error_of({{"all", {pred("a.b", "nope", 1)}}}).find("judge.subtasks[0].all[0].op"), std::string::npos);
  EXPECT_NE(error_of(pred("a[b=1", "exists")).find("unclosed"), std::string::npos);
}

namespace {

// Wi-Fi off as a template: a correct judge, and variants that validation must catch.
json wifi_off() {
  return json::parse(R"({
    "id": "t.wifi_off", "apps": ["settings"], "instruction": ["Turn off Wi-Fi."],
    "setup": [{"op": "replace", "path": "/os/settings/global/wifi_on", "value": true}],
    "judge": {"subtasks": [{"name": "Wi-Fi is off", "path": "os.settings.global.wifi_on", "op": "==", "value": false}]},
    "expected_changes": ["/os/settings/global/wifi_on"],
    "oracle": [{"type": "click", "target": "launcher.app.settings"}, {"type": "click", "target": "settings.network"},
               {"type": "click", "target": "settings.wifi.switch"}, {"type": "complete"}],
    "waivers": {"distinct_instances": "one fixed instruction: Wi-Fi has only one off state"},
    "step_budget": 15, "split": "train"})");
}

pg::TemplateCheck check(const json& t, int seeds = 3) {
  static std::vector<std::unique_ptr<pg::TaskTemplate>> keep;
  keep.push_back(std::make_unique<pg::TaskTemplate>(pg::parse_template(t, "t.json")));
  pg::ValidateOptions o;
  o.seeds = seeds;
  return pg::validate_template(*keep.back(), pg::Phone::default_state(), o);
}

// Every problem, survivor and waiver of a check, one a line.
std::string joined(const pg::TemplateCheck& c) {
  std::string out;
  for (const auto* list : {&c.problems, &c.survivors, &c.waived})
    for (const std::string& line : *list) out += line + "\n";
  return out;
}

}  // namespace

TEST(Validate, ASoundTemplatePassesEverySeedAndKillsEveryMutant) {
  const pg::TemplateCheck c = check(wifi_off());
  EXPECT_TRUE(c.ok()) << joined(c);
  EXPECT_EQ(c.oracle_runs, 3);
  EXPECT_GE(c.mutants, 6);  // the judged field and the expected change, on each seed
  EXPECT_EQ(c.distinct, 1);
  ASSERT_EQ(c.waived.size(), 1u);  // the single instance, waived with its reason
}

TEST(Validate, FewDistinctInstancesWithoutAWaiverIsAProblem) {
  json t = wifi_off();
  t.erase("waivers");
  const pg::TemplateCheck c = check(t, 1);
  EXPECT_FALSE(c.ok());
  EXPECT_NE(joined(c).find("1 distinct instances over 200 seeds"), std::string::npos) << joined(c);
}

TEST(Validate, AJudgeThatReadsNothingTheTaskChangesSurvivesItsMutants) {
  json t = wifi_off();
  // Passes whatever Wi-Fi is: the expected change can be reverted without the judge noticing.
  t["judge"]["subtasks"][0] = {{"path", "os.settings.global.wifi_on"}, {"op", "in"}, {"value", {true, false}}};
  const pg::TemplateCheck c = check(t, 1);
  EXPECT_FALSE(c.ok());
  EXPECT_NE(joined(c).find("the initial state already passes the judge"), std::string::npos) << joined(c);
  EXPECT_NE(joined(c).find("expected_changes[0]: /os/settings/global/wifi_on reverted still passes"), std::string::npos)
      << joined(c);
  // A waiver accepts a known survivor, with its reason.
  t["waivers"]["mutations"] = {{"expected_changes[0]", "test"}, {"judge.subtasks[0]", "test"}};
  const pg::TemplateCheck w = check(t, 1);
  EXPECT_TRUE(w.survivors.empty()) << joined(w);
  EXPECT_FALSE(w.waived.empty());
}

TEST(Validate, AMistypedWidgetAndAWrongAppsFieldAreReported) {
  json t = wifi_off();
  t["oracle"][2]["target"] = "settings.wifi.swich";
  pg::TemplateCheck c = check(t, 1);
  EXPECT_NE(joined(c).find("settings.wifi.swich"), std::string::npos) << joined(c);
  t = wifi_off();
  t["apps"] = {"clock"};
  c = check(t, 1);
  EXPECT_NE(joined(c).find("apps: the oracle opens \"settings\", missing from apps"), std::string::npos) << joined(c);
  t["apps"] = {"nosuchapp"};
  c = check(t, 1);
  EXPECT_NE(joined(c).find("app \"nosuchapp\" is not installed"), std::string::npos) << joined(c);
}

TEST(Validate, APartialSolutionThatPassesIsReported) {
  // Two settings, but the judge checks only the first one changed: the state after the first
  // toggle already passes, before the oracle is done.
  json t = wifi_off();
  t["setup"].push_back({{"op", "replace"}, {"path", "/os/settings/global/bluetooth_on"}, {"value", true}});
  t["expected_changes"].push_back("/os/settings/global/bluetooth_on");
  json oracle = t["oracle"];
  oracle.erase(oracle.size() - 1);
  oracle.push_back({{"type", "back"}});
  oracle.push_back({{"type", "click"}, {"target", "settings.connected_devices"}});
  oracle.push_back({{"type", "click"}, {"target", "settings.bluetooth.switch"}});
  oracle.push_back({{"type", "complete"}});
  t["oracle"] = oracle;
  pg::TemplateCheck c = check(t, 1);
  EXPECT_NE(joined(c).find("the state after oracle step 3 of 7 already passes the judge"), std::string::npos) << joined(c);
  // Judging both settings makes every prefix fail.
  t["judge"]["subtasks"].push_back({{"path", "os.settings.global.bluetooth_on"}, {"op", "=="}, {"value", false}});
  c = check(t, 1);
  EXPECT_TRUE(c.problems.empty()) << joined(c);
}

namespace {

// Instance `seed` of a settings template with the given parameters and setup.
pg::TaskInstance instance(const json& parameters, const json& setup, std::uint64_t seed, std::string* error = nullptr) {
  json t = {{"id", "t.params"}, {"apps", {"settings"}}, {"instruction", "x"}, {"parameters", parameters},
            {"setup", setup}, {"judge", {{"subtasks", {pred("os.settings.global.wifi_on", "exists")}}}},
            {"oracle", {{{"type", "complete"}}}}, {"split", "train"}};
  static std::vector<std::unique_ptr<pg::TaskTemplate>> keep;
  try {
    keep.push_back(std::make_unique<pg::TaskTemplate>(pg::parse_template(t, "p.json")));
    return pg::sample_instance(*keep.back(), seed, pg::Phone::default_state());
  } catch (const pg::TaskError& e) {
    if (error) *error = e.what();
    return {};
  }
}

std::string param_error(const json& parameters, const json& setup = json::array()) {
  std::string e = "no error";
  instance(parameters, setup, 0, &e);
  return e;
}

}  // namespace

TEST(Parameters, TypedSlotsFillSetupValuesWithTheirType) {
  const json setup = {{{"op", "replace"}, {"path", "/os/settings/system/screen_brightness"}, {"value", "{level}"}},
                      {{"op", "replace"}, {"path", "/os/settings/global/wifi_on"}, {"value", "{on}"}}};
  std::set<bool> seen_bool;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const pg::TaskInstance inst = instance({{"level", {{"int", {{"min", 10}, {"max", 200}, {"step", 10}}}}}, {"on", {{"bool", json::object()}}}},
                                           setup, seed);
    const json& v = inst.initial_state["os"]["settings"]["system"]["screen_brightness"];
    ASSERT_TRUE(v.is_number_integer()) << v;
    EXPECT_EQ(v.get<int>() % 10, 0);
    EXPECT_GE(v.get<int>(), 10);
    EXPECT_LE(v.get<int>(), 200);
    ASSERT_TRUE(inst.initial_state["os"]["settings"]["global"]["wifi_on"].is_boolean());
    seen_bool.insert(inst.initial_state["os"]["settings"]["global"]["wifi_on"].get<bool>());
    EXPECT_EQ(inst.fill(std::string("level {level}")), "level " + inst.params.at("level"));  // text inside a string
  }
  EXPECT_EQ(seen_bool.size(), 2u);
  // A range slot stays text, as templates written before typed slots expect.
  const pg::TaskInstance r = instance({{"n", {{"range", {{"min", 1}, {"max", 3}}}}}}, json::array(), 0);
  EXPECT_EQ(r.fill(json("{n}")), json(r.params.at("n")));
}

TEST(Parameters, DatesAndPhoneNumbers) {
  std::set<std::string> dates;
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    const pg::TaskInstance inst = instance({{"d", {{"date", {{"min", "2026-02-27"}, {"max", "2026-03-02"}}}}},
                                            {"p", {{"phone", {{"pattern", "+1 415-555-01##"}}}}}},
                                           json::array(), seed);
    dates.insert(inst.params.at("d"));
    const std::string p = inst.params.at("p");
    ASSERT_EQ(p.size(), 15u);
    EXPECT_EQ(p.substr(0, 13), "+1 415-555-01");
    EXPECT_TRUE(std::isdigit(static_cast<unsigned char>(p[13])) && std::isdigit(static_cast<unsigned char>(p[14])));
  }
  // Across the end of February (2026 is not a leap year).
  EXPECT_EQ(dates, (std::set<std::string>{"2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"}));
}

TEST(Parameters, FromStateReadsWorldDataWithFiltersAndKeepsFieldsTogether) {
  const json params = {{"note", {{"from_state", {{"path", "view.notes.notes[labels~=Shopping|Travel]"}, {"fields", {"id", "title"}}}}}}};
  std::set<std::string> titles;
  for (std::uint64_t seed = 0; seed < 30; ++seed) {
    const pg::TaskInstance inst = instance(params, json::array(), seed);
    const std::string id = inst.params.at("note.id"), title = inst.params.at("note.title");
    titles.insert(title);
    // The two fields come from the same note.
    const std::vector<json> same = pg::select_path(inst.initial_state, "view.notes.notes[id=" + id + "].title");
    ASSERT_EQ(same.size(), 1u);
    EXPECT_EQ(same[0], title);
  }
  EXPECT_TRUE(titles.count("Groceries"));
  EXPECT_TRUE(titles.count("Packing list - Chicago"));
  // The state after setup: a value the setup put there.
  const json setup = {{{"op", "add"}, {"path", "/apps/clock/alarms/-"},
                       {"value", {{"id", 900}, {"time", "04:04"}, {"label", "Setup"}, {"enabled", true}}}}};
  const pg::TaskInstance s = instance({{"t", {{"from_state", {{"path", "apps.clock.alarms[label=Setup]"}, {"field", "time"}, {"state", "setup"}}}}}},
                                      setup, 0);
  EXPECT_EQ(s.params.at("t"), "04:04");
}

TEST(Parameters, BadKindsAreRejectedNamingTheField) {
  EXPECT_NE(param_error({{"x", {{"int", {{"min", 5}, {"max", 1}}}}}}).find("parameters.x.int: min > max"), std::string::npos);
  EXPECT_NE(param_error({{"x", {{"int", {{"min", 1}}}}}}).find("parameters.x.int: needs integer min and max"), std::string::npos);
  EXPECT_NE(param_error({{"x", {{"bool", true}}}}).find("parameters.x.bool"), std::string::npos);
  EXPECT_NE(param_error({{"x", {{"date", {{"min", "2026-13-01"}, {"max", "2026-12-01"}}}}}}).find("parameters.x.date"), std::string::npos);
  EXPECT_NE(param_error({{"x", {{"phone", {{"pattern", "555-0100"}}}}}}).find("parameters.x.phone"), std::string::npos);
  EXPECT_NE(param_error({{"x", {{"from_state", {{"path", "view.notes.notes[title="}, {"field", "id"}}}}}}).find("parameters.x.from_state.path"),
            std::string::npos);
  EXPECT_NE(param_error({{"x", {{"from_state", {{"path", "view.notes.notes[title=Nope]"}, {"field", "id"}}}}}}).find("selects nothing"),
            std::string::npos);
  EXPECT_NE(param_error({{"x", {{"from_state", {{"path", "apps.clock.alarms"}, {"field", "id"}, {"state", "setup"}}}}}},
                        {{{"op", "add"}, {"path", "/apps/clock/x"}, {"value", "{x}"}}})
                .find("the setup cannot use {x}"),
            std::string::npos);
  EXPECT_NE(param_error({{"x", {{"money", 1}}}}).find("unknown parameter kind"), std::string::npos);
}
