// Expenses through actions, as a user drives it: the dashboard's month summary and donut, adding
// an expense and an income (amount validation, category picker, date picker, payment method,
// note), editing and deleting an entry (with its confirmation), entries by day with month
// navigation and a category filter, categories (add, rename, delete, icon and colour), the
// monthly reports, search, the currency setting and the CSV export. Each flow checks exactly which
// state paths it changed and what the screen shows.
#include "phone_driver.hpp"
#include "sim/env/env.hpp"
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

using namespace pg::testing;

namespace {

const json& ex(Env& env) { return env.phone().app_state("expenses"); }

std::string toast(Env& env) {
  const json t = env.state()["os"]["toast"];
  return t.is_object() ? t.value("text", "") : "";
}

/// Fills the open entry form's amount and title (each field: tap, type), then closes the keyboard.
void fill_form(Env& env, const std::string& amount, const std::string& title) {
  enter_text(env, "expenses.edit.amount", amount);
  enter_text(env, "expenses.edit.name", title);
  act(env, R"({"type":"back"})");
}

/// The layout lint of the current screen (overlapping or overflowing text, small targets) is clean.
void expect_clean(Env& env, const std::string& where) {
  for (const std::string& problem : env.lint()) ADD_FAILURE() << where << ": " << problem;
}

}  // namespace

TEST(Expenses, DashboardShowsTheMonthDonutAndRecentEntries) {
  Env env;
  open_app(env, "expenses");
  EXPECT_EQ(env.phone().current_page(), "dashboard");
  EXPECT_EQ(text_of(env, "expenses.month.label"), "January 2026");
  EXPECT_EQ(text_of(env, "expenses.dashboard.spent"), "$2,204.50");
  EXPECT_EQ(text_of(env, "expenses.dashboard.income"), "$0.00");
  EXPECT_EQ(text_of(env, "expenses.dashboard.balance"), "-$2,204.50");
  // The newest entry first: coffee at 07:35 on New Year's Day.
  EXPECT_EQ(text_of(env, "expenses.recent.e145"), "Blue Bottle Coffee");
  for (const char* tab : {"expenses.tab.dashboard", "expenses.tab.entries", "expenses.tab.stats", "expenses.tab.categories"})
    EXPECT_TRUE(on_screen(env, tab)) << tab;
  // Back a month: December's totals.
  const json before = env.state();
  press(env, "expenses.month.prev");
  EXPECT_EQ(text_of(env, "expenses.month.label"), "December 2025");
  EXPECT_EQ(text_of(env, "expenses.dashboard.spent"), "$4,520.52");
  EXPECT_EQ(text_of(env, "expenses.dashboard.income"), "$4,480.00");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/expenses/month"}));
  for (const std::string& problem : env.lint()) ADD_FAILURE() << problem;
}

TEST(Expenses, AddAnExpenseWithCategoryDatePaymentAndNote) {
  Env env;
  const json before = open_app(env, "expenses");
  press(env, "expenses.fab");
  ASSERT_EQ(env.phone().current_page(), "edit");
  EXPECT_EQ(text_of(env, "expenses.edit.title"), "Add entry");
  fill_form(env, "12.50", "Sandwich at Souvla");
  press(env, "expenses.edit.category");
  ASSERT_EQ(env.phone().current_page(), "pick_category");
  EXPECT_FALSE(on_screen(env, "expenses.pick.salary"));  // an expense: expense categories only
  press(env, "expenses.pick.dining");
  EXPECT_EQ(env.phone().current_page(), "edit");
  EXPECT_EQ(text_of(env, "expenses.edit.category"), "Food & Dining");
  // The date picker: back to December, the 24th, OK.
  press(env, "expenses.edit.date");
  ASSERT_EQ(env.phone().current_page(), "date_picker");
  press(env, "expenses.date.prev");
  press(env, "expenses.date.day.2025-12-24");
  EXPECT_EQ(text_of(env, "expenses.date.selected"), "Wed, Dec 24, 2025");
  press(env, "expenses.date.ok");
  EXPECT_EQ(text_of(env, "expenses.edit.date"), "Wed, Dec 24, 2025");
  // Payment method from the list dialog.
  press(env, "expenses.edit.payment");
  expect_clean(env, "payment dialog");
  press(env, "dialog.button.credit_card");
  EXPECT_EQ(text_of(env, "expenses.edit.payment"), "Credit card");
  enter_text(env, "expenses.edit.note", "Christmas Eve lunch");
  press(env, "expenses.edit.save");
  EXPECT_EQ(env.phone().current_page(), "dashboard");
  EXPECT_EQ(toast(env), "Expense added");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/expenses/entries/e149", "/apps/expenses/next_entry"}));
  const json& e = ex(env)["entries"]["e149"];
  EXPECT_EQ(e["name"], "Sandwich at Souvla");
  EXPECT_EQ(e["amount_cents"], 1250);
  EXPECT_EQ(e["kind"], "expense");
  EXPECT_EQ(e["category"], "dining");
  EXPECT_EQ(e["date"], "2025-12-24");
  EXPECT_EQ(e["payment"], "credit_card");
  EXPECT_EQ(e["note"], "Christmas Eve lunch");
  // It shows under Wed, Dec 24 in December's entries.
  press(env, "expenses.tab.entries");
  press(env, "expenses.month.prev");
  scroll_to(env, "expenses.entry.e149");
  EXPECT_EQ(text_of(env, "expenses.entry.e149"), "Sandwich at Souvla");
}

TEST(Expenses, AmountAndFormErrorsAreClearAndSaveNothing) {
  Env env;
  const json before = open_app(env, "expenses");
  press(env, "expenses.fab");
  press(env, "expenses.edit.save");
  EXPECT_EQ(text_of(env, "expenses.edit.error"), "Enter an amount");
  const std::pair<const char*, const char*> cases[] = {{"12.345", "Enter a valid amount, e.g. 12.50"},
                                                       {"abc", "Enter a valid amount, e.g. 12.50"},
                                                       {"1.2.3", "Enter a valid amount, e.g. 12.50"},
                                                       {"0", "The amount must be more than 0"},
                                                       {"2000000", "The amount can't be more than 1,000,000.00"}};
  for (const auto& [amount, error] : cases) {
    enter_text(env, "expenses.edit.amount", amount, true);
    press(env, "expenses.edit.save");
    EXPECT_EQ(text_of(env, "expenses.edit.error"), error) << amount;
  }
  enter_text(env, "expenses.edit.amount", "$1,049.99", true);  // symbols and thousands separators are fine
  press(env, "expenses.edit.save");
  EXPECT_EQ(text_of(env, "expenses.edit.error"), "Enter a title");
  enter_text(env, "expenses.edit.name", "New couch");
  press(env, "expenses.edit.save");
  EXPECT_EQ(text_of(env, "expenses.edit.error"), "Choose a category");
  expect_clean(env, "form error");
  EXPECT_EQ(env.phone().current_page(), "edit");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/expenses/draft"}));  // only the open form
  press(env, "expenses.edit.category");
  press(env, "expenses.pick.shopping");
  press(env, "expenses.edit.save");
  EXPECT_EQ(ex(env)["entries"]["e149"]["amount_cents"], 104999);
}

TEST(Expenses, AddIncomeOffersIncomeCategories) {
  Env env;
  const json before = open_app(env, "expenses");
  press(env, "expenses.fab");
  press(env, "expenses.edit.kind.income");
  EXPECT_TRUE(find_node(env, "expenses.edit.kind.income")["checked"].get<bool>());
  fill_form(env, "300", "Tutoring");
  press(env, "expenses.edit.category");
  EXPECT_FALSE(on_screen(env, "expenses.pick.groceries"));
  press(env, "expenses.pick.freelance");
  press(env, "expenses.edit.save");
  EXPECT_EQ(toast(env), "Income added");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/expenses/entries/e149", "/apps/expenses/next_entry"}));
  EXPECT_EQ(ex(env)["entries"]["e149"]["kind"], "income");
  EXPECT_EQ(ex(env)["entries"]["e149"]["date"], "2026-01-01");
  EXPECT_EQ(text_of(env, "expenses.dashboard.income"), "$300.00");
  // Switching the kind drops a category of the other kind.
  press(env, "expenses.fab");
  press(env, "expenses.edit.category");
  press(env, "expenses.pick.groceries");
  press(env, "expenses.edit.kind.income");
  EXPECT_EQ(text_of(env, "expenses.edit.category"), "Choose a category");
}

TEST(Expenses, EditAnEntryKeepsTheOverlayMinimal) {
  Env env;
  open_app(env, "expenses");
  press(env, "expenses.tab.entries");
  press(env, "expenses.month.prev");
  const json before = env.state();
  press(env, "expenses.entry.e144");  // Trader Joe's, $77.00, Dec 31
  EXPECT_EQ(text_of(env, "expenses.edit.title"), "Edit entry");
  EXPECT_EQ(text_of(env, "expenses.edit.amount"), "77.00");
  enter_text(env, "expenses.edit.amount", "82.40", true);
  press(env, "expenses.edit.save");
  EXPECT_EQ(toast(env), "Entry updated");
  EXPECT_EQ(env.phone().current_page(), "entries");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/expenses/entries/e144"}));
  EXPECT_EQ(ex(env)["entries"]["e144"], (json{{"amount_cents", 8240}}));
  EXPECT_EQ(find_node(env, "expenses.entry.e144")["desc"].get<std::string>().rfind("-$82.40", 0), 0u);
}

TEST(Expenses, DeleteAnEntryAsksFirst) {
  Env env;
  const json before = open_app(env, "expenses");
  press(env, "expenses.recent.e145");
  press(env, "expenses.edit.delete");
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Delete this entry?");
  expect_clean(env, "delete dialog");
  press(env, "dialog.button.cancel");
  EXPECT_EQ(env.phone().current_page(), "edit");
  EXPECT_TRUE(ex(env)["entries"].empty());
  press(env, "expenses.edit.delete");
  press(env, "dialog.button.delete");
  EXPECT_EQ(env.phone().current_page(), "dashboard");
  EXPECT_EQ(toast(env), "Entry deleted");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/expenses/entries/e145"}));
  EXPECT_TRUE(ex(env)["entries"]["e145"].is_null());
  EXPECT_FALSE(on_screen(env, "expenses.recent.e145"));
  EXPECT_EQ(text_of(env, "expenses.dashboard.spent"), "$2,197.75");
}

TEST(Expenses, LongPressOnARowDeletesAfterConfirming) {
  Env env;
  open_app(env, "expenses");
  press(env, "expenses.tab.entries");
  press(env, "expenses.month.prev");
  const json before = env.state();
  press(env, "expenses.entry.e143", "long_press");  // the Dec 31 paycheck
  EXPECT_EQ(env.state()["os"]["dialog"]["text"], "Brightline Labs payroll, +$2,150.00");
  press(env, "dialog.button.delete");
  EXPECT_EQ(env.phone().current_page(), "entries");
  EXPECT_EQ(toast(env), "Entry deleted");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/expenses/entries/e143"}));
  EXPECT_FALSE(on_screen(env, "expenses.entry.e143"));
  EXPECT_EQ(text_of(env, "expenses.entries.totals"), "Spent $4,520.52  \xC2\xB7  Income $2,330.00");
}

TEST(Expenses, EntriesByDayWithMonthNavigationAndCategoryFilter) {
  Env env;
  open_app(env, "expenses");
  press(env, "expenses.tab.entries");
  press(env, "expenses.month.prev");
  press(env, "expenses.month.prev");
  EXPECT_EQ(text_of(env, "expenses.month.label"), "November 2025");
  EXPECT_TRUE(on_screen(env, "expenses.day.2025-11-30"));
  const json before = env.state();
  press(env, "expenses.entries.filter");
  ASSERT_EQ(env.phone().current_page(), "pick_category");
  expect_clean(env, "filter picker");
  press(env, "expenses.pick.groceries");
  EXPECT_EQ(text_of(env, "expenses.entries.filter"), "Groceries");
  expect_clean(env, "filtered entries");
  EXPECT_EQ(text_of(env, "expenses.entries.totals"), "Spent $451.03  \xC2\xB7  Income $0.00");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/expenses/filter_category"}));
  const json filtered = env.ui_tree();  // kept: a loop over a temporary's ["nodes"] would dangle
  int rows = 0;
  for (const json& n : filtered["nodes"]) {
    const std::string id = n["id"];
    if (id.rfind("expenses.entry.", 0) != 0) continue;
    ++rows;
    EXPECT_NE(n["desc"].get<std::string>().find("Groceries"), std::string::npos) << id;
  }
  EXPECT_GT(rows, 0);
  press(env, "expenses.entries.clear_filter");
  EXPECT_EQ(text_of(env, "expenses.entries.filter"), "All categories");
  // A month without entries says so.
  press(env, "expenses.month.prev");
  press(env, "expenses.month.prev");
  EXPECT_EQ(text_of(env, "expenses.entries.empty"), "No entries in September 2025");
  expect_clean(env, "empty month");
}

TEST(Expenses, CategoriesAddRenameAndDelete) {
  Env env;
  const json before = open_app(env, "expenses");
  press(env, "expenses.tab.categories");
  // Add "Pets" with the paw icon and pink.
  press(env, "expenses.categories.add");
  enter_text(env, "expenses.cat.name", "Pets");
  act(env, R"({"type":"back"})");
  press(env, "expenses.cat.icon.pets");
  press(env, "expenses.cat.color.D81B60");
  press(env, "expenses.cat.save");
  EXPECT_EQ(toast(env), "Category added");
  EXPECT_EQ(ex(env)["categories"]["c1"],
            (json{{"name", "Pets"}, {"icon", "pets"}, {"color", "#D81B60"}, {"kind", "expense"}}));
  scroll_to(env, "expenses.category.c1");
  // A duplicate name is refused.
  press(env, "expenses.categories.add");
  enter_text(env, "expenses.cat.name", "housing");
  press(env, "expenses.cat.save");
  EXPECT_EQ(text_of(env, "expenses.cat.error"), "A category named Housing already exists");
  expect_clean(env, "category error");
  act(env, R"({"type":"back"})");
  // Rename Groceries.
  act(env, R"({"type":"swipe","x1":500,"y1":400,"x2":500,"y2":900})");
  press(env, "expenses.category.groceries");
  enter_text(env, "expenses.cat.name", "Supermarket", true);
  press(env, "expenses.cat.save");
  EXPECT_EQ(text_of(env, "expenses.category.groceries"), "Supermarket");
  // Delete Education: confirmed, its 3 entries move to Others.
  press(env, "expenses.category.education");
  press(env, "expenses.cat.delete");
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Delete Education?");
  expect_clean(env, "delete category dialog");
  press(env, "dialog.button.delete");
  EXPECT_EQ(toast(env), "Category deleted");
  EXPECT_FALSE(on_screen(env, "expenses.category.education"));
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/expenses/categories/c1", "/apps/expenses/categories/groceries", "/apps/expenses/categories/education",
                   "/apps/expenses/entries/e036", "/apps/expenses/entries/e071", "/apps/expenses/entries/e139",
                   "/apps/expenses/next_category"}));
  EXPECT_EQ(ex(env)["entries"]["e071"], (json{{"category", "others"}}));
  // Others stays.
  scroll_to(env, "expenses.category.others");
  press(env, "expenses.category.others");
  press(env, "expenses.cat.delete");
  EXPECT_EQ(toast(env), "This category can't be deleted");
  EXPECT_TRUE(env.state()["os"]["dialog"].is_null());
}

TEST(Expenses, ReportsShowMonthlyTotalsAndCategories) {
  Env env;
  open_app(env, "expenses");
  press(env, "expenses.tab.stats");
  const json before = env.state();
  press(env, "expenses.stats.bar.2025-11");
  EXPECT_EQ(text_of(env, "expenses.month.label"), "November 2025");
  EXPECT_EQ(text_of(env, "expenses.stats.spent"), "$4,095.69");
  EXPECT_EQ(text_of(env, "expenses.stats.income"), "$4,620.00");
  EXPECT_EQ(text_of(env, "expenses.stats.balance"), "$524.31");
  expect_clean(env, "reports");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/expenses/month"}));
  scroll_to(env, "expenses.stats.cat.groceries");
  EXPECT_EQ(find_node(env, "expenses.stats.cat.groceries")["desc"].get<std::string>().rfind("$451.03", 0), 0u);
  scroll_to(env, "expenses.stats.month.2025-10");
  expect_clean(env, "monthly totals");
  EXPECT_EQ(find_node(env, "expenses.stats.month.2025-10")["desc"], "Spent $4,329.97, income $4,750.00, balance $420.03");
  press(env, "expenses.stats.month.2025-10");
  EXPECT_EQ(text_of(env, "expenses.month.label"), "October 2025");
  press(env, "expenses.stats.bar.2025-11");
  scroll_to(env, "expenses.stats.cat.groceries");
  press(env, "expenses.stats.cat.groceries");  // opens the month's entries in that category
  EXPECT_EQ(env.phone().current_page(), "entries");
  EXPECT_EQ(text_of(env, "expenses.entries.filter"), "Groceries");
}

TEST(Expenses, SearchByTextAndCategory) {
  Env env;
  open_app(env, "expenses");
  press(env, "expenses.search");
  EXPECT_EQ(env.phone().current_page(), "search");
  type_text(env, "coffee");
  EXPECT_EQ(text_of(env, "expenses.search.count"), "4 results  \xC2\xB7  Spent $28.25");
  EXPECT_TRUE(on_screen(env, "expenses.result.e145"));
  act(env, R"({"type":"back"})");  // the keyboard
  press(env, "expenses.search.category");
  press(env, "expenses.pick.housing");
  EXPECT_EQ(text_of(env, "expenses.search.count"), "0 results");
  expect_clean(env, "search with a filter");
  press(env, "expenses.search.clear_filter");
  press(env, "expenses.result.e145");
  EXPECT_EQ(env.phone().current_page(), "edit");
}

TEST(Expenses, CurrencySettingAndCsvExport) {
  Env env;
  const json before = open_app(env, "expenses");
  press(env, "expenses.settings");
  press(env, "expenses.currency.GBP");
  EXPECT_EQ(toast(env), "Currency set to GBP");
  press(env, "expenses.settings.export");
  expect_clean(env, "export dialog");
  press(env, "dialog.button.month");
  EXPECT_EQ(toast(env), "Saved Download/expenses_2026-01.csv");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/expenses/currency", "/apps/expenses/exports/-",
                                                       "/apps/files/files/n1", "/apps/files/next_id"}));
  EXPECT_EQ(ex(env)["exports"][0]["rows"], 4);
  EXPECT_EQ(ex(env)["exports"][0]["file_id"], "n1");
  // The file is in shared storage: Files' Download folder, with the CSV as its text.
  const json file = pg::call_app(env.phone(), "files", "read", {{"id", "n1"}});
  EXPECT_EQ(file["folder"], "Download");
  EXPECT_EQ(file["name"], "expenses_2026-01.csv");
  EXPECT_EQ(file["source"], "expenses");
  EXPECT_EQ(file["text"], pg::call_app(env.phone(), "expenses", "export_csv", {{"name", "expenses_2026-01.csv"}})["csv"]);
  // Exporting again replaces the file rather than adding "expenses_2026-01 (1).csv".
  press(env, "expenses.settings.export");
  press(env, "dialog.button.month");
  EXPECT_EQ(pg::call_app(env.phone(), "files", "list", {{"folder", "Download"}, {"kind", "text"}}).size(),
            pg::call_app(Env().phone(), "files", "list", {{"folder", "Download"}, {"kind", "text"}}).size() + 1);
  EXPECT_TRUE(on_screen(env, "expenses.export.0"));
  expect_clean(env, "settings after an export");
  const json csv = pg::call_app(env.phone(), "expenses", "export_csv", {{"name", "expenses_2026-01.csv"}});
  EXPECT_EQ(csv["csv"].get<std::string>().rfind("Date,Title,Category,Type,Amount,Payment method,Note\n2026-01-01,", 0), 0u);
  EXPECT_THROW(pg::call_app(env.phone(), "expenses", "export_csv", {{"name", "nope.csv"}}), std::invalid_argument);
  const json sum = pg::call_app(env.phone(), "expenses", "month_summary", {{"month", "2025-12"}});
  EXPECT_EQ(sum["spent_cents"], 452052);
  EXPECT_EQ(sum["count"], 48);
  act(env, R"({"type":"back"})");
  EXPECT_EQ(text_of(env, "expenses.dashboard.spent"), "\xC2\xA3" "2,204.50");
}

TEST(Expenses, DatePickerCancelKeepsTheDate) {
  Env env;
  open_app(env, "expenses");
  press(env, "expenses.fab");
  press(env, "expenses.edit.date");
  press(env, "expenses.date.day.2026-01-15");
  press(env, "expenses.date.cancel");
  EXPECT_EQ(text_of(env, "expenses.edit.date"), "Thu, Jan 1, 2026");
  press(env, "expenses.edit.date");
  press(env, "expenses.date.next");
  press(env, "expenses.date.day.2026-02-02");
  press(env, "expenses.date.ok");
  EXPECT_EQ(text_of(env, "expenses.edit.date"), "Mon, Feb 2, 2026");
}
