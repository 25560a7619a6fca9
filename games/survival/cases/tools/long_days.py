"""Whole days of 150+ posts (S2.9, S5.3-S5.6), built by a seeded generator
that keeps its own tally of what it wrote: every vote, unvote, struck,
quoted, mid-line and late line is decided here by the rules as written
(RULES.md), never by running the engine. The expected count, outcome and
the full list of ignored lines come from that tally. Run:
python3 games/survival/cases/tools/long_days.py"""

import random

from common import PLAYERS, case, day, WRITTEN

NE = "(no elimination)"
# Ways a player's name is written that S2.3 reads as that player, and
# whether the reading is a guess (listed, not pinned here).
SPELLINGS = {
    "Zoë": ["Zoë", "Zoe", "ZOE", "@Zoë"],
    "O'Neil": ["O'Neil", "O’Neil", "ONeil", "@oneil"],
    "TheRealGin-N-Tonic": ["TheRealGin-N-Tonic", "therealgin-n-tonic", "@TheRealGin-N-Tonic", "gin"],
    "Harbor Lights": ["Harbor Lights", "harbor lights", "@Harbor Lights", "harbor"],
}


def spell(rng, p):
    return rng.choice(SPELLINGS.get(p, [p, p.lower(), p.upper(), "@" + p]))


def rank(p):
    return p.encode("utf-8")


class Day:
    """One generated day: posts as lists of lines, with the tally."""

    def __init__(self, seed, majority, bold=False, ne_bias=0.0, lean=None, style="posts"):
        self.rng = random.Random(seed)
        self.majority = majority
        self.bold = bold
        self.ne_bias = ne_bias
        self.lean = lean
        self.style = style
        self.votes = {}
        self.ended = None
        self.ignored = []
        self.posts = []  # (author, [lines as the engine reads them])
        self.vote_lines = []  # earlier lines a later post may quote

    def counts(self):
        c = {}
        for t in self.votes.values():
            c[t] = c.get(t, 0) + 1
        return c

    def target(self, k):
        r = self.rng.random()
        if r < self.ne_bias:
            return NE
        if self.lean and k > 60 and r < 0.55:
            return self.lean
        return self.rng.choice(PLAYERS)

    def vote_text(self, t):
        """A line voting for `t` at its start, in a form S5.3 counts."""
        rng = self.rng
        if t == NE:
            return rng.choice(["vote no lynch", "!nolynch", "vote: sleep", "vote no elimination"])
        name = spell(rng, t)
        if self.style == "phpbb":
            forms = ["vote: {n}", "Vote {n}", "VOTE: {n}", "vote {n} -- final answer"]
        elif self.style == "discord":
            forms = ["!vote {n}", "vote: {n}", "## vote {n}", "/vote {n}", "Vote {n}"]
        elif self.bold:
            forms = ["[b]vote: {n}[/b]", "**vote {n}**", "[vote]{n}[/vote]", "!vote {n}"]
        else:
            forms = ["vote: {n}", "[vote]{n}[/vote]", "##vote {n}", "!vote {n}", "[b]vote {n}[/b]", "Vote {n}", "[v]{n}[/v]"]
        f = rng.choice(forms)
        if name.startswith("@") and f.startswith("["):
            name = name[1:]
        return f.format(n=name)

    def add(self, k, author):
        """Writes post k by `author`; returns its lines."""
        rng = self.rng
        lines = []
        events = []  # (line, kind, payload)
        n_items = rng.choice([1, 1, 2, 2, 3])
        for _ in range(n_items):
            r = rng.random()
            if r < 0.30:
                other = rng.choice(PLAYERS)
                lines.append(rng.choice([
                    f"I think {other} is town.",
                    f"Where has {other} been all day?",
                    "Still reading back.",
                    f"{other} and I disagree about the claim.",
                ]) + f" ({k})")
            elif r < 0.70:
                t = self.target(k)
                lines.append(self.vote_text(t))
                events.append((len(lines), "vote", t))
            elif r < 0.77:
                if self.bold:
                    # Under vote_bold: required a word unvote counts in bold only.
                    forms = ["[b]unvote[/b]", "[unvote]", "!unvote"]
                elif self.style == "posts":
                    forms = ["unvote", "[unvote]", "!unvote"]
                else:
                    forms = ["unvote", "!unvote"]
                lines.append(rng.choice(forms))
                events.append((len(lines), "unvote", None))
            elif r < 0.82:
                t = self.target(k)
                if t == NE:
                    continue
                if self.style == "phpbb":
                    lines.append(f"unvote, vote {spell(rng, t)}")
                elif self.bold:
                    lines.append(f"[b]unvote. Vote: {spell(rng, t)}[/b]")
                else:
                    lines.append(f"unvote, vote {spell(rng, t)}")
                events.append((len(lines), "unvote", None))
                events.append((len(lines), "vote", t))
            elif r < 0.87 and self.style == "posts":
                t = rng.choice(PLAYERS)
                lines.append(rng.choice(["~~vote {n}~~", "[s]vote {n}[/s]"]).format(n=t))
                events.append((len(lines), "ignored", "struck"))
            elif r < 0.93 and self.vote_lines and self.style != "phpbb":
                quoted_author, quoted = rng.choice(self.vote_lines)
                if self.style == "discord":
                    lines.append("> " + quoted)
                else:
                    lines.append(f'[quote="{quoted_author}"]{quoted}[/quote]')
                events.append((len(lines), "ignored", "quoted"))
            elif r < 0.93 and self.vote_lines:
                # A rendered phpBB quote: header, the quoted line (a line
                # of an earlier post), then a line of the post's own. The
                # splitter writes it back as three lines (S2.9).
                quoted_author, quoted = rng.choice(self.vote_lines)
                lines.append(f'[quote="{quoted_author}"]')
                lines.append(quoted)
                events.append((len(lines), "ignored", "quoted"))
                lines.append("[/quote]")
                lines.append(f"Not convinced by that ({k}).")
            else:
                t = rng.choice(PLAYERS)
                lines.append(f"maybe we vote {spell(rng, t) if t not in SPELLINGS else t} tomorrow")
                events.append((len(lines), "ignored", "not_at_line_start"))
        if self.bold and rng.random() < 0.1:
            t = rng.choice(PLAYERS)
            lines.append(f"vote {t}")
            events.append((len(lines), "ignored", "not_bold"))
        if not lines:
            lines.append(f"Nothing to add ({k}).")
        for line, kind, payload in events:
            if self.ended is not None:
                self.ignored.append((author, k, line, "after_majority"))
            elif kind == "vote":
                self.votes[author] = payload
            elif kind == "unvote":
                self.votes.pop(author, None)
            else:
                self.ignored.append((author, k, line, payload))
        if self.majority and self.ended is None:
            if any(v >= 7 for v in self.counts().values()):
                self.ended = k
        for line, kind, payload in events:
            if kind == "vote" and payload != NE and self.style != "phpbb" or (self.style == "phpbb" and kind == "vote"):
                text = lines[line - 1]
                if "unvote" not in text.lower() and not text.startswith("["):
                    self.vote_lines.append((author, text))
        self.posts.append((author, lines))

    def run(self, n):
        for k in range(1, n + 1):
            self.add(k, self.rng.choice(PLAYERS))
        return self

    def expect(self):
        c = self.counts()
        players = {p: v for p, v in c.items() if p != NE}
        ne = c.get(NE, 0)
        top = max(players.values(), default=0)
        leaders = [p for p, v in players.items() if v == top]
        e = {"count": dict(sorted(c.items()))}
        if self.majority:
            if self.ended is None:
                e["outcome"] = "none"
                e["eliminated"] = {}
            elif ne >= 7:
                e["outcome"] = "no_elimination"
                e["eliminated"] = {}
            else:
                e["outcome"] = "vote"
                e["eliminated"] = {leaders[0]: ["vote"]}
        elif ne > 0 and ne >= top:
            e["outcome"] = "no_elimination"
            e["eliminated"] = {}
        elif len(leaders) == 1:
            e["outcome"] = "vote"
            e["eliminated"] = {leaders[0]: ["vote"]}
        else:
            return None  # a tie: the caller tries another seed
        e["ignored"] = [
            {"player": a, "post": k, "line": l, "why": w}
            for a, k, l, w in sorted(self.ignored, key=lambda x: (rank(x[0]), x[1], x[2]))
        ]
        return e


def make(seed, n, **kw):
    while True:
        d = Day(seed, **kw).run(n)
        e = d.expect()
        if e is not None:
            return d, e, seed
        seed += 1000


def why(d, n, seed, extra):
    c = d.counts()
    ended = f" A majority (7 of 12) was reached after post {d.ended}; the vote lines of later posts are listed as after_majority." if d.ended else ""
    return (f"Generated by cases/tools/long_days.py (seed {seed}), {n} posts. The generator keeps its own tally as it writes each line "
            f"by S5.3: a vote at a line's start replaces the author's vote, an unvote withdraws it, struck / quoted / mid-line / unbolded forms "
            f"are listed as ignored (S5.4).{ended} Final tally: {dict(sorted(c.items()))}. {extra}")


# 1. Plurality, posts.
d, e, s = make(1, 180, majority=False)
case("LONG-001", "S5.3", "A whole plurality day of 180 posts in every vote form",
     why(d, 180, s, "The unique highest count is voted out (S6.1)."),
     [day([(a, "\n".join(ls)) for a, ls in d.posts])], [e])

# 2. Majority, posts, leaning to Fay late: the day ends at a majority.
d, e, s = make(2, 200, majority=True, lean="Fay")
case("LONG-002", "S5.5", "A whole majority day of 200 posts that ends at a majority",
     why(d, 200, s, "The first candidate to hold 7 votes after a whole post is voted out (S5.5)."),
     [day([(a, "\n".join(ls)) for a, ls in d.posts])], [e], options={"vote_rule": "majority"})

# 3. Plurality, a Discord channel page of 160 messages.
d, e, s = make(3, 160, majority=False, style="discord")
page = "\n".join(f"{a} — Today at {10 + k // 60:02d}:{k % 60:02d}\n" + "\n".join(ls) for k, (a, ls) in enumerate(d.posts))
e["split"] = {"layout": "discord", "posts": 160, "players": len({a for a, _ in d.posts}), "unknown": [], "orphans": 0}
case("LONG-003", "S2.9", "A Discord day of 160 messages copied from the channel",
     why(d, 160, s, "Each message has its own 'NAME — Today at HH:MM' header (S2.9); typed '>' quotes are quoted (S5.3)."),
     [day(page=page)], [e])

# 4. Majority, a phpBB page of 170 posts with rendered quotes.
d, e, s = make(4, 170, majority=True, lean="Gus", style="phpbb")
blocks = ["Survival: Day 1", "Post Reply", "Page 1 of 1"]
for k, (a, ls) in enumerate(d.posts, start=1):
    blocks += [a, f"Posts: {100 + k}", "Joined: Mon Nov 02, 2026 9:00 am", "Re: Survival: Day 1", "Quote",
               f"Post by {a} » Tue Nov 24, 2026 {1 + k % 11}:{k % 60:02d} pm"]
    i = 0
    while i < len(ls):
        if ls[i].startswith('[quote="'):
            who = ls[i][len('[quote="'):-2]
            blocks.append(f"{who} wrote: ↑Tue Nov 24, 2026 8:15 pm")
            blocks.append(ls[i + 1])
            i += 3
            continue
        blocks.append(ls[i])
        i += 1
    blocks.append("Top")
blocks += ["Display posts from previous: All posts", "Jump to"]
e["split"] = {"layout": "phpbb", "posts": 170, "players": len({a for a, _ in d.posts}), "unknown": [], "orphans": 1}
case("LONG-004", "S2.9", "A phpBB page of 170 posts with profile blocks and rendered quotes, majority",
     why(d, 170, s, "Each quote is rendered as 'NAME wrote: ↑ DATE' over a line of an earlier post, followed by a line of the post's own; the splitter writes it back as [quote=\"NAME\"], the line, [/quote] (S2.9), so the quoted line is line 2 of that block. The board title is the one orphan."),
     [day(page="\n".join(blocks))], [e], options={"vote_rule": "majority"})

# 5. Plurality where no elimination wins.
d, e, s = make(5, 150, majority=False, ne_bias=0.35)
case("LONG-005", "S5.6", "A plurality day of 150 posts where no elimination holds the most votes",
     why(d, 150, s, "No elimination holds the highest count, alone or tied: no one is eliminated (S5.6)." if e["outcome"] == "no_elimination" else "A player holds more than no elimination (S5.6)."),
     [day([(a, "\n".join(ls)) for a, ls in d.posts])], [e])

# 6. Majority with bold votes required: no majority by the deadline.
d, e, s = make(6, 160, majority=True, bold=True)
case("LONG-006", "S5.3", "A majority day of 160 posts with bold votes required",
     why(d, 160, s, "Under vote_bold: required an unbolded word vote is listed as not_bold; tags and commands count as they are (S5.3). " + ("No one reached 7: no one is eliminated (S5.5)." if d.ended is None else "")),
     [day([(a, "\n".join(ls)) for a, ls in d.posts])], [e], options={"vote_rule": "majority", "vote_bold": "required"})

print(len(WRITTEN), "long days written")
