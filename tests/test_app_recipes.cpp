// Recipes (Broccoli) through actions, as a user drives it: the list (sort, the drawer's filters),
// search, a recipe (servings scaler, favourite, share to Messages, delete after a confirmation),
// the recipe form (new and edit, with its validation errors and the category picker), the
// categories page (create, rename, delete after a confirmation) and the cooking mode. Each flow
// checks exactly which state paths it changed and what the screen shows.
#include "apps/recipes/recipes_model.hpp"
#include "phone_driver.hpp"
#include "sim/env/env.hpp"
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"

#include <gtest/gtest.h>

using namespace pg::testing;

namespace {

const json& rec(Env& env) { return env.phone().app_state("recipes"); }

/// Searches from the list and opens the recipe `id` among the results.
void open_recipe(Env& env, const std::string& query, const std::string& id) {
  press(env, "recipes.list.search");
  type_text(env, query);
  act(env, R"({"type":"enter"})");
  press(env, "recipes.result." + id);
  ASSERT_EQ(env.phone().current_page(), "recipe");
}

std::set<std::string> S(std::initializer_list<const char*> l) { return std::set<std::string>(l.begin(), l.end()); }

}  // namespace

TEST(RecipesModel, AmountsScaleExactly) {
  using namespace pg::recipes;
  EXPECT_EQ(scale_line("2 cups all-purpose flour", 4, 6), "3 cups all-purpose flour");
  EXPECT_EQ(scale_line("1 1/2 cups arborio rice", 4, 2), "3/4 cups arborio rice");
  EXPECT_EQ(scale_line("1/2 tsp salt", 4, 6), "3/4 tsp salt");
  EXPECT_EQ(scale_line("3 ripe bananas", 8, 4), "1 1/2 ripe bananas");
  EXPECT_EQ(scale_line("1 egg", 3, 2), "2/3 egg");
  EXPECT_EQ(scale_line("0.5 cup milk", 1, 3), "1 1/2 cup milk");
  EXPECT_EQ(scale_line("1 tsp salt", 7, 2), "0.29 tsp salt");
  EXPECT_EQ(scale_line("salt to taste", 4, 8), "salt to taste");
  EXPECT_EQ(minutes_of("1 h 30 min"), 90);
  EXPECT_EQ(minutes_of("45 min"), 45);
  EXPECT_EQ(minutes_of("2 hours"), 120);
  EXPECT_EQ(minutes_of("overnight"), -1);
  EXPECT_EQ(lines_of("1. Boil water\n\n 2) Add pasta \n", true), (std::vector<std::string>{"Boil water", "Add pasta"}));
}

TEST(Recipes, ListShowsCardsAndTheDrawerFilters) {
  Env env;
  const json before = open_app(env, "recipes");
  EXPECT_EQ(env.phone().current_page(), "list");
  EXPECT_EQ(text_of(env, "recipes.list.title"), "Recipes");
  EXPECT_EQ(text_of(env, "recipes.card.r17"), "Apple Pie");  // sorted by title: first
  EXPECT_EQ(find_node(env, "recipes.card.r17")["desc"], "Baking · Desserts, 2 h · 8 servings");
  EXPECT_TRUE(on_screen(env, "recipes.fab"));
  press(env, "recipes.list.menu");
  ASSERT_EQ(env.phone().current_page(), "drawer");
  EXPECT_TRUE(find_node(env, "recipes.drawer.all")["selected"].get<bool>());
  press(env, "recipes.drawer.favorites");
  EXPECT_EQ(env.phone().current_page(), "list");
  EXPECT_EQ(text_of(env, "recipes.list.title"), "Favorites");
  EXPECT_TRUE(on_screen(env, "recipes.card.r09"));   // Chicken Noodle Soup is a favourite
  EXPECT_TRUE(on_screen(env, "recipes.card.r17"));   // so is Apple Pie
  EXPECT_FALSE(on_screen(env, "recipes.card.r03"));  // Garlic Bread is not
  press(env, "recipes.list.menu");
  press(env, "recipes.drawer.cat.c03");
  EXPECT_EQ(text_of(env, "recipes.list.title"), "Soups");
  EXPECT_TRUE(on_screen(env, "recipes.card.r40"));   // Butternut Squash Soup
  EXPECT_FALSE(on_screen(env, "recipes.card.r02"));  // Pancakes
  EXPECT_EQ(changed_paths(before, env.state()), S({"/apps/recipes/filter"}));
  for (const std::string& problem : env.lint()) ADD_FAILURE() << problem;
}

TEST(Recipes, SortByPreparationTime) {
  Env env;
  open_app(env, "recipes");
  press(env, "recipes.list.sort");
  ASSERT_EQ(env.phone().current_page(), "sort");
  EXPECT_TRUE(find_node(env, "recipes.sort.title")["text"] == "Sort by");
  press(env, "recipes.sort.prep");
  EXPECT_EQ(env.phone().current_page(), "list");
  EXPECT_EQ(rec(env)["sort"], "prep");
  // The quickest recipes (5 min) first: Overnight Oats, Strawberry Smoothie.
  const int oats = find_node(env, "recipes.card.r20")["bounds"][1].get<int>();
  const int smoothie = find_node(env, "recipes.card.r56")["bounds"][1].get<int>();
  EXPECT_LT(oats, smoothie);
  EXPECT_FALSE(on_screen(env, "recipes.card.r17"));  // Apple Pie (2 h) is far down
}

TEST(Recipes, SearchFindsByTitleAndIngredient) {
  Env env;
  open_app(env, "recipes");
  press(env, "recipes.list.search");
  type_text(env, "arborio");
  EXPECT_TRUE(on_screen(env, "recipes.result.r06"));  // Mushroom Risotto, by its ingredient
  type_text(env, "xyz");
  EXPECT_EQ(text_of(env, "recipes.search.empty"), "No recipes found");
}

TEST(Recipes, TheServingsScalerRescalesIngredientsWithoutChangingTheRecipe) {
  Env env;
  const json before = open_app(env, "recipes");
  open_recipe(env, "Pancakes", "r02");
  EXPECT_EQ(text_of(env, "recipes.recipe.title"), "Pancakes");
  EXPECT_EQ(text_of(env, "recipes.recipe.servings"), "4 servings");
  EXPECT_EQ(text_of(env, "recipes.recipe.prep_time"), "20 min");
  EXPECT_EQ(text_of(env, "recipes.recipe.ingredient.0"), "2 cups all-purpose flour");
  press(env, "recipes.recipe.servings_plus");
  press(env, "recipes.recipe.servings_plus");
  EXPECT_EQ(text_of(env, "recipes.recipe.servings"), "6 servings");
  EXPECT_EQ(text_of(env, "recipes.recipe.ingredient.0"), "3 cups all-purpose flour");
  EXPECT_EQ(text_of(env, "recipes.recipe.ingredient.3"), "3/4 tsp baking soda");
  for (int i = 0; i < 5; ++i) press(env, "recipes.recipe.servings_minus");
  EXPECT_EQ(text_of(env, "recipes.recipe.servings"), "1 serving");
  EXPECT_EQ(text_of(env, "recipes.recipe.ingredient.0"), "1/2 cups all-purpose flour");
  scroll_to(env, "recipes.recipe.step.5");
  EXPECT_EQ(text_of(env, "recipes.recipe.step.1"), "Whisk the flour, sugar, baking powder, baking soda and salt in a large bowl.");
  EXPECT_EQ(changed_paths(before, env.state()), S({"/apps/recipes/query"}));  // the search text only
  for (const std::string& problem : env.lint()) ADD_FAILURE() << problem;
}

TEST(Recipes, FavoriteToggles) {
  Env env;
  const json before = open_app(env, "recipes");
  open_recipe(env, "Garlic Bread", "r03");
  EXPECT_FALSE(find_node(env, "recipes.recipe.favorite")["checked"].get<bool>());
  press(env, "recipes.recipe.favorite");
  EXPECT_TRUE(find_node(env, "recipes.recipe.favorite")["checked"].get<bool>());
  EXPECT_EQ(rec(env)["recipes"]["r03"], (json{{"favorite", true}}));
  EXPECT_EQ(changed_paths(before, env.state()), S({"/apps/recipes/query", "/apps/recipes/recipes/r03"}));
  press(env, "recipes.recipe.favorite");  // off again: the overlay is minimal
  EXPECT_EQ(changed_paths(before, env.state()), S({"/apps/recipes/query"}));
}

TEST(Recipes, ShareSendsTheIngredientsAsText) {
  Env env;
  open_app(env, "recipes");
  open_recipe(env, "Guacamole", "r18");
  press(env, "recipes.recipe.servings_plus");
  press(env, "recipes.recipe.servings_plus");
  press(env, "recipes.recipe.servings_plus");
  press(env, "recipes.recipe.servings_plus");  // 8 servings
  press(env, "recipes.recipe.share");
  const json d = env.state()["os"]["dialog"];
  if (d.is_object() && d.value("kind", "") == "chooser") press(env, "dialog.button.messages");
  EXPECT_EQ(env.phone().foreground(), "messages");
  const std::string draft = env.state()["apps"]["messages"]["draft"];
  EXPECT_EQ(draft.rfind("Guacamole (8 servings)\n\nIngredients:\n- 6 ripe avocados\n- 2 lime, juiced", 0), 0u) << draft;
  EXPECT_NE(draft.find("\n\nDirections:\n1. Mash the avocados"), std::string::npos);
}

TEST(Recipes, DeleteAsksFirst) {
  Env env;
  const json before = open_app(env, "recipes");
  open_recipe(env, "Caesar Salad", "r04");
  press(env, "recipes.recipe.delete");
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Delete recipe?");
  press(env, "dialog.button.cancel");
  EXPECT_EQ(env.phone().current_page(), "recipe");
  EXPECT_EQ(changed_paths(before, env.state()), S({"/apps/recipes/query"}));
  press(env, "recipes.recipe.delete");
  press(env, "dialog.button.delete");
  EXPECT_EQ(env.phone().current_page(), "search");  // back where the recipe was opened from
  EXPECT_TRUE(rec(env)["recipes"]["r04"].is_null());
  EXPECT_EQ(changed_paths(before, env.state()), S({"/apps/recipes/query", "/apps/recipes/recipes/r04"}));
  EXPECT_FALSE(on_screen(env, "recipes.result.r04"));
  EXPECT_TRUE(on_screen(env, "recipes.search.empty"));
}

TEST(Recipes, NewRecipeValidatesThenSaves) {
  Env env;
  const json before = open_app(env, "recipes");
  press(env, "recipes.fab");
  ASSERT_EQ(env.phone().current_page(), "edit");
  EXPECT_EQ(text_of(env, "recipes.form.bar.title"), "New recipe");
  press(env, "recipes.form.save");
  EXPECT_EQ(text_of(env, "recipes.form.error"), "Please enter a title");
  enter_text(env, "recipes.form.title", "Chicken Alfredo Pasta");
  enter_text(env, "recipes.form.servings", "four");
  press(env, "recipes.form.save");
  EXPECT_EQ(text_of(env, "recipes.form.error"), "Servings must be a whole number from 1 to 99");
  enter_text(env, "recipes.form.servings", "4", true);
  enter_text(env, "recipes.form.prep_time", "35 min");
  press(env, "recipes.form.categories");
  ASSERT_EQ(env.phone().current_page(), "pick_categories");
  press(env, "recipes.pick.c05");
  press(env, "recipes.pick.c02");
  press(env, "recipes.pick.done");
  EXPECT_EQ(text_of(env, "recipes.form.categories"), "Main Dishes, Pasta");
  scroll_to(env, "recipes.form.ingredients");
  press(env, "recipes.form.ingredients");
  type_text(env, "1 lb fettuccine");
  act(env, R"({"type":"enter"})");
  type_text(env, "2 chicken breasts");
  act(env, R"({"type":"enter"})");
  type_text(env, "1 cup heavy cream");
  act(env, R"({"type":"back"})");  // hides the keyboard
  scroll_to(env, "recipes.form.directions");
  press(env, "recipes.form.directions");
  type_text(env, "1. Cook the pasta.");
  act(env, R"({"type":"enter"})");
  type_text(env, "2. Sear the chicken and toss with the sauce.");
  press(env, "recipes.form.save");
  ASSERT_EQ(env.phone().current_page(), "recipe");
  const json& r = rec(env)["recipes"]["r66"];
  EXPECT_EQ(r["title"], "Chicken Alfredo Pasta");
  EXPECT_EQ(r["servings"], 4);
  EXPECT_EQ(r["prep_time"], "35 min");
  EXPECT_EQ(r["categories"], json::array({"c05", "c02"}));
  EXPECT_EQ(r["ingredients"], json::array({"1 lb fettuccine", "2 chicken breasts", "1 cup heavy cream"}));
  EXPECT_EQ(r["directions"], json::array({"Cook the pasta.", "Sear the chicken and toss with the sauce."}));
  EXPECT_GE(r["created_ms"].get<long long>(), 1767254400000LL);
  EXPECT_EQ(text_of(env, "recipes.recipe.title"), "Chicken Alfredo Pasta");
  EXPECT_EQ(changed_paths(before, env.state()),
            S({"/apps/recipes/recipes/r66", "/apps/recipes/next_recipe", "/apps/recipes/form/title", "/apps/recipes/form/servings",
               "/apps/recipes/form/prep_time", "/apps/recipes/form/categories/-", "/apps/recipes/form/ingredients",
               "/apps/recipes/form/directions"}));
}

TEST(Recipes, EditChangesOnlyWhatChanged) {
  Env env;
  const json before = open_app(env, "recipes");
  open_recipe(env, "Shakshuka", "r01");
  press(env, "recipes.recipe.edit");
  ASSERT_EQ(env.phone().current_page(), "edit");
  EXPECT_EQ(text_of(env, "recipes.form.prep_time"), "30 min");
  enter_text(env, "recipes.form.prep_time", "40 min", true);
  enter_text(env, "recipes.form.title", "", true);
  press(env, "recipes.form.save");
  EXPECT_EQ(text_of(env, "recipes.form.error"), "Please enter a title");
  enter_text(env, "recipes.form.title", "Shakshuka", true);
  press(env, "recipes.form.save");
  EXPECT_EQ(env.phone().current_page(), "recipe");
  EXPECT_EQ(text_of(env, "recipes.recipe.prep_time"), "40 min");
  EXPECT_EQ(rec(env)["recipes"]["r01"], (json{{"prep_time", "40 min"}}));
  const auto changed = changed_paths(before, env.state());
  EXPECT_TRUE(changed.count("/apps/recipes/recipes/r01"));
  for (const std::string& p : changed)
    EXPECT_TRUE(p == "/apps/recipes/recipes/r01" || p == "/apps/recipes/query" || p.rfind("/apps/recipes/form", 0) == 0) << p;
}

TEST(Recipes, CategoriesCreateRenameDelete) {
  Env env;
  const json before = open_app(env, "recipes");
  press(env, "recipes.list.menu");
  press(env, "recipes.drawer.edit_categories");
  ASSERT_EQ(env.phone().current_page(), "categories");
  press(env, "recipes.categories.add");
  ASSERT_EQ(env.phone().current_page(), "category_edit");
  press(env, "recipes.cat_form.save");
  EXPECT_EQ(text_of(env, "recipes.cat_form.error"), "Please enter a name");
  type_text(env, "soups");
  press(env, "recipes.cat_form.save");
  EXPECT_EQ(text_of(env, "recipes.cat_form.error"), "A category with this name already exists");
  type_text(env, "Holiday", true);
  press(env, "recipes.cat_form.save");
  EXPECT_EQ(env.phone().current_page(), "categories");
  EXPECT_EQ(rec(env)["categories"]["c11"], (json{{"name", "Holiday"}}));
  press(env, "recipes.category.c05");
  type_text(env, "Pasta & Noodles", true);
  press(env, "recipes.cat_form.save");
  EXPECT_EQ(rec(env)["categories"]["c05"], (json{{"name", "Pasta & Noodles"}}));
  press(env, "recipes.category.c04.delete");
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Delete category?");
  press(env, "dialog.button.delete");
  EXPECT_TRUE(rec(env)["categories"]["c04"].is_null());
  // The seven salads lose the category; the recipes stay.
  EXPECT_EQ(rec(env)["recipes"]["r04"]["categories"], json::array());
  EXPECT_EQ(rec(env)["recipes"]["r10"]["categories"], json::array({"c08", "c09"}));
  std::set<std::string> want = {"/apps/recipes/categories/c11", "/apps/recipes/categories/c05", "/apps/recipes/categories/c04",
                                "/apps/recipes/next_category", "/apps/recipes/cat_form/name", "/apps/recipes/cat_form/id"};
  for (const char* r : {"r04", "r10", "r22", "r32", "r33", "r52", "r61"}) want.insert(std::string("/apps/recipes/recipes/") + r);
  EXPECT_EQ(changed_paths(before, env.state()), want);
  for (const std::string& problem : env.lint()) ADD_FAILURE() << problem;
}

TEST(Recipes, CookingModeStepsThroughTheDirections) {
  Env env;
  open_app(env, "recipes");
  open_recipe(env, "Garlic Bread", "r03");
  press(env, "recipes.recipe.cook");
  ASSERT_EQ(env.phone().current_page(), "cook");
  EXPECT_EQ(text_of(env, "recipes.cook.heading"), "Ingredients");
  press(env, "recipes.cook.next");
  EXPECT_EQ(text_of(env, "recipes.cook.heading"), "Step 1 of 4");
  EXPECT_EQ(text_of(env, "recipes.cook.text"), "Preheat the oven to 400°F.");
  press(env, "recipes.cook.next");
  press(env, "recipes.cook.prev");
  EXPECT_EQ(text_of(env, "recipes.cook.heading"), "Step 1 of 4");
  for (int i = 0; i < 3; ++i) press(env, "recipes.cook.next");
  EXPECT_EQ(text_of(env, "recipes.cook.heading"), "Step 4 of 4");
  EXPECT_EQ(text_of(env, "recipes.cook.next"), "Done");
  press(env, "recipes.cook.next");
  EXPECT_EQ(env.phone().current_page(), "recipe");
}

TEST(Recipes, ExportListsRecipesAndAnIntentOpensOne) {
  Env env;
  env.phone().start_intent({{"app", "recipes"}, {"recipe", "r06"}});
  EXPECT_EQ(env.phone().current_page(), "recipe");
  EXPECT_EQ(text_of(env, "recipes.recipe.title"), "Mushroom Risotto");
  const json all = pg::call_app(env.phone(), "recipes", "recipes", json::object());
  ASSERT_EQ(all.size(), 65u);
  EXPECT_EQ(all[0]["title"], "Shakshuka");
  EXPECT_EQ(all[0]["categories"], json::array({"Breakfast", "Vegetarian"}));
}

TEST(Recipes, ANewRecipeInACategoryListStartsInItAndDeletingItLeavesNoTrace) {
  Env env;
  const json before = open_app(env, "recipes");
  press(env, "recipes.list.menu");
  press(env, "recipes.drawer.cat.c07");  // Desserts
  press(env, "recipes.fab");
  EXPECT_EQ(text_of(env, "recipes.form.categories"), "Desserts");
  enter_text(env, "recipes.form.title", "Panna Cotta");
  press(env, "recipes.form.save");
  ASSERT_EQ(env.phone().current_page(), "recipe");
  EXPECT_EQ(rec(env)["recipes"]["r66"]["categories"], json::array({"c07"}));
  EXPECT_EQ(rec(env)["recipes"]["r66"]["servings"], 0);
  EXPECT_FALSE(on_screen(env, "recipes.recipe.servings"));  // no servings given: no scaler
  EXPECT_FALSE(on_screen(env, "recipes.recipe.cook"));      // no directions: no cooking mode
  scroll_to(env, "recipes.recipe.delete");
  press(env, "recipes.recipe.delete");
  press(env, "dialog.button.delete");
  EXPECT_EQ(env.phone().current_page(), "list");
  EXPECT_FALSE(rec(env)["recipes"].contains("r66"));  // a recipe of this task is removed, not nulled
  for (const std::string& p : changed_paths(before, env.state()))
    EXPECT_TRUE(p.rfind("/apps/recipes/form", 0) == 0 || p == "/apps/recipes/filter" || p == "/apps/recipes/next_recipe") << p;
}

TEST(Recipes, DeletingTheShownCategoryShowsAllRecipesAgain) {
  Env env;
  open_app(env, "recipes");
  press(env, "recipes.list.menu");
  scroll_to(env, "recipes.drawer.cat.c10");
  press(env, "recipes.drawer.cat.c10");  // Sides
  EXPECT_EQ(text_of(env, "recipes.list.title"), "Sides");
  press(env, "recipes.list.menu");
  press(env, "recipes.drawer.edit_categories");
  scroll_to(env, "recipes.category.c10.delete");
  press(env, "recipes.category.c10.delete");
  press(env, "dialog.button.delete");
  EXPECT_FALSE(on_screen(env, "recipes.category.c10"));
  EXPECT_EQ(rec(env)["filter"], "");
  act(env, R"({"type":"back"})");  // the drawer
  EXPECT_FALSE(on_screen(env, "recipes.drawer.cat.c10"));
  act(env, R"({"type":"back"})");
  EXPECT_EQ(text_of(env, "recipes.list.title"), "Recipes");
  EXPECT_TRUE(on_screen(env, "recipes.card.r17"));
}

TEST(Recipes, LongPagesStayTidy) {
  Env env;
  open_app(env, "recipes");
  open_recipe(env, "Beef Stew", "r21");
  scroll_to(env, "recipes.recipe.notes");
  EXPECT_EQ(text_of(env, "recipes.recipe.notes"), "Even better the next day.");
  for (const std::string& problem : env.lint()) ADD_FAILURE() << "recipe: " << problem;
  press(env, "recipes.recipe.edit");
  enter_text(env, "recipes.form.title", "", true);
  press(env, "recipes.form.save");
  EXPECT_EQ(text_of(env, "recipes.form.error"), "Please enter a title");
  for (const std::string& problem : env.lint()) ADD_FAILURE() << "edit: " << problem;
  scroll_to(env, "recipes.form.notes");
  for (const std::string& problem : env.lint()) ADD_FAILURE() << "edit bottom: " << problem;
}

TEST(Recipes, AGalleryPhotoBecomesTheRecipesPicture) {
  Env env;
  const json before = open_app(env, "recipes");
  open_recipe(env, "Apple Pie", "r17");
  press(env, "recipes.recipe.edit");
  EXPECT_EQ(text_of(env, "recipes.form.photo"), "Add photo");
  press(env, "recipes.form.photo");
  ASSERT_EQ(env.phone().current_page(), "pick_photo");
  scroll_to(env, "recipes.photo.IMG_20251127_152000");
  EXPECT_EQ(text_of(env, "recipes.photo.IMG_20251127_152000"), "Thanksgiving table");
  press(env, "recipes.photo.IMG_20251127_152000");
  ASSERT_EQ(env.phone().current_page(), "edit");
  EXPECT_EQ(text_of(env, "recipes.form.photo"), "Change photo");
  press(env, "recipes.form.save");
  EXPECT_EQ(rec(env)["recipes"]["r17"], (json{{"photo", "IMG_20251127_152000"}}));
  EXPECT_EQ(find_node(env, "recipes.recipe.image")["desc"], "Photo of Apple Pie");
  press(env, "recipes.recipe.edit");
  press(env, "recipes.form.photo_remove");  // back to the drawn dish
  press(env, "recipes.form.save");
  EXPECT_FALSE(rec(env)["recipes"].contains("r17"));
  for (const std::string& p : changed_paths(before, env.state()))
    EXPECT_TRUE(p == "/apps/recipes/query" || p.rfind("/apps/recipes/form", 0) == 0) << p;
}
