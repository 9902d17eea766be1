// Tasks (org.tasks) through actions, as a user drives it: the list of a list or filter, the drawer,
// creating a task with a due date, time and priority, bad input (a time that is no time, an empty
// title, a repeat of 0 days, an empty or duplicate list name), completing and reopening (a
// repeating task rolls forward), editing every field (list, tags, subtasks, repeat, reminder),
// deleting with a confirmation and Undo, deleting the completed tasks of a list, creating,
// renaming and deleting lists, sorting and filtering, search, and a reminder's notification.
// Each flow checks exactly which data paths it changed and what the screen shows.
#include "phone_driver.hpp"
#include "sim/env/env.hpp"
#include "sim/os/phone.hpp"

#include <gtest/gtest.h>

#include <algorithm>

using namespace pg::testing;

namespace {

constexpr std::int64_t kNow = 1767254400000;  // 2026-01-01 08:00 UTC

const json& todo(Env& env) { return env.phone().app_state("todo"); }

std::string desc_of(Env& env, const std::string& id) {
  const json n = find_node(env, id);
  return n.is_null() ? "" : n["desc"].get<std::string>();
}
int top_of(Env& env, const std::string& id) { return find_node(env, id)["bounds"][1].get<int>(); }

/// The user's data that changed: changed_paths without the app's UI keys (manifest ui_state).
Paths data_changes(const json& before, const json& after) {
  static const char* kUi[] = {"view", "sort", "hide_completed", "show", "query", "selected", "editor", "picker",
                              "list_form", "tag_query", "undo", "next_id", "next_list"};
  Paths out;
  for (const std::string& p : changed_paths(before, after)) {
    bool ui = false;
    for (const char* k : kUi) {
      const std::string pre = std::string("/apps/todo/") + k;
      ui = ui || p == pre || p.rfind(pre + "/", 0) == 0;
    }
    if (!ui) out.insert(p);
  }
  return out;
}

/// Opens a list from the drawer.
void show_list(Env& env, const std::string& list_id) {
  press(env, "todo.menu");
  ASSERT_EQ(env.phone().current_page(), "drawer");
  press(env, "todo.drawer.list." + list_id);
  ASSERT_EQ(env.phone().current_page(), "tasks");
}

/// The ids of the task rows on screen, top to bottom.
std::vector<std::string> rows_on_screen(Env& env) {
  std::vector<std::pair<int, std::string>> rows;
  const json tree = env.ui_tree();
  for (const json& n : tree["nodes"]) {
    const std::string id = n["id"];
    if (id.rfind("todo.task.", 0) == 0 && id.find(".check") == std::string::npos) rows.push_back({n["bounds"][1].get<int>(), id.substr(10)});
  }
  std::sort(rows.begin(), rows.end());
  std::vector<std::string> out;
  for (auto& r : rows) out.push_back(r.second);
  return out;
}

}  // namespace

TEST(Tasks, MyTasksListsOpenTasksByDueDateOverdueFirst) {
  Env env;
  open_app(env, "todo");
  EXPECT_EQ(env.phone().current_page(), "tasks");
  EXPECT_EQ(text_of(env, "todo.title"), "My Tasks");
  const std::vector<std::string> rows = rows_on_screen(env);
  ASSERT_GE(rows.size(), 5u);
  // Dec 29 (overdue), Dec 31 (overdue), today 09:00, today 18:00, tomorrow 19:00.
  EXPECT_EQ(rows[0], "1");
  EXPECT_EQ(rows[1], "9");
  EXPECT_EQ(rows[2], "3");
  EXPECT_EQ(rows[3], "6");
  EXPECT_EQ(rows[4], "8");
  EXPECT_EQ(text_of(env, "todo.task.1"), "Call the bank about the card fee");
  EXPECT_EQ(desc_of(env, "todo.task.1"), "Due Dec 29, 2025 10:00, high priority");
  EXPECT_FALSE(find_node(env, "todo.task.1.check")["checked"].get<bool>());
  EXPECT_TRUE(on_screen(env, "todo.fab"));
  // The completed tasks follow under their own header.
  scroll_to(env, "todo.section.completed");
  EXPECT_EQ(text_of(env, "todo.section.completed"), "Completed (2)");
  scroll_to(env, "todo.task.12");
  EXPECT_TRUE(find_node(env, "todo.task.12.check")["checked"].get<bool>());
  for (const std::string& problem : env.lint()) ADD_FAILURE() << problem;
}

TEST(Tasks, TheDrawerSwitchesListsAndFilters) {
  Env env;
  const json before = open_app(env, "todo");
  press(env, "todo.menu");
  EXPECT_EQ(desc_of(env, "todo.drawer.list.2"), "Work, 11 open");
  EXPECT_TRUE(find_node(env, "todo.drawer.list.1")["selected"].get<bool>());
  press(env, "todo.drawer.list.2");
  EXPECT_EQ(text_of(env, "todo.title"), "Work");
  EXPECT_TRUE(on_screen(env, "todo.task.16"));
  EXPECT_FALSE(on_screen(env, "todo.task.1"));
  // Today: everything open due today or earlier, from every list.
  press(env, "todo.menu");
  press(env, "todo.drawer.today");
  EXPECT_EQ(text_of(env, "todo.title"), "Today");
  EXPECT_TRUE(on_screen(env, "todo.task.1"));
  EXPECT_TRUE(on_screen(env, "todo.task.40"));
  EXPECT_NE(desc_of(env, "todo.task.40").find("Due Dec 27, 2025"), std::string::npos);
  EXPECT_FALSE(on_screen(env, "todo.task.8"));  // due tomorrow
  // The scrim closes the drawer without a change.
  press(env, "todo.menu");
  press(env, "todo.drawer.scrim");
  EXPECT_EQ(env.phone().current_page(), "tasks");
  EXPECT_EQ(data_changes(before, env.state()), Paths{});
  EXPECT_EQ(todo(env)["view"], "today");
}

TEST(Tasks, CreateATaskDueTomorrowAtNineWithHighPriority) {
  Env env;
  const json before = open_app(env, "todo");
  press(env, "todo.fab");
  ASSERT_EQ(env.phone().current_page(), "edit");
  EXPECT_FALSE(on_screen(env, "todo.edit.delete"));  // a new task has nothing to delete
  enter_text(env, "todo.edit.title", "Call the dentist");
  press(env, "todo.edit.due");
  ASSERT_EQ(env.phone().current_page(), "due");
  press(env, "todo.due.tomorrow");
  EXPECT_TRUE(find_node(env, "todo.due.day.2026-01-02")["selected"].get<bool>());
  enter_text(env, "todo.due.time_field", "9:00 AM");
  act(env, R"({"type":"enter"})");
  press(env, "todo.due.ok");
  ASSERT_EQ(env.phone().current_page(), "edit");
  EXPECT_EQ(text_of(env, "todo.edit.due"), "Tomorrow 09:00");
  press(env, "todo.edit.priority.high");
  EXPECT_TRUE(find_node(env, "todo.edit.priority.high")["checked"].get<bool>());
  press(env, "todo.edit.save");
  EXPECT_EQ(env.phone().current_page(), "tasks");
  EXPECT_EQ(data_changes(before, env.state()), (Paths{"/apps/todo/tasks/61"}));
  json t = todo(env)["tasks"]["61"];
  EXPECT_GT(t["created_ms"].get<std::int64_t>(), kNow);
  t.erase("created_ms");
  EXPECT_EQ(t, (json{{"title", "Call the dentist"}, {"notes", ""}, {"list", "1"}, {"due", "2026-01-02"}, {"due_time", "09:00"},
                     {"priority", "high"}, {"repeat", "none"}, {"interval", 1}, {"reminder", -1}, {"tags", json::array()},
                     {"subtasks", json::array()}, {"completed", false}, {"completed_ms", 0}}));
  EXPECT_EQ(todo(env)["next_id"], 62);
  EXPECT_EQ(desc_of(env, "todo.task.61"), "Due Tomorrow 09:00, high priority");
}

TEST(Tasks, BadInputShowsClearErrorsAndSavesNothing) {
  Env env;
  const json before = open_app(env, "todo");
  // A time that is no time.
  press(env, "todo.task.2");
  press(env, "todo.edit.due");
  enter_text(env, "todo.due.time_field", "25:99");
  act(env, R"({"type":"enter"})");
  press(env, "todo.due.ok");
  EXPECT_EQ(env.phone().current_page(), "due");
  EXPECT_EQ(text_of(env, "todo.due.error"), "Enter a time like 9:30 or 9:30 PM");
  // A time without a date.
  press(env, "todo.due.none");
  enter_text(env, "todo.due.time_field", "10:00", true);
  act(env, R"({"type":"enter"})");
  press(env, "todo.due.ok");
  EXPECT_EQ(text_of(env, "todo.due.error"), "Pick a date for this time");
  press(env, "todo.due.cancel");
  // Every 0 days.
  press(env, "todo.edit.repeat");
  press(env, "todo.repeat.days");
  enter_text(env, "todo.repeat.interval", "0", true);
  act(env, R"({"type":"enter"})");
  press(env, "todo.repeat.ok");
  EXPECT_EQ(text_of(env, "todo.repeat.error"), "Enter a number of days from 1 to 365");
  press(env, "todo.repeat.cancel");
  EXPECT_EQ(text_of(env, "todo.edit.repeat"), "Does not repeat");
  // An existing task can't be saved without a name.
  enter_text(env, "todo.edit.title", "", true);
  press(env, "todo.edit.save");
  EXPECT_EQ(env.phone().current_page(), "edit");
  EXPECT_EQ(env.state()["os"]["toast"]["text"], "Enter a task name");
  act(env, R"({"type":"back"})");
  act(env, R"({"type":"back"})");  // system back: the editor saves what it can (the old title stays)
  EXPECT_EQ(env.phone().current_page(), "tasks");
  EXPECT_EQ(data_changes(before, env.state()), Paths{});
  // A new task with no title is discarded.
  press(env, "todo.fab");
  press(env, "todo.edit.priority.low");
  press(env, "todo.edit.save");
  EXPECT_EQ(env.phone().current_page(), "tasks");
  EXPECT_EQ(env.state()["os"]["toast"]["text"], "Empty task discarded");
  EXPECT_EQ(data_changes(before, env.state()), Paths{});
  // Lists: no name, a name that exists.
  press(env, "todo.menu");
  press(env, "todo.drawer.new_list");
  press(env, "todo.list.save");
  EXPECT_EQ(text_of(env, "todo.list.error"), "Enter a list name");
  enter_text(env, "todo.list.name", "work");
  press(env, "todo.list.save");
  EXPECT_EQ(text_of(env, "todo.list.error"), "A list named \"Work\" already exists");
  EXPECT_EQ(env.phone().current_page(), "list_edit");
  EXPECT_EQ(data_changes(before, env.state()), Paths{});
}

TEST(Tasks, CompleteAndReopenATask) {
  Env env;
  const json before = open_app(env, "todo");
  press(env, "todo.task.3.check");
  EXPECT_EQ(data_changes(before, env.state()), (Paths{"/apps/todo/tasks/3"}));
  const json& t = todo(env)["tasks"]["3"];
  EXPECT_EQ(t["completed"], true);
  EXPECT_GE(t["completed_ms"].get<std::int64_t>(), kNow);
  scroll_to(env, "todo.task.3");
  EXPECT_TRUE(find_node(env, "todo.task.3.check")["checked"].get<bool>());
  EXPECT_EQ(text_of(env, "todo.section.completed"), "Completed (3)");
  EXPECT_GT(top_of(env, "todo.task.3"), top_of(env, "todo.section.completed"));
  press(env, "todo.task.3.check");
  EXPECT_EQ(data_changes(before, env.state()), Paths{});  // back to the world's task
}

TEST(Tasks, CompletingARepeatingTaskRollsItsDueDateForward) {
  Env env;
  const json before = open_app(env, "todo");
  press(env, "todo.task.6.check");  // Water the plants: every 3 days, due today 18:00
  EXPECT_EQ(data_changes(before, env.state()), (Paths{"/apps/todo/tasks/6"}));
  EXPECT_EQ(todo(env)["tasks"]["6"], (json{{"due", "2026-01-04"}}));
  EXPECT_EQ(env.state()["os"]["toast"]["text"], "Next due Jan 4 18:00");
  EXPECT_FALSE(find_node(env, "todo.task.6.check")["checked"].get<bool>());
  press(env, "todo.task.4.check");  // Pay electricity bill: monthly, due Jan 3
  EXPECT_EQ(todo(env)["tasks"]["4"], (json{{"due", "2026-02-03"}}));
  // A daily task moves to tomorrow.
  show_list(env, "5");
  press(env, "todo.task.56.check");  // Stretching routine: daily, due today
  EXPECT_EQ(todo(env)["tasks"]["56"], (json{{"due", "2026-01-02"}}));
  EXPECT_EQ(data_changes(before, env.state()), (Paths{"/apps/todo/tasks/6", "/apps/todo/tasks/4", "/apps/todo/tasks/56"}));
}

TEST(Tasks, EditEveryFieldOfATask) {
  Env env;
  const json before = open_app(env, "todo");
  press(env, "todo.task.2");  // Renew passport
  ASSERT_EQ(env.phone().current_page(), "edit");
  EXPECT_EQ(text_of(env, "todo.edit.title"), "Renew passport");
  EXPECT_TRUE(find_node(env, "todo.edit.priority.medium")["checked"].get<bool>());
  // Move to Work.
  press(env, "todo.edit.list");
  press(env, "todo.pick.2");
  EXPECT_EQ(text_of(env, "todo.edit.list"), "Work");
  // Repeat every week; a reminder a day before.
  press(env, "todo.edit.repeat");
  press(env, "todo.repeat.weekly");
  press(env, "todo.repeat.ok");
  EXPECT_EQ(text_of(env, "todo.edit.repeat"), "Every week");
  press(env, "todo.edit.reminder");
  press(env, "todo.reminder.1440");
  EXPECT_EQ(text_of(env, "todo.edit.reminder"), "1 day before");
  // Tags: an existing one and a new one.
  scroll_to(env, "todo.edit.tags");
  press(env, "todo.edit.tags");
  press(env, "todo.tag.errands");
  enter_text(env, "todo.tags.name", "Travel");
  press(env, "todo.tags.create");
  EXPECT_TRUE(find_node(env, "todo.tag.travel")["checked"].get<bool>());
  act(env, R"({"type":"back"})");
  EXPECT_EQ(text_of(env, "todo.edit.tags"), "Errands, Travel");
  // Subtasks: tick one, add one.
  scroll_to(env, "todo.edit.subtask_add");
  press(env, "todo.edit.subtask.1");
  enter_text(env, "todo.edit.subtask_field", "Pay the fee");
  act(env, R"({"type":"enter"})");
  press(env, "todo.edit.subtask_add");
  EXPECT_EQ(text_of(env, "todo.edit.subtask.3"), "Pay the fee");
  press(env, "todo.edit.save");
  // The first reminder asks for the notification permission.
  ASSERT_TRUE(env.state()["os"]["dialog"].is_object());
  press(env, "dialog.button.allow");
  EXPECT_EQ(env.phone().current_page(), "tasks");
  EXPECT_EQ(data_changes(before, env.state()), (Paths{"/apps/todo/tasks/2", "/apps/todo/tags/-", "/os/permissions/todo"}));
  EXPECT_EQ(todo(env)["tags"].back(), "Travel");
  EXPECT_EQ(todo(env)["tasks"]["2"],
            (json{{"list", "2"},
                  {"repeat", "weekly"},
                  {"reminder", 1440},
                  {"tags", {"Errands", "Travel"}},
                  {"subtasks",
                   {{{"title", "Get passport photos"}, {"done", true}},
                    {{"title", "Fill in form DS-82"}, {"done", true}},
                    {{"title", "Mail the application"}, {"done", false}},
                    {{"title", "Pay the fee"}, {"done", false}}}}}));
  EXPECT_FALSE(on_screen(env, "todo.task.2"));  // it is in Work now
  show_list(env, "2");
  scroll_to(env, "todo.task.2");
  EXPECT_NE(desc_of(env, "todo.task.2").find("Due Jan 15"), std::string::npos);
}

TEST(Tasks, SystemBackSavesTheEditor) {
  Env env;
  const json before = open_app(env, "todo");
  press(env, "todo.task.10");
  enter_text(env, "todo.edit.title", "Plan ski weekend in Tahoe", true);
  act(env, R"({"type":"back"})");  // the keyboard
  enter_text(env, "todo.edit.notes", " Leave Friday.");
  act(env, R"({"type":"back"})");  // the keyboard
  act(env, R"({"type":"back"})");
  EXPECT_EQ(env.phone().current_page(), "tasks");
  EXPECT_EQ(data_changes(before, env.state()), (Paths{"/apps/todo/tasks/10"}));
  EXPECT_EQ(todo(env)["tasks"]["10"],
            (json{{"title", "Plan ski weekend in Tahoe"}, {"notes", "Check cabin availability and chain requirements. Leave Friday."}}));
}

TEST(Tasks, DeleteATaskWithConfirmationAndUndo) {
  Env env;
  const json before = open_app(env, "todo");
  press(env, "todo.task.8");
  press(env, "todo.edit.delete");
  ASSERT_TRUE(env.state()["os"]["dialog"].is_object());
  EXPECT_EQ(env.state()["os"]["dialog"]["text"], "\"Call Mom\" will be deleted.");
  press(env, "dialog.button.cancel");
  EXPECT_EQ(env.phone().current_page(), "edit");
  press(env, "todo.edit.delete");
  press(env, "dialog.button.delete");
  EXPECT_EQ(env.phone().current_page(), "tasks");
  EXPECT_EQ(data_changes(before, env.state()), (Paths{"/apps/todo/tasks/8"}));
  EXPECT_TRUE(todo(env)["tasks"]["8"].is_null());
  EXPECT_FALSE(on_screen(env, "todo.task.8"));
  EXPECT_EQ(text_of(env, "todo.snackbar"), "Task deleted");
  press(env, "todo.snackbar.undo");
  EXPECT_EQ(data_changes(before, env.state()), Paths{});
  EXPECT_TRUE(on_screen(env, "todo.task.8"));
  // The snackbar goes after a while; then the deletion stays.
  press(env, "todo.task.8");
  press(env, "todo.edit.delete");
  press(env, "dialog.button.delete");
  act(env, R"({"type":"wait","seconds":11})");
  EXPECT_FALSE(on_screen(env, "todo.snackbar.undo"));
  EXPECT_EQ(data_changes(before, env.state()), (Paths{"/apps/todo/tasks/8"}));
}

TEST(Tasks, DeleteAllCompletedTasksInShopping) {
  Env env;
  const json before = open_app(env, "todo");
  show_list(env, "3");
  press(env, "todo.options");
  ASSERT_EQ(env.phone().current_page(), "options");
  press(env, "todo.options.clear_completed");
  EXPECT_EQ(env.state()["os"]["dialog"]["text"], "Delete 4 completed tasks in Shopping? This can't be undone.");
  press(env, "dialog.button.delete");
  EXPECT_EQ(env.phone().current_page(), "tasks");
  EXPECT_EQ(data_changes(before, env.state()),
            (Paths{"/apps/todo/tasks/29", "/apps/todo/tasks/32", "/apps/todo/tasks/34", "/apps/todo/tasks/37"}));
  EXPECT_FALSE(on_screen(env, "todo.section.completed"));
  EXPECT_TRUE(on_screen(env, "todo.task.28"));  // open tasks stay
  // Nothing left to delete.
  press(env, "todo.options");
  press(env, "todo.options.clear_completed");
  EXPECT_EQ(env.state()["os"]["toast"]["text"], "No completed tasks");
}

TEST(Tasks, CreateRenameAndDeleteLists) {
  Env env;
  const json before = open_app(env, "todo");
  press(env, "todo.menu");
  press(env, "todo.drawer.new_list");
  EXPECT_EQ(text_of(env, "todo.list.heading"), "New list");
  EXPECT_FALSE(on_screen(env, "todo.list.delete"));
  enter_text(env, "todo.list.name", "Garden");
  press(env, "todo.list.color.5");
  press(env, "todo.list.save");
  EXPECT_EQ(env.phone().current_page(), "tasks");
  EXPECT_EQ(text_of(env, "todo.title"), "Garden");
  EXPECT_TRUE(on_screen(env, "todo.empty"));
  EXPECT_EQ(data_changes(before, env.state()), (Paths{"/apps/todo/lists/6"}));
  EXPECT_EQ(todo(env)["lists"]["6"], (json{{"name", "Garden"}, {"color", "#00897B"}}));
  // A task made here goes into Garden.
  press(env, "todo.fab");
  enter_text(env, "todo.edit.title", "Plant tulip bulbs");
  press(env, "todo.edit.save");
  EXPECT_EQ(todo(env)["tasks"]["61"]["list"], "6");
  // Rename Work.
  const json before_rename = env.state();
  press(env, "todo.menu");
  press(env, "todo.drawer.list.2.edit");
  EXPECT_EQ(text_of(env, "todo.list.name"), "Work");
  enter_text(env, "todo.list.name", "Office", true);
  press(env, "todo.list.save");
  EXPECT_EQ(env.phone().current_page(), "drawer");
  EXPECT_EQ(text_of(env, "todo.drawer.list.2"), "Office");
  EXPECT_EQ(data_changes(before_rename, env.state()), (Paths{"/apps/todo/lists/2"}));
  EXPECT_EQ(todo(env)["lists"]["2"], (json{{"name", "Office"}}));
  // Delete Home and its 12 tasks, after a confirmation.
  const json before_delete = env.state();
  press(env, "todo.drawer.list.4.edit");
  press(env, "todo.list.delete");
  EXPECT_EQ(env.state()["os"]["dialog"]["text"], "\"Home\" and its 12 tasks will be deleted.");
  press(env, "dialog.button.cancel");
  EXPECT_EQ(data_changes(before_delete, env.state()), Paths{});
  press(env, "todo.list.delete");
  press(env, "dialog.button.delete");
  EXPECT_EQ(env.phone().current_page(), "drawer");
  EXPECT_FALSE(on_screen(env, "todo.drawer.list.4"));
  Paths expected{"/apps/todo/lists/4"};
  for (int id = 40; id <= 51; ++id) expected.insert("/apps/todo/tasks/" + std::to_string(id));
  EXPECT_EQ(data_changes(before_delete, env.state()), expected);
  // My Tasks is the default list.
  press(env, "todo.drawer.list.1.edit");
  press(env, "todo.list.delete");
  EXPECT_EQ(env.state()["os"]["toast"]["text"], "My Tasks is the default list and can't be deleted");
}

TEST(Tasks, SortHideCompletedAndShowOnlyOverdueOrToday) {
  Env env;
  const json before = open_app(env, "todo");
  press(env, "todo.options");
  press(env, "todo.sort.title");
  EXPECT_EQ(env.phone().current_page(), "tasks");
  std::vector<std::string> rows = rows_on_screen(env);
  ASSERT_GE(rows.size(), 3u);
  EXPECT_EQ(rows[0], "3");   // Book dentist checkup
  EXPECT_EQ(rows[1], "8");   // Call Mom
  EXPECT_EQ(rows[2], "1");   // Call the bank about the card fee
  press(env, "todo.options");
  press(env, "todo.sort.priority");
  rows = rows_on_screen(env);
  EXPECT_EQ(rows[0], "1");   // high, Dec 29
  EXPECT_EQ(rows[1], "4");   // high, Jan 3
  EXPECT_EQ(rows[2], "14");  // high, Jan 4
  press(env, "todo.options");
  press(env, "todo.options.hide_completed");
  press(env, "todo.show.overdue");
  press(env, "todo.options.scrim");
  rows = rows_on_screen(env);
  EXPECT_EQ(rows, (std::vector<std::string>{"1", "9"}));
  EXPECT_FALSE(on_screen(env, "todo.section.completed"));
  EXPECT_EQ(text_of(env, "todo.filter_chip"), "Overdue");
  press(env, "todo.options");
  press(env, "todo.show.today");
  act(env, R"({"type":"back"})");
  rows = rows_on_screen(env);
  EXPECT_EQ(rows, (std::vector<std::string>{"3", "6"}));
  press(env, "todo.filter_chip");  // clears the filter
  EXPECT_EQ(todo(env)["show"], "all");
  EXPECT_EQ(data_changes(before, env.state()), Paths{});
}

TEST(Tasks, SearchFindsTitlesNotesAndTags) {
  Env env;
  open_app(env, "todo");
  press(env, "todo.search");
  ASSERT_EQ(env.phone().current_page(), "search");
  type_text(env, "bills");
  EXPECT_TRUE(on_screen(env, "todo.result.4"));
  EXPECT_TRUE(on_screen(env, "todo.result.14"));
  EXPECT_TRUE(on_screen(env, "todo.result.51"));  // Pay rent, in Home
  EXPECT_FALSE(on_screen(env, "todo.result.1"));
  // A result's checkbox completes the task from the search page.
  const json before = env.state();
  press(env, "todo.result.14.check");
  EXPECT_EQ(data_changes(before, env.state()), (Paths{"/apps/todo/tasks/14"}));
  EXPECT_TRUE(find_node(env, "todo.result.14.check")["checked"].get<bool>());
  type_text(env, "zzz", true);
  EXPECT_EQ(text_of(env, "todo.search.empty"), "No matching tasks");
  type_text(env, "watercolour", true);  // in a description
  EXPECT_TRUE(on_screen(env, "todo.result.33"));
  press(env, "todo.result.33");
  EXPECT_EQ(env.phone().current_page(), "edit");
  EXPECT_EQ(text_of(env, "todo.edit.title"), "Birthday gift for Emma");
}

TEST(Tasks, AReminderPostsANotificationWhenDue) {
  Env env;
  open_app(env, "todo");
  env.apply_patch({{{"op", "add"}, {"path", "/os/permissions/todo"}, {"value", {{"POST_NOTIFICATIONS", "granted"}}}}});
  const json before = env.state();
  // Book dentist checkup: due today 09:00, reminder when due; now 08:00.
  for (int i = 0; i < 59; ++i) act(env, R"({"type":"wait","seconds":60})");
  EXPECT_TRUE(env.state()["os"]["notifications"].empty());
  for (int i = 0; i < 2; ++i) act(env, R"({"type":"wait","seconds":60})");
  const json list = env.state()["os"]["notifications"];
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0]["app"], "todo");
  EXPECT_EQ(list[0]["title"], "Book dentist checkup");
  EXPECT_EQ(list[0]["text"], "Due Today 09:00");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/os/notifications/-", "/os/next_notification_id"}));
  // Tapping it opens the task, from wherever the app was.
  press(env, "todo.task.10");
  act(env, R"({"type":"swipe","x1":500,"y1":10,"x2":500,"y2":600})");
  press(env, "shade.notification." + std::to_string(list[0]["id"].get<int>()));
  EXPECT_EQ(env.phone().current_page(), "edit");
  EXPECT_EQ(text_of(env, "todo.edit.title"), "Book dentist checkup");
  act(env, R"({"type":"back"})");
  EXPECT_EQ(env.phone().current_page(), "tasks");
}

TEST(Tasks, PagesInLivedInStatesPassTheLayoutLint) {
  Env env;
  open_app(env, "todo");
  press(env, "todo.fab");
  enter_text(env, "todo.edit.title", "A very long task title that goes on and on past the edge of the field");
  act(env, R"({"type":"back"})");  // the keyboard
  enter_text(env, "todo.edit.notes", "A long description that wraps over several lines of the editor so that the field grows.");
  for (const std::string& problem : env.lint()) ADD_FAILURE() << problem;
  press(env, "todo.edit.save");
  press(env, "todo.menu");
  press(env, "todo.drawer.all");
  for (const std::string& problem : env.lint()) ADD_FAILURE() << problem;
}

TEST(Tasks, AddToCalendarOpensCalendarsNewEventFormPrefilled) {
  Env env;
  env.apply_patch({{{"op", "add"}, {"path", "/os/permissions/calendar"}, {"value", {{"POST_NOTIFICATIONS", "granted"}}}}});
  const json before = open_app(env, "todo");
  press(env, "todo.task.3");  // Book dentist checkup, today 09:00
  press(env, "todo.edit.calendar");
  ASSERT_EQ(env.state()["os"]["foreground"], "calendar");
  EXPECT_EQ(env.phone().current_page(), "edit_event");
  EXPECT_EQ(text_of(env, "calendar.form.title"), "Book dentist checkup");
  press(env, "calendar.form.save");
  EXPECT_EQ(env.state()["os"]["foreground"], "todo");
  EXPECT_EQ(env.phone().current_page(), "edit");
  const json ev = env.state()["apps"]["calendar"]["events"]["41"];
  EXPECT_EQ(ev["title"], "Book dentist checkup");
  EXPECT_EQ(ev["date"], "2026-01-01");
  EXPECT_EQ(ev["start"], "09:00");
  EXPECT_EQ(ev["end"], "10:00");
  act(env, R"({"type":"back"})");
  Paths data;
  for (const std::string& p : data_changes(before, env.state()))
    if (p.rfind("/apps/calendar/", 0) != 0) data.insert(p);
  EXPECT_EQ(data, Paths{});  // the task itself is unchanged
}

TEST(Tasks, ANewTaskInTodayIsDueTodayAndNewestFirstSortsByCreation) {
  Env env;
  const json before = open_app(env, "todo");
  press(env, "todo.menu");
  press(env, "todo.drawer.today");
  press(env, "todo.fab");
  EXPECT_EQ(env.state()["os"]["keyboard"]["focus"], "todo.edit.title");  // a new task starts with its name
  type_text(env, "Call the vet");
  act(env, R"({"type":"back"})");  // the keyboard
  EXPECT_EQ(text_of(env, "todo.edit.due"), "Today");
  EXPECT_EQ(text_of(env, "todo.edit.list"), "My Tasks");
  act(env, R"({"type":"back"})");  // leaving the editor saves
  EXPECT_EQ(data_changes(before, env.state()), (Paths{"/apps/todo/tasks/61"}));
  EXPECT_EQ(todo(env)["tasks"]["61"]["due"], "2026-01-01");
  EXPECT_EQ(todo(env)["tasks"]["61"]["list"], "1");
  press(env, "todo.options");
  press(env, "todo.sort.created");
  EXPECT_EQ(rows_on_screen(env)[0], "61");
}

TEST(Tasks, TheEditorOfACompletedTaskShowsWhenItWasDone) {
  Env env;
  const json before = open_app(env, "todo");
  scroll_to(env, "todo.task.12");
  press(env, "todo.task.12");  // Back up phone photos, done a week ago
  EXPECT_TRUE(find_node(env, "todo.edit.complete")["checked"].get<bool>());
  scroll_to(env, "todo.edit.created");
  const std::string line = text_of(env, "todo.edit.created");
  EXPECT_NE(line.find("Completed Dec 25, 2025"), std::string::npos) << line;
  for (const std::string& problem : env.lint()) ADD_FAILURE() << problem;
  // Reopening it from the editor.
  press(env, "todo.edit.save");
  EXPECT_EQ(data_changes(before, env.state()), Paths{});
  scroll_to(env, "todo.task.12");
  press(env, "todo.task.12");
  press(env, "todo.edit.complete");
  press(env, "todo.edit.save");
  EXPECT_EQ(data_changes(before, env.state()), (Paths{"/apps/todo/tasks/12"}));
  EXPECT_EQ(todo(env)["tasks"]["12"], (json{{"completed", false}, {"completed_ms", 0}}));
}

TEST(Tasks, LongPressSelectsTasksToCompleteOrDeleteTogether) {
  Env env;
  const json before = open_app(env, "todo");
  press(env, "todo.task.1", "long_press");
  EXPECT_EQ(text_of(env, "todo.select.count"), "1 selected");
  EXPECT_TRUE(find_node(env, "todo.task.1")["selected"].get<bool>());
  EXPECT_FALSE(on_screen(env, "todo.fab"));
  press(env, "todo.task.9");  // in selection mode a tap selects
  EXPECT_EQ(text_of(env, "todo.select.count"), "2 selected");
  EXPECT_EQ(env.phone().current_page(), "tasks");
  press(env, "todo.select.complete");
  EXPECT_EQ(env.state()["os"]["toast"]["text"], "2 tasks completed");
  EXPECT_TRUE(on_screen(env, "todo.menu"));
  EXPECT_EQ(data_changes(before, env.state()), (Paths{"/apps/todo/tasks/1", "/apps/todo/tasks/9"}));
  EXPECT_EQ(todo(env)["tasks"]["1"]["completed"], true);
  EXPECT_EQ(todo(env)["tasks"]["9"]["completed"], true);
  // Select two, unselect one, delete the other after the confirmation.
  const json before_delete = env.state();
  press(env, "todo.task.3", "long_press");
  press(env, "todo.task.8");
  press(env, "todo.task.3");
  EXPECT_EQ(text_of(env, "todo.select.count"), "1 selected");
  press(env, "todo.select.delete");
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Delete 1 task?");
  press(env, "dialog.button.delete");
  EXPECT_EQ(data_changes(before_delete, env.state()), (Paths{"/apps/todo/tasks/8"}));
  EXPECT_FALSE(on_screen(env, "todo.select.count"));
  // Closing the selection changes nothing.
  press(env, "todo.task.3", "long_press");
  press(env, "todo.select.close");
  EXPECT_TRUE(todo(env)["selected"].empty());
  EXPECT_EQ(data_changes(before_delete, env.state()), (Paths{"/apps/todo/tasks/8"}));
}

TEST(Tasks, ATagInTheDrawerFiltersItsTasksFromEveryList) {
  Env env;
  const json before = open_app(env, "todo");
  press(env, "todo.menu");
  scroll_to(env, "todo.drawer.tag.bills");
  EXPECT_EQ(desc_of(env, "todo.drawer.tag.bills"), "Bills, 3 open");
  press(env, "todo.drawer.tag.bills");
  EXPECT_EQ(text_of(env, "todo.title"), "Bills");
  EXPECT_EQ(rows_on_screen(env), (std::vector<std::string>{"51", "4", "14"}));  // rent today, Jan 3, Jan 4 11:00
  EXPECT_NE(desc_of(env, "todo.task.51").find("Due Today"), std::string::npos);
  // A task made here gets the tag.
  press(env, "todo.fab");
  type_text(env, "Pay the water bill");
  press(env, "todo.edit.save");
  EXPECT_EQ(data_changes(before, env.state()), (Paths{"/apps/todo/tasks/61"}));
  EXPECT_EQ(todo(env)["tasks"]["61"]["tags"], json::array({"Bills"}));
  EXPECT_EQ(todo(env)["tasks"]["61"]["list"], "1");
  EXPECT_TRUE(on_screen(env, "todo.task.61"));
}
