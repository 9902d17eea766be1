// AnswerSheet through actions: a task's setup puts a sheet in the state; the user fills each
// field type (text, number, choice, date, time) and submits; validation errors stop a submit;
// "Change answers" and a second submit replace the recorded answers.
#include "phone_driver.hpp"

#include "sim/os/phone.hpp"

using namespace pg::testing;

namespace {

const json kSheet = {
    {"question", "When is the team meeting, where, and how many people are invited?"},
    {"fields",
     {{{"id", "count"}, {"label", "People invited"}, {"type", "number"}},
      {{"id", "room"}, {"label", "Room"}, {"type", "choice"}, {"options", {"Atlas", "Borealis", "Cygnus"}}},
      {{"id", "date"}, {"label", "Date"}, {"type", "date"}},
      {{"id", "time"}, {"label", "Start time"}, {"type", "time"}},
      {{"id", "organizer"}, {"label", "Organizer"}, {"type", "text"}}}}};

/// A phone with the sheet set up (as a task's setup patch does) and AnswerSheet open.
void open_sheet(Env& env) {
  env.apply_patch(json::array({{{"op", "replace"}, {"path", "/apps/answersheet/sheet"}, {"value", kSheet}}}));
  act(env, R"({"type":"open_app","app":"answersheet"})");
}

/// Taps a field, types into it and closes the keyboard.
void fill(Env& env, const std::string& id, const std::string& text) {
  const std::string w = "answersheet.field." + id;
  scroll_to(env, w);
  press(env, w);
  type_text(env, text, true);
  act(env, R"({"type":"enter"})");
}

void submit(Env& env) {
  scroll_to(env, "answersheet.submit");
  press(env, "answersheet.submit");
}

const json& sheet_state(Env& env) { return env.phone().app_state("answersheet"); }

}  // namespace

TEST(AnswerSheet, AFreshPhoneHasNoQuestions) {
  Env env;
  act(env, R"({"type":"open_app","app":"answersheet"})");
  EXPECT_TRUE(on_screen(env, "answersheet.empty"));
  EXPECT_FALSE(on_screen(env, "answersheet.submit"));
  EXPECT_TRUE(sheet_state(env)["submitted"].is_null());
}

TEST(AnswerSheet, FillEveryFieldTypeAndSubmit) {
  Env env;
  open_sheet(env);
  EXPECT_EQ(find_node(env, "answersheet.question").value("text", ""), kSheet["question"]);
  const json before = env.state();
  fill(env, "count", "12");
  // Number, date and time fields open the keyboard on its ?123 page.
  press(env, "answersheet.field.count");
  EXPECT_EQ(env.state()["os"]["keyboard"]["layout"], "symbols");
  act(env, R"({"type":"enter"})");
  scroll_to(env, "answersheet.field.room.option.Borealis");
  press(env, "answersheet.field.room.option.Borealis");
  EXPECT_EQ(find_node(env, "answersheet.field.room.option.Borealis")["checked"], true);
  fill(env, "date", "2026-01-07");
  fill(env, "time", "9:30");
  fill(env, "organizer", "  Priya Nair ");
  submit(env);
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/answersheet/values/count", "/apps/answersheet/values/room", "/apps/answersheet/values/date",
                   "/apps/answersheet/values/time", "/apps/answersheet/values/organizer", "/apps/answersheet/submitted",
                   "/apps/answersheet/status"}));
  const json& sub = sheet_state(env)["submitted"];
  EXPECT_EQ(sub["answers"], (json{{"count", 12}, {"room", "Borealis"}, {"date", "2026-01-07"}, {"time", "09:30"},
                                  {"organizer", "Priya Nair"}}));
  EXPECT_TRUE(sub["answers"]["count"].is_number_integer());
  ASSERT_TRUE(sub["time_ms"].is_number_integer());
  EXPECT_GT(sub["time_ms"].get<std::int64_t>(), before["os"]["time_ms"].get<std::int64_t>());
  EXPECT_LE(sub["time_ms"].get<std::int64_t>(), env.state()["os"]["time_ms"].get<std::int64_t>());
  // The confirmation shows what was recorded.
  EXPECT_TRUE(on_screen(env, "answersheet.submitted"));
  EXPECT_EQ(find_node(env, "answersheet.answer.time").value("text", ""), "09:30");
  EXPECT_EQ(find_node(env, "answersheet.answer.count").value("text", ""), "12");
  EXPECT_EQ(env.state()["os"]["toast"]["text"], "Answers submitted");
}

TEST(AnswerSheet, InvalidAnswersShowErrorsAndRecordNothing) {
  Env env;
  open_sheet(env);
  const json before = env.state();
  fill(env, "count", "twelve");
  fill(env, "date", "2026-02-30");
  fill(env, "time", "25:00");
  submit(env);  // the room is not chosen, the organizer left empty
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/answersheet/values/count", "/apps/answersheet/values/date", "/apps/answersheet/values/time",
                   "/apps/answersheet/errors/count", "/apps/answersheet/errors/room", "/apps/answersheet/errors/date",
                   "/apps/answersheet/errors/time", "/apps/answersheet/errors/organizer"}));
  EXPECT_TRUE(sheet_state(env)["submitted"].is_null());
  EXPECT_EQ(sheet_state(env)["errors"], (json{{"count", "Enter a number"},
                                              {"room", "Choose an option"},
                                              {"date", "Enter a date as YYYY-MM-DD"},
                                              {"time", "Enter a time as HH:MM"},
                                              {"organizer", "Enter an answer"}}));
  scroll_to(env, "answersheet.field.count.error");
  EXPECT_EQ(find_node(env, "answersheet.field.count.error").value("text", ""), "Enter a number");
  // Fixing them lets the submit through and clears the errors.
  fill(env, "count", "1,200");
  press(env, "answersheet.field.room.option.Atlas");
  fill(env, "date", "2028-02-29");
  fill(env, "time", "23:59");
  fill(env, "organizer", "Sam");
  submit(env);
  EXPECT_EQ(sheet_state(env)["errors"], json::object());
  EXPECT_EQ(sheet_state(env)["submitted"]["answers"],
            (json{{"count", 1200}, {"room", "Atlas"}, {"date", "2028-02-29"}, {"time", "23:59"}, {"organizer", "Sam"}}));
}

TEST(AnswerSheet, DecimalNumbersOptionalFieldsAndChangingAnswers) {
  Env env;
  env.apply_patch(json::parse(R"J([{"op": "replace", "path": "/apps/answersheet/sheet", "value": {
      "question": "How far is the run?",
      "fields": [{"id": "km", "label": "Distance (km)", "type": "number"},
                 {"id": "note", "label": "Note", "type": "text", "required": false}]}}])J"));
  act(env, R"({"type":"open_app","app":"answersheet"})");
  fill(env, "km", "7.5");
  submit(env);
  EXPECT_EQ(sheet_state(env)["submitted"]["answers"], (json{{"km", 7.5}}));  // the optional note is absent
  press(env, "answersheet.edit");
  EXPECT_EQ(sheet_state(env)["status"], "editing");
  EXPECT_EQ(find_node(env, "answersheet.field.km").value("text", ""), "7.5");  // the typed values stay
  fill(env, "km", "8.0");
  submit(env);
  EXPECT_EQ(sheet_state(env)["submitted"]["answers"], (json{{"km", 8}}));
  EXPECT_TRUE(sheet_state(env)["submitted"]["answers"]["km"].is_number_integer());
}

TEST(AnswerSheet, TheSheetFormatIsValidated) {
  Env env;
  const json bad_type = json::parse(
      R"([{"op": "replace", "path": "/apps/answersheet/sheet", "value": {"question": "q", "fields": [{"id": "a", "label": "A", "type": "color"}]}}])");
  const json bad_key =
      json::parse(R"([{"op": "replace", "path": "/apps/answersheet/sheet", "value": {"question": "q", "colour": "red"}}])");
  EXPECT_THROW(env.apply_patch(bad_type), pg::StateError);
  EXPECT_THROW(env.apply_patch(bad_key), pg::StateError);
}
