#!/usr/bin/env python3
"""Re-reads Wild Twist Gin transcripts (text, as `cardlang transcript` writes them, or insta
snapshots of them) against the rule text (GR-5..GR-13): every knock's
arrangement is least-deadwood and a choice is offered iff there are several; the defender's
lay-offs and melds leave the least deadwood (GR-10 fixed wilds, GR-12); every score, the final
scores and the counters knocks, knock_points and laid_off. Independent of the engine: its own meld
search (brute force over subsets). Not for `shifting_wilds`.

    python3 docs/scripts/gin_review.py tests/snapshots/*wild_twist_gin*.snap
"""
import re, sys
from functools import lru_cache
from itertools import combinations

SUITS = "♥♦♣♠"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
WILD = {"Wild Heart": "♥", "Wild Diamond": "♦", "Wild Club": "♣", "Wild Spade": "♠"}

def parse(c):
    if c in WILD:
        return ("W", WILD[c])
    return (RANKS.index(c[:-1]) + 1, c[-1])

def pts(c):
    r, _ = parse(c)
    return 15 if r == "W" else r

FREE = False

def valid(cards):
    n = len(cards)
    if n < 3:
        return False
    nat = [parse(c) for c in cards if c not in WILD]
    wil = [WILD[c] for c in cards if c in WILD]
    # set
    if n <= 4:
        ranks = {r for r, _ in nat}
        suits = [s for _, s in nat]
        if len(ranks) <= 1 and len(set(suits)) == len(suits):
            if FREE:
                ok = True
            else:
                ok = len(set(wil)) == len(wil) and not (set(wil) & set(suits))
            if ok:
                return True
    # run
    suits = {s for _, s in nat}
    if len(suits) <= 1:
        if not FREE and wil:
            suits |= set(wil)
            if len(suits) > 1:
                return False
        rs = [r for r, _ in nat]
        if len(set(rs)) != len(rs):
            return False
        for lo in range(1, 14 - n + 1):
            if all(lo <= r < lo + n for r in rs):
                return True
    return False

def melds_of(hand):
    out = []
    for k in range(3, len(hand) + 1):
        for sub in combinations(range(len(hand)), k):
            if valid([hand[i] for i in sub]):
                out.append(sum(1 << i for i in sub))
    return out

_LC = {}
def least(hand):
    key = (FREE, tuple(sorted(hand)))
    if key not in _LC:
        _LC[key] = _least(list(key[1]))
    return _LC[key]

def _least(hand):
    """(least deadwood, set of arrangements as frozensets of frozensets of cards)."""
    n = len(hand)
    ms = melds_of(hand)
    p = [pts(c) for c in hand]
    by_low = [[m for m in ms if (m & -m).bit_length() - 1 == i] for i in range(n)]
    best = {0: 0}
    def b(mask):
        if mask in best:
            return best[mask]
        low = (mask & -mask).bit_length() - 1
        v = b(mask & (mask - 1)) + p[low]
        for m in by_low[low]:
            if m & mask == m:
                v = min(v, b(mask ^ m))
        best[mask] = v
        return v
    ways = []
    def walk(mask, acc):
        if mask == 0:
            ways.append(list(acc)); return
        t = b(mask)
        low = (mask & -mask).bit_length() - 1
        if b(mask & (mask - 1)) + p[low] == t:
            walk(mask & (mask - 1), acc)
        for m in by_low[low]:
            if m & mask == m and b(mask ^ m) == t:
                acc.append(m); walk(mask ^ m, acc); acc.pop()
    full = (1 << n) - 1
    walk(full, [])
    arr = {frozenset(frozenset(hand[i] for i in range(n) if m >> i & 1) for m in w) for w in ways}
    return b(full), arr

def read_meld(text):
    """A table meld as laid: ('run', suit, lo, hi) or ('set', rank, suits)."""
    kind, rest = text.split(" ", 1)
    m = re.match(r"(.*?)( \((.*)\))?$", rest)
    cards = re.findall(r"Wild \w+|10.|[A2-9JQK].", m.group(1))
    reads = dict(re.findall(r"(Wild \w+) as ([^,\s)]+)", m.group(3) or ""))
    real = [parse(reads.get(c, c)) for c in cards]
    if kind == "run":
        rs = [r for r, _ in real]
        return ("run", real[0][1], min(rs), max(rs))
    return ("set", real[0][0], frozenset(s for _, s in real))

def extend(m, c):
    """The melds m becomes with card c laid off (GR-10: table wilds keep their reading)."""
    r, s = parse(c)
    out = []
    if m[0] == "run":
        _, suit, lo, hi = m
        if r == "W":
            if FREE or s == suit:
                if lo > 1: out.append(("run", suit, lo - 1, hi))
                if hi < 13: out.append(("run", suit, lo, hi + 1))
        elif s == suit:
            if r == lo - 1: out.append(("run", suit, lo - 1, hi))
            if r == hi + 1: out.append(("run", suit, lo, hi + 1))
    else:
        _, rank, suits = m
        if len(suits) < 4:
            if r == "W":
                cand = [x for x in SUITS if x not in suits] if FREE else ([s] if s not in suits else [])
                for x in cand:
                    out.append(("set", rank, suits | {x}))
            elif r == rank and s not in suits:
                out.append(("set", rank, suits | {s}))
    return out

def defender_least(hand, table):
    @lru_cache(None)
    def go(h, t):
        best = least(list(h))[0]
        for c in h:
            for i, m in enumerate(t):
                for m2 in extend(m, c):
                    t2 = t[:i] + (m2,) + t[i + 1:]
                    best = min(best, go(tuple(x for x in h if x != c), t2))
        return best
    return go(tuple(sorted(hand)), tuple(table))

def check(path):
    global FREE
    lines = open(path, encoding="utf-8").read().split("\n")
    variant = next(l for l in lines if l.startswith("# variant:")).split(": ", 1)[1]
    FREE = variant == "free_wilds"
    hands = {1: [], 2: []}
    score = {1: 0, 2: 0}
    problems, knocks, choices, layoffs, kp = [], 0, 0, 0, 0
    i = 0
    state = None
    while i < len(lines):
        l = lines[i]
        mv = re.match(r"(.+?): (.+?) -> (.+?)( \(face (up|down)\))?$", l)
        if mv:
            c, a, b = mv.group(1), mv.group(2), mv.group(3)
            for p in (1, 2):
                if a == f"hand of player {p}":
                    hands[p].remove(c)
                if b == f"hand of player {p}":
                    hands[p].append(c)
        m = re.match(r"» player (\d) knocks", l)
        if m:
            k = int(m.group(1)); d = 3 - k; knocks += 1
            kh = list(hands[k]); dh = list(hands[d])
            kv, karr = least(kh)
            # the choice line, if any
            nxt = lines[i + 1]
            offered = None
            if nxt.startswith(f"player {k} chooses") and " leaves " in nxt:
                offered = len(re.findall(r"\(\d+\)(?:, |\])", nxt.split(" from [", 1)[1]))
                choices += 1
            if len(karr) >= 2 and offered != len(karr):
                problems.append(f"line {i+1}: {len(karr)} least arrangements, offered {offered}")
            if len(karr) < 2 and offered is not None:
                problems.append(f"line {i+1}: one least arrangement, yet a choice")
            # collect melds laid by the knocker, shows, lay-offs, defender melds
            j = i + 1
            laid, table, kshow, dshow, dlaid = [], [], None, None, 0
            while not lines[j].startswith("» deadwood:"):
                lj = lines[j]
                mm = re.match(r"» hand of player (\d) melds onto table of \d+: (.*)$", lj)
                if mm:
                    cards = frozenset(re.findall(r"Wild \w+|10.|[A2-9JQK].", mm.group(2).split(" (")[0].split(" ", 1)[1]))
                    if int(mm.group(1)) == k:
                        laid.append(cards); table.append(read_meld(mm.group(2)))
                lo = re.match(r"» hand of player (\d) lays off (.*?) onto", lj)
                if lo:
                    n = len(re.findall(r"Wild \w+|10.|[A2-9JQK].", lo.group(2)))
                    dlaid += n
                sh = re.match(r"hand of player (\d) shows ?(.*)$", lj)
                if sh:
                    cs = re.findall(r"Wild \w+|10.|[A2-9JQK].", sh.group(2))
                    if int(sh.group(1)) == k: kshow = cs
                    else: dshow = cs
                j += 1
            layoffs += dlaid
            if frozenset(laid) not in karr:
                problems.append(f"line {i+1}: knocker laid {laid}, not a least arrangement")
            dv = defender_least(dh, table)
            mdw = re.match(r"» deadwood: player (\d) (\d+), player (\d) (\d+)", lines[j])
            kd, dd = int(mdw.group(2)), int(mdw.group(4))
            if kd != kv or sum(map(pts, kshow or [])) != kd:
                problems.append(f"line {j+1}: knocker deadwood {kd}, least {kv}, shown {kshow}")
            if dd != dv or sum(map(pts, dshow or [])) != dd:
                problems.append(f"line {j+1}: defender deadwood {dd}, least {dv}, shown {dshow}")
            if kd > 10:
                problems.append(f"line {j+1}: knocked with {kd}")
            res = lines[j + 1]
            if kd < dd:
                exp = f"» player {k} scores {dd - kd}"; score[k] += dd - kd; kp += dd - kd
            elif dd < kd:
                exp = f"» player {d} undercuts: 25 + {kd - dd}"; score[d] += 25 + kd - dd; kp += 25 + kd - dd
            else:
                exp = "» equal deadwood: nobody scores"
            if res != exp:
                problems.append(f"line {j+2}: {res!r}, expected {exp!r}")
            pass
        g = re.match(r"» player (\d) declares Gin", l)
        if g:
            p = int(g.group(1)); o = 3 - p
            if least(hands[p])[0] != 0:
                problems.append(f"line {i+1}: Gin with deadwood")
            od = least(hands[o])[0]
            j = i
            while not re.match(r"» player \d has", lines[j]): j += 1
            exp = f"» player {o} has {od} deadwood: player {p} scores 25 + {od}"
            if lines[j] != exp:
                problems.append(f"line {j+1}: {lines[j]!r}, expected {exp!r}")
            score[p] += 25 + od
        i += 1
    fin = {}
    for l in lines:
        m = re.match(r"(knock_points|laid_off|knocks): (-?\d+)$", l)
        if m:
            fin[m.group(1)] = int(m.group(2))
        m = re.match(r"score: (\d+) / (\d+)$", l)
        if m:
            fin["1"], fin["2"] = int(m.group(1)), int(m.group(2))
    if fin.get("1") != score[1] or fin.get("2") != score[2]:
        problems.append(f"final scores {fin}, summed {score}")
    if fin.get("knock_points") != kp or fin.get("laid_off") != layoffs or fin.get("knocks") != knocks:
        problems.append(f"counters {fin}, counted knock_points {kp} laid_off {layoffs} knocks {knocks}")
    print(f"{path.split('__')[-1]}: {knocks} knocks, {choices} arrangement choices, {layoffs} lay-offs, scores {score}; "
          + ("OK" if not problems else "PROBLEMS"))
    for p in problems:
        print("   ", p)
    return not problems

ok = all([check(p) for p in sys.argv[1:]])
sys.exit(0 if ok else 1)
