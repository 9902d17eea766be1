// Files through actions, as a user drives it: browse with the breadcrumb and up, create a folder,
// rename, move, copy (a file and a whole folder), delete (confirmed and cancelled), search by
// name. Each flow checks the exact state paths it changes and what the screen shows after.
#include "phone_driver.hpp"

#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"

using namespace pg::testing;

namespace {

const json& files(Env& env) { return env.phone().app_state("files"); }

/// Opens Files > Internal storage and then each folder of `path` in turn.
void open_folder(Env& env, std::initializer_list<const char*> path) {
  act(env, R"({"type":"open_app","app":"files"})");
  press(env, "files.storage");
  for (const char* name : path) {
    scroll_to(env, std::string("files.item.") + name);
    press(env, std::string("files.item.") + name);
  }
}

std::string title(Env& env) { return find_node(env, "files.title").value("text", ""); }

}  // namespace

TEST(Files, HomeShowsCategoriesAndStorageAndBrowsingWalksTheTree) {
  Env env;
  act(env, R"({"type":"open_app","app":"files"})");
  for (const char* id : {"files.search_bar", "files.category.downloads", "files.category.images", "files.storage"})
    EXPECT_TRUE(on_screen(env, id)) << id;
  press(env, "files.category.downloads");
  EXPECT_EQ(title(env), "Download");
  EXPECT_TRUE(on_screen(env, "files.item.boarding_pass_LH2417.pdf"));
  EXPECT_EQ(find_node(env, "files.item.invoice_2025-12.pdf")["desc"], "Dec 2, 2025 \u00b7 96 kB");
  act(env, R"({"type":"back"})");
  press(env, "files.storage");
  EXPECT_EQ(title(env), "Internal storage");
  press(env, "files.item.Documents");
  press(env, "files.item.Work");
  EXPECT_EQ(title(env), "Work");
  EXPECT_TRUE(on_screen(env, "files.item.Quarterly_Review.pptx"));
  EXPECT_TRUE(on_screen(env, "files.crumb.documents"));
  // Folders first, then files, by name; folder rows count their items.
  EXPECT_EQ(find_node(env, "files.crumb.documents_work")["selected"], true);
  act(env, R"({"type":"back"})");  // back goes up one level
  EXPECT_EQ(title(env), "Documents");
  EXPECT_EQ(find_node(env, "files.item.Work")["desc"], "Dec 18, 2025 \u00b7 4 items");
  EXPECT_LT(find_node(env, "files.item.Work")["bounds"][1].get<int>(),
            find_node(env, "files.item.Budget_2026.xlsx")["bounds"][1].get<int>());
  press(env, "files.item.Personal");
  press(env, "files.crumb.root");  // a crumb jumps up several levels
  EXPECT_EQ(title(env), "Internal storage");
  press(env, "files.item.Pictures");
  press(env, "files.up");
  EXPECT_EQ(title(env), "Internal storage");
  press(env, "files.item.Alarms");
  EXPECT_TRUE(on_screen(env, "files.empty"));
}

TEST(Files, CreateAFolder) {
  Env env;
  open_folder(env, {"Documents"});
  const json before = env.state();
  press(env, "files.new_folder");
  ASSERT_TRUE(on_screen(env, "files.new_folder.name"));
  EXPECT_EQ(find_node(env, "files.new_folder.name")["focused"], true);  // the keyboard is up
  press(env, "files.new_folder.ok");  // an empty name is refused
  EXPECT_EQ(find_node(env, "files.new_folder.error").value("text", ""), "Enter a name");
  press(env, "files.new_folder.name");
  type_text(env, "Work");
  press(env, "files.new_folder.ok");  // so is a name the folder already has
  EXPECT_EQ(find_node(env, "files.new_folder.error").value("text", ""), "A file with this name already exists");
  EXPECT_EQ(changed_paths(before, env.state()), Paths{});
  press(env, "files.new_folder.name");
  type_text(env, "Trips 2026", true);
  press(env, "files.new_folder.ok");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/files/files/n1", "/apps/files/next_id"}));
  EXPECT_EQ(files(env)["files"]["n1"], (json{{"name", "Trips 2026"}, {"parent", "documents"}, {"kind", "folder"},
                                             {"size", 0}, {"modified", "2026-01-01 08:00"}}));
  EXPECT_EQ(files(env)["next_id"], 2);
  EXPECT_EQ(title(env), "Documents");
  ASSERT_TRUE(on_screen(env, "files.item.Trips 2026"));
  EXPECT_EQ(find_node(env, "files.item.Trips 2026")["desc"], "Jan 1, 2026 \u00b7 0 items");
  press(env, "files.item.Trips 2026");
  EXPECT_EQ(title(env), "Trips 2026");
  EXPECT_TRUE(on_screen(env, "files.empty"));
}

TEST(Files, Rename) {
  Env env;
  open_folder(env, {"Download"});
  const json before = env.state();
  press(env, "files.item.invoice_2025-12.pdf.more");
  ASSERT_EQ(find_node(env, "files.menu.title").value("text", ""), "invoice_2025-12.pdf");
  press(env, "files.menu.rename");
  EXPECT_EQ(find_node(env, "files.rename.name").value("text", ""), "invoice_2025-12.pdf");
  type_text(env, "December invoice.pdf", true);  // the field is focused
  press(env, "files.rename.ok");
  EXPECT_EQ(changed_paths(before, env.state()), Paths{"/apps/files/files/f13"});
  EXPECT_EQ(files(env)["files"]["f13"], (json{{"name", "December invoice.pdf"}}));
  EXPECT_EQ(env.phone().current_page(), "browse");
  EXPECT_TRUE(on_screen(env, "files.item.December invoice.pdf"));
  EXPECT_FALSE(on_screen(env, "files.item.invoice_2025-12.pdf"));
  // Renaming onto a sibling's name is refused.
  press(env, "files.item.December invoice.pdf.more");
  press(env, "files.menu.rename");
  type_text(env, "concert_tickets.pdf", true);
  press(env, "files.rename.ok");
  EXPECT_EQ(find_node(env, "files.rename.error").value("text", ""), "A file with this name already exists");
  act(env, R"({"type":"back"})");  // closes the keyboard
  act(env, R"({"type":"back"})");  // cancels the dialog
  EXPECT_EQ(env.phone().current_page(), "browse");
  EXPECT_EQ(changed_paths(before, env.state()), Paths{"/apps/files/files/f13"});
}

TEST(Files, MoveToAnotherFolder) {
  Env env;
  open_folder(env, {"Download"});
  const json before = env.state();
  press(env, "files.item.concert_tickets.pdf.more");
  press(env, "files.menu.move");
  EXPECT_EQ(find_node(env, "files.pick.title").value("text", ""), "Move to");
  press(env, "files.pick.confirm");  // it is already in Download
  EXPECT_EQ(env.state()["os"]["toast"]["text"], "Already in Download");
  EXPECT_EQ(changed_paths(before, env.state()), Paths{});
  press(env, "files.pick.crumb.root");
  press(env, "files.pick.Documents");
  press(env, "files.pick.Personal");
  EXPECT_TRUE(on_screen(env, "files.pick.crumb.documents_personal"));
  act(env, R"({"type":"back"})");  // back in the picker goes up one level
  EXPECT_TRUE(on_screen(env, "files.pick.Work"));
  press(env, "files.pick.confirm");
  EXPECT_EQ(changed_paths(before, env.state()), Paths{"/apps/files/files/f18"});
  EXPECT_EQ(files(env)["files"]["f18"], (json{{"parent", "documents"}}));
  EXPECT_EQ(env.state()["os"]["toast"]["text"], "Moved to Documents");
  EXPECT_EQ(title(env), "Download");
  EXPECT_FALSE(on_screen(env, "files.item.concert_tickets.pdf"));
  press(env, "files.crumb.root");
  press(env, "files.item.Documents");
  EXPECT_TRUE(on_screen(env, "files.item.concert_tickets.pdf"));
}

TEST(Files, AFolderCannotMoveIntoItself) {
  Env env;
  open_folder(env, {"Documents"});
  const json before = env.state();
  press(env, "files.item.Work.more");
  press(env, "files.menu.move");
  EXPECT_EQ(find_node(env, "files.pick.Work")["enabled"], false);
  press(env, "files.pick.crumb.root");
  press(env, "files.pick.Music");
  press(env, "files.pick.confirm");
  EXPECT_EQ(changed_paths(before, env.state()), Paths{"/apps/files/files/documents_work"});
  EXPECT_EQ(files(env)["files"]["documents_work"]["parent"], "music");
  // Its files moved with it: they are found under Music/Work.
  press(env, "files.crumb.root");
  press(env, "files.item.Music");
  press(env, "files.item.Work");
  EXPECT_TRUE(on_screen(env, "files.item.Project_Plan_v3.docx"));
}

TEST(Files, CopyAFileAndAFolder) {
  Env env;
  open_folder(env, {"Documents", "Work"});
  const json before = env.state();
  press(env, "files.item.Team_Contacts.csv.more");
  press(env, "files.menu.copy");
  EXPECT_EQ(find_node(env, "files.pick.title").value("text", ""), "Copy to");
  press(env, "files.pick.confirm");  // a copy in the same folder gets a free name
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/files/files/n1", "/apps/files/next_id"}));
  EXPECT_EQ(files(env)["files"]["n1"], (json{{"name", "Team_Contacts (1).csv"}, {"parent", "documents_work"},
                                             {"kind", "sheet"}, {"size", 12288}, {"modified", "2025-11-19 10:02"}}));
  EXPECT_TRUE(on_screen(env, "files.item.Team_Contacts (1).csv"));
  EXPECT_TRUE(on_screen(env, "files.item.Team_Contacts.csv"));
  // A folder is copied with its contents.
  const json mid = env.state();
  press(env, "files.crumb.documents");
  press(env, "files.item.Personal.more");
  press(env, "files.menu.copy");
  press(env, "files.pick.crumb.root");
  press(env, "files.pick.Download");
  press(env, "files.pick.confirm");
  EXPECT_EQ(changed_paths(mid, env.state()),
            (Paths{"/apps/files/files/n2", "/apps/files/files/n3", "/apps/files/files/n4", "/apps/files/files/n5",
                   "/apps/files/files/n6", "/apps/files/next_id"}));
  EXPECT_EQ(files(env)["files"]["n2"]["name"], "Personal");
  EXPECT_EQ(files(env)["files"]["n2"]["parent"], "download");
  EXPECT_EQ(env.state()["os"]["toast"]["text"], "Copied to Download");
  EXPECT_TRUE(on_screen(env, "files.item.Personal"));  // the original stays
  press(env, "files.crumb.root");
  press(env, "files.item.Download");
  press(env, "files.item.Personal");
  EXPECT_TRUE(on_screen(env, "files.item.Passport_scan.pdf"));
  EXPECT_TRUE(on_screen(env, "files.item.Tax_Return_2024.pdf"));
}

TEST(Files, DeleteAfterConfirming) {
  Env env;
  open_folder(env, {"Download"});
  const json before = env.state();
  press(env, "files.item.lecture_notes.zip.more");
  press(env, "files.menu.delete");
  ASSERT_TRUE(on_screen(env, "dialog.button.delete"));
  EXPECT_EQ(find_node(env, "dialog.text").value("text", ""), "lecture_notes.zip");
  press(env, "dialog.button.cancel");  // cancel keeps it
  EXPECT_TRUE(on_screen(env, "files.item.lecture_notes.zip"));
  EXPECT_EQ(changed_paths(before, env.state()), Paths{});
  press(env, "files.item.lecture_notes.zip.more");
  press(env, "files.menu.delete");
  press(env, "dialog.button.delete");
  EXPECT_EQ(changed_paths(before, env.state()), Paths{"/apps/files/files/f19"});
  EXPECT_TRUE(files(env)["files"]["f19"].is_null());
  EXPECT_FALSE(on_screen(env, "files.item.lecture_notes.zip"));
  EXPECT_EQ(env.state()["os"]["toast"]["text"], "Deleted");
  // A folder goes with everything in it; a new folder's entry is removed, not nulled.
  press(env, "files.crumb.root");
  press(env, "files.item.Documents");
  press(env, "files.new_folder");
  type_text(env, "Old");
  press(env, "files.new_folder.ok");
  const json mid = env.state();
  press(env, "files.item.Work.more");
  press(env, "files.menu.delete");
  press(env, "dialog.button.delete");
  EXPECT_EQ(changed_paths(mid, env.state()),
            (Paths{"/apps/files/files/documents_work", "/apps/files/files/f24", "/apps/files/files/f25",
                   "/apps/files/files/f26", "/apps/files/files/f27"}));
  press(env, "files.item.Old.more");
  press(env, "files.menu.delete");
  press(env, "dialog.button.delete");
  EXPECT_FALSE(files(env)["files"].contains("n1"));
  EXPECT_FALSE(on_screen(env, "files.item.Old"));
  EXPECT_FALSE(on_screen(env, "files.item.Work"));
  EXPECT_NO_THROW(pg::Phone::validate(env.state()));
}

TEST(Files, SearchByNameAcrossFolders) {
  Env env;
  act(env, R"({"type":"open_app","app":"files"})");
  const json before = env.state();
  press(env, "files.search_bar");
  EXPECT_EQ(find_node(env, "files.search.query")["focused"], true);
  type_text(env, "notes");
  for (const char* id : {"files.result.lecture_notes.zip", "files.result.Meeting_Notes_2025-12-18.docx",
                         "files.result.Notes.txt"})
    EXPECT_TRUE(on_screen(env, id)) << id;
  EXPECT_FALSE(on_screen(env, "files.result.Resume_2025.pdf"));
  EXPECT_EQ(find_node(env, "files.result.Meeting_Notes_2025-12-18.docx")["desc"],
            "Documents/Work \u00b7 Dec 18, 2025 \u00b7 36 kB");
  type_text(env, "zzz", true);
  EXPECT_TRUE(on_screen(env, "files.no_results"));
  type_text(env, "WORK", true);  // case-insensitive; a folder result opens the folder
  press(env, "files.result.Work");
  EXPECT_EQ(env.phone().current_page(), "browse");
  EXPECT_EQ(title(env), "Work");
  EXPECT_EQ(changed_paths(before, env.state()), Paths{});  // searching changes no data
}

TEST(Files, SearchSeesRenamesAndDeletes) {
  Env env;
  open_folder(env, {"Music"});
  press(env, "files.item.Ocean_Waves.mp3.more");
  press(env, "files.menu.rename");
  type_text(env, "Sleep sounds.mp3", true);
  press(env, "files.rename.ok");
  press(env, "files.search");
  type_text(env, "sleep");
  EXPECT_TRUE(on_screen(env, "files.result.Sleep sounds.mp3"));
  type_text(env, "ocean", true);
  EXPECT_TRUE(on_screen(env, "files.no_results"));
}

TEST(Files, CategoryListsFilesOfAType) {
  Env env;
  act(env, R"({"type":"open_app","app":"files"})");
  press(env, "files.category.videos");
  EXPECT_EQ(find_node(env, "files.category.title").value("text", ""), "Videos");
  // Newest first: the New Year's Eve clip, then Christmas.
  const int a = find_node(env, "files.result.PXL_20251231_235902456.mp4")["bounds"][1];
  const int b = find_node(env, "files.result.PXL_20251225_102003871.mp4")["bounds"][1];
  EXPECT_LT(a, b);
  EXPECT_FALSE(on_screen(env, "files.result.IMG_4821.jpg"));
}

TEST(Files, TappingAFileAsksForAViewer) {
  Env env;
  open_folder(env, {"Download"});
  press(env, "files.item.holiday_recipes.pdf");
  // An ACTION_VIEW intent for application/pdf: a viewer opens, a chooser asks, or the OS says none can.
  const json os = env.state()["os"];
  const bool handled = os["foreground"] != "files" || (os["dialog"].is_object() && os["dialog"]["kind"] == "chooser") ||
                       (os["toast"].is_object() && os["toast"]["text"] == "No app can perform this action");
  EXPECT_TRUE(handled) << os.dump();
}

// ---- shared storage: the exports other apps use (Recorder, Expenses, Markdown, Browser) ----

TEST(FilesStorage, SaveCreatesTheFolderPathAndTheFileShowsInFiles) {
  Env env;
  const json saved = pg::call_app(env.phone(), "files", "save",
                                  {{"folder", "Documents/Notes"}, {"name", "todo.md"}, {"text", "# Todo\n- milk\n"},
                                   {"source", "markdown"}});
  EXPECT_EQ(saved["name"], "todo.md");
  EXPECT_EQ(saved["folder"], "Documents/Notes");
  EXPECT_EQ(saved["kind"], "text");
  EXPECT_EQ(saved["size"], 14);
  EXPECT_EQ(saved["text"], "# Todo\n- milk\n");
  // Exactly one new folder and one new file in Files' overlay.
  const json& ov = files(env)["files"];
  ASSERT_EQ(ov.size(), 2u) << ov.dump();
  const std::string folder = ov[saved["id"].get<std::string>()]["parent"];
  EXPECT_EQ(ov[folder]["name"], "Notes");
  EXPECT_EQ(ov[folder]["parent"], "documents");
  EXPECT_EQ(ov[folder]["kind"], "folder");
  // A user sees it where the path says.
  open_folder(env, {"Documents", "Notes"});
  EXPECT_TRUE(on_screen(env, "files.item.todo.md"));
  EXPECT_NE(find_node(env, "files.item.todo.md")["desc"].get<std::string>().find("14 B"), std::string::npos);
}

TEST(FilesStorage, ATakenNameGetsANumberUnlessReplaceIsAsked) {
  Env env;
  auto save = [&env](const json& extra) {
    json args = {{"folder", "Download"}, {"name", "report.csv"}, {"text", "a,b\n"}};
    args.update(extra);
    return pg::call_app(env.phone(), "files", "save", args);
  };
  const json a = save(json::object());
  const json b = save(json::object());
  EXPECT_EQ(a["name"], "report.csv");
  EXPECT_EQ(b["name"], "report (1).csv");
  const json c = save({{"replace", true}, {"text", "x,y,z\n"}});
  EXPECT_EQ(c["id"], a["id"]);
  EXPECT_EQ(c["size"], 6);
  EXPECT_EQ(pg::call_app(env.phone(), "files", "list", {{"folder", "Download"}, {"kind", "text"}}).size(), 3u);
}

TEST(FilesStorage, ReadWriteRenameMoveDeleteAndList) {
  Env env;
  auto call = [&env](const std::string& name, const json& args) { return pg::call_app(env.phone(), "files", name, args); };
  const std::string id = call("save", {{"folder", "Documents"}, {"name", "plan.md"}, {"text", "one"}})["id"];
  EXPECT_EQ(call("write", {{"id", id}, {"text", "one two"}})["size"], 7);
  EXPECT_EQ(call("read", {{"id", id}})["text"], "one two");
  EXPECT_EQ(call("rename", {{"id", id}, {"name", "plan-2026.md"}})["name"], "plan-2026.md");
  EXPECT_EQ(call("move", {{"id", id}, {"folder", "Documents/Archive"}})["folder"], "Documents/Archive");
  json listed = call("list", {{"folder", "Documents"}, {"recursive", true}});
  bool found = false;
  for (const json& e : listed) found = found || e["id"] == id;
  EXPECT_TRUE(found);
  EXPECT_EQ(call("list", {{"folder", "Documents/Archive"}}).size(), 1u);
  EXPECT_EQ(call("list", {{"folder", "No/Such/Folder"}}), json::array());
  // A world file is readable (no text: its content is not simulated) and deletable.
  call("delete", {{"id", id}});
  EXPECT_EQ(call("list", {{"folder", "Documents/Archive"}}), json::array());
  EXPECT_THROW(call("read", {{"id", id}}), std::invalid_argument);
}

TEST(FilesStorage, BadArgumentsSayWhatWasWrong) {
  Env env;
  auto error_of = [&env](const std::string& name, const json& args) -> std::string {
    try {
      pg::call_app(env.phone(), "files", name, args);
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    return "no error";
  };
  EXPECT_EQ(error_of("save", {{"folder", "Download"}}), "files.save: 'name' is required");
  EXPECT_EQ(error_of("save", {{"folder", "Download"}, {"name", "a/b"}}),
            "files.save: Name can't contain \"/\" (got 'a/b')");
  EXPECT_EQ(error_of("save", {{"folder", "Download//x"}, {"name", "a"}}), "files.save: bad folder path 'Download//x'");
  EXPECT_EQ(error_of("save", {{"folder", "Download"}, {"name", "a"}, {"size", -1}}),
            "files.save: 'size' must be a non-negative integer, got -1");
  EXPECT_EQ(error_of("read", {{"id", "nope"}}), "files.read: no file 'nope'");
  EXPECT_EQ(error_of("write", {{"id", "documents"}, {"text", ""}}), "files.write: 'documents' is a folder");
  EXPECT_EQ(error_of("rename", {{"id", "f22"}, {"name", "Grocery_list.txt"}}),
            "files.rename: A file with this name already exists (got 'Grocery_list.txt')");
  EXPECT_EQ(error_of("move", {{"id", "documents"}, {"folder", "Documents/Work"}}),
            "files.move: can't move a folder into itself");
  EXPECT_EQ(error_of("save", {{"folder", "Documents/Grocery_list.txt"}, {"name", "a"}}),
            "files.save: 'Grocery_list.txt' in Documents is a file, not a folder");
}
