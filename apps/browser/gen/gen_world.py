#!/usr/bin/env python3
"""Deterministic generator of the Browser's offline web (apps/browser/world/*.json).

Five sites plus a search engine: a news site (The Daily Ledger), a store (Northpeak Outfitters,
with a cart and a checkout form), a wiki (Openpedia, articles with an infobox and links), a recipe
site (Simmer & Sage) and a docs site (Aurora Home manuals with a table of contents and downloads).
Pages are a small document model: a list of blocks (see docs/apps/browser.md). Also writes the
owner's browsing history (Oct-Dec 2025), bookmarks and bookmark folders. Run with /usr/bin/python3.
"""
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "world")
rng = random.Random(36)

pages = {}


def key(url):
    u = url.split("://", 1)[-1]
    if u.startswith("www."):
        u = u[4:]
    return u.rstrip("/")


def page(url, title, site, blocks):
    pages[key(url)] = {"url": url, "title": title, "site": site, "b": blocks}


def h1(x): return {"t": "h1", "x": x}
def h2(x): return {"t": "h2", "x": x}
def p(x): return {"t": "p", "x": x}
def meta(x): return {"t": "meta", "x": x}
def img(art, c, cap="", alt=""):
    b = {"t": "img", "art": art, "c": c, "cap": cap}
    if alt:
        b["alt"] = alt  # described to accessibility, not shown
    return b
def ul(items): return {"t": "ul", "items": items}
def ol(items): return {"t": "ol", "items": items}
def link(x, h): return {"t": "a", "x": x, "h": h}
def card(x, h, s, art, c): return {"t": "card", "x": x, "h": h, "s": s, "art": art, "c": c}
def dl(x, name, kind, size, text=None):
    f = {"name": name, "kind": kind, "size": size}
    if text is not None:
        f["text"] = text
    return {"t": "dl", "x": x, "file": f}


# ---------------------------------------------------------------- news: The Daily Ledger
NEWS = "https://www.dailyledger.com"
SECTIONS = [("world", "World"), ("technology", "Technology"), ("business", "Business"), ("sports", "Sports")]
ARTICLES = [
    ("world", "city-council-approves-riverside-park", "City council approves $48 million riverside park",
     "Maya Thompson", "Dec 30, 2025", "park", "#2E7D32",
     ["The city council voted 9 to 2 on Tuesday to approve a $48 million plan that will turn four kilometres of former rail yards along the river into a public park.",
      "The design includes a floating boardwalk, two playgrounds, a skate plaza and a restored wetland that engineers say will absorb storm water during spring floods.",
      "Construction is expected to begin in April 2026 and finish in three phases. The first phase, a 1.2 kilometre walking and cycling path, should open by the end of 2026.",
      "Council member Rosa Delgado called the vote a turning point for the riverside neighbourhoods, which have waited more than a decade for green space.",
      "Critics questioned the cost. Council member Peter Vance said the city should first repair its ageing bridges, several of which were rated poor in last year's inspection."]),
    ("world", "heavy-snow-closes-mountain-passes", "Heavy snow closes three mountain passes before New Year",
     "Daniel Okoro", "Dec 29, 2025", "snow", "#546E7A",
     ["Three mountain passes were closed on Monday after a storm dropped up to 90 centimetres of snow in 24 hours, stranding holiday travellers on both sides of the range.",
      "Road crews worked through the night with snow ploughs and avalanche control teams. Officials expect the northern pass to reopen on Wednesday morning.",
      "Travellers are advised to carry chains, water and warm blankets and to check the road report before leaving. Rail services over the range are running with delays of about an hour.",
      "Forecasters say a second, weaker storm will arrive on Thursday, bringing another 20 centimetres of snow at higher elevations."]),
    ("world", "harbor-ferry-service-expands", "Harbor ferry service adds two routes and night sailings",
     "Grace Liu", "Dec 22, 2025", "ferry", "#0277BD",
     ["The regional transit agency will add two ferry routes in February, linking the east harbor to the airport terminal and to the island marina.",
      "Night sailings every 40 minutes will run on Fridays and Saturdays until 1 a.m. A single ride will cost $4.50, the same as a bus fare, and transfers are free for 90 minutes.",
      "The agency bought three electric ferries for the new routes. Each carries 150 passengers and 40 bicycles and charges at the dock in 15 minutes."]),
    ("technology", "solid-state-batteries-reach-market", "Solid-state batteries reach the market in a compact car",
     "Priya Natarajan", "Dec 28, 2025", "battery", "#6A1B9A",
     ["The first mass-produced car with a solid-state battery will go on sale in spring, its maker said on Sunday, promising a range of 620 kilometres and a charge from 10 to 80 percent in 18 minutes.",
      "Solid-state cells replace the liquid electrolyte of today's lithium-ion batteries with a solid ceramic layer, which makes them lighter and less likely to catch fire.",
      "Analysts caution that early production will be small. The factory can build about 20,000 battery packs a year, and the car will cost $41,900 before tax credits.",
      "Battery researchers say the bigger test is durability. The maker guarantees the pack for 8 years or 240,000 kilometres."]),
    ("technology", "phone-makers-agree-on-repair-rules", "Phone makers agree on seven years of repair parts",
     "Samuel Brooks", "Dec 26, 2025", "phone", "#37474F",
     ["Five of the largest phone makers have agreed to sell spare parts and publish repair manuals for seven years after a model's launch, under a deal announced by consumer groups.",
      "The agreement covers screens, batteries, cameras, charging ports and back glass. Parts must be sold to independent repair shops at the same price that official centres pay.",
      "Repair advocates welcomed the deal but said software locks that pair parts to one phone remain a problem. The companies promised to remove such locks by 2027."]),
    ("technology", "city-tests-self-driving-buses", "City tests self-driving buses on the airport line",
     "Maya Thompson", "Dec 18, 2025", "bus", "#F9A825",
     ["Four self-driving buses began carrying passengers on the airport line on Thursday in a six-month trial. A safety driver stays on board for the whole trial.",
      "The buses run every 12 minutes between 6 a.m. and 10 p.m. and use lidar, radar and eleven cameras to see the road. Riders pay the normal fare.",
      "The transit agency will publish a report on safety and punctuality in July before deciding whether to expand the service."]),
    ("business", "coffee-prices-climb-again", "Coffee prices climb for the fourth month in a row",
     "Lucas Fernandez", "Dec 30, 2025", "coffee", "#6D4C41",
     ["Wholesale coffee prices rose again in December, the fourth monthly increase in a row, as dry weather cut harvests in two of the largest growing regions.",
      "Arabica beans traded at $3.42 a pound on Monday, up 38 percent from a year ago. Cafe owners say they have already raised the price of a latte by 25 to 50 cents.",
      "Roasters expect prices to ease in the second half of 2026 if the rainy season returns to normal."]),
    ("business", "local-bakery-chain-opens-tenth-store", "Local bakery chain opens its tenth store",
     "Grace Liu", "Dec 15, 2025", "bakery", "#EF6C00",
     ["Crumb and Crust, the bakery chain that started as a farmers market stall in 2014, opened its tenth store on Saturday on Harbor Street.",
      "The new store has a glass-walled kitchen where customers can watch bakers shape sourdough loaves. It employs 24 people and opens daily at 7 a.m.",
      "Founder Elena Rossi said the chain will not expand outside the state. We want to stay a neighbourhood bakery, she said."]),
    ("sports", "harbor-city-fc-wins-cup-final", "Harbor City FC wins the cup final 3-1",
     "Daniel Okoro", "Dec 21, 2025", "football", "#1565C0",
     ["Harbor City FC won the national cup on Sunday, beating Northfield United 3-1 in front of 41,000 fans.",
      "Striker Tomas Reyes scored twice in the second half after Northfield had taken an early lead. Midfielder Kenji Watanabe added the third goal in stoppage time.",
      "It is the club's first cup since 2009. Coach Ana Morales said the team would celebrate with a parade through the old town on Tuesday."]),
    ("sports", "marathon-registration-opens", "Spring marathon registration opens with 18,000 places",
     "Samuel Brooks", "Dec 19, 2025", "runner", "#C62828",
     ["Registration for the spring city marathon opened on Friday with 18,000 places, 2,000 more than last year.",
      "The entry fee is $95 for the full marathon and $60 for the half marathon. The race will take place on April 12, 2026, starting at 7 a.m. at City Hall.",
      "The route was changed to include the new riverside path, and organisers expect it to be about a minute faster than the old course."]),
    ("sports", "tennis-star-announces-retirement", "Tennis star Lena Novak announces her retirement",
     "Priya Natarajan", "Dec 12, 2025", "tennis", "#2E7D32",
     ["Lena Novak, who won four grand slam titles, said on Friday that she will retire after the season's first tournament in January.",
      "Novak, 34, turned professional at 16 and spent 61 weeks ranked number one. She said a long shoulder injury made the decision easier.",
      "She plans to open a tennis academy for children in her home town."]),
]


def article_url(sec, slug):
    return f"{NEWS}/{sec}/{slug}"


def build_news():
    cards = [card(t, article_url(s, sl), f"{dict(SECTIONS)[s]} \u00b7 {d}", art, c) for s, sl, t, a, d, art, c, _ in ARTICLES[:6]]
    blocks = [h1("The Daily Ledger"), meta("Wednesday, December 31, 2025 \u00b7 Top stories"),
              {"t": "nav", "items": [[n, f"{NEWS}/{s}"] for s, n in SECTIONS]}] + cards + [
        h2("More news"), {"t": "links", "items": [[t, article_url(s, sl)] for s, sl, t, *_ in ARTICLES[6:]]}]
    page(NEWS + "/", "The Daily Ledger - News, analysis and opinion", "news", blocks)
    for s, name in SECTIONS:
        arts = [a for a in ARTICLES if a[0] == s]
        blocks = [h1(name), meta(f"The latest {name.lower()} news from The Daily Ledger")]
        blocks += [card(t, article_url(s, sl), f"By {a} \u00b7 {d}", art, c) for _, sl, t, a, d, art, c, _ in arts]
        blocks.append(link("Back to the front page", NEWS + "/"))
        page(f"{NEWS}/{s}", f"{name} - The Daily Ledger", "news", blocks)
    for s, sl, t, a, d, art, c, paras in ARTICLES:
        blocks = [meta(dict(SECTIONS)[s].upper()), h1(t), meta(f"By {a} \u00b7 {d}"), img(art, c, f"Illustration: The Daily Ledger")]
        blocks += [p(x) for x in paras]
        if sl == "city-council-approves-riverside-park":
            blocks.append(dl("Download the park plan (PDF, 3.1 MB)", "riverside-park-plan.pdf", "pdf", 3145728))
        if sl == "coffee-prices-climb-again":
            blocks.append(dl("Download the price data (CSV)", "coffee-prices-2025.csv", "text",
                             None, "month,usd_per_lb\n2025-07,2.48\n2025-08,2.61\n2025-09,2.79\n2025-10,2.96\n2025-11,3.18\n2025-12,3.42\n"))
        if sl == "harbor-city-fc-wins-cup-final":
            blocks.append(dl("Download the team photo (JPG)", "harbor-city-fc-cup.jpg", "image", 2412544))
        rel = [x for x in ARTICLES if x[0] == s and x[1] != sl]
        blocks.append(h2("Related"))
        blocks.append({"t": "links", "items": [[x[2], article_url(x[0], x[1])] for x in rel] + [["Front page", NEWS + "/"]]})
        page(article_url(s, sl), f"{t} - The Daily Ledger", "news", blocks)


# ---------------------------------------------------------------- store: Northpeak Outfitters
STORE = "https://www.northpeak.com"
PRODUCTS = [
    ("trail-runner-jacket", "Trail Runner Rain Jacket", 12900, "jacket", "#1565C0",
     "A light, packable rain jacket for running and hiking, with taped seams and a stowable hood.",
     ["Waterproof to 20,000 mm", "Weight: 240 g", "Two zipped hand pockets", "Sizes XS to XXL"]),
    ("summit-40-backpack", "Summit 40 L Backpack", 15900, "backpack", "#2E7D32",
     "A 40 litre pack for long day hikes and overnight trips, with an adjustable back panel and a rain cover.",
     ["Volume: 40 L", "Weight: 1.3 kg", "Hydration sleeve", "Built-in rain cover"]),
    ("alpine-down-vest", "Alpine Down Vest", 9900, "vest", "#C62828",
     "A warm 700-fill down vest that packs into its own pocket.",
     ["700-fill responsibly sourced down", "Weight: 280 g", "Packs into its chest pocket"]),
    ("ridge-hiking-boots", "Ridge Waterproof Hiking Boots", 17900, "boot", "#6D4C41",
     "Mid-height leather boots with a waterproof membrane and a grippy rubber sole.",
     ["Waterproof membrane", "Vibram outsole", "Weight: 560 g per boot", "Sizes 6 to 13"]),
    ("trekking-poles", "Carbon Trekking Poles (pair)", 8900, "poles", "#455A64",
     "Three-section carbon poles that fold to 38 cm, with cork grips.",
     ["Carbon fibre shafts", "Length 105 to 135 cm", "Weight: 420 g per pair"]),
    ("camp-stove", "Pocket Camp Stove", 4900, "stove", "#EF6C00",
     "A 75 gram canister stove that boils a litre of water in about four minutes.",
     ["Weight: 75 g", "Boils 1 L in about 4 min", "Piezo igniter"]),
    ("insulated-bottle", "Insulated Steel Bottle 750 ml", 3400, "bottle", "#00838F",
     "Double-walled steel keeps drinks cold for 24 hours or hot for 12.",
     ["Capacity: 750 ml", "Cold 24 h, hot 12 h", "Dishwasher safe lid"]),
    ("merino-beanie", "Merino Wool Beanie", 2900, "beanie", "#8E24AA",
     "A soft, itch-free merino beanie for cold mornings.",
     ["100% merino wool", "One size", "Machine washable"]),
    ("headlamp-400", "Headlamp 400 Lumen", 4500, "headlamp", "#F9A825",
     "A rechargeable headlamp with a red night mode and a lock for your bag.",
     ["400 lumens", "USB-C charging", "Up to 60 h on low"]),
    ("two-person-tent", "Lightweight 2-Person Tent", 32900, "tent", "#558B2F",
     "A freestanding three-season tent with two doors and two vestibules.",
     ["Weight: 1.6 kg", "Floor area: 2.7 m\u00b2", "Two doors, two vestibules"]),
]


def build_store():
    blocks = [h1("Northpeak Outfitters"), meta("Gear for trails, peaks and campsites \u00b7 Free shipping over $75"),
              {"t": "links", "items": [["Your cart", STORE + "/cart"], ["Shipping and returns", STORE + "/help/shipping"]]},
              h2("All products")]
    blocks += [card(n, f"{STORE}/products/{s}", "$%d.%02d" % (c // 100, c % 100), art, col) for s, n, c, art, col, *_ in PRODUCTS]
    page(STORE + "/", "Northpeak Outfitters - Outdoor gear", "store", blocks)
    for s, n, c, art, col, desc, specs in PRODUCTS:
        blocks = [link("All products", STORE + "/"), img(art, col, alt=n), h1(n), {"t": "price", "cents": c},
                  p(desc), h2("Details"), ul(specs), {"t": "btn", "x": "Add to cart", "act": "add_to_cart", "pid": s},
                  link("View cart", STORE + "/cart")]
        if s == "two-person-tent":
            blocks.append(dl("Pitching instructions (PDF, 1.2 MB)", "northpeak-tent-pitching.pdf", "pdf", 1258291))
        if s == "ridge-hiking-boots":
            blocks.append(dl("Size chart (CSV)", "northpeak-boot-sizes.csv", "text", None,
                             "us,eu,uk,cm\n6,39,5.5,24.0\n7,40,6.5,25.0\n8,41,7.5,26.0\n9,42.5,8.5,27.0\n10,44,9.5,28.0\n11,45,10.5,29.0\n12,46,11.5,30.0\n13,47.5,12.5,31.0\n"))
        page(f"{STORE}/products/{s}", f"{n} | Northpeak Outfitters", "store", blocks)
    page(STORE + "/cart", "Your cart | Northpeak Outfitters", "store",
         [h1("Your cart"), {"t": "cart"}, link("Continue shopping", STORE + "/")])
    page(STORE + "/checkout", "Checkout | Northpeak Outfitters", "store",
         [h1("Checkout"), {"t": "cart_summary"}, h2("Shipping"),
          {"t": "field", "k": "name", "x": "Full name"}, {"t": "field", "k": "email", "x": "Email"},
          {"t": "field", "k": "address", "x": "Street address"}, {"t": "field", "k": "city", "x": "City"},
          {"t": "field", "k": "zip", "x": "ZIP code"}, h2("Payment"),
          {"t": "field", "k": "card", "x": "Card number"},
          {"t": "btn", "x": "Place order", "act": "place_order"}, meta("By placing your order you agree to our terms of sale.")])
    page(STORE + "/order-confirmed", "Order confirmed | Northpeak Outfitters", "store",
         [h1("Thank you for your order!"), {"t": "last_order"}, link("Continue shopping", STORE + "/")])
    page(STORE + "/help/shipping", "Shipping and returns | Northpeak Outfitters", "store",
         [h1("Shipping and returns"), p("Orders over $75 ship free within the United States. Orders under $75 ship for a flat $6.95."),
          p("Standard delivery takes 3 to 5 business days. Express delivery (1 to 2 business days) costs $14.95."),
          p("You can return unworn items within 60 days for a full refund. Return shipping is free with the prepaid label in your box."),
          link("Back to the store", STORE + "/")])


# ---------------------------------------------------------------- wiki: Openpedia
WIKI = "https://en.openpedia.org/wiki/"
WIKI_ARTICLES = {
    "Mount_Everest": ("Mount Everest", "mountain", "#5C6BC0",
        [["Elevation", "8,849 m"], ["Range", "Himalayas"], ["First ascent", "29 May 1953"], ["Countries", "Nepal and China"]],
        ["Mount Everest is Earth's highest mountain above sea level, located in the Mahalangur Himal sub-range of the [[Himalayas]]. Its elevation of 8,849 metres was most recently established in 2020 by Chinese and Nepali authorities.",
         "The first confirmed ascent was made on 29 May 1953 by [[Edmund_Hillary|Edmund Hillary]] of New Zealand and [[Tenzing_Norgay|Tenzing Norgay]], a Sherpa from Nepal, as part of a British expedition.",
         "The mountain attracts many climbers, some of them highly experienced mountaineers. There are two main climbing routes, one approaching the summit from the southeast in [[Nepal]] and the other from the north in Tibet."]),
    "Himalayas": ("Himalayas", "mountain", "#3949AB",
        [["Highest point", "Mount Everest"], ["Length", "2,400 km"], ["Countries", "Bhutan, China, India, Nepal, Pakistan"]],
        ["The Himalayas are a mountain range in Asia separating the plains of the Indian subcontinent from the Tibetan Plateau. The range has many of Earth's highest peaks, including the highest, [[Mount_Everest|Mount Everest]].",
         "The Himalayas stretch for about 2,400 kilometres. They formed as the Indian tectonic plate pushed into the Eurasian plate, and they are still rising by a few millimetres a year.",
         "The range is home to the Sherpa people of [[Nepal]], famous for their skill as mountaineers."]),
    "Edmund_Hillary": ("Edmund Hillary", "portrait", "#00897B",
        [["Born", "20 July 1919"], ["Died", "11 January 2008"], ["Nationality", "New Zealander"], ["Known for", "First ascent of Mount Everest"]],
        ["Sir Edmund Percival Hillary (20 July 1919 - 11 January 2008) was a New Zealand mountaineer, explorer and philanthropist.",
         "On 29 May 1953 Hillary and [[Tenzing_Norgay|Tenzing Norgay]] became the first climbers confirmed to have reached the summit of [[Mount_Everest|Mount Everest]].",
         "He later devoted much of his life to helping the Sherpa people of [[Nepal]] through the Himalayan Trust, which built schools and hospitals."]),
    "Tenzing_Norgay": ("Tenzing Norgay", "portrait", "#8D6E63",
        [["Born", "29 May 1914"], ["Died", "9 May 1986"], ["Known for", "First ascent of Mount Everest"]],
        ["Tenzing Norgay (29 May 1914 - 9 May 1986) was a Nepali-Indian Sherpa mountaineer. He was one of the two individuals known to have reached the summit of [[Mount_Everest|Mount Everest]] for the first time, with [[Edmund_Hillary|Edmund Hillary]], on 29 May 1953.",
         "He later became the first director of field training at the Himalayan Mountaineering Institute in Darjeeling."]),
    "Nepal": ("Nepal", "flag", "#C62828",
        [["Capital", "Kathmandu"], ["Population", "about 29 million"], ["Currency", "Nepalese rupee"]],
        ["Nepal is a landlocked country in South Asia, mainly situated in the [[Himalayas]]. Its capital and largest city is Kathmandu.",
         "Nepal is home to eight of the world's ten tallest mountains, including [[Mount_Everest|Mount Everest]]."]),
    "Marie_Curie": ("Marie Curie", "portrait", "#5E35B1",
        [["Born", "7 November 1867"], ["Died", "4 July 1934"], ["Fields", "Physics, chemistry"], ["Awards", "Nobel Prize in Physics (1903), Nobel Prize in Chemistry (1911)"]],
        ["Marie Sklodowska-Curie (7 November 1867 - 4 July 1934) was a Polish and naturalised-French physicist and chemist who conducted pioneering research on radioactivity.",
         "She was the first woman to win a Nobel Prize, the first person to win a Nobel Prize twice, and the only person to win a Nobel Prize in two scientific fields.",
         "With her husband Pierre Curie she discovered two elements, [[Polonium|polonium]] and [[Radium|radium]]."]),
    "Radium": ("Radium", "element", "#43A047",
        [["Symbol", "Ra"], ["Atomic number", "88"], ["Discovered", "1898"], ["Discovered by", "Marie and Pierre Curie"]],
        ["Radium is a chemical element with the symbol Ra and atomic number 88. Pure radium is silvery-white, and it is highly radioactive.",
         "It was discovered in 1898 by [[Marie_Curie|Marie Curie]] and Pierre Curie in the mineral pitchblende."]),
    "Polonium": ("Polonium", "element", "#7CB342",
        [["Symbol", "Po"], ["Atomic number", "84"], ["Discovered", "1898"], ["Named after", "Poland"]],
        ["Polonium is a chemical element with the symbol Po and atomic number 84. It is a rare and highly radioactive metal.",
         "It was discovered in July 1898 by [[Marie_Curie|Marie Curie]] and Pierre Curie, who named it after Marie's native country, Poland."]),
    "Great_Barrier_Reef": ("Great Barrier Reef", "reef", "#00ACC1",
        [["Location", "Coral Sea, Queensland, Australia"], ["Length", "2,300 km"], ["Area", "344,400 km\u00b2"], ["World Heritage Site", "1981"]],
        ["The Great Barrier Reef is the world's largest [[Coral_reef|coral reef]] system, composed of over 2,900 individual reefs and 900 islands stretching for over 2,300 kilometres.",
         "The reef is located in the Coral Sea, off the coast of Queensland, Australia. It was selected as a World Heritage Site in 1981.",
         "Rising sea temperatures have caused several mass coral bleaching events since 1998."]),
    "Coral_reef": ("Coral reef", "reef", "#26C6DA",
        [["Made of", "Calcium carbonate"], ["Largest example", "Great Barrier Reef"]],
        ["A coral reef is an underwater ecosystem held together by calcium carbonate structures secreted by corals. Most reefs are built from stony corals.",
         "Coral reefs occupy less than 0.1% of the world's ocean area, yet they provide a home for at least 25% of all marine species. The largest is the [[Great_Barrier_Reef|Great Barrier Reef]]."]),
    "Eiffel_Tower": ("Eiffel Tower", "tower", "#795548",
        [["Location", "Paris, France"], ["Height", "330 m"], ["Opened", "31 March 1889"], ["Architect", "Stephen Sauvestre"]],
        ["The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris, France. It is named after the engineer Gustave Eiffel, whose company designed and built the tower.",
         "It was constructed from 1887 to 1889 as the centrepiece of the 1889 World's Fair. Its height is 330 metres, about the same as an 81-storey building.",
         "The tower has three levels for visitors, with restaurants on the first and second levels."]),
    "Honeybee": ("Honey bee", "bee", "#FFB300",
        [["Genus", "Apis"], ["Species", "8 recognised"], ["Colony size", "20,000 to 80,000"]],
        ["A honey bee is a eusocial flying insect within the genus Apis. Honey bees are known for building colonial nests from wax and for producing honey.",
         "A colony has one queen, a few hundred drones and tens of thousands of worker bees. Workers communicate the location of food with the waggle dance.",
         "Honey bees pollinate many crops, including apples, almonds and blueberries."]),
    "Python_(programming_language)": ("Python (programming language)", "code", "#1E88E5",
        [["Designed by", "Guido van Rossum"], ["First appeared", "20 February 1991"], ["Typing", "Dynamic"]],
        ["Python is a high-level, general-purpose programming language. Its design philosophy emphasises code readability with the use of significant indentation.",
         "Guido van Rossum began working on Python in the late 1980s as a successor to the ABC language and first released it in 1991."]),
    "Amazon_River": ("Amazon River", "river", "#2E7D32",
        [["Length", "about 6,400 km"], ["Mouth", "Atlantic Ocean"], ["Countries", "Peru, Colombia, Brazil"]],
        ["The Amazon River in South America is the largest river by discharge volume of water in the world, and one of the two longest rivers.",
         "The river flows through Peru, Colombia and Brazil before reaching the Atlantic Ocean. Its basin covers about 7 million square kilometres."]),
}


def wiki_text(s):
    """[[Target|label]] and [[Target]] -> (plain text, [(label, url)])."""
    out, links, i = "", [], 0
    while True:
        j = s.find("[[", i)
        if j < 0:
            out += s[i:]
            break
        k = s.find("]]", j)
        out += s[i:j]
        inner = s[j + 2:k]
        tgt, _, lab = inner.partition("|")
        lab = lab or tgt.replace("_", " ")
        out += lab
        links.append([lab, WIKI + tgt])
        i = k + 2
    return out, links


def build_wiki():
    page("https://en.openpedia.org/", "Openpedia, the free encyclopedia", "wiki",
         [h1("Welcome to Openpedia"), meta("the free encyclopedia that anyone can edit \u00b7 6,912,334 articles in English"),
          h2("Featured articles"),
          {"t": "links", "items": [[v[0], WIKI + k] for k, v in WIKI_ARTICLES.items()]}])
    for k, (title, art, col, box, paras) in WIKI_ARTICLES.items():
        blocks = [h1(title), meta("From Openpedia, the free encyclopedia"),
                  {"t": "info", "title": title, "art": art, "c": col, "rows": box}]
        all_links = []
        for s in paras:
            text, links = wiki_text(s)
            blocks.append(p(text))
            for lab, url in links:
                l = [lab[0].upper() + lab[1:], url]  # "See also" lists titles
                if l not in all_links:
                    all_links.append(l)
        if k == "Mount_Everest":
            blocks.append(dl("Download the summit panorama (JPG)", "everest-summit-panorama.jpg", "image", 4718592))
        if k == "Marie_Curie":
            blocks.append(dl("Download the Nobel lecture (PDF, 890 KB)", "curie-nobel-lecture-1911.pdf", "pdf", 911360))
        blocks.append(h2("See also"))
        blocks.append({"t": "links", "items": all_links + [["Main page", "https://en.openpedia.org/"]]})
        page(WIKI + k, f"{title} - Openpedia", "wiki", blocks)


# ---------------------------------------------------------------- recipes: Simmer & Sage
RECIPES_URL = "https://www.simmerandsage.com"
RECIPES = [
    ("lemon-garlic-roast-chicken", "Lemon Garlic Roast Chicken", "bowl", "#F9A825", 4, "1 h 30 min",
     ["1 whole chicken (1.8 kg)", "2 lemons", "1 head of garlic", "3 tbsp olive oil", "1 tbsp fresh thyme", "Salt and black pepper"],
     ["Heat the oven to 220 \u00b0C.", "Rub the chicken with oil, salt, pepper and thyme.", "Stuff it with a halved lemon and the garlic.", "Roast for 1 hour 20 minutes, then rest for 10 minutes."]),
    ("creamy-tomato-soup", "Creamy Tomato Soup", "soup", "#E53935", 4, "40 min",
     ["1 kg ripe tomatoes", "1 onion", "2 cloves garlic", "500 ml vegetable stock", "100 ml cream", "1 tsp sugar", "Fresh basil"],
     ["Soften the onion and garlic in butter.", "Add the tomatoes, stock and sugar and simmer for 25 minutes.", "Blend until smooth and stir in the cream.", "Serve with torn basil."]),
    ("banana-oat-pancakes", "Banana Oat Pancakes", "pancake", "#FFB74D", 2, "20 min",
     ["2 ripe bananas", "2 eggs", "100 g rolled oats", "1 tsp baking powder", "Pinch of cinnamon", "Maple syrup to serve"],
     ["Blend everything except the syrup into a batter.", "Cook small pancakes in a hot pan, 2 minutes a side.", "Serve with maple syrup."]),
    ("spinach-ricotta-lasagna", "Spinach and Ricotta Lasagna", "lasagna", "#7CB342", 6, "1 h 15 min",
     ["12 lasagna sheets", "500 g ricotta", "400 g spinach", "700 ml tomato passata", "200 g mozzarella", "50 g parmesan", "1 egg"],
     ["Wilt the spinach and mix it with ricotta and egg.", "Layer passata, sheets and filling three times.", "Top with mozzarella and parmesan.", "Bake at 190 \u00b0C for 45 minutes."]),
    ("thai-green-curry", "Thai Green Curry", "curry", "#43A047", 4, "35 min",
     ["3 tbsp green curry paste", "400 ml coconut milk", "500 g chicken thighs", "1 red pepper", "150 g green beans", "1 tbsp fish sauce", "Thai basil"],
     ["Fry the curry paste for a minute.", "Add the coconut milk and chicken and simmer for 15 minutes.", "Add the vegetables and cook 5 minutes more.", "Season with fish sauce and basil."]),
    ("classic-guacamole", "Classic Guacamole", "bowl", "#689F38", 4, "10 min",
     ["3 ripe avocados", "1 lime", "1 small red onion", "1 jalape\u00f1o", "2 tbsp chopped cilantro", "Salt"],
     ["Mash the avocados with lime juice.", "Stir in the finely chopped onion, jalape\u00f1o and cilantro.", "Season with salt."]),
    ("chocolate-chip-cookies", "Chewy Chocolate Chip Cookies", "cookie", "#8D6E63", 24, "30 min",
     ["225 g butter", "200 g brown sugar", "100 g white sugar", "2 eggs", "1 tsp vanilla extract", "340 g flour", "1 tsp baking soda", "300 g chocolate chips"],
     ["Cream the butter and sugars.", "Beat in the eggs and vanilla.", "Mix in the flour and baking soda, then the chocolate chips.", "Bake spoonfuls at 180 \u00b0C for 10 to 12 minutes."]),
    ("mushroom-risotto", "Mushroom Risotto", "bowl", "#A1887F", 4, "45 min",
     ["300 g arborio rice", "400 g mushrooms", "1 onion", "1 l chicken stock", "120 ml white wine", "50 g parmesan", "2 tbsp butter"],
     ["Brown the mushrooms and set aside.", "Soften the onion, toast the rice, add the wine.", "Add hot stock a ladle at a time for 20 minutes.", "Stir in mushrooms, butter and parmesan."]),
    ("greek-salad", "Greek Salad", "salad", "#26A69A", 4, "15 min",
     ["4 tomatoes", "1 cucumber", "1 red onion", "1 green pepper", "200 g feta", "100 g Kalamata olives", "Dried oregano", "Olive oil"],
     ["Cut the vegetables into chunks.", "Add the olives and a slab of feta.", "Sprinkle oregano and drizzle with olive oil."]),
    ("beef-chili", "Smoky Beef Chili", "curry", "#BF360C", 6, "1 h 20 min",
     ["750 g ground beef", "2 onions", "2 tins kidney beans", "800 g chopped tomatoes", "2 tbsp chili powder", "1 tsp smoked paprika", "1 tsp cumin"],
     ["Brown the beef and onions.", "Add the spices and cook for a minute.", "Add tomatoes and beans and simmer for 1 hour."]),
    ("blueberry-muffins", "Blueberry Muffins", "muffin", "#5C6BC0", 12, "35 min",
     ["280 g flour", "150 g sugar", "2 tsp baking powder", "2 eggs", "120 ml milk", "100 ml vegetable oil", "200 g blueberries"],
     ["Mix the dry and wet ingredients separately, then combine.", "Fold in the blueberries.", "Bake at 200 \u00b0C for 20 minutes."]),
    ("vegetable-stir-fry", "Quick Vegetable Stir-Fry", "curry", "#FB8C00", 2, "20 min",
     ["1 head of broccoli", "1 carrot", "1 red pepper", "150 g snap peas", "2 tbsp soy sauce", "1 tbsp sesame oil", "1 tsp grated ginger"],
     ["Stir-fry the vegetables over high heat for 5 minutes.", "Add soy sauce, sesame oil and ginger.", "Serve over rice."]),
]


def build_recipes():
    blocks = [h1("Simmer & Sage"), meta("Home cooking, tested twice \u00b7 Recipes for every day"), h2("Latest recipes")]
    blocks += [card(n, f"{RECIPES_URL}/recipes/{s}", f"Serves {sv} \u00b7 {tm}", art, c) for s, n, art, c, sv, tm, *_ in RECIPES]
    page(RECIPES_URL + "/", "Simmer & Sage - Recipes", "recipes", blocks)
    for i, (s, n, art, c, sv, tm, ing, steps) in enumerate(RECIPES):
        blocks = [h1(n), meta(f"Serves {sv} \u00b7 Ready in {tm}"), img(art, c, alt=n), h2("Ingredients"), ul(ing),
                  h2("Method"), ol(steps)]
        if s == "chocolate-chip-cookies":
            blocks.append(dl("Printable recipe card (PDF)", "chocolate-chip-cookies-card.pdf", "pdf", 245760))
        if s == "thai-green-curry":
            blocks.append(dl("Shopping list (CSV)", "thai-green-curry-shopping.csv", "text", None,
                             "item,amount\n" + "\n".join(x.replace(",", "") for x in ing) + "\n"))
        nxt = RECIPES[(i + 1) % len(RECIPES)]
        blocks.append(h2("You might also like"))
        blocks.append({"t": "links", "items": [[nxt[1], f"{RECIPES_URL}/recipes/{nxt[0]}"], ["All recipes", RECIPES_URL + "/"]]})
        page(f"{RECIPES_URL}/recipes/{s}", f"{n} | Simmer & Sage", "recipes", blocks)


# ---------------------------------------------------------------- docs: Aurora Home manuals
DOCS = "https://docs.aurorahome.io"
MANUALS = {
    "thermostat": ("Aurora Smart Thermostat", "aurora-thermostat-manual.pdf", 2516582, [
        ("getting-started", "Getting started", ["Thank you for choosing the Aurora Smart Thermostat. This manual explains how to install, connect and use your thermostat.",
                                                 "In the box: the thermostat, a wall plate, a trim plate, four screws, wire labels and this quick start card."]),
        ("installation", "Installation", ["Turn off the power to your heating and cooling system at the breaker before you begin.",
                                           "Label each wire with the included stickers, remove the old thermostat, and mount the wall plate with two screws.",
                                           "Connect the labelled wires to the matching terminals and snap the thermostat onto the plate."]),
        ("wifi-setup", "Wi-Fi setup", ["Open the Aurora Home app and tap Add device. The thermostat supports 2.4 GHz Wi-Fi networks only.",
                                        "If the connection fails, move your router closer or restart the thermostat by holding the ring for 10 seconds."]),
        ("schedules", "Schedules", ["A schedule sets the target temperature for each part of the day. The default schedule is 20 \u00b0C from 6:30 to 22:30 and 17 \u00b0C at night.",
                                     "Eco mode lowers the target by 2 \u00b0C when nobody is home, which can save up to 12 percent on heating."]),
        ("troubleshooting", "Troubleshooting", ["Error E1 means the thermostat lost power. Check the breaker and the C wire.",
                                                 "Error E4 means the temperature sensor reads outside 0 to 40 \u00b0C. Contact support if it persists.",
                                                 "To reset to factory settings, hold the ring for 30 seconds until the screen turns white."]),
    ]),
    "doorbell": ("Aurora Video Doorbell", "aurora-doorbell-manual.pdf", 1887437, [
        ("getting-started", "Getting started", ["The Aurora Video Doorbell records 1080p video and lets you talk to visitors from your phone.",
                                                 "Charge the battery fully with the USB-C cable before installing. A full charge lasts about 4 months."]),
        ("mounting", "Mounting", ["Mount the doorbell 1.2 metres above the ground. Use the wedge kit if your door is at an angle to the wall."]),
        ("motion-zones", "Motion zones", ["Draw up to 5 motion zones in the app to ignore a busy street. Sensitivity has three levels: low, medium and high."]),
        ("troubleshooting", "Troubleshooting", ["A blinking red light means the battery is below 10 percent.", "If the video is choppy, the doorbell's Wi-Fi signal is weak; add a chime extender."]),
    ]),
}


def build_docs():
    page(DOCS + "/", "Aurora Home Docs", "docs",
         [h1("Aurora Home documentation"), meta("Manuals, guides and downloads for Aurora devices"),
          {"t": "links", "items": [[v[0] + " manual", f"{DOCS}/{k}/"] for k, v in MANUALS.items()]},
          dl("Download the device compatibility list (CSV)", "aurora-compatibility.csv", "text", None,
             "device,wifi,hub_required\nSmart Thermostat,2.4 GHz,no\nVideo Doorbell,2.4 GHz,no\nChime Extender,2.4/5 GHz,no\nSmart Plug,2.4 GHz,yes\n")])
    for k, (name, pdf, size, chapters) in MANUALS.items():
        toc = {"t": "toc", "items": [[f"{i + 1}. {t}", f"{DOCS}/{k}/{s}"] for i, (s, t, _) in enumerate(chapters)]}
        page(f"{DOCS}/{k}/", f"{name} manual | Aurora Home Docs", "docs",
             [h1(f"{name} manual"), meta("Version 2.3 \u00b7 Updated December 2025"), h2("Contents"), toc,
              dl(f"Download the manual (PDF, {size / 1048576:.1f} MB)", pdf, "pdf", size)])
        for i, (s, t, paras) in enumerate(chapters):
            blocks = [meta(f"{name} manual"), h1(f"{i + 1}. {t}")] + [p(x) for x in paras]
            nav = []
            if i > 0:
                nav.append([f"Previous: {i}. {chapters[i - 1][1]}", f"{DOCS}/{k}/{chapters[i - 1][0]}"])
            if i + 1 < len(chapters):
                nav.append([f"Next: {i + 2}. {chapters[i + 1][1]}", f"{DOCS}/{k}/{chapters[i + 1][0]}"])
            nav.append(["Table of contents", f"{DOCS}/{k}/"])
            blocks.append({"t": "links", "items": nav})
            page(f"{DOCS}/{k}/{s}", f"{t} - {name} manual", "docs", blocks)


# ---------------------------------------------------------------- search engine
def build_search():
    page("https://www.searchly.com/", "Searchly", "search", [{"t": "searchbox"}])


build_news(); build_store(); build_wiki(); build_recipes(); build_docs(); build_search()

# ---------------------------------------------------------------- history, bookmarks, folders
DAY = 86400000
T0 = 1759276800000  # 2025-10-01 00:00 UTC
urls = [v["url"] for v in pages.values() if v["site"] != "search"]
history = {}
n = 0
for d in range(0, 92):  # Oct 1 .. Dec 31
    visits = rng.choice([0, 1, 1, 2]) if d < 80 else rng.choice([2, 3, 4])
    for v in range(visits):
        n += 1
        u = rng.choice(urls)
        t = T0 + d * DAY + rng.randrange(7 * 3600000, 23 * 3600000, 60000)
        history["h%03d" % n] = {"url": u, "title": pages[key(u)]["title"], "time_ms": t}
# a few visits this morning (Jan 1, 07:00-07:55 UTC)
for j, u in enumerate([NEWS + "/", article_url("world", "heavy-snow-closes-mountain-passes"), WIKI + "Mount_Everest", RECIPES_URL + "/recipes/creamy-tomato-soup"]):
    n += 1
    history["h%03d" % n] = {"url": u, "title": pages[key(u)]["title"], "time_ms": 1767254400000 - 3300000 + j * 900000}
# keep history ordered by time, renumbered
hs = sorted(history.values(), key=lambda h: h["time_ms"])
history = {"h%03d" % (i + 1): h for i, h in enumerate(hs)}

folders = {"mobile": {"name": "Mobile bookmarks"}, "bar": {"name": "Bookmarks bar"},
           "f1": {"name": "Recipes"}, "f2": {"name": "Reading"}, "f3": {"name": "Shopping"}}
bm_list = [
    ("The Daily Ledger", NEWS + "/", "bar"), ("Openpedia", "https://en.openpedia.org/", "bar"),
    ("Aurora Home Docs", DOCS + "/", "bar"),
    ("Creamy Tomato Soup", RECIPES_URL + "/recipes/creamy-tomato-soup", "f1"),
    ("Thai Green Curry", RECIPES_URL + "/recipes/thai-green-curry", "f1"),
    ("Blueberry Muffins", RECIPES_URL + "/recipes/blueberry-muffins", "f1"),
    ("Marie Curie - Openpedia", WIKI + "Marie_Curie", "f2"),
    ("Solid-state batteries reach the market", article_url("technology", "solid-state-batteries-reach-market"), "f2"),
    ("Great Barrier Reef - Openpedia", WIKI + "Great_Barrier_Reef", "f2"),
    ("Summit 40 L Backpack", STORE + "/products/summit-40-backpack", "f3"),
    ("Ridge Waterproof Hiking Boots", STORE + "/products/ridge-hiking-boots", "f3"),
    ("Northpeak Outfitters", STORE + "/", "mobile"), ("Simmer & Sage", RECIPES_URL + "/", "mobile"),
    ("Harbor City FC wins the cup final 3-1", article_url("sports", "harbor-city-fc-wins-cup-final"), "mobile"),
    ("Wi-Fi setup - Aurora Smart Thermostat manual", DOCS + "/thermostat/wifi-setup", "mobile"),
]
bookmarks = {}
for i, (t, u, f) in enumerate(bm_list):
    bookmarks["b%02d" % (i + 1)] = {"title": t, "url": u, "folder": f, "added_ms": T0 + (i * 5 + 3) * DAY + 36000000}

os.makedirs(OUT, exist_ok=True)
for name, data in [("pages", pages), ("history", history), ("bookmarks", bookmarks), ("folders", folders)]:
    with open(os.path.join(OUT, name + ".json"), "w") as f:
        json.dump(data, f, ensure_ascii=False, indent=None, separators=(",", ":"), sort_keys=False)
        f.write("\n")
print(len(pages), "pages;", len(history), "history;", len(bookmarks), "bookmarks")
