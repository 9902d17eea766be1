// Reader through actions, as a user drives it: the bookshelf (open, remove with a confirmation,
// groups: create, move, delete), the store (categories, top charts, search by title and author),
// book pages (add to shelf, read a chapter), the reading page (page turns by tapping the thirds and
// by swiping, chapters, contents, font size and theme, bookmarks, highlights and notes through
// select mode and long-press, the notes list), finishing a book, reading time on virtual time, the
// stats page and sharing a highlight. Each flow checks exactly which state paths it changed.
#include "apps/reader/reader_text.hpp"
#include "phone_driver.hpp"
#include "sim/env/env.hpp"
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"

#include <gtest/gtest.h>

using namespace pg::testing;

namespace {

const json& rd(Env& env) { return env.phone().app_state("reader"); }
/// A flow's changes without the reading-time bookkeeping the reading page adds on every step.
Paths without_time(Paths p) {
  for (auto it = p.begin(); it != p.end();)
    if (*it == "/apps/reader/carry_ms" || it->rfind("/apps/reader/reading_log", 0) == 0)
      it = p.erase(it);
    else
      ++it;
  return p;
}
int pages_of(const std::string& book, const std::string& category, int chapter, int font = 2) {
  return static_cast<int>(pg::reader::layout(book, category, chapter, font)->pages.size());
}
int shelf_index(Env& env, const std::string& book) {
  const json& s = rd(env)["shelf"];
  for (std::size_t i = 0; i < s.size(); ++i)
    if (s[i]["book"] == book) return static_cast<int>(i);
  return -1;
}
/// Opens Pride and Prejudice (chapter 7, page 2) from the shelf.
json open_pride(Env& env) {
  open_app(env, "reader");
  const json before = env.state();
  press(env, "reader.shelf.book.b01");
  EXPECT_EQ(env.phone().current_page(), "read");
  return before;
}
void swipe(Env& env, int x1, int x2) {
  act(env, R"({"type":"swipe","x1":)" + std::to_string(x1) + R"(,"y1":500,"x2":)" + std::to_string(x2) + R"(,"y2":500})");
}

}  // namespace

TEST(Reader, ShelfListsBooksRecentFirstWithProgressAndTabs) {
  Env env;
  open_app(env, "reader");
  EXPECT_EQ(env.phone().current_page(), "shelf");
  EXPECT_EQ(text_of(env, "reader.shelf.count"), "11 books");
  const json first = find_node(env, "reader.shelf.book.b01");
  ASSERT_FALSE(first.is_null());
  EXPECT_EQ(first["text"], "Pride and Prejudice");
  EXPECT_NE(first["desc"].get<std::string>().find("% \xC2\xB7 Chapter 7"), std::string::npos);
  EXPECT_LT(find_node(env, "reader.shelf.book.b01")["bounds"][1].get<int>(),
            find_node(env, "reader.shelf.book.b08")["bounds"][1].get<int>());  // read most recently first
  for (const char* tab : {"reader.tab.shelf", "reader.tab.store", "reader.tab.stats"}) EXPECT_TRUE(on_screen(env, tab)) << tab;
  for (const std::string& problem : env.lint()) ADD_FAILURE() << problem;
  // A group chip filters the shelf (UI state only).
  const json before = env.state();
  press(env, "reader.shelf.filter.work");
  EXPECT_EQ(text_of(env, "reader.shelf.count"), "2 books");
  EXPECT_TRUE(on_screen(env, "reader.shelf.book.b38"));
  EXPECT_FALSE(on_screen(env, "reader.shelf.book.b01"));
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/reader/shelf_group"}));
}

TEST(Reader, StoreCategoryBookAddToShelf) {
  Env env;
  open_app(env, "reader");
  press(env, "reader.tab.store");
  EXPECT_EQ(env.phone().current_page(), "store");
  const json before = env.state();
  press(env, "reader.store.cat.mystery");
  EXPECT_EQ(env.phone().current_page(), "category");
  EXPECT_EQ(text_of(env, "reader.category.title"), "Mystery & Thriller");
  press(env, "reader.category.book.b09");
  EXPECT_EQ(env.phone().current_page(), "book");
  EXPECT_EQ(text_of(env, "reader.book.name"), "The Glass Alibi");
  EXPECT_EQ(text_of(env, "reader.book.author"), "Nora Ellison");
  EXPECT_EQ(text_of(env, "reader.book.shelf"), "Add to shelf");
  press(env, "reader.book.shelf");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/reader/shelf/-"}));
  EXPECT_EQ(rd(env)["shelf"][11]["title"], "The Glass Alibi");
  EXPECT_EQ(rd(env)["shelf"][11]["group"], "");
  EXPECT_EQ(text_of(env, "reader.book.shelf"), "On shelf");
  EXPECT_EQ(env.state()["os"]["toast"]["text"], "Added to your bookshelf");
  // Back on the shelf it is listed.
  act(env, R"({"type":"back"})");
  act(env, R"({"type":"back"})");
  act(env, R"({"type":"wait","seconds":4})");  // the toast over the navigation bar goes
  press(env, "reader.tab.shelf");
  EXPECT_EQ(text_of(env, "reader.shelf.count"), "12 books");
}

TEST(Reader, SearchByTitleAndAuthorAndNoMatch) {
  Env env;
  open_app(env, "reader");
  press(env, "reader.tab.store");
  const json before = env.state();
  press(env, "reader.store.search");
  EXPECT_EQ(env.phone().current_page(), "search");
  type_text(env, "austen");
  EXPECT_TRUE(on_screen(env, "reader.search.result.b01"));
  EXPECT_FALSE(on_screen(env, "reader.search.result.b02"));
  type_text(env, "salt", true);
  EXPECT_TRUE(on_screen(env, "reader.search.result.b13"));  // The Salt Orbit
  EXPECT_TRUE(on_screen(env, "reader.search.result.b26"));  // Empire of Salt
  type_text(env, "zzzz", true);
  EXPECT_EQ(text_of(env, "reader.search.empty"), "No books match \"zzzz\"");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/reader/query"}));
}

TEST(Reader, RankingsTabsOrderBooks) {
  Env env;
  open_app(env, "reader");
  press(env, "reader.tab.store");
  press(env, "reader.store.rankings");
  EXPECT_EQ(env.phone().current_page(), "rankings");
  EXPECT_TRUE(find_node(env, "reader.rankings.tab.popular")["selected"].get<bool>());
  press(env, "reader.rankings.tab.rated");
  EXPECT_TRUE(find_node(env, "reader.rankings.tab.rated")["selected"].get<bool>());
  press(env, "reader.rankings.tab.new");
  EXPECT_TRUE(find_node(env, "reader.rankings.tab.new")["selected"].get<bool>());
  for (const std::string& problem : env.lint()) ADD_FAILURE() << problem;
}

TEST(Reader, RemoveFromShelfAsksFirst) {
  Env env;
  const json before = open_app(env, "reader");
  press(env, "reader.shelf.more.b40");
  EXPECT_EQ(env.state()["os"]["dialog"]["kind"], "choice");
  press(env, "dialog.button.remove");
  ASSERT_TRUE(env.state()["os"]["dialog"].is_object());
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Remove from shelf?");
  press(env, "dialog.button.cancel");
  EXPECT_EQ(changed_paths(before, env.state()), Paths{});
  press(env, "reader.shelf.more.b40");
  press(env, "dialog.button.remove");
  press(env, "dialog.button.remove");
  EXPECT_EQ(shelf_index(env, "b40"), -1);
  EXPECT_FALSE(on_screen(env, "reader.shelf.book.b40"));
  EXPECT_EQ(text_of(env, "reader.shelf.count"), "10 books");
  // The shelf array lost its entry 9 (Money on the Table): later entries shift down.
  Paths p = changed_paths(before, env.state());
  EXPECT_TRUE(p.count("/apps/reader/shelf/10")) << "the last entry moved";
  EXPECT_EQ(before["apps"]["reader"]["positions"], rd(env)["positions"]);
}

TEST(Reader, RemoveFromTheBookPageToo) {
  Env env;
  const json before = open_app(env, "reader");
  press(env, "reader.shelf.more.b32");
  press(env, "dialog.button.details");
  EXPECT_EQ(env.phone().current_page(), "book");
  EXPECT_EQ(text_of(env, "reader.book.shelf"), "On shelf");
  press(env, "reader.book.shelf");
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Remove from shelf?");
  press(env, "dialog.button.remove");
  EXPECT_EQ(shelf_index(env, "b32"), -1);
  EXPECT_EQ(text_of(env, "reader.book.shelf"), "Add to shelf");
}

TEST(Reader, MoveToGroupAndCreateGroupWithErrors) {
  Env env;
  const json before = open_app(env, "reader");
  press(env, "reader.shelf.more.b40");
  press(env, "dialog.button.move");
  EXPECT_EQ(env.phone().current_page(), "move");
  EXPECT_TRUE(find_node(env, "reader.move.group.work")["checked"].get<bool>());
  press(env, "reader.move.group.classics");
  EXPECT_EQ(env.phone().current_page(), "shelf");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/reader/shelf/9/group"}));
  EXPECT_EQ(rd(env)["shelf"][9]["group"], "Classics");
  // A new group: empty and duplicate names are refused with a message.
  const json before2 = env.state();
  press(env, "reader.shelf.more.b40");
  press(env, "dialog.button.move");
  press(env, "reader.move.create");
  EXPECT_EQ(text_of(env, "reader.error"), "Enter a group name");
  enter_text(env, "reader.move.new", "holiday READS");
  press(env, "reader.move.create");
  EXPECT_EQ(text_of(env, "reader.error"), "A group called \"Holiday reads\" already exists");
  type_text(env, "Book club", true);
  press(env, "reader.move.create");
  EXPECT_EQ(env.phone().current_page(), "shelf");
  EXPECT_EQ(rd(env)["groups"], json({"Classics", "Holiday reads", "Work", "Book club"}));
  EXPECT_EQ(rd(env)["shelf"][9]["group"], "Book club");
  EXPECT_EQ(changed_paths(before2, env.state()), (Paths{"/apps/reader/groups/-", "/apps/reader/shelf/9/group"}));
  EXPECT_TRUE(on_screen(env, "reader.shelf.filter.book_club"));
}

TEST(Reader, GroupsPageCreatesAndDeletesWithConfirmation) {
  Env env;
  const json before = open_app(env, "reader");
  press(env, "reader.shelf.groups");
  EXPECT_EQ(env.phone().current_page(), "groups");
  enter_text(env, "reader.groups.field", "Poetry");
  press(env, "reader.groups.create");
  EXPECT_EQ(rd(env)["groups"].back(), "Poetry");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/reader/groups/-"}));
  const json before2 = env.state();
  press(env, "reader.groups.delete.holiday_reads");
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Delete group?");
  press(env, "dialog.button.delete");
  EXPECT_EQ(rd(env)["groups"], json({"Classics", "Work", "Poetry"}));
  // Its three books stay on the shelf without a group.
  for (const char* b : {"b08", "b13", "b19"}) EXPECT_EQ(rd(env)["shelf"][shelf_index(env, b)]["group"], "") << b;
  EXPECT_EQ(changed_paths(before2, env.state()),
            (Paths{"/apps/reader/groups/1", "/apps/reader/groups/2", "/apps/reader/groups/3", "/apps/reader/shelf/3/group", "/apps/reader/shelf/4/group",
                   "/apps/reader/shelf/5/group"}));
}

TEST(Reader, PageTurnsByTappingThirdsAndBySwiping) {
  Env env;
  const json before = open_pride(env);
  EXPECT_EQ(text_of(env, "reader.read.page"), "Page 2 of " + std::to_string(pages_of("b01", "classics", 7)));
  press(env, "reader.read.next");
  EXPECT_EQ(rd(env)["positions"]["b01"]["page"], 3);
  EXPECT_EQ(without_time(changed_paths(before, env.state())),
            (Paths{"/apps/reader/positions/b01/page", "/apps/reader/positions/b01/opened_ms"}));
  press(env, "reader.read.prev");
  EXPECT_EQ(rd(env)["positions"]["b01"]["page"], 2);
  swipe(env, 800, 200);  // to the left: forward
  EXPECT_EQ(rd(env)["positions"]["b01"]["page"], 3);
  swipe(env, 200, 800);  // to the right: back
  EXPECT_EQ(rd(env)["positions"]["b01"]["page"], 2);
  // The middle third shows the menu; it hides again on the next tap.
  press(env, "reader.read.menu");
  EXPECT_TRUE(on_screen(env, "reader.read.toc"));
  press(env, "reader.read.menu");
  EXPECT_FALSE(on_screen(env, "reader.read.toc"));
  // Past the chapter's last page: the next chapter's first page, with its title.
  const int last = pages_of("b01", "classics", 7);
  for (int i = 2; i < last; ++i) press(env, "reader.read.next");
  EXPECT_EQ(rd(env)["positions"]["b01"]["page"], last);
  press(env, "reader.read.next");
  EXPECT_EQ(rd(env)["positions"]["b01"]["chapter"], 8);
  EXPECT_EQ(rd(env)["positions"]["b01"]["page"], 1);
  EXPECT_EQ(text_of(env, "reader.read.chapter_title"), "Chapter 8");
  // And back over the boundary: the previous chapter's last page.
  press(env, "reader.read.prev");
  EXPECT_EQ(rd(env)["positions"]["b01"]["chapter"], 7);
  EXPECT_EQ(rd(env)["positions"]["b01"]["page"], last);
  for (const std::string& problem : env.lint()) ADD_FAILURE() << problem;
}

TEST(Reader, ContentsJumpAndChapterButtons) {
  Env env;
  const json before = open_pride(env);
  press(env, "reader.read.menu");
  press(env, "reader.read.toc");
  EXPECT_EQ(env.phone().current_page(), "toc");
  EXPECT_TRUE(find_node(env, "reader.toc.chapter.7")["selected"].get<bool>());
  scroll_to(env, "reader.toc.chapter.15");
  press(env, "reader.toc.chapter.15");
  EXPECT_EQ(env.phone().current_page(), "read");
  EXPECT_EQ(rd(env)["positions"]["b01"]["chapter"], 15);
  EXPECT_EQ(rd(env)["positions"]["b01"]["page"], 1);
  EXPECT_EQ(without_time(changed_paths(before, env.state())),
            (Paths{"/apps/reader/positions/b01/chapter", "/apps/reader/positions/b01/page", "/apps/reader/positions/b01/opened_ms"}));
  press(env, "reader.read.menu");
  press(env, "reader.read.next_chapter");
  EXPECT_EQ(rd(env)["positions"]["b01"]["chapter"], 16);
  press(env, "reader.read.prev_chapter");
  press(env, "reader.read.prev_chapter");
  EXPECT_EQ(rd(env)["positions"]["b01"]["chapter"], 14);
  EXPECT_NE(find_node(env, "reader.read.chapter_slider")["desc"].get<std::string>().find("Chapter 14 of 20"), std::string::npos);
}

TEST(Reader, ReadAChapterFromTheBookPage) {
  Env env;
  const json before = open_app(env, "reader");
  press(env, "reader.tab.store");
  press(env, "reader.store.cat.science");
  press(env, "reader.category.book.b35");  // Deep Time, never opened
  EXPECT_EQ(text_of(env, "reader.book.read"), "Read now");
  scroll_to(env, "reader.book.chapter.3");
  press(env, "reader.book.chapter.3");
  EXPECT_EQ(env.phone().current_page(), "read");
  EXPECT_EQ(text_of(env, "reader.read.page"), "Page 1 of " + std::to_string(pages_of("b35", "science", 3)));
  EXPECT_EQ(without_time(changed_paths(before, env.state())), (Paths{"/apps/reader/positions/b35"}));
  EXPECT_EQ(rd(env)["positions"]["b35"]["chapter"], 3);
}

TEST(Reader, FontSizeKeepsTheParagraphAndThemesChange) {
  Env env;
  const json before = open_pride(env);
  const int para = pg::reader::layout("b01", "classics", 7, 2)->pages[1].front().para;
  press(env, "reader.read.menu");
  press(env, "reader.read.display");
  EXPECT_EQ(env.phone().current_page(), "display");
  EXPECT_EQ(text_of(env, "reader.display.size"), "Medium");
  press(env, "reader.display.larger");
  EXPECT_EQ(rd(env)["settings"]["font"], 3);
  EXPECT_EQ(text_of(env, "reader.display.size"), "Large");
  const int page = pg::reader::page_of_para(*pg::reader::layout("b01", "classics", 7, 3), para);
  EXPECT_EQ(rd(env)["positions"]["b01"]["page"], page);
  press(env, "reader.display.theme.sepia");
  EXPECT_EQ(rd(env)["settings"]["theme"], "sepia");
  EXPECT_TRUE(find_node(env, "reader.display.theme.sepia")["checked"].get<bool>());
  Paths want{"/apps/reader/settings/font", "/apps/reader/settings/theme"};
  if (page != 2) want.insert("/apps/reader/positions/b01/page");
  EXPECT_EQ(without_time(changed_paths(before, env.state())), want);
  press(env, "reader.display.larger");  // already the largest: nothing changes
  EXPECT_EQ(rd(env)["settings"]["font"], 3);
  press(env, "reader.display.theme.dark");
  press(env, "reader.display.done");
  EXPECT_EQ(env.phone().current_page(), "read");
  for (const std::string& problem : env.lint()) ADD_FAILURE() << problem;
  press(env, "reader.read.menu");
  press(env, "reader.read.display");
  press(env, "reader.display.smaller");
  press(env, "reader.display.smaller");
  press(env, "reader.display.smaller");
  EXPECT_EQ(rd(env)["settings"]["font"], 1);
  EXPECT_EQ(text_of(env, "reader.display.size"), "Small");
}

TEST(Reader, HighlightWithNoteThroughSelectMode) {
  Env env;
  const json before = open_pride(env);
  const int para = pg::reader::layout("b01", "classics", 7, 2)->pages[1].back().para;
  press(env, "reader.read.menu");
  press(env, "reader.read.select");
  const std::string pid = "reader.read.para." + std::to_string(para);
  press(env, pid);
  EXPECT_EQ(env.phone().current_page(), "annotate");
  EXPECT_EQ(text_of(env, "reader.annotate.title"), "New highlight");
  press(env, "reader.annotate.color.green");
  EXPECT_TRUE(find_node(env, "reader.annotate.color.green")["checked"].get<bool>());
  enter_text(env, "reader.annotate.note", "Lovely image of the harbour");
  press(env, "reader.annotate.save");
  EXPECT_EQ(env.phone().current_page(), "read");
  const json h = rd(env)["highlights"].back();
  EXPECT_EQ(h["book"], "b01");
  EXPECT_EQ(h["chapter"], 7);
  EXPECT_EQ(h["para"], para);
  EXPECT_EQ(h["color"], "green");
  EXPECT_EQ(h["note"], "Lovely image of the harbour");
  EXPECT_EQ(without_time(changed_paths(before, env.state())), (Paths{"/apps/reader/highlights/5", "/apps/reader/next_id"}));
  EXPECT_EQ(env.state()["os"]["toast"]["text"], "Note saved");
}

TEST(Reader, LongPressEditsAndDeletesAHighlight) {
  Env env;
  open_app(env, "reader");
  // Chapter 6 of Pride and Prejudice has the pink highlight h3 on paragraph 2.
  env.apply_patch({{{"op", "replace"}, {"path", "/apps/reader/positions/b01/chapter"}, {"value", 6}},
                   {{"op", "replace"}, {"path", "/apps/reader/positions/b01/page"}, {"value", 1}}});
  press(env, "reader.shelf.book.b01");
  const json before = env.state();
  press(env, "reader.read.para.2", "long_press");
  EXPECT_EQ(env.phone().current_page(), "annotate");
  EXPECT_EQ(text_of(env, "reader.annotate.title"), "Edit highlight");
  EXPECT_TRUE(find_node(env, "reader.annotate.color.pink")["checked"].get<bool>());
  press(env, "reader.annotate.color.blue");
  press(env, "reader.annotate.save");
  EXPECT_EQ(without_time(changed_paths(before, env.state())), (Paths{"/apps/reader/highlights/2/color"}));
  // Too long a note is refused with a message.
  press(env, "reader.read.para.2", "long_press");
  press(env, "reader.annotate.note");
  type_text(env, std::string(300, 'x'));
  press(env, "reader.annotate.save");
  EXPECT_EQ(text_of(env, "reader.error"), "Notes can be at most 280 characters");
  EXPECT_EQ(env.phone().current_page(), "annotate");
  // Delete asks first.
  press(env, "reader.annotate.delete");
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Delete highlight?");
  press(env, "dialog.button.cancel");
  EXPECT_EQ(rd(env)["highlights"].size(), 5u);
  press(env, "reader.annotate.delete");
  press(env, "dialog.button.delete");
  EXPECT_EQ(env.phone().current_page(), "read");
  EXPECT_EQ(rd(env)["highlights"].size(), 4u);
  for (const json& h : rd(env)["highlights"]) EXPECT_NE(h["id"], "h3");
}

TEST(Reader, BookmarksAndTheNotesList) {
  Env env;
  const json before = open_pride(env);
  press(env, "reader.read.menu");
  EXPECT_EQ(find_node(env, "reader.read.bookmark")["desc"], "Add bookmark");
  press(env, "reader.read.bookmark");
  EXPECT_TRUE(on_screen(env, "reader.read.bookmarked"));
  const json k = rd(env)["bookmarks"].back();
  EXPECT_EQ(k["chapter"], 7);
  EXPECT_EQ(k["page"], 2);
  EXPECT_EQ(without_time(changed_paths(before, env.state())), (Paths{"/apps/reader/bookmarks/3", "/apps/reader/next_id"}));
  press(env, "reader.read.bookmark");  // again: removed
  EXPECT_EQ(rd(env)["bookmarks"].size(), 3u);
  EXPECT_FALSE(on_screen(env, "reader.read.bookmarked"));
  // The notes list: highlights of this book, then bookmarks; a row jumps there.
  press(env, "reader.read.notes");
  EXPECT_EQ(env.phone().current_page(), "notes");
  EXPECT_EQ(text_of(env, "reader.notes.tab.highlights"), "Highlights (3)");
  EXPECT_NE(find_node(env, "reader.notes.item.h2")["desc"].get<std::string>().find("Elizabeth's first impression"),
            std::string::npos);
  press(env, "reader.notes.tab.bookmarks");
  press(env, "reader.notes.bookmark.k1");
  EXPECT_EQ(env.phone().current_page(), "read");
  EXPECT_EQ(rd(env)["positions"]["b01"]["chapter"], 3);
  EXPECT_EQ(rd(env)["positions"]["b01"]["page"], 2);
  press(env, "reader.read.menu");
  press(env, "reader.read.notes");
  press(env, "reader.notes.item.h2");
  EXPECT_EQ(rd(env)["positions"]["b01"]["chapter"], 3);
  // Deleting a highlight from the list asks first.
  press(env, "reader.read.menu");
  press(env, "reader.read.notes");
  press(env, "reader.notes.delete.h1");
  press(env, "dialog.button.delete");
  EXPECT_EQ(text_of(env, "reader.notes.tab.highlights"), "Highlights (2)");
}

TEST(Reader, TurningPastTheLastPageFinishesTheBook) {
  Env env;
  open_app(env, "reader");
  const int last = pages_of("b06", "classics", 18);
  env.apply_patch({{{"op", "replace"}, {"path", "/apps/reader/positions/b06"}, {"value", {{"chapter", 18}, {"page", last}}}}});
  scroll_to(env, "reader.shelf.book.b06");
  press(env, "reader.shelf.book.b06");
  EXPECT_EQ(text_of(env, "reader.read.percent"), "100%");
  const json before = env.state();
  press(env, "reader.read.next");
  EXPECT_EQ(without_time(changed_paths(before, env.state())), (Paths{"/apps/reader/finished/-"}));
  EXPECT_EQ(rd(env)["finished"][5]["title"], "Walden");
  press(env, "reader.read.next");  // once only
  EXPECT_EQ(rd(env)["finished"].size(), 6u);
  // Mark as finished from the shelf menu.
  act(env, R"({"type":"back"})");
  const json before2 = env.state();
  scroll_to(env, "reader.shelf.more.b38");
  press(env, "reader.shelf.more.b38");
  press(env, "dialog.button.finished");
  EXPECT_EQ(changed_paths(before2, env.state()), (Paths{"/apps/reader/finished/-"}));
  press(env, "reader.tab.stats");
  EXPECT_EQ(text_of(env, "reader.stats.finished_count"), "Books finished: 7");
}

TEST(Reader, ReadingTimeAccruesWhileTheReaderIsOpen) {
  Env env;
  open_pride(env);
  const json before = env.state();
  for (int i = 0; i < 5; ++i) act(env, R"({"type":"wait","seconds":60})");
  EXPECT_GE(rd(env)["reading_log"]["2026-01-01"]["seconds"].get<int>(), 300);
  EXPECT_LT(rd(env)["reading_log"]["2026-01-01"]["seconds"].get<int>(), 310);
  for (const std::string& p : changed_paths(before, env.state()))
    EXPECT_TRUE(p == "/apps/reader/carry_ms" || p.rfind("/apps/reader/reading_log", 0) == 0) << p;
  // Not while another page is in front.
  act(env, R"({"type":"back"})");
  const int s = rd(env)["reading_log"]["2026-01-01"]["seconds"].get<int>();
  act(env, R"({"type":"wait","seconds":60})");
  EXPECT_EQ(rd(env)["reading_log"]["2026-01-01"]["seconds"].get<int>(), s);
  press(env, "reader.tab.stats");
  EXPECT_EQ(text_of(env, "reader.stats.today"), "Today: " + std::to_string(s / 60) + " min");
}

TEST(Reader, StatsShowTheDailyLog) {
  Env env;
  open_app(env, "reader");
  press(env, "reader.tab.stats");
  EXPECT_EQ(env.phone().current_page(), "stats");
  EXPECT_TRUE(on_screen(env, "reader.stats.bar.2025-12-31"));
  EXPECT_EQ(text_of(env, "reader.stats.month").rfind("This month: 0 min \xC2\xB7 Dec: ", 0), 0u);
  scroll_to(env, "reader.stats.finished.b04");
  EXPECT_EQ(text_of(env, "reader.stats.finished.b04"), "The Time Machine");
  for (const std::string& problem : env.lint()) ADD_FAILURE() << problem;
}

TEST(Reader, ShareAHighlightToChat) {
  Env env;
  open_pride(env);
  press(env, "reader.read.menu");
  press(env, "reader.read.select");
  press(env, "reader.read.para.5");
  const json before = env.state();
  press(env, "reader.annotate.share");
  const json d = env.state()["os"]["dialog"];
  ASSERT_TRUE(d.is_object());
  EXPECT_EQ(d.value("kind", ""), "chooser");
  press(env, "dialog.button.chat");
  EXPECT_EQ(env.phone().foreground(), "chat");
  const std::string draft = env.state()["apps"]["chat"]["draft"];
  EXPECT_NE(draft.find("Pride and Prejudice by Jane Austen"), std::string::npos) << draft;
  EXPECT_EQ(draft.front(), '"');
  (void)before;
}

TEST(Reader, ExportsBooksAndShelf) {
  Env env;
  const json books = pg::call_app(env.phone(), "reader", "books");
  ASSERT_EQ(books.size(), 48u);
  EXPECT_EQ(books[0]["title"], "Pride and Prejudice");
  const json shelf = pg::call_app(env.phone(), "reader", "shelf");
  EXPECT_EQ(shelf.size(), 11u);
}

TEST(Reader, SelectModeCancelsAndAnEmptyShelfSaysSo) {
  Env env;
  const json before = open_pride(env);
  press(env, "reader.read.menu");
  press(env, "reader.read.select");
  EXPECT_TRUE(find_node(env, "reader.read.para.1").is_null() || find_node(env, "reader.read.para.1")["clickable"].get<bool>());
  press(env, "reader.read.select_done");
  EXPECT_FALSE(on_screen(env, "reader.read.select_done"));
  EXPECT_EQ(without_time(changed_paths(before, env.state())), Paths{});
  // An empty shelf shows an empty state, not a blank page.
  env.apply_patch({{{"op", "replace"}, {"path", "/apps/reader/shelf"}, {"value", json::array()}}});
  act(env, R"({"type":"back"})");
  EXPECT_EQ(text_of(env, "reader.shelf.count"), "0 books");
  for (const std::string& problem : env.lint()) ADD_FAILURE() << problem;
}

TEST(Reader, MoreInTheCategoryOpensAnotherBook) {
  Env env;
  open_app(env, "reader");
  press(env, "reader.tab.store");
  press(env, "reader.store.cat.mystery");
  press(env, "reader.category.book.b09");
  const json before = env.state();
  scroll_to(env, "reader.book.more.b10");  // Nine Days in Prague, the most read mystery
  EXPECT_FALSE(on_screen(env, "reader.book.more.b09"));  // not the book itself
  press(env, "reader.book.more.b10");
  EXPECT_EQ(env.phone().current_page(), "book");
  EXPECT_EQ(text_of(env, "reader.book.name"), "Nine Days in Prague");
  EXPECT_EQ(changed_paths(before, env.state()), Paths{});
  act(env, R"({"type":"back"})");
  EXPECT_EQ(text_of(env, "reader.book.name"), "The Glass Alibi");
}
