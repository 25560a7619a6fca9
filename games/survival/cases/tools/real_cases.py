"""The real-world reading cases (S2.3, S2.7-S2.9, S5.3-S5.6): single posts
in every vote form, names as players write them, the house-rule options,
the lines that do not count, and page copies of each forum layout. Every
expectation below is derived by hand from RULES.md, the derivation in
`_why`. Run: python3 games/survival/cases/tools/real_cases.py"""

from common import case, day, voted, WRITTEN

R = lambda player, post, line, **kw: dict(player=player, post=post, line=line, **kw)
IG = lambda player, post, line, why: dict(player=player, post=post, line=line, why=why)
GU = lambda player, post, line, written, read_as, how: dict(
    player=player, post=post, line=line, written=written, read_as=read_as, how=how)

# ---------------------------------------------------------------- forms
case("FORM-001", "S5.3", "Word votes: vote NAME and vote: NAME, any case",
     "Ann's 'vote: Fay' and Bob's 'Vote Fay' name Fay; Cid's 'VOTE:Gus' names Gus (S5.3: vote then ':' or a space, at the line's start). Fay 2, Gus 1: Fay has the highest count (S6.1).",
     [day([("Ann", "vote: Fay"), ("Bob", "Vote Fay"), ("Cid", "VOTE:Gus")])],
     [voted("Fay", count={"Fay": 2, "Gus": 1}, rejected=[], ignored=[])])

case("FORM-002", "S5.3", "Vote tags anywhere in a line: [vote], [V], [v]",
     "Tags count anywhere in a line (S5.3): Ann's '[vote]Fay[/vote]' after 'ok', Bob's '[V]Fay[/V]', Cid's '[v]gus[/v]' (Gus, case aside). Fay 2, Gus 1.",
     [day([("Ann", "ok [vote]Fay[/vote] for now"), ("Bob", "[V]Fay[/V]"), ("Cid", "[v]gus[/v]")])],
     [voted("Fay", count={"Fay": 2, "Gus": 1}, rejected=[], ignored=[])])

case("FORM-003", "S5.3", "Commands: ##vote, ## vote and ##Vote:",
     "'##vote NAME' and '## vote NAME' are commands (S5.3); '##Vote: Gus' too, the colon after the word. Fay 2, Gus 1.",
     [day([("Ann", "##vote Fay"), ("Bob", "## vote Fay"), ("Cid", "##Vote: Gus")])],
     [voted("Fay", count={"Fay": 2, "Gus": 1}, rejected=[], ignored=[])])

case("FORM-004", "S5.3", "Bot commands: !vote and /vote",
     "'!vote Fay', '/vote Fay', '!vote gus' are commands (S5.3). Fay 2, Gus 1.",
     [day([("Ann", "!vote Fay"), ("Bob", "/vote Fay"), ("Cid", "!vote gus")])],
     [voted("Fay", count={"Fay": 2, "Gus": 1}, rejected=[], ignored=[])])

case("FORM-005", "S5.3", "Unvote forms: unvote, [unvote], ##unvote",
     "Ann, Bob and Cid each vote then withdraw with 'unvote', '[unvote]' and '##unvote' (S5.3); Dee's vote for Gus is the only one left: Gus 1.",
     [day([("Ann", "vote Fay"), ("Ann", "unvote"), ("Bob", "vote Fay"), ("Bob", "[unvote]"),
           ("Cid", "vote Gus"), ("Cid", "##unvote"), ("Dee", "vote Gus")])],
     [voted("Gus", count={"Gus": 1}, rejected=[], ignored=[])])

case("FORM-006", "S5.3", "Unvote forms: [uv], [UNV][/UNV], !unvote",
     "'[uv]', '[UNV][/UNV]' and '!unvote' withdraw (S5.3). Only Dee's vote for Hal stands: Hal 1.",
     [day([("Ann", "vote Fay"), ("Ann", "[uv]"), ("Bob", "vote Fay"), ("Bob", "[UNV][/UNV]"),
           ("Cid", "vote Fay"), ("Cid", "!unvote"), ("Dee", "vote Hal")])],
     [voted("Hal", count={"Hal": 1}, rejected=[], ignored=[])])

case("FORM-007", "S5.3", "Unvote and vote on one line: the vote stands",
     "'unvote, vote Fay', '[b]unvote. Vote: Fay[/b]' and 'unvote vote Fay': the unvote, then the vote right after it counts as starting the line (S5.3). Ann (was Gus) and Cid (was Hal) move to Fay; Bob votes Fay. Fay 3.",
     [day([("Ann", "vote Gus"), ("Ann", "unvote, vote Fay"), ("Bob", "[b]unvote. Vote: Fay[/b]"),
           ("Cid", "vote Hal"), ("Cid", "unvote vote Fay")])],
     [voted("Fay", count={"Fay": 3}, rejected=[], ignored=[])])

case("FORM-008", "S5.3", "unvote NAME, vote X: the unvote names its old target, the vote counts",
     "Ann: 'vote Gus', then 'unvote Gus, vote Hal': the unvote withdraws Gus, the vote after it on the line counts (S5.3). Bob votes Gus, Cid votes Hal. Hal 2, Gus 1.",
     [day([("Ann", "vote Gus"), ("Ann", "unvote Gus, vote Hal"), ("Bob", "vote Gus"), ("Cid", "vote Hal")])],
     [voted("Hal", count={"Hal": 2, "Gus": 1}, rejected=[], ignored=[])])

case("FORM-009", "S5.3", "The name is the longest run of words naming a player; talk after it is ignored",
     "'Vote: Fay -- mod, please note' reads Fay ('--' ends the run); 'vote: Gus.' reads Gus; 'vote Fay pls' reads Fay (the run 'Fay pls' names no one, 'Fay' does); 'vote Harbor Lights because of the claim' reads the longest run naming a player, 'Harbor Lights'. Fay 2, Gus 1, Harbor Lights 1.",
     [day([("Ann", "Vote: Fay -- mod, please note"), ("Bob", "vote: Gus."), ("Cid", "vote Fay pls"),
           ("Dee", "vote Harbor Lights because of the claim")])],
     [voted("Fay", count={"Fay": 2, "Gus": 1, "Harbor Lights": 1}, rejected=[], ignored=[], guesses=[])])

case("FORM-010", "S5.3", "A later vote replaces the earlier, within a post and across posts",
     "Ann's post 1 votes Gus then Fay (Fay stands), post 3 votes Hal (Hal stands). Bob votes Gus, Cid Hal. Hal 2, Gus 1.",
     [day([("Ann", "vote Gus\nvote Fay"), ("Bob", "vote Gus"), ("Ann", "vote Hal"), ("Cid", "vote Hal")])],
     [voted("Hal", count={"Hal": 2, "Gus": 1}, rejected=[], ignored=[])])

case("FORM-011", "S5.3", "A voter may vote for themselves",
     "Ann votes Ann, Bob votes Ann (S5.3 allows self-votes). Ann 2.",
     [day([("Ann", "vote Ann"), ("Bob", "vote: ann")])],
     [voted("Ann", count={"Ann": 2}, rejected=[], ignored=[])])

case("FORM-012", "S5.4", "Talk that does not look like a vote is neither counted nor listed",
     "'I would vote for the quiet ones' (mid-line, 'for the quiet ones' names no player), 'votes are weird' and 'devote yourself' hold no vote form that names anyone: not listed (S5.4). Line 4 'vote Fay' counts. Fay 1.",
     [day([("Ann", "I would vote for the quiet ones\nvotes are weird\ndevote yourself to the town\nvote Fay")])],
     [voted("Fay", count={"Fay": 1}, rejected=[], ignored=[])])

case("FORM-013", "S5.3", "Colour, size, center, list formatting is removed before reading",
     "'[color=red][size=150]vote: Fay[/size][/color]' and '[center][b]VOTE: FAY[/b][/center]' read 'vote: Fay'; '[list][*]vote Gus[/list]' reads 'vote Gus' (S5.3 formatting). Fay 2, Gus 1.",
     [day([("Ann", "[color=red][size=150]vote: Fay[/size][/color]"), ("Bob", "[center][b]VOTE: FAY[/b][/center]"),
           ("Cid", "[list][*]vote Gus[/list]")])],
     [voted("Fay", count={"Fay": 2, "Gus": 1}, rejected=[], ignored=[])])

case("FORM-014", "S5.3", "area, ooc, spoiler, url and highlight tags are removed",
     "Each tag is removed and its text kept (S5.3): Ann's [area] holds a [vote] tag for Fay, Bob's [ooc] 'vote Fay', Cid's [spoiler] 'vote Gus', Dee's [url] 'vote Fay', Eve's [highlight] 'vote Gus'. Fay 3, Gus 2.",
     [day([("Ann", "[area=Vote][vote]Fay[/vote][/area]"), ("Bob", "[ooc]vote Fay[/ooc]"),
           ("Cid", "[spoiler]vote Gus[/spoiler]"), ("Dee", "[url=https://forum.example/u/7]vote Fay[/url]"),
           ("Eve", "[highlight]vote Gus[/highlight]")])],
     [voted("Fay", count={"Fay": 3, "Gus": 2}, rejected=[], ignored=[])])

case("FORM-015", "S5.3", "Discord Markdown is removed: bold, underline, code, spoiler, subtext",
     "'**vote Fay**', '__vote Fay__', '`vote Gus`', '||vote Gus||' and '-# vote Fay' all read as votes at the line's start (S5.3). Fay 3, Gus 2.",
     [day([("Ann", "**vote Fay**"), ("Bob", "__vote Fay__"), ("Cid", "`vote Gus`"), ("Dee", "||vote Gus||"),
           ("Eve", "-# vote Fay")])],
     [voted("Fay", count={"Fay": 3, "Gus": 2}, rejected=[], ignored=[])])

case("FORM-016", "S5.3", "Heading marks: # vote and ### VOTE:",
     "'# vote Fay' and '### VOTE: Fay' are the heading form of the command (S5.3). Fay 2.",
     [day([("Ann", "# vote Fay"), ("Bob", "### VOTE: Fay")])],
     [voted("Fay", count={"Fay": 2}, rejected=[], ignored=[])])

case("FORM-017", "S5.3", "An unclosed [vote] tag names the longest run after it",
     "'[vote]Fay' and '[vote]Gus and nobody else' have no closing tag: the NAME is the longest run naming a player (Fay; Gus). Cid's '[vote]Fay'. Fay 2, Gus 1.",
     [day([("Ann", "[vote]Fay"), ("Bob", "[vote]Gus and nobody else"), ("Cid", "[vote]Fay")])],
     [voted("Fay", count={"Fay": 2, "Gus": 1}, rejected=[], ignored=[])])

case("FORM-018", "S5.4", "A vote naming no one is rejected",
     "'vote:', '[vote][/vote]' and '!vote' name no one: each rejected (S5.4). Dee's 'vote Fay' counts: Fay 1.",
     [day([("Ann", "vote:"), ("Bob", "[vote][/vote]"), ("Cid", "!vote"), ("Dee", "vote Fay")])],
     [voted("Fay", count={"Fay": 1}, rejected=[R("Ann", 1, 1), R("Bob", 2, 1), R("Cid", 3, 1)], ignored=[])])

case("FORM-019", "S5.3", "Two tags on one line: read in order, the last stands",
     "Ann's line votes Fay then Gus: Gus stands (S5.3 reading order). Bob votes Gus. Gus 2.",
     [day([("Ann", "[vote]Fay[/vote] [vote]Gus[/vote]"), ("Bob", "[vote]Gus[/vote]")])],
     [voted("Gus", count={"Gus": 2}, rejected=[], ignored=[])])

case("FORM-020", "S5.4", "A vote for a Memory is rejected",
     "Hal is a Memory: Ann's 'vote Hal' is rejected (S5.4), Bob's 'vote Fay' counts. Fay 1.",
     [day([("Ann", "vote Hal"), ("Bob", "vote Fay")])],
     [voted("Fay", count={"Fay": 1}, rejected=[R("Ann", 1, 1)], ignored=[])], dead=["Hal"])

case("FORM-021", "S5.4", "A Memory's vote is rejected",
     "Hal is a Memory and may not vote (S5.1): his line is rejected. Ann votes Gus. Gus 1.",
     [day([("Hal", "vote Fay"), ("Ann", "vote Gus")])],
     [voted("Gus", count={"Gus": 1}, rejected=[R("Hal", 1, 1)], ignored=[])], dead=["Hal"])

case("FORM-022", "S5.2", "The Spotlight holder's command vote weighs 2",
     "Ann holds the Spotlight (weight 2, S5.2): '!vote Fay' gives Fay 2; Bob's '##vote Gus' and Cid's '[v]Gus[/v]' Gus 2; Dee's tag Fay 3. Fay 3, Gus 2.",
     [day([("Ann", "!vote Fay"), ("Bob", "##vote Gus"), ("Cid", "[v]Gus[/v]"), ("Dee", "[vote]Fay[/vote]")])],
     [voted("Fay", count={"Fay": 3, "Gus": 2}, rejected=[], ignored=[])], spotlight="Ann")

case("FORM-023", "S5.6", "Ways of voting for no elimination",
     "'vote No Lynch', 'vote: no-lynch' (folded 'nolynch') and 'vote noelim' are votes for no elimination (S5.3, S5.6): 3, against Fay 1. No elimination holds the highest count: no one is eliminated (S5.6).",
     [day([("Ann", "vote No Lynch"), ("Bob", "vote: no-lynch"), ("Cid", "vote noelim"), ("Dee", "vote Fay")])],
     [{"count": {"(no elimination)": 3, "Fay": 1}, "outcome": "no_elimination", "eliminated": {}, "rejected": []}])

case("FORM-024", "S5.3", "Emoji, exclamation marks and a comma end the name",
     "'vote Fay 🙂' reads Fay; 'vote: Gus!!! he lied' reads Gus ('!' ends the run); 'VOTE Fay, obviously' reads Fay. Fay 2, Gus 1.",
     [day([("Ann", "vote Fay 🙂"), ("Bob", "vote: Gus!!! he lied"), ("Cid", "VOTE Fay, obviously")])],
     [voted("Fay", count={"Fay": 2, "Gus": 1}, rejected=[], ignored=[])])

case("FORM-025", "S5.3", "An unvote with no current vote does nothing",
     "Ann unvotes with no vote (nothing), then votes Fay; Bob's '##unvote' does nothing; Cid votes Fay. Fay 2.",
     [day([("Ann", "unvote"), ("Ann", "vote Fay"), ("Bob", "##unvote"), ("Cid", "vote Fay")])],
     [voted("Fay", count={"Fay": 2}, rejected=[], ignored=[])])

# ---------------------------------------------------------------- names
case("NAME-001", "S2.3", "Accents do not count: Zoe is Zoë",
     "'Zoe' and 'ZOË' fold to 'zoe', Zoë's full name (S2.3 reading 1): no guess. Zoë 2.",
     [day([("Ann", "vote Zoe"), ("Bob", "vote ZOË")])],
     [voted("Zoë", count={"Zoë": 2}, guesses=[])])

case("NAME-002", "S2.3", "Apostrophes of any kind do not count",
     "'O’Neil' (curly, as phones type it), 'ONeil' and \"o'neil\" fold to 'oneil': O'Neil's full name. O'Neil 3.",
     [day([("Ann", "vote O’Neil"), ("Bob", "vote ONeil"), ("Cid", "vote o'neil")])],
     [voted("O'Neil", count={"O'Neil": 3}, guesses=[])])

case("NAME-003", "S2.3", "@mentions name the player",
     "'@Fay', '<@Fay>' and '@harbor lights' fold to full names (S2.3: '@' does not count). Fay 2, Harbor Lights 1.",
     [day([("Ann", "Vote: @Fay"), ("Bob", "vote @harbor lights"), ("Cid", "vote <@Fay>")])],
     [voted("Fay", count={"Fay": 2, "Harbor Lights": 1}, guesses=[])])

case("NAME-004", "S2.3", "Invisible characters do not count",
     "Ann's 'F\u200bay' holds a zero-width space, Bob's Gus is wrapped in zero-width joiners: both fold to full names. Fay 2, Gus 1.",
     [day([("Ann", "vote F\u200bay"), ("Bob", "vote \u200dGus\u200d"), ("Cid", "vote Fay")])],
     [voted("Fay", count={"Fay": 2, "Gus": 1}, guesses=[])])

case("NAME-005", "S2.3", "A unique prefix is a guess, listed with how it was read",
     "'harbor' and 'Harb' start only Harbor Lights (S2.3 reading 3, a guess): both count and are listed. Harbor Lights 2.",
     [day([("Ann", "vote harbor"), ("Bob", "vote Harb")])],
     [voted("Harbor Lights", count={"Harbor Lights": 2},
            guesses=[GU("Ann", 1, 1, "harbor", "Harbor Lights", "prefix"), GU("Bob", 2, 1, "Harb", "Harbor Lights", "prefix")])])

case("NAME-006", "S2.3", "A word of a name is a guess: Gin for TheRealGin-N-Tonic",
     "TheRealGin-N-Tonic's words are the, real, gin, n, tonic (split at capitals and hyphens): 'Gin' and 'tonic' are each a word of it and of no other name (S2.3 reading 4). TheRealGin-N-Tonic 2, both listed.",
     [day([("Ann", "vote Gin"), ("Bob", "vote tonic")])],
     [voted("TheRealGin-N-Tonic", count={"TheRealGin-N-Tonic": 2},
            guesses=[GU("Ann", 1, 1, "Gin", "TheRealGin-N-Tonic", "part"), GU("Bob", 2, 1, "tonic", "TheRealGin-N-Tonic", "part")])])

case("NAME-007", "S2.3", "Initials are a guess: HL, trgnt",
     "'HL' is the initials of Harbor Lights (harbor, lights) and of no other name of two words; 'trgnt' of TheRealGin-N-Tonic (S2.3 reading 5). Harbor Lights 2, TheRealGin-N-Tonic 1.",
     [day([("Ann", "vote HL"), ("Bob", "vote trgnt"), ("Cid", "vote hl")])],
     [voted("Harbor Lights", count={"Harbor Lights": 2, "TheRealGin-N-Tonic": 1},
            guesses=[GU("Ann", 1, 1, "HL", "Harbor Lights", "initials"), GU("Bob", 2, 1, "trgnt", "TheRealGin-N-Tonic", "initials"),
                     GU("Cid", 3, 1, "hl", "Harbor Lights", "initials")])])

case("NAME-008", "S2.3", "A near miss in spelling of a long name is a guess",
     "'Harbour Lights' (one letter added) and 'Harbr Lights' (one missing) are within 2 slips of 'harborlights' (12 letters), and of no other name (S2.3 reading 6). Harbor Lights 2.",
     [day([("Ann", "vote Harbour Lights"), ("Bob", "vote Harbr Lights")])],
     [voted("Harbor Lights", count={"Harbor Lights": 2},
            guesses=[GU("Ann", 1, 1, "Harbour Lights", "Harbor Lights", "near_miss"), GU("Bob", 2, 1, "Harbr Lights", "Harbor Lights", "near_miss")])])

AMB_PLAYERS = ["Annie", "Annabel", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"]
AMB_CARDS = {"Annie": "Knowledge", "Annabel": "Fish", "Cid": "Pollution", "Dee": "Waste",
             "Eve": "Scientist", "Fay": "Peace", "Gus": "Algae", "Hal": "Insects"}

case("NAME-009", "S2.3", "A prefix of two names is ambiguous and rejected",
     "'Ann' starts Annie and Annabel (S2.3: several at the first reading that hits): Cid's vote is rejected with both as candidates. Dee's 'annie' is Annie's full name. Annie 1.",
     [day([("Cid", "vote Ann"), ("Dee", "vote annie")])],
     [voted("Annie", count={"Annie": 1}, rejected=[R("Cid", 1, 1)])], players=AMB_PLAYERS, cards=AMB_CARDS)

case("NAME-010", "S2.3", "An unknown name is rejected; the next line counts",
     "'Zed' names no one: line 1 rejected. Line 2 'vote Fay' counts. Bob's 'vote:' names no one: rejected. Fay 1.",
     [day([("Ann", "vote Zed\nvote Fay"), ("Bob", "vote:")])],
     [voted("Fay", count={"Fay": 1}, rejected=[R("Ann", 1, 1), R("Bob", 2, 1)])])

NICKS = {"TheRealGin-N-Tonic": ["TRG", "Ginny"], "Harbor Lights": ["Harbs"]}

case("NAME-011", "S2.7", "Nicknames the moderator keeps name the player",
     "TRG and Ginny are nicknames of TheRealGin-N-Tonic, Harbs of Harbor Lights (S2.7): readings by nickname, listed (S2.3). TheRealGin-N-Tonic 2, Harbor Lights 1.",
     [day([("Ann", "vote TRG"), ("Bob", "vote ginny"), ("Cid", "vote harbs")])],
     [voted("TheRealGin-N-Tonic", count={"TheRealGin-N-Tonic": 2, "Harbor Lights": 1},
            guesses=[GU("Ann", 1, 1, "TRG", "TheRealGin-N-Tonic", "nickname"), GU("Bob", 2, 1, "ginny", "TheRealGin-N-Tonic", "nickname"),
                     GU("Cid", 3, 1, "harbs", "Harbor Lights", "nickname")])], nicknames=NICKS)

case("NAME-012", "S2.7", "A refused guess is not read again",
     "The moderator refused 'Gin' as a guess (S2.7): Ann's 'vote gin' names no one and is rejected. Bob votes Gus. Gus 1.",
     [day([("Ann", "vote gin"), ("Bob", "vote Gus")])],
     [voted("Gus", count={"Gus": 1}, rejected=[R("Ann", 1, 1)], guesses=[])], no_guess=["Gin"])

case("NAME-013", "S2.3", "Guesses in night lines: a prefix, initials and a part",
     "Night 1: Ann 'kill harbor' (prefix), Bob 'kill Harbor Lights', Cid 'kill HL' (initials): all three Evil Forces name Harbor Lights, who is killed (S3.1). Eve (Scientist) checks 'Gin' (part): TheRealGin-N-Tonic is Good. The three guesses are listed.",
     [{"actions": {"Ann": "kill harbor", "Bob": "kill Harbor Lights", "Cid": "kill HL", "Eve": "check Gin"}}],
     [{"phase": "night 1", "eliminated": {"Harbor Lights": ["kill"]}, "check": {"target": "TheRealGin-N-Tonic", "result": "Good"},
       "rejected": [],
       "guesses": [{"player": "Ann", "line": 1, "written": "harbor", "read_as": "Harbor Lights", "how": "prefix"},
                   {"player": "Cid", "line": 1, "written": "HL", "read_as": "Harbor Lights", "how": "initials"},
                   {"player": "Eve", "line": 1, "written": "Gin", "read_as": "TheRealGin-N-Tonic", "how": "part"}]}],
     first={"night": 1})

case("NAME-014", "S2.3", "Folded names in night lines are full names",
     "'zoe', 'Zoë' and 'ZOE' are Zoë's full name folded (S2.3 reading 1): the Evil Forces agree, Zoë is killed. Dee protects 'o’neil' (O'Neil, curly apostrophe): no effect on the kill. No guesses.",
     [{"actions": {"Ann": "kill zoe", "Bob": "kill Zoë", "Cid": "kill ZOE", "Dee": "protect o’neil"}}],
     [{"phase": "night 1", "eliminated": {"Zoë": ["kill"]}, "rejected": [], "guesses": []}],
     first={"night": 1})

GMO_CARDS = dict(list({"Ann": "Pollution", "Bob": "Waste", "Cid": "Greediness", "Dee": "Forest Ranger",
                       "Eve": "Scientist", "Fay": "Knowledge", "Gus": "Fish", "Hal": "GMO", "O'Neil": "Algae",
                       "Zoë": "Insects", "TheRealGin-N-Tonic": "Clean Water", "Harbor Lights": "Farm Land"}.items()))

case("NAME-015", "S2.7", "A decision names a player by nickname",
     "Ann and Bob vote Hal, the GMO: Hal is voted out; his decision 'revenge harbs' names Harbor Lights by the nickname Harbs (S2.7), who is eliminated by revenge (S7.2).",
     [day([("Ann", "vote Hal"), ("Bob", "vote Hal")], decisions={"Hal": "revenge harbs"})],
     [{"count": {"Hal": 2}, "outcome": "vote", "eliminated": {"Hal": ["vote"], "Harbor Lights": ["revenge"]}, "rejected": []}],
     cards=GMO_CARDS, nicknames={"Harbor Lights": ["Harbs"]})

case("NAME-016", "S2.3", "A near miss too far is unknown",
     "'Hrbr Lghts' is 3 slips from 'harborlights' (more than 2): no reading, rejected. Bob votes Fay. Fay 1.",
     [day([("Ann", "vote Hrbr Lghts"), ("Bob", "vote Fay")])],
     [voted("Fay", count={"Fay": 1}, rejected=[R("Ann", 1, 1)], guesses=[])])

case("NAME-017", "S2.3", "No near miss for a name under 5 letters",
     "'Gis' is one slip from 'Gus', but Gus has 3 letters: no near-miss reading (S2.3 reading 6 needs 5). Rejected. Bob votes Fay. Fay 1.",
     [day([("Ann", "vote Gis"), ("Bob", "vote Fay")])],
     [voted("Fay", count={"Fay": 1}, rejected=[R("Ann", 1, 1)], guesses=[])])

case("NAME-018", "S2.3", "A prefix shared with a Memory is ambiguous",
     "Annie is a Memory; 'Ann' starts Annie and Annabel (every player counts, S2.3): rejected. 'Anna' starts Annabel only: a prefix guess. Annabel 1.",
     [day([("Cid", "vote Ann"), ("Dee", "vote Anna")])],
     [voted("Annabel", count={"Annabel": 1}, rejected=[R("Cid", 1, 1)],
            guesses=[GU("Dee", 2, 1, "Anna", "Annabel", "prefix")])],
     players=AMB_PLAYERS, cards=AMB_CARDS, dead=["Annie"])

FULL_PLAYERS = ["Ann", "Annabel", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"]
FULL_CARDS = {"Ann": "Knowledge", "Annabel": "Fish", "Cid": "Pollution", "Dee": "Waste",
              "Eve": "Scientist", "Fay": "Peace", "Gus": "Algae", "Hal": "Insects"}

case("NAME-019", "S2.3", "A full name wins over a longer name it starts",
     "'ann' is Ann's full name (reading 1) though it starts Annabel; 'anna' starts Annabel only (a guess). Ann 2, Annabel 1.",
     [day([("Cid", "vote ann"), ("Dee", "vote anna"), ("Eve", "vote Ann")])],
     [voted("Ann", count={"Ann": 2, "Annabel": 1}, guesses=[GU("Dee", 2, 1, "anna", "Annabel", "prefix")])],
     players=FULL_PLAYERS, cards=FULL_CARDS)

case("NAME-020", "S2.7", "A nickname wins over a guess",
     "'Gin' is kept as a nickname of Harbor Lights here (the moderator's choice, S2.7): reading 2 comes before reading 4, so 'vote Gin' is Harbor Lights, not TheRealGin-N-Tonic. Harbor Lights 1.",
     [day([("Ann", "vote Gin")])],
     [voted("Harbor Lights", count={"Harbor Lights": 1},
            guesses=[GU("Ann", 1, 1, "Gin", "Harbor Lights", "nickname")])], nicknames={"Harbor Lights": ["Gin"]})

case("NAME-021", "S2.7", "A nickname that is another player's name makes a broken case",
     "'Fay' is Fay's name: it cannot be a nickname of Gus (S2.7); the case is broken.",
     [day([("Ann", "vote Fay")])],
     {"exit": 2}, nicknames={"Gus": ["Fay"]})

# ---------------------------------------------------------------- options
case("OPT-001", "S5.3", "vote_bold required: an unbolded word vote is listed, tags count as they are",
     "Under vote_bold: required, Ann's 'vote Fay' is not bold: ignored, listed as not_bold (S5.4). Bob's [b] and Cid's ** votes for Gus count; Dee's [vote] tag needs no bold. Gus 2, Fay 1.",
     [day([("Ann", "vote Fay"), ("Bob", "[b]vote Gus[/b]"), ("Cid", "**vote Gus**"), ("Dee", "[vote]Fay[/vote]")])],
     [voted("Gus", count={"Gus": 2, "Fay": 1}, ignored=[IG("Ann", 1, 1, "not_bold")])], options={"vote_bold": "required"})

case("OPT-002", "S5.3", "vote_bold required: an unbolded unvote does not withdraw",
     "Ann's bold vote for Fay counts; her unbolded 'unvote' is ignored (not_bold) and the vote stands. Fay 1.",
     [day([("Ann", "[b]vote Fay[/b]"), ("Ann", "unvote")])],
     [voted("Fay", count={"Fay": 1}, ignored=[IG("Ann", 2, 1, "not_bold")])], options={"vote_bold": "required"})

case("OPT-003", "S5.3", "vote_place anywhere: a bold vote mid-line counts, an unbolded one is listed",
     "Under vote_place: anywhere, Ann's mid-line '[b]vote Gus[/b]' counts; Bob's mid-line 'vote Fay' is not bold: ignored (not_at_line_start). Cid votes Gus. Gus 2.",
     [day([("Ann", "I am sure: [b]vote Gus[/b]"), ("Bob", "so we vote Fay today"), ("Cid", "vote Gus")])],
     [voted("Gus", count={"Gus": 2}, ignored=[IG("Bob", 2, 1, "not_at_line_start")])], options={"vote_place": "anywhere"})

case("OPT-004", "S5.3", "vote_place line_start (default): a bold vote mid-line is listed",
     "By default a word vote starts its line: Ann's mid-line bold vote is ignored and listed (not_at_line_start, S5.4). Bob votes Fay. Fay 1.",
     [day([("Ann", "I am sure: [b]vote Gus[/b]"), ("Bob", "vote Fay")])],
     [voted("Fay", count={"Fay": 1}, ignored=[IG("Ann", 1, 1, "not_at_line_start")])])

case("OPT-005", "S5.4", "invalid_vote withdraws: a vote naming no one withdraws the earlier vote",
     "Ann holds the Spotlight (weight 2). Her 'vote Fay' is withdrawn by her later 'vote Zed', rejected (S5.4, invalid_vote: withdraws). Cid votes Gus. Gus 1, Fay 0.",
     [day([("Ann", "vote Fay"), ("Cid", "vote Gus"), ("Ann", "vote Zed")])],
     [voted("Gus", count={"Gus": 1}, rejected=[R("Ann", 3, 1)])], options={"invalid_vote": "withdraws"}, spotlight="Ann")

case("OPT-006", "S5.4", "invalid_vote keeps (default): the earlier vote stands",
     "Same posts as OPT-005 under the default: Ann's rejected 'vote Zed' leaves her vote for Fay (weight 2). Fay 2, Gus 1.",
     [day([("Ann", "vote Fay"), ("Cid", "vote Gus"), ("Ann", "vote Zed")])],
     [voted("Fay", count={"Fay": 2, "Gus": 1}, rejected=[R("Ann", 3, 1)])], spotlight="Ann")

case("OPT-007", "S5.6", "Plurality: no elimination with the most votes",
     "'vote no lynch' and 'vote nolynch' are votes for no elimination (2), Fay 1: no elimination holds the highest count, no one is eliminated (S5.6).",
     [day([("Ann", "vote no lynch"), ("Bob", "vote nolynch"), ("Cid", "vote Fay")])],
     [{"count": {"(no elimination)": 2, "Fay": 1}, "outcome": "no_elimination", "eliminated": {}}])

case("OPT-008", "S5.6", "Plurality: no elimination tied with a player wins",
     "No elimination 1, Fay 1: tied at the top with a player, no elimination wins (S5.6), before any tie rule. No one is eliminated.",
     [day([("Ann", "vote no elimination"), ("Bob", "vote Fay")])],
     [{"count": {"(no elimination)": 1, "Fay": 1}, "outcome": "no_elimination", "eliminated": {}, "revote": None}])

case("OPT-009", "S5.6", "Plurality: a player above no elimination is voted out",
     "'!nolynch' is 1 for no elimination; Fay has 2 (S5.6: only the highest count matters). Fay is voted out.",
     [day([("Ann", "!nolynch"), ("Bob", "vote Fay"), ("Cid", "vote Fay")])],
     [voted("Fay", count={"Fay": 2, "(no elimination)": 1})])

case("OPT-010", "S5.6", "no_elimination off: such a vote is rejected",
     "Under no_elimination: false, Ann's 'vote no lynch' is rejected (S5.4, S5.6). Bob votes Fay. Fay 1.",
     [day([("Ann", "vote no lynch"), ("Bob", "vote Fay")])],
     [voted("Fay", count={"Fay": 1}, rejected=[R("Ann", 1, 1)])], options={"no_elimination": False})

MAJ_POSTS_SLEEP = [(p, "vote sleep") for p in ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus"]] + [("O'Neil", "vote Fay")]
case("OPT-011", "S5.6", "Majority: no elimination reaching a majority ends the day with no one out",
     "12 voters: a majority is 7 (S5.5). Seven 'vote sleep' posts give no elimination 7 after post 7: the day ends, no one is eliminated (S5.6). O'Neil's post 8 is after the end: its vote is listed as after_majority.",
     [day(MAJ_POSTS_SLEEP)],
     [{"count": {"(no elimination)": 7}, "outcome": "no_elimination", "eliminated": {},
       "ignored": [IG("O'Neil", 8, 1, "after_majority")]}], options={"vote_rule": "majority"})

MAJ_POSTS_FAY = [(p, "vote Fay") for p in ["Ann", "Bob", "Cid", "Dee", "Eve", "Gus", "Hal"]] + [("Fay", "vote Ann")]
case("OPT-012", "S5.5", "Majority: the posts after the majority are listed, not counted",
     "Seven votes for Fay reach the majority of 7 (12 voters) at post 7: Fay is voted out. Fay's own post 8 is after the end: listed as after_majority.",
     [day(MAJ_POSTS_FAY)],
     [voted("Fay", count={"Fay": 7}, ignored=[IG("Fay", 8, 1, "after_majority")])], options={"vote_rule": "majority"})

case("OPT-013", "S5.6", "No elimination is no candidate in a revote",
     "Fay 1, Gus 1: a tie with no Polar Bear, so a revote among Fay and Gus (S6.3). In it Ann's 'vote no lynch' is rejected (S5.6), Bob's 'vote Gus' counts: Gus is eliminated by the revote.",
     [day([("Ann", "vote Fay"), ("Bob", "vote Gus")], revote=[("Ann", "vote no lynch"), ("Bob", "vote Gus")])],
     [{"count": {"Fay": 1, "Gus": 1}, "revote": {"Gus": 1}, "outcome": "revote", "eliminated": {"Gus": ["vote"]},
       "rejected": [R("Ann", 1, 1, revote=True)]}])

# ---------------------------------------------------------------- ignored
case("IGN-001", "S5.3", "Struck votes are withdrawn and listed",
     "'~~vote Fay~~', '[s]vote Fay[/s]' and '[strike]vote Hal[/strike]' are struck: ignored, listed (S5.4). Ann's line 2 and Bob's vote after the struck text (the struck text does not count before it) vote Gus. Gus 2.",
     [day([("Ann", "~~vote Fay~~\nvote Gus"), ("Bob", "[s]vote Fay[/s] vote Gus"), ("Cid", "[strike]vote Hal[/strike]")])],
     [voted("Gus", count={"Gus": 2}, ignored=[IG("Ann", 1, 1, "struck"), IG("Bob", 2, 1, "struck"), IG("Cid", 3, 1, "struck")])])

case("IGN-002", "S5.3", "A struck vote in a later post leaves the earlier vote",
     "Ann votes Fay in post 1; post 2 shows '~~vote Fay~~': a struck vote does not count, and only an unvote withdraws (S5.3). Fay 1.",
     [day([("Ann", "vote Fay"), ("Ann", "~~vote Fay~~ thinking")])],
     [voted("Fay", count={"Fay": 1}, ignored=[IG("Ann", 2, 1, "struck")])])

case("IGN-003", "S5.3", "Quoted votes never count, and are listed",
     "Bob quotes Ann's vote in [quote=...] and votes Gus; Cid quotes it in [quote] and votes Fay on the next line. Quoted votes are listed (S5.4). Fay 2 (Ann, Cid), Gus 1.",
     [day([("Ann", "vote Fay"), ("Bob", "[quote=\"Ann\"]vote Fay[/quote]\nNo.\nvote Gus"), ("Cid", "[quote]vote Fay[/quote]\nvote Fay")])],
     [voted("Fay", count={"Fay": 2, "Gus": 1}, ignored=[IG("Bob", 2, 1, "quoted"), IG("Cid", 3, 1, "quoted")])])

case("IGN-004", "S5.3", "> lines and >>> to the end are quoted",
     "Ann's '> vote Fay' is a quote line; her 'vote Gus' counts. Bob's '>>>' quotes the rest of his post: both lines listed. Cid votes Gus. Gus 2.",
     [day([("Ann", "> vote Fay\nvote Gus"), ("Bob", ">>> vote Fay\nvote Fay"), ("Cid", "vote Gus")])],
     [voted("Gus", count={"Gus": 2}, ignored=[IG("Ann", 1, 1, "quoted"), IG("Bob", 2, 1, "quoted"), IG("Bob", 2, 2, "quoted")])])

case("IGN-005", "S5.4", "A mid-line vote naming a player is listed; one naming no one is talk",
     "Ann's 'I think we vote Gus today' names Gus mid-line: listed as not_at_line_start; her line 2 votes Fay. Bob's 'we should all vote for the quiet ones' names no one: talk, not listed. Fay 1.",
     [day([("Ann", "I think we vote Gus today\nvote Fay"), ("Bob", "we should all vote for the quiet ones")])],
     [voted("Fay", count={"Fay": 1}, ignored=[IG("Ann", 1, 1, "not_at_line_start")])])

# ---------------------------------------------------------------- pages
PHPBB1 = """Survival: Day 1
Post Reply
Page 1 of 1
Ann
Survivor
Posts: 120
Joined: Sun Jan 04, 2026 3:10 pm
Survival: Day 1
Quote
Post by Ann » Tue Nov 24, 2026 8:15 pm
Morning all. Bob has been quiet.
vote Bob
Top
Bob
Posts: 8
Joined: Mon Nov 02, 2026 9:00 am
Re: Survival: Day 1
Quote
Post by Bob » Tue Nov 24, 2026 8:20 pm
Ann wrote: ↑Tue Nov 24, 2026 8:15 pm
vote Bob
No way.
Gus:
vote Ann
Top
Fay
Posts: 33
Joined: Mon Nov 02, 2026 9:00 am
Re: Survival: Day 1
Quote
Post by Fay » Tue Nov 24, 2026 8:31 pm
Quote:
Gus:
vote O’Neil
Top
Gus
Posts: 5
Joined: Tue Nov 03, 2026 9:00 am
Re: Survival: Day 1
Quote
Post by Gus » Tue Nov 24, 2026 8:40 pm
vote Ann
Top
Display posts from previous: All posts
Jump to"""

case("PAGE-001", "S2.9", "A phpBB page: quotes, a Gus: line and a Quote: line stay in their posts",
     "Headers 'Post by NAME » DATE' (S2.9): 4 posts by Ann, Bob, Fay, Gus. Profile blocks, subjects, Quote and Top are chrome; the title line before the first block is an orphan. Bob's 'Ann wrote:' quote runs over 'vote Bob' (a line of Ann's post) and stops at 'No way.': the quoted vote is listed (post 2, line 2). 'Gus:' inside Bob's post and 'Quote:' / 'Gus:' inside Fay's are text. Votes: Ann→Bob, Bob→Ann, Fay→O'Neil (curly apostrophe), Gus→Ann. Ann 2, Bob 1, O'Neil 1.",
     [day(page=PHPBB1)],
     [voted("Ann", count={"Ann": 2, "Bob": 1, "O'Neil": 1}, rejected=[], ignored=[IG("Bob", 2, 2, "quoted")],
            split={"layout": "phpbb", "posts": 4, "players": 4, "unknown": [], "orphans": 1, "quotes": 1})])

PHPBB2 = """Host
Site Admin
Posts: 4000
Day 1 begins
Post by Host » Mon Nov 23, 2026 9:00 pm
Day 1 has begun. Deadline in 48 hours.
[vote]Ann[/vote] is how you vote.
Top
Zoë
Posts: 40
Joined: Fri Oct 02, 2026 1:00 pm
Re: Day 1 begins
Post by Zoë » Mon Nov 23, 2026 9:30 pm
[b]vote: O’Neil[/b]
Top
O'Neil
Posts: 70
Re: Day 1 begins
Post by O'Neil » Mon Nov 23, 2026 9:41 pm
[b]unvote. Vote: Zoe[/b]
Top
Hal
Posts: 2
Re: Day 1 begins
Post by Hal » Mon Nov 23, 2026 9:50 pm
vote zoe"""

case("PAGE-002", "S2.9", "A phpBB page with the host's post: an author who is no player is not counted",
     "4 posts; Host names no player: shown, not counted (S2.9), so its example tag is no vote. Known posts: Zoë votes O'Neil (curly apostrophe folds); O'Neil unvotes (nothing) and votes Zoe (Zoë); Hal votes zoe. Zoë 2, O'Neil 1.",
     [day(page=PHPBB2)],
     [voted("Zoë", count={"Zoë": 2, "O'Neil": 1}, rejected=[], ignored=[],
            split={"layout": "phpbb", "posts": 4, "players": 3, "unknown": ["Host"], "orphans": 0, "quotes": 0})])

NUMBERED1 = """Ann
Townie
Posts: 1234
Joined: Sat Mar 14, 2026 10:00 am
Post #25 (ISO #3) » Tue Nov 24, 2026 8:15 pm
Gin has been scummy all day.
VOTE: gin
Top
Harbor Lights
Posts: 12
Joined: Sun Mar 15, 2026 10:00 am
Post #26 (ISO #1) » Tue Nov 24, 2026 8:16 pm
Ann wrote: ↑Tue Nov 24, 2026 8:15 pm
VOTE: gin
[b]vote: Ann[/b]
Top
TheRealGin-N-Tonic
Post #27 (ISO #1) » Tue Nov 24, 2026 8:20 pm
[b]Vote: Ann[/b]
Top"""

case("PAGE-003", "S2.9", "A phpBB page with numbered posts: the author is the profile block's name",
     "Headers 'Post #N ... » DATE' (S2.9); each author is the nearest line above naming a player ('Townie' and Posts/Joined lines are passed). Ann votes 'gin' (part of TheRealGin-N-Tonic, a guess, post 1 line 2). Harbor Lights quotes Ann (quoted vote listed, post 2 line 2) and votes Ann; TheRealGin-N-Tonic votes Ann. Ann 2, TheRealGin-N-Tonic 1.",
     [day(page=NUMBERED1)],
     [voted("Ann", count={"Ann": 2, "TheRealGin-N-Tonic": 1}, ignored=[IG("Harbor Lights", 2, 2, "quoted")],
            guesses=[GU("Ann", 1, 2, "gin", "TheRealGin-N-Tonic", "part")],
            split={"layout": "phpbb_numbered", "posts": 3, "players": 3, "unknown": [], "orphans": 0, "quotes": 1})])

NUMBERED2 = """Post #4 by Cid » Wed Nov 25, 2026 7:00 am
Morning.
Dee:
vote Cid
Top
Post #5 by Dee » Wed Nov 25, 2026 7:05 am
vote Eve
Top
Post #6 by Eve » Wed Nov 25, 2026 7:09 am
vote Eve"""

case("PAGE-004", "S2.9", "Numbered posts with the author on the line: a Dee: line is text",
     "'Post #N by NAME » DATE' names the author (S2.9). Cid's post holds 'Dee:' and his self-vote; Dee and Eve vote Eve. Eve 2, Cid 1.",
     [day(page=NUMBERED2)],
     [voted("Eve", count={"Eve": 2, "Cid": 1}, ignored=[],
            split={"layout": "phpbb_numbered", "posts": 3, "players": 3, "unknown": [], "orphans": 0, "quotes": 0})])

VB1 = """Survival - Day 1
Thread Tools
11-24-2026, 08:15 PM #5
Ann
Ann is offline
Senior Member
Join Date: Jan 2026
Posts: 120
vote Bob
__________________
vote Town!
Reply With Quote
11-24-2026, 08:20 PM #6
Cid
Cid is online now
Join Date: Feb 2026
Posts: 3
Quote:
Originally Posted by Ann View Post
vote Bob
Not Bob.
vote Ann
Reply With Quote
11-24-2026, 08:31 PM #7
Bob
Bob is offline
Junior Member
Join Date: Mar 2026
Posts: 14
vote Ann
Reply With Quote
« Previous Thread | Next Thread »"""

case("PAGE-005", "S2.9", "A vBulletin page: author below the counter, signature, Originally Posted by",
     "Headers 'DATE #N', the author on the next line, then status, title, Join Date, Posts (chrome). Ann's signature after the underscores is left out. Cid's 'Quote:' / 'Originally Posted by Ann' quote holds 'vote Bob' (listed, post 2 line 2). Votes: Ann→Bob, Cid→Ann, Bob→Ann. Two title lines before the first post are orphans. Ann 2, Bob 1.",
     [day(page=VB1)],
     [voted("Ann", count={"Ann": 2, "Bob": 1}, ignored=[IG("Cid", 2, 2, "quoted")],
            split={"layout": "vbulletin", "posts": 3, "players": 3, "unknown": [], "orphans": 2, "quotes": 1})])

VB2 = """Old 11-25-2026, 09:00 AM   #12 (permalink)
Dee
Dee is offline
Join Date: Apr 2026
Posts: 50
[COLOR="Red"][B]Vote: Harbor Lights[/B][/COLOR]
Reply With Quote
Old 11-25-2026, 09:05 AM   #13 (permalink)
Visitor123
Visitor123 is offline
Posts: 1
vote Dee
Reply With Quote
Old 11-25-2026, 09:10 AM   #14 (permalink)
Eve
Eve is offline
Posts: 7
vote harbor lights
Reply With Quote"""

case("PAGE-006", "S2.9", "A vBulletin 3 page: Old DATE #N (permalink), a visitor's post",
     "vBulletin 3's 'Old DATE #N (permalink)' headers (S2.9). Visitor123 is no player: not counted. Dee's coloured bold vote and Eve's lowercase one name Harbor Lights. Harbor Lights 2.",
     [day(page=VB2)],
     [voted("Harbor Lights", count={"Harbor Lights": 2}, ignored=[],
            split={"layout": "vbulletin", "posts": 3, "players": 2, "unknown": ["Visitor123"], "orphans": 0, "quotes": 0})])

XF1 = """Ann
Well-known member
Joined
Jan 4, 2026
Messages
1,204
Nov 24, 2026
#1
vote: Bob
Reactions: Cid
Report
Like Reply
Bob
Member
Nov 24, 2026
#2
Ann said:
vote: Bob
Click to expand...
I think Gin is scum.
vote gin
Report
Like Reply
Cid
New member
Nov 24, 2026
#3
vote bob"""

case("PAGE-007", "S2.9", "A XenForo page: user blocks, reactions, a folded quote",
     "Headers '#N'; each author is the nearest line above naming a player, past the user title, Joined/Messages and the date (S2.9). Reactions, Report and 'Like Reply' are chrome. Bob's 'Ann said:' quote ends at 'Click to expand...' (listed, post 2 line 2); his 'vote gin' is TheRealGin-N-Tonic by part of the name (post 2 line 5). Cid votes Bob. Bob 2, TheRealGin-N-Tonic 1.",
     [day(page=XF1)],
     [voted("Bob", count={"Bob": 2, "TheRealGin-N-Tonic": 1}, ignored=[IG("Bob", 2, 2, "quoted")],
            guesses=[GU("Bob", 2, 5, "gin", "TheRealGin-N-Tonic", "part")],
            split={"layout": "xenforo", "posts": 3, "players": 3, "unknown": [], "orphans": 0, "quotes": 1})])

XF2 = """Dee
Member
Nov 25, 2026
#41
Fay said:
vote Dee

What? No.
vote Fay
Report
Eve
Member
Nov 25, 2026
#42
vote Fay"""

case("PAGE-008", "S2.9", "A XenForo quote of a post not on the page runs to the blank line",
     "Fay's quoted post is not on the page: Dee's quote runs to the first blank line (S2.9), so 'vote Dee' is quoted (listed) and 'vote Fay' after the blank line is Dee's. Eve votes Fay. Fay 2.",
     [day(page=XF2)],
     [voted("Fay", count={"Fay": 2}, ignored=[IG("Dee", 1, 2, "quoted")],
            split={"layout": "xenforo", "posts": 2, "players": 2, "unknown": [], "orphans": 0, "quotes": 1})])

IPS1 = """Ann
Members
120 posts
Posted November 24, 2026
vote Bob
Quote
Bob
Members
8 posts
Posted November 24, 2026 (edited)
On 11/24/2026 at 8:15 PM, Ann said:
vote Bob
Nope.
vote Ann
Edited November 24, 2026 by Bob
Quote
Cid
Members
3 posts
Posted November 24, 2026
vote ann"""

case("PAGE-009", "S2.9", "An Invision page: author panes, an edited post, 'On DATE, NAME said:'",
     "Headers 'Posted DATE' with the author pane above (S2.9); 'Members', 'N posts', 'Edited ... by', 'Quote' are chrome. Bob quotes Ann (listed, post 2 line 2) and votes Ann; Cid votes Ann. Ann 2, Bob 1.",
     [day(page=IPS1)],
     [voted("Ann", count={"Ann": 2, "Bob": 1}, ignored=[IG("Bob", 2, 2, "quoted")],
            split={"layout": "invision", "posts": 3, "players": 3, "unknown": [], "orphans": 0, "quotes": 1})])

IPS2 = """GameHost
Moderators
5,012 posts
Posted 2 hours ago
Day 2 starts now. Votes in bold please.
GameHost
Eve
Members
77 posts
Posted 1 hour ago
[b]vote Zoë[/b]
Fay
Members
12 posts
Posted 45 minutes ago
[b]Vote: ZOE[/b]"""

case("PAGE-010", "S2.9", "An Invision page with relative times and the host's post",
     "'Posted 2 hours ago' is a header (S2.9); GameHost names no player: shown, not counted. Eve votes Zoë, Fay votes ZOE (Zoë folded). Zoë 2.",
     [day(page=IPS2)],
     [voted("Zoë", count={"Zoë": 2},
            split={"layout": "invision", "posts": 3, "players": 2, "unknown": ["GameHost"], "orphans": 0, "quotes": 0})])

DISCOURSE1 = """ann
Nov 24
vote Bob
1 Reply
bob Bob Smith
Nov 24
ann:
vote Bob
No.
vote Ann
2 Replies
cid
Nov 24
vote ann"""

case("PAGE-011", "S2.9", "A Discourse page: username and full name, short dates, 'ann:' quotes",
     "Each short date is a header under a line naming a player: 'ann', 'bob Bob Smith' (its first word), 'cid' (S2.9). Bob's 'ann:' quote holds 'vote Bob' (listed, post 2 line 2). Reply counts are chrome. Ann 2, Bob 1.",
     [day(page=DISCOURSE1)],
     [voted("Ann", count={"Ann": 2, "Bob": 1}, ignored=[IG("Bob", 2, 2, "quoted")],
            split={"layout": "discourse", "posts": 3, "players": 3, "unknown": [], "orphans": 0, "quotes": 1})])

DISCOURSE2 = """dee
2h
vote: fay
♥ 3
Reply
eve Eve Winters
1h
[vote]Fay[/vote]
fay
45m
vote no lynch"""

case("PAGE-012", "S2.9", "A Discourse page with relative dates and likes",
     "'2h', '1h', '45m' are headers (S2.9); '♥ 3' and 'Reply' are chrome. Dee and Eve vote Fay; Fay votes no elimination. Fay 2, no elimination 1: Fay is voted out.",
     [day(page=DISCOURSE2)],
     [voted("Fay", count={"Fay": 2, "(no elimination)": 1},
            split={"layout": "discourse", "posts": 3, "players": 3, "unknown": [], "orphans": 0, "quotes": 0})])

SMF1 = """Survival Day 1
« previous next »
Pages: [1]   Go Down
Ann
Hero Member
*****
Posts: 900
Day 1
« on: November 24, 2026, 08:15:00 PM »
vote Bob
Logged
Bob
Newbie
*
Posts: 2
Re: Day 1
« Reply #1 on: November 24, 2026, 08:20:00 PM »
Quote from: Ann on November 24, 2026, 08:15:00 PM
vote Bob
vote Ann
Logged
Cid
Jr. Member
**
Posts: 60
Re: Day 1
« Reply #2 on: November 24, 2026, 08:25:00 PM »
[b]vote: Ann[/b]
Logged"""

case("PAGE-013", "S2.9", "An SMF page: poster blocks, « Reply #N on: », Quote from:",
     "Headers '« on: DATE »' and '« Reply #N on: DATE »' with the poster block above (S2.9). Paging lines and Logged are chrome; the board title before it is an orphan. Bob's 'Quote from: Ann' holds 'vote Bob' (listed); Bob and Cid vote Ann. Ann 2, Bob 1.",
     [day(page=SMF1)],
     [voted("Ann", count={"Ann": 2, "Bob": 1}, ignored=[IG("Bob", 2, 2, "quoted")],
            split={"layout": "smf", "posts": 3, "players": 3, "unknown": [], "orphans": 1, "quotes": 1})])

SMF2 = """Dee
Full Member
Posts: 150
Re: Day 2
Reply #7 on: November 25, 2026, 10:00:00 AM
vote Eve
Eve
Full Member
Posts: 120
Re: Day 2
Reply #8 on: November 25, 2026, 10:05:00 AM
unvote
vote Dee
Dee
Full Member
Posts: 150
Re: Day 2
Reply #9 on: November 25, 2026, 10:07:00 AM
[s]vote Eve[/s] vote Gus
Fay
Sr. Member
Posts: 300
Re: Day 2
Reply #10 on: November 25, 2026, 10:09:00 AM
vote Gus"""

case("PAGE-014", "S2.9", "An SMF 2.1 page: Reply #N on: without guillemets, a struck vote",
     "Headers 'Reply #N on: DATE' (S2.9). Dee votes Eve; Eve unvotes (nothing) and votes Dee; Dee strikes 'vote Eve' (listed, post 3 line 1) and votes Gus; Fay votes Gus. Gus 2, Dee 1.",
     [day(page=SMF2)],
     [voted("Gus", count={"Gus": 2, "Dee": 1}, ignored=[IG("Dee", 3, 1, "struck")],
            split={"layout": "smf", "posts": 4, "players": 3, "unknown": [], "orphans": 0, "quotes": 0})])

DISCORD1 = """Ann — Today at 18:04
vote Bob
[18:05]
actually wait
[18:06] unvote
Harbor Lights — Today at 18:07
[vote]Ann[/vote] (edited)
Bob — Today at 18:08
Vote: @Ann
Carl-bot APP — Today at 18:10
Ann voted for Bob
Cid — Today at 18:11
## vote O’Neil"""

case("PAGE-015", "S2.9", "A Discord channel: compact times, (edited), a bot, a mention",
     "Headers 'NAME — Today at TIME'; '[18:05]' and '[18:06] ...' continue Ann (S2.9): 7 posts. Ann votes Bob then unvotes. '(edited)' is chrome. Carl-bot (APP badge dropped) is no player. Harbor Lights and Bob (@Ann) vote Ann; Cid votes O’Neil. Ann 2, O'Neil 1.",
     [day(page=DISCORD1)],
     [voted("Ann", count={"Ann": 2, "O'Neil": 1}, rejected=[], ignored=[],
            split={"layout": "discord", "posts": 7, "players": 4, "unknown": ["Carl-bot"], "orphans": 0, "quotes": 0})])

DISCORD2 = """Bob — Yesterday at 9:58 PM
vote Cid
Ann — Yesterday at 10:04 PM
no
@Bob
vote Cid
Cid — Yesterday at 10:05 PM
why me
vote Bob
Dee — Yesterday at 10:06 PM
vote Bob"""

case("PAGE-016", "S2.9", "A Discord reply: the message it answers is a quote in the reply",
     "'@Bob' and 'vote Cid' just above Cid's header are the context of Cid's reply (S2.9): a quote at the start of Cid's post, listed (post 3 line 1), not Ann's vote. Bob→Cid, Cid→Bob, Dee→Bob. Bob 2, Cid 1.",
     [day(page=DISCORD2)],
     [voted("Bob", count={"Bob": 2, "Cid": 1}, ignored=[IG("Cid", 3, 1, "quoted")],
            split={"layout": "discord", "posts": 4, "players": 4, "unknown": [], "orphans": 0, "quotes": 1})])

DISCORD3 = """Zoë — 11/24/26, 6:04 PM
!vote oneil
O'Neil — 11/24/26, 6:05 PM
!vote zoe
Gus — 24/11/2026 18:06
/vote O'Neil
Hal — 24.11.2026 18:07
!unvote"""

case("PAGE-017", "S2.9", "Discord with dated stamps and bot commands",
     "Stamps '11/24/26, 6:04 PM', '24/11/2026 18:06', '24.11.2026 18:07' (S2.9). Zoë votes oneil (O'Neil folded), O'Neil votes zoe, Gus votes O'Neil, Hal's !unvote does nothing. O'Neil 2, Zoë 1.",
     [day(page=DISCORD3)],
     [voted("O'Neil", count={"O'Neil": 2, "Zoë": 1}, guesses=[],
            split={"layout": "discord", "posts": 4, "players": 4, "unknown": [], "orphans": 0, "quotes": 0})])

BB1 = """[quote="Ann" post_id=201 time=1764015300 user_id=5]vote Bob[/quote]

[quote="Bob" post_id=202 time=1764015600 user_id=6][quote="Ann" post_id=201 time=1764015300 user_id=5]vote Bob[/quote]
no u
[b]vote Ann[/b][/quote]

[quote=Cid post_id=203 time=1764015900 user_id=7]vote: ann[/quote]"""

case("PAGE-018", "S2.9", "A multi-quote's BBCode source: one post per top-level quote",
     "Each top-level [quote=NAME ...] is a post (S2.9): Ann, Bob, Cid. Bob's nested quote of Ann is quoted (listed, post 2 line 1); he votes Ann; Cid votes ann. Ann 2, Bob 1.",
     [day(page=BB1)],
     [voted("Ann", count={"Ann": 2, "Bob": 1}, ignored=[IG("Bob", 2, 1, "quoted")],
            split={"layout": "bbcode", "posts": 3, "players": 3, "unknown": [], "orphans": 0, "quotes": 0})])

BB2 = """[QUOTE=Dee;1001]vote Eve[/QUOTE]
[QUOTE="Eve, post: 1002, member: 9"]vote Dee[/QUOTE]
[QUOTE=Fay;1003]vote Eve[/QUOTE]"""

case("PAGE-019", "S2.9", "vBulletin's and XenForo's quote sources",
     "[QUOTE=NAME;N] (vBulletin) and [QUOTE=\"NAME, post: N, member: M\"] (XenForo) each start a post by NAME (S2.9). Dee→Eve, Eve→Dee, Fay→Eve. Eve 2, Dee 1.",
     [day(page=BB2)],
     [voted("Eve", count={"Eve": 2, "Dee": 1},
            split={"layout": "bbcode", "posts": 3, "players": 3, "unknown": [], "orphans": 0, "quotes": 0})])

case("PAGE-020", "S2.9", "The phpBB page forced as hand-made text reads differently",
     "Forced to the plain layout (S2.9: the moderator may choose), only 'Gus:' lines start posts: two posts by Gus, the first holding 'vote Ann', the second 'vote O’Neil' then, further down, the real Gus post's 'vote Ann'. Gus's last vote is Ann. Ann 1.",
     [day(page=PHPBB1, layout="plain")],
     [voted("Ann", count={"Ann": 1}, split={"layout": "plain", "posts": 2, "players": 1, "unknown": []})])

PLAIN1 = """Ann:
vote Bob
Note: this stays in Ann's post

== Bob ==
vote Ann

Cid:
vote ann"""

case("PAGE-021", "S2.9", "Hand-made text: Name: and == Name == headers",
     "Plain headers (S2.9): 'Ann:', '== Bob ==', 'Cid:'; 'Note:' names no player and does not follow a blank line: text. Ann→Bob, Bob→Ann, Cid→Ann. Ann 2, Bob 1.",
     [day(page=PLAIN1)],
     [voted("Ann", count={"Ann": 2, "Bob": 1},
            split={"layout": "plain", "posts": 3, "players": 3, "unknown": [], "orphans": 0, "quotes": 0})])

# ---------------------------------------------------------------- quotes
Q1 = """Post by Eve » Wed Nov 25, 2026 9:00 am
Dee wrote: ↑Tue Nov 24, 2026 11:00 pm
vote Eve
vote Fay

vote Dee
Top
Post by Fay » Wed Nov 25, 2026 9:10 am
vote Dee"""

case("QUOTE-001", "S2.9", "A quote of a post not on the page runs to the first blank line",
     "Dee's post is not on the page: Eve's quote runs to the first blank line (S2.9), so 'vote Eve' and 'vote Fay' are quoted (listed, post 1 lines 2-3); 'vote Dee' is Eve's. Fay votes Dee. Dee 2.",
     [day(page=Q1)],
     [voted("Dee", count={"Dee": 2}, ignored=[IG("Eve", 1, 2, "quoted"), IG("Eve", 1, 3, "quoted")],
            split={"layout": "phpbb", "posts": 2, "players": 2, "unknown": [], "orphans": 0, "quotes": 1})])

Q2 = """Gus
Member
Nov 25, 2026
#10
vote Hal
Hal is quiet.
Hal
Member
Nov 25, 2026
#11
Gus said:
Hal is quiet.
I am not. vote Gus
vote Gus
Report
Harbor Lights
Member
Nov 25, 2026
#12
vote Hal"""

case("QUOTE-002", "S2.9", "A quote runs while its lines are an earlier post's lines",
     "Hal's 'Gus said:' quote takes 'Hal is quiet.' (a line of Gus's post) and stops at 'I am not. vote Gus' (on no earlier post): that line is Hal's, a mid-line vote listed (post 2 line 4); his 'vote Gus' counts. Gus→Hal, Harbor Lights→Hal. Hal 2, Gus 1.",
     [day(page=Q2)],
     [voted("Hal", count={"Hal": 2, "Gus": 1}, ignored=[IG("Hal", 2, 4, "not_at_line_start")],
            split={"layout": "xenforo", "posts": 3, "players": 3, "unknown": [], "orphans": 0, "quotes": 1})])

Q3 = """11-25-2026, 10:00 AM #20
Ann
Ann is offline
Posts: 5
vote Cid
11-25-2026, 10:01 AM #21
Bob
Bob is offline
Posts: 6
vote Dee
11-25-2026, 10:05 AM #22
Cid
Cid is offline
Posts: 7
Quote:
Originally Posted by Ann View Post
vote Cid
Quote:
Originally Posted by Bob View Post
vote Dee
Both wrong.
vote Ann
11-25-2026, 10:06 AM #23
Dee
Dee is offline
Posts: 9
vote Ann"""

case("QUOTE-003", "S2.9", "Two quotes in one vBulletin post",
     "Cid's post quotes Ann ('vote Cid') and Bob ('vote Dee'): two quotes (S2.9), both votes listed (post 3 lines 2 and 5). Cid and Dee vote Ann. Ann 2, Cid 1, Dee 1.",
     [day(page=Q3)],
     [voted("Ann", count={"Ann": 2, "Cid": 1, "Dee": 1}, ignored=[IG("Cid", 3, 2, "quoted"), IG("Cid", 3, 5, "quoted")],
            split={"layout": "vbulletin", "posts": 4, "players": 4, "unknown": [], "orphans": 0, "quotes": 2})])

case("QUOTE-004", "S5.3", "A typed > quote in a Discord message",
     "Bob's '> vote Fay' is a quote line (listed); his 'vote Gus' counts. Ann votes Fay, Cid Gus. Gus 2, Fay 1.",
     [day([("Ann", "vote Fay"), ("Bob", "> vote Fay\nvote Gus"), ("Cid", "vote Gus")])],
     [voted("Gus", count={"Gus": 2, "Fay": 1}, ignored=[IG("Bob", 2, 1, "quoted")])])

Q5 = """Fay
Members
3 posts
Posted November 25, 2026
On 11/24/2026 at 9:00 PM, Eve said:
vote Fay

Please.
vote Eve"""

case("QUOTE-005", "S2.9", "An Invision quote from an earlier page",
     "Eve's post is not on the page: the quote runs to the blank line (S2.9): 'vote Fay' is quoted (listed, post 1 line 2); Fay votes Eve. Eve 1.",
     [day(page=Q5)],
     [voted("Eve", count={"Eve": 1}, ignored=[IG("Fay", 1, 2, "quoted")],
            split={"layout": "invision", "posts": 1, "players": 1, "unknown": [], "orphans": 0, "quotes": 1})])

case("QUOTE-006", "S5.3", "Nested BBCode quotes, then the post's own vote",
     "Cid's nested [quote]s hide 'vote Fay' and 'vote Hal' (both listed, post 1 line 1); 'vote Gus' after them starts the line once the quoted text is set aside. Gus 1.",
     [day([("Cid", "[quote][quote=Bob]vote Fay[/quote]vote Hal[/quote]vote Gus")])],
     [voted("Gus", count={"Gus": 1}, ignored=[IG("Cid", 1, 1, "quoted"), IG("Cid", 1, 1, "quoted")])])


# ---------------------------------------------------------------- more
case("FORM-026", "S5.3", "Discord's (edited) after a vote ends the name",
     "'vote Fay (edited)': the longest run naming a player is 'Fay' ('Fay (edited)' names no one). Bob votes Fay. Fay 2.",
     [day([("Ann", "vote Fay (edited)"), ("Bob", "vote: Fay")])],
     [voted("Fay", count={"Fay": 2}, guesses=[])])

case("FORM-027", "S2.3", "Spaces inside a full name do not count",
     "'Harbor  Lights' (two spaces) and 'HarborLights' are Harbor Lights' full name ignoring spaces (S2.3 reading 1). Harbor Lights 2.",
     [day([("Ann", "vote Harbor  Lights"), ("Bob", "vote HarborLights")])],
     [voted("Harbor Lights", count={"Harbor Lights": 2}, guesses=[])])

case("NAME-022", "S2.3", "A Discord mention in a night line",
     "'kill @Harbor Lights' and 'kill @harborlights' fold to Harbor Lights' full name; Cid's 'kill Harbor Lights' too: the Evil Forces agree, Harbor Lights is killed (S3.1).",
     [{"actions": {"Ann": "kill @Harbor Lights", "Bob": "kill @harborlights", "Cid": "kill Harbor Lights"}}],
     [{"phase": "night 1", "eliminated": {"Harbor Lights": ["kill"]}, "rejected": [], "guesses": []}],
     first={"night": 1})

case("IGN-006", "S5.3", "A vote right after a quote on the same line starts the line",
     "Ann's quoted 'vote Fay' is listed; with the quoted text set aside, 'vote Gus' after it starts the line and counts (S5.3). Gus 1.",
     [day([("Ann", "[quote=Bob]vote Fay[/quote] vote Gus")])],
     [voted("Gus", count={"Gus": 1}, ignored=[IG("Ann", 1, 1, "quoted")])])

case("OPT-014", "S5.6", "Majority: no elimination below the majority changes nothing",
     "12 voters, majority 7. No elimination has 3, Fay 7 after post 10: Fay reaches the majority first and is voted out (S5.5, S5.6).",
     [day([(p, "vote sleep") for p in ["Ann", "Bob", "Cid"]] + [(p, "vote Fay") for p in ["Dee", "Eve", "Gus", "Hal", "O'Neil", "Zoë", "Harbor Lights"]])],
     [voted("Fay", count={"Fay": 7, "(no elimination)": 3}, ignored=[])], options={"vote_rule": "majority"})

case("OPT-015", "S5.6", "A tie between players above no elimination goes to the revote",
     "Fay 2, Gus 2, no elimination 1: no elimination is not at the top, so the tie between Fay and Gus has a revote (S6.3, no Polar Bear): Ann and Bob vote Gus there. Gus is eliminated by the revote.",
     [day([("Ann", "vote Fay"), ("Bob", "vote Fay"), ("Cid", "vote Gus"), ("Dee", "vote Gus"), ("Eve", "vote no lynch")],
          revote=[("Ann", "vote Gus"), ("Bob", "vote Gus")])],
     [{"count": {"Fay": 2, "Gus": 2, "(no elimination)": 1}, "revote": {"Gus": 2}, "outcome": "revote", "eliminated": {"Gus": ["vote"]}}])

case("READ-201", "S2.8", "The first reading rules: no folding, no no-elimination votes",
     "Under reading 1 (a game saved before edition 2, S2.8): 'vote Zoe' names no one (no accent folding) and 'vote no lynch' names no one: both rejected; the struck '~~vote Fay~~' still counts (the first rules only remove ~~). Fay 1.",
     [day([("Ann", "vote Zoe"), ("Bob", "vote no lynch"), ("Cid", "~~vote Fay~~")])],
     [{"count": {"Fay": 1}, "outcome": "vote", "eliminated": {"Fay": ["vote"]}, "rejected": [R("Ann", 1, 1), R("Bob", 2, 1)]}],
     options={"reading": 1})

case("READ-202", "S2.8", "The first reading rules: the NAME is the whole rest of the line",
     "Under reading 1, 'vote Fay pls' names 'Fay pls', no one: rejected, and Ann's earlier vote for Gus stands; 'vote: gus' counts for Bob. Gus 2.",
     [day([("Ann", "vote Gus"), ("Ann", "vote Fay pls"), ("Bob", "vote: gus")])],
     [{"count": {"Gus": 2}, "outcome": "vote", "eliminated": {"Gus": ["vote"]}, "rejected": [R("Ann", 2, 1)]}],
     options={"reading": 1})

print(len(WRITTEN), "cases written")
