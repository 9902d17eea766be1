"""Post texts of Forum's world, by community (world.py assigns authors, times, scores and ids).
Each post: dict(flair, title, body, topic, kind="text"|"link"|"image", url=..., scene=(kind, palette),
and for some: recipe_name, ingredients, recipe_key; event_title, event_date, event_time, event_place).
`topic` is a short phrase naming what the post is about (task instructions use it)."""


def P(flair, title, body, topic, kind="text", **extra):
    d = dict(flair=flair, title=title, body=body, topic=topic, kind=kind)
    d.update(extra)
    return d


def IMG(flair, title, body, topic, scene, **extra):
    return P(flair, title, body, topic, "image", scene=scene, **extra)


def LINK(flair, title, body, topic, url, **extra):
    return P(flair, title, body, topic, "link", url=url, **extra)


def EVENT(flair, title, body, topic, ev_title, date, time, place):
    return P(flair, title, body, topic, event_title=ev_title, event_date=date, event_time=time, event_place=place)


def RECIPE(title, body, topic, name, ingredients, key, flair="Recipe"):
    return P(flair, title, body, topic, recipe_name=name, ingredients=ingredients, recipe_key=key)


POSTS = {
    "cooking": [
        RECIPE("Weeknight shakshuka that actually tastes like the one at my local cafe",
               "Ingredients: 2 tbsp olive oil, 1 onion, 1 red pepper, 3 garlic cloves, 1 tsp smoked paprika, 1 tsp cumin, "
               "1 can (28 oz) crushed tomatoes, 6 eggs, feta and parsley.\n\nSoften the onion and pepper for 8 minutes, add the "
               "garlic and spices for one more, then the tomatoes. Simmer 10 minutes, make six wells, crack in the eggs and "
               "cover for 6 to 8 minutes. The smoked paprika is the whole trick.",
               "shakshuka", "Shakshuka",
               "2 tbsp olive oil, 1 onion, 1 red pepper, 3 garlic cloves, 1 tsp smoked paprika, 1 tsp cumin, 1 can crushed tomatoes, 6 eggs, feta",
               "smoked paprika"),
        RECIPE("My go-to chicken tikka masala (no cream, uses yogurt)",
               "Ingredients: 2 lb chicken thighs, 1 cup plain yogurt, 2 tbsp garam masala, 1 tbsp grated ginger, 4 garlic "
               "cloves, 1 onion, 1 can tomato sauce, 1 tsp kashmiri chili powder, cilantro.\n\nMarinate the chicken in half the "
               "yogurt and spices overnight, broil until charred, then simmer in the onion-tomato sauce for 20 minutes. Stir "
               "the rest of the yogurt in off the heat so it doesn't split.",
               "chicken tikka masala", "Chicken tikka masala",
               "2 lb chicken thighs, 1 cup plain yogurt, 2 tbsp garam masala, 1 tbsp ginger, 4 garlic cloves, 1 onion, 1 can tomato sauce, kashmiri chili powder",
               "garam masala"),
        RECIPE("Crispy smashed potatoes with lemon and herbs",
               "Ingredients: 2 lb baby potatoes, 4 tbsp olive oil, 1 lemon (zest and juice), 2 tbsp chopped rosemary, flaky "
               "salt, black pepper.\n\nBoil the potatoes until tender, smash them flat on an oiled tray, drizzle with more oil "
               "and roast at 450F for 35 to 40 minutes. Toss with lemon and rosemary right out of the oven.",
               "smashed potatoes", "Smashed potatoes",
               "2 lb baby potatoes, 4 tbsp olive oil, 1 lemon, 2 tbsp rosemary, flaky salt, black pepper", "rosemary"),
        RECIPE("Black bean soup my roommates ask for every week",
               "Ingredients: 3 cans black beans, 1 onion, 1 green pepper, 4 garlic cloves, 2 tsp cumin, 1 chipotle in adobo, "
               "4 cups vegetable stock, 1 lime, sour cream.\n\nSweat the vegetables, add the spices and chipotle, then beans "
               "and stock. Simmer 25 minutes, blend half of it, finish with lime juice.",
               "black bean soup", "Black bean soup",
               "3 cans black beans, 1 onion, 1 green pepper, 4 garlic cloves, 2 tsp cumin, 1 chipotle in adobo, 4 cups vegetable stock, 1 lime",
               "chipotle in adobo"),
        RECIPE("Miso butter salmon in 15 minutes",
               "Ingredients: 4 salmon fillets, 2 tbsp white miso, 2 tbsp soft butter, 1 tbsp honey, 1 tsp soy sauce, sliced "
               "scallions.\n\nMash the miso, butter, honey and soy together, spread over the salmon and broil for 8 to 10 "
               "minutes until it caramelizes. Serve over rice with scallions.",
               "miso salmon", "Miso butter salmon",
               "4 salmon fillets, 2 tbsp white miso, 2 tbsp butter, 1 tbsp honey, 1 tsp soy sauce, scallions", "white miso"),
        RECIPE("Mushroom risotto without standing at the stove for 40 minutes",
               "Ingredients: 1.5 cups arborio rice, 1 lb cremini mushrooms, 1 shallot, 1/2 cup white wine, 5 cups warm "
               "chicken stock, 1/2 cup parmesan, 2 tbsp butter, thyme.\n\nBrown the mushrooms first and set aside. Toast the "
               "rice with the shallot, add the wine, then all but one cup of stock, cover and bake at 350F for 20 minutes. "
               "Stir in the last stock, the parmesan, butter and mushrooms.",
               "mushroom risotto", "Mushroom risotto",
               "1.5 cups arborio rice, 1 lb cremini mushrooms, 1 shallot, 1/2 cup white wine, 5 cups chicken stock, 1/2 cup parmesan, 2 tbsp butter",
               "arborio rice"),
        P("Question", "How long should I rest a pork shoulder before pulling it?",
          "Doing my first pork shoulder for a party on Saturday. The recipe says rest for an hour but I've seen people "
          "wrap it in towels in a cooler for three. Does it actually matter?", "resting pork shoulder"),
        P("Technique", "PSA: salt your steak at least 45 minutes ahead (or right before), not in between",
          "Learned this the hard way. Salting 10 to 15 minutes ahead pulls the moisture out and it just sits on the "
          "surface, so you get a grey steamed crust. Either salt right before it hits the pan or give it 45 minutes so "
          "the brine goes back in.", "salting steak"),
        P("Question", "Why does my garlic turn blue-green in pickles?",
          "Made refrigerator pickles with whole garlic cloves and a week later some cloves are turquoise. Are they safe "
          "to eat? The brine is vinegar, water, salt and dill.", "blue garlic in pickles"),
        P("Discussion", "What's a cheap kitchen tool that changed how you cook?",
          "For me it was a $12 instant-read thermometer. No more cutting into chicken to check it. Curious what "
          "everyone else's small upgrade was.", "cheap kitchen tools"),
        IMG("Discussion", "First attempt at hand-pulled noodles. Lumpy but delicious",
            "Used a high-protein flour and a pinch of baking soda in the water. Took about six tries to get them to "
            "stretch without tearing.", "hand-pulled noodles", ("food", 0)),
    ],
    "running": [
        P("Training", "Went from couch to 10K in 14 weeks, here's what worked",
          "Three runs a week, all easy except one with short strides at the end. The biggest thing was slowing down "
          "on easy days until I could talk in full sentences. Finished my first 10K in 58:40 last weekend.",
          "couch to 10K"),
        P("Question", "Shin splints on the left leg only. Shoes or form?",
          "Running about 25 miles a week, pain starts on the inside of my left shin after mile 3. Shoes have about "
          "400 miles on them. Is it time to replace them or should I look at my cadence first?", "shin splints"),
        P("Race Report", "California International Marathon: 3:28 and a negative split",
          "Summary: goal was sub-3:30, ran 3:28:12, second half 90 seconds faster. Fueled every 35 minutes with gels "
          "and took water at every station. The downhill start is real, hold back for the first 10K.",
          "CIM marathon"),
        P("Gear", "Winter running gloves that don't make your hands sweat?",
          "Mornings are around 40F here and my hands freeze for the first mile, then they're soaked. Looking for "
          "something thin, ideally with touchscreen fingertips.", "winter running gloves"),
        P("Training", "Is running five days a week too much for a beginner?",
          "I've been running for three months, three days a week. I feel great and want to add two more days. Should "
          "those be really short runs or cross-training instead?", "running five days a week"),
        EVENT("Meetup", "Saturday run club: Presidio loop, January 10 at 8:00 AM",
              "Easy 6 miles, all paces welcome, we regroup at every mile. Meet at the Presidio Tunnel Tops main lawn, "
              "coffee afterwards at the Commissary.", "Presidio run club",
              "Presidio run club", "2026-01-10", "08:00", "Presidio Tunnel Tops, San Francisco"),
        EVENT("Meetup", "New Year resolution 5K group run on January 4",
              "Starting the year right: a relaxed 5K around Lake Merritt, 9:00 AM at the Pergola. No one gets left "
              "behind, strollers welcome.", "New Year 5K",
              "New Year 5K group run", "2026-01-04", "09:00", "Lake Merritt Pergola, Oakland"),
        P("Question", "How do you fuel for a long run before breakfast?",
          "My long runs are at 7 AM and I can't eat much that early. Is a banana enough for 14 miles or should I "
          "bring gels for the second half?", "fueling before long runs"),
        P("Race Report", "Turkey trot with my whole family, including my 70-year-old dad",
          "Summary: not fast, but everyone finished. Dad walked the hills and ran the flats and beat his time from "
          "last year by four minutes. Best Thanksgiving tradition we have.", "family turkey trot"),
        IMG("Training", "Sunrise on the last mile of my first 20-miler",
            "Marathon block is going well. 20 miles at 9:05 average and still felt okay at the end.",
            "first 20-miler", ("sunset", 3)),
    ],
    "personalfinance": [
        P("Saving", "High-yield savings dropped to 3.9%. Is it still worth keeping the emergency fund there?",
          "I have six months of expenses in a HYSA. The rate keeps dropping. Should I move part of it into a money "
          "market fund or T-bills, or is that overthinking it for an emergency fund?", "HYSA rates"),
        P("Debt", "Paid off $18,400 in credit card debt in 22 months",
          "Avalanche method, highest APR first. Cut eating out to twice a month, sold my second car and picked up "
          "weekend shifts. Writing this so I remember how it felt. If you're starting, it does get easier.",
          "paying off credit card debt"),
        P("Budgeting", "What budgeting app do you use now that Mint is gone?",
          "I've tried a spreadsheet for two months and I keep forgetting to update it. Looking for something that "
          "syncs with my bank and lets me set category limits.", "budgeting apps"),
        P("Retirement", "Roth or traditional 401(k) at 29 with a $95k salary?",
          "Employer matches 4%. I'm in the 22% bracket and expect my income to grow. Everything I read says 'it "
          "depends' so I'd love to hear how people actually decided.", "Roth vs traditional 401k"),
        P("Taxes", "Got a 1099-K from selling my old furniture online. Do I owe taxes?",
          "Sold a couch, a desk and a bike for less than I paid for them, about $1,100 total. Now I have a 1099-K. "
          "Do I need to report it if I made no profit?", "1099-K for used items"),
        P("Credit", "Should I close my oldest credit card with a $95 annual fee?",
          "It's my oldest account, 9 years. I don't use the perks anymore. Would closing it hurt my score much? The "
          "bank offered to downgrade it to a no-fee card instead.", "closing an old credit card"),
        P("Housing", "Rent is going up 12%. Negotiate or move?",
          "Landlord sent a renewal at 12% more. Similar apartments nearby are listed about 5% below the new price. "
          "Moving would cost about $2,000. Has anyone successfully negotiated a renewal?", "rent increase"),
        P("Investing", "Three-fund portfolio: is international really necessary?",
          "Seeing a lot of people drop international funds after a decade of US outperformance. I'm 35 and plan to "
          "hold for 30 years. Keep 20% international or simplify?", "international index funds"),
        P("Budgeting", "The $5 rule that fixed my spending",
          "Any purchase over $5 that isn't groceries or bills waits 48 hours. Half the time I forget about it. Saved "
          "about $300 a month since October without feeling deprived.", "48-hour rule"),
        P("Saving", "How much should a sinking fund for car repairs be?",
          "My car is 11 years old and paid off. I just had an $1,800 repair. How much do people set aside each month "
          "for an older car?", "car repair fund"),
    ],
    "photos": [
        IMG("Landscape", "Fog rolling over the hills at sunrise", "Shot at 6:50 AM, 1/250 at f/8. Waited about an hour "
            "for the fog to lift just enough.", "fog at sunrise", ("mountains", 2)),
        IMG("Street", "Rainy evening, neon reflections downtown", "Handheld at ISO 3200. The puddles did all the work.",
            "rainy neon street", ("night", 1)),
        IMG("Nature", "Autumn trail in the redwoods", "The light only comes through for about twenty minutes at this spot.",
            "autumn redwood trail", ("forest", 1)),
        IMG("Landscape", "Last light over the bay", "Five-shot panorama stitched in Lightroom.", "bay sunset",
            ("sunset", 0)),
        IMG("Night", "City lights from the hill on a clear night", "30 second exposure on a tripod, f/11.",
            "city lights at night", ("night", 0)),
        IMG("Food", "Market morning: fresh bread and coffee", "Window light only, no reflector.", "market bread",
            ("food", 3)),
        IMG("Landscape", "Winter beach, almost nobody there", "December is the best month for empty beaches.",
            "winter beach", ("beach", 2)),
        IMG("Portrait", "My grandfather in his workshop", "He's been fixing clocks for 52 years.", "grandfather portrait",
            ("portrait", 4)),
        IMG("Street", "Old town rooftops after the rain", "Shot from a viewpoint at golden hour.", "old town rooftops",
            ("city", 3)),
        IMG("Nature", "Alpine lake on a still morning", "Hiked in the night before to catch the reflection.",
            "alpine lake reflection", ("mountains", 3)),
    ],
    "android": [
        P("Question", "Battery drains overnight since the December update",
          "Phone goes from 80% to 55% overnight with nothing running. Battery usage shows 'Android System' at the "
          "top. Anyone else? Already tried clearing the cache partition.", "overnight battery drain"),
        LINK("News", "Android 16 QPR3 beta adds per-app keyboard layouts and a new battery health page",
             "The beta is rolling out to supported Pixels today.", "Android 16 beta",
             "https://developer.android.com/about/versions/16/qpr3"),
        P("Apps", "What's your favorite open-source app that replaced a paid one?",
          "I switched to an open-source gallery app and a FOSS keyboard this year. Looking for more, especially a "
          "good podcast app.", "open-source apps"),
        P("Review", "Three months with a budget phone: it's fine, honestly",
          "Moved from a flagship to a $299 phone to save money. Camera is worse at night, everything else is "
          "surprisingly good. Battery easily lasts two days.", "budget phone review"),
        P("Question", "How do I move my chat history to a new phone without cloud backup?",
          "Work policy doesn't allow cloud backups. Is there a reliable way to move everything over a cable?",
          "moving chat history"),
        P("Discussion", "Do you still use widgets on your home screen?",
          "I went back to a clean home screen with just a clock and a calendar widget. Curious what setups people "
          "have now.", "home screen widgets"),
        IMG("Discussion", "My minimal home screen setup for 2026", "Icon pack is monochrome, launcher is the stock one.",
            "minimal home screen", ("screenshot", 0)),
        P("Question", "Is it safe to install apps from outside the Play Store?",
          "My bank's app isn't in the store in my country and they link to an APK. Is that normal? Feels sketchy.",
          "sideloading apps"),
        LINK("News", "Study: most phones now get at least five years of security updates",
             "Good news for anyone who keeps a phone for a long time.", "security updates study",
             "https://www.example.org/phones-update-support-2025"),
    ],
    "travel": [
        P("Question", "Ten days in Japan in March: too much to do Tokyo, Kyoto and Hiroshima?",
          "First time in Japan, two adults, mid-range budget. We like food, temples and walking. Is three cities in "
          "ten days rushed?", "Japan itinerary"),
        P("Trip Report", "Two weeks in Portugal by train: Porto, Coimbra, Lisbon, Lagos",
          "We went in late October. Trains were cheap and on time, Coimbra was the surprise favorite. Lagos was "
          "quiet but the coast walks were stunning.", "Portugal by train"),
        P("Advice", "Carry-on only for two weeks: what I packed",
          "One 40L backpack, three shirts, two pants, one sweater, a rain jacket. Did laundry twice. Never going "
          "back to checked bags.", "carry-on packing"),
        P("Question", "Is travel insurance worth it for a one-week trip to Mexico?",
          "Flights and hotel are refundable. I'm mostly worried about medical costs. Does a credit card's coverage "
          "count?", "travel insurance"),
        IMG("Images", "Morning at a viewpoint in the Dolomites", "Took the first cable car up, worth every minute.",
            "Dolomites viewpoint", ("mountains", 4)),
        P("Advice", "Jet lag tip that actually worked for me: eat on destination time from the flight",
          "Skipped the airline dinner on the overnight flight and had breakfast when it was morning at my "
          "destination. First trip where I didn't nap at 3 PM.", "jet lag"),
        P("Trip Report", "Iceland ring road in November: short days, no crowds",
          "About five hours of daylight by the end. We saw the northern lights twice. Roads were mostly fine but "
          "check road.is every morning.", "Iceland in November"),
        P("Question", "Best way to get from the airport to the city center in Lisbon at midnight?",
          "Flight lands at 11:40 PM. Is the metro still running or should I book a taxi?", "Lisbon airport at night"),
        IMG("Images", "Beach day in the Algarve, December edition", "18C and sunny, only a few people on the sand.",
            "Algarve beach", ("beach", 0)),
    ],
    "lisbon": [
        P("Question", "Best pastéis de nata that aren't in Belém?",
          "Already did the famous place. Looking for somewhere locals go, ideally in Alfama or Graça.",
          "pastéis de nata"),
        EVENT("Events", "Free fado night at the community center in Mouraria, January 16",
              "Starts at 9:00 PM at the Casa da Achada, Rua da Achada 11. Free entry, donations welcome. Arrive early, "
              "it fills up.", "fado night",
              "Fado night in Mouraria", "2026-01-16", "21:00", "Casa da Achada, Rua da Achada 11, Lisbon"),
        EVENT("Meetup", "Expat and locals language exchange, Thursday January 8",
              "Portuguese-English exchange at 7:00 PM at the Quiosque in Jardim da Estrela. Every level welcome, "
              "we switch languages every 30 minutes.", "language exchange",
              "Language exchange at Jardim da Estrela", "2026-01-08", "19:00", "Jardim da Estrela, Lisbon"),
        P("Question", "Is tram 28 worth the queue or should I just walk the route?",
          "Visiting in January. I've heard the queue at Martim Moniz can be an hour. Is it better to walk and hop "
          "on mid-route?", "tram 28"),
        P("News", "New bike lanes opening along Avenida Almirante Reis",
          "The city announced the new protected lane will open in stages starting in February.", "bike lanes"),
        P("Food", "Where to get a proper bifana late at night?",
          "Landing late and craving one. Anything near Cais do Sodré still open after midnight?", "late-night bifana"),
        P("Question", "Day trip to Sintra in winter: which palace if I only have time for one?",
          "Pena or Quinta da Regaleira? Going on a weekday in January.", "Sintra palaces"),
        EVENT("Events", "Three Kings Day cake fair at Praça da Figueira, January 6",
              "Bakeries from all over the city selling bolo-rei, starting at 10:00 AM. Bring cash, some stalls don't "
              "take cards.", "bolo-rei fair",
              "Bolo-rei fair", "2026-01-06", "10:00", "Praça da Figueira, Lisbon"),
        P("Question", "Which neighborhood to stay in for a first visit, without hills killing me?",
          "Traveling with my mom who has bad knees. Baixa seems flat but is it too touristy?", "where to stay"),
    ],
    "sanfrancisco": [
        P("Question", "Where can I watch the New Year's fireworks without the crowds at the Embarcadero?",
          "Last year was shoulder to shoulder. Any spots with a view of the bay that are a bit calmer?",
          "New Year's fireworks"),
        EVENT("Events", "Free museum day at the de Young on Saturday, January 3",
              "General admission is free all day, doors at 9:30 AM. Expect a line for the special exhibitions.",
              "free museum day",
              "Free day at the de Young", "2026-01-03", "09:30", "de Young Museum, Golden Gate Park"),
        EVENT("Meetup", "Ocean Beach cleanup, Sunday January 11",
              "Meet at 10:00 AM at the Noriega Street stairs. Gloves and bags provided, bring water.", "beach cleanup",
              "Ocean Beach cleanup", "2026-01-11", "10:00", "Ocean Beach at Noriega Street, San Francisco"),
        P("Food", "Best burrito in the Mission, 2025 edition",
          "I know, I know. But a new place opened on 24th and people keep arguing about it at work. Where do you go?",
          "Mission burritos"),
        P("News", "Muni announces weekend service changes on the N Judah through February",
          "Buses will replace trains between Duboce and Church on weekends while the track work continues.",
          "N Judah service changes"),
        P("Question", "Is it worth getting a car when you live in the Richmond?",
          "Just moved for work, office is downtown. Parking permit for my block is easy to get. Do people here "
          "regret not having one?", "owning a car in the city"),
        IMG("Events", "Holiday lights at Union Square tonight", "The tree is up and the skating rink is open.",
            "holiday lights", ("night", 2)),
        P("Question", "Good places to work remotely with decent Wi-Fi and outlets?",
          "Coffee shops near me have started covering the outlets. Libraries are great but close early. Any "
          "suggestions in SoMa or the Mission?", "remote work spots"),
    ],
    "coffee": [
        P("Espresso", "Shots suddenly running fast after switching beans",
          "Same grinder setting, new bag of a lighter roast, and now 18 g in gives 40 g out in 17 seconds. Grind "
          "finer is the obvious answer, but how much finer for a light roast?", "fast espresso shots"),
        P("Brewing", "My V60 recipe after a year of tinkering",
          "15 g coffee, 250 g water at 94C, 45 g bloom for 40 seconds, then two pours. Total time around 3:00. "
          "Swirl, don't stir.", "V60 recipe"),
        P("Beans", "What roasters are you loving this winter?",
          "Looking to try something new. I like fruity Ethiopian naturals but also a good chocolatey Colombian.",
          "roaster recommendations"),
        P("Gear", "Is a $150 hand grinder better than a $150 electric one?",
          "Making pour-over only, one or two cups a day. Don't mind the workout.", "hand vs electric grinder"),
        P("Question", "How long do coffee beans actually stay fresh after opening?",
          "I buy a 1 kg bag because it's cheaper but I think the last quarter tastes flat. Freezer?",
          "bean freshness"),
        IMG("Brewing", "Morning setup by the window", "Pour-over, kettle and a very patient cat.", "morning setup",
            ("food", 1)),
        P("Brewing", "Cold brew concentrate ratio for a big batch?",
          "Making a gallon for the office. I've seen 1:4 and 1:8. What do you use and how long do you steep?",
          "cold brew ratio"),
    ],
    "hiking": [
        P("Trip Report", "Mount Tamalpais via the Dipsea and Matt Davis trails",
          "About 7.5 miles and 2,300 feet of climbing. Went on a clear December morning, the view of the coast from "
          "the top was ridiculous. The stairs at the start are no joke.", "Mount Tam loop"),
        P("Question", "What do you actually carry on a winter day hike?",
          "I'm new to hiking in colder months. Beyond layers, water and a headlamp, what do you always bring?",
          "winter day hike kit"),
        EVENT("Meetup", "Group hike: Lands End to Sutro Baths, January 17",
              "Easy 3.5 miles, family friendly. Meet at 9:00 AM at the Lands End Lookout visitor center.",
              "Lands End group hike",
              "Lands End group hike", "2026-01-17", "09:00", "Lands End Lookout, San Francisco"),
        EVENT("Meetup", "Full moon hike in the Marin Headlands, January 3",
              "Starts at 5:30 PM from the Rodeo Beach parking lot, about 4 miles. Bring a headlamp and warm layers.",
              "full moon hike",
              "Full moon hike", "2026-01-03", "17:30", "Rodeo Beach parking lot, Marin Headlands"),
        P("Safety", "Got turned around on a trail at dusk. What I'm doing differently now",
          "Trail split and I followed the wrong fork for 40 minutes. Now I download offline maps, tell someone my "
          "route and turn back at a set time no matter what.", "getting lost at dusk"),
        P("Gear", "Trail runners or boots for mostly dry trails?",
          "Most of my hikes are 5 to 10 miles on dry dirt. My boots feel heavy. Anyone switched to trail runners "
          "and regretted it?", "trail runners vs boots"),
        IMG("Trip Report", "Frosty morning in the valley", "Minus 3C at the trailhead, worth the cold hands.",
            "frosty valley morning", ("mountains", 1)),
        P("Question", "Best hikes within two hours of the city for someone with a dog?",
          "She's a 40 lb mutt with endless energy. Looking for dog-friendly trails with some shade.",
          "dog-friendly hikes"),
    ],
    "books": [
        P("Discussion", "Finished Project Hail Mary in two days and I need to talk about it",
          "No spoilers in the title. The friendship in the second half got me. What should I read next if I loved "
          "the problem-solving parts?", "Project Hail Mary"),
        P("Recommendation", "Books that feel like a warm blanket in winter?",
          "Looking for cozy reads for January. I loved The House in the Cerulean Sea and A Man Called Ove.",
          "cozy winter books"),
        P("Review", "The Overstory took me three months but it was worth it",
          "It's slow and long, and the first part reads like short stories. Then it all connects. I look at trees "
          "differently now.", "The Overstory"),
        EVENT("Book Club", "January book club: Tomorrow, and Tomorrow, and Tomorrow, discussion on January 24",
              "We'll meet online at 6:00 PM Pacific. Link goes out the day before. Finish at least part two!",
              "January book club",
              "Book club: Tomorrow, and Tomorrow, and Tomorrow", "2026-01-24", "18:00", "Online"),
        P("Discussion", "How many books did you read in 2025?",
          "I hit 31, my best year since college. Audiobooks on my commute made the difference.", "2025 reading count"),
        P("Discussion", "Do you finish books you don't like?",
          "I used to force myself through everything. This year I started quitting at page 50 and I read more.",
          "quitting books"),
        P("Recommendation", "Nonfiction that reads like a thriller?",
          "Something like Bad Blood or Say Nothing. Any topic.", "narrative nonfiction"),
        LINK("Discussion", "The most borrowed library books of 2025 are out",
             "A lot of the list surprised me.", "most borrowed library books",
             "https://www.example.org/library/most-borrowed-2025"),
    ],
    "askscience": [
        P("Astronomy", "Why does the Moon look bigger near the horizon?",
          "I know it's supposedly an illusion, but it really looks twice as big. What's actually going on?",
          "moon illusion"),
        P("Biology", "Why do we get goosebumps when we hear music we like?",
          "It happens to me with certain songs every single time. Is there a known mechanism?", "musical goosebumps"),
        P("Physics", "If light has no mass, how can it push a solar sail?",
          "I get that photons have momentum, but momentum is mass times velocity. How does that work for something "
          "massless?", "light pressure"),
        P("Chemistry", "Why does salt melt ice on the road even when it's below freezing?",
          "At what temperature does it stop working, and why do some cities use sand instead?", "road salt"),
        P("Earth Sciences", "How do scientists know the temperature from 800,000 years ago?",
          "I've seen ice core graphs but how do you get a temperature from ice?", "ice core temperatures"),
        P("Medicine", "Why do some people never seem to catch colds?",
          "My coworker claims she hasn't had a cold in five years. Is that immune system, luck or behavior?",
          "catching colds"),
        P("Engineering", "How do noise-cancelling headphones cancel noise that hasn't happened yet?",
          "If they have to hear the sound first to cancel it, aren't they always a little late?",
          "noise cancelling"),
        P("Physics", "Why does a spinning top not fall over?",
          "I understand it has something to do with angular momentum but I can't picture why it works.",
          "spinning tops"),
        P("Biology", "How do birds know where to migrate for the first time?",
          "If a young bird has never made the trip, how does it know the route?", "bird migration"),
    ],
    "gardening": [
        P("Question", "Can I still plant garlic in December in zone 9b?",
          "I missed the October window. Is it too late or will I just get smaller heads?", "planting garlic late"),
        IMG("Harvest", "Last tomato harvest of the year before the frost", "Picked everything green and let it ripen "
            "on the counter.", "last tomato harvest", ("food", 2)),
        P("Pests", "Something is eating my kale at night and leaving tiny holes",
          "No caterpillars during the day. Could it be slugs? What's the least toxic way to deal with them?",
          "pests eating kale"),
        P("Tips", "Coffee grounds in the garden: helpful or a myth?",
          "I get a big bag every week from a cafe. Compost, mulch, or neither?", "coffee grounds in the garden"),
        P("Question", "My fiddle leaf fig drops a leaf every time I move it",
          "It's by a bright east window now. Should I just leave it alone for a few months?", "fiddle leaf fig"),
        P("Show Off", "Turned my concrete balcony into a herb garden",
          "Basil, thyme, rosemary, mint (in its own pot, learned that lesson) and chives. Cost about $60 for pots "
          "and soil.", "balcony herb garden"),
        P("Tips", "Winter sowing in milk jugs actually works",
          "Tried it last year with native wildflowers. Cut the jugs, fill with soil, sow, leave them outside all "
          "winter. They sprout when they're ready.", "winter sowing"),
        P("Question", "Raised bed soil mix for vegetables?",
          "Building two 4x8 beds. Is the 60/30/10 topsoil, compost, potting mix ratio still recommended?",
          "raised bed soil"),
    ],
    "gaming": [
        P("Discussion", "What game are you playing over the holidays?",
          "Finally starting the big RPG everyone talked about in 2025. What's on your list?", "holiday games"),
        IMG("Screenshot", "Found this view after 60 hours and had to stop playing for a minute",
            "No HUD mode is worth turning on.", "game vista screenshot", ("screenshot", 3)),
        P("Question", "Is a handheld PC worth it if I already have a console?",
          "I travel for work about a week a month. Would I actually use it?", "handheld PC"),
        LINK("News", "Indie game awards winners announced", "A cozy farming game took game of the year.",
             "indie game awards", "https://www.example.org/indie-awards-2025"),
        P("Discussion", "Games that are better the second time through?",
          "Replaying a detective game and noticing all the hints I missed.", "replaying games"),
        P("Discussion", "Co-op games for a couple who are not gamers?",
          "My partner wants to try playing together. Nothing too fast or competitive.", "co-op games for couples"),
        P("Question", "How do you stop a backlog from stressing you out?",
          "I have 140 unplayed games and keep buying more in sales.", "game backlog"),
        IMG("Screenshot", "My farm after two in-game years", "Finally got the greenhouse fully planted.",
            "farm screenshot", ("screenshot", 2)),
    ],
    "jobs": [
        P("Interviews", "Asked to do a 6-hour take-home for a junior role. Normal?",
          "They said it 'shouldn't take more than a weekend'. Unpaid. Should I push back?", "long take-home test"),
        P("Offers", "Got two offers: higher pay vs fully remote",
          "Offer A pays 12% more but is in the office four days. Offer B is fully remote. Commute would be 50 "
          "minutes each way.", "two job offers"),
        P("Resumes", "Resume tip from someone who screens hundreds a week",
          "Put numbers in your bullets. 'Improved onboarding' says nothing; 'cut onboarding time from 3 weeks to 9 "
          "days' gets you a call.", "resume numbers"),
        P("Layoffs", "Laid off after six years. What I wish I'd done earlier",
          "Kept my network warm, saved more, and written down my wins as they happened. Starting the search now.",
          "layoff lessons"),
        P("Career Change", "Switched from teaching to UX research at 34",
          "Took a year of evenings and two portfolio projects. Happy to answer questions.", "teacher to UX"),
        P("Workplace", "How do you say no to extra projects without sounding lazy?",
          "My manager keeps adding 'small' things and my main work is slipping.", "saying no at work"),
        P("Interviews", "How do you answer 'what's your biggest weakness' honestly?",
          "Every answer I prepare sounds fake.", "biggest weakness question"),
        P("Offers", "Is it okay to negotiate an offer that's already above my ask?",
          "They offered 8% more than I asked for. Part of me thinks I lowballed myself.", "negotiating an offer"),
    ],
    "homeimprovement": [
        P("Plumbing", "Toilet runs for a few seconds every 20 minutes",
          "No visible leaks. Is this the flapper or the fill valve? Both are about 8 years old.", "running toilet"),
        IMG("Before & After", "Repainted our dark kitchen cabinets white", "Two coats of primer, three of paint, "
            "sanded in between. Took four weekends.", "painted kitchen cabinets", ("food", 4)),
        P("Electrical", "Outlet feels warm when the space heater is plugged in",
          "It's the only thing on that outlet. Is this dangerous or normal for a 1500W heater?", "warm outlet"),
        P("Question", "Best way to fix drafty windows in a rental?",
          "Can't replace them. Looking for something removable that actually works.", "drafty windows"),
        P("Project", "Built a floating shelf for heavy cookbooks",
          "Used a steel bracket hidden inside a hollow oak shelf, screwed into two studs. Holds about 60 lb.",
          "floating shelf"),
        P("Question", "Patching a doorknob hole in drywall",
          "About 3 inches across. Patch kit or cut a square and put in a new piece?", "drywall patch"),
        P("Plumbing", "Low water pressure in the shower only",
          "Sink and tub faucet are fine. Is it the showerhead or something in the valve?", "low shower pressure"),
    ],
    "movies": [
        P("Discussion", "What's a movie you loved that everyone else seems to hate?",
          "Mine is a sprawling space opera from a few years ago. I rewatch it every winter.", "unpopular favorites"),
        P("Review", "Saw the new heist movie in IMAX: fun, too long",
          "The first two acts are great. Could have lost 25 minutes in the middle.", "heist movie review"),
        P("Recommendation", "Movies for a rainy Sunday with my parents?",
          "They're in their 60s and like mysteries and a good laugh.", "movies for parents"),
        LINK("News", "Festival lineup announced for spring", "Lots of first-time directors this year.",
             "festival lineup", "https://www.example.org/film-festival-2026"),
        P("Discussion", "Best movie soundtrack of the last ten years?",
          "I still listen to one sci-fi score on repeat while working.", "movie soundtracks"),
        P("Discussion", "Do you watch the credits scenes or leave?",
          "My friends always wait and I always want to go.", "credits scenes"),
        P("Recommendation", "Underrated animated films for adults?",
          "Loved the ones with hand-drawn styles. What else should I see?", "animated films for adults"),
    ],
    "dogs": [
        P("Training", "Our rescue pulls on the leash no matter what we try",
          "She's 2 years old, about 50 lb. We've tried stopping every time she pulls and treats for walking "
          "beside us. Progress is slow. Harness or keep at it?", "leash pulling"),
        P("Health", "How do you brush a dog's teeth without a fight?",
          "Vet says his teeth need attention. He hates anything near his mouth.", "brushing dog teeth"),
        IMG("Photos", "First snow day for this goofball", "She ran in circles for ten minutes straight.",
            "first snow day", ("mountains", 5)),
        P("Adoption", "Adopted a senior dog and it's the best decision we made",
          "He's 11, calm, house trained and just wants to nap next to us. Consider a senior!", "adopting a senior dog"),
        P("Question", "How long can a dog be left alone while I'm at work?",
          "Going back to the office three days a week. I can come home at lunch once.", "leaving a dog alone"),
        P("Training", "Recall training tips for a stubborn beagle?",
          "He comes back when he feels like it, which is never when there's a smell.", "recall training"),
        P("Health", "Safe chews for a heavy chewer?",
          "He destroys everything in minutes. Worried about antlers and bones cracking teeth.", "safe dog chews"),
    ],
    "boardgames": [
        EVENT("Meetup", "Monthly board game night at the library, January 9",
              "Second Friday of the month, 6:30 PM in the community room of the Main Library. Bring a game or play "
              "one of ours.", "library game night",
              "Board game night at the library", "2026-01-09", "18:30", "Main Library community room"),
        EVENT("Meetup", "Learn-to-play afternoon for new players, January 18",
              "Teaching gateway games from 2:00 PM at Game Haven on Clement Street. Free, all ages.",
              "learn-to-play afternoon",
              "Learn-to-play board games", "2026-01-18", "14:00", "Game Haven, Clement Street"),
        P("Rules", "Wingspan: does a brown power trigger when you play the bird?",
          "My group argues about this every game. We're using the base game rules.", "Wingspan brown powers"),
        P("Discussion", "Best two-player games for couples?",
          "We love Patchwork and Jaipur. Looking for something a bit heavier.", "two-player games"),
        P("Review", "Played a new cooperative deduction game five times: here's my take",
          "Great with four, flat with two. The puzzle is clever but replay value is limited.",
          "cooperative deduction review"),
        IMG("Collection", "Finally finished my shelf", "Sorted by weight, not color. Fight me.", "game shelf",
            ("city", 4)),
        P("Discussion", "How do you teach a heavy game without losing everyone?",
          "Rules explanations take me 40 minutes and people zone out.", "teaching heavy games"),
    ],
    "baking": [
        RECIPE("Brown butter chocolate chip cookies (rest the dough overnight!)",
               "Ingredients: 1 cup butter (browned), 1 cup brown sugar, 1/2 cup white sugar, 2 eggs, 2 tsp vanilla, "
               "2 1/4 cups flour, 1 tsp baking soda, 1 tsp salt, 2 cups chocolate chunks.\n\nBrown the butter and let it "
               "cool, mix with the sugars, eggs and vanilla, fold in the dry ingredients and chocolate. Rest overnight, "
               "bake at 350F for 11 minutes.", "brown butter cookies", "Brown butter chocolate chip cookies",
               "1 cup butter, 1 cup brown sugar, 1/2 cup white sugar, 2 eggs, 2 tsp vanilla, 2 1/4 cups flour, 1 tsp baking soda, 2 cups chocolate chunks",
               "brown sugar"),
        RECIPE("No-knead focaccia for people who are scared of bread",
               "Ingredients: 4 cups bread flour, 2 cups warm water, 2 tsp instant yeast, 2 tsp salt, 1/2 cup olive oil, "
               "flaky salt.\n\nStir everything but the oil into a shaggy dough, fridge overnight, then into an oiled pan "
               "for 3 hours. Dimple with oily fingers and bake at 450F for 25 minutes.", "focaccia",
               "No-knead focaccia", "4 cups bread flour, 2 cups warm water, 2 tsp instant yeast, 2 tsp salt, 1/2 cup olive oil, flaky salt",
               "instant yeast"),
        RECIPE("Lemon olive oil cake that stays moist for days",
               "Ingredients: 3 eggs, 1 cup sugar, 2 lemons (zest and juice), 3/4 cup olive oil, 3/4 cup whole milk, "
               "1 3/4 cups flour, 2 tsp baking powder, 1/2 tsp salt.\n\nWhisk eggs and sugar until pale, add zest, oil, "
               "milk and juice, fold in the dry ingredients. Bake at 350F for 45 minutes.", "lemon olive oil cake",
               "Lemon olive oil cake", "3 eggs, 1 cup sugar, 2 lemons, 3/4 cup olive oil, 3/4 cup whole milk, 1 3/4 cups flour, 2 tsp baking powder",
               "olive oil"),
        RECIPE("Cinnamon rolls you can prep the night before",
               "Ingredients: 4 cups flour, 1 cup warm milk, 1 packet yeast, 1/3 cup sugar, 1/3 cup butter, 2 eggs; "
               "filling: 1 cup brown sugar, 2 1/2 tbsp ground cinnamon, 1/3 cup soft butter; cream cheese frosting.\n\n"
               "Make the dough, roll, fill, cut and put in the fridge overnight. In the morning let them rise an hour and "
               "bake at 350F for 25 minutes.", "cinnamon rolls", "Overnight cinnamon rolls",
               "4 cups flour, 1 cup warm milk, 1 packet yeast, 1/3 cup sugar, 1/3 cup butter, 2 eggs, 1 cup brown sugar, 2 1/2 tbsp ground cinnamon",
               "ground cinnamon"),
        RECIPE("Banana bread with a crackly sugar top",
               "Ingredients: 3 very ripe bananas, 1/3 cup melted butter, 3/4 cup sugar, 1 egg, 1 tsp vanilla, 1 tsp baking "
               "soda, 1 1/2 cups flour, 2 tbsp turbinado sugar.\n\nMash, mix, fold, top with turbinado sugar and bake at "
               "350F for 55 to 60 minutes.", "banana bread", "Crackly banana bread",
               "3 ripe bananas, 1/3 cup melted butter, 3/4 cup sugar, 1 egg, 1 tsp vanilla, 1 tsp baking soda, 1 1/2 cups flour, turbinado sugar",
               "turbinado sugar"),
        P("Bread", "Why did my sourdough come out dense and gummy?",
          "Starter doubles in 6 hours, bulk was 5 hours at 72F. Crumb is tight and the middle is gummy even after "
          "cooling. Underproofed?", "dense sourdough"),
        IMG("Show Off", "Croissants, attempt number four", "Finally got visible layers. The butter block stayed cold "
            "this time.", "croissants", ("food", 5)),
        P("Question", "Can I swap baking soda for baking powder?",
          "Out of baking powder and halfway through a muffin recipe. Is there a ratio?", "baking soda swap"),
    ],
}


# The owner's (u/alexrivera) posts: (community, post) with fixed dates (see world.py).
OWNER_POSTS = [
    ("running", P("Training", "Training for my first half marathon in March. How many long runs before race day?",
                  "I'm at 18 miles a week now and my longest run is 7 miles. Race is March 15. How many long runs over "
                  "10 miles should I do before then?", "first half marathon training"), (2025, 11, 18, 7, 40)),
    ("lisbon", P("Question", "Visiting December 3 to 6: where do locals eat lunch in Alfama?",
                 "First time in Lisbon, staying near the cathedral. Looking for a simple tasca, nothing fancy.",
                 "lunch in Alfama"), (2025, 11, 24, 19, 5)),
    ("photos", IMG("Landscape", "Foggy morning on the bridge", "Shot from the north side at 7:55 AM, the fog was "
                   "moving fast.", "foggy bridge morning", ("city", 0)), (2025, 12, 10, 9, 15)),
    ("cooking", RECIPE("My grandmother's Thanksgiving stuffing, finally written down",
                       "Ingredients: 1 loaf day-old sourdough, 1 stick butter, 2 onions, 4 celery stalks, 1 lb pork "
                       "sausage, 2 tbsp fresh sage, 2 cups chicken stock, 2 eggs.\n\nBrown the sausage, soften the "
                       "vegetables in butter, toss everything with the bread, stock and eggs. Bake covered at 375F for 30 "
                       "minutes, then uncovered for 20.", "grandma's stuffing", "Thanksgiving stuffing",
                       "1 loaf day-old sourdough, 1 stick butter, 2 onions, 4 celery stalks, 1 lb pork sausage, 2 tbsp fresh sage, 2 cups chicken stock, 2 eggs",
                       "fresh sage"), (2025, 11, 29, 18, 30)),
    ("android", P("Question", "Pixel keeps switching from Wi-Fi to mobile data at home",
                  "Signal is full bars but it drops to LTE every few minutes. Already forgot and re-added the network. "
                  "Adaptive connectivity is on, should I turn it off?", "Wi-Fi switching to mobile data"),
     (2025, 10, 14, 21, 10)),
    ("personalfinance", P("Saving", "Is it worth moving my emergency fund to a high-yield savings account?",
                          "About $12,000 sits in my regular checking account earning nothing. Is there any downside to "
                          "moving it to a HYSA at a different bank, like transfer times in an emergency?",
                          "emergency fund in a HYSA"), (2025, 10, 6, 20, 45)),
    ("travel", P("Trip Report", "Lisbon in December: trip report and a few tips",
                 "Spent four days there at the start of December. Mild weather, short queues, and the Christmas lights "
                 "in Baixa are lovely. Tips: get a Viva Viagem card, take the 15E tram to Belém, and book Sintra on a "
                 "weekday.", "Lisbon trip report"), (2025, 12, 9, 18, 20)),
    ("coffee", P("Espresso", "Dialing in a new grinder: sour shots no matter what",
                 "New flat burr grinder, medium roast from a local roaster. 18 g in, 36 g out in 22 seconds tastes "
                 "sour. Going finer makes it choke. What else should I change?", "sour espresso shots"),
     (2025, 10, 22, 8, 5)),
    ("sanfrancisco", P("Lost & Found", "Lost a navy blue jacket on the N Judah on Tuesday evening",
                       "Left it on the outbound train around 6:30 PM, near Carl and Cole. It has a green scarf in the "
                       "pocket. Long shot, but if anyone found it, please message me here.", "lost jacket"),
     (2025, 12, 17, 8, 50)),
    ("hiking", P("Question", "Is the Mist Trail in Yosemite open in mid-November?",
                 "Going the weekend of November 14. Are the upper parts icy by then, and do I need microspikes?",
                 "Mist Trail in November"), (2025, 11, 3, 12, 25)),
    ("running", P("Gear", "Finally replaced my shoes after 520 miles and my knees thank me",
                  "Didn't realize how flat the old pair had become until the first run in the new ones. Track your "
                  "mileage, people.", "replacing running shoes"), (2025, 12, 20, 16, 0)),
    ("cooking", P("Question", "Cast iron came out sticky after seasoning. What did I do wrong?",
                  "Used vegetable oil, baked at 450F for an hour. The surface is tacky and blotchy.", "sticky cast iron"),
     (2025, 10, 27, 19, 40)),
]


# More posts, appended to their communities.
MORE = {
    "cooking": [
        P("Question", "Dutch oven or slow cooker for beef stew?",
          "I have both. The slow cooker is easier on weeknights but the Dutch oven stew always tastes better. Is it "
          "the browning or something else?", "stew in a Dutch oven"),
        P("Technique", "Stop crowding the pan: a side-by-side test with mushrooms",
          "Same mushrooms, same heat. One pan crowded, one in two batches. The crowded one steamed grey for 12 "
          "minutes, the batches were golden in 6.", "crowding the pan"),
    ],
    "running": [
        P("Question", "Treadmill or dark streets for winter morning runs?",
          "Sunrise is at 7:20 and I have to leave for work at 7:45. Running at 6 in the dark feels risky on my "
          "route. How do you handle it?", "running in the dark"),
        P("Training", "Strength training twice a week fixed my knee pain",
          "Squats, lunges, calf raises and side planks, 25 minutes each. Six weeks in and no knee pain on long runs.",
          "strength training for runners"),
    ],
    "personalfinance": [
        P("Taxes", "Do I need to make estimated tax payments for a side gig?",
          "I earned about $6,000 from freelance design this year on top of my salary. Nothing was withheld. Will "
          "I get a penalty in April?", "estimated taxes for side income"),
    ],
    "photos": [
        IMG("Street", "Cable car at golden hour", "Waited at the turnaround for the light to hit the tracks.",
            "cable car golden hour", ("city", 2)),
        IMG("Nature", "Tide pools at low tide", "Got up at 5 for a minus tide. Anemones everywhere.", "tide pools",
            ("beach", 1)),
    ],
    "android": [
        P("Question", "Notifications arrive late when the screen is off",
          "Messages show up 10 minutes late unless I unlock the phone. Battery optimization is off for the app.",
          "late notifications"),
        P("Apps", "Best offline maps app for hiking?",
          "Need something that works with no signal and shows contour lines.", "offline maps apps"),
    ],
    "travel": [
        P("Question", "Solo trip in January: Mexico City or Buenos Aires?",
          "Nine days, first solo trip, interested in food, museums and walking neighborhoods.", "solo trip choice"),
        P("Advice", "Always take a photo of your passport and keep it offline",
          "Lost mine in Rome. Having a photo and a copy of the entry stamp made the emergency passport take one day "
          "instead of three.", "passport photo copy"),
    ],
    "sanfrancisco": [
        P("Question", "Where to take visiting parents for a nice dinner with a view?",
          "They're in town for a week in January. Something special but not stuffy.", "dinner with a view"),
        P("Food", "Which bakery has the best morning buns?",
          "Settle this for my office. We're doing a blind taste test next Friday.", "morning buns"),
    ],
    "coffee": [
        P("Espresso", "Is a bottomless portafilter worth it for a beginner?",
          "People say it shows channeling. Will it just make a mess while I'm still learning?",
          "bottomless portafilter"),
        P("Beans", "Decaf that actually tastes good?",
          "Cutting back after 2 PM but I still want an afternoon cup. Swiss Water process recommendations?",
          "good decaf"),
    ],
    "hiking": [
        P("Question", "How do you deal with blisters on long descents?",
          "My heels are fine going up but destroyed after a long downhill. Lacing technique?", "blisters on descents"),
    ],
    "books": [
        P("Discussion", "Your favorite opening line of a novel?",
          "Mine will always be the one about the clocks striking thirteen.", "opening lines"),
        P("Recommendation", "Short books for a reading slump?",
          "Under 200 pages, any genre. I need a win.", "short books"),
    ],
    "gardening": [
        P("Harvest", "First year growing potatoes in grow bags: 11 lb from three bags",
          "Yukon Gold in 15 gallon bags, hilled twice. Way easier than digging a bed.", "potatoes in grow bags"),
    ],
    "gaming": [
        P("Question", "Good games to play with a controller on a laptop?",
          "Integrated graphics only. Looking for something relaxing I can play on the train.",
          "laptop games"),
    ],
    "jobs": [
        P("Interviews", "Do you send a thank-you email after every interview?",
          "Recruiter said it doesn't matter, my friend swears it got her the job.", "thank-you emails"),
    ],
    "homeimprovement": [
        P("Question", "Should I seal my grout after regrouting the shower?",
          "Used a cement-based grout. Some people say sealing is a waste of time.", "sealing grout"),
    ],
    "movies": [
        P("Discussion", "Movies you rewatch every December?",
          "Not necessarily Christmas movies. I always rewatch a certain heist film with my brother.",
          "December rewatches"),
    ],
    "dogs": [
        P("Question", "Dog is scared of the vacuum. How do we help him?",
          "He hides under the bed and shakes for an hour afterwards.", "fear of the vacuum"),
    ],
    "boardgames": [
        P("Discussion", "What's your go-to game for non-gamer family at the holidays?",
          "Last year we played a word game for four hours straight. Looking for more like it.",
          "games for family"),
    ],
    "baking": [
        P("Question", "My cheesecake cracked down the middle again",
          "Water bath, low oven, cooled in the oven with the door open. Still cracked. What am I missing?",
          "cracked cheesecake"),
    ],
}
for _c, _more in MORE.items():
    POSTS[_c].extend(_more)
