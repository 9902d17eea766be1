// Keep Notes through actions, as a user drives it: create a note, edit one, pin and unpin, label a
// note and filter the list by label from the drawer, search, move a note to Trash and restore it or
// delete it forever after a confirmation. Each flow checks exactly which state paths it changed
// and what the screen then shows.
#include "phone_driver.hpp"
#include "sim/os/phone.hpp"

#include <gtest/gtest.h>

using namespace pg::testing;

namespace {

const json& notes(Env& env) { return env.phone().app_state("notes"); }

/// Opens note `id` from the list (scrolling to it).
void open_note(Env& env, int id) {
  scroll_to(env, "notes.note." + std::to_string(id));
  press(env, "notes.note." + std::to_string(id));
  ASSERT_EQ(env.phone().current_page(), "edit");
}

double top_of(Env& env, const std::string& id) {
  const json n = find_node(env, id);
  return n.is_null() ? -1 : n["bounds"][1].get<double>();
}

/// Whether card `a` comes before card `b` in the grid's reading order (higher, or as high and left).
bool before_in_grid(Env& env, const std::string& a, const std::string& b) {
  const json na = find_node(env, a), nb = find_node(env, b);
  if (na.is_null() || nb.is_null()) return false;
  const int ta = na["bounds"][1], tb = nb["bounds"][1], la = na["bounds"][0], lb = nb["bounds"][0];
  return ta < tb || (ta == tb && la < lb);
}

}  // namespace

TEST(NotesApp, ListShowsPinnedNotesFirstThenOthersNewestFirst) {
  Env env;
  open_app(env, "notes");
  EXPECT_TRUE(on_screen(env, "notes.section.pinned"));
  EXPECT_TRUE(on_screen(env, "notes.section.others"));
  // Pinned: Groceries (1), Packing list (2); others start with the newest: resolutions (9, Jan 1).
  EXPECT_LT(top_of(env, "notes.note.1"), top_of(env, "notes.section.others"));
  EXPECT_LT(top_of(env, "notes.note.2"), top_of(env, "notes.section.others"));
  EXPECT_GT(top_of(env, "notes.note.9"), top_of(env, "notes.section.others"));
  EXPECT_EQ(find_node(env, "notes.note.9")["bounds"][0], find_node(env, "notes.note.1")["bounds"][0]);  // left column
}

TEST(NotesApp, CreateANote) {
  Env env;
  const json before = open_app(env, "notes");
  press(env, "notes.fab");
  ASSERT_EQ(env.phone().current_page(), "edit");
  press(env, "notes.editor.title");
  type_text(env, "Call the plumber");
  press(env, "notes.editor.body");
  type_text(env, "Kitchen sink drips, ask about Saturday");
  press(env, "notes.editor.back");  // with the keyboard up: leaves the editor
  ASSERT_EQ(env.phone().current_page(), "notes");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/notes/notes/13", "/apps/notes/next_id"}));
  const json& n = notes(env)["notes"]["13"];
  EXPECT_EQ(n["title"], "Call the plumber");
  EXPECT_EQ(n["body"], "Kitchen sink drips, ask about Saturday");
  EXPECT_EQ(n["pinned"], false);
  EXPECT_EQ(n["labels"], json::array());
  EXPECT_EQ(n["modified_ms"], env.state()["os"]["time_ms"]);
  EXPECT_EQ(notes(env)["next_id"], 14);
  // The newest note leads the "others".
  ASSERT_TRUE(on_screen(env, "notes.note.13"));
  EXPECT_EQ(find_node(env, "notes.note.13")["text"], "Call the plumber");
  EXPECT_TRUE(before_in_grid(env, "notes.note.13", "notes.note.9"));
}

TEST(NotesApp, AnEmptyNewNoteIsDiscarded) {
  Env env;
  const json before = open_app(env, "notes");
  press(env, "notes.fab");
  act(env, R"({"type":"back"})");
  EXPECT_EQ(changed_paths(before, env.state()), Paths{});
  EXPECT_EQ(env.state()["os"]["toast"]["text"], "Empty note discarded");
}

TEST(NotesApp, EditANoteSavesWhenLeavingTheEditor) {
  Env env;
  const json before = open_app(env, "notes");
  open_note(env, 3);
  EXPECT_EQ(find_node(env, "notes.editor.title")["text"], "App ideas");
  press(env, "notes.editor.body");
  type_text(env, "\nPlant watering reminders");
  act(env, R"({"type":"back"})");  // keyboard
  act(env, R"({"type":"back"})");  // the system back saves too
  ASSERT_EQ(env.phone().current_page(), "notes");
  EXPECT_EQ(changed_paths(before, env.state()), Paths{"/apps/notes/notes/3"});
  const json& n = notes(env)["notes"]["3"];
  EXPECT_EQ(n.size(), 2u) << n.dump();  // only the changed fields: body and time
  EXPECT_EQ(n["body"].get<std::string>().substr(n["body"].get<std::string>().size() - 24), "Plant watering reminders");
  EXPECT_EQ(n["modified_ms"], env.state()["os"]["time_ms"]);
  // Now the most recently edited: first of the others.
  EXPECT_TRUE(before_in_grid(env, "notes.note.3", "notes.note.9"));
  press(env, "notes.note.3");
  EXPECT_NE(find_node(env, "notes.editor.body")["text"].get<std::string>().find("\nPlant watering reminders"), std::string::npos);
}

TEST(NotesApp, PinAndUnpinANote) {
  Env env;
  const json before = open_app(env, "notes");
  open_note(env, 5);
  press(env, "notes.editor.pin");
  EXPECT_TRUE(find_node(env, "notes.editor.pin")["checked"].get<bool>());
  press(env, "notes.editor.back");
  EXPECT_EQ(changed_paths(before, env.state()), Paths{"/apps/notes/notes/5"});
  EXPECT_EQ(notes(env)["notes"]["5"], (json{{"pinned", true}}));
  act(env, R"({"type":"swipe","x1":500,"y1":300,"x2":500,"y2":900})");  // back to the top
  EXPECT_LT(top_of(env, "notes.note.5"), top_of(env, "notes.section.others"));
  // Unpinning restores the world note: the overlay entry goes away.
  open_note(env, 5);
  press(env, "notes.editor.pin");
  press(env, "notes.editor.back");
  EXPECT_EQ(changed_paths(before, env.state()), Paths{});
}

/// Opens note `id`'s label picker and types `text` in its label search.
void search_labels(Env& env, int id, const std::string& text) {
  open_note(env, id);
  press(env, "notes.editor.label");
  enter_text(env, "notes.labels.name", text);
}

TEST(NotesApp, EnterStartsANewLineInTheBodyButSubmitsTheTitle) {
  Env env;
  open_app(env, "notes");
  press(env, "notes.fab");
  enter_text(env, "notes.editor.title", "Errands");
  act(env, R"({"type":"enter"})");  // a single-line field: enter submits
  EXPECT_TRUE(env.state()["os"]["keyboard"]["focus"].is_null());
  enter_text(env, "notes.editor.body", "Eggs");
  act(env, R"({"type":"enter"})");  // a multi-line field: a new line, the keyboard stays
  type_text(env, "Milk");
  press(env, "keyboard.enter");     // the keyboard's own enter key does the same
  type_text(env, "Bread");
  EXPECT_EQ(env.state()["os"]["keyboard"]["focus"], "notes.editor.body");
  EXPECT_EQ(notes(env)["editor"]["body"], "Eggs\nMilk\nBread");
  press(env, "notes.editor.back");
  EXPECT_EQ(notes(env)["notes"]["13"]["body"], "Eggs\nMilk\nBread");
}

TEST(NotesApp, CreateANewLabelFromTheLabelPicker) {
  // Keep's labels are its folders: typing a name no label has offers to create it.
  Env env;
  const json before = open_app(env, "notes");
  search_labels(env, 10, "tra");
  EXPECT_TRUE(on_screen(env, "notes.label.travel"));  // the search filters the labels
  EXPECT_FALSE(on_screen(env, "notes.label.work"));
  EXPECT_TRUE(on_screen(env, "notes.labels.create"));
  type_text(env, "Garden", /*clear=*/true);
  EXPECT_FALSE(on_screen(env, "notes.label.travel"));
  ASSERT_TRUE(on_screen(env, "notes.labels.create"));
  EXPECT_EQ(find_node(env, "notes.labels.create")["text"], "Create \"Garden\"");
  press(env, "notes.labels.create");
  EXPECT_TRUE(find_node(env, "notes.label.garden")["checked"].get<bool>());
  EXPECT_EQ(notes(env)["labels"].back(), "Garden");
  act(env, R"({"type":"back"})");
  act(env, R"({"type":"back"})");
  EXPECT_EQ(notes(env)["notes"]["10"], (json{{"labels", {"Garden"}}}));
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/notes/labels/-", "/apps/notes/notes/10"}));
  // An existing name (any case) is not offered again.
  search_labels(env, 10, "garden");
  EXPECT_FALSE(on_screen(env, "notes.labels.create"));
  EXPECT_TRUE(on_screen(env, "notes.label.garden"));
}

TEST(NotesApp, LabelANoteAndFilterByLabelFromTheDrawer) {
  Env env;
  const json before = open_app(env, "notes");
  open_note(env, 10);  // Car service checklist: no labels
  press(env, "notes.editor.label");
  ASSERT_EQ(env.phone().current_page(), "note_labels");
  press(env, "notes.label.personal");
  EXPECT_TRUE(find_node(env, "notes.label.personal")["checked"].get<bool>());
  act(env, R"({"type":"back"})");
  EXPECT_TRUE(on_screen(env, "notes.editor.chip.personal"));
  act(env, R"({"type":"back"})");
  EXPECT_EQ(changed_paths(before, env.state()), Paths{"/apps/notes/notes/10"});
  EXPECT_EQ(notes(env)["notes"]["10"], (json{{"labels", {"Personal"}}}));
  // Filter: the drawer's "Personal" shows only notes with that label.
  const json labelled = env.state();
  act(env, R"({"type":"swipe","x1":500,"y1":300,"x2":500,"y2":900})");
  press(env, "notes.menu");
  ASSERT_EQ(env.phone().current_page(), "drawer");
  press(env, "notes.drawer.label.personal");
  EXPECT_EQ(env.phone().current_page(), "notes");
  EXPECT_EQ(changed_paths(labelled, env.state()), Paths{"/apps/notes/filter_label"});
  EXPECT_EQ(notes(env)["filter_label"], "Personal");
  EXPECT_TRUE(on_screen(env, "notes.filter.clear"));
  for (int id : {9, 10, 7}) EXPECT_TRUE(on_screen(env, "notes.note." + std::to_string(id))) << id;
  for (int id : {1, 2, 3, 6, 8, 12}) EXPECT_FALSE(on_screen(env, "notes.note." + std::to_string(id))) << id;
  press(env, "notes.filter.clear");
  EXPECT_EQ(notes(env)["filter_label"], "");
  EXPECT_TRUE(on_screen(env, "notes.note.1"));
}

TEST(NotesApp, SearchFiltersNotesByText) {
  Env env;
  const json before = open_app(env, "notes");
  press(env, "notes.search");
  type_text(env, "chicago");
  EXPECT_EQ(changed_paths(before, env.state()), Paths{"/apps/notes/query"});
  // Title "Packing list - Chicago" and body "Hilton Chicago ..." match, case-insensitively.
  EXPECT_TRUE(on_screen(env, "notes.note.2"));
  EXPECT_TRUE(on_screen(env, "notes.note.12"));
  for (int id : {1, 3, 4, 5, 6, 7, 8, 9, 10, 11}) EXPECT_FALSE(on_screen(env, "notes.note." + std::to_string(id))) << id;
  type_text(env, "xyz");
  EXPECT_TRUE(on_screen(env, "notes.empty"));
  press(env, "notes.search.clear");
  EXPECT_EQ(changed_paths(before, env.state()), Paths{});
  EXPECT_TRUE(on_screen(env, "notes.note.1"));
}

TEST(NotesApp, DeleteMovesToTrashThenRestoreOrDeleteForeverAfterConfirming) {
  Env env;
  const json before = open_app(env, "notes");
  open_note(env, 8);  // Banana bread
  press(env, "notes.editor.delete");
  EXPECT_EQ(env.phone().current_page(), "notes");
  EXPECT_EQ(changed_paths(before, env.state()), Paths{"/apps/notes/notes/8"});
  EXPECT_EQ(notes(env)["notes"]["8"], (json{{"trashed", true}}));
  for (int i = 0; i < 6; ++i) act(env, R"({"type":"swipe","x1":500,"y1":700,"x2":500,"y2":450})");
  EXPECT_FALSE(on_screen(env, "notes.note.8"));
  // In the Trash: restore.
  act(env, R"({"type":"swipe","x1":500,"y1":300,"x2":500,"y2":900})");
  act(env, R"({"type":"swipe","x1":500,"y1":300,"x2":500,"y2":900})");
  press(env, "notes.menu");
  press(env, "notes.drawer.trash");
  ASSERT_EQ(env.phone().current_page(), "trash");
  EXPECT_EQ(find_node(env, "notes.trash.8")["text"], "Banana bread");
  press(env, "notes.trash.8.restore");
  EXPECT_EQ(changed_paths(before, env.state()), Paths{});
  EXPECT_TRUE(on_screen(env, "notes.trash.empty"));
  // Trash it again, then delete forever: Cancel keeps it, Delete removes it.
  act(env, R"({"type":"back"})");
  open_note(env, 8);
  press(env, "notes.editor.delete");
  act(env, R"({"type":"swipe","x1":500,"y1":300,"x2":500,"y2":900})");
  act(env, R"({"type":"swipe","x1":500,"y1":300,"x2":500,"y2":900})");
  press(env, "notes.menu");
  press(env, "notes.drawer.trash");
  const json trashed = env.state();
  press(env, "notes.trash.8.delete");
  ASSERT_TRUE(env.state()["os"]["dialog"].is_object());
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Delete this note forever?");
  press(env, "dialog.button.cancel");
  EXPECT_EQ(changed_paths(trashed, env.state()), Paths{});
  press(env, "notes.trash.8.delete");
  press(env, "dialog.button.delete");
  EXPECT_EQ(changed_paths(trashed, env.state()), Paths{"/apps/notes/notes/8"});
  EXPECT_TRUE(notes(env)["notes"]["8"].is_null());
  EXPECT_TRUE(on_screen(env, "notes.trash.empty"));
}

TEST(NotesApp, PagesInLivedInStatesPassTheLayoutLint) {
  Env env;
  open_app(env, "notes");
  auto check = [&](const std::string& where) {
    for (const std::string& p : env.lint()) ADD_FAILURE() << where << ": " << p;
  };
  // A note with a very long title and body, labelled with every label.
  press(env, "notes.fab");
  press(env, "notes.editor.title");
  type_text(env, "A remarkably long note title that cannot possibly fit on one line of the card");
  press(env, "notes.editor.body");
  type_text(env, "Supercalifragilisticexpialidocious-and-then-some-more-characters-without-spaces and words after it, "
                 "then a few more sentences so that the body runs well past the eight lines a card shows in the grid. "
                 "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore.");
  act(env, R"({"type":"back"})");
  press(env, "notes.editor.label");
  for (const char* l : {"personal", "work", "shopping", "travel", "ideas", "recipes"}) press(env, std::string("notes.label.") + l);
  check("label picker");
  act(env, R"({"type":"back"})");
  check("editor");
  act(env, R"({"type":"back"})");
  check("list");
  for (int i = 0; i < 4; ++i) {
    act(env, R"({"type":"swipe","x1":500,"y1":700,"x2":500,"y2":450})");
    check("list scrolled");
  }
  press(env, "notes.menu");
  press(env, "notes.drawer.label.recipes");
  check("filtered");
  press(env, "notes.search");
  type_text(env, "nothing matches this");
  act(env, R"({"type":"back"})");
  check("no match");
  press(env, "notes.search.clear");
  press(env, "notes.note.13");
  press(env, "notes.editor.delete");
  press(env, "notes.note.8");
  press(env, "notes.editor.delete");
  press(env, "notes.menu");
  press(env, "notes.drawer.trash");
  check("trash");
}
