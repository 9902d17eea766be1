// Contacts through actions, as a user drives it: create, edit a number, delete (with its confirm
// dialog), favourite, search by name and number, add to a group. Each flow's state change is
// checked as the exact set of JSON pointers it touches, plus what the user sees afterwards.
#include "phone_driver.hpp"
#include "sim/state/overlay.hpp"
#include "sim/state/world.hpp"

#include <gtest/gtest.h>

using namespace pg::testing;

namespace {

/// The merged view of one contact (world + overlay), or null.
json contact(Env& env, int id) {
  return pg::resolve_entity(pg::World::instance(), env.state()["apps"]["contacts"], "contacts", "people",
                            std::to_string(id));
}

/// Opens a contact's page from the list (scrolling to its row).
void open_contact(Env& env, int id) {
  open_app(env, "contacts");
  scroll_to(env, "contacts.row." + std::to_string(id));
  press(env, "contacts.row." + std::to_string(id));
  ASSERT_EQ(env.phone().current_page(), "view");
}

}  // namespace

TEST(ContactsApp, ListIsAlphabeticalWithSectionLetters) {
  Env env;
  open_app(env, "contacts");
  EXPECT_EQ(text_of(env, "contacts.count"), "40 contacts");
  // Aaliyah Johnson, Adebayo Okafor, Aiko Tanaka, Alejandro Gómez: in this order, top to bottom.
  int last = -1;
  for (int id : {1, 2, 3, 4}) {
    const json n = find_node(env, "contacts.row." + std::to_string(id));
    ASSERT_FALSE(n.is_null()) << id;
    EXPECT_GT(n["bounds"][1].get<int>(), last);
    last = n["bounds"][1].get<int>();
  }
  scroll_to(env, "contacts.row.40");  // Zoe Nguyen is last
  EXPECT_EQ(text_of(env, "contacts.row.40"), "Zoe Nguyen");
}

TEST(ContactsApp, CreateAContact) {
  Env env;
  const json before = open_app(env, "contacts");
  press(env, "contacts.fab");
  ASSERT_EQ(env.phone().current_page(), "edit");
  press(env, "contacts.edit.first");
  type_text(env, "Priyanka");
  press(env, "contacts.edit.last");
  type_text(env, "Rao");
  press(env, "contacts.edit.phone.0");
  type_text(env, "+1 555 0177");
  press(env, "contacts.edit.save");
  const json after = env.state();
  EXPECT_EQ(changed_paths(before, after),
            (Paths{"/apps/contacts/people/41", "/apps/contacts/next_id", "/apps/contacts/selected"}));
  EXPECT_EQ(after["apps"]["contacts"]["people"]["41"],
            json::parse(R"({"first":"Priyanka","last":"Rao","company":"","email":"",
                            "phones":[{"label":"Mobile","number":"+1 555 0177"}]})"));
  // The new contact's page is shown, and the list has it.
  EXPECT_EQ(env.phone().current_page(), "view");
  EXPECT_EQ(text_of(env, "contacts.view.name"), "Priyanka Rao");
  EXPECT_EQ(text_of(env, "contacts.view.phone.0"), "+1 555 0177");
  act(env, R"({"type":"back"})");
  EXPECT_EQ(text_of(env, "contacts.count"), "41 contacts");
  scroll_to(env, "contacts.row.41");
  EXPECT_EQ(text_of(env, "contacts.row.41"), "Priyanka Rao");
}

TEST(ContactsApp, EachNumberHasALabelPicker) {
  Env env;
  const json before = open_app(env, "contacts");
  press(env, "contacts.fab");
  enter_text(env, "contacts.edit.first", "Noor");
  enter_text(env, "contacts.edit.phone.0", "+1 555 0188");
  act(env, R"({"type":"back"})");  // the keyboard
  EXPECT_EQ(text_of(env, "contacts.edit.phone.0.label"), "Mobile");
  press(env, "contacts.edit.phone.0.label");
  const json d = env.state()["os"]["dialog"];
  ASSERT_TRUE(d.is_object());
  EXPECT_EQ(d["title"], "Label");
  // Cancel keeps the label; a choice sets it.
  press(env, "dialog.button.cancel");
  EXPECT_EQ(env.state()["apps"]["contacts"]["edit"]["phones"][0]["label"], "Mobile");
  press(env, "contacts.edit.phone.0.label");
  press(env, "dialog.button.Home");
  EXPECT_EQ(text_of(env, "contacts.edit.phone.0.label"), "Home");
  press(env, "contacts.edit.save");
  EXPECT_EQ(env.state()["apps"]["contacts"]["people"]["41"]["phones"], json::parse(R"([{"label":"Home","number":"+1 555 0188"}])"));
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/contacts/people/41", "/apps/contacts/next_id", "/apps/contacts/selected"}));
}

TEST(ContactsApp, SavingWithoutANameShowsAnErrorAndSavesNothing) {
  Env env;
  open_app(env, "contacts");
  press(env, "contacts.fab");
  const json before = env.state();
  press(env, "contacts.edit.save");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/contacts/edit/error"}));
  EXPECT_EQ(text_of(env, "contacts.edit.error"), "Enter a name");
  EXPECT_EQ(env.phone().current_page(), "edit");
}

TEST(ContactsApp, EditANumber) {
  Env env;
  const json before = open_app(env, "contacts");
  press(env, "contacts.row.5");  // Amelia Clarke, +1 555 0105
  press(env, "contacts.view.edit");
  ASSERT_EQ(text_of(env, "contacts.edit.title"), "Edit contact");
  press(env, "contacts.edit.phone.0");
  type_text(env, "+1 555 0199", true);
  press(env, "contacts.edit.save");
  const json after = env.state();
  EXPECT_EQ(changed_paths(before, after), (Paths{"/apps/contacts/people/5", "/apps/contacts/selected"}));
  // Only the changed field is in the overlay; the rest falls through from the world data.
  EXPECT_EQ(after["apps"]["contacts"]["people"]["5"],
            json::parse(R"({"phones":[{"label":"Mobile","number":"+1 555 0199"}]})"));
  EXPECT_EQ(contact(env, 5)["first"], "Amelia");
  EXPECT_EQ(env.phone().current_page(), "view");
  EXPECT_EQ(text_of(env, "contacts.view.phone.0"), "+1 555 0199");
}

TEST(ContactsApp, DeleteAfterConfirming) {
  Env env;
  open_contact(env, 8);  // Carlos Mendoza: no favourite, no group
  const json before = env.state();
  press(env, "contacts.view.delete");
  ASSERT_TRUE(env.state()["os"]["dialog"].is_object());
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Delete Carlos Mendoza?");
  press(env, "dialog.button.cancel");  // cancel keeps it
  EXPECT_TRUE(changed_paths(before, env.state()).empty());
  press(env, "contacts.view.delete");
  press(env, "dialog.button.delete");
  const json after = env.state();
  EXPECT_EQ(changed_paths(before, after), (Paths{"/apps/contacts/people/8"}));
  EXPECT_TRUE(after["apps"]["contacts"]["people"]["8"].is_null());
  EXPECT_TRUE(contact(env, 8).is_null());
  EXPECT_EQ(env.phone().current_page(), "list");
  EXPECT_EQ(text_of(env, "contacts.count"), "39 contacts");
  scroll_to(env, "contacts.row.9");  // Chloé Dubois, right after Carlos
  EXPECT_FALSE(on_screen(env, "contacts.row.8"));
}

TEST(ContactsApp, DeletingAFavouriteGroupMemberAlsoLeavesFavouritesAndGroups) {
  Env env;
  open_contact(env, 30);  // Mom: a favourite, in Family
  press(env, "contacts.view.delete");
  press(env, "dialog.button.delete");
  const json c = env.state()["apps"]["contacts"];
  EXPECT_EQ(c["favorites"], json::parse("[1, 11, 28]"));
  EXPECT_EQ(c["groups"][0]["members"], json::parse("[10, 34]"));
}

TEST(ContactsApp, FavouriteAndUnfavourite) {
  Env env;
  const json before = open_app(env, "contacts");
  press(env, "contacts.row.3");  // Aiko Tanaka
  EXPECT_FALSE(find_node(env, "contacts.view.star")["checked"].get<bool>());
  press(env, "contacts.view.star");
  const json after = env.state();
  EXPECT_EQ(changed_paths(before, after), (Paths{"/apps/contacts/favorites/-", "/apps/contacts/selected"}));  // appended
  EXPECT_EQ(after["apps"]["contacts"]["favorites"], json::parse("[30, 1, 11, 28, 3]"));
  EXPECT_TRUE(find_node(env, "contacts.view.star")["checked"].get<bool>());
  // Phone's Favorites tab shows her now.
  act(env, R"({"type":"open_app","app":"phone"})");
  press(env, "phone.tab.favorites");
  EXPECT_TRUE(on_screen(env, "phone.favorite.3"));
  // Unstarring takes her off again.
  act(env, R"({"type":"open_app","app":"contacts"})");
  press(env, "contacts.view.star");
  EXPECT_EQ(env.state()["apps"]["contacts"]["favorites"], json::parse("[30, 1, 11, 28]"));
}

TEST(ContactsApp, SearchByNameAndByNumber) {
  Env env;
  const json before = open_app(env, "contacts");
  press(env, "contacts.search");
  type_text(env, "MAR");  // case and accents ignored: Laura Martínez
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/contacts/query"}));
  EXPECT_EQ(text_of(env, "contacts.count"), "1 result");
  EXPECT_EQ(text_of(env, "contacts.row.25"), "Laura Martínez");
  EXPECT_FALSE(on_screen(env, "contacts.row.1"));
  type_text(env, "555 0112", true);  // by number: Elena Petrova
  EXPECT_EQ(text_of(env, "contacts.count"), "1 result");
  EXPECT_TRUE(on_screen(env, "contacts.row.12"));
  type_text(env, "zzz", true);
  EXPECT_TRUE(on_screen(env, "contacts.empty"));
  type_text(env, "", true);
  EXPECT_EQ(text_of(env, "contacts.count"), "40 contacts");
}

TEST(ContactsApp, AddAContactToAGroup) {
  Env env;
  const json before = open_app(env, "contacts");
  press(env, "contacts.groups");
  EXPECT_EQ(find_node(env, "contacts.group.book_club")["desc"], "3 contacts");
  press(env, "contacts.group.book_club");
  EXPECT_FALSE(on_screen(env, "contacts.member.3"));
  press(env, "contacts.group.add");
  EXPECT_FALSE(on_screen(env, "contacts.pick.14"));  // already a member: not offered
  press(env, "contacts.pick.3");                     // Aiko Tanaka
  const json after = env.state();
  EXPECT_EQ(changed_paths(before, after),
            (Paths{"/apps/contacts/groups/3/members/-", "/apps/contacts/selected_group"}));
  EXPECT_EQ(after["apps"]["contacts"]["groups"][3]["members"], json::parse("[14, 23, 31, 3]"));
  EXPECT_EQ(env.phone().current_page(), "group");
  EXPECT_TRUE(on_screen(env, "contacts.member.3"));
  // Her page lists the group.
  press(env, "contacts.member.3");
  EXPECT_EQ(text_of(env, "contacts.view.groups"), "Book club");
}

TEST(ContactsApp, PagesHaveNoLayoutProblems) {
  Env env;
  open_contact(env, 2);  // two numbers, company, long email
  EXPECT_EQ(env.lint(), std::vector<std::string>{});
  press(env, "contacts.view.edit");
  EXPECT_EQ(env.lint(), std::vector<std::string>{});
  // A full form: an error line, four numbers, the keyboard up.
  press(env, "contacts.edit.add_phone");
  press(env, "contacts.edit.add_phone");
  EXPECT_FALSE(on_screen(env, "contacts.edit.add_phone"));  // four at most
  press(env, "contacts.edit.phone.3");
  type_text(env, "call me");
  press(env, "contacts.edit.save");
  EXPECT_EQ(text_of(env, "contacts.edit.error"), "\"call me\" is not a phone number");
  act(env, R"({"type":"back"})");  // hides the keyboard (the OS keyboard's own keys are not this app's)
  ASSERT_EQ(env.phone().current_page(), "edit");
  EXPECT_EQ(env.lint(), std::vector<std::string>{});
}
