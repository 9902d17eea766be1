#!/usr/bin/python3
"""Writes the Recipes task templates (tasks/templates/recipes/*.json and tasks/templates/cross/recipes_*.json)
from the world data, so tuples (answers, ingredient amounts) always agree with apps/recipes/world.
Run after gen/world.py: /usr/bin/python3 apps/recipes/gen/templates.py
"""
import json
import os
import re
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
WORLD = os.path.join(HERE, "..", "world")
OUT = os.path.join(ROOT, "tasks", "templates", "recipes")
CROSS = os.path.join(ROOT, "tasks", "templates", "cross")

recipes = json.load(open(os.path.join(WORLD, "recipes.json")))
cats = json.load(open(os.path.join(WORLD, "categories.json")))
by_title = {r["title"]: r for r in recipes}
cat_name = {c["id"]: c["name"] for c in cats}

def write(path, t):
    with open(path, "w") as f:
        json.dump(t, f, indent=1, ensure_ascii=False)
        f.write("\n")

def open_recipe_steps(slot):
    return [{"type": "open_app", "app": "recipes"},
            {"type": "click", "target": "recipes.list.search"},
            {"type": "type", "text": "{%s.title}" % slot},
            {"type": "enter"},
            {"scroll_to": "recipes.result.{%s.id}" % slot},
            {"type": "click", "target": "recipes.result.{%s.id}" % slot}]

T = {}

# ---- 1. add a recipe (AndroidWorld RecipeAddSingleRecipe)
NEW = [
    ("Chicken Alfredo Pasta", 4, "30 min", ["1 lb fettuccine", "2 chicken breasts", "2 tbsp butter", "2 cups heavy cream", "1 cup grated parmesan"],
     ["Cook the fettuccine.", "Sear the sliced chicken in butter.", "Add the cream and parmesan and toss with the pasta."], "heavy cream"),
    ("Beef Wellington", 6, "2 h 30 min", ["2 lb beef tenderloin", "1 lb mushrooms", "8 slices prosciutto", "1 sheet puff pastry", "1 egg"],
     ["Sear the beef.", "Cook the chopped mushrooms until dry.", "Wrap the beef in prosciutto, mushrooms and pastry.", "Bake at 400°F for 40 minutes."], "puff pastry"),
    ("Vegetable Lasagna", 8, "1 h 30 min", ["12 lasagna noodles", "2 zucchini", "2 cups spinach", "15 oz ricotta", "3 cups marinara sauce"],
     ["Layer the noodles, vegetables, ricotta and sauce.", "Bake at 375°F for 45 minutes."], "zucchini"),
    ("Thai Green Curry", 4, "40 min", ["2 tbsp green curry paste", "14 oz coconut milk", "1 lb chicken thighs", "1 cup bamboo shoots", "10 Thai basil leaves"],
     ["Fry the curry paste.", "Add the coconut milk and chicken and simmer for 15 minutes.", "Stir in the bamboo shoots and basil."], "green curry paste"),
    ("Blueberry Pancakes", 4, "25 min", ["2 cups flour", "2 tsp baking powder", "2 eggs", "1 1/2 cups milk", "1 cup blueberries"],
     ["Mix the batter.", "Fold in the blueberries.", "Cook on a hot griddle."], "blueberries"),
    ("Chicken Caesar Wrap", 2, "15 min", ["2 flour tortillas", "1 cup cooked chicken", "2 cups romaine", "3 tbsp Caesar dressing"],
     ["Toss the chicken and romaine with the dressing.", "Roll up in the tortillas."], "Caesar dressing"),
    ("Salmon Teriyaki", 2, "25 min", ["2 salmon fillets", "1/4 cup soy sauce", "2 tbsp mirin", "1 tbsp brown sugar", "1 tsp grated ginger"],
     ["Simmer the soy sauce, mirin, sugar and ginger.", "Sear the salmon and glaze with the sauce."], "mirin"),
    ("Stuffed Bell Peppers", 4, "1 h", ["4 bell peppers", "1 lb ground turkey", "1 cup cooked rice", "1 cup tomato sauce", "1 cup shredded cheese"],
     ["Brown the turkey and mix with the rice and sauce.", "Fill the peppers and top with cheese.", "Bake at 375°F for 30 minutes."], "ground turkey"),
    ("Mango Lassi", 2, "5 min", ["1 cup mango pulp", "1 cup plain yogurt", "1/2 cup milk", "2 tbsp sugar"],
     ["Blend everything until smooth."], "mango pulp"),
    ("Potato Leek Soup", 6, "45 min", ["3 leeks", "2 lb potatoes", "4 cups vegetable stock", "1/2 cup cream", "2 tbsp butter"],
     ["Soften the sliced leeks in butter.", "Add the potatoes and stock and simmer for 25 minutes.", "Blend and stir in the cream."], "leeks"),
    ("Banana Oat Muffins", 12, "35 min", ["3 bananas", "2 cups rolled oats", "2 eggs", "1/3 cup honey", "1 tsp baking soda"],
     ["Blend everything.", "Fill a muffin tin.", "Bake at 350°F for 20 minutes."], "rolled oats"),
    ("Korean Beef Bowl", 4, "20 min", ["1 lb ground beef", "1/4 cup soy sauce", "3 tbsp brown sugar", "1 tbsp sesame oil", "4 cups cooked rice"],
     ["Brown the beef.", "Stir in the soy sauce, sugar and sesame oil.", "Serve over the rice."], "sesame oil"),
]
for t in NEW:
    assert t[0] not in by_title, t[0]
T["add_recipe"] = {
    "id": "recipes.add_recipe",
    "description": "AndroidWorld RecipeAddSingleRecipe: create a recipe (title, servings, preparation time, ingredients one per line, directions) with the + button. Judged on the recipe's fields, a key ingredient and the first step.",
    "apps": ["recipes"],
    "instruction": [
        "Add a recipe for {r.title} in the Recipes app: {r.servings} servings, preparation time {r.time}. Ingredients: {r.ingr_text}. Directions: {r.dir_text}",
        "In Broccoli, create a new recipe \"{r.title}\" that serves {r.servings} and takes {r.time}, with these ingredients: {r.ingr_text}. Directions: {r.dir_text}",
    ],
    "parameters": {"r": {"tuple": [
        {"title": t[0], "servings": t[1], "time": t[2], "ingr_text": "; ".join(t[3]), "ingr_lines": "\n".join(t[3]),
         "dir_text": " ".join(t[4]), "dir_lines": "\n".join(t[4]), "key": t[5], "first": t[4][0]} for t in NEW]}},
    "judge": {"subtasks": [
        {"name": "a recipe \"{r.title}\" serving {r.servings}", "path": "view.recipes.recipes[title={r.title}].servings", "op": "==", "value": "{r.servings}"},
        {"name": "it takes {r.time}", "path": "view.recipes.recipes[title={r.title}].prep_time", "op": "==", "value": "{r.time}", "as": "text"},
        {"name": "it lists {r.key}", "path": "view.recipes.recipes[title={r.title}].ingredients[*]", "op": "contains", "value": "{r.key}"},
        {"name": "its first step", "path": "view.recipes.recipes[title={r.title}].directions[first]", "op": "contains", "value": "{r.first}"},
    ]},
    "expected_changes": ["/apps/recipes/recipes"],
    "oracle": [
        {"type": "open_app", "app": "recipes"},
        {"type": "click", "target": "recipes.fab"},
        {"type": "click", "target": "recipes.form.title"},
        {"type": "type", "text": "{r.title}"},
        {"type": "click", "target": "recipes.form.servings"},
        {"type": "type", "text": "{r.servings}"},
        {"type": "click", "target": "recipes.form.prep_time"},
        {"type": "type", "text": "{r.time}"},
        {"type": "back"},
        {"scroll_to": "recipes.form.ingredients"},
        {"type": "click", "target": "recipes.form.ingredients"},
        {"type": "type", "text": "{r.ingr_lines}"},
        {"type": "back"},
        {"scroll_to": "recipes.form.directions"},
        {"type": "click", "target": "recipes.form.directions"},
        {"type": "type", "text": "{r.dir_lines}"},
        {"type": "click", "target": "recipes.form.save"},
        {"type": "complete"},
    ],
    "taxonomy": {"scope": "S1", "objective": "operate", "composition": "sequential", "difficulty": "L4", "capabilities": ["form_filling", "text_input"]},
    "step_budget": 45, "split": "train",
}

# ---- 2. add two recipes (AndroidWorld RecipeAddMultipleRecipes), title / servings / time only
PAIRS = [(NEW[i], NEW[(i + 5) % len(NEW)]) for i in range(len(NEW))]
def add_steps(slot):
    return [{"type": "click", "target": "recipes.fab"},
            {"type": "click", "target": "recipes.form.title"}, {"type": "type", "text": "{%s_title}" % slot},
            {"type": "click", "target": "recipes.form.servings"}, {"type": "type", "text": "{%s_servings}" % slot},
            {"type": "click", "target": "recipes.form.prep_time"}, {"type": "type", "text": "{%s_time}" % slot},
            {"type": "click", "target": "recipes.form.save"}]
T["add_two_recipes"] = {
    "id": "recipes.add_two_recipes",
    "description": "AndroidWorld RecipeAddMultipleRecipes: add two recipes with a title, servings and preparation time each (Save opens the new recipe; back returns to the list).",
    "apps": ["recipes"],
    "instruction": [
        "Add the following recipes into the Recipes app: \"{p.a_title}\" ({p.a_servings} servings, {p.a_time}) and \"{p.b_title}\" ({p.b_servings} servings, {p.b_time}).",
        "Create two recipes in Broccoli. Title: {p.a_title}, servings: {p.a_servings}, time: {p.a_time}. Title: {p.b_title}, servings: {p.b_servings}, time: {p.b_time}.",
    ],
    "parameters": {"p": {"tuple": [{"a_title": a[0], "a_servings": a[1], "a_time": a[2], "b_title": b[0], "b_servings": b[1], "b_time": b[2]} for a, b in PAIRS]}},
    "judge": {"subtasks": [
        {"name": "{p.a_title} serves {p.a_servings}", "path": "view.recipes.recipes[title={p.a_title}].servings", "op": "==", "value": "{p.a_servings}"},
        {"name": "{p.a_title} takes {p.a_time}", "path": "view.recipes.recipes[title={p.a_title}].prep_time", "op": "==", "value": "{p.a_time}", "as": "text"},
        {"name": "{p.b_title} serves {p.b_servings}", "path": "view.recipes.recipes[title={p.b_title}].servings", "op": "==", "value": "{p.b_servings}"},
        {"name": "{p.b_title} takes {p.b_time}", "path": "view.recipes.recipes[title={p.b_title}].prep_time", "op": "==", "value": "{p.b_time}", "as": "text"},
    ]},
    "expected_changes": ["/apps/recipes/recipes"],
    "oracle": [{"type": "open_app", "app": "recipes"}] + [dict((k, v.replace("{p_", "{p.a_")) if isinstance(v, str) else (k, v) for k, v in s.items()) for s in add_steps("p")]
              + [{"type": "back"}]
              + [dict((k, v.replace("{p_", "{p.b_")) if isinstance(v, str) else (k, v) for k, v in s.items()) for s in add_steps("p")]
              + [{"type": "complete"}],
    "taxonomy": {"scope": "S1", "objective": "operate", "composition": "sequential", "difficulty": "L4", "capabilities": ["form_filling", "text_input"]},
    "step_budget": 45, "split": "test",
}

# ---- 3. delete one recipe
T["delete_recipe"] = {
    "id": "recipes.delete_recipe",
    "description": "AndroidWorld RecipeDeleteSingleRecipe: delete one recipe (the bin on the recipe, confirmed); the other 64 stay.",
    "apps": ["recipes"],
    "instruction": ["Delete the recipe {r.title} from the Recipes app.", "Remove \"{r.title}\" from my Broccoli recipes.",
                    "I no longer need the {r.title} recipe, please delete it."],
    "parameters": {"r": {"from_state": {"path": "view.recipes.recipes", "fields": ["id", "title"]}}},
    "judge": {"subtasks": [
        {"name": "64 recipes left", "path": "view.recipes.recipes[*]", "op": "count", "value": 64},
        {"any": [{"name": "{r.title} is gone", "path": "view.recipes.recipes[title={r.title}]", "op": "absent"}]},
    ]},
    "expected_changes": ["/apps/recipes/recipes"],
    "oracle": open_recipe_steps("r") + [{"type": "click", "target": "recipes.recipe.delete"},
                                         {"type": "click", "target": "dialog.button.delete"}, {"type": "complete"}],
    "taxonomy": {"scope": "S1", "objective": "operate", "composition": "sequential", "difficulty": "L2", "capabilities": ["search", "confirmation"]},
    "step_budget": 30, "split": "train",
}

# ---- 4. delete two recipes by name
titles = [r for r in recipes]
PAIR2 = [(titles[i], titles[(i * 7 + 3) % len(titles)]) for i in range(0, 60, 4)]
PAIR2 = [(a, b) for a, b in PAIR2 if a["id"] != b["id"]]
PAIR2.insert(0, (by_title["Garlic Bread"], by_title["Caesar Salad"]))
T["delete_two_recipes"] = {
    "id": "recipes.delete_two_recipes",
    "description": "AndroidWorld RecipeDeleteMultipleRecipes: delete two named recipes (each confirmed); 63 stay.",
    "apps": ["recipes"],
    "instruction": ["Delete the recipes {p.a_title} and {p.b_title}.", "Delete the following recipes from Broccoli app: {p.a_title}, {p.b_title}."],
    "parameters": {"p": {"tuple": [{"a_id": a["id"], "a_title": a["title"], "b_id": b["id"], "b_title": b["title"]} for a, b in PAIR2]}},
    "judge": {"subtasks": [
        {"name": "63 recipes left", "path": "view.recipes.recipes[*]", "op": "count", "value": 63},
        {"any": [{"path": "view.recipes.recipes[title={p.a_title}]", "op": "absent"}]},
        {"any": [{"path": "view.recipes.recipes[title={p.b_title}]", "op": "absent"}]},
    ]},
    "expected_changes": ["/apps/recipes/recipes"],
    "oracle": [{"type": "open_app", "app": "recipes"}, {"type": "click", "target": "recipes.list.search"}, {"type": "type", "text": "{p.a_title}"},
               {"type": "enter"}, {"scroll_to": "recipes.result.{p.a_id}"}, {"type": "click", "target": "recipes.result.{p.a_id}"},
               {"type": "click", "target": "recipes.recipe.delete"}, {"type": "click", "target": "dialog.button.delete"},
               {"type": "click", "target": "recipes.search.field"}, {"type": "type", "text": "{p.b_title}", "clear": True}, {"type": "enter"},
               {"scroll_to": "recipes.result.{p.b_id}"}, {"type": "click", "target": "recipes.result.{p.b_id}"},
               {"type": "click", "target": "recipes.recipe.delete"}, {"type": "click", "target": "dialog.button.delete"}, {"type": "complete"}],
    "taxonomy": {"scope": "S1", "objective": "operate", "composition": "sequential", "difficulty": "L3", "capabilities": ["search", "confirmation"]},
    "step_budget": 45, "split": "test",
}

# ---- 5. delete all recipes of a category (a category of three set up by the task)
TRIPLES = [("r05", "r26", "r49"), ("r08", "r16", "r31"), ("r12", "r28", "r65"), ("r13", "r37", "r54"), ("r19", "r47", "r56"),
           ("r22", "r32", "r61"), ("r34", "r35", "r62"), ("r41", "r42", "r29"), ("r07", "r64", "r38"), ("r44", "r11", "r43"),
           ("r15", "r39", "r55"), ("r36", "r14", "r63")]
NAMES = ["Holiday", "Party Food", "Meal Prep", "Grandma's", "Summer BBQ", "Date Night", "Kids", "Potluck", "Weeknight", "Brunch",
         "Game Day", "Picnic"]
rid = {r["id"]: r for r in recipes}
T["delete_category_recipes"] = {
    "id": "recipes.delete_category_recipes",
    "description": "Delete all recipes in a category: the setup makes a category (c11) holding three recipes; the agent opens it from the drawer and deletes each (confirmed). The category itself stays.",
    "apps": ["recipes"],
    "instruction": ["Delete all recipes in the category {g.cat}.", "Remove every recipe filed under \"{g.cat}\" in Broccoli.",
                    "In the Recipes app, delete all the recipes in my {g.cat} category."],
    "parameters": {"g": {"tuple": [{"cat": NAMES[i], "a": a, "b": b, "c": c, "a_title": rid[a]["title"], "b_title": rid[b]["title"],
                                     "c_title": rid[c]["title"]} for i, (a, b, c) in enumerate(TRIPLES)]}},
    "setup": [{"op": "add", "path": "/apps/recipes/categories/c11", "value": {"name": "{g.cat}"}},
              {"op": "replace", "path": "/apps/recipes/next_category", "value": 12},
              {"op": "add", "path": "/apps/recipes/recipes/{g.a}", "value": {"categories": ["c11"]}},
              {"op": "add", "path": "/apps/recipes/recipes/{g.b}", "value": {"categories": ["c11"]}},
              {"op": "add", "path": "/apps/recipes/recipes/{g.c}", "value": {"categories": ["c11"]}}],
    "judge": {"subtasks": [
        {"name": "62 recipes left", "path": "view.recipes.recipes[*]", "op": "count", "value": 62},
        {"any": [{"path": "view.recipes.recipes[title={g.a_title}]", "op": "absent"}]},
        {"any": [{"path": "view.recipes.recipes[title={g.b_title}]", "op": "absent"}]},
        {"any": [{"path": "view.recipes.recipes[title={g.c_title}]", "op": "absent"}]},
        {"name": "the category stays", "path": "view.recipes.categories[name={g.cat}]", "op": "exists"},
    ]},
    "expected_changes": ["/apps/recipes/recipes"],
    "oracle": [{"type": "open_app", "app": "recipes"}, {"type": "click", "target": "recipes.list.menu"},
               {"scroll_to": "recipes.drawer.cat.c11"}, {"type": "click", "target": "recipes.drawer.cat.c11"}]
              + sum([[{"type": "click", "target": "recipes.card.{g.%s}" % k}, {"type": "click", "target": "recipes.recipe.delete"},
                      {"type": "click", "target": "dialog.button.delete"}] for k in "abc"], [])
              + [{"type": "complete"}],
    "taxonomy": {"scope": "S1", "objective": "operate", "composition": "sequential", "difficulty": "L3", "capabilities": ["navigation", "filter", "confirmation"]},
    "step_budget": 30, "split": "train",
}

# ---- 6. favourite a recipe
T["favorite_recipe"] = {
    "id": "recipes.favorite_recipe",
    "description": "Mark a recipe that is not a favourite yet as a favourite (the heart on the recipe).",
    "apps": ["recipes"],
    "instruction": ["Add {r.title} to my favorite recipes.", "Mark the {r.title} recipe as a favorite in Broccoli.",
                    "Favorite the recipe {r.title}."],
    "parameters": {"r": {"from_state": {"path": "view.recipes.recipes[favorite=false]", "fields": ["id", "title"]}}},
    "judge": {"subtasks": [{"name": "{r.title} is a favorite", "path": "view.recipes.recipes[title={r.title}].favorite", "op": "==", "value": True}]},
    "expected_changes": ["/apps/recipes/recipes/{r.id}"],
    "oracle": open_recipe_steps("r") + [{"type": "click", "target": "recipes.recipe.favorite"}, {"type": "complete"}],
    "taxonomy": {"scope": "S1", "objective": "operate", "composition": "atomic", "difficulty": "L2", "capabilities": ["search", "toggle"]},
    "step_budget": 15, "split": "train",
}

# ---- 7. create a category and put a recipe in it
T["create_category_assign"] = {
    "id": "recipes.create_category_assign",
    "description": "Create a category (drawer > Edit categories > +) and add one recipe to it through the recipe's form (category picker).",
    "apps": ["recipes"],
    "instruction": ["Create a category called \"{cat}\" in Broccoli and put the {r.title} recipe in it.",
                    "Make a new recipe category {cat} and file {r.title} under it."],
    "parameters": {"cat": {"choice": ["Holiday", "Party Food", "Meal Prep", "Grandma's", "Summer BBQ", "Date Night", "Kids", "Potluck"]},
                   "r": {"from_state": {"path": "view.recipes.recipes", "fields": ["id", "title"]}}},
    "judge": {"subtasks": [
        {"name": "a category {cat}", "path": "view.recipes.categories[id=c11].name", "op": "==", "value": "{cat}"},
        {"name": "{r.title} is in it", "path": "view.recipes.recipes[title={r.title}].categories[*]", "op": "contains", "value": "c11"},
    ]},
    "expected_changes": ["/apps/recipes/categories/c11", "/apps/recipes/recipes/{r.id}"],
    "oracle": [{"type": "open_app", "app": "recipes"}, {"type": "click", "target": "recipes.list.menu"},
               {"type": "click", "target": "recipes.drawer.edit_categories"}, {"type": "click", "target": "recipes.categories.add"},
               {"type": "type", "text": "{cat}"}, {"type": "click", "target": "recipes.cat_form.save"}, {"type": "back"}, {"type": "back"},
               {"type": "click", "target": "recipes.list.search"}, {"type": "type", "text": "{r.title}"}, {"type": "enter"},
               {"scroll_to": "recipes.result.{r.id}"}, {"type": "click", "target": "recipes.result.{r.id}"},
               {"type": "click", "target": "recipes.recipe.edit"}, {"type": "click", "target": "recipes.form.categories"},
               {"scroll_to": "recipes.pick.c11"}, {"type": "click", "target": "recipes.pick.c11"}, {"type": "click", "target": "recipes.pick.done"},
               {"type": "click", "target": "recipes.form.save"}, {"type": "complete"}],
    "taxonomy": {"scope": "S1", "objective": "operate", "composition": "sequential", "difficulty": "L4", "capabilities": ["navigation", "form_filling", "multi_select"]},
    "step_budget": 45, "split": "test",
}

# ---- 8. rename a category
RENAMES = {"Main Dishes": "Mains", "Soups": "Soups & Stews", "Salads": "Fresh Salads", "Pasta": "Pasta & Noodles",
           "Baking": "Bakes", "Desserts": "Sweets", "Vegetarian": "Meatless", "Quick & Easy": "Weeknight", "Sides": "Side Dishes",
           "Breakfast": "Brunch"}
T["rename_category"] = {
    "id": "recipes.rename_category",
    "description": "Rename a category (Edit categories, tap it, type the new name, Save). Its recipes keep it.",
    "apps": ["recipes"],
    "instruction": ["Rename the recipe category {c.old} to {c.new}.", "In Broccoli, change the category name \"{c.old}\" to \"{c.new}\"."],
    "parameters": {"c": {"tuple": [{"id": cid, "old": cat_name[cid], "new": RENAMES[cat_name[cid]]} for cid in sorted(cat_name)]}},
    "judge": {"subtasks": [
        {"name": "{c.id} is called {c.new}", "path": "view.recipes.categories[id={c.id}].name", "op": "==", "value": "{c.new}"},
        {"name": "10 categories", "path": "view.recipes.categories[*]", "op": "count", "value": 10},
    ]},
    "expected_changes": ["/apps/recipes/categories/{c.id}"],
    "oracle": [{"type": "open_app", "app": "recipes"}, {"type": "click", "target": "recipes.list.menu"},
               {"type": "click", "target": "recipes.drawer.edit_categories"}, {"scroll_to": "recipes.category.{c.id}"},
               {"type": "click", "target": "recipes.category.{c.id}"}, {"type": "type", "text": "{c.new}", "clear": True},
               {"type": "click", "target": "recipes.cat_form.save"}, {"type": "complete"}],
    "taxonomy": {"scope": "S1", "objective": "operate", "composition": "sequential", "difficulty": "L2", "capabilities": ["navigation", "text_input"]},
    "step_budget": 15, "split": "train",
}

# ---- 9. delete a category (its recipes stay)
T["delete_category"] = {
    "id": "recipes.delete_category",
    "description": "Delete a category (bin on Edit categories, confirmed). Its recipes are not deleted; they only lose the category.",
    "apps": ["recipes"],
    "instruction": ["Delete the category {c.name} in the Recipes app, but keep its recipes.", "Remove the \"{c.name}\" category from Broccoli (not the recipes)."],
    "parameters": {"c": {"from_state": {"path": "view.recipes.categories", "fields": ["id", "name"]}}},
    "judge": {"subtasks": [
        {"name": "9 categories", "path": "view.recipes.categories[*]", "op": "count", "value": 9},
        {"any": [{"path": "view.recipes.categories[name={c.name}]", "op": "absent"}]},
        {"name": "no recipe is filed under it", "path": "view.recipes.recipes[*].categories[*]", "op": "!=", "value": "{c.id}"},
        {"any": [{"name": "65 recipes still", "path": "view.recipes.recipes[*]", "op": "count", "value": 65}]},
    ]},
    "expected_changes": ["/apps/recipes/categories/{c.id}", "/apps/recipes/recipes"],
    "waivers": {"mutations": {"judge.subtasks[2]": "removing some other category from a recipe cannot bring the deleted one back: the predicate rightly still holds"}},
    "oracle": [{"type": "open_app", "app": "recipes"}, {"type": "click", "target": "recipes.list.menu"},
               {"type": "click", "target": "recipes.drawer.edit_categories"}, {"scroll_to": "recipes.category.{c.id}.delete"},
               {"type": "click", "target": "recipes.category.{c.id}.delete"}, {"type": "click", "target": "dialog.button.delete"},
               {"type": "complete"}],
    "taxonomy": {"scope": "S1", "objective": "operate", "composition": "sequential", "difficulty": "L3", "capabilities": ["navigation", "confirmation"]},
    "step_budget": 15, "split": "test",
}

# ---- 10. change the preparation time
TIMES = ["15 min", "25 min", "40 min", "50 min", "1 h 15 min", "1 h 45 min"]
EDITS = [{"id": r["id"], "title": r["title"], "time": TIMES[i % len(TIMES)]} for i, r in enumerate(recipes[::5]) if r["prep_time"] != TIMES[i % len(TIMES)]]
T["edit_prep_time"] = {
    "id": "recipes.edit_prep_time",
    "description": "Edit a recipe's preparation time (the pencil, the field, Save).",
    "apps": ["recipes"],
    "instruction": ["Change the preparation time of {r.title} to {r.time}.", "The {r.title} recipe actually takes {r.time}; update it in Broccoli."],
    "parameters": {"r": {"tuple": EDITS}},
    "judge": {"subtasks": [{"name": "{r.title} takes {r.time}", "path": "view.recipes.recipes[title={r.title}].prep_time", "op": "==", "value": "{r.time}", "as": "text"}]},
    "expected_changes": ["/apps/recipes/recipes/{r.id}"],
    "oracle": open_recipe_steps("r") + [{"type": "click", "target": "recipes.recipe.edit"}, {"type": "click", "target": "recipes.form.prep_time"},
                                         {"type": "type", "text": "{r.time}", "clear": True}, {"type": "click", "target": "recipes.form.save"},
                                         {"type": "complete"}],
    "taxonomy": {"scope": "S1", "objective": "operate", "composition": "sequential", "difficulty": "L3", "capabilities": ["search", "form_filling"]},
    "step_budget": 30, "split": "train",
}

# ---- 11. add an ingredient
ADDS = [("Guacamole", "1 tomato, diced", "tomato"), ("Pancakes", "1 tsp vanilla extract", "vanilla"), ("Hummus", "1/4 tsp paprika", "paprika"),
        ("Greek Salad", "1 tsp capers", "capers"), ("Mashed Potatoes", "3 cloves roasted garlic", "roasted garlic"),
        ("Coleslaw", "1/4 red cabbage, shredded", "red cabbage"), ("Beef Tacos", "1 avocado, sliced", "avocado"),
        ("Brownies", "1/2 cup chopped walnuts", "walnuts"), ("French Toast", "1 pinch nutmeg", "nutmeg"),
        ("Lentil Soup", "1 tsp turmeric", "turmeric"), ("Pesto Pasta", "1 cup cherry tomatoes", "cherry tomatoes"),
        ("Avocado Toast", "1 poached egg", "poached egg")]
T["add_ingredient"] = {
    "id": "recipes.add_ingredient",
    "description": "Append one ingredient line to a recipe (edit form, ingredients field, new line at the end, Save); the others stay.",
    "apps": ["recipes"],
    "instruction": ["Add \"{a.line}\" to the ingredients of {a.title}.", "In Broccoli, the {a.title} recipe needs one more ingredient: {a.line}."],
    "parameters": {"a": {"tuple": [{"id": by_title[t]["id"], "title": t, "line": l, "key": k, "n": len(by_title[t]["ingredients"]) + 1,
                                     "first": by_title[t]["ingredients"][0]} for t, l, k in ADDS]}},
    "judge": {"subtasks": [
        {"name": "{a.title} lists {a.key}", "path": "view.recipes.recipes[title={a.title}].ingredients[last]", "op": "contains", "value": "{a.key}"},
        {"name": "the first ingredient stays", "path": "view.recipes.recipes[title={a.title}].ingredients[first]", "op": "==", "value": "{a.first}"},
        {"name": "{a.n} ingredients", "path": "view.recipes.recipes[title={a.title}].ingredients[*]", "op": "count", "value": "{a.n}"},
    ]},
    "expected_changes": ["/apps/recipes/recipes/{a.id}"],
    "oracle": [{"type": "open_app", "app": "recipes"}, {"type": "click", "target": "recipes.list.search"}, {"type": "type", "text": "{a.title}"},
               {"type": "enter"}, {"scroll_to": "recipes.result.{a.id}"}, {"type": "click", "target": "recipes.result.{a.id}"},
               {"type": "click", "target": "recipes.recipe.edit"}, {"scroll_to": "recipes.form.ingredients"},
               {"type": "click", "target": "recipes.form.ingredients"}, {"type": "type", "text": "\n{a.line}"},
               {"type": "click", "target": "recipes.form.save"}, {"type": "complete"}],
    "taxonomy": {"scope": "S1", "objective": "operate", "composition": "sequential", "difficulty": "L3", "capabilities": ["search", "form_filling", "text_input"]},
    "step_budget": 30, "split": "test",
}

# ---- 12. query: preparation time
T["query_prep_time"] = {
    "id": "recipes.query_prep_time",
    "description": "Read a recipe's preparation time and report it on the AnswerSheet (text, as the app shows it).",
    "apps": ["recipes", "answersheet"],
    "instruction": ["What is the preparation time of the {r.title}? Answer on the AnswerSheet.",
                    "How long does the {r.title} recipe take to prepare? Fill in the AnswerSheet."],
    "parameters": {"r": {"from_state": {"path": "view.recipes.recipes", "fields": ["id", "title", "prep_time"]}}},
    "answer_sheet": {"question": "What is the preparation time of the {r.title}?", "fields": [{"id": "time", "label": "Preparation time", "type": "text"}],
                     "expected": {"time": {"match": "text", "value": "{r.prep_time}"}}},
    "expected_changes": [],
    "oracle": open_recipe_steps("r") + [{"type": "open_app", "app": "answersheet"}, {"type": "click", "target": "answersheet.field.time"},
                                         {"type": "type", "text": "{r.prep_time}"}, {"type": "click", "target": "answersheet.submit"},
                                         {"type": "complete"}],
    "taxonomy": {"scope": "S1", "objective": "query", "composition": "atomic", "difficulty": "L3", "capabilities": ["search", "information_extraction"]},
    "step_budget": 30, "split": "train",
}

# ---- 13. query: a scaled amount (the servings scaler)
def scaled_candidates():
    out = []
    for r in recipes:
        if r["servings"] != 4:
            continue
        for line in r["ingredients"]:
            m = re.match(r"^(\d+(?: \d+/\d+)?|\d+/\d+) (cups?|tbsp|tsp|lb|oz) (.+)$", line)
            if not m:
                continue
            a = sum(Fraction(x) for x in m.group(1).split())
            v = a * 6 / 4
            name = m.group(3).split(",")[0]
            if v.denominator != 1 or any(name in l for l in r["ingredients"] if l != line):
                continue
            out.append({"id": r["id"], "title": r["title"], "item": name, "unit": m.group(2), "amount": str(v.numerator)})
            break
    return out
SC = scaled_candidates()
assert len(SC) >= 10, len(SC)
T["query_scaled_amount"] = {
    "id": "recipes.query_scaled_amount",
    "description": "Scale a 4-serving recipe to 6 servings with the scaler on the recipe and read one ingredient's new amount (a whole number in the recipe's unit).",
    "apps": ["recipes", "answersheet"],
    "instruction": ["Scale {s.title} to 6 servings: how much {s.item} do I need (in {s.unit})? Answer on the AnswerSheet.",
                    "I'm making {s.title} for 6 people. How many {s.unit} of {s.item} does that take? Use the Recipes app and answer on the AnswerSheet."],
    "parameters": {"s": {"tuple": SC}},
    "answer_sheet": {"question": "How much {s.item} for 6 servings of {s.title} (in {s.unit})?", "fields": [{"id": "amount", "label": "Amount ({s.unit})", "type": "number"}],
                     "expected": {"amount": {"match": "number", "value": "{s.amount}", "tolerance": 0.001}}},
    "expected_changes": [],
    "oracle": open_recipe_steps("s") + [{"type": "click", "target": "recipes.recipe.servings_plus"}, {"type": "click", "target": "recipes.recipe.servings_plus"},
                                         {"type": "open_app", "app": "answersheet"}, {"type": "click", "target": "answersheet.field.amount"},
                                         {"type": "type", "text": "{s.amount}"}, {"type": "click", "target": "answersheet.submit"}, {"type": "complete"}],
    "taxonomy": {"scope": "S1", "objective": "query", "composition": "sequential", "difficulty": "L3", "capabilities": ["search", "information_extraction", "arithmetic"]},
    "step_budget": 30, "split": "test",
}

# ---- 14. query: how many recipes in a category
counts = {cid: sum(cid in r["categories"] for r in recipes) for cid in cat_name}
T["query_category_count"] = {
    "id": "recipes.query_category_count",
    "description": "Count the recipes of a category (the drawer filter, or the counts on Edit categories) and report the number.",
    "apps": ["recipes", "answersheet"],
    "instruction": ["How many recipes do I have in the category {c.name}? Answer on the AnswerSheet.",
                    "Count my {c.name} recipes in Broccoli and put the number in the AnswerSheet."],
    "parameters": {"c": {"tuple": [{"id": cid, "name": cat_name[cid], "n": str(counts[cid])} for cid in sorted(cat_name)]}},
    "answer_sheet": {"question": "How many recipes are in the category {c.name}?", "fields": [{"id": "count", "label": "Recipes", "type": "number"}],
                     "expected": {"count": {"match": "number", "value": "{c.n}", "tolerance": 0}}},
    "expected_changes": [],
    "oracle": [{"type": "open_app", "app": "recipes"}, {"type": "click", "target": "recipes.list.menu"},
               {"type": "click", "target": "recipes.drawer.edit_categories"}, {"scroll_to": "recipes.category.{c.id}"},
               {"type": "open_app", "app": "answersheet"}, {"type": "click", "target": "answersheet.field.count"},
               {"type": "type", "text": "{c.n}"}, {"type": "click", "target": "answersheet.submit"}, {"type": "complete"}],
    "taxonomy": {"scope": "S1", "objective": "query", "composition": "atomic", "difficulty": "L2", "capabilities": ["navigation", "counting"]},
    "step_budget": 30, "split": "train",
}

# ---- 15. infeasible: delete a recipe that does not exist
MISSING = ["Beef Wellington", "Pumpkin Pie", "Chicken Parmesan", "Clam Chowder", "Pho", "Paella", "Ratatouille", "Moussaka",
           "Bibimbap", "Tom Yum Soup", "Key Lime Pie", "Eggplant Parmesan"]
T["delete_missing"] = {
    "id": "recipes.delete_missing",
    "description": "Infeasible: delete a recipe the app does not have (search finds nothing). The right ending is abort; nothing may be deleted.",
    "apps": ["recipes"],
    "feasible": False,
    "instruction": ["Delete the recipe {t} from the Recipes app.", "Remove my {t} recipe from Broccoli."],
    "parameters": {"t": {"choice": MISSING}},
    "judge": {"subtasks": [
        {"name": "the task is aborted", "path": "os.episode.status", "op": "==", "value": "abort"},
        {"name": "no recipe deleted", "path": "view.recipes.recipes[*]", "op": "count", "value": 65},
    ]},
    "expected_changes": [],
    "oracle": [{"type": "open_app", "app": "recipes"}, {"type": "click", "target": "recipes.list.search"}, {"type": "type", "text": "{t}"},
               {"type": "abort"}],
    "taxonomy": {"scope": "S1", "objective": "operate", "composition": "atomic", "difficulty": "L2", "capabilities": ["search", "infeasible"]},
    "step_budget": 15, "split": "test",
}

# ---- 16. delete exact duplicates (AndroidWorld RecipeDeleteDuplicateRecipes)
DUPS = [(recipes[i], recipes[(i * 11 + 7) % len(recipes)]) for i in range(1, 60, 5)]
DUPS = [(a, b) for a, b in DUPS if a["id"] != b["id"]]
def copy_of(r):
    return {k: v for k, v in r.items() if k != "id"}
T["delete_duplicates"] = {
    "id": "recipes.delete_duplicates",
    "description": "AndroidWorld RecipeDeleteDuplicateRecipes: the setup adds exact copies (r66, r67) of two recipes; the agent deletes one of each pair, keeping one of every recipe. Either copy may go.",
    "apps": ["recipes"],
    "instruction": ["Delete all but one of any recipes in the Broccoli app that are exact duplicates, ensuring at least one instance of each unique recipe remains.",
                    "Some of my recipes are in the Recipes app twice. Delete the duplicates so that each recipe is there once."],
    "parameters": {"d": {"tuple": [{"a_id": a["id"], "a_title": a["title"], "b_id": b["id"], "b_title": b["title"],
                                     "a": copy_of(a), "b": copy_of(b)} for a, b in DUPS]}},
    "setup": [{"op": "add", "path": "/apps/recipes/recipes/r66", "value": "{d.a}"},
              {"op": "add", "path": "/apps/recipes/recipes/r67", "value": "{d.b}"},
              {"op": "replace", "path": "/apps/recipes/next_recipe", "value": 68}],
    "judge": {"subtasks": [
        {"name": "one {d.a_title}", "path": "view.recipes.recipes[title={d.a_title}]", "op": "count", "value": 1},
        {"name": "one {d.b_title}", "path": "view.recipes.recipes[title={d.b_title}]", "op": "count", "value": 1},
        {"name": "65 recipes", "path": "view.recipes.recipes[*]", "op": "count", "value": 65},
    ]},
    "expected_changes": ["/apps/recipes/recipes"],
    "oracle": [{"type": "open_app", "app": "recipes"}, {"type": "click", "target": "recipes.list.search"}, {"type": "type", "text": "{d.a_title}"},
               {"type": "enter"}, {"scroll_to": "recipes.result.r66"}, {"type": "click", "target": "recipes.result.r66"},
               {"type": "click", "target": "recipes.recipe.delete"}, {"type": "click", "target": "dialog.button.delete"},
               {"type": "click", "target": "recipes.search.field"}, {"type": "type", "text": "{d.b_title}", "clear": True}, {"type": "enter"},
               {"scroll_to": "recipes.result.r67"}, {"type": "click", "target": "recipes.result.r67"},
               {"type": "click", "target": "recipes.recipe.delete"}, {"type": "click", "target": "dialog.button.delete"}, {"type": "complete"}],
    "taxonomy": {"scope": "S1", "objective": "operate", "composition": "sequential", "difficulty": "L3", "capabilities": ["search", "comparison", "confirmation"]},
    "step_budget": 45, "split": "train",
}

# ---- 17. move a recipe to another category
MOVES = []
for i, r in enumerate([r for r in recipes if len(r["categories"]) == 1][:14]):
    src = r["categories"][0]
    dst = sorted(cat_name)[(i * 3 + 4) % 10]
    if dst == src:
        dst = "c09"
    MOVES.append({"id": r["id"], "title": r["title"], "src": src, "src_name": cat_name[src], "dst": dst, "dst_name": cat_name[dst]})
T["move_category"] = {
    "id": "recipes.move_category",
    "description": "Move a recipe that has one category to another (edit, category picker: untick the old, tick the new, Done, Save).",
    "apps": ["recipes"],
    "instruction": ["Move the recipe {m.title} from {m.src_name} to {m.dst_name}.", "In Broccoli, {m.title} belongs in {m.dst_name}, not {m.src_name}. Fix its category."],
    "parameters": {"m": {"tuple": MOVES}},
    "judge": {"subtasks": [
        {"name": "{m.title} is in {m.dst_name}", "path": "view.recipes.recipes[title={m.title}].categories", "op": "==", "value": ["{m.dst}"]},
    ]},
    "expected_changes": ["/apps/recipes/recipes/{m.id}"],
    "oracle": open_recipe_steps("m") + [{"type": "click", "target": "recipes.recipe.edit"}, {"type": "click", "target": "recipes.form.categories"},
                                         {"scroll_to": "recipes.pick.{m.src}"}, {"type": "click", "target": "recipes.pick.{m.src}"},
                                         {"scroll_to": "recipes.pick.{m.dst}"}, {"type": "click", "target": "recipes.pick.{m.dst}"},
                                         {"type": "click", "target": "recipes.pick.done"}, {"type": "click", "target": "recipes.form.save"}, {"type": "complete"}],
    "taxonomy": {"scope": "S1", "objective": "operate", "composition": "sequential", "difficulty": "L3", "capabilities": ["search", "multi_select"]},
    "step_budget": 30, "split": "train",
}

# ---- 18. change the servings
SERV = [{"id": r["id"], "title": r["title"], "n": n} for r, n in zip(recipes[3::5], [2, 3, 5, 6, 8, 10, 12, 2, 3, 5, 6, 8, 10]) if r["servings"] != n]
T["edit_servings"] = {
    "id": "recipes.edit_servings",
    "description": "Change how many servings a recipe makes (edit form, Servings, Save). The ingredient amounts stay as written.",
    "apps": ["recipes"],
    "instruction": ["Set the servings of {s.title} to {s.n}.", "My {s.title} recipe makes {s.n} servings; update it in the Recipes app."],
    "parameters": {"s": {"tuple": SERV}},
    "judge": {"subtasks": [{"name": "{s.title} serves {s.n}", "path": "view.recipes.recipes[title={s.title}].servings", "op": "==", "value": "{s.n}"}]},
    "expected_changes": ["/apps/recipes/recipes/{s.id}"],
    "oracle": open_recipe_steps("s") + [{"type": "click", "target": "recipes.recipe.edit"}, {"type": "click", "target": "recipes.form.servings"},
                                         {"type": "type", "text": "{s.n}", "clear": True}, {"type": "click", "target": "recipes.form.save"}, {"type": "complete"}],
    "taxonomy": {"scope": "S1", "objective": "operate", "composition": "sequential", "difficulty": "L3", "capabilities": ["search", "form_filling"]},
    "step_budget": 30, "split": "test",
}

# ---- 19. query: which recipes use an ingredient (search by ingredient)
def users_of(word):
    w = word.lower()
    return [r for r in recipes if any(w in l.lower() for l in r["ingredients"]) or w in r["title"].lower() or w in r["description"].lower()]
ING = []
for word in ["tahini", "avocado", "buttermilk", "mascarpone", "ricotta", "coconut milk", "chickpeas", "cremini", "guanciale",
             "feta", "cinnamon", "maple syrup", "bacon", "zucchini", "basil", "lemon juice", "soy sauce", "honey"]:
    rs = users_of(word)
    if 2 <= len(rs) <= 5:
        ING.append({"word": word, "titles": ", ".join(r["title"] for r in rs), "n": str(len(rs))})
assert len(ING) >= 10, ING
T["query_recipes_with_ingredient"] = {
    "id": "recipes.query_recipes_with_ingredient",
    "description": "List every recipe that uses an ingredient (search matches ingredients) and report the titles as a set.",
    "apps": ["recipes", "answersheet"],
    "instruction": ["Which of my recipes use {i.word}? List them on the AnswerSheet.", "I have {i.word} to use up. Which recipes in Broccoli call for it? Answer on the AnswerSheet."],
    "parameters": {"i": {"tuple": ING}},
    "answer_sheet": {"question": "Which recipes use {i.word}?", "fields": [{"id": "titles", "label": "Recipes (comma-separated)", "type": "text"}],
                     "expected": {"titles": {"match": "set", "value": "{i.titles}"}}},
    "expected_changes": [],
    "oracle": [{"type": "open_app", "app": "recipes"}, {"type": "click", "target": "recipes.list.search"}, {"type": "type", "text": "{i.word}"},
               {"type": "enter"}, {"type": "open_app", "app": "answersheet"}, {"type": "click", "target": "answersheet.field.titles"},
               {"type": "type", "text": "{i.titles}"}, {"type": "click", "target": "answersheet.submit"}, {"type": "complete"}],
    "taxonomy": {"scope": "S1", "objective": "query", "composition": "atomic", "difficulty": "L3", "capabilities": ["search", "information_extraction"]},
    "step_budget": 30, "split": "train",
}

# ---- 20. infeasible: a cooking timer (Broccoli has none)
T["timer_infeasible"] = {
    "id": "recipes.timer_infeasible",
    "description": "Infeasible: start a cooking timer inside the Recipes app, which has no timer (its cooking mode only steps through the directions). The right ending is abort without changing anything.",
    "apps": ["recipes"],
    "feasible": False,
    "instruction": ["Start a {n}-minute timer in the Recipes app's cooking mode for the {r.title}.",
                    "Use Broccoli's built-in timer to time {n} minutes for my {r.title}."],
    "parameters": {"n": {"choice": [5, 8, 10, 12, 15, 20, 25, 30]}, "r": {"from_state": {"path": "view.recipes.recipes", "fields": ["id", "title"]}}},
    "judge": {"subtasks": [
        {"name": "the task is aborted", "path": "os.episode.status", "op": "==", "value": "abort"},
        {"name": "no recipe changed", "path": "apps.recipes.recipes", "op": "unchanged"},
    ]},
    "expected_changes": [],
    "oracle": open_recipe_steps("r") + [{"type": "click", "target": "recipes.recipe.cook"}, {"type": "abort"}],
    "taxonomy": {"scope": "S1", "objective": "operate", "composition": "atomic", "difficulty": "L2", "capabilities": ["navigation", "infeasible"]},
    "step_budget": 15, "split": "train",
}

# ---------------------------------------------------------------- cross-app
X = {}
KEYS = {}
for r in recipes:
    # a distinctive ingredient (its words after the unit) for the judge
    line = r["ingredients"][-1] if len(r["ingredients"]) > 1 else r["ingredients"][0]
    m = re.match(r"^[\d/ .]+(?:(?:cups?|tbsp|tsp|lb|oz|slices?|cloves?|heads?|sprigs?|stalks?) )?(.+)$", line)
    KEYS[r["id"]] = (m.group(1) if m else line).split(",")[0]
SHARE = [{"id": r["id"], "title": r["title"], "key": KEYS[r["id"]]} for r in recipes[::4]]
X["recipes_share_ingredients_messages"] = {
    "id": "cross.recipes_share_ingredients_messages",
    "description": "Share a recipe (its ingredients and directions as text, SEND intent; the chooser offers Messages and Chat) with a person who has a Messages conversation.",
    "apps": ["recipes", "messages"],
    "instruction": ["Send {c.name} the ingredient list of my {r.title} recipe by text message.",
                    "Share the {r.title} recipe from Broccoli with {c.name} in Messages."],
    "parameters": {"c": {"from_state": {"path": "view.messages.threads[name!=]", "fields": ["id", "name"]}},
                   "r": {"tuple": SHARE}},
    "setup": [{"op": "add", "path": "/os/permissions/messages", "value": {"POST_NOTIFICATIONS": "granted"}}],
    "judge": {"subtasks": [
        {"name": "{c.name} got the recipe", "path": "apps.messages.threads.{c.id}.messages[from=me].text", "op": "contains", "value": "{r.title}"},
        {"name": "with its ingredients", "path": "apps.messages.threads.{c.id}.messages[from=me].text", "op": "contains", "value": "{r.key}"},
    ]},
    "expected_changes": ["/apps/messages/threads/{c.id}"],
    "oracle": open_recipe_steps("r") + [{"type": "click", "target": "recipes.recipe.share"}, {"type": "click", "target": "dialog.button.messages"},
                                         {"type": "type", "text": "{c.name}"}, {"type": "click", "target": "messages.contact.{c.id}"},
                                         {"type": "click", "target": "messages.send"}, {"type": "complete"}],
    "taxonomy": {"scope": "S2", "objective": "operate", "composition": "sequential", "difficulty": "L3", "capabilities": ["search", "share", "cross_app"]},
    "step_budget": 30, "split": "train",
}
X["recipes_share_chat"] = {
    "id": "cross.recipes_share_chat",
    "description": "Share a recipe as text to a Chat conversation (SEND, the chooser's Chat, pick the chat, send).",
    "apps": ["recipes", "chat"],
    "instruction": ["Share my {r.title} recipe with the {c.name} chat.", "Send the {r.title} recipe from Broccoli to {c.name} on Chat."],
    "parameters": {"c": {"from_state": {"path": "view.chat.chats", "fields": ["id", "name"]}}, "r": {"tuple": SHARE}},
    "judge": {"subtasks": [
        {"name": "the {c.name} chat got the recipe", "path": "apps.chat.messages[chat={c.id}][kind=text].text", "op": "contains", "value": "{r.title}"},
        {"name": "with its ingredients", "path": "apps.chat.messages[chat={c.id}][kind=text].text", "op": "contains", "value": "{r.key}"},
    ]},
    "expected_changes": ["/apps/chat/messages"],
    "allowed_changes": ["/apps/chat/chats/{c.id}"],
    "oracle": open_recipe_steps("r") + [{"type": "click", "target": "recipes.recipe.share"}, {"type": "click", "target": "dialog.button.chat"},
                                         {"scroll_to": "chat.share.row.{c.id}"}, {"type": "click", "target": "chat.share.row.{c.id}"},
                                         {"type": "click", "target": "chat.send"}, {"type": "complete"}],
    "taxonomy": {"scope": "S2", "objective": "operate", "composition": "sequential", "difficulty": "L3", "capabilities": ["search", "share", "cross_app"]},
    "step_budget": 30, "split": "test",
}
LISTS = []
for r in recipes[1::4]:
    items = [re.sub(r"^[\d/ .]+", "", l).split(",")[0] for l in r["ingredients"]]
    LISTS.append({"id": r["id"], "title": r["title"], "list": "\n".join(r["ingredients"]), "a": items[0], "b": items[-1]})
X["recipes_shopping_list_notes"] = {
    "id": "cross.recipes_shopping_list_notes",
    "description": "Write a shopping list of a recipe's ingredients into a new Keep note titled \"<recipe> shopping list\"; judged on the title and the first and last ingredients.",
    "apps": ["recipes", "notes"],
    "instruction": ["Make a shopping list for {r.title}: a Keep note titled \"{r.title} shopping list\" with all its ingredients from the Recipes app.",
                    "Write the ingredients of my {r.title} recipe into a new note in Keep Notes called \"{r.title} shopping list\"."],
    "parameters": {"r": {"tuple": LISTS}},
    "judge": {"subtasks": [
        {"name": "a note \"{r.title} shopping list\"", "path": "apps.notes.notes[title~={r.title} shopping list].title", "op": "exists"},
        {"name": "it lists {r.a}", "path": "apps.notes.notes[title~={r.title} shopping list].body", "op": "contains", "value": "{r.a}"},
        {"name": "it lists {r.b}", "path": "apps.notes.notes[title~={r.title} shopping list].body", "op": "contains", "value": "{r.b}"},
    ]},
    "expected_changes": ["/apps/notes/notes"],
    "oracle": open_recipe_steps("r") + [{"type": "open_app", "app": "notes"}, {"type": "click", "target": "notes.fab"},
                                         {"type": "click", "target": "notes.editor.title"}, {"type": "type", "text": "{r.title} shopping list"},
                                         {"type": "click", "target": "notes.editor.body"}, {"type": "type", "text": "{r.list}"},
                                         {"type": "back"}, {"type": "back"}, {"type": "complete"}],
    "taxonomy": {"scope": "S2", "objective": "operate", "composition": "transfer", "difficulty": "L4", "capabilities": ["cross_app", "information_extraction", "text_input"]},
    "step_budget": 30, "split": "train",
}

CART = [("Spaghetti Carbonara", "pasta", "p232", "Campania Bronze-Cut Spaghetti, 6 x 500 g"),
        ("Mushroom Risotto", "rice", "p239", "Campania Arborio Rice 2 kg"),
        ("Granola", "syrup", "p238", "Oakfield Pure Maple Syrup 500 ml"),
        ("French Toast", "syrup", "p238", "Oakfield Pure Maple Syrup 500 ml"),
        ("Honey Garlic Chicken", "sweetener", "p231", "Oakfield Raw Wildflower Honey 500 g"),
        ("Overnight Oats", "sweetener", "p231", "Oakfield Raw Wildflower Honey 500 g"),
        ("Greek Salad", "oil", "p227", "Olivar Extra Virgin Olive Oil 1 L"),
        ("Focaccia", "oil", "p227", "Olivar Extra Virgin Olive Oil 1 L"),
        ("Caprese Salad", "oil", "p227", "Olivar Extra Virgin Olive Oil 1 L"),
        ("Chocolate Mousse", "chocolate", "p228", "Cacaoro Dark Chocolate 85%, 6 bars"),
        ("Peanut Butter Cookies", "nut butter", "p244", "Oakfield Crunchy Peanut Butter 1 kg")]
X["recipes_ingredient_to_shop_cart"] = {
    "id": "cross.recipes_ingredient_to_shop_cart",
    "description": "Read which pantry item a recipe uses (its ingredients name it: spaghetti, arborio rice, maple syrup, honey, olive oil, dark chocolate, peanut butter) and add the matching Shop grocery product to the cart.",
    "apps": ["recipes", "shop"],
    "instruction": ["I want to cook {c.title}. Check which {c.kind} the recipe calls for and add it from Shop to my cart.",
                    "Look up the {c.kind} in my {c.title} recipe and put that product in my Shop cart."],
    "parameters": {"c": {"tuple": [{"title": t, "id": by_title[t]["id"], "kind": k, "product": pid, "ptitle": pt} for t, k, pid, pt in CART]}},
    "judge": {"subtasks": [{"name": "the {c.ptitle} is in the cart", "path": "apps.shop.cart[product={c.product}].qty", "op": "==", "value": 1}]},
    "expected_changes": ["/apps/shop/cart"],
    "oracle": open_recipe_steps("c") + [{"type": "open_app", "app": "shop"}, {"type": "click", "target": "shop.search_bar"},
                                         {"type": "type", "text": "{c.ptitle}"}, {"type": "enter"}, {"type": "click", "target": "shop.result.{c.product}"},
                                         {"type": "click", "target": "shop.product.add"}, {"type": "complete"}],
    "taxonomy": {"scope": "S2", "objective": "operate", "composition": "transfer", "difficulty": "L4", "capabilities": ["cross_app", "information_extraction", "search"]},
    "step_budget": 30, "split": "test",
}

NOTE_RECIPES = [(t[0], t[1], t[2], t[3], t[4], t[5]) for t in NEW]
X["recipes_from_note"] = {
    "id": "cross.recipes_from_note",
    "description": "AndroidWorld RecipeAddMultipleRecipesFromMarkor, with Keep: a note (set up) holds a recipe written out; the agent adds it to Recipes (title, servings, time, ingredients).",
    "apps": ["notes", "recipes"],
    "instruction": ["Add the recipe from my Keep note \"{r.title}\" to the Recipes app, with its servings, time and ingredients.",
                    "There is a recipe in my notes called \"{r.title}\". Copy it into Broccoli."],
    "parameters": {"r": {"tuple": [{"title": t[0], "servings": t[1], "time": t[2], "ingr_lines": "\n".join(t[3]), "key": t[5],
                                     "body": "Serves %d, takes %s.\n\nIngredients:\n%s\n\nDirections:\n%s" % (t[1], t[2], "\n".join(t[3]), "\n".join(t[4]))}
                                    for t in NOTE_RECIPES]}},
    "setup": [{"op": "add", "path": "/apps/notes/notes/20", "value": {"title": "{r.title}", "body": "{r.body}", "labels": ["Recipes"], "pinned": True,
                                                                      "trashed": False, "color": "default", "modified_ms": 1767200000000}}],
    "judge": {"subtasks": [
        {"name": "a recipe \"{r.title}\" serving {r.servings}", "path": "view.recipes.recipes[title={r.title}].servings", "op": "==", "value": "{r.servings}"},
        {"name": "it takes {r.time}", "path": "view.recipes.recipes[title={r.title}].prep_time", "op": "==", "value": "{r.time}", "as": "text"},
        {"name": "it lists {r.key}", "path": "view.recipes.recipes[title={r.title}].ingredients[*]", "op": "contains", "value": "{r.key}"},
    ]},
    "expected_changes": ["/apps/recipes/recipes"],
    "oracle": [{"type": "open_app", "app": "notes"}, {"type": "open_app", "app": "recipes"}, {"type": "click", "target": "recipes.fab"},
               {"type": "click", "target": "recipes.form.title"}, {"type": "type", "text": "{r.title}"},
               {"type": "click", "target": "recipes.form.servings"}, {"type": "type", "text": "{r.servings}"},
               {"type": "click", "target": "recipes.form.prep_time"}, {"type": "type", "text": "{r.time}"}, {"type": "back"},
               {"scroll_to": "recipes.form.ingredients"}, {"type": "click", "target": "recipes.form.ingredients"},
               {"type": "type", "text": "{r.ingr_lines}"},
               {"type": "click", "target": "recipes.form.save"}, {"type": "complete"}],
    "taxonomy": {"scope": "S2", "objective": "operate", "composition": "transfer", "difficulty": "L4", "capabilities": ["cross_app", "information_extraction", "form_filling"]},
    "step_budget": 45, "split": "test",
}

PHOTOS = [{"id": "IMG_20251127_152000", "title": "Thanksgiving table"}, {"id": "IMG_20251203_133018", "title": "Pastéis de nata"},
          {"id": "IMG_20251224_193002", "title": "Christmas Eve dinner"}, {"id": "IMG_20251105_121003", "title": "Lunch at Tartine"},
          {"id": "IMG_20251120_190551", "title": "Ramen night"}]
X["recipes_gallery_photo"] = {
    "id": "cross.recipes_gallery_photo",
    "description": "Give a recipe a Gallery photo as its picture (edit, Add photo, the photo picker lists Gallery's photos, Save).",
    "apps": ["recipes", "gallery"],
    "instruction": ["Use my Gallery photo \"{ph.title}\" as the picture of the {r.title} recipe.",
                    "Set the photo of my {r.title} recipe in Broccoli to the \"{ph.title}\" picture from my gallery."],
    "parameters": {"ph": {"tuple": PHOTOS}, "r": {"from_state": {"path": "view.recipes.recipes", "fields": ["id", "title"]}}},
    "judge": {"subtasks": [{"name": "{r.title} shows {ph.title}", "path": "view.recipes.recipes[title={r.title}].photo", "op": "==", "value": "{ph.id}"}]},
    "expected_changes": ["/apps/recipes/recipes/{r.id}"],
    "oracle": open_recipe_steps("r") + [{"type": "click", "target": "recipes.recipe.edit"}, {"type": "click", "target": "recipes.form.photo"},
                                         {"scroll_to": "recipes.photo.{ph.id}"}, {"type": "click", "target": "recipes.photo.{ph.id}"},
                                         {"type": "click", "target": "recipes.form.save"}, {"type": "complete"}],
    "taxonomy": {"scope": "S2", "objective": "operate", "composition": "sequential", "difficulty": "L3", "capabilities": ["cross_app", "search", "photo_picker"]},
    "step_budget": 30, "split": "train",
}

def main():
    os.makedirs(OUT, exist_ok=True)
    for name, t in T.items():
        write(os.path.join(OUT, name + ".json"), t)
    for name, t in X.items():
        write(os.path.join(CROSS, name + ".json"), t)
    print(len(T), "templates,", len(X), "cross")

if __name__ == "__main__":
    main()
