"""Shared shape of the hand-written real-world cases (S2.3, S2.7-S2.9,
S5.3-S5.6): one roster, one deal, a day 1 start. Each case's expectation
is written by hand in the calling script with its derivation in `_why`;
this module only lays the JSON out."""

import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
OURS = os.path.join(HERE, "..", "ours")

PLAYERS = [
    "Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal",
    "O'Neil", "Zoë", "TheRealGin-N-Tonic", "Harbor Lights",
]
CARDS = {
    "Ann": "Pollution", "Bob": "Waste", "Cid": "Greediness",
    "Dee": "Forest Ranger", "Eve": "Scientist", "Fay": "Knowledge",
    "Gus": "Fish", "Hal": "Peace", "O'Neil": "Algae", "Zoë": "Insects",
    "TheRealGin-N-Tonic": "Clean Water", "Harbor Lights": "Farm Land",
}

WRITTEN = []


def case(cid, rule, title, why, phases, expect, options=None, first=None,
         players=None, cards=None, **extra):
    """Writes `ours/<cid lowercase>.json`."""
    c = {"game": "survival", "id": cid, "rule": rule, "title": title,
         "_why": why}
    if options:
        c["options"] = options
    c["first"] = first or {"day": 1}
    c["players"] = players or PLAYERS
    c["cards"] = cards or CARDS
    c.update(extra)
    c["phases"] = phases
    c["expect"] = {"phases": expect} if isinstance(expect, list) else expect
    path = os.path.join(OURS, cid.lower() + ".json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(c, f, indent=1, ensure_ascii=False)
        f.write("\n")
    WRITTEN.append(cid)


def day(posts=None, page=None, layout=None, revote=None, decisions=None):
    p = {}
    if posts is not None:
        p["posts"] = [list(x) for x in posts]
    if page is not None:
        p["page"] = page
    if layout is not None:
        p["layout"] = layout
    if revote is not None:
        p["revote"] = [list(x) for x in revote]
    if decisions is not None:
        p["decisions"] = decisions
    return p


def voted(name, n=None, count=None, outcome="vote", **more):
    """An expected day where `name` is voted out."""
    e = {"outcome": outcome, "eliminated": {name: ["vote"]}}
    if count is not None:
        e["count"] = count
    e.update(more)
    return e
