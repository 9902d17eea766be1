// Markdown (the Markor-like notebook) through actions, as a user drives it. Its notes are files
// in Files' shared storage under Documents/Markdown, so every flow that changes a note checks the
// Files collection (apps.files.files) and that Markdown's own state holds no copy: browsing with
// the breadcrumb, sorting, creating notes of each type (and the name errors), editing with the
// keyboard and the markdown toolbar (saved as you type), the preview (rendered blocks, tappable
// checkboxes), rename, move with the folder picker, delete with its confirmation, multi-select,
// search by name and content, a new note from the clipboard, sharing, settings, new folders,
// and opening a .md file from Files (ACTION_VIEW) end to end.
#include "phone_driver.hpp"
#include "sim/env/env.hpp"
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"

#include <gtest/gtest.h>

#include <algorithm>

using namespace pg::testing;

namespace {

const json& files_overlay(Env& env) { return env.phone().app_state("files")["files"]; }

std::string toast(Env& env) {
  const json t = env.state()["os"]["toast"];
  return t.is_object() ? t.value("text", "") : "";
}

/// The user's data that changed: changed_paths without the UI keys of Markdown and Files.
Paths data_changes(const json& before, const json& after) {
  static const char* kUi[] = {"/apps/markdown/draft", "/apps/markdown/selected", "/apps/files/next_id"};
  Paths out;
  for (const std::string& p : changed_paths(before, after)) {
    bool ui = false;
    for (const char* k : kUi) ui = ui || p == k || p.rfind(std::string(k) + "/", 0) == 0;
    if (!ui) out.insert(p);
  }
  return out;
}

/// The ids of the rows ("markdown.file.<name>" / "markdown.folder.<name>") on screen, top to bottom.
std::vector<std::string> rows_on_screen(Env& env) {
  std::vector<std::pair<int, std::string>> rows;
  const json tree = env.ui_tree();
  for (const json& n : tree["nodes"]) {
    const std::string id = n["id"];
    if (id.rfind("markdown.file.", 0) == 0 || id.rfind("markdown.folder.", 0) == 0) rows.push_back({n["bounds"][1].get<int>(), id});
  }
  std::sort(rows.begin(), rows.end());
  std::vector<std::string> out;
  for (auto& r : rows) out.push_back(r.second);
  return out;
}

/// The one entry of the Files overlay named `name`, or null.
json new_file_named(Env& env, const std::string& name) {
  for (auto& [id, e] : files_overlay(env).items())
    if (e.is_object() && e.value("name", "") == name) {
      json out = e;
      out["id"] = id;
      return out;
    }
  return nullptr;
}

}  // namespace

TEST(Markdown, BrowserListsFoldersFirstThenNotesByNameWithABreadcrumb) {
  Env env;
  open_app(env, "markdown");
  EXPECT_EQ(env.phone().current_page(), "browse");
  EXPECT_EQ(text_of(env, "markdown.title"), "Markdown");
  EXPECT_EQ(text_of(env, "markdown.crumb.root"), "Markdown");
  const std::vector<std::string> rows = rows_on_screen(env);
  ASSERT_GE(rows.size(), 8u);
  EXPECT_EQ(rows[0], "markdown.folder.Archive");
  EXPECT_EQ(rows[3], "markdown.folder.Work");
  EXPECT_EQ(rows[4], "markdown.file.Gift ideas.md");
  EXPECT_EQ(rows[5], "markdown.file.Ideas.md");
  EXPECT_EQ(find_node(env, "markdown.folder.Work")["desc"], "2 items");
  // Into a folder: a new page, the breadcrumb grows, back goes up.
  press(env, "markdown.folder.Work");
  EXPECT_EQ(text_of(env, "markdown.title"), "Work");
  EXPECT_TRUE(on_screen(env, "markdown.crumb.Work"));
  EXPECT_TRUE(on_screen(env, "markdown.file.Project Atlas roadmap.md"));
  EXPECT_FALSE(on_screen(env, "markdown.file.Ideas.md"));
  press(env, "markdown.crumb.root");
  EXPECT_EQ(text_of(env, "markdown.title"), "Markdown");
  press(env, "markdown.folder.Recipes");
  press(env, "markdown.title.back");
  EXPECT_TRUE(on_screen(env, "markdown.file.Ideas.md"));
  EXPECT_EQ(env.state()["apps"]["markdown"].dump(), env.phone().default_state()["apps"]["markdown"].dump());
}

TEST(Markdown, SortByDateShowsTheNewestNoteFirst) {
  Env env;
  const json before = open_app(env, "markdown");
  press(env, "markdown.sort");
  EXPECT_EQ(env.phone().current_page(), "sort");
  press(env, "markdown.sort.date");
  EXPECT_EQ(env.phone().current_page(), "browse");
  EXPECT_EQ(data_changes(before, env.state()), (Paths{"/apps/markdown/settings/sort"}));
  const std::vector<std::string> rows = rows_on_screen(env);
  EXPECT_EQ(rows[0], "markdown.folder.Journal");  // folders too, newest first
  EXPECT_EQ(rows[4], "markdown.file.Weekly plan.md");  // 2025-12-31 09:15
  EXPECT_EQ(rows[5], "markdown.file.Shopping list.md");
}

TEST(Markdown, CreateAMarkdownNoteAndTypeItsText) {
  Env env;
  const json before = open_app(env, "markdown");
  press(env, "markdown.fab");
  EXPECT_EQ(env.phone().current_page(), "create");
  EXPECT_EQ(find_node(env, "markdown.create.type.md")["checked"], true);
  EXPECT_EQ(text_of(env, "markdown.create.folder"), "Documents/Markdown");
  type_text(env, "Trip ideas");
  press(env, "markdown.create.ok");
  EXPECT_EQ(env.phone().current_page(), "editor");
  EXPECT_EQ(text_of(env, "markdown.editor.title"), "Trip ideas.md");
  EXPECT_EQ(env.phone().focused_id(), "markdown.editor.text");
  type_text(env, "Visit Lisbon in May");
  EXPECT_EQ(data_changes(before, env.state()), (Paths{"/apps/files/files/n1"}));
  const json& f = files_overlay(env)["n1"];
  EXPECT_EQ(f["name"], "Trip ideas.md");
  EXPECT_EQ(f["parent"], "documents_markdown");
  EXPECT_EQ(f["kind"], "text");
  EXPECT_EQ(f["text"], "Visit Lisbon in May");
  EXPECT_EQ(f["size"], 19);
  EXPECT_EQ(f["source"], "markdown");
  // Markdown keeps no copy of the note once the editor is closed.
  act(env, R"({"type":"back"})");
  act(env, R"({"type":"back"})");
  EXPECT_EQ(env.phone().current_page(), "browse");
  EXPECT_EQ(env.state()["apps"]["markdown"]["draft"]["id"], "");
  EXPECT_TRUE(on_screen(env, "markdown.file.Trip ideas.md"));
}

TEST(Markdown, CreatePlainTextAndToDoFilesInASubfolder) {
  Env env;
  const json before = open_app(env, "markdown");
  press(env, "markdown.folder.Work");
  press(env, "markdown.fab");
  EXPECT_EQ(text_of(env, "markdown.create.folder"), "Documents/Markdown/Work");
  type_text(env, "Standup");
  press(env, "markdown.create.type.txt");
  press(env, "markdown.create.ok");
  EXPECT_EQ(text_of(env, "markdown.editor.title"), "Standup.txt");
  act(env, R"({"type":"back"})");
  act(env, R"({"type":"back"})");
  press(env, "markdown.fab");
  type_text(env, "Sprint");
  press(env, "markdown.create.type.todo");
  press(env, "markdown.create.ok");
  EXPECT_EQ(text_of(env, "markdown.editor.title"), "Sprint.todo.txt");
  EXPECT_EQ(data_changes(before, env.state()), (Paths{"/apps/files/files/n1", "/apps/files/files/n2"}));
  EXPECT_EQ(files_overlay(env)["n1"]["parent"], "documents_markdown_work");
  EXPECT_EQ(files_overlay(env)["n2"]["name"], "Sprint.todo.txt");
  EXPECT_EQ(files_overlay(env)["n2"]["text"], "- [ ] ");  // a to-do file starts with its first item
  type_text(env, "Write the demo script");
  press(env, "markdown.tool.checkbox");
  type_text(env, "Book the room");
  press(env, "markdown.editor.preview");  // shown as a checklist
  press(env, "markdown.preview.check.Book the room");
  EXPECT_EQ(files_overlay(env)["n2"]["text"], "- [ ] Write the demo script\n- [x] Book the room");
}

TEST(Markdown, CreateRefusesEmptyTakenAndSlashNames) {
  Env env;
  const json before = open_app(env, "markdown");
  press(env, "markdown.fab");
  press(env, "markdown.create.ok");
  EXPECT_EQ(text_of(env, "markdown.create.error"), "Enter a name");
  type_text(env, "Ideas");
  press(env, "markdown.create.ok");
  EXPECT_EQ(text_of(env, "markdown.create.error"), "\"Ideas.md\" already exists");
  type_text(env, "a/b", true);
  press(env, "markdown.create.ok");
  EXPECT_EQ(text_of(env, "markdown.create.error"), "A name can't contain \"/\"");
  EXPECT_EQ(env.phone().current_page(), "create");
  press(env, "markdown.create.cancel");
  EXPECT_EQ(env.phone().current_page(), "browse");
  EXPECT_TRUE(data_changes(before, env.state()).empty());
}

TEST(Markdown, EditingANoteSavesItInFilesAsYouTypeAndTheToolbarInsertsMarkdown) {
  Env env;
  const json before = open_app(env, "markdown");
  press(env, "markdown.file.Gift ideas.md");
  EXPECT_EQ(env.phone().current_page(), "editor");
  EXPECT_NE(text_of(env, "markdown.editor.text").find("- Emma: a watercolor set"), std::string::npos);
  press(env, "markdown.editor.text");
  type_text(env, "- Sam: a ");
  press(env, "markdown.tool.bold");
  type_text(env, "hiking map");
  press(env, "markdown.tool.bold");
  press(env, "markdown.tool.heading");
  type_text(env, "Ideas for later");
  press(env, "markdown.tool.checkbox");
  type_text(env, "Wrap the presents");
  EXPECT_EQ(data_changes(before, env.state()), (Paths{"/apps/files/files/md06"}));
  const std::string text = files_overlay(env)["md06"]["text"];
  EXPECT_NE(text.find("- Grandpa: a framed family photo\n- Sam: a **hiking map**\n# Ideas for later\n- [ ] Wrap the presents"),
            std::string::npos)
      << text;
  EXPECT_EQ(files_overlay(env)["md06"]["size"], static_cast<int>(text.size()));
  EXPECT_EQ(files_overlay(env)["md06"]["modified"], "2026-01-01 08:00");
  // The note opens again with the saved text.
  act(env, R"({"type":"back"})");
  act(env, R"({"type":"back"})");
  press(env, "markdown.file.Gift ideas.md");
  EXPECT_EQ(text_of(env, "markdown.editor.text"), text);
}

TEST(Markdown, PreviewRendersBlocksAndItsCheckboxesToggleTheText) {
  Env env;
  const json before = open_app(env, "markdown");
  press(env, "markdown.file.Shopping list.md");
  press(env, "markdown.editor.preview");
  EXPECT_EQ(env.phone().current_page(), "preview");
  EXPECT_EQ(text_of(env, "markdown.preview.block.0"), "Shopping list");
  const json oat = find_node(env, "markdown.preview.check.Oat milk");
  ASSERT_FALSE(oat.is_null());
  EXPECT_EQ(oat["checked"], false);
  EXPECT_EQ(find_node(env, "markdown.preview.check.Sourdough bread")["checked"], true);
  press(env, "markdown.preview.check.Oat milk");
  press(env, "markdown.preview.check.Sourdough bread");
  EXPECT_EQ(find_node(env, "markdown.preview.check.Oat milk")["checked"], true);
  EXPECT_EQ(data_changes(before, env.state()), (Paths{"/apps/files/files/md01"}));
  const std::string text = files_overlay(env)["md01"]["text"];
  EXPECT_NE(text.find("- [x] Oat milk\n- [ ] Sourdough bread\n- [ ] Greek yogurt"), std::string::npos) << text;
  // Back to the editor (the toggle is in the text there too).
  press(env, "markdown.preview.edit");
  EXPECT_EQ(env.phone().current_page(), "editor");
  EXPECT_EQ(text_of(env, "markdown.editor.text"), text);
}

TEST(Markdown, PreviewShowsEmphasisListsLinksAndPlainTextNotesAsIs) {
  Env env;
  open_app(env, "markdown");
  press(env, "markdown.file.Ideas.md");
  press(env, "markdown.editor.preview");
  EXPECT_EQ(text_of(env, "markdown.preview.block.1"), "Start a monthly photo walk with the neighbours");
  const json link = find_node(env, "markdown.preview.link.0");
  ASSERT_FALSE(link.is_null());
  EXPECT_EQ(link["text"], "Seasonal gardening");
  EXPECT_EQ(link["desc"], "https://example.com/gardening");
  act(env, R"({"type":"back"})");
  press(env, "markdown.file.Packing list.txt");
  press(env, "markdown.editor.preview");
  EXPECT_EQ(text_of(env, "markdown.preview.block.0"), "Packing list for the ski trip");
  EXPECT_EQ(text_of(env, "markdown.preview.block.1"), "Warm jacket");
}

TEST(Markdown, RenameTheOpenNoteAndRefuseATakenName) {
  Env env;
  const json before = open_app(env, "markdown");
  press(env, "markdown.file.Ideas.md");
  press(env, "markdown.editor.more");
  EXPECT_EQ(env.phone().current_page(), "note_menu");
  press(env, "markdown.note.rename");
  EXPECT_EQ(env.phone().current_page(), "rename");
  EXPECT_EQ(find_node(env, "markdown.rename.name")["text"], "Ideas.md");
  type_text(env, "Gift ideas.md", true);
  press(env, "markdown.rename.ok");
  EXPECT_EQ(text_of(env, "markdown.rename.error"), "\"Gift ideas.md\" already exists");
  EXPECT_TRUE(data_changes(before, env.state()).empty());
  type_text(env, "Side projects.md", true);
  press(env, "markdown.rename.ok");
  EXPECT_EQ(env.phone().current_page(), "editor");
  EXPECT_EQ(text_of(env, "markdown.editor.title"), "Side projects.md");
  EXPECT_EQ(data_changes(before, env.state()), (Paths{"/apps/files/files/md02"}));
  EXPECT_EQ(files_overlay(env)["md02"], (json{{"name", "Side projects.md"}}));
}

TEST(Markdown, MoveSelectedNotesWithTheFolderPicker) {
  Env env;
  const json before = open_app(env, "markdown");
  press(env, "markdown.file.Ideas.md", "long_press");
  EXPECT_EQ(text_of(env, "markdown.select.count"), "1 selected");
  press(env, "markdown.file.Gift ideas.md");  // in selection mode a tap adds to it
  EXPECT_EQ(text_of(env, "markdown.select.count"), "2 selected");
  EXPECT_FALSE(on_screen(env, "markdown.select.rename"));  // rename is for one item
  press(env, "markdown.select.move");
  EXPECT_EQ(env.phone().current_page(), "move");
  EXPECT_EQ(text_of(env, "markdown.move.what"), "2 items");
  // Moving into the folder they are in is refused.
  press(env, "markdown.move.confirm");
  EXPECT_EQ(toast(env), "Already in Markdown");
  EXPECT_TRUE(data_changes(before, env.state()).empty());
  press(env, "markdown.move.folder.Archive");
  EXPECT_TRUE(on_screen(env, "markdown.move.crumb.Archive"));
  EXPECT_TRUE(on_screen(env, "markdown.move.empty"));
  press(env, "markdown.move.confirm");
  EXPECT_EQ(env.phone().current_page(), "browse");
  EXPECT_EQ(toast(env), "2 items moved to Archive");
  EXPECT_EQ(data_changes(before, env.state()), (Paths{"/apps/files/files/md02", "/apps/files/files/md06"}));
  EXPECT_EQ(files_overlay(env)["md02"]["parent"], "documents_markdown_archive");
  EXPECT_FALSE(on_screen(env, "markdown.file.Ideas.md"));
  EXPECT_TRUE(env.state()["apps"]["markdown"]["selected"].empty());
  EXPECT_EQ(find_node(env, "markdown.folder.Archive")["desc"], "3 items");
}

TEST(Markdown, DeleteAsksFirstAndCancelKeepsTheNote) {
  Env env;
  const json before = open_app(env, "markdown");
  press(env, "markdown.file.Weekly plan.md");
  press(env, "markdown.editor.more");
  press(env, "markdown.note.delete");
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Delete this file?");
  press(env, "dialog.button.cancel");
  EXPECT_TRUE(data_changes(before, env.state()).empty());
  EXPECT_EQ(env.phone().current_page(), "editor");
  press(env, "markdown.editor.more");
  press(env, "markdown.note.delete");
  press(env, "dialog.button.delete");
  EXPECT_EQ(env.phone().current_page(), "browse");
  EXPECT_EQ(data_changes(before, env.state()), (Paths{"/apps/files/files/md04"}));
  EXPECT_TRUE(files_overlay(env)["md04"].is_null());
  EXPECT_FALSE(on_screen(env, "markdown.file.Weekly plan.md"));
  EXPECT_EQ(env.state()["apps"]["markdown"]["draft"]["id"], "");
}

TEST(Markdown, MultiSelectDeletesSeveralAndSelectAllTakesTheFolder) {
  Env env;
  const json before = open_app(env, "markdown");
  press(env, "markdown.folder.Recipes");
  press(env, "markdown.file.Banana bread.md", "long_press");
  press(env, "markdown.select.all");
  EXPECT_EQ(text_of(env, "markdown.select.count"), "2 selected");
  press(env, "markdown.file.Banana bread.md");
  EXPECT_EQ(text_of(env, "markdown.select.count"), "1 selected");
  press(env, "markdown.file.Banana bread.md");
  press(env, "markdown.select.delete");
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Delete 2 items?");
  press(env, "dialog.button.delete");
  EXPECT_EQ(data_changes(before, env.state()), (Paths{"/apps/files/files/md09", "/apps/files/files/md10"}));
  EXPECT_TRUE(on_screen(env, "markdown.empty"));
  EXPECT_EQ(toast(env), "2 items deleted");
  // Clearing a selection changes nothing.
  press(env, "markdown.crumb.root");
  press(env, "markdown.file.Ideas.md", "long_press");
  press(env, "markdown.select.close");
  EXPECT_TRUE(on_screen(env, "markdown.fab"));
  EXPECT_EQ(data_changes(before, env.state()), (Paths{"/apps/files/files/md09", "/apps/files/files/md10"}));
}

TEST(Markdown, SearchFindsNotesByNameAndByContentInEveryFolder) {
  Env env;
  const json before = open_app(env, "markdown");
  press(env, "markdown.search");
  EXPECT_EQ(env.phone().focused_id(), "markdown.search.query");
  type_text(env, "lentil");
  // "Lentil soup.md" by name, the journal by its text.
  EXPECT_TRUE(on_screen(env, "markdown.result.Lentil soup.md"));
  EXPECT_TRUE(on_screen(env, "markdown.result.Journal 2025-12-31.md"));
  EXPECT_EQ(find_node(env, "markdown.result.Journal 2025-12-31.md")["desc"],
            "Markdown/Journal \u00b7 cooked lentil soup for dinner.");
  EXPECT_FALSE(on_screen(env, "markdown.result.Ideas.md"));
  type_text(env, "zebra crossing", true);
  EXPECT_TRUE(on_screen(env, "markdown.search.none"));
  type_text(env, "atlas", true);
  press(env, "markdown.result.Project Atlas roadmap.md");
  EXPECT_EQ(env.phone().current_page(), "editor");
  EXPECT_EQ(text_of(env, "markdown.editor.title"), "Project Atlas roadmap.md");
  EXPECT_TRUE(data_changes(before, env.state()).empty());
}

TEST(Markdown, NewNoteFromTheClipboard) {
  Env env;
  const json before0 = open_app(env, "markdown");
  press(env, "markdown.more");
  press(env, "markdown.menu.clipboard");
  EXPECT_EQ(toast(env), "Clipboard is empty");
  EXPECT_EQ(env.phone().current_page(), "browse");
  env.phone().set_clipboard("Flight UA 512 leaves at 07:40 from gate B12");
  const json before = env.state();
  press(env, "markdown.more");
  press(env, "markdown.menu.clipboard");
  EXPECT_EQ(env.phone().current_page(), "create");
  EXPECT_EQ(text_of(env, "markdown.create.title"), "New from clipboard");
  type_text(env, "Flight");
  press(env, "markdown.create.ok");
  EXPECT_EQ(env.phone().current_page(), "editor");
  EXPECT_EQ(data_changes(before, env.state()), (Paths{"/apps/files/files/n1"}));
  EXPECT_EQ(files_overlay(env)["n1"]["name"], "Flight.md");
  EXPECT_EQ(files_overlay(env)["n1"]["text"], "Flight UA 512 leaves at 07:40 from gate B12");
}

TEST(Markdown, ShareSendsTheNoteTextToMessages) {
  Env env;
  open_app(env, "markdown");
  press(env, "markdown.file.Gift ideas.md");
  press(env, "markdown.editor.more");
  press(env, "markdown.note.share");
  ASSERT_TRUE(on_screen(env, "dialog.button.messages"));
  press(env, "dialog.button.messages");
  EXPECT_EQ(env.phone().foreground(), "messages");
  EXPECT_NE(env.state()["apps"]["messages"].value("draft", "").find("Emma: a watercolor set"), std::string::npos);
}

TEST(Markdown, SettingsChangeTheDefaultTypeFontAndSort) {
  Env env;
  const json before = open_app(env, "markdown");
  press(env, "markdown.more");
  press(env, "markdown.menu.settings");
  EXPECT_EQ(env.phone().current_page(), "settings");
  press(env, "markdown.settings.type.txt");
  press(env, "markdown.settings.font.large");
  scroll_to(env, "markdown.settings.sort.date");
  press(env, "markdown.settings.sort.date");
  EXPECT_EQ(data_changes(before, env.state()),
            (Paths{"/apps/markdown/settings/default_type", "/apps/markdown/settings/font_size", "/apps/markdown/settings/sort"}));
  EXPECT_EQ(env.state()["apps"]["markdown"]["settings"], (json{{"sort", "date"}, {"default_type", "txt"}, {"font_size", "large"}}));
  act(env, R"({"type":"back"})");
  press(env, "markdown.fab");
  EXPECT_EQ(find_node(env, "markdown.create.type.txt")["checked"], true);
}

TEST(Markdown, NewFolderThenANoteInIt) {
  Env env;
  const json before = open_app(env, "markdown");
  press(env, "markdown.more");
  press(env, "markdown.menu.new_folder");
  type_text(env, "Work");
  press(env, "markdown.new_folder.ok");
  EXPECT_EQ(text_of(env, "markdown.new_folder.error"), "\"Work\" already exists");
  type_text(env, "Travel", true);
  press(env, "markdown.new_folder.ok");
  EXPECT_EQ(toast(env), "Folder created");
  EXPECT_EQ(data_changes(before, env.state()), (Paths{"/apps/files/files/n1"}));
  EXPECT_EQ(files_overlay(env)["n1"]["kind"], "folder");
  EXPECT_EQ(files_overlay(env)["n1"]["parent"], "documents_markdown");
  press(env, "markdown.folder.Travel");
  EXPECT_TRUE(on_screen(env, "markdown.empty"));
}

TEST(Markdown, OpeningAMarkdownFileInFilesOpensItInTheEditor) {
  Env env;
  open_app(env, "files");
  press(env, "files.storage");
  press(env, "files.item.Documents");
  press(env, "files.item.Markdown");
  const json before = env.state();
  press(env, "files.item.Reading list.md");
  EXPECT_EQ(env.phone().foreground(), "markdown");
  EXPECT_EQ(env.phone().current_page(), "editor");
  EXPECT_EQ(text_of(env, "markdown.editor.title"), "Reading list.md");
  press(env, "markdown.editor.text");
  type_text(env, "4. Piranesi by Susanna Clarke\n");
  EXPECT_EQ(data_changes(before, env.state()), (Paths{"/apps/files/files/md03"}));
  EXPECT_NE(files_overlay(env)["md03"]["text"].get<std::string>().find("Piranesi"), std::string::npos);
  // A .txt file opens the same way.
  open_app(env, "files");  // back where it was: Documents/Markdown
  press(env, "files.item.Archive");
  press(env, "files.item.Old todo.txt");
  EXPECT_EQ(env.phone().foreground(), "markdown");
  EXPECT_EQ(text_of(env, "markdown.editor.title"), "Old todo.txt");
}

TEST(Markdown, ARenameInFilesShowsInMarkdown) {
  Env env;
  open_app(env, "markdown");
  press(env, "markdown.file.Ideas.md");
  act(env, R"({"type":"back"})");
  // Rename in Files.
  open_app(env, "files");
  press(env, "files.storage");
  press(env, "files.item.Documents");
  press(env, "files.item.Markdown");
  press(env, "files.item.Ideas.md.more");
  press(env, "files.menu.rename");
  type_text(env, "Someday.md", true);
  press(env, "files.rename.ok");
  open_app(env, "markdown");
  EXPECT_TRUE(on_screen(env, "markdown.file.Someday.md"));
  EXPECT_FALSE(on_screen(env, "markdown.file.Ideas.md"));
  EXPECT_EQ(files_overlay(env)["md02"], (json{{"name", "Someday.md"}}));
}

TEST(Markdown, CopyANotesTextAndPasteItIntoANewNote) {
  Env env;
  const json before = open_app(env, "markdown");
  press(env, "markdown.file.Gift ideas.md");
  press(env, "markdown.editor.text", "long_press");  // the text field's Cut / Copy / Paste menu
  press(env, "dialog.button.copy");
  const std::string original = env.state()["apps"]["markdown"]["draft"]["text"];
  EXPECT_EQ(env.phone().clipboard(), original);
  press(env, "markdown.editor.title.back");
  EXPECT_EQ(env.phone().current_page(), "browse");
  press(env, "markdown.fab");
  type_text(env, "Gifts copy");
  press(env, "markdown.create.ok");
  press(env, "markdown.editor.text", "long_press");
  press(env, "dialog.button.paste");
  Paths changed = data_changes(before, env.state());
  changed.erase("/os/clipboard/text");
  EXPECT_EQ(changed, (Paths{"/apps/files/files/n1"}));
  EXPECT_EQ(files_overlay(env)["n1"]["text"], original);
}

TEST(Markdown, DeletingAFolderDeletesItsNotes) {
  Env env;
  const json before = open_app(env, "markdown");
  press(env, "markdown.folder.Work", "long_press");
  EXPECT_TRUE(on_screen(env, "markdown.select.rename"));
  press(env, "markdown.select.delete");
  EXPECT_EQ(env.state()["os"]["dialog"]["text"], "Work and everything in it will be deleted from storage.");
  press(env, "dialog.button.delete");
  EXPECT_EQ(data_changes(before, env.state()),
            (Paths{"/apps/files/files/documents_markdown_work", "/apps/files/files/md07", "/apps/files/files/md08"}));
  EXPECT_FALSE(on_screen(env, "markdown.folder.Work"));
}

TEST(Markdown, TypingKeepsTheEndOfALongNoteInViewAndTheFontSettingApplies) {
  Env env;
  open_app(env, "markdown");
  press(env, "markdown.folder.Recipes");
  press(env, "markdown.file.Banana bread.md");
  const int unfocused = find_node(env, "markdown.editor.text")["bounds"][3].get<int>();
  press(env, "markdown.editor.text");
  // The field shrinks to the room above the toolbar and the keyboard.
  const json field = find_node(env, "markdown.editor.text");
  EXPECT_LT(field["bounds"][3].get<int>(), unfocused);
  EXPECT_TRUE(on_screen(env, "markdown.tool.checkbox"));
  EXPECT_LT(field["bounds"][3].get<int>(), find_node(env, "markdown.tool.checkbox")["bounds"][1].get<int>() + 1);
  // Large font: the editor's text gets taller lines (the whole text still reported by the field).
  act(env, R"({"type":"back"})");
  act(env, R"({"type":"back"})");
  act(env, R"({"type":"back"})");
  press(env, "markdown.crumb.root");
  press(env, "markdown.more");
  press(env, "markdown.menu.settings");
  press(env, "markdown.settings.font.large");
  EXPECT_EQ(env.state()["apps"]["markdown"]["settings"]["font_size"], "large");
}

TEST(Markdown, ALinkInThePreviewOpensTheUrlAndTheNotesExportListsTheNotebook) {
  Env env;
  open_app(env, "markdown");
  press(env, "markdown.file.Ideas.md");
  press(env, "markdown.editor.preview");
  press(env, "markdown.preview.link.0");
  // A VIEW of an https URL: a browser, if one is installed, else the system's toast.
  EXPECT_TRUE(env.phone().foreground() != "markdown" || toast(env) == "No app can perform this action");
  const json notes = pg::call_app(env.phone(), "markdown", "notes", json::object());
  ASSERT_EQ(notes.size(), 12u);
  for (const json& n : notes) {
    EXPECT_FALSE(n.contains("text"));
    EXPECT_EQ(n["folder"].get<std::string>().rfind("Documents/Markdown", 0), 0u);
  }
}

TEST(Markdown, TheLinkButtonAsksForTextAndAddressAndRefusesAnEmptyLink) {
  Env env;
  const json before = open_app(env, "markdown");
  press(env, "markdown.file.Reading list.md");
  press(env, "markdown.tool.link");
  EXPECT_EQ(env.phone().current_page(), "link");
  EXPECT_EQ(env.phone().focused_id(), "markdown.link.title");
  type_text(env, "Book reviews");
  press(env, "markdown.link.ok");
  EXPECT_EQ(text_of(env, "markdown.link.error"), "Enter a link");
  EXPECT_TRUE(data_changes(before, env.state()).empty());
  press(env, "markdown.link.url");
  type_text(env, "https://example.com/books", true);
  press(env, "markdown.link.ok");
  EXPECT_EQ(env.phone().current_page(), "editor");
  EXPECT_EQ(env.phone().focused_id(), "markdown.editor.text");
  EXPECT_EQ(data_changes(before, env.state()), (Paths{"/apps/files/files/md03"}));
  const std::string text = files_overlay(env)["md03"]["text"];
  EXPECT_EQ(text.substr(text.size() - 41), "[Book reviews](https://example.com/books)");
  // The preview shows it as a link.
  press(env, "markdown.editor.preview");
  EXPECT_EQ(find_node(env, "markdown.preview.link.0")["desc"], "https://example.com/books");
}

TEST(Markdown, ASelectionLeftBehindInAnotherFolderIsNotActedOn) {
  Env env;
  const json before = open_app(env, "markdown");
  press(env, "markdown.folder.Work");
  press(env, "markdown.file.Project Atlas roadmap.md", "long_press");
  act(env, R"({"type":"back"})");  // back to the top folder, the selection left in Work
  EXPECT_EQ(env.phone().current_page(), "browse");
  EXPECT_TRUE(on_screen(env, "markdown.fab"));  // no selection bar here
  press(env, "markdown.file.Ideas.md", "long_press");
  EXPECT_EQ(text_of(env, "markdown.select.count"), "1 selected");
  press(env, "markdown.select.delete");
  press(env, "dialog.button.delete");
  EXPECT_EQ(data_changes(before, env.state()), (Paths{"/apps/files/files/md02"}));
}

TEST(Markdown, AnOpenButUnchangedNoteNeverOverwritesAnotherAppsWriteAndAMissingFileIsRefused) {
  Env env;
  open_app(env, "markdown");
  press(env, "markdown.file.Ideas.md");
  // Another app writes the file while the editor shows it unchanged: the next actions keep it.
  pg::call_app(env.phone(), "files", "write", {{"id", "md02"}, {"text", "Rewritten elsewhere"}});
  act(env, R"({"type":"wait","seconds":1})");
  press(env, "markdown.editor.preview");
  EXPECT_EQ(files_overlay(env)["md02"]["text"], "Rewritten elsewhere");
  EXPECT_EQ(text_of(env, "markdown.preview.block.0"), "Rewritten elsewhere");  // the editor reloaded it
  // A VIEW of a file that does not exist opens the notebook with a message.
  env.phone().start_intent({{"action", "android.intent.action.VIEW"}, {"type", "text/markdown"},
                            {"data", "file:///storage/emulated/0/Documents/Markdown/Nope.md"}});
  EXPECT_EQ(env.phone().foreground(), "markdown");
  EXPECT_EQ(env.phone().current_page(), "browse");
  EXPECT_EQ(toast(env), "Can't open Nope.md");
}
