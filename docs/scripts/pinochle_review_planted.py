#!/usr/bin/env python3
"""Plants twelve corruptions, one at a time, in a copy of the greedy Pinochle snapshot and runs
docs/scripts/pinochle_review.py on each copy: every one must be reported WRONG.

    python3 docs/scripts/pinochle_review_planted.py
"""
import os
import re
import subprocess
import sys
import tempfile
src = "tests/snapshots/cardlang_tests__transcripts__pinochle_greedy_seed_4.snap"
text = open(src, encoding="utf-8").read()
def first_sub(pattern, repl, t, count=1):
    new, n = re.subn(pattern, repl, t, count=count, flags=re.M)
    assert n, pattern
    return new
plants = {
 "a card left out of a lead menu": lambda t: first_sub(r"(player 1 chooses lead \S+ from \[lead \S+), lead [^,\]]+", r"\1", t),
 "a meld left out of a meld menu": lambda t: t.replace("player 2 chooses meld the marriage in ♥ from [no meld, meld the marriage in ♥]", "player 2 chooses no meld from [no meld]", 1).replace("K♥: hand of player 2 -> laid of player 2\nQ♥: hand of player 2 -> laid of player 2\n» player 2 melds a marriage in ♥: 20\n", "", 1),
 "a meld offered that the hand cannot make": lambda t: first_sub(r"from \[no meld\]", "from [no meld, meld the pinochle]", t),
 "a marriage scored as royal": lambda t: t.replace("melds a marriage in ♣: 20", "melds a marriage in ♣: 40", 1),
 "the wrong winner of a trick": lambda t: first_sub(r"» player 1 takes the trick with", "» player 2 takes the trick with", t),
 "a trick's counters": lambda t: first_sub(r"\((\d+) in counters\)", lambda m: f"({int(m.group(1))+1} in counters)", t),
 "the loser drawing first": lambda t: first_sub(r"(chooses no meld from \[[^\]]*\]\n)(\S+): stock -> hand of player (\d) \(face down\)\n(\S+): stock -> hand of player (\d) \(face down\)", r"\1\2: stock -> hand of player \5 (face down)\n\4: stock -> hand of player \3 (face down)", t),
 "a card that does not follow suit after the stock": None,
 "a deal total": lambda t: first_sub(r"(» player 1: \d+ in counters, )(\d+)", lambda m: m.group(1) + str(int(m.group(2)) + 10), t),
 "the wrong player leading": lambda t: first_sub(r"^player 1 chooses lead", "player 2 chooses lead", t),
 "the dix taking another card": lambda t: t.replace("melds the dix and takes Q♦ for it", "melds the dix and takes K♦ for it", 1),
 "the final counters": lambda t: first_sub(r"^counted: \d+", "counted: 1", t),
}
def late_follow(t):
    # After the stock, a second card of another suit when the hand holds the suit led.
    lines = t.split("\n")
    gone = next(i for i, l in enumerate(lines) if "the stock is gone" in l)
    for i in range(gone, len(lines) - 2):
        m = re.match(r"^player (\d) chooses (\S+) from \[(.*)\]$", lines[i])
        if m and lines[i - 2].startswith(f"player {3-int(m.group(1))} chooses"):
            offered = m.group(3).split(", ")
            lead = re.match(r"^player \d chooses (\S+)", lines[i - 2]).group(1)
            if all(o[-1] == lead[-1] for o in offered) and len(offered) >= 1:
                # Offer a card of another suit too.
                lines[i] = lines[i].replace("]", ", 9♠]" if lead[-1] != "♠" else ", 9♥]")
                return "\n".join(lines)
    raise AssertionError("no follow found")
plants["a card that does not follow suit after the stock"] = late_follow
caught = 0
for name, f in plants.items():
    path = os.path.join(tempfile.gettempdir(), "pinochle_planted.snap")
    open(path, "w", encoding="utf-8").write(f(text))
    out = subprocess.run(["python3", "docs/scripts/pinochle_review.py", path], capture_output=True, text=True).stdout
    ok = "WRONG" in out
    caught += ok
    print(("caught  " if ok else "MISSED  ") + name + ": " + out.strip()[len(path)+2:][:150])
print(f"{caught} of {len(plants)}")
sys.exit(0 if caught == len(plants) else 1)
