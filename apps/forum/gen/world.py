#!/usr/bin/env python3
"""Writes apps/forum/world/{communities,posts,comments,users}.json (deterministic: the same files on
every run) and prints a summary. usage: python3 apps/forum/gen/world.py

Posts run from 2025-10-01 to 2025-12-31 (ids p001.. in time order), comments follow their parent
(ids c0001.. in time order), nothing after the phone's virtual now (2026-01-01 08:00 UTC). The owner
is u/alexrivera (Alex Rivera): 12 posts, comments on others' posts, replies to them (the inbox; the
newest ones unread). Scores: a post's `score` is what others gave it; `vote` is the owner's own vote
(+1 on the owner's own posts and comments, as Reddit does), so the shown score is score + vote."""
import datetime, json, math, os, random, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from communities import COMMUNITIES  # noqa: E402
from posts import POSTS, OWNER_POSTS  # noqa: E402
import comments as C  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
OUT = ROOT + "/apps/forum/world"
UTC = datetime.timezone.utc
OWNER = "alexrivera"
NOW = 1767254400000  # 2026-01-01 08:00 UTC
START = 1759276800000  # 2025-10-01 00:00 UTC
END = 1767225600000  # 2026-01-01 00:00 UTC
rng = random.Random(20251224)


def ms(y, mo, d, h, mi):
    return int(datetime.datetime(y, mo, d, h, mi, tzinfo=UTC).timestamp() * 1000)


USERS = """quietbrewer trailmix_tom saltandsear nata_hunter bayfog_runner penny_pincher42 lensandlight
pixel_tinkerer wanderlust_wes alfama_local fog_city_jen grindsize hillclimber_kat pageturner_88 curious_quark
tomato_tamer pixelknight resume_rita diy_dave reel_critic good_boy_dad meeplemaster crumb_shot sourdough_sam
midnight_miler frugal_fern f_stop_fiona sideload_sid carryon_carla tram28_rider mission_burrito pourover_paul
switchback_sue dogeared_dan lab_coat_lena compost_king save_point_sam offer_letter_oli stud_finder
popcorn_pat leash_lessons dice_tower_di flour_power miso_maria tempo_tuesday index_ivan golden_hour_gus
rooted_android jetlag_jo bifana_bruno sunset_district bean_scene cairn_carl chapter_one_chloe atom_smasher_al
kale_yeah boss_fight_bea interview_ian grout_guru spoiler_alert_sal pawsitive_pam rules_lawyer_ray
butter_block_ben castiron_cass negative_split_nick budget_bianca bokeh_bob widget_wanda backpack_ben
lisboa_lu karl_the_fog crema_claire summit_seeker library_lisa stardust_sagan seed_saver_sophie
couch_coop_chris pivot_priya toolbox_tina film_buff_fred rescue_rosie tabletop_tess knead_nina""".split()
assert len(set(USERS)) == len(USERS)

# ---------------------------------------------------------------- communities
communities = {}
for (cid, name, title, desc, members, icon, color, created, joined, flairs, flair_req, kinds, tmin, tmax, qmark,
     rules) in COMMUNITIES:
    communities[cid] = dict(name=name, title=title, description=desc, members=members, icon=icon, color=color,
                            created=created, joined=joined, flairs=flairs, flair_required=flair_req, kinds=kinds,
                            title_min=tmin, title_max=tmax, question_title=qmark, rules=rules)
members_of = {cid: c["members"] for cid, c in communities.items()}

# ---------------------------------------------------------------- posts
raw = []  # (time_ms, community, spec, author)
for cid, specs in POSTS.items():
    n = len(specs)
    # Spread the community's posts over the quarter, jittered; events are announced in late December.
    for i, spec in enumerate(specs):
        if "event_date" in spec:
            t = ms(2025, 12, 15, 0, 0) + rng.randrange(0, 15 * 86400) * 1000
        else:
            t = START + int((i + rng.random()) / n * (END - START - 86400000))
        t = t - t % 60000
        raw.append((t, cid, spec, rng.choice(USERS)))
for cid, spec, (y, mo, d, h, mi) in OWNER_POSTS:
    raw.append((ms(y, mo, d, h, mi), cid, spec, OWNER))
raw.sort(key=lambda r: r[0])
assert len({r[0] for r in raw}) == len(raw), "two posts at the same minute"


def post_score(cid, author):
    if author == OWNER:
        return rng.randint(4, 140)
    mu = 2.5 + 0.55 * math.log(members_of[cid] / 100000)
    return max(1, int(math.exp(rng.gauss(mu, 1.05))))


posts = {}
for i, (t, cid, spec, author) in enumerate(raw):
    pid = "p%03d" % (i + 1)
    p = dict(community=cid, author=author, title=spec["title"], kind=spec["kind"], body=spec["body"],
             url=spec.get("url", ""), domain="", image={}, photo="", flair=spec["flair"], topic=spec["topic"],
             time_ms=t, score=post_score(cid, author), vote=1 if author == OWNER else 0, saved=False, hidden=False,
             reported="", edited_ms=0)
    if p["url"]:
        p["domain"] = p["url"].split("/")[2].removeprefix("www.")
    if spec["kind"] == "image":
        k, pal = spec["scene"]
        p["image"] = dict(kind=k, palette=pal, seed=100 + i)
    for key in ("event_title", "event_date", "event_time", "event_place", "recipe_name", "ingredients", "recipe_key"):
        if key in spec:
            p[key] = spec[key]
    assert spec["flair"] in communities[cid]["flairs"], (cid, spec["flair"])
    assert spec["kind"] in communities[cid]["kinds"], (cid, spec["kind"], spec["title"])
    assert communities[cid]["title_min"] <= len(spec["title"]) <= communities[cid]["title_max"], spec["title"]
    if communities[cid]["question_title"]:
        assert spec["title"].endswith("?"), spec["title"]
    posts[pid] = p

# Each community's top post (highest score) is unique and not voted on by the owner.
for cid in communities:
    mine = [p for p in posts.values() if p["community"] == cid]
    top = sorted({p["score"] for p in mine}, reverse=True)
    if len(top) > 1 and [p["score"] for p in mine].count(top[0]) > 1:
        best = max(mine, key=lambda p: p["time_ms"])
        best["score"] += 1

# The owner's votes and saves on others' posts (never a community's top post).
top_ids = set()
for cid in communities:
    mine = [(pid, p) for pid, p in posts.items() if p["community"] == cid]
    top_ids.add(max(mine, key=lambda x: (x[1]["score"] + x[1]["vote"], x[1]["time_ms"]))[0])
others = [pid for pid, p in posts.items() if p["author"] != OWNER and pid not in top_ids]
for pid in rng.sample(others, 14):
    posts[pid]["vote"] = 1
for pid in rng.sample([x for x in others if posts[x]["vote"] == 0], 3):
    posts[pid]["vote"] = -1
for pid in rng.sample([x for x in others if posts[x]["community"] in ("cooking", "baking", "travel", "lisbon",
                                                                       "running", "personalfinance")], 5):
    posts[pid]["saved"] = True

# ---------------------------------------------------------------- comments
comments = []  # dicts with a temporary key "_id"
used_text = {}  # post -> set of texts


NO_VARY = ("Great", "Thanks", "Thank", "Congrats", "Love", "Ha", "This", "Same", "Following", "Came", "Not", "Would",
           "Saving", "Made", "Wallpaper", "Beautiful", "Gorgeous", "Those", "Look", "Nice", "Finally", "Source", "I",
           "I'll", "I'm", "Lumpy", "Fantastic", "Unpopular", "Seniors", "Beagles", "Stop", "Stealing", "Count", "Is",
           "Your", "Every", "Clean", "What", "Does", "Really", "Replays", "Cozy", "Grow", "Sorted", "Sorry", "Go",
           "Rates", "Now", "Hit", "Quitting", "Always", "Die", "Knives", "Try", "Rest", "Learn", "Eat", "Bring",
           "Lovely", "Plenty", "Went", "Any", "Swiss", "Baixa", "Bernal", "Cais", "Codenames", "Crissy", "F-Droid", "Knives",
           "La", "Manteigaria", "Mexico", "Muni", "Pena", "Tartine", "Say", "Congrats!", "Congrats,", "Finally.", "Gorgeous.",
           "Negotiate.", "Slugs.", "Northern", "'It", "400", "We", "Per-app", "Ice", "Kasuri", "Taxis", "Library", "Public")


def vary(text):
    """An opener and/or a closer around an advice-like statement (never a question or an exclamation)."""
    first = text.split(" ")[0].rstrip(",.!")
    if not text.endswith(".") or first in NO_VARY or first in ("Adding", "Bookmarking") or reply_kind(text) != "advice":
        return text
    o, c = rng.choice(C.OPENERS), rng.choice(C.CLOSERS)
    if o:
        text = text[0].lower() + text[1:]
    return o + text + c


def eligible(pool, p):
    """The texts of `pool` that may appear on post `p` (see the prefixes in comments.py)."""
    out = []
    for t in pool:
        if "|" in t and t[1] == ":":
            tag, text = t.split("|", 1)
            kind, vals = tag.split(":", 1)
            vals = vals.split(";")
            if kind == "t" and p["topic"] not in vals:
                continue
            if kind == "f" and p["flair"] not in vals:
                continue
            if kind == "k" and p["kind"] not in vals:
                continue
            t = text
        out.append(t)
    return out


def new_comment(pid, parent, author, body, t, score, unread=False):
    d = dict(_id=len(comments), post=pid, parent=parent, author=author, body=body, time_ms=t, score=score,
             vote=1 if author == OWNER else 0, unread=unread, edited_ms=0)
    comments.append(d)
    used_text.setdefault(pid, set()).add(body)
    return d


def cap(s):
    return s[:1].upper() + s[1:]


def later(t0, mean_min=240):
    t = t0 + int(rng.expovariate(1 / mean_min) * 60000) + 120000
    t = min(t, NOW - 15 * 60000 - rng.randrange(0, 60) * 60000)
    return max(t, t0 + 60000) - (max(t, t0 + 60000) % 1000)


used_base = {}  # post -> the pool texts used on it (before vary)


def fresh(pid, pool, topic, varied=False):
    if not pool:
        return None
    for _ in range(30):
        base = rng.choice(pool).replace("{topic}", topic)
        if base in used_base.get(pid, set()):
            continue
        used_base.setdefault(pid, set()).add(base)
        return vary(base) if varied and rng.random() < 0.4 else base
    return None


REACTIONS = {"Great", "Thanks", "Thank", "Congrats", "Love", "Ha", "This", "Same", "Following", "Came", "Saving", "Made",
             "Wallpaper", "Beautiful", "Gorgeous", "Those", "Look", "Nice", "Finally", "Went", "Lovely", "Unpopular", "Seniors",
             "Sorry", "Fantastic", "I'll", "Count", "Replays", "Cozy", "Stealing", "Every", "Clean", "Really", "Your", "Saw"}
SMALL_TALK = set(C.GENERIC_TOP) | set(C.REPLY) | set(C.REPLY_CHAT) | set(C.OP_REPLY) | set(C.FOLLOWUP) | set(C.REPLY_QUESTION)


def reply_kind(body):
    """What a reply answers: "question" (ends with ?), "chat" (small talk) or "advice"."""
    if body.rstrip().endswith("?"):
        return "question"
    first = body.split(" ")[0].rstrip(",.!")
    if body in SMALL_TALK or len(body) < 40 or "!" in body or first in REACTIONS:
        return "chat"
    return "advice"


def depth(c):
    d = 1
    while c["parent"] != "":
        c = comments[c["parent"]]
        d += 1
    return d


for pid, p in posts.items():
    if p["author"] == OWNER:
        continue
    cid, topic = p["community"], p["topic"]
    n = max(1, min(16, int(round(1 + 1.15 * math.log(1 + p["score"]))) + rng.randint(-2, 2)))
    mine = []
    for k in range(n):
        parent = None
        if mine and rng.random() < 0.5:
            cands = [c for c in mine if depth(c) < 5]
            if cands:
                parent = rng.choice(cands)
        if parent is None:
            pool = eligible(C.TOP[cid], p) if rng.random() < 0.8 else C.GENERIC_TOP
            text = fresh(pid, pool, topic, varied=True)
            if text is None:
                continue
            author = rng.choice([u for u in USERS if u != p["author"]])
            score = max(1, int(p["score"] * rng.uniform(0.02, 0.45))) if rng.random() > 0.06 else -rng.randint(1, 6)
            mine.append(new_comment(pid, "", author, text, later(p["time_ms"]), score))
        else:
            kind = reply_kind(parent["body"])
            op = parent["parent"] == "" and parent["author"] != p["author"] and kind == "advice" and rng.random() < 0.3
            pool = {"advice": C.REPLY, "question": C.REPLY_QUESTION, "chat": C.REPLY_CHAT}[kind]
            text = fresh(pid, C.OP_REPLY if op else pool, topic)
            if text is None:
                continue
            author = p["author"] if op else rng.choice([u for u in USERS if u not in (parent["author"], p["author"])])
            score = max(1, int(max(parent["score"], 2) * rng.uniform(0.1, 0.8))) if rng.random() > 0.08 else -rng.randint(1, 4)
            mine.append(new_comment(pid, parent["_id"], author, text, later(parent["time_ms"]), score))
    # Make sure threads go at least three levels deep on well-discussed posts.
    if n >= 6 and max(depth(c) for c in mine) < 3:
        chain = max(mine, key=depth)
        for _ in range(3 - depth(chain)):
            text = fresh(pid, {"advice": C.REPLY, "question": C.REPLY_QUESTION, "chat": C.REPLY_CHAT}[reply_kind(chain["body"])], topic)
            if text is None:
                break
            author = rng.choice([u for u in USERS if u not in (chain["author"], p["author"])])
            chain = new_comment(pid, chain["_id"], author, text, later(chain["time_ms"]),
                                max(1, int(max(chain["score"], 2) * rng.uniform(0.2, 0.7))))
            mine.append(chain)

# The owner's posts: others comment, the owner answers some, others reply to those answers.
by_topic = {p["topic"]: pid for pid, p in posts.items()}
for pid, p in posts.items():
    if p["author"] != OWNER:
        continue
    texts = C.ON_OWNER_POSTS[p["topic"]]
    t = p["time_ms"]
    for text in texts:
        author = rng.choice(USERS)
        top = new_comment(pid, "", author, text, later(t, 300), max(1, int(p["score"] * rng.uniform(0.05, 0.5))))
        t = top["time_ms"]
        if rng.random() < 0.5:
            ans = new_comment(pid, top["_id"], OWNER, cap(rng.choice(C.OP_REPLY).replace("OP here: ", "")),
                              later(top["time_ms"], 200), max(1, top["score"] // 3))
            if rng.random() < 0.5:
                new_comment(pid, ans["_id"], rng.choice([u for u in USERS if u != author]),
                            fresh(pid, C.FOLLOWUP, p["topic"]), later(ans["time_ms"], 300), max(1, ans["score"] // 2))

# The owner's comments on others' posts, matched to the posts they answer.
OWNER_ON = [
    ("shakshuka", "Made this tonight and it was a hit. I added a squeeze of lemon at the end.",
     "Thanks! Glad it worked for you too."),
    ("salting steak", "Great tip, my steaks have been grey for years and now I know why.", "Ha, same. It was a game changer."),
    ("couch to 10K", "Slowing down on easy days is the best advice I ever got too.", None),
    ("Presidio run club", "I'll come to the Presidio run! Is there parking nearby?",
     "There's a lot on the street around the Tunnel Tops, usually easy before 8."),
    ("CIM marathon", "Congrats on the marathon, that's a great negative split.", "Thank you! Good luck with your half in March."),
    ("48-hour rule", "The 48-hour rule is brilliant, stealing it.", None),
    ("rent increase", "I asked my landlord for a smaller increase last year and got 5% instead of 9%.",
     "Good to know, thanks for sharing your experience."),
    ("fog at sunrise", "The light in this is unreal. Where was this taken?", "Mount Diablo, just after sunrise."),
    ("overnight battery drain", "Same battery drain here since the update, a restart helps for a day.",
     "Same here. Hoping the January patch fixes it."),
    ("carry-on packing", "Carry-on only is the way. I did Lisbon with a 35L pack.", "Where did you stay when you were there?"),
    ("Portugal by train", "Coimbra was my favorite too, such a great town.", None),
    ("pastéis de nata", "Manteigaria was my favorite nata when I visited in December.", "Did you try the one in Chiado too?"),
    ("fado night", "I went to a fado night in Alfama in December, get there early!", "Nice, see you there!"),
    ("tram 28", "Walked the tram 28 route and loved it.", None),
    ("New Year's fireworks", "Bernal Hill is my pick for fireworks too.", "Totally agree with you."),
    ("beach cleanup", "I'll be at the beach cleanup with a friend.", "That's great to hear!"),
    ("owning a car in the city", "The Richmond without a car is doable, I did it for two years.", None),
    ("V60 recipe", "Lighter roasts at 96C fixed my sour pour-overs.", "Which one did you end up liking best?"),
    ("bean freshness", "Freezing in small jars has been great for me.", None),
    ("winter day hike kit", "Microspikes saved me on the Mist Trail in November.", "Good to know, thanks for sharing your experience."),
    ("getting lost at dusk", "Tell someone your turnaround time, always. Great advice.", None),
    ("Project Hail Mary", "Project Hail Mary was my favorite book of the year too.", "Rocky forever."),
    ("focaccia", "Made the focaccia this weekend, so easy and so good.", "Thanks! Glad you liked it."),
    ("budgeting apps", "I use a simple spreadsheet plus my bank's alerts, works fine for me.", None),
]
for topic, text, reply in OWNER_ON:
    pid = by_topic[topic]
    p = posts[pid]
    mine = new_comment(pid, "", OWNER, text, later(p["time_ms"], 600), rng.randint(2, 60))
    if reply:
        new_comment(pid, mine["_id"], p["author"], reply, later(mine["time_ms"], 400), rng.randint(1, 20))

# Order comments by time and give them ids; parents come before children.
order = sorted(range(len(comments)), key=lambda i: (comments[i]["time_ms"], i))
cid_of = {}
for n, i in enumerate(order):
    cid_of[i] = "c%04d" % (n + 1)
out_comments = {}
for i in order:
    c = dict(comments[i])
    if c["parent"] != "":
        c["parent"] = cid_of[c["parent"]]
        assert comments[comments[i]["parent"]]["time_ms"] < c["time_ms"]
    del c["_id"]
    out_comments[cid_of[i]] = c


def post_of(c):
    return posts[c["post"]]


# The inbox: replies to the owner (top-level comments on the owner's posts, replies to the owner's
# comments) by others. The newest ones are unread.
def is_inbox(c):
    if c["author"] == OWNER:
        return False
    if c["parent"] == "":
        return post_of(c)["author"] == OWNER
    return out_comments[c["parent"]]["author"] == OWNER


inbox = sorted([k for k, c in out_comments.items() if is_inbox(c)], key=lambda k: out_comments[k]["time_ms"], reverse=True)
for k in inbox[:6]:
    out_comments[k]["unread"] = True

# ---------------------------------------------------------------- users
CAKE = {OWNER: "2017-06-12"}
users = {OWNER: dict(name=OWNER, display="Alex Rivera", cake_day="2017-06-12",
                     about="Runner in training, home cook, amateur photographer. San Francisco.")}
ABOUT = {
    "cooking": "home cook", "running": "runner", "personalfinance": "spreadsheet person", "photos": "photographer",
    "android": "Android tinkerer", "travel": "traveller", "lisbon": "Lisbon lover", "sanfrancisco": "San Franciscan",
    "coffee": "coffee nerd", "hiking": "hiker", "books": "reader", "askscience": "science fan", "gardening": "gardener",
    "gaming": "gamer", "jobs": "career changer", "homeimprovement": "weekend DIYer", "movies": "film buff",
    "dogs": "dog person", "boardgames": "board gamer", "baking": "baker"}
for u in sorted(USERS):
    acts = {}
    for p in posts.values():
        if p["author"] == u:
            acts[p["community"]] = acts.get(p["community"], 0) + 3
    for c in out_comments.values():
        if c["author"] == u:
            acts[post_of(c)["community"]] = acts.get(post_of(c)["community"], 0) + 1
    top = [k for k, _ in sorted(acts.items(), key=lambda x: (-x[1], x[0]))[:2]]
    about = " and ".join(ABOUT[k] for k in top).capitalize() + "." if top else ""
    y = rng.randint(2012, 2024)
    users[u] = dict(name=u, display="", cake_day="%d-%02d-%02d" % (y, rng.randint(1, 12), rng.randint(1, 28)),
                    about=about)

# ---------------------------------------------------------------- write
os.makedirs(OUT, exist_ok=True)


def dump(name, data):
    with open(OUT + "/" + name, "w") as f:
        f.write("{\n")
        items = list(data.items())
        for i, (k, v) in enumerate(items):
            f.write("  " + json.dumps(k, ensure_ascii=False) + ": " + json.dumps(v, ensure_ascii=False) +
                    ("," if i + 1 < len(items) else "") + "\n")
        f.write("}\n")


dump("communities.json", communities)
dump("posts.json", posts)
dump("comments.json", out_comments)
dump("users.json", users)

# ---------------------------------------------------------------- summary
count = {pid: 0 for pid in posts}
for c in out_comments.values():
    count[c["post"]] += 1
print("communities", len(communities), "posts", len(posts), "comments", len(out_comments), "users", len(users))
print("inbox", len(inbox), "unread", inbox[:6])
maxd = 0
for k, c in out_comments.items():
    d, x = 1, c
    while x["parent"]:
        x = out_comments[x["parent"]]
        d += 1
    maxd = max(maxd, d)
print("max depth", maxd, "posts without comments", sum(1 for v in count.values() if v == 0))
for cid in communities:
    mine = [(pid, p) for pid, p in posts.items() if p["community"] == cid]
    pid, p = max(mine, key=lambda x: (x[1]["score"] + x[1]["vote"], x[1]["time_ms"]))
    print("%-16s %3d posts, top %s score %6d comments %2d  %s" % (cid, len(mine), pid, p["score"] + p["vote"], count[pid], p["title"][:50]))
