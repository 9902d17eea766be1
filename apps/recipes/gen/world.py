#!/usr/bin/python3
"""Deterministic world generator for Recipes (Broccoli): writes apps/recipes/world/{categories,recipes}.json.

Each recipe: id "r01".., title, description, categories (category ids), servings (int), prep_time (free
text as Broccoli stores it), source, ingredients (one line each, quantity first), directions (one step
each), notes, favorite, look (which drawn dish picture), photo (a Gallery photo id chosen by the user; "" = the
drawn dish), created_ms (2025-10-01..2025-12-31).
Run: /usr/bin/python3 apps/recipes/gen/world.py
"""
import json
import os

CATEGORIES = [
    ("c01", "Breakfast"), ("c02", "Main Dishes"), ("c03", "Soups"), ("c04", "Salads"), ("c05", "Pasta"),
    ("c06", "Baking"), ("c07", "Desserts"), ("c08", "Vegetarian"), ("c09", "Quick & Easy"), ("c10", "Sides"),
]
CAT = {name: cid for cid, name in CATEGORIES}

# (title, categories, servings, prep time, source, look, favorite, description, ingredients, directions, notes)
R = []


def r(title, cats, servings, time, source, look, desc, ingredients, directions, notes="", fav=False):
    R.append((title, cats, servings, time, source, look, fav, desc, ingredients.strip().split("\n"),
              directions.strip().split("\n"), notes))


r("Shakshuka", ["Breakfast", "Vegetarian"], 4, "30 min", "Jerusalem by Ottolenghi", "pan",
  "Eggs poached in a spiced tomato and pepper sauce.", """
2 tbsp olive oil
1 onion, diced
1 red bell pepper, sliced
3 cloves garlic, minced
1 tsp ground cumin
1 tsp smoked paprika
28 oz canned crushed tomatoes
6 eggs
1/4 cup crumbled feta
2 tbsp chopped parsley""", """
Heat the olive oil in a large skillet over medium heat and cook the onion and pepper until soft, about 8 minutes.
Stir in the garlic, cumin and paprika and cook for 1 minute.
Add the tomatoes, season with salt and simmer for 10 minutes until thickened.
Make 6 wells in the sauce and crack an egg into each.
Cover and cook for 6 to 8 minutes until the whites are set.
Sprinkle with feta and parsley and serve with bread.""", "Great with warm pita.", True)
r("Pancakes", ["Breakfast", "Quick & Easy"], 4, "20 min", "Family recipe", "stack",
  "Fluffy buttermilk pancakes for a weekend breakfast.", """
2 cups all-purpose flour
2 tbsp sugar
2 tsp baking powder
1/2 tsp baking soda
1/2 tsp salt
2 cups buttermilk
2 eggs
4 tbsp melted butter""", """
Whisk the flour, sugar, baking powder, baking soda and salt in a large bowl.
Whisk the buttermilk, eggs and melted butter in another bowl.
Pour the wet ingredients into the dry ones and stir until just combined.
Heat a lightly oiled griddle over medium heat.
Pour 1/4 cup of batter per pancake and cook until bubbles form, then flip and cook 1 minute more.""",
  "Do not overmix: a few lumps are fine.", True)
r("Garlic Bread", ["Sides", "Quick & Easy"], 6, "15 min", "allrecipes.com", "bread",
  "Crisp baguette with garlic herb butter.", """
1 baguette
1/2 cup butter, softened
4 cloves garlic, minced
2 tbsp chopped parsley
1/4 cup grated parmesan""", """
Preheat the oven to 400°F.
Mix the butter, garlic, parsley and parmesan.
Slice the baguette in half lengthwise and spread with the garlic butter.
Bake for 10 minutes until golden.""")
r("Caesar Salad", ["Salads"], 4, "25 min", "Bon Appétit", "salad",
  "Romaine with a creamy anchovy dressing and croutons.", """
2 heads romaine lettuce
2 cups croutons
1/2 cup grated parmesan
2 anchovy fillets
1 clove garlic
1 egg yolk
2 tbsp lemon juice
1 tsp Dijon mustard
1/2 cup olive oil""", """
Mash the anchovies and garlic into a paste.
Whisk in the egg yolk, lemon juice and mustard.
Slowly drizzle in the olive oil while whisking until creamy.
Toss the torn romaine with the dressing, croutons and parmesan.""")
r("Spaghetti Carbonara", ["Pasta", "Main Dishes"], 4, "25 min", "Marcella Hazan", "pasta",
  "Roman pasta with eggs, pecorino and guanciale.", """
1 lb spaghetti
6 oz guanciale, diced
4 egg yolks
2 eggs
1 cup grated pecorino romano
1 tsp black pepper""", """
Cook the spaghetti in salted boiling water until al dente.
Fry the guanciale in a large pan until crisp.
Whisk the yolks, eggs, pecorino and pepper in a bowl.
Toss the drained pasta with the guanciale off the heat.
Stir in the egg mixture with a splash of pasta water until glossy.""", "", True)
r("Mushroom Risotto", ["Main Dishes", "Vegetarian"], 4, "45 min", "Serious Eats", "bowl",
  "Creamy arborio rice with cremini mushrooms.", """
1 1/2 cups arborio rice
1 lb cremini mushrooms, sliced
1 shallot, minced
1/2 cup dry white wine
5 cups vegetable stock
2 tbsp butter
1/2 cup grated parmesan""", """
Brown the mushrooms in half the butter and set aside.
Soften the shallot, then toast the rice for 2 minutes.
Add the wine and stir until absorbed.
Add the warm stock one ladle at a time, stirring, for about 20 minutes.
Stir in the mushrooms, the rest of the butter and the parmesan.""")
r("Chicken Tikka Masala", ["Main Dishes"], 4, "1 h", "Madhur Jaffrey", "curry",
  "Grilled yogurt-marinated chicken in a spiced tomato cream sauce.", """
2 lb chicken thighs, cubed
1 cup plain yogurt
2 tbsp garam masala
1 tbsp grated ginger
4 cloves garlic, minced
1 onion, diced
15 oz tomato sauce
1 cup heavy cream""", """
Marinate the chicken in the yogurt, half the garam masala, ginger and garlic for 30 minutes.
Broil the chicken until charred in spots.
Cook the onion until golden, add the rest of the garam masala and the tomato sauce.
Simmer for 10 minutes, stir in the cream and the chicken and heat through.""", "Serve with basmati rice and naan.")
r("Tomato Basil Soup", ["Soups", "Vegetarian"], 6, "40 min", "Ina Garten", "soup",
  "Roasted tomato soup with fresh basil.", """
3 lb Roma tomatoes, halved
1/4 cup olive oil
2 onions, chopped
4 cloves garlic
4 cups vegetable stock
1 cup fresh basil leaves
1/2 cup heavy cream""", """
Roast the tomatoes with half the olive oil at 400°F for 30 minutes.
Cook the onions and garlic in the rest of the oil until soft.
Add the tomatoes and stock and simmer for 15 minutes.
Blend with the basil until smooth, then stir in the cream.""")
r("Chicken Noodle Soup", ["Soups"], 6, "50 min", "Family recipe", "soup",
  "Comforting soup with egg noodles and vegetables.", """
2 tbsp butter
1 onion, diced
2 carrots, sliced
2 celery stalks, sliced
8 cups chicken stock
2 cups shredded cooked chicken
3 cups egg noodles
1 tsp dried thyme""", """
Melt the butter and cook the onion, carrots and celery for 6 minutes.
Add the stock and thyme and bring to a boil.
Add the noodles and cook for 8 minutes.
Stir in the chicken and season to taste.""", "", True)
r("Greek Salad", ["Salads", "Vegetarian", "Quick & Easy"], 4, "15 min", "The Mediterranean Dish", "salad",
  "Tomatoes, cucumber, olives and feta with oregano.", """
4 tomatoes, cut in wedges
1 cucumber, sliced
1 red onion, thinly sliced
1 green bell pepper, sliced
1/2 cup kalamata olives
7 oz feta cheese
3 tbsp olive oil
1 tbsp red wine vinegar
1 tsp dried oregano""", """
Combine the tomatoes, cucumber, onion, pepper and olives in a bowl.
Whisk the olive oil, vinegar and oregano.
Pour over the salad and top with the block of feta.""")
r("Banana Bread", ["Baking"], 8, "1 h 10 min", "King Arthur Baking", "loaf",
  "Moist banana bread with a crackly top.", """
3 ripe bananas, mashed
1/3 cup melted butter
3/4 cup sugar
1 egg
1 tsp vanilla extract
1 tsp baking soda
1 1/2 cups all-purpose flour
1/4 tsp salt""", """
Preheat the oven to 350°F and butter a loaf pan.
Mix the bananas and melted butter.
Stir in the sugar, egg and vanilla, then the baking soda and salt.
Fold in the flour.
Bake for 55 to 60 minutes until a skewer comes out clean.""", "Freezes well for up to 3 months.", True)
r("Chocolate Chip Cookies", ["Baking", "Desserts"], 24, "35 min", "Tollhouse", "cookies",
  "Chewy cookies with crisp edges.", """
2 1/4 cups all-purpose flour
1 tsp baking soda
1 tsp salt
1 cup butter, softened
3/4 cup sugar
3/4 cup brown sugar
2 eggs
2 tsp vanilla extract
2 cups chocolate chips""", """
Preheat the oven to 375°F.
Whisk the flour, baking soda and salt.
Beat the butter and both sugars until creamy, then beat in the eggs and vanilla.
Mix in the flour, then the chocolate chips.
Drop rounded tablespoons onto baking sheets and bake for 9 to 11 minutes.""")
r("Beef Tacos", ["Main Dishes", "Quick & Easy"], 4, "25 min", "Budget Bytes", "tacos",
  "Seasoned ground beef tacos with fresh toppings.", """
1 lb ground beef
1 onion, diced
2 tbsp chili powder
1 tsp ground cumin
1/2 cup tomato sauce
8 corn tortillas
1 cup shredded lettuce
1 cup shredded cheddar
1/2 cup salsa""", """
Brown the beef with the onion and drain the fat.
Stir in the chili powder, cumin and tomato sauce and simmer for 5 minutes.
Warm the tortillas in a dry pan.
Fill with the beef, lettuce, cheese and salsa.""")
r("Lemon Herb Roast Chicken", ["Main Dishes"], 6, "1 h 30 min", "Jamie Oliver", "roast",
  "A whole chicken roasted with lemon, garlic and thyme.", """
1 whole chicken, about 4 lb
1 lemon, halved
1 head garlic, halved
4 sprigs thyme
2 tbsp olive oil
1 tsp salt""", """
Preheat the oven to 425°F.
Pat the chicken dry and rub with the olive oil and salt.
Stuff the cavity with the lemon, garlic and thyme.
Roast for 75 minutes until the juices run clear.
Rest for 10 minutes before carving.""")
r("Vegetable Stir-Fry", ["Vegetarian", "Quick & Easy", "Main Dishes"], 4, "20 min", "Woks of Life", "wok",
  "Crisp vegetables in a ginger soy glaze.", """
2 tbsp vegetable oil
1 head broccoli, in florets
1 red bell pepper, sliced
2 carrots, sliced
1 cup snap peas
3 tbsp soy sauce
1 tbsp honey
1 tbsp grated ginger
2 tsp cornstarch""", """
Whisk the soy sauce, honey, ginger, cornstarch and 1/4 cup water.
Heat the oil in a wok over high heat.
Stir-fry the broccoli and carrots for 3 minutes, then the pepper and snap peas for 2 minutes.
Add the sauce and toss until glossy.""")
r("Minestrone", ["Soups", "Vegetarian"], 8, "1 h", "Marcella Hazan", "soup",
  "Italian vegetable soup with beans and small pasta.", """
2 tbsp olive oil
1 onion, diced
2 carrots, diced
2 celery stalks, diced
2 zucchini, diced
28 oz canned diced tomatoes
6 cups vegetable stock
15 oz canned cannellini beans
1 cup small pasta""", """
Cook the onion, carrots and celery in the oil for 8 minutes.
Add the zucchini, tomatoes and stock and simmer for 25 minutes.
Add the beans and pasta and cook for 10 minutes more.""")
r("Apple Pie", ["Baking", "Desserts"], 8, "2 h", "Grandma Rose", "pie",
  "Classic double-crust apple pie.", """
2 pie crusts
6 apples, peeled and sliced
3/4 cup sugar
2 tbsp all-purpose flour
1 tsp ground cinnamon
1/4 tsp ground nutmeg
1 tbsp lemon juice
2 tbsp butter""", """
Preheat the oven to 425°F and line a pie dish with one crust.
Toss the apples with the sugar, flour, spices and lemon juice.
Fill the crust, dot with butter and cover with the second crust.
Cut vents and bake for 45 minutes until golden and bubbling.""", "Best with vanilla ice cream.", True)
r("Guacamole", ["Sides", "Vegetarian", "Quick & Easy"], 4, "10 min", "Rick Bayless", "dip",
  "Chunky avocado dip with lime and cilantro.", """
3 ripe avocados
1 lime, juiced
1/2 red onion, finely diced
1 jalapeño, minced
2 tbsp chopped cilantro
1/2 tsp salt""", """
Mash the avocados with the lime juice and salt.
Fold in the onion, jalapeño and cilantro.
Taste and adjust the salt.""")
r("French Toast", ["Breakfast", "Quick & Easy"], 4, "20 min", "Food Network", "stack",
  "Custardy brioche French toast.", """
8 slices brioche
4 eggs
1 cup milk
1 tsp vanilla extract
1 tsp ground cinnamon
2 tbsp butter
1/4 cup maple syrup""", """
Whisk the eggs, milk, vanilla and cinnamon.
Dip each slice in the custard for 10 seconds a side.
Fry in butter over medium heat until golden, about 3 minutes a side.
Serve with maple syrup.""")
r("Overnight Oats", ["Breakfast", "Quick & Easy", "Vegetarian"], 2, "5 min", "Minimalist Baker", "jar",
  "No-cook oats soaked in milk overnight.", """
1 cup rolled oats
1 cup milk
1/2 cup Greek yogurt
2 tbsp chia seeds
2 tbsp honey
1 cup blueberries""", """
Stir the oats, milk, yogurt, chia seeds and honey in a jar.
Cover and refrigerate overnight.
Top with the blueberries in the morning.""")
r("Beef Stew", ["Main Dishes", "Soups"], 6, "2 h 30 min", "America's Test Kitchen", "stew",
  "Slow-simmered beef with potatoes and carrots.", """
3 lb beef chuck, cubed
2 tbsp all-purpose flour
3 tbsp olive oil
1 onion, chopped
3 cloves garlic, minced
2 tbsp tomato paste
1 cup red wine
4 cups beef stock
4 carrots, chopped
1 1/2 lb potatoes, cubed""", """
Toss the beef with the flour and brown it in batches in the oil.
Cook the onion and garlic, then stir in the tomato paste.
Add the wine and stock, return the beef and simmer covered for 1 1/2 hours.
Add the carrots and potatoes and simmer for 40 minutes more.""", "Even better the next day.")
r("Caprese Salad", ["Salads", "Vegetarian", "Quick & Easy"], 4, "10 min", "Giada De Laurentiis", "salad",
  "Tomato, mozzarella and basil with balsamic.", """
3 large tomatoes, sliced
1 lb fresh mozzarella, sliced
1 cup fresh basil leaves
3 tbsp olive oil
1 tbsp balsamic glaze
1/2 tsp flaky salt""", """
Alternate the tomato and mozzarella slices on a platter.
Tuck the basil leaves between them.
Drizzle with the olive oil and balsamic glaze and sprinkle with salt.""")
r("Penne Arrabbiata", ["Pasta", "Vegetarian", "Quick & Easy"], 4, "25 min", "Lidia Bastianich", "pasta",
  "Penne in a spicy garlic tomato sauce.", """
1 lb penne
3 tbsp olive oil
4 cloves garlic, sliced
1 tsp red pepper flakes
28 oz canned whole tomatoes
2 tbsp chopped parsley""", """
Cook the penne until al dente.
Warm the garlic and pepper flakes in the oil until fragrant.
Add the crushed tomatoes and simmer for 15 minutes.
Toss with the pasta and parsley.""")
r("Lasagna", ["Pasta", "Main Dishes"], 8, "1 h 45 min", "Family recipe", "lasagna",
  "Layers of meat sauce, ricotta and mozzarella.", """
12 lasagna noodles
1 lb ground beef
1 lb Italian sausage
1 onion, diced
24 oz marinara sauce
15 oz ricotta
1 egg
3 cups shredded mozzarella
1/2 cup grated parmesan""", """
Brown the beef, sausage and onion, then add the marinara and simmer for 20 minutes.
Mix the ricotta with the egg.
Layer sauce, noodles, ricotta and mozzarella three times in a 9x13 dish.
Top with parmesan, cover with foil and bake at 375°F for 45 minutes, uncovered for the last 15.""", "", True)
r("Pesto Pasta", ["Pasta", "Vegetarian", "Quick & Easy"], 4, "20 min", "Bon Appétit", "pasta",
  "Fresh basil pesto tossed with fusilli.", """
1 lb fusilli
2 cups fresh basil leaves
1/3 cup pine nuts
2 cloves garlic
1/2 cup grated parmesan
1/2 cup olive oil""", """
Cook the fusilli until al dente.
Blend the basil, pine nuts, garlic and parmesan, then stream in the oil.
Toss the pasta with the pesto and a splash of pasta water.""")
r("Fettuccine Alfredo", ["Pasta"], 4, "20 min", "Alfredo di Lelio", "pasta",
  "Fettuccine in a rich butter and parmesan sauce.", """
1 lb fettuccine
1/2 cup butter
1 cup heavy cream
1 1/2 cups grated parmesan
1/4 tsp ground nutmeg""", """
Cook the fettuccine until al dente.
Melt the butter with the cream over low heat.
Whisk in the parmesan and nutmeg until smooth.
Toss with the pasta and serve at once.""")
r("Blueberry Muffins", ["Baking", "Breakfast"], 12, "35 min", "King Arthur Baking", "muffins",
  "Tender muffins bursting with blueberries.", """
2 cups all-purpose flour
3/4 cup sugar
2 tsp baking powder
1/2 tsp salt
1/2 cup milk
1/3 cup vegetable oil
1 egg
1 1/2 cups blueberries""", """
Preheat the oven to 400°F and line a muffin tin.
Whisk the flour, sugar, baking powder and salt.
Stir in the milk, oil and egg until just combined, then fold in the blueberries.
Fill the cups and bake for 20 to 25 minutes.""")
r("Brownies", ["Baking", "Desserts"], 16, "45 min", "Alice Medrich", "brownies",
  "Fudgy cocoa brownies.", """
1/2 cup butter
1 cup sugar
2 eggs
1 tsp vanilla extract
1/3 cup cocoa powder
1/2 cup all-purpose flour
1/4 tsp salt""", """
Preheat the oven to 350°F and line an 8-inch pan.
Melt the butter and stir in the sugar, eggs and vanilla.
Stir in the cocoa, flour and salt.
Spread in the pan and bake for 25 minutes.""")
r("Tiramisu", ["Desserts"], 8, "30 min", "Gino D'Acampo", "cake",
  "Coffee-soaked ladyfingers with mascarpone cream.", """
6 egg yolks
3/4 cup sugar
16 oz mascarpone
1 1/2 cups heavy cream
2 cups strong coffee, cooled
24 ladyfingers
2 tbsp cocoa powder""", """
Whisk the yolks and sugar until pale, then beat in the mascarpone.
Whip the cream and fold it in.
Dip the ladyfingers briefly in the coffee and layer with the cream.
Repeat, dust with cocoa and chill for at least 6 hours.""", "Make it a day ahead.")
r("Chili con Carne", ["Main Dishes", "Soups"], 6, "1 h 15 min", "Texas Monthly", "stew",
  "Hearty beef and bean chili.", """
2 lb ground beef
1 onion, diced
1 green bell pepper, diced
3 cloves garlic, minced
3 tbsp chili powder
1 tbsp ground cumin
28 oz canned crushed tomatoes
30 oz canned kidney beans
2 cups beef stock""", """
Brown the beef with the onion, pepper and garlic.
Stir in the chili powder and cumin.
Add the tomatoes, beans and stock and simmer for 1 hour.""")
r("Lentil Soup", ["Soups", "Vegetarian"], 6, "50 min", "Ottolenghi", "soup",
  "Red lentils with cumin and lemon.", """
2 tbsp olive oil
1 onion, diced
2 carrots, diced
3 cloves garlic, minced
2 tsp ground cumin
1 1/2 cups red lentils
6 cups vegetable stock
1 lemon, juiced""", """
Cook the onion and carrots in the oil for 6 minutes.
Add the garlic and cumin and cook for 1 minute.
Add the lentils and stock and simmer for 25 minutes.
Blend half the soup and stir in the lemon juice.""")
r("Quinoa Salad", ["Salads", "Vegetarian"], 4, "30 min", "Cookie and Kate", "salad",
  "Quinoa with chickpeas, cucumber and lemon dressing.", """
1 cup quinoa
15 oz canned chickpeas, drained
1 cucumber, diced
1 cup cherry tomatoes, halved
1/2 cup chopped parsley
1/4 cup olive oil
2 tbsp lemon juice""", """
Cook the quinoa in 2 cups of water for 15 minutes and let it cool.
Combine with the chickpeas, cucumber, tomatoes and parsley.
Dress with the olive oil and lemon juice and season.""")
r("Cobb Salad", ["Salads", "Main Dishes"], 4, "30 min", "Brown Derby", "salad",
  "Chicken, bacon, egg, avocado and blue cheese.", """
1 head romaine lettuce, chopped
2 cups diced cooked chicken
6 slices bacon, cooked
2 hard-boiled eggs, chopped
1 avocado, diced
1 cup cherry tomatoes
1/2 cup crumbled blue cheese
1/3 cup red wine vinaigrette""", """
Arrange the lettuce on a platter.
Lay the chicken, bacon, eggs, avocado, tomatoes and cheese in rows on top.
Drizzle with the vinaigrette just before serving.""")
r("Roasted Vegetables", ["Sides", "Vegetarian"], 4, "40 min", "Budget Bytes", "tray",
  "Sheet-pan roasted root vegetables.", """
2 carrots, chopped
2 parsnips, chopped
1 red onion, in wedges
1 lb baby potatoes, halved
3 tbsp olive oil
1 tsp dried rosemary
1/2 tsp salt""", """
Preheat the oven to 425°F.
Toss the vegetables with the oil, rosemary and salt.
Spread on a sheet pan and roast for 35 minutes, turning once.""")
r("Mashed Potatoes", ["Sides", "Vegetarian"], 6, "35 min", "Family recipe", "bowl",
  "Creamy buttery mashed potatoes.", """
3 lb Yukon Gold potatoes, peeled
1/2 cup butter
1 cup milk
1 tsp salt""", """
Boil the potatoes in salted water for 20 minutes until tender.
Warm the butter and milk.
Drain and mash the potatoes, then beat in the milk and butter.
Season with the salt.""")
r("Grilled Salmon", ["Main Dishes", "Quick & Easy"], 4, "20 min", "NYT Cooking", "fish",
  "Salmon fillets with lemon and dill.", """
4 salmon fillets
2 tbsp olive oil
1 lemon, sliced
2 tbsp chopped dill
1 tsp salt
1/2 tsp black pepper""", """
Heat a grill to medium-high.
Brush the salmon with oil and season with salt and pepper.
Grill skin side down for 6 minutes, flip and grill 2 minutes more.
Serve with the lemon slices and dill.""", "", True)
r("Fish Tacos", ["Main Dishes"], 4, "30 min", "Baja Fresh", "tacos",
  "Crispy cod tacos with lime slaw.", """
1 lb cod fillets
1/2 cup all-purpose flour
1 tsp chili powder
8 flour tortillas
2 cups shredded cabbage
1/4 cup sour cream
1 lime, juiced""", """
Cut the cod into strips and dredge in the flour and chili powder.
Pan-fry for 3 minutes a side until golden.
Toss the cabbage with the sour cream and lime juice.
Fill the tortillas with the fish and slaw.""")
r("Pad Thai", ["Main Dishes"], 4, "35 min", "Hot Thai Kitchen", "wok",
  "Rice noodles with shrimp, egg and peanuts.", """
8 oz rice noodles
1/2 lb shrimp, peeled
2 eggs
3 tbsp fish sauce
3 tbsp tamarind paste
2 tbsp brown sugar
2 cups bean sprouts
1/4 cup chopped peanuts
1 lime, in wedges""", """
Soak the noodles in hot water for 10 minutes and drain.
Stir the fish sauce, tamarind and sugar together.
Stir-fry the shrimp, push aside and scramble the eggs.
Add the noodles and sauce and toss for 2 minutes.
Add the sprouts and serve with peanuts and lime.""")
r("Chicken Fried Rice", ["Main Dishes", "Quick & Easy"], 4, "25 min", "Woks of Life", "wok",
  "Day-old rice fried with chicken, peas and egg.", """
4 cups cooked rice, chilled
1 lb chicken breast, diced
2 eggs
1 cup frozen peas and carrots
3 green onions, sliced
3 tbsp soy sauce
1 tbsp sesame oil""", """
Stir-fry the chicken until cooked and set aside.
Scramble the eggs and set aside.
Fry the rice with the peas and carrots for 4 minutes.
Return the chicken and eggs, add the soy sauce and sesame oil and toss with the green onions.""")
r("Butternut Squash Soup", ["Soups", "Vegetarian"], 6, "55 min", "Smitten Kitchen", "soup",
  "Velvety roasted squash soup with sage.", """
1 butternut squash, peeled and cubed
1 onion, chopped
2 tbsp olive oil
4 cups vegetable stock
1/2 tsp ground nutmeg
6 sage leaves
1/2 cup heavy cream""", """
Roast the squash with half the oil at 400°F for 35 minutes.
Cook the onion in the rest of the oil until soft.
Add the squash, stock, nutmeg and sage and simmer for 10 minutes.
Blend until smooth and stir in the cream.""")
r("Cheesecake", ["Desserts", "Baking"], 12, "1 h 30 min", "Junior's", "cake",
  "New York cheesecake on a graham cracker crust.", """
1 1/2 cups graham cracker crumbs
1/3 cup melted butter
32 oz cream cheese, softened
1 cup sugar
4 eggs
1 cup sour cream
2 tsp vanilla extract""", """
Mix the crumbs and butter and press into a springform pan.
Beat the cream cheese and sugar until smooth, then the eggs one at a time.
Mix in the sour cream and vanilla.
Bake at 325°F for 60 minutes, then cool in the oven with the door ajar.""", "Chill overnight before slicing.")
r("Chocolate Mousse", ["Desserts"], 6, "25 min", "Julia Child", "cup",
  "Airy dark chocolate mousse.", """
6 oz dark chocolate
3 eggs, separated
2 tbsp sugar
1 cup heavy cream""", """
Melt the chocolate and let it cool slightly.
Stir in the egg yolks.
Whip the whites with the sugar to soft peaks.
Whip the cream, fold both into the chocolate and chill for 2 hours.""")
r("Cinnamon Rolls", ["Baking", "Breakfast"], 12, "2 h 30 min", "Sally's Baking Addiction", "rolls",
  "Soft yeasted rolls with cream cheese icing.", """
4 cups all-purpose flour
1 cup warm milk
2 1/4 tsp instant yeast
1/3 cup sugar
1/3 cup butter, softened
2 eggs
1 cup brown sugar
2 tbsp ground cinnamon
4 oz cream cheese""", """
Mix the flour, milk, yeast, sugar, butter and eggs into a soft dough and knead for 5 minutes.
Let rise for 1 hour.
Roll out, spread with butter, brown sugar and cinnamon and roll up.
Cut into 12 rolls and let rise for 30 minutes.
Bake at 350°F for 25 minutes and spread with the cream cheese icing.""")
r("Focaccia", ["Baking", "Vegetarian"], 8, "3 h", "Samin Nosrat", "bread",
  "No-knead focaccia with olive oil and flaky salt.", """
4 cups bread flour
2 cups warm water
2 tsp instant yeast
2 tsp salt
1/2 cup olive oil
1 tsp flaky salt""", """
Stir the flour, water, yeast and salt into a shaggy dough.
Cover and let rise for 2 hours.
Pour half the oil into a sheet pan, add the dough and stretch it out.
Dimple with oiled fingers, drizzle the rest of the oil and sprinkle with flaky salt.
Bake at 450°F for 25 minutes.""")
r("Hummus", ["Sides", "Vegetarian", "Quick & Easy"], 6, "10 min", "Zahav", "dip",
  "Silky chickpea and tahini dip.", """
15 oz canned chickpeas, drained
1/3 cup tahini
1 lemon, juiced
1 clove garlic
2 tbsp olive oil
1/2 tsp ground cumin""", """
Blend the chickpeas, tahini, lemon juice, garlic and cumin with 3 tbsp ice water until very smooth.
Season with salt.
Spread in a bowl and drizzle with the olive oil.""")
r("Eggs Benedict", ["Breakfast"], 4, "30 min", "Delmonico's", "plate",
  "Poached eggs and ham on English muffins with hollandaise.", """
4 English muffins, split
8 slices Canadian bacon
8 eggs
3 egg yolks
1 tbsp lemon juice
1/2 cup melted butter""", """
Blend the yolks and lemon juice, then drizzle in the hot butter for the hollandaise.
Toast the muffins and warm the bacon.
Poach the eggs for 3 minutes.
Top each muffin half with bacon, an egg and hollandaise.""")
r("Avocado Toast", ["Breakfast", "Quick & Easy", "Vegetarian"], 2, "10 min", "Cafe Gratitude", "toast",
  "Smashed avocado on sourdough with chili flakes.", """
2 slices sourdough bread
1 ripe avocado
1 tsp lemon juice
1/4 tsp red pepper flakes
1/4 tsp flaky salt""", """
Toast the bread.
Mash the avocado with the lemon juice.
Spread on the toast and sprinkle with the pepper flakes and salt.""")
r("Granola", ["Breakfast", "Baking"], 10, "40 min", "Cookie and Kate", "jar",
  "Maple almond granola clusters.", """
4 cups rolled oats
1 cup sliced almonds
1/2 cup maple syrup
1/2 cup coconut oil, melted
1 tsp ground cinnamon
1/2 tsp salt
1/2 cup dried cranberries""", """
Preheat the oven to 325°F.
Mix the oats, almonds, cinnamon and salt with the maple syrup and oil.
Spread on a lined sheet pan and bake for 25 minutes, stirring halfway.
Stir in the cranberries once cool.""")
r("Shrimp Scampi", ["Pasta", "Quick & Easy"], 4, "20 min", "Ina Garten", "pasta",
  "Garlicky shrimp with linguine and lemon.", """
1 lb linguine
1 lb shrimp, peeled
4 tbsp butter
5 cloves garlic, minced
1/2 cup dry white wine
1 lemon, juiced
1/4 cup chopped parsley""", """
Cook the linguine until al dente.
Cook the garlic in the butter for 1 minute, then add the shrimp for 2 minutes a side.
Add the wine and lemon juice and simmer for 2 minutes.
Toss with the pasta and parsley.""")
r("Macaroni and Cheese", ["Pasta", "Sides"], 6, "40 min", "Martha Stewart", "casserole",
  "Baked macaroni in a sharp cheddar sauce.", """
1 lb elbow macaroni
4 tbsp butter
1/4 cup all-purpose flour
3 cups milk
3 cups shredded sharp cheddar
1/2 cup breadcrumbs""", """
Cook the macaroni for 2 minutes less than the package says.
Melt the butter, whisk in the flour, then the milk, and cook until thick.
Stir in the cheddar until melted, then the pasta.
Top with breadcrumbs and bake at 375°F for 20 minutes.""")
r("Spinach Quiche", ["Breakfast", "Vegetarian", "Baking"], 6, "1 h", "Julia Child", "pie",
  "Spinach and gruyère custard in a flaky crust.", """
1 pie crust
10 oz frozen spinach, thawed and squeezed
1 cup shredded gruyère
4 eggs
1 1/2 cups half-and-half
1/4 tsp ground nutmeg""", """
Preheat the oven to 375°F and blind-bake the crust for 10 minutes.
Scatter the spinach and cheese in the crust.
Whisk the eggs, half-and-half and nutmeg and pour over.
Bake for 35 minutes until just set.""")
r("Coleslaw", ["Sides", "Salads", "Quick & Easy"], 6, "15 min", "Southern Living", "salad",
  "Creamy cabbage and carrot slaw.", """
6 cups shredded cabbage
1 cup shredded carrots
1/2 cup mayonnaise
2 tbsp apple cider vinegar
1 tbsp sugar
1/2 tsp celery seed""", """
Whisk the mayonnaise, vinegar, sugar and celery seed.
Toss with the cabbage and carrots.
Chill for 30 minutes before serving.""")
r("Black Bean Burgers", ["Vegetarian", "Main Dishes"], 4, "35 min", "Minimalist Baker", "burger",
  "Smoky black bean patties.", """
30 oz canned black beans, drained
1/2 cup breadcrumbs
1 egg
1/2 onion, grated
1 tsp smoked paprika
1 tsp ground cumin
4 burger buns""", """
Mash the beans, leaving some whole.
Mix in the breadcrumbs, egg, onion and spices.
Shape into 4 patties and chill for 15 minutes.
Pan-fry for 5 minutes a side and serve in the buns.""")
r("Classic Cheeseburger", ["Main Dishes"], 4, "25 min", "Kenji López-Alt", "burger",
  "Smashed beef patties with American cheese.", """
1 1/2 lb ground beef
4 slices American cheese
4 burger buns
1 onion, thinly sliced
4 lettuce leaves
2 tomatoes, sliced""", """
Divide the beef into 4 balls.
Smash each onto a very hot skillet and season.
Cook for 2 minutes, flip, top with cheese and cook 1 minute more.
Serve in toasted buns with onion, lettuce and tomato.""")
r("Pork Fried Dumplings", ["Main Dishes"], 6, "1 h", "Fuchsia Dunlop", "dumplings",
  "Pan-fried pork and cabbage potstickers.", """
1 lb ground pork
2 cups finely chopped napa cabbage
2 green onions, minced
1 tbsp grated ginger
2 tbsp soy sauce
1 tsp sesame oil
36 dumpling wrappers""", """
Mix the pork, cabbage, green onions, ginger, soy sauce and sesame oil.
Fill each wrapper with a teaspoon of filling and pleat it shut.
Fry the dumplings in oil until the bottoms brown.
Add 1/2 cup water, cover and steam for 6 minutes.""")
r("Strawberry Smoothie", ["Breakfast", "Quick & Easy"], 2, "5 min", "Family recipe", "glass",
  "Strawberry banana smoothie.", """
2 cups strawberries
1 banana
1 cup Greek yogurt
1 cup milk
1 tbsp honey""", """
Put everything in a blender.
Blend until smooth and serve at once.""")
r("Lemon Bars", ["Desserts", "Baking"], 16, "1 h", "Barefoot Contessa", "brownies",
  "Tangy lemon curd on a shortbread base.", """
1 cup butter, softened
1/2 cup powdered sugar
2 cups all-purpose flour
4 eggs
1 1/2 cups sugar
2/3 cup lemon juice
2 tbsp lemon zest""", """
Press the butter, powdered sugar and flour into a 9x13 pan and bake at 350°F for 20 minutes.
Whisk the eggs, sugar, lemon juice and zest.
Pour over the warm crust and bake for 25 minutes until set.
Cool and dust with powdered sugar.""")
r("Peach Cobbler", ["Desserts", "Baking"], 8, "1 h", "Paula Deen", "casserole",
  "Juicy peaches under a buttery biscuit topping.", """
6 peaches, sliced
1 cup sugar
1/2 cup butter
1 cup all-purpose flour
2 tsp baking powder
1 cup milk
1 tsp ground cinnamon""", """
Preheat the oven to 350°F and melt the butter in a baking dish.
Whisk the flour, half the sugar, baking powder and milk and pour over the butter.
Toss the peaches with the rest of the sugar and cinnamon and spoon over the batter.
Bake for 45 minutes until golden.""")
r("Baked Ziti", ["Pasta", "Main Dishes"], 8, "1 h", "Rao's", "casserole",
  "Ziti baked with marinara, ricotta and mozzarella.", """
1 lb ziti
24 oz marinara sauce
15 oz ricotta
2 cups shredded mozzarella
1/2 cup grated parmesan
1 tsp dried oregano""", """
Cook the ziti for 2 minutes less than the package says.
Mix with the marinara, ricotta and oregano.
Spread in a baking dish and top with mozzarella and parmesan.
Bake at 375°F for 25 minutes until bubbling.""")
r("Gazpacho", ["Soups", "Vegetarian", "Quick & Easy"], 4, "20 min", "José Andrés", "soup",
  "Chilled Spanish tomato soup.", """
2 lb ripe tomatoes
1 cucumber, peeled
1 green bell pepper
1 clove garlic
3 tbsp sherry vinegar
1/3 cup olive oil
1 tsp salt""", """
Roughly chop the vegetables.
Blend everything until very smooth.
Chill for at least 2 hours and serve cold.""")
r("Waldorf Salad", ["Salads", "Vegetarian"], 4, "15 min", "Waldorf Astoria", "salad",
  "Apples, celery, grapes and walnuts in a light dressing.", """
2 apples, diced
2 celery stalks, sliced
1 cup red grapes, halved
1/2 cup toasted walnuts
1/3 cup mayonnaise
1 tbsp lemon juice""", """
Toss the apples with the lemon juice.
Add the celery, grapes and walnuts.
Fold in the mayonnaise and chill.""")
r("Green Bean Almondine", ["Sides", "Vegetarian", "Quick & Easy"], 4, "15 min", "Bon Appétit", "tray",
  "Green beans with brown butter and toasted almonds.", """
1 lb green beans, trimmed
2 tbsp butter
1/3 cup sliced almonds
1 tbsp lemon juice
1/2 tsp salt""", """
Blanch the green beans for 3 minutes and drain.
Brown the butter with the almonds.
Toss in the beans, lemon juice and salt.""")
r("Honey Garlic Chicken", ["Main Dishes", "Quick & Easy"], 4, "30 min", "Cafe Delites", "plate",
  "Skillet chicken thighs in a sticky honey garlic glaze.", """
6 chicken thighs
1/3 cup honey
1/4 cup soy sauce
4 cloves garlic, minced
1 tbsp olive oil""", """
Sear the chicken in the oil for 5 minutes a side.
Whisk the honey, soy sauce and garlic.
Pour over the chicken and simmer for 10 minutes until glazed.""")
r("Vegetable Curry", ["Vegetarian", "Main Dishes"], 6, "45 min", "Meera Sodha", "curry",
  "Chickpea and sweet potato coconut curry.", """
2 tbsp coconut oil
1 onion, diced
2 tbsp curry powder
1 tbsp grated ginger
2 sweet potatoes, cubed
15 oz canned chickpeas
14 oz canned coconut milk
2 cups spinach""", """
Soften the onion in the oil, then add the curry powder and ginger.
Add the sweet potatoes, chickpeas and coconut milk and simmer for 25 minutes.
Stir in the spinach until wilted.""")
r("Peanut Butter Cookies", ["Baking", "Desserts"], 24, "25 min", "Family recipe", "cookies",
  "Classic criss-cross peanut butter cookies.", """
1 cup peanut butter
1 cup sugar
1 egg
1 tsp baking soda""", """
Preheat the oven to 350°F.
Mix everything into a dough.
Roll into balls and press with a fork in a criss-cross.
Bake for 10 minutes.""")

assert len(R) >= 60, len(R)

DAY = 86400000
START = 1759276800000  # 2025-10-01 00:00 UTC


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    out = os.path.join(os.path.dirname(here), "world")
    os.makedirs(out, exist_ok=True)
    cats = [{"id": cid, "name": name} for cid, name in CATEGORIES]
    recipes = []
    titles = set()
    for i, (title, cnames, servings, time, source, look, fav, desc, ingr, dirs, notes) in enumerate(R):
        assert title not in titles, title
        titles.add(title)
        # created spread over Oct-Dec 2025, at 17:00-21:00 UTC, deterministic
        created = START + (i * 37 % 91) * DAY + (17 + i % 4) * 3600000 + (i * 7 % 60) * 60000
        recipes.append({"id": "r%02d" % (i + 1), "title": title, "description": desc,
                        "categories": [CAT[c] for c in cnames], "servings": servings, "prep_time": time,
                        "source": source, "ingredients": ingr, "directions": dirs, "notes": notes,
                        "favorite": fav, "look": look, "photo": "", "created_ms": created})
    with open(os.path.join(out, "categories.json"), "w") as f:
        json.dump(cats, f, indent=1, ensure_ascii=False)
        f.write("\n")
    with open(os.path.join(out, "recipes.json"), "w") as f:
        f.write("[\n" + ",\n".join(json.dumps(x, ensure_ascii=False) for x in recipes) + "\n]\n")


if __name__ == "__main__":
    main()
