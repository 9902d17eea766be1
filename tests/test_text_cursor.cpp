// Text fields have a cursor (os.keyboard.cursor, a character index): a tap on the focused field
// moves it to the nearest character boundary, typing (keys, the type action, enter in a
// multi-line field) inserts there, backspace deletes before it, and the caret is drawn there.
// Driven through actions as a user would, in Notes (a toolkit single-line field, its own title
// and a multi-line body), Markdown's editor, Microblog's composer and the browser's address bar;
// tap points come from the toolkit's measurement.
#include "phone_driver.hpp"
#include "sim/os/phone.hpp"
#include "sim/os/text_edit.hpp"
#include "sim/render/image.hpp"
#include "sim/render/screen.hpp"
#include "sim/ui/text_layout.hpp"

#include <gtest/gtest.h>

#include <cmath>

using namespace pg::testing;
using pg::Font;

namespace {

const json& keyboard(Env& env) { return env.phone().os()["keyboard"]; }
std::string notes_text(Env& env, const char* field) {
  return env.phone().app_state("notes")["editor"].value(field, "");
}

/// Taps (`type`: click or long_press) the screen point (x, y) in dp (the action's 0..1000
/// coordinates, rounded).
json tap_dp(Env& env, float x, float y, const std::string& type = "click") {
  const int nx = static_cast<int>(std::lround(x * 3 * 1000 / 1080.0));
  const int ny = static_cast<int>(std::lround(y * 3 * 1000 / 2400.0));
  return act(env, R"({"type":")" + type + R"(","x":)" + std::to_string(nx) + R"(,"y":)" + std::to_string(ny) + "}");
}

/// A node's bounds in dp: [l, t, r, b].
std::array<float, 4> bounds_dp(Env& env, const std::string& id) {
  const json n = find_node(env, id);
  EXPECT_FALSE(n.is_null()) << id;
  if (n.is_null()) return {0, 0, 0, 0};
  return {n["bounds"][0].get<float>() / 3, n["bounds"][1].get<float>() / 3, n["bounds"][2].get<float>() / 3,
          n["bounds"][3].get<float>() / 3};
}

/// Notes' label picker with "Garden" typed into its name field (a toolkit text_field).
void label_field_with_garden(Env& env) {
  open_app(env, "notes");
  press(env, "notes.fab");
  press(env, "notes.editor.label");
  ASSERT_EQ(env.phone().current_page(), "note_labels");
  enter_text(env, "notes.labels.name", "Garden");
  ASSERT_EQ(env.phone().app_state("notes")["label_query"], "Garden");
}

/// Taps the label name field (text from x = left + 16 dp) at the boundary before character `k`.
void tap_label_field_at(Env& env, const std::string& text, std::size_t k, const std::string& type = "click") {
  const auto b = bounds_dp(env, "notes.labels.name");
  const std::size_t byte = pg::utf8_offset(text, k);
  tap_dp(env, b[0] + 16 + pg::text_width_of(text, 0, byte, Font::BodyLarge), (b[1] + b[3]) / 2, type);
}

}  // namespace

TEST(TextCursor, FocusingAFieldPutsTheCaretAtTheEndOfItsText) {
  Env env;
  label_field_with_garden(env);
  EXPECT_EQ(keyboard(env)["cursor"], 6);
  act(env, R"({"type":"back"})");  // hide the keyboard
  ASSERT_TRUE(keyboard(env)["focus"].is_null());
  EXPECT_FALSE(keyboard(env).contains("cursor"));
  // A first tap focuses with the caret at the end, wherever it lands on the text.
  tap_label_field_at(env, "Garden", 2);
  EXPECT_EQ(keyboard(env)["focus"], "notes.labels.name");
  EXPECT_EQ(keyboard(env)["cursor"], 6);
}

TEST(TextCursor, ATapInTheMiddleOfASingleLineFieldThenTypingInsertsThere) {
  Env env;
  label_field_with_garden(env);
  tap_label_field_at(env, "Garden", 3);  // the field is focused: the caret moves to "Gar|den"
  EXPECT_EQ(keyboard(env)["cursor"], 3);
  type_text(env, "XY");  // the type action
  EXPECT_EQ(env.phone().app_state("notes")["label_query"], "GarXYden");
  EXPECT_EQ(keyboard(env)["cursor"], 5);
  press(env, "keyboard.key.q");  // a key of the keyboard
  EXPECT_EQ(env.phone().app_state("notes")["label_query"], "GarXYqden");
  EXPECT_EQ(keyboard(env)["cursor"], 6);
  // Taps at the start and past the end of the text.
  tap_label_field_at(env, "GarXYqden", 0);
  EXPECT_EQ(keyboard(env)["cursor"], 0);
  const auto b = bounds_dp(env, "notes.labels.name");
  tap_dp(env, b[2] - 8, (b[1] + b[3]) / 2);
  EXPECT_EQ(keyboard(env)["cursor"], 9);
}

TEST(TextCursor, BackspaceDeletesTheCharacterBeforeTheCaret) {
  Env env;
  label_field_with_garden(env);
  tap_label_field_at(env, "Garden", 3);
  press(env, "keyboard.backspace");
  EXPECT_EQ(env.phone().app_state("notes")["label_query"], "Gaden");
  EXPECT_EQ(keyboard(env)["cursor"], 2);
  press(env, "keyboard.backspace");
  press(env, "keyboard.backspace");
  EXPECT_EQ(env.phone().app_state("notes")["label_query"], "den");
  EXPECT_EQ(keyboard(env)["cursor"], 0);
  press(env, "keyboard.backspace");  // at the start: nothing to delete
  EXPECT_EQ(env.phone().app_state("notes")["label_query"], "den");
  EXPECT_EQ(keyboard(env)["cursor"], 0);
}

TEST(TextCursor, MultiByteCharactersAroundTheCaretAreNeverSplit) {
  Env env;
  open_app(env, "notes");
  press(env, "notes.fab");
  press(env, "notes.editor.label");
  enter_text(env, "notes.labels.name", "é漢b");
  EXPECT_EQ(keyboard(env)["cursor"], 3);  // characters, not bytes (5 bytes)
  tap_label_field_at(env, "é漢b", 1);
  EXPECT_EQ(keyboard(env)["cursor"], 1);
  type_text(env, "x");
  EXPECT_EQ(env.phone().app_state("notes")["label_query"], "éx漢b");
  tap_label_field_at(env, "éx漢b", 3);  // after 漢
  EXPECT_EQ(keyboard(env)["cursor"], 3);
  press(env, "keyboard.backspace");
  EXPECT_EQ(env.phone().app_state("notes")["label_query"], "éxb");
  press(env, "keyboard.backspace");
  press(env, "keyboard.backspace");
  EXPECT_EQ(env.phone().app_state("notes")["label_query"], "b");
  type_text(env, "漢é");
  EXPECT_EQ(env.phone().app_state("notes")["label_query"], "漢éb");
  EXPECT_EQ(keyboard(env)["cursor"], 2);
}

TEST(TextCursor, TheCaretIsClampedWhenTheTextChangesByOtherMeans) {
  Env env;
  label_field_with_garden(env);
  tap_label_field_at(env, "Garden", 4);
  ASSERT_EQ(keyboard(env)["cursor"], 4);
  type_text(env, "Hi", /*clear=*/true);  // clear replaces the text: the caret follows it
  EXPECT_EQ(env.phone().app_state("notes")["label_query"], "Hi");
  EXPECT_EQ(keyboard(env)["cursor"], 2);
  // set_state with a shorter text and a caret past it: clamped, and typing still works.
  json s = env.state();
  s["apps"]["notes"]["label_query"] = "é";
  s["os"]["keyboard"]["cursor"] = 40;
  env.set_state(s);
  EXPECT_EQ(keyboard(env)["cursor"], 1);
  type_text(env, "t");
  EXPECT_EQ(env.phone().app_state("notes")["label_query"], "ét");
  // Cut (the text menu) empties the field: the caret goes to 0. A long press on the focused
  // field puts the caret under the finger (as on Android) and Paste inserts there.
  tap_label_field_at(env, "ét", 1, "long_press");
  press(env, "dialog.button.cut");
  EXPECT_EQ(env.phone().app_state("notes")["label_query"], "");
  EXPECT_EQ(keyboard(env)["cursor"], 0);
  type_text(env, "ab");
  tap_label_field_at(env, "ab", 1, "long_press");
  EXPECT_EQ(keyboard(env)["cursor"], 1);
  press(env, "dialog.button.paste");
  EXPECT_EQ(env.phone().app_state("notes")["label_query"], "aétb");
  EXPECT_EQ(keyboard(env)["cursor"], 3);
  // An app writing the field (here: a state patch between steps) leaves the caret valid.
  s = env.state();
  s["apps"]["notes"]["label_query"] = "x";
  env.set_state(s);
  EXPECT_LE(keyboard(env)["cursor"].get<int>(), 1);
  press(env, "keyboard.backspace");
  EXPECT_EQ(env.phone().app_state("notes")["label_query"], "");
}

TEST(TextCursor, CopyAndPasteDoublingStopsAtTheFieldLimitAndTheScreenStillDraws) {
  // Copy, then paste at the start, over and over: the text doubles until kMaxFieldChars, where
  // the rest of a paste is dropped (a behaviour-cloning policy once did this until one frame
  // took minutes to lay out the field).
  Env env;
  label_field_with_garden(env);
  for (int round = 0; round < 13; ++round) {
    const std::string text = env.phone().app_state("notes")["label_query"];
    tap_label_field_at(env, text, 0, "long_press");
    press(env, "dialog.button.copy");
    tap_label_field_at(env, text, 0, "long_press");
    press(env, "dialog.button.paste");
  }
  const std::string text = env.phone().app_state("notes")["label_query"];
  EXPECT_EQ(pg::utf8_length(text), pg::kMaxFieldChars);
  EXPECT_EQ(text.find_first_not_of("Garden"), std::string::npos);  // copies of the text, nothing else
  // Typing more changes nothing; the field is still drawn and answers taps.
  type_text(env, "more");
  EXPECT_EQ(env.phone().app_state("notes")["label_query"], text);
  EXPECT_FALSE(find_node(env, "notes.labels.name").is_null());
}

TEST(TextCursor, ATapOnTheSecondLineOfAMultiLineFieldAndEnterInsertsANewLineThere) {
  Env env;
  open_app(env, "notes");
  press(env, "notes.fab");
  press(env, "notes.editor.body");
  type_text(env, "first line\nsecond line");
  const auto b = bounds_dp(env, "notes.editor.body");
  // compose_area: lines from (x + 0, top + 4), 24 dp apart; the node starts 4 dp left of x.
  const float left = b[0] + 4, top = b[1] + 4;
  tap_dp(env, left + pg::text_width_of("second", 0, 6, Font::BodyLarge), top + 24 + 10);
  EXPECT_EQ(keyboard(env)["cursor"], 17);  // "first line\nsecond|"
  type_text(env, "X");
  EXPECT_EQ(notes_text(env, "body"), "first line\nsecondX line");
  act(env, R"({"type":"enter"})");  // enter in a multi-line field: a new line at the caret
  EXPECT_EQ(notes_text(env, "body"), "first line\nsecondX\n line");
  EXPECT_EQ(keyboard(env)["cursor"], 19);
  // The first line, near its start.
  tap_dp(env, left + pg::text_width_of("f", 0, 1, Font::BodyLarge), top + 10);
  EXPECT_EQ(keyboard(env)["cursor"], 1);
}

TEST(TextCursor, ATapOnAWrappedLineOfTheBodyPutsTheCaretThere) {
  Env env;
  open_app(env, "notes");
  press(env, "notes.fab");
  press(env, "notes.editor.body");
  const std::string text = "Water the tomatoes every morning before work and move the basil pots into the shade";
  type_text(env, text);
  const auto b = bounds_dp(env, "notes.editor.body");
  const float left = b[0] + 4, top = b[1] + 4;
  const std::vector<pg::TextLine> lines = pg::wrap_lines(text, Font::BodyLarge, pg::Ui::width_dp() - 36);
  ASSERT_GE(lines.size(), 2u);  // the text wraps
  // After the first word of the second visual line.
  const std::size_t word_end = text.find(' ', lines[1].begin);
  tap_dp(env, left + pg::text_width_of(text, lines[1].begin, word_end, Font::BodyLarge), top + 24 + 10);
  EXPECT_EQ(keyboard(env)["cursor"], static_cast<int>(word_end));
  type_text(env, "!");
  std::string expected = text;
  expected.insert(word_end, "!");
  EXPECT_EQ(notes_text(env, "body"), expected);
}

TEST(TextCursor, TheTitleMovesItsCaretToo) {
  Env env;
  open_app(env, "notes");
  press(env, "notes.fab");
  enter_text(env, "notes.editor.title", "Shopping");
  const auto b = bounds_dp(env, "notes.editor.title");
  tap_dp(env, b[0] + pg::text_width_of("Shop", 0, 4, Font::Title), (b[1] + b[3]) / 2);
  EXPECT_EQ(keyboard(env)["cursor"], 4);
  type_text(env, "-");
  EXPECT_EQ(notes_text(env, "title"), "Shop-ping");
}

TEST(TextCursor, TheCaretIsDrawnBetweenTheRightCharacters) {
  Env env;
  label_field_with_garden(env);
  const auto b = bounds_dp(env, "notes.labels.name");
  const float text_top = b[1] + 26;  // a labelled field's value line
  auto accent_at = [&](float x_dp) {
    const pg::Image img = pg::render_screen(env.phone(), true);
    const int x = static_cast<int>(x_dp * 3), y = static_cast<int>((text_top + 10) * 3);
    const std::uint8_t* p = &img.data[(static_cast<std::size_t>(y) * img.width + x) * 3];
    return p[0] == 0x67 && p[1] == 0x50 && p[2] == 0xA4;  // color::kPrimary
  };
  const float end_x = b[0] + 16 + pg::text_width_of("Garden", 0, 6, Font::BodyLarge);
  const float mid_x = b[0] + 16 + pg::text_width_of("Garden", 0, 3, Font::BodyLarge);
  EXPECT_TRUE(accent_at(end_x + 1)) << "the caret at the end";
  EXPECT_FALSE(accent_at(mid_x + 1));
  tap_label_field_at(env, "Garden", 3);
  EXPECT_TRUE(accent_at(mid_x + 1)) << "the caret between \"Gar\" and \"den\"";
  EXPECT_FALSE(accent_at(end_x + 1));
}

TEST(TextCursor, ForkAndRestoreKeepTheCaret) {
  Env env;
  label_field_with_garden(env);
  tap_label_field_at(env, "Garden", 2);
  const json s = env.state();
  Env other;
  other.set_state(s);
  EXPECT_EQ(other.state(), s);
  type_text(other, "z");
  EXPECT_EQ(other.phone().app_state("notes")["label_query"], "Gazrden");
}

// ---- Markdown's editor: tap in the middle of a note and type there ----

TEST(TextCursor, MarkdownEditorInsertsInTheMiddleOfANote) {
  Env env;
  open_app(env, "markdown");
  press(env, "markdown.file.Gift ideas.md");
  ASSERT_EQ(env.phone().current_page(), "editor");
  const std::string text = env.phone().app_state("markdown")["draft"]["text"];
  const std::size_t third = text.find("- Emma");  // the third line: "# Gift ideas", "", "- Emma: ..."
  ASSERT_NE(third, std::string::npos);
  ASSERT_EQ(text.substr(0, third).find('\n', text.find('\n') + 1), third - 1);
  const auto b = bounds_dp(env, "markdown.editor.text");
  // The editor's text: from x = 16, the first line's top 12 dp below the node's top, 24 dp lines.
  // The first tap, on "- Emma:|", focuses the editor with the caret there.
  const std::size_t word_end = text.find(' ', third + 2);
  tap_dp(env, 16 + pg::text_width_of(text, third, word_end, Font::BodyLarge), b[1] + 12 + 2 * 24 + 10);
  EXPECT_EQ(keyboard(env)["focus"], "markdown.editor.text");
  EXPECT_EQ(keyboard(env)["cursor"], static_cast<int>(pg::utf8_index(text, word_end)));
  type_text(env, " NEW");
  std::string expected = text;
  expected.insert(word_end, " NEW");
  EXPECT_EQ(env.phone().app_state("markdown")["draft"]["text"], expected);
  // With the keyboard up, a tap on the first line moves the caret there; the toolbar's bold
  // inserts at the caret.
  const std::size_t first_word = text.find(' ');
  tap_dp(env, 16 + pg::text_width_of(text, 0, first_word, Font::BodyLarge), b[1] + 12 + 10);
  EXPECT_EQ(keyboard(env)["cursor"], static_cast<int>(pg::utf8_index(text, first_word)));
  press(env, "markdown.tool.bold");
  expected.insert(first_word, "**");
  EXPECT_EQ(env.phone().app_state("markdown")["draft"]["text"], expected);
  // Saved into the file as typed.
  act(env, R"({"type":"back"})");
  act(env, R"({"type":"back"})");
  press(env, "markdown.file.Gift ideas.md");
  EXPECT_EQ(text_of(env, "markdown.editor.text"), expected);
}

TEST(TextCursor, MarkdownEditorATapBelowTheTextTypesAtTheEnd) {
  Env env;
  open_app(env, "markdown");
  press(env, "markdown.file.Gift ideas.md");
  const std::string text = env.phone().app_state("markdown")["draft"]["text"];
  const auto b = bounds_dp(env, "markdown.editor.text");
  tap_dp(env, 100, b[3] - 10);
  EXPECT_EQ(keyboard(env)["cursor"], static_cast<int>(pg::utf8_length(text)));
  type_text(env, "end");
  EXPECT_EQ(env.phone().app_state("markdown")["draft"]["text"], text + "end");
}

// ---- apps that draw their own fields follow the cursor too ----

TEST(TextCursor, MicroblogComposeAndTheBrowsersAddressBarInsertAtATap) {
  Env env;
  open_app(env, "microblog");
  press(env, "microblog.fab");  // opens the composer with the text focused
  type_text(env, "Fog rolled in\nagain tonight #SF");
  auto b = bounds_dp(env, "microblog.compose.text");
  // The composer's lines: from 8 dp right of the node's left, 8 dp below its top, 24 dp apart.
  tap_dp(env, b[0] + 8 + pg::text_width_of("again", 0, 5, Font::BodyLarge), b[1] + 8 + 24 + 10);
  EXPECT_EQ(keyboard(env)["cursor"], 19);
  type_text(env, " and");
  EXPECT_EQ(env.phone().app_state("microblog")["draft"]["text"], "Fog rolled in\nagain and tonight #SF");

  open_app(env, "browser");
  press(env, "browser.omnibox");
  type_text(env, "example.com/page");
  b = bounds_dp(env, "browser.omnibox.field");
  // The address from 14 dp right of the pill's left.
  tap_dp(env, b[0] + 14 + pg::text_width_of("example", 0, 7, Font::BodyLarge), (b[1] + b[3]) / 2);
  EXPECT_EQ(keyboard(env)["cursor"], 7);
  type_text(env, "s");
  EXPECT_EQ(text_of(env, "browser.omnibox.field"), "examples.com/page");
}
