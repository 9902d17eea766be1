#!/usr/bin/env python3
"""Generates Microblog's world data (apps/microblog/world/*.json), deterministically.

    /usr/bin/python3 apps/microblog/gen/world.py

accounts.json       66 accounts (news, transit, weather, tech writers, athletes, chefs, local
                    friends who are also in Contacts, local businesses whose bio has a phone
                    number, misc) plus the owner @alexrivera.
posts.json          400 posts p001..p400 in time order (2025-10-01 .. 2026-01-01 07:52 UTC):
                    top-level posts, reply threads, quote posts; hashtags, mentions, images
                    (generated scenes), engagement counts, the owner's likes / reposts /
                    bookmarks; event announcements carry event_* fields (for tasks).
conversations.json  direct-message conversations of the owner.
notifications.json  likes, reposts, follows, replies and mentions of the owner.
trends.json         the trending list (rank, name, category, posts count).
lists.json          the owner's lists.

Only Latin-1 characters are used in texts (the sim's text font covers U+0020..U+00FF).
"""
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
WORLD = os.path.join(HERE, "..", "world")

NOW = 1767254400000            # 2026-01-01 08:00 UTC, the phone's clock
OCT1 = 1759276800000           # 2025-10-01 00:00 UTC
DAY = 86400000
HOUR = 3600000
MIN = 60000

rng = random.Random(20260101)

# ----------------------------------------------------------------------------- accounts
# id (= handle), name, kind, verified, followers, following, location, website, joined, bio,
# extra: followed (by the owner), follows_me, phone (in the bio)
A = []


def acc(id, name, kind, verified, followers, following, location, website, joined, bio, color,
        followed=False, follows_me=False):
    A.append(dict(id=id, name=name, kind=kind, verified=verified, followers=followers, following=following,
                  location=location, website=website, joined=joined, bio=bio, color=color,
                  followed=followed, follows_me=follows_me, muted=False, blocked=False))


acc("alexrivera", "Alex Rivera", "owner", False, 312, 0, "San Francisco, CA", "alexrivera.design", "2013-06",
    "Product designer at Brightline Labs. Trail runs, strong coffee, and the occasional bad pun.", "#1D9BF0")
# news
acc("baycitychron", "Bay City Chronicle", "news", True, 1284300, 412, "San Francisco, CA", "baycitychronicle.example", "2009-03",
    "Local news for San Francisco and the Bay Area since 1891. Tips: tips@baycitychronicle.example", "#0F1419", followed=True)
acc("pacificwire", "Pacific Wire", "news", True, 3905112, 88, "Los Angeles, CA", "pacificwire.example", "2008-11",
    "Breaking news and analysis from the West Coast and beyond.", "#B3261E", followed=True)
acc("morningledger", "The Morning Ledger", "news", True, 842551, 160, "New York, NY", "morningledger.example", "2010-02",
    "Business, markets and the economy, every morning before the bell.", "#3E2723")
acc("kqld7", "KQLD News 7", "news", True, 415220, 903, "Oakland, CA", "kqld7.example", "2011-08",
    "Bay Area breaking news, weather and traffic. Watch live weekdays at 5, 6 and 11.", "#1565C0")
acc("globalbrief", "Global Brief", "news", True, 2210045, 54, "London, UK", "globalbrief.example", "2012-05",
    "The world in five minutes. Daily briefings on what matters.", "#00695C")
acc("circuitdaily", "Circuit Daily", "news", True, 655310, 1204, "San Francisco, CA", "circuitdaily.example", "2010-09",
    "Technology news, reviews and analysis. Tips: news@circuitdaily.example", "#6A1B9A", followed=True)
# transit and weather
acc("sfmetro", "SF Metro Transit", "transit", True, 210450, 318, "San Francisco, CA", "sfmetro.example", "2009-07",
    "Service updates for Muni Metro, buses and cable cars. Staffed 6am-10pm daily.", "#C62828", followed=True)
acc("bayferry", "Bay Ferry", "transit", True, 38912, 120, "San Francisco Bay", "bayferry.example", "2012-04",
    "Ferry service between San Francisco, Oakland, Alameda, Vallejo and Richmond.", "#0277BD")
acc("bayweather", "Bay Area Weather Service", "weather", True, 188204, 240, "Monterey, CA", "bayweather.example", "2010-10",
    "Official forecasts, watches and warnings for the San Francisco Bay Area.", "#0288D1", followed=True)
acc("stormwatchca", "StormWatch California", "weather", False, 72330, 415, "Sacramento, CA", "stormwatch.example", "2015-01",
    "Independent storm tracking and atmospheric river nerdery. Not an official source.", "#455A64")
# tech writers
acc("priyaraman", "Priya Raman", "tech", True, 98400, 812, "San Francisco, CA", "priyaraman.example", "2011-02",
    "Senior editor at @circuitdaily. Chips, batteries, and the people who make them.", "#AD1457", followed=True)
acc("devonclarke", "Devon Clarke", "tech", True, 156000, 1022, "Portland, OR", "thestack.example", "2010-06",
    "Writes The Stack, a weekly newsletter on developer tools. Former backend engineer.", "#283593", followed=True)
acc("hortiztech", "Hannah Ortiz", "tech", False, 41230, 655, "Oakland, CA", "hannahortiz.example", "2013-09",
    "Covering privacy and security. If it has a login screen, I have questions.", "#2E7D32", followed=True)
acc("samuelokoye", "Samuel Okoye", "tech", True, 67880, 498, "Berkeley, CA", "samuelokoye.example", "2014-03",
    "AI researcher turned writer. I explain machine learning without the hype.", "#E65100", followed=True)
acc("leafrost", "Lea Frost", "tech", False, 23410, 377, "Seattle, WA", "leafrost.example", "2016-11",
    "Long-form gadget reviews. I keep every phone for a month before I write a word.", "#00838F")
acc("marcusyu", "Marcus Yu", "tech", False, 12905, 1530, "Palo Alto, CA", "marcusyu.example", "2012-08",
    "Startups, funding rounds and the occasional hot take.", "#4E342E")
acc("ninaweiss", "Nina Weiss", "tech", False, 8712, 290, "Berlin, Germany", "ninaweiss.example", "2015-05",
    "Open source maintainer. Databases, Rust, and weekend sourdough.", "#5D4037")
acc("tobyhale", "Toby Hale", "tech", False, 5430, 344, "San Jose, CA", "tobyhale.example", "2017-04",
    "Reviews cameras and phones for @circuitdaily. Mostly photographs of my cat.", "#37474F")
# athletes and teams
acc("marcusbell23", "Marcus Bell", "athlete", True, 1502330, 610, "Oakland, CA", "marcusbell.example", "2012-10",
    "Guard for the @baybombers. Oakland raised. Bell Foundation: books for every kid.", "#F9A825", followed=True)
acc("sofiareyes", "Sofia Reyes", "athlete", True, 210400, 455, "Mammoth Lakes, CA", "sofiareyes.example", "2013-01",
    "Marathoner. Two-time national champion. Coffee first, miles second.", "#D84315", followed=True)
acc("jalenbrooks", "Jalen Brooks", "athlete", True, 880120, 301, "Santa Clara, CA", "jalenbrooks.example", "2014-07",
    "Wide receiver. Faith, family, footwork.", "#BF360C")
acc("miatanaka", "Mia Tanaka", "athlete", True, 640200, 220, "Irvine, CA", "miatanaka.example", "2015-02",
    "Professional tennis player. World No. 14. Dog mom to Mochi.", "#C2185B")
acc("harborfc", "SF Harbor FC", "athlete", True, 312400, 145, "San Francisco, CA", "harborfc.example", "2016-03",
    "Official account of San Francisco Harbor Football Club. #HarborFC", "#1A237E", followed=True)
acc("baybombers", "Bay Bombers", "athlete", True, 1900800, 98, "Oakland, CA", "baybombers.example", "2009-10",
    "Official account of the Bay Bombers basketball team.", "#FF6F00")
acc("kaimoana", "Kai Moana", "athlete", False, 48200, 712, "Santa Cruz, CA", "kaimoana.example", "2014-12",
    "Big wave surfer. Santa Cruz local. Ocean first.", "#006064")
# chefs and food
acc("chefmarco", "Marco Bellini", "chef", True, 356200, 702, "San Francisco, CA", "osteriabellini.example", "2011-04",
    "Chef and owner of Osteria Bellini in North Beach. Pasta is a love language.", "#8D6E63", followed=True)
acc("rosadelgado", "Rosa Delgado", "chef", True, 128450, 540, "Los Angeles, CA", "rosadelgado.example", "2012-09",
    "Mexican home cooking. My cookbook Comal is out now.", "#E53935", followed=True)
acc("kenjimori", "Kenji Mori", "chef", False, 64300, 388, "San Francisco, CA", "moriramen.example", "2013-11",
    "Ramen nerd. Chef at Mori Ramen in Japantown. Broth takes 18 hours, patience takes longer.", "#263238")
acc("thepastalab", "The Pasta Lab", "chef", False, 22100, 310, "Oakland, CA", "thepastalab.example", "2018-02",
    "Fresh pasta classes and kits. Rolling since 2018.", "#FBC02D")
acc("bakerbea", "Bea Lindqvist", "chef", False, 31870, 420, "Berkeley, CA", "bakerbea.example", "2014-06",
    "Sourdough and pastry. Baking classes every month. Butter is a vegetable.", "#F48FB1", followed=True)
acc("greenbowlsf", "Green Bowl Kitchen", "chef", False, 9420, 188, "San Francisco, CA", "greenbowl.example", "2019-05",
    "Seasonal salads and grain bowls in SoMa. Open 11-8 weekdays.", "#43A047")
# local friends (also in Contacts)
acc("aaliyahj", "Aaliyah Johnson", "friend", False, 412, 380, "San Francisco, CA", "", "2014-08",
    "ER nurse by night, half-marathoner by morning.", "#7B1FA2", follows_me=True)
acc("priyasharma", "Priya Sharma", "friend", False, 268, 301, "Oakland, CA", "", "2016-01",
    "4th grade teacher. Ask me about volcano projects.", "#00897B", follows_me=True)
acc("danielkim", "Daniel Kim", "friend", False, 533, 610, "San Francisco, CA", "", "2012-03",
    "Engineer at Brightline Labs. Mechanical keyboards and bad puns.", "#3949AB", followed=True, follows_me=True)
acc("chloedubois", "Chloé Dubois", "friend", False, 389, 275, "San Francisco, CA", "", "2015-10",
    "Parisienne in SF. Croissant critic. Unpaid.", "#EC407A", followed=True, follows_me=True)
acc("bencarter", "Ben Carter", "friend", False, 721, 498, "San Francisco, CA", "", "2011-06",
    "Cyclist, climber, occasional trail runner with @alexrivera.", "#F4511E", followed=True, follows_me=True)
acc("julianowak", "Julia Nowak", "friend", False, 604, 433, "San Francisco, CA", "", "2013-02",
    "Weekend photographer. Dog mom to Pierogi the beagle.", "#8E24AA", followed=True, follows_me=True)
acc("liammurphy", "Liam Murphy", "friend", False, 1180, 702, "Oakland, CA", "", "2012-12",
    "Guitar in @thegoldentones. Teaches lessons on Tuesdays.", "#6D4C41", followed=True, follows_me=True)
acc("noahw", "Noah Williams", "friend", False, 297, 512, "Daly City, CA", "", "2017-09",
    "Bay Bombers season ticket holder. Suffering since 2009.", "#546E7A", follows_me=True)
acc("zoenguyen", "Zoe Nguyen", "friend", False, 845, 390, "San Francisco, CA", "", "2014-04",
    "UX researcher. I will ask you why five times.", "#00ACC1", followed=True, follows_me=True)
acc("mayapatel", "Maya Patel", "friend", False, 466, 352, "San Francisco, CA", "", "2015-07",
    "Climbing, hiking, and planning the next trip.", "#FB8C00", followed=True, follows_me=True)
acc("emmaschmidt", "Emma Schmidt", "friend", False, 188, 260, "San Francisco, CA", "", "2018-03",
    "Community gardener. Tomatoes are my love language.", "#689F38", follows_me=True)
acc("jackthompson", "Jack Thompson", "friend", False, 352, 433, "Alameda, CA", "", "2013-05",
    "Homebrewer and ferry commuter.", "#795548", follows_me=False)
acc("isabellarossi", "Isabella Rossi", "friend", False, 2904, 611, "San Francisco, CA", "rossitrattoria.example", "2012-07",
    "Third-generation owner of Rossi Trattoria. Nonna's recipes, my playlist.", "#D32F2F", follows_me=True)
acc("hiroshisato", "Hiroshi Sato", "friend", False, 1520, 488, "San Francisco, CA", "hiroshisato.example", "2013-12",
    "Street photographer. Fog is my favorite filter.", "#424242", follows_me=True)
# local businesses and organisations (a phone number in the bio)
acc("mainstlibrary", "Main Street Library", "local", True, 18420, 230, "San Francisco, CA", "mainstlibrary.example", "2010-01",
    "Free books, free wifi, free events. Open 10-8 Mon-Sat. Call +1 415 555 0170.", "#5C6BC0", followed=True)
acc("ferryfarmersmkt", "Ferry Plaza Farmers Market", "local", False, 26800, 180, "San Francisco, CA", "ferrymarket.example", "2011-05",
    "Tue, Thu and Sat at the Ferry Building. Questions: +1 415 555 0171.", "#7CB342")
acc("ggrunclub", "Golden Gate Run Club", "local", False, 6240, 520, "San Francisco, CA", "ggrunclub.example", "2014-02",
    "Free group runs every Saturday, all paces welcome. Text +1 415 555 0172 to join the list. #GGRunClub", "#FF7043", followed=True)
acc("bayscimuseum", "Bay Science Museum", "local", True, 51200, 310, "San Francisco, CA", "bayscience.example", "2010-06",
    "Hands-on science for curious people of all ages. Tickets and info: +1 415 555 0173.", "#26A69A")
acc("crumbandco", "Crumb & Co. Bakery", "local", False, 7310, 140, "San Francisco, CA", "crumbandco.example", "2016-08",
    "Neighborhood bakery on Valencia St. Preorders: +1 415 555 0174.", "#A1887F")
acc("spokesbikes", "Spokes Bike Shop", "local", False, 3205, 260, "San Francisco, CA", "spokesbikes.example", "2015-03",
    "Repairs, rentals and group rides from the Panhandle. Call +1 415 555 0175.", "#1E88E5")
acc("ridgelinecoffee", "Ridgeline Coffee Roasters", "local", False, 11950, 305, "San Francisco, CA", "ridgeline.example", "2013-10",
    "Small-batch coffee roasted in the Dogpatch. Wholesale: +1 415 555 0176.", "#6D4C41", followed=True)
acc("pagesbooks", "Pages Bookshop", "local", False, 9870, 610, "Berkeley, CA", "pagesbooks.example", "2012-01",
    "Independent bookstore. Author events most Thursdays. +1 510 555 0177.", "#8E24AA")
acc("sunriseyogasf", "Sunrise Yoga Studio", "local", False, 4480, 212, "San Francisco, CA", "sunriseyoga.example", "2017-01",
    "Yoga for every body in the Inner Sunset. Front desk: +1 415 555 0178.", "#FFB300")
acc("tapandbarrel", "Tap & Barrel Brewing", "local", False, 8820, 390, "Oakland, CA", "tapandbarrel.example", "2015-09",
    "Small brewery, big patio. Trivia every Wednesday. +1 510 555 0179.", "#8D6E63")
acc("fogcitycomedy", "Fog City Comedy Club", "local", False, 15300, 420, "San Francisco, CA", "fogcitycomedy.example", "2011-11",
    "Stand-up seven nights a week in North Beach. Box office +1 415 555 0180.", "#512DA8")
acc("dolorescg", "Dolores Community Garden", "local", False, 1240, 300, "San Francisco, CA", "dolorescg.example", "2016-04",
    "Volunteer-run garden plots and compost. Workdays every other Sunday. +1 415 555 0181.", "#558B2F")
acc("presidiopets", "Presidio Pet Clinic", "local", False, 2130, 150, "San Francisco, CA", "presidiopets.example", "2018-06",
    "Cats, dogs and the occasional tortoise. Appointments: +1 415 555 0182.", "#00897B")
acc("taqueriaelsol", "Taqueria El Sol", "local", False, 5610, 90, "San Francisco, CA", "taqueriaelsol.example", "2014-05",
    "Tacos al pastor on 24th Street since 1998. Catering: +1 415 555 0183.", "#F57C00")
# misc
acc("supanatorres", "Supervisor Ana Torres", "civic", True, 24300, 1800, "San Francisco, CA", "district7.example", "2018-01",
    "Representing District 7 on the SF Board of Supervisors. Office hours every Friday.", "#1565C0")
acc("orbitlab", "Orbit Lab", "science", True, 742000, 120, "Pasadena, CA", "orbitlab.example", "2009-09",
    "Space science, sky events and the occasional rocket. Look up!", "#0D47A1")
acc("lunathecorgi", "Luna the Corgi", "misc", False, 98200, 45, "San Francisco, CA", "", "2019-07",
    "Professional napper. Loaf enthusiast. Runs this account with help from my humans.", "#FFA726")
acc("owenpark", "Owen Park", "misc", False, 33100, 801, "Los Angeles, CA", "owenpark.example", "2013-03",
    "Comedian. My special Parallel Parking is streaming now.", "#7E57C2")
acc("thegoldentones", "The Golden Tones", "misc", False, 12750, 230, "Oakland, CA", "goldentones.example", "2016-10",
    "Five-piece soul band from Oakland. New album Westbound out in March.", "#FDD835")
acc("elenashoots", "Elena Vasquez", "misc", False, 41800, 610, "San Francisco, CA", "elenavasquez.example", "2012-11",
    "Photographer. Fog, light, and the people in between.", "#78909C")

IDS = [a["id"] for a in A]
BY = {a["id"]: a for a in A}
assert len(A) == 66, len(A)
assert sum(1 for a in A if a["followed"]) == 25, sum(1 for a in A if a["followed"])

# ----------------------------------------------------------------------------- text pools
# Each pool: list of (text, options). Options: tags (trend membership is by text), media scene kind,
# hour range, days (a window [from, to] in days before NOW), event.
P = []   # top-level posts: dict(author, text, day_lo, day_hi, media, media_alt, event)


def post(author, text, days=(1, 92), media=None, alt="", event=None, hours=(7, 22), pin=None):
    assert author in BY, author
    for ch in text:
        assert 0x20 <= ord(ch) <= 0xFF or ch == "\n", (text, ch)
    assert len(text) <= 280, (len(text), text)
    # seasonal texts belong to December (or the last hours of the year), whatever the pool said
    if "#NewYearsEve" in text or "New Year" in text or "#PolarPlunge" in text:
        if any(k in text for k in ["Happy New Year", "rang in", "2026, let's", "Sunday schedule on Jan 1",
                                   "Polar Plunge forecast", "Sunday schedule on New Year", "open 8-2 on Jan 1", "open 7-3"]):
            days = (0.01, 0.3)
        elif days[1] > 1 and "resolution" not in text.lower():
            days = (0.35, 1.2)
    elif days == (1, 92) and any(k in text for k in [
            "holiday", "Holiday", "Christmas", "December", "Jan ", "January", "2026", "2025", "winter", "Winter", "year",
            "tamales", "Tamales", "panettone", "rosca", "galette", "Galette", "Wolf Moon", "Persimmons", "Garlic", "seed",
            "Seed", "gift", "Gift", "storm", "Storm", "Mavericks", "snow", "Snow", "Frost", "gumbo", "camping", "Dungeness",
            "lights", "Lights", "wrapped", "new notebook", "season", "Season", "chestnut"]):
        days = (0.5, 26)
    P.append(dict(author=author, text=text, days=days, media=media, alt=alt, event=event, hours=hours))


# news
for t in [
    "Muni's Central Subway extension study is out: planners recommend a Fisherman's Wharf stop by 2033. Read the full plan and the three route options. #Muni",
    "The Board of Supervisors approved the 2026 budget, including $48 million for street repaving and 300 new trash cans downtown.",
    "Restaurant openings: nine new spots we're excited about in the Mission, Dogpatch and the Richmond this winter.",
    "The Castro Theatre reopens Friday after a two-year renovation. First up: a double feature of Vertigo and Bullitt.",
    "Housing: 1,100 new homes were approved near Balboa Park station, the largest project in the district in decades.",
    "Golden Gate Park's Winter Lights return tonight, with 60,000 LEDs along JFK Promenade through Jan 18.",
    "Storm update: crews cleared 140 downed trees overnight and PG&E reports 12,000 customers still without power. #WinterStorm",
    "New Year's Eve fireworks over the Embarcadero start at midnight. Muni and BART will run late service until 3 a.m. #NewYearsEve",
    "Ocean Beach will be closed to cars on New Year's Day morning for the annual Polar Plunge. Here's what to know. #PolarPlunge",
]:
    post("baycitychron", t, days=(0.2, 40) if "#" in t else (3, 92), media="city" if "Castro" in t or "Lights" in t else None,
         alt="The Castro Theatre marquee at dusk" if "Castro" in t else ("Light sculptures in Golden Gate Park" if "Lights" in t else ""))
for t in [
    "BREAKING: A magnitude 4.1 earthquake shook the East Bay at 6:12 a.m. No damage has been reported, the USGS says.",
    "California's snowpack is at 128% of normal for late December after back-to-back atmospheric rivers. #WinterStorm",
    "The Port of Oakland reports record container volume for 2025, up 9% from last year.",
    "Lawmakers in Sacramento propose a statewide ban on single-use plastic bags at all retailers by 2027.",
    "Seattle, Portland and San Francisco rank in the top 10 cities for remote workers, a new survey finds.",
    "High-speed rail officials say the Merced-to-Bakersfield segment is now 60% complete.",
    "2025 wildfire review: California saw 31% fewer acres burned than the 10-year average.",
    "Millions of people across the West are making the same New Year's resolution: sleep more. Here's what the research says works.",
]:
    post("pacificwire", t, days=(0.3, 50) if ("#" in t or "resolution" in t or "BREAKING" in t) else (4, 92))
for t in [
    "Markets close 2025 with the S&P 500 up 18% for the year, its third straight year of double-digit gains.",
    "Mortgage rates fell to 5.9% this week, the lowest level since early 2023.",
    "Holiday retail sales rose 4.2% from last year, with online orders making up a record share.",
    "Five questions for the economy in 2026: rates, jobs, housing, tariffs and the consumer.",
    "Small businesses say hiring is their biggest challenge heading into the new year, a survey of 2,000 owners finds.",
    "Oil prices slipped 2% on Tuesday as inventories rose more than analysts expected.",
    "The Fed's December minutes show officials split on how quickly to cut rates next year.",
]:
    post("morningledger", t, days=(1, 92))
for t in [
    "Traffic alert: a multi-car crash has closed two lanes of westbound I-80 on the Bay Bridge. Expect delays into the city.",
    "Happening now: crowds are already lining up at the Embarcadero for tonight's fireworks. #NewYearsEve",
    "A 62-year-old Oakland woman just won $1.2 million on a scratcher she almost threw away.",
    "Flooding closed parts of Highway 37 near Sears Point this morning. Caltrans crews are on scene. #WinterStorm",
    "A sea lion pup was rescued from a Sausalito parking lot and is recovering at the Marine Mammal Center.",
    "Bay Bombers fans celebrated downtown after last night's overtime win over Denver.",
    "Weather team: another round of rain arrives Friday, then a dry and cold weekend. #WinterStorm",
]:
    post("kqld7", t, days=(0.3, 30) if "#" in t or "Bombers" in t else (3, 92),
         media="night" if "fireworks" in t else ("beach" if "sea lion" in t else None),
         alt="Crowds at the waterfront at night" if "fireworks" in t else ("A sea lion pup on a blanket" if "sea lion" in t else ""))
for t in [
    "Today's briefing: climate talks end with a new deal on methane, elections ahead in three countries, and a record year for solar.",
    "Scientists report the first full year in which renewables produced more electricity worldwide than coal.",
    "A new comet is visible to the naked eye from the Southern Hemisphere this week.",
    "Cities from Sydney to Rio rang in 2026 with fireworks and a few very wet crowds. #NewYearsEve",
    "The year in pictures: 25 photographs that defined 2025.",
    "Global air travel set a new record in 2025 with 5.2 billion passengers.",
    "Researchers say a new malaria vaccine cut infections by 75% in a large trial in Kenya.",
]:
    post("globalbrief", t, days=(0.1, 20) if "#" in t or "pictures" in t else (2, 92))
for t in [
    "Review: the Pixelon 9 Pro has the best camera we've tested this year, and a battery that finally lasts two days.",
    "Our #TechPredictions for 2026: foldables go mainstream, AI assistants get cheaper, and batteries get boring (in a good way).",
    "Apple, Google and Samsung now all support satellite texting in the US. Here's how each one works.",
    "The best gadgets of 2025, as picked by our reviewers.",
    "A startup in Fremont says it can recycle 95% of a lithium battery's materials. We visited the plant.",
    "Password managers are getting passkeys right. Our guide to moving your accounts over.",
    "Exclusive: a major chipmaker is planning a new research lab in San Jose with 800 engineers.",
]:
    post("circuitdaily", t, days=(0.5, 20) if "#" in t else (2, 92), media="screenshot" if "Pixelon" in t else None,
         alt="Camera samples from the Pixelon 9 Pro" if "Pixelon" in t else "")

# transit
LINES = ["N Judah", "L Taraval", "T Third", "J Church", "K Ingleside", "M Ocean View"]
BUSES = ["38 Geary", "14 Mission", "22 Fillmore", "1 California", "5 Fulton", "49 Van Ness"]
for t in [
    "N Judah inbound: delays of up to 15 minutes due to a disabled train at Carl and Cole. Shuttle buses are running. #MuniDelays",
    "Service has been restored on the N Judah. Thanks for your patience.",
    "L Taraval: trains are running every 12 minutes this weekend while crews finish track work at West Portal.",
    "T Third outbound delays of about 10 minutes near Chase Center after the game. Extra trains are on the way. #MuniDelays",
    "Reminder: Muni is free on New Year's Eve from 8 p.m. to 6 a.m. Ride safe! #NewYearsEve",
    "Powell-Hyde cable cars are paused this afternoon for a track inspection. Buses replace service until 4 p.m.",
    "Starting Jan 10, the 38 Geary Rapid will run every 6 minutes on weekdays.",
    "J Church: a power problem at Church and Market is causing 20 minute delays in both directions. #MuniDelays",
    "Holiday schedule: Muni runs a Sunday schedule on Jan 1. Cable cars run 8 a.m. to 10 p.m.",
    "Heads up, Embarcadero riders: the station's Market St entrance is closed tonight after 9 p.m. for crowd control. #NewYearsEve",
    "The 14 Mission is detoured between 16th and 24th St this morning because of a water main repair.",
    "K Ingleside service is back to normal after an earlier collision at Ocean and Geneva.",
    "We're testing real-time crowding info on the 22 Fillmore. Tell us if the arrival screens help.",
    "M Ocean View: expect 10 minute delays near Stonestown while crews repair an overhead wire. #MuniDelays",
    "Winter storm update: some bus lines in the Sunset may be rerouted around flooded streets. Check before you go. #WinterStorm",
    "Lost and found: we have 14 umbrellas, 3 skateboards and one very nice trombone. Call 311 to claim.",
]:
    post("sfmetro", t, days=(0.05, 6) if "#" in t else (1, 60))
for t in [
    "Holiday service: ferries run a Sunday schedule on New Year's Day. Last boat from SF to Oakland leaves at 9:30 p.m.",
    "Rough water on the bay tonight: the Vallejo route is running 15 minutes late. #WinterStorm",
    "Watch the fireworks from the water! Special New Year's Eve sailings are sold out. #NewYearsEve",
    "Good morning from the bay. Calm water, 52 degrees, and a pod of porpoises off Alameda.",
    "New this month: bike racks on every Richmond ferry.",
    "Reminder: Clipper cards work on every route, and kids under 5 ride free.",
]:
    post("bayferry", t, days=(0.2, 10) if "#" in t else (2, 80), media="beach" if "porpoises" in t else None,
         alt="Morning light over the bay from a ferry deck" if "porpoises" in t else "")

# weather
for t in [
    "Forecast for Friday: rain returns by afternoon with highs near 55 F in San Francisco and 58 F in San Jose. #WinterStorm",
    "Rain totals for the last 24 hours: SF 1.84 in, Oakland 2.10 in, Santa Rosa 3.02 in, Ben Lomond 4.55 in. #WinterStorm",
    "A wind advisory is in effect until 4 p.m. for the coast and higher elevations. Gusts up to 50 mph. #WinterStorm",
    "Dense fog advisory for the Golden Gate and the bay until 10 a.m. Visibility below a quarter mile at times.",
    "King tides are expected Saturday morning around 9 a.m. Expect minor flooding along the Embarcadero.",
    "New Year's Eve looks dry but chilly: about 48 F at midnight on the Embarcadero with light winds. Bring a jacket. #NewYearsEve",
    "Clear skies are expected Saturday night for the full Wolf Moon. Best views after 6 p.m. from the hills. #WolfMoon",
    "Frost advisory for the North Bay valleys tonight. Lows near 29 F. Protect plants, pets and pipes.",
    "December 2025 was the wettest December in San Francisco since 2005, with 9.8 inches of rain. #WinterStorm",
    "Quick look at the week ahead: showers Monday, sunny Tuesday through Thursday, another storm next weekend.",
    "Polar Plunge forecast for Ocean Beach on Jan 1: air 51 F, water 54 F, light winds. Very brave conditions. #PolarPlunge",
    "Today's high at SFO was 71 F, a record for the date. Enjoy it while it lasts.",
    "Snow levels drop to 3,500 feet tonight. Mount Hamilton and Mount Diablo could see a dusting. #WinterStorm",
    "The atmospheric river is moving south. Flood watches remain in effect for the Santa Cruz Mountains until noon. #WinterStorm",
]:
    post("bayweather", t, days=(0.1, 8) if "#" in t else (1, 92),
         media="mountains" if "Snow levels" in t else ("night" if "Wolf Moon" in t else None),
         alt="Snow on a Bay Area peak" if "Snow levels" in t else ("The moon over the hills" if "Wolf Moon" in t else ""))
for t in [
    "The atmospheric river is right on schedule. Heaviest rain in the North Bay between 2 and 8 p.m. #WinterStorm",
    "Satellite loop this morning is beautiful and a little scary. Three storms lined up across the Pacific. #WinterStorm",
    "Not an official forecast, but I'd plan a dry New Year's Eve. Models agree for once. #NewYearsEve",
    "Tahoe picked up 30 inches of new snow in two days. Chains required on I-80 and Highway 50.",
    "If you can see the Farallon Islands from Twin Peaks today, take a photo. Rare clarity after the storm.",
    "Storm season scorecard so far: 7 atmospheric rivers, 2 strong ones, 0 boring days.",
]:
    post("stormwatchca", t, days=(0.3, 12) if "#" in t else (2, 60))

# tech writers
for a, ts in {
    "priyaraman": [
        "New piece: why your next laptop battery will last longer even though batteries barely changed. It's all in the chips.",
        "I toured a chip fab in Arizona this week. The cleanroom suits are exactly as uncomfortable as they look.",
        "My #TechPredictions for 2026: solid-state batteries stay five years away, and that's fine.",
        "The most underrated tech story of 2025 was the humble heat pump.",
        "Editing a 6,000 word feature on the way home. If you see someone crying on the 38 Geary, say hi.",
        "Thanks to everyone who read our year-end issue. Back on Jan 5 with a very nerdy piece on recycling.",
    ],
    "devonclarke": [
        "This week's Stack: the five developer tools that quietly took over in 2025.",
        "Hot take: the best feature of any IDE is a fast search. Everything else is decoration.",
        "#TechPredictions: in 2026 every code editor ships an AI assistant, and half of us turn it off.",
        "Spent the morning migrating a side project to a new database. Reader, it was not a quick morning.",
        "If your build takes longer than your coffee, your build is the problem. Not the coffee.",
    ],
    "hortiztech": [
        "PSA: if you reused the password from that breached shopping site, change it today. Then turn on passkeys.",
        "Nobody legitimate will ever DM you asking for a verification code. Not your bank, not this app, not your cousin.",
        "Reading the privacy policy of a smart toaster so you don't have to. It wants your location. It's a toaster.",
        "#TechPredictions: 2026 is the year of passkeys for real. I've said this three years in a row.",
        "New story: the scam texts that pretend to be your wallet app, and the one detail that gives them away.",
    ],
    "samuelokoye": [
        "A language model is a very good autocomplete with a very large memory. That's not an insult, it's a description.",
        "New essay: what the benchmarks don't tell you about AI assistants. Spoiler: most of them measure the wrong thing.",
        "Gave a talk at a middle school about machine learning. The best question: can it be bored?",
        "#TechPredictions: smaller models that run on your phone will matter more than the giant ones.",
        "Reading group this week is on agents that use phones like people do. Tap, scroll, read, repeat.",
    ],
    "leafrost": [
        "Month-long review of the Pixelon 9 Pro is up. Best camera of the year, worst charger in the box (there is no charger).",
        "I have 14 phones on my desk right now. Send help, or chargers.",
        "The best earbuds I tested this year cost $79. Full roundup this weekend.",
        "Foldables finally feel like phones first and experiments second. #TechPredictions",
    ],
    "marcusyu": [
        "Three seed rounds closed in my feed this week for apps that summarize meetings. The meeting is still an hour long.",
        "Founders: your deck does not need a slide called Why Now. Just tell me why now.",
        "Startup funding in the Bay Area was up 14% in 2025, mostly thanks to AI infrastructure.",
        "Unpopular opinion: the best startup perk is a quiet office.",
    ],
    "ninaweiss": [
        "Released version 3.0 of our little database library. 412 commits, 31 contributors, 1 very tired maintainer.",
        "Bread update: the starter survived the holidays. So did I, barely.",
        "Reminder that open source maintainers are people. Say thanks in an issue sometimes.",
    ],
    "tobyhale": [
        "Camera test at Lands End this morning: fog, fog, and a surprising amount of fog.",
        "My cat has now been in more product photos than most models. She works for treats.",
        "Testing three phone tripods for a review. One of them is held together by hope.",
    ],
}.items():
    for t in ts:
        post(a, t, days=(0.5, 15) if "#TechPredictions" in t else (1, 92),
             media="forest" if "Lands End" in t else ("portrait" if "cat" in t else None),
             alt="Cypress trees in the fog at Lands End" if "Lands End" in t else ("A cat next to a phone" if "cat" in t else ""))

# athletes
for a, ts in {
    "marcusbell23": [
        "Overtime wins hit different. Thank you Bay, that crowd was LOUD. #BayBombers",
        "Bell Foundation gave away 5,000 books this month. Every kid deserves a library at home.",
        "Recovery day: ice bath, film session, and my mom's gumbo. In that order.",
        "Happy New Year from the road! 2026, let's get it. #NewYearsEve",
        "Shoutout to the Oakland Tech girls team, 12-0 and counting. Proud of y'all.",
        "Free throws after practice, every day, no exceptions. 500 makes today.",
    ],
    "sofiareyes": [
        "Last long run of 2025: 22 miles at altitude. Legs say goodbye, lungs say thank you.",
        "Race announcement: I'll be running the Bay City Marathon in April! Who's coming?",
        "Coffee first, miles second. Always in that order.",
        "My running resolution for 2026: more rest days. I mean it this time. #Resolutions",
        "Huge thanks to the Golden Gate Run Club for having me at Saturday's run. 300 runners in the rain!",
    ],
    "jalenbrooks": [
        "Blessed to be back on the field. One game at a time.",
        "Film room, weight room, family room. That's the week.",
        "To every kid who was told they're too small: keep going.",
        "Merry Christmas from our house to yours. Grateful for every one of you.",
    ],
    "miatanaka": [
        "Off to Melbourne! First tournament of the year starts in two weeks.",
        "Mochi has learned to steal tennis balls from the practice cart. She's a menace.",
        "Ending 2025 at a career-high ranking. Thank you team, thank you fans.",
        "Practice session in the heat today. 104 F on court. Hydrate, people.",
    ],
    "harborfc": [
        "FULL TIME: Harbor FC 2-1 Sacramento Republic. Three points at home! #HarborFC",
        "Season tickets for 2026 are on sale now. Join us at the Yard. #HarborFC",
        "Welcome to Harbor FC, Diego Alvarez! The midfielder signs a three-year deal. #HarborFC",
        "Training is back on Jan 6. Preseason opener at home on Feb 14. #HarborFC",
        "Community day at Kezar Stadium: 600 kids, 40 coaches, one very muddy field.",
    ],
    "baybombers": [
        "FINAL/OT: Bombers 118, Denver 112. Marcus Bell with 34 points and the go-ahead three. #BayBombers",
        "Game day! Bombers host Portland at 7:30 tonight. #BayBombers",
        "Happy New Year, Bombers fans! See you Saturday against Phoenix. #NewYearsEve",
        "Injury update: Theo Grant (ankle) is day-to-day.",
        "Bombers Kids Clinic is back on Jan 17. Sign-ups open now.",
    ],
    "kaimoana": [
        "Mavericks is on yellow alert for next week. Waxing everything. Again.",
        "Sunrise session at Steamer Lane. The ocean was kind today.",
        "Picked up 40 pounds of trash on the beach after the storm with the crew. Ocean first.",
        "Water is 54 F for the #PolarPlunge tomorrow. Amateurs. (See you there.)",
    ],
}.items():
    for t in ts:
        media = None
        if "Steamer Lane" in t or "beach" in t:
            media = "beach"
        post(a, t, days=(0.05, 4) if ("#NewYearsEve" in t or "#PolarPlunge" in t or "OT" in t or "Overtime" in t or "#Resolutions" in t) else (1, 92),
             media=media, alt="Waves at sunrise" if media else "")

# chefs
for a, ts in {
    "chefmarco": [
        "Cacio e pepe is three ingredients and forty years of practice.",
        "New on the menu at Osteria Bellini: chestnut tagliatelle with brown butter and sage.",
        "#HolidayBaking in the restaurant kitchen: 300 panettone, one oven, no sleep.",
        "The secret to great tomato sauce is patience. And a lot of olive oil. Mostly the olive oil.",
        "We're closed Jan 1-3 so the team can rest. See you on the 4th!",
    ],
    "rosadelgado": [
        "Tamales season in my kitchen: 12 dozen down, 6 dozen to go. #HolidayBaking",
        "Comal is a Gourmand Award finalist! I'm crying in my apron.",
        "A good salsa macha fixes everything. Eggs, rice, a bad day.",
        "Pan de muerto? No. Rosca de reyes! Recipe coming before Jan 6. #HolidayBaking",
    ],
    "kenjimori": [
        "Broth started at 4 a.m. Doors open at 11. Come hungry.",
        "We're making a limited miso ramen for New Year's week. Only 60 bowls a day.",
        "The best ramen is the one you eat standing up at 1 a.m. I don't make the rules.",
        "Thank you Japantown for a wonderful 2025. See you in the new year.",
    ],
    "thepastalab": [
        "Friday night pasta class: 12 strangers, 1,200 ravioli, zero strangers by the end.",
        "New kit: pumpkin ravioli with sage butter. Ships Monday.",
        "Gift cards are the perfect last-minute present. Just saying.",
    ],
    "bakerbea": [
        "Sourdough class is full, but I added a second one on Jan 11. #HolidayBaking",
        "Cardamom buns, the Swedish way. Recipe on my site. #HolidayBaking",
        "My oven broke on Christmas Eve. The cinnamon rolls were baked in a neighbor's kitchen. Community!",
        "Butter is a vegetable. I will not be taking questions.",
    ],
    "greenbowlsf": [
        "New winter bowl: roasted squash, farro, kale, pickled onion and tahini.",
        "We're closed Dec 24 through Jan 1. Happy holidays from the whole team!",
        "Pro tip: order ahead on our site and skip the line.",
    ],
}.items():
    for t in ts:
        media = "food" if any(k in t for k in ["tagliatelle", "Tamales", "ravioli", "Cardamom", "bowl:", "miso"]) else None
        post(a, t, days=(0.5, 14) if "#HolidayBaking" in t or "New Year" in t else (1, 92), media=media,
             alt="A plate of food on a wooden table" if media else "")

# local friends
for a, ts in {
    "aaliyahj": [
        "Twelve-hour shift done. Now for the best part: pancakes at 8 a.m.",
        "Signed up for the Bay City half marathon in April. Who wants to train with me?",
        "Nurses who work New Year's Eve deserve a parade. Just saying. #NewYearsEve",
        "Who's doing the #PolarPlunge at Ocean Beach tomorrow morning? I need moral support.",
    ],
    "priyasharma": [
        "My 4th graders built volcanoes today. The classroom smells like vinegar and victory.",
        "Winter break reading list: three novels and zero lesson plans.",
        "Resolution for 2026: learn to make proper dosa. My mom is already laughing. #Resolutions",
    ],
    "danielkim": [
        "Built a new keyboard this weekend. It's loud. My neighbors know.",
        "Our team shipped the new onboarding flow today. Huge thanks to @alexrivera for the designs!",
        "Debugging at 5 p.m. in the last week of the year. Living the dream.",
        "Hot take: tabs vs spaces is over. We all lost.",
    ],
    "chloedubois": [
        "I have tried every croissant in this city. The ranking will be published. People will be upset.",
        "Learning to make a proper galette des rois for January. #HolidayBaking",
        "Fog in the morning, sun at noon, fog again at 4. San Francisco, you are a drama queen.",
        "The new bakery on Valencia makes a kouign-amann that made me homesick in the best way.",
    ],
    "bencarter": [
        "Rode up Mount Tam in the rain this morning. Would not recommend. Would do again.",
        "Trail run at Lands End with @alexrivera. He says he wasn't tired. He was tired.",
        "New bike day! Thanks @spokesbikes for the fit.",
        "Climbing gym has a new wall and my forearms have filed a complaint.",
    ],
    "julianowak": [
        "Pierogi saw the ocean for the first time today. He barked at a wave for ten minutes.",
        "Sunset from Bernal Hill tonight. No filter, just fog.",
        "Anyone know a good dog walker in Noe Valley? Asking for Pierogi.",
        "Took 412 photos at the lights in Golden Gate Park. Kept 9.",
        "Brunch recommendations in the Mission that aren't a 2-hour wait? Asking for a hungry friend.",
    ],
    "liammurphy": [
        "The Golden Tones play the Fox on Jan 24! Tickets are going fast.",
        "Broke a string mid-solo last night and pretended it was on purpose.",
        "Guitar lessons are back on Tuesdays starting Jan 6. Beginners welcome.",
    ],
    "noahw": [
        "Bombers in overtime and I have aged ten years. #BayBombers",
        "Season ticket holder confession: I still leave early to beat traffic. Then I regret it.",
        "Resolutions: watch fewer games on my phone while watching the game on TV. #Resolutions",
    ],
    "zoenguyen": [
        "Ran six user interviews today. Every single person used the app in a way we never designed for. I love this job.",
        "If your settings page needs a search bar, you have too many settings.",
        "Design critique with @alexrivera today was the most useful hour of my week.",
        "New year, new notebook. The blank first page is terrifying.",
    ],
    "mayapatel": [
        "Planning a trip to Yosemite in February. Tips for winter camping welcome!",
        "Sent my first V5 at the gym today!!",
        "Resolution: one new hike every month in 2026. January is Mount Diablo. #Resolutions",
    ],
    "emmaschmidt": [
        "Garlic is in the ground. See you in June, little guys.",
        "The community garden compost pile reached 140 F today. Science!",
        "Seed catalogs arrived. My budget is in danger.",
    ],
    "jackthompson": [
        "Ferry commute perk: I saw whales this morning. Desk job perk: none.",
        "Brewed a winter porter with coffee from @ridgelinecoffee. Dangerous.",
        "The Alameda flea market is back on Jan 4. My garage is not ready.",
    ],
    "isabellarossi": [
        "Nonna's lasagna is back on the menu at Rossi Trattoria for the holidays. Same recipe since 1962.",
        "We're hiring a line cook! Good pay, family meal, and my playlist.",
        "Happy New Year from all of us at Rossi Trattoria. Grazie for another beautiful year. #NewYearsEve",
    ],
    "hiroshisato": [
        "Chinatown at dawn, before the delivery trucks. My favorite hour in the city.",
        "Printed my first zine of street photos. 100 copies, hand stapled.",
        "The fog rolled over Twin Peaks like a slow wave tonight.",
    ],
}.items():
    for t in ts:
        media = None
        if "Sunset from Bernal" in t or "fog rolled" in t:
            media = "sunset"
        elif "Chinatown" in t:
            media = "city"
        elif "ocean for the first time" in t:
            media = "beach"
        elif "lasagna" in t:
            media = "food"
        recent = "#NewYearsEve" in t or "#Resolutions" in t or "Overtime" in t or "overtime" in t or "#PolarPlunge" in t
        post(a, t, days=(0.05, 3) if recent else (1, 92), media=media,
             alt={"sunset": "Sunset over the city", "city": "A quiet street at dawn", "beach": "A beagle at the beach",
                  "food": "A tray of lasagna"}.get(media, ""))

# local businesses: announcements of January events (event_* fields) and everyday posts
EVENTS = [
    ("mainstlibrary", "Winter Book Swap", "2026-01-10", "10:00", "13:00", "Main Street Library",
     "Bring a book, take a book! Our Winter Book Swap is Saturday, Jan 10 from 10am to 1pm in the community room. #BookSwap"),
    ("mainstlibrary", "Author Talk with Grace Oyelaran", "2026-01-15", "18:30", "19:30", "Main Street Library",
     "Author Talk: Grace Oyelaran reads from her new novel The Salt Roads on Thursday, Jan 15 at 6:30pm. Free, no registration."),
    ("ferryfarmersmkt", "Citrus Festival", "2026-01-17", "09:00", "12:00", "Ferry Building",
     "Citrus Festival at the market: Saturday, Jan 17, 9am-noon. Tastings of 30 kinds of citrus, plus marmalade demos."),
    ("ggrunclub", "New Year Resolution Run", "2026-01-03", "08:00", "09:30", "Crissy Field",
     "New Year Resolution Run: Saturday, Jan 3 at 8am from Crissy Field. 5K and 10K routes, all paces, free coffee after. #GGRunClub"),
    ("bayscimuseum", "Science After Dark: Space", "2026-01-22", "18:00", "22:00", "Bay Science Museum",
     "Science After Dark returns Thursday, Jan 22, 6-10pm. Theme: space! Telescopes on the roof and a planetarium show. 21+."),
    ("pagesbooks", "Poetry Night", "2026-01-08", "19:00", "20:30", "Pages Bookshop",
     "Open mic Poetry Night at Pages: Thursday, Jan 8 at 7pm. Sign-up sheet at the register from 6:30."),
    ("sunriseyogasf", "New Year Sunrise Yoga", "2026-01-04", "07:00", "08:00", "Sunrise Yoga Studio",
     "Start the year grounded: New Year Sunrise Yoga on Sunday, Jan 4 at 7am. Donation-based, all levels."),
    ("tapandbarrel", "Winter Trivia Championship", "2026-01-14", "19:00", "21:00", "Tap & Barrel Brewing",
     "The Winter Trivia Championship is Wednesday, Jan 14 at 7pm. Teams of up to 6. Winners drink free for a month!"),
    ("fogcitycomedy", "New Faces Showcase", "2026-01-09", "20:00", "22:00", "Fog City Comedy Club",
     "New Faces Showcase: eight comics, one night. Friday, Jan 9 at 8pm. $10 at the door."),
    ("dolorescg", "Garden Workday", "2026-01-11", "10:00", "12:00", "Dolores Community Garden",
     "Garden Workday this Sunday, Jan 11 from 10am to noon. We're building new beds. Gloves provided, snacks too."),
    ("supanatorres", "District 7 Town Hall", "2026-01-13", "18:00", "19:30", "Parkside Library",
     "Join me for a District 7 Town Hall on Tuesday, Jan 13 at 6pm at the Parkside Library. Topics: street safety and housing."),
    ("thegoldentones", "The Golden Tones at the Fox", "2026-01-24", "20:00", "23:00", "Fox Theater",
     "Oakland! The Golden Tones play the Fox Theater on Saturday, Jan 24 at 8pm. Doors at 7. This one's going to be loud."),
    ("spokesbikes", "Panhandle Group Ride", "2026-01-18", "09:00", "11:00", "Spokes Bike Shop",
     "Panhandle Group Ride: Sunday, Jan 18 at 9am from the shop. 20 miles, no-drop, coffee stop at the beach."),
]
for (a, title, date, start, end, place, text) in EVENTS:
    post(a, text, days=(0.5, 9), event=dict(event_title=title, event_date=date, event_start=start, event_end=end, event_place=place))
for a, ts in {
    "mainstlibrary": ["Our holiday hours: closed Dec 25 and Jan 1. Due dates are extended automatically.",
                      "Staff picks for winter: 12 books to read under a blanket."],
    "ferryfarmersmkt": ["Persimmons, mandarins and the first Dungeness crab of the season are here this Saturday.",
                        "Holiday schedule: the market is open Dec 31 from 8 to 1, closed Jan 1."],
    "ggrunclub": ["300 runners in the rain on Saturday! Thank you @sofiareyes for running with us. #GGRunClub",
                  "Saturday's route: Crissy Field to the Golden Gate Bridge and back, 5 miles. #GGRunClub"],
    "bayscimuseum": ["New exhibit: Tide Pools, Up Close. Touch a sea star (gently)!",
                     "Look up tonight! The Wolf Moon is the first full moon of the year. #WolfMoon"],
    "crumbandco": ["Galette des rois preorders are open for Jan 6. Find the bean, wear the crown. #HolidayBaking",
                   "Sold out of morning buns by 9:15 today. We're baking more tomorrow, promise.",
                   "Happy New Year from the bakery! We're open 8-2 on Jan 1 for all your croissant needs. #NewYearsEve"],
    "spokesbikes": ["Winter tune-up special: $65 through January. Your bike will thank you.",
                    "Rain riding tip: fenders are not optional in December."],
    "ridgelinecoffee": ["New single origin from Huila, Colombia: notes of red apple, caramel and cocoa.",
                        "Our Dogpatch cafe is open 7-3 on New Year's Day. Coffee for the brave. #NewYearsEve"],
    "pagesbooks": ["Our staff's favorite books of 2025 are on the front table. Come argue with us.",
                   "We gift-wrapped 1,400 books this December. Our hands are tired and happy."],
    "sunriseyogasf": ["January intro offer: 10 classes for $99.", "Rainy mornings are for slow flows."],
    "tapandbarrel": ["Our winter porter is back on tap. It's basically dessert.", "Trivia tonight at 7! Theme: the 90s."],
    "fogcitycomedy": ["Sold out New Year's Eve show! Thank you San Francisco. #NewYearsEve",
                      "Owen Park headlines all weekend. Get tickets before they're gone."],
    "dolorescg": ["The compost is hot, the kale is happy, and the volunteers are the best.",
                  "We have 6 open plots for 2026! Apply on our site."],
    "presidiopets": ["Fireworks tonight: keep pets indoors, close the curtains, and play some music. #NewYearsEve",
                     "Meet Biscuit, our clinic cat. He is not for adoption. He runs the place.",
                     "Holiday reminder: chocolate, grapes and xylitol are dangerous for dogs."],
    "taqueriaelsol": ["Tamales for the holidays! Order by the dozen. #HolidayBaking",
                      "Open late on New Year's Eve until 2 a.m. Tacos are the best midnight snack. #NewYearsEve",
                      "27 years on 24th Street. Thank you, Mission."],
    "supanatorres": ["Thanks to everyone who came to last month's community cleanup. 2,000 pounds of trash collected!",
                     "The Sloat Boulevard safety project starts construction in March. New crosswalks and a protected bike lane."],
    "orbitlab": ["The Wolf Moon rises Saturday, Jan 3: the first full moon of 2026. Look east at sunset. #WolfMoon",
                 "Our rover just drove its 30th kilometer. Slow and steady.",
                 "Tonight the International Space Station passes over the Bay Area at 6:42 p.m. for 5 minutes.",
                 "Why is the sky dark at night? The answer involves the age of the universe. Thread tomorrow.",
                 "Happy New Year from the Orbit Lab team! 2026: 4 launches planned. #NewYearsEve"],
    "lunathecorgi": ["I have been told I am not allowed on the couch. I am on the couch.",
                     "Fireworks tonight. I will be under the bed. Do not look for me. #NewYearsEve",
                     "Caught a leaf. Best day ever.", "Groomer day. I look like a marshmallow. I feel like a marshmallow."],
    "owenpark": ["My mom watched my special and her review was: you should call more.",
                 "Doing five nights at @fogcitycomedy this month. Come heckle me gently.",
                 "New Year's resolution: stop buying gadgets I saw in an ad at 2 a.m. #Resolutions"],
    "thegoldentones": ["Back in the studio finishing Westbound. March can't come soon enough.",
                       "Thank you Sacramento! Best crowd of the tour."],
    "elenashoots": ["The Golden Gate at 6:58 this morning. Fog like whipped cream.",
                    "Teaching a street photography workshop in February. Five spots left.",
                    "Every year I take one photo on the last sunrise of the year. Here's 2025's."],
}.items():
    for t in ts:
        media = None
        if "Golden Gate at 6:58" in t or "last sunrise" in t:
            media = "sunset"
        elif "Biscuit" in t or "marshmallow" in t or "couch" in t:
            media = "portrait"
        elif "sea star" in t:
            media = "beach"
        recent = "#NewYearsEve" in t or "#WolfMoon" in t or "#Resolutions" in t
        post(a, t, days=(0.05, 2) if recent else (1, 92), media=media,
             alt={"sunset": "Sunrise over the Golden Gate", "portrait": "A pet looking at the camera",
                  "beach": "A sea star in a tide pool"}.get(media, ""))

# the owner's own posts
for t in [
    "Redesigned our onboarding flow this quarter. Fewer screens, more coffee.",
    "Trail run at Lands End with @bencarter this morning. Legs are jelly.",
    "Hot take: every settings screen should have an undo button.",
    "First rain of the season and the whole city forgot how to drive.",
    "Designing an app for people who hate apps. Wish me luck.",
    "Best croissant in the city? @chloedubois has a ranking and I'm scared to ask.",
    "The fog rolled in at exactly 4:02 p.m. like it had a meeting to get to.",
    "Finished reading The Design of Everyday Things for the third time. Still underlining.",
    "New running shoes, same slow pace.",
    "Grateful for a team that argues about pixels with love. Happy holidays, Brightline!",
    "My 2026 resolution: fewer tabs open, more pages read. #Resolutions",
    "Watched the fireworks from Bernal Hill with half the neighborhood. Happy New Year, everyone! #NewYearsEve",
]:
    days = (0.2, 1) if "#NewYearsEve" in t else ((1, 2) if "#Resolutions" in t else (2, 92))
    post("alexrivera", t, days=days, media="night" if "fireworks" in t else None,
         alt="Fireworks over the city" if "fireworks" in t else "")

# mentions of the owner by friends (notifications)
for a, t in [
    ("mayapatel", "Planning a Mount Diablo hike for Jan 10 with @alexrivera and @bencarter. Who else is in?"),
    ("julianowak", "Thanks @alexrivera for watching Pierogi this weekend. He says you give the best belly rubs."),
    ("chloedubois", "Okay @alexrivera, the croissant ranking is done. You're not going to like number one."),
    ("aaliyahj", "Shoutout to @alexrivera for the birthday playlist. Half of it was bad puns, the other half was perfect."),
]:
    post(a, t, days=(0.3, 12))

# ----------------------------------------------------------------------------- times
def when(days, hours):
    lo, hi = days
    for _ in range(100):
        d = lo + (hi - lo) * rng.random() ** 1.6
        t = NOW - int(d * DAY)
        h = (t // HOUR) % 24
        if hi <= 1.3 or hours[0] <= h <= hours[1]:
            break
    t = min(t, NOW - 8 * MIN)
    return max(OCT1 + HOUR, t - t % 60000)


for p in P:
    p["time_ms"] = when(p["days"], p["hours"])

# ----------------------------------------------------------------------------- replies and quotes
REPLIES = {
    "news": ["This is huge for the neighborhood.", "Finally. It's been years.", "Who is paying for this?",
             "Great reporting, thank you.", "I'll believe it when I see it.", "Can you share the full report?",
             "My commute just got a little better.", "Sending this to my landlord immediately."],
    "transit": ["Stuck at Carl and Cole right now, can confirm.", "Thanks for the update!", "Again?",
                "The shuttle driver was a hero today.", "Any idea when it'll be fixed?"],
    "weather": ["My backyard is a lake.", "Thanks for the heads up!", "Finally some rain for the reservoirs.",
                "Bringing the dog inside.", "Called it. Umbrella was the right call."],
    "tech": ["Great read, thanks for writing it.", "Strong agree.", "Respectfully, no.",
             "Bookmarking this for later.", "The part about batteries surprised me.", "This thread is gold."],
    "athlete": ["LET'S GO!", "What a game!", "Legend.", "My heart can't take another overtime.",
                "Proud of you!", "See you at the game Saturday!"],
    "chef": ["Making this tonight.", "I need this recipe immediately.", "Worth the trip every time.",
             "My grandmother would approve.", "Saving this for the weekend."],
    "friend": ["Ha! Love this.", "Count me in!", "Same here.", "This made my day.", "Miss you, let's catch up soon!",
               "Send pics!"],
    "local": ["See you there!", "Can't wait!", "Is it kid friendly?", "Love this place.", "Thanks for organizing!"],
}
REPLIERS = ["aaliyahj", "priyasharma", "danielkim", "chloedubois", "bencarter", "julianowak", "liammurphy", "noahw",
            "zoenguyen", "mayapatel", "emmaschmidt", "jackthompson", "hiroshisato", "isabellarossi", "ninaweiss",
            "tobyhale", "marcusyu", "owenpark", "elenashoots"]
KIND_REPLY = {"news": "news", "transit": "transit", "weather": "weather", "tech": "tech", "athlete": "athlete", "chef": "chef",
              "friend": "friend", "owner": "friend", "local": "local", "civic": "news", "science": "tech", "misc": "friend"}

top = sorted(P, key=lambda p: p["time_ms"])
R = []  # replies: dict(author, text, parent (index into top or R as ('t', i)), time_ms)
# threads under popular or friendly posts
cands = [i for i, p in enumerate(top) if BY[p["author"]]["kind"] != "owner"]
rng.shuffle(cands)
used_texts = set()
for i in cands[:30]:
    p = top[i]
    pool = REPLIES[KIND_REPLY[BY[p["author"]]["kind"]]]
    n = rng.choice([1, 1, 2, 2, 3])
    who = rng.sample([r for r in REPLIERS if r != p["author"]], n)
    t = p["time_ms"]
    for w in who:
        text = rng.choice(pool)
        k = 0
        while (text, i) in used_texts and k < 10:
            text = rng.choice(pool)
            k += 1
        used_texts.add((text, i))
        t = min(NOW - 5 * MIN, t + rng.randint(3, 180) * MIN)
        R.append(dict(author=w, text=text, parent=("t", i), time_ms=t))
# replies to the owner's posts, and the owner answering
own = [i for i, p in enumerate(top) if p["author"] == "alexrivera"]
OWN_REPLIES = {
    "Trail run at Lands End": [("bencarter", "Jelly legs are a sign of a good run. Same time next week?"),
                              ("alexrivera", "@bencarter Only if we stop for coffee halfway.")],
    "Hot take: every settings": [("zoenguyen", "Undo everywhere. I'd go further: undo for life decisions."),
                                 ("danielkim", "Filing a ticket for this right now.")],
    "Designing an app": [("zoenguyen", "The best users to design for. They'll tell you the truth.")],
    "Best croissant": [("chloedubois", "You're right to be scared. Publishing it Friday."),
                       ("alexrivera", "@chloedubois I'm ready. I think.")],
    "New running shoes": [("aaliyahj", "Slow miles are still miles!"), ("bencarter", "Same pace, better shoes. Progress!")],
    "Grateful for a team": [("danielkim", "Best team. Happy holidays!")],
    "Watched the fireworks": [("julianowak", "Happy New Year! Pierogi says hi from under the couch."),
                               ("mayapatel", "Happy New Year, Alex! Diablo hike is on!")],
    "My 2026 resolution": [("zoenguyen", "I have 47 tabs open reading this.")],
}
for i in own:
    for key, lst in OWN_REPLIES.items():
        if top[i]["text"].startswith(key):
            t = top[i]["time_ms"]
            prev = ("t", i)
            for (w, text) in lst:
                t = min(NOW - 5 * MIN, t + rng.randint(5, 90) * MIN)
                parent = prev if w == "alexrivera" else ("t", i)
                R.append(dict(author=w, text=text, parent=parent, time_ms=t))
                if w != "alexrivera":
                    prev = ("r", len(R) - 1)
# the owner replying to others
for key, text in [("Sent my first V5", "Huge! Next stop, V6."), ("Pierogi saw the ocean", "Protect the coast, Pierogi."),
                  ("Our team shipped the new onboarding", "Couldn't have done it without you, Daniel!"),
                  ("I have tried every croissant", "Please be gentle with Tartine."),
                  ("The Golden Tones play the Fox", "Already got my tickets!")]:
    i = next(j for j, p in enumerate(top) if p["text"].startswith(key))
    R.append(dict(author="alexrivera", text=text, parent=("t", i), time_ms=min(NOW - 5 * MIN, top[i]["time_ms"] + rng.randint(10, 200) * MIN)))

Q = []  # quotes: (author, text, quoted index)
for key, w, text in [
    ("The Board of Supervisors approved", "zoenguyen", "Trash cans are a design problem and I'm glad someone noticed."),
    ("Nobody legitimate will ever DM you", "danielkim", "Print this and put it on every fridge."),
    ("FINAL/OT: Bombers 118", "noahw", "I was there. I screamed. I have no voice. Worth it. #BayBombers"),
    ("Review: the Pixelon 9 Pro", "tobyhale", "Our camera test photos are in the review. The night mode is silly good."),
    ("December 2025 was the wettest", "emmaschmidt", "The garden is thrilled. The gardener is damp."),
    ("Bring a book, take a book!", "julianowak", "Dropping off my 40 mystery novels. You're welcome, library."),
    ("Citrus Festival at the market", "chloedubois", "Marmalade demos? I'm moving into the Ferry Building."),
    ("Race announcement: I'll be running", "aaliyahj", "See you at the start line, Sofia! #Resolutions"),
    ("Our #TechPredictions for 2026", "devonclarke", "Batteries getting boring is the best prediction here."),
]:
    i = next(j for j, p in enumerate(top) if p["text"].startswith(key))
    Q.append(dict(author=w, text=text, quoted=i, time_ms=min(NOW - 5 * MIN, top[i]["time_ms"] + rng.randint(20, 400) * MIN)))

# ----------------------------------------------------------------------------- assemble, ids by time
items = []
for i, p in enumerate(top):
    items.append(("t", i, p["time_ms"]))
for i, r in enumerate(R):
    items.append(("r", i, r["time_ms"]))
for i, q in enumerate(Q):
    items.append(("q", i, q["time_ms"]))
# fill up to 400 with extra replies under news / sports posts
extra_pool = [i for i, p in enumerate(top) if BY[p["author"]]["kind"] in ("news", "athlete", "transit", "weather", "tech", "chef")]
while len(items) < 400:
    i = rng.choice(extra_pool)
    p = top[i]
    w = rng.choice([r for r in REPLIERS if r != p["author"]])
    text = rng.choice(REPLIES[KIND_REPLY[BY[p["author"]]["kind"]]])
    if (text, i) in used_texts:
        continue
    used_texts.add((text, i))
    R.append(dict(author=w, text=text, parent=("t", i), time_ms=min(NOW - 5 * MIN, p["time_ms"] + rng.randint(5, 600) * MIN)))
    items.append(("r", len(R) - 1, R[-1]["time_ms"]))
assert len(items) == 400, len(items)
items.sort(key=lambda x: (x[2], x[0], x[1]))
pid = {}
for n, (k, i, _) in enumerate(items):
    pid[(k, i)] = "p%03d" % (n + 1)
# a parent must come before its reply: bump times if needed
posts = []
for n, (k, i, t) in enumerate(items):
    if k == "t":
        src = top[i]
        reply_to, quote_of = "", ""
    elif k == "r":
        src = R[i]
        reply_to, quote_of = pid[src["parent"]], ""
    else:
        src = Q[i]
        reply_to, quote_of = "", pid[("t", src["quoted"])]
    posts.append(dict(id=pid[(k, i)], author=src["author"], text=src["text"], time_ms=t, reply_to=reply_to,
                      quote_of=quote_of, photo=""))
    if k == "t":
        if src.get("media"):
            posts[-1]["media"] = dict(kind=src["media"], palette=rng.randrange(6), seed=rng.randrange(1, 10000))
            posts[-1]["media_alt"] = src["alt"]
        if src.get("event"):
            posts[-1].update(src["event"])
index = {p["id"]: p for p in posts}
for p in posts:
    if p["reply_to"]:
        assert index[p["reply_to"]]["time_ms"] <= p["time_ms"], p
    if p["quote_of"]:
        assert index[p["quote_of"]]["time_ms"] <= p["time_ms"], p

# ----------------------------------------------------------------------------- engagement
in_world_replies = {}
in_world_quotes = {}
for p in posts:
    if p["reply_to"]:
        in_world_replies[p["reply_to"]] = in_world_replies.get(p["reply_to"], 0) + 1
    if p["quote_of"]:
        in_world_quotes[p["quote_of"]] = in_world_quotes.get(p["quote_of"], 0) + 1
for p in posts:
    f = BY[p["author"]]["followers"]
    if p["reply_to"]:
        likes = rng.randint(0, 40) if f < 5000 else rng.randint(2, 300)
    else:
        likes = int(f * rng.uniform(0.0006, 0.004)) + rng.randint(1, 12)
        if BY[p["author"]]["kind"] in ("friend", "owner"):
            likes = rng.randint(3, 48)
    p["likes"] = likes
    p["reposts"] = int(likes * rng.uniform(0.04, 0.22)) if likes > 5 else rng.randint(0, 1)
    p["quotes"] = in_world_quotes.get(p["id"], 0) + (int(p["reposts"] * rng.uniform(0.02, 0.1)) if p["reposts"] > 20 else 0)
    p["replies"] = in_world_replies.get(p["id"], 0) + (int(likes * rng.uniform(0.01, 0.06)) if likes > 100 else 0)
    p["views"] = likes * rng.randint(22, 90) + rng.randint(40, 400)
    p["bookmarks"] = int(likes * rng.uniform(0.005, 0.05))
    p["liked"] = False
    p["reposted"] = False
    p["bookmarked"] = False

# the owner's likes, reposts and bookmarks: never an account's newest top-level post (tasks act on those)
newest = {}
for p in posts:
    if not p["reply_to"]:
        newest[p["author"]] = p["id"]
pool = [p for p in posts if p["author"] != "alexrivera" and p["id"] not in newest.values() and not p["reply_to"]]
rng.shuffle(pool)
for p in pool[:22]:
    p["liked"] = True
    p["likes"] += 1
for p in pool[22:26] + pool[:2]:
    p["reposted"] = True
    p["reposts"] += 1
for p in pool[26:32] + pool[2:4]:
    p["bookmarked"] = True
    p["bookmarks"] += 1
for p in posts:  # the owner likes replies to his own posts
    if p["reply_to"] and index[p["reply_to"]]["author"] == "alexrivera" and p["author"] != "alexrivera" and rng.random() < 0.6:
        p["liked"] = True
        p["likes"] += 1

# field order, and a check of what tasks rely on
KEYS = ["id", "author", "text", "time_ms", "reply_to", "quote_of", "photo", "likes", "reposts", "quotes", "replies", "views",
        "bookmarks", "liked", "reposted", "bookmarked"]
out_posts = []
for p in posts:
    o = {k: p[k] for k in KEYS}
    for k in ["media", "media_alt", "event_title", "event_date", "event_start", "event_end", "event_place"]:
        if k in p:
            o[k] = p[k]
    out_posts.append(o)
texts = [p["text"] for p in posts if not p["reply_to"]]
assert len(texts) == len(set(texts)), "duplicate top-level text"
for a in A:
    if a["id"] != "alexrivera":
        assert any(p["author"] == a["id"] and not p["reply_to"] for p in posts), a["id"]

# ----------------------------------------------------------------------------- trends
TRENDS = [
    ("#NewYearsEve", "Trending in San Francisco", 48210),
    ("#WinterStorm", "Weather · Trending", 31904),
    ("Bay Bombers", "Sports · Trending", 22480),
    ("#TechPredictions", "Technology · Trending", 15302),
    ("#HolidayBaking", "Food · Trending", 12040),
    ("Resolutions", "Trending", 74900),
    ("#WolfMoon", "Science · Trending", 18766),
    ("#HarborFC", "Sports · Trending", 9812),
    ("#MuniDelays", "Trending in San Francisco", 6230),
    ("#PolarPlunge", "Trending in San Francisco", 4118),
]
trends = [dict(id="t%d" % (i + 1), rank=i + 1, name=n, category=c, posts_count=k) for i, (n, c, k) in enumerate(TRENDS)]
for t in trends:
    q = t["name"].lower().lstrip("#").replace(" ", "")
    assert sum(1 for p in posts if q in p["text"].lower().replace(" ", "").replace("#", "")) >= 3, t

# ----------------------------------------------------------------------------- lists
lists = [
    dict(id="l1", name="SF Essentials", description="Transit, weather and local news", members=["sfmetro", "bayweather", "baycitychron", "kqld7", "bayferry"],
         private=False, created_ms=1760810400000),
    dict(id="l2", name="Tech Reads", description="Writers worth reading", members=["priyaraman", "devonclarke", "hortiztech", "samuelokoye", "ninaweiss"],
         private=False, created_ms=1762437600000),
]

# ----------------------------------------------------------------------------- conversations
def msgs(start, lines):
    out, t = [], start
    for n, (who, text, gap) in enumerate(lines):
        t += gap * MIN
        out.append(dict(id=n + 1, **{"from": who}, text=text, time_ms=t))
    return out


D = lambda y, m, d, h, mi: int(__import__("calendar").timegm((y, m, d, h, mi, 0))) * 1000
conversations = [
    dict(id="c1", **{"with": "julianowak"}, read_ms=D(2025, 12, 31, 18, 0), messages=msgs(D(2025, 12, 31, 16, 0), [
        ("them", "Are you still up for brunch on Saturday?", 0), ("me", "Yes! Where are we going?", 12),
        ("them", "Thinking Plow in Potrero. 10:30?", 5), ("me", "Perfect. Can Pierogi come?", 3),
        ("them", "He insists. Bring treats.", 2)])),
    dict(id="c2", **{"with": "danielkim"}, read_ms=D(2025, 12, 30, 12, 0), messages=msgs(D(2025, 12, 30, 11, 0), [
        ("them", "Did you see the crash report from the new onboarding build?", 0),
        ("me", "Yeah, it's the date picker again. I'll mock up a fix.", 20),
        ("them", "Legend. Lunch at Green Bowl when we're back on the 5th?", 6), ("me", "Deal.", 1)])),
    dict(id="c3", **{"with": "mayapatel"}, read_ms=D(2025, 12, 29, 20, 0), messages=msgs(D(2025, 12, 29, 19, 0), [
        ("them", "Diablo hike on Jan 10, you in?", 0), ("me", "In! Which trail?", 30),
        ("them", "Mitchell Canyon to the summit. Meet at 8 at the trailhead.", 4),
        ("them", "Bring layers, it's cold up top.", 1)])),
    dict(id="c4", **{"with": "chloedubois"}, read_ms=D(2025, 12, 27, 10, 0), messages=msgs(D(2025, 12, 26, 18, 0), [
        ("me", "Be honest, where does Tartine land in the ranking?", 0),
        ("them", "I can't tell you. It would ruin the surprise.", 45),
        ("them", "Okay fine. Top five. That's all you get.", 2)])),
    dict(id="c5", **{"with": "priyaraman"}, read_ms=D(2025, 12, 19, 16, 0), messages=msgs(D(2025, 12, 19, 15, 0), [
        ("them", "Hi Alex! I'm writing about design tools for the Jan 5 issue. Could I quote you on how your team prototypes?", 0),
        ("me", "Happy to! We sketch on paper first, then build clickable prototypes in a day.", 50),
        ("them", "Perfect, thank you. I'll send the quote for approval before we publish.", 8)])),
    dict(id="c6", **{"with": "bencarter"}, read_ms=D(2026, 1, 1, 7, 0), messages=msgs(D(2026, 1, 1, 7, 12), [
        ("them", "Happy New Year! Lands End run tomorrow at 8?", 0),
        ("them", "Or are we sleeping in like reasonable people", 1)])),
]

# ----------------------------------------------------------------------------- notifications
notifs = []
own_posts = [p for p in posts if p["author"] == "alexrivera" and not p["reply_to"]]
friends = [a["id"] for a in A if a["kind"] == "friend"]
for p in own_posts:
    likers = rng.sample(friends, min(len(friends), rng.randint(1, 5)))
    notifs.append(dict(kind="like", actors=likers, post=p["id"], time_ms=min(NOW - 3 * MIN, p["time_ms"] + rng.randint(20, 600) * MIN)))
    if rng.random() < 0.4:
        notifs.append(dict(kind="repost", actors=rng.sample(friends, 1), post=p["id"],
                           time_ms=min(NOW - 3 * MIN, p["time_ms"] + rng.randint(30, 900) * MIN)))
for p in posts:
    if p["reply_to"] and index[p["reply_to"]]["author"] == "alexrivera" and p["author"] != "alexrivera":
        notifs.append(dict(kind="reply", actors=[p["author"]], post=p["id"], time_ms=p["time_ms"]))
    elif "@alexrivera" in p["text"] and p["author"] != "alexrivera":
        notifs.append(dict(kind="mention", actors=[p["author"]], post=p["id"], time_ms=p["time_ms"]))
for who, d in [("isabellarossi", 40), ("hiroshisato", 22), ("crumbandco", 9), ("noahw", 3), ("emmaschmidt", 1.2)]:
    notifs.append(dict(kind="follow", actors=[who], post="", time_ms=NOW - int(d * DAY)))
notifs.sort(key=lambda n: n["time_ms"])
notifications = [dict(id="n%02d" % (i + 1), **n) for i, n in enumerate(notifs)]

# ----------------------------------------------------------------------------- write
os.makedirs(WORLD, exist_ok=True)


def dump(name, data):
    with open(os.path.join(WORLD, name), "w", encoding="utf-8") as f:
        f.write("[\n" + ",\n".join(json.dumps(x, ensure_ascii=False) for x in data) + "\n]\n")


import re
accounts = []
for a in A:
    o = dict(a)
    if a["kind"] == "local":  # the number in the bio, as a field (tasks read it)
        m = re.search(r"\+1 \d{3} 555 \d{4}", a["bio"])
        assert m, a["id"]
        o["phone"] = m.group(0)
    if a["id"] == "alexrivera":
        del o["following"]  # the owner's following count is the number of followed accounts
    accounts.append(o)
dump("accounts.json", accounts)
dump("posts.json", out_posts)
dump("trends.json", trends)
dump("lists.json", lists)
dump("conversations.json", conversations)
dump("notifications.json", notifications)
print("accounts", len(accounts), "posts", len(out_posts), "replies", sum(1 for p in posts if p["reply_to"]),
      "quotes", sum(1 for p in posts if p["quote_of"]), "media", sum(1 for p in out_posts if "media" in p),
      "events", sum(1 for p in out_posts if "event_title" in p), "notifications", len(notifications),
      "liked", sum(1 for p in posts if p["liked"]), "newest", max(p["time_ms"] for p in posts))
