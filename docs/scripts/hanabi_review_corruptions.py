#!/usr/bin/env python3
"""Plants corruptions, one at a time, in a copy of a Hanabi transcript snapshot and checks that
docs/scripts/hanabi_review.py rejects each copy (docs/games/hanabi.md, "Tests").

    python3 docs/scripts/hanabi_review_corruptions.py [SNAPSHOT]

SNAPSHOT defaults to tests/snapshots/cardlang_tests__transcripts__hanabi_seed_7.snap (the
corruptions look for lines that transcript has: a clue, a wrong play, a discard, a firework).
Prints each corruption as caught or MISSED, then the count; exits 1 if one is missed.
"""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SNAPSHOT = os.path.join(ROOT, "tests/snapshots/cardlang_tests__transcripts__hanabi_seed_7.snap")
src = open(sys.argv[1] if len(sys.argv) > 1 else SNAPSHOT, encoding="utf-8").read()
lines = src.split("\n")
def first(pred):
    return next(i for i, l in enumerate(lines) if pred(l))
muts = []
def mut(name, f):
    ls = list(lines)
    f(ls)
    muts.append((name, "\n".join(ls)))
i_menu = first(lambda l: " chooses " in l and " from [" in l)
mut("a menu item left out", lambda ls: ls.__setitem__(i_menu, ls[i_menu].replace(", play card 2", "")))
mut("a discard offered with eight tokens", lambda ls: ls.__setitem__(i_menu, ls[i_menu].replace("play card 5]", "play card 5, discard card 1]")))
mut("two menu items swapped", lambda ls: ls.__setitem__(i_menu, ls[i_menu].replace("play card 1, play card 2", "play card 2, play card 1")))
mut("a choice not offered", lambda ls: ls.__setitem__(i_menu, re.sub(r"chooses .* from", "chooses discard card 9 from", ls[i_menu])))
i_clue = first(lambda l: " at place" in l)
mut("a clue touching a wrong place", lambda ls: ls.__setitem__(i_clue, ls[i_clue][:-1] + str(int(ls[i_clue][-1]) % 5 + 1)))
i_fuse = first(lambda l: "a fuse burns" in l)
mut("a fuse count wrong", lambda ls: ls.__setitem__(i_fuse, re.sub(r"\((\d) left\)", lambda m: f"({int(m.group(1)) + 1} left)", ls[i_fuse])))
i_fw = first(lambda l: "-> firework of" in l)
mut("a card that fits sent to the discard", lambda ls: ls.__setitem__(i_fw, re.sub(r"-> firework of \w", "-> discard", ls[i_fw])))
i_disc = first(lambda l: "takes back a clue" in l)
mut("a discard's token count wrong", lambda ls: ls.__setitem__(i_disc, re.sub(r"\((\d)\)", lambda m: f"({int(m.group(1)) - 1})", ls[i_disc])))
i_draw = max(i for i, l in enumerate(lines[:i_menu]) if ": stock -> hand" in l)
mut("a wrong card drawn", lambda ls: ls.__setitem__(i_draw, "Y5" + ls[i_draw][ls[i_draw].index(":"):]))
i_score = first(lambda l: l.startswith("score: "))
mut("a wrong final score", lambda ls: ls.__setitem__(i_score, "score: 4"))
i_res = first(lambda l: l.startswith("result: "))
mut("a winner named", lambda ls: ls.__setitem__(i_res, "result: player 1 wins"))
i_end = first(lambda l: l.startswith("» the third fuse"))
mut("the game ended early", lambda ls: [ls.__delitem__(i) for i in range(i_end - 1, i_menu + 40, -1)])
i_deal = first(lambda l: ": stock -> hand of player 1" in l)
mut("a deal to the wrong player", lambda ls: ls.__setitem__(i_deal, ls[i_deal].replace("player 1", "player 2")))
caught = 0
out = tempfile.mkdtemp(prefix="hanabi_corrupt_")
for k, (name, text) in enumerate(muts):
    path = os.path.join(out, f"{k}.snap")
    open(path, "w", encoding="utf-8").write(text)
    review = os.path.join(HERE, "hanabi_review.py")
    r = subprocess.run([sys.executable, review, path], capture_output=True, text=True)
    ok = r.returncode != 0
    caught += ok
    print(("caught " if ok else "MISSED ") + name + ": " + r.stdout.strip().split(": ", 1)[-1][:110])
print(f"{caught} of {len(muts)} caught")
sys.exit(0 if caught == len(muts) else 1)
