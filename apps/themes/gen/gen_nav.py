#!/usr/bin/python3
"""Writes apps/themes/nav.json (pages, transitions and the example that reaches each page)."""
import json
A = "themes"
tabs = ["home", "wallpapers", "icons", "colours", "my_stuff"]
def tabt(cur):
    t = {}
    for k in tabs:
        if k != cur:
            t["tab_" + k] = {"to": k, "via": "themes.tab." + k, "replace": True}
    t["open_search"] = {"to": "search", "via": "themes.search"}
    t["open_favourites"] = {"to": "favourites", "via": "themes.favourites"}
    return t
o = {"type": "open_app", "app": A}
def c(t): return {"type": "click", "target": t}
pages = {}
h = tabt("home"); h["open_item"] = {"to": "item", "via": "themes.banner.b1"}; h["open_charts"] = {"to": "top_charts", "via": "themes.home.charts"}
pages["home"] = {"title": "Themes", "transitions": h, "example": [o]}
for k, title, via in [("wallpapers", "Wallpapers", "themes.tile.wp_ocean"), ("icons", "Icons", "themes.tile.ic_pebble"),
                      ("colours", "Colours", "themes.tile.pal_teal")]:
    t = tabt(k); t["open_item"] = {"to": "item", "via": via}
    pages[k] = {"title": title, "transitions": t, "example": [o, c("themes.tab." + k)]}
t = tabt("my_stuff"); t["open_item"] = {"to": "item", "via": "themes.mine.default"}
pages["my_stuff"] = {"title": "My stuff", "transitions": t, "example": [o, c("themes.tab.my_stuff")]}
pages["top_charts"] = {"title": "Top charts", "transitions": {"open_item": {"to": "item", "via": "themes.chart.wp_ocean"}},
                       "example": [o, c("themes.home.charts")]}
pages["search"] = {"title": "Search", "transitions": {"open_item": {"to": "item", "via": "themes.result.pal_green"}},
                   "example": [o, c("themes.search"), {"type": "type", "text": "green"}]}
pages["favourites"] = {"title": "Favourites", "transitions": {"open_item": {"to": "item", "via": "themes.fav.wp_mint"}},
                       "example": [o, c("themes.tab.wallpapers"), {"scroll_to": "themes.tile.wp_mint"}, c("themes.tile.wp_mint"), c("themes.item.favourite"),
                                   {"type": "back"}, c("themes.favourites")]}
pages["item"] = {"title": "Item", "transitions": {"open_reviews": {"to": "reviews", "via": "themes.item.all_reviews"},
                                                   "write_review": {"to": "write_review", "via": "themes.item.write_review"}},
                 "example": [o, c("themes.tab.wallpapers"), c("themes.tile.wp_ocean")]}
pages["reviews"] = {"title": "Reviews", "transitions": {"write_review": {"to": "write_review", "via": "themes.reviews.write"}},
                    "example": [o, c("themes.tab.wallpapers"), c("themes.tile.wp_ocean"), {"scroll_to": "themes.item.all_reviews"}, c("themes.item.all_reviews")]}
pages["write_review"] = {"title": "Write a review", "transitions": {},
                         "example": [o, c("themes.tab.my_stuff"), c("themes.mine.pal_teal"), {"scroll_to": "themes.item.write_review"},
                                     c("themes.item.write_review"), c("themes.review.star.4")]}
nav = {"entry": "home", "pages": pages}
lines = ["{", '  "entry": "home",', '  "pages": {']
ks = list(pages)
for i, k in enumerate(ks):
    lines.append('    "%s": %s%s' % (k, json.dumps(pages[k]), "," if i < len(ks) - 1 else ""))
lines += ["  }", "}"]
open(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "nav.json"), "w").write("\n".join(lines) + "\n")
