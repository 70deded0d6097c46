#!/usr/bin/env python3
"""Replays a Rummy 500 transcript (games/rummy_500.cardgame) without the engine and checks it
against the rules of docs/games/rummy_500.md. It keeps its own stock, discard pile, hands and
melds from the shuffle orders and the players' choices, and checks:

- every deal (R5-2): 13 cards each to two players, 7 to three or four, one at a time from the
  dealer's left, the next card starting the discard pile, the deal passing to the left;
- every menu offered, against the moves worked out here: at the start of a turn, the stock, the
  top discard, and each card lower in the pile that could then be melded at once (R5-3, R5-5);
  then every set of three or four of a rank, every run of three or more of a suit with the Ace
  high or low and never round the corner (R5-7), every lay-off on anyone's meld (R5-8), and every
  discard but the top discard just taken (R5-4); while a card taken from under others is held,
  only the plays that use it (R5-5);
- every card moved by a choice, a deal and the end of a hand, and who chooses (turn order);
- the end of a hand by going out (with or without a discard) or by the stock running out
  (R5-9), what each player melded and held (R5-10: an Ace 15, or 1 in a low run), the totals,
  and the end of the game at the target with a single highest score (R5-11), with the final
  counters.

    python3 docs/scripts/rummy_500_review.py tests/snapshots/cardlang_tests__transcripts__rummy_500_*.snap
"""
import itertools
import re
import sys
from collections import Counter

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = ["♥", "♦", "♣", "♠"]


def rank(card):
    return card[:-1]


def suit(card):
    return card[-1]


def low(card):
    """The card's place counted from a low Ace (1) to a King (13)."""
    return RANKS.index(rank(card)) + 1


def places(card):
    """Every place the card may take in a run: an Ace 1 or 14 (R5-7)."""
    return {1, 14} if rank(card) == "A" else {low(card)}


def points(card):
    r = rank(card)
    if r == "A":
        return 15
    if r in ("10", "J", "Q", "K"):
        return 10
    return int(r)


def is_set(meld):
    return len({rank(c) for c in meld}) == 1


def run_places(meld):
    """The places of a run's cards: an Ace is low beside a 2, high otherwise."""
    low_run = any(rank(c) == "2" for c in meld)
    return [(1 if low_run else 14) if rank(c) == "A" else low(c) for c in meld]


def fits(card, meld):
    """R5-8: the fourth card of a set, or the card below or above a run of its suit."""
    if is_set(meld):
        return rank(card) == rank(meld[0])
    if suit(card) != suit(meld[0]):
        return False
    p = run_places(meld)
    return bool(places(card) & {min(p) - 1, max(p) + 1})


def worth(card, meld):
    """R5-10: what a card scores in a meld: an Ace in a low run (one with a 2) scores 1."""
    if rank(card) == "A" and any(rank(c) == "2" for c in meld):
        return 1
    return points(card)


class Fail(Exception):
    pass


def check(cond, msg):
    if not cond:
        raise Fail(msg)


class Table:
    def __init__(self, players, target, max_turns):
        self.n = players
        self.target = target
        self.max_turns = max_turns
        self.stock = []  # top first
        self.discard = []  # bottom first
        self.hands = {p: [] for p in range(1, players + 1)}
        self.tables = {p: {} for p in range(1, players + 1)}  # zone number -> cards, bottom first
        self.melded = {p: 0 for p in range(1, players + 1)}
        self.score = {p: 0 for p in range(1, players + 1)}
        self.dealer = 1
        self.hands_played = 0
        self.turns = 0
        self.outs = 0
        self.taken = None  # the top discard taken this turn (R5-4)
        self.owed = None  # the card taken from under others, still to meld (R5-5)

    def left(self, p):
        return p % self.n + 1

    # --- menus worked out from the rules --------------------------------------------------

    def can_meld(self, p, k):
        """R5-5: card k (from the top) of the pile can be melded at once with the hand and the
        k - 1 cards above it: a set of three, a run of three, or a lay-off."""
        c = self.discard[-k]
        pool = self.hands[p] + self.discard[len(self.discard) - k + 1:]
        if sum(1 for d in pool if rank(d) == rank(c)) >= 2:
            return True
        have = set()
        for d in pool:
            if suit(d) == suit(c):
                have |= places(d)
        for lo in range(1, 13):
            window = set(range(lo, lo + 3))
            mine = places(c) & window
            if mine and all(i in mine or i in have for i in window):
                return True
        return any(fits(c, m) for q in self.tables.values() for m in q.values() if m)

    def draw_menu(self, p):
        out = []
        if self.stock:
            out.append("draw from the stock")
        if self.discard:
            out.append(f"take {self.discard[-1]}")
        for k in range(2, len(self.discard) + 1):
            if self.can_meld(p, k):
                out.append(f"take the {k} cards down to {self.discard[-k]}")
        return out

    def sets(self, p):
        """R5-7: every set of three or four cards of a rank, named in suit order."""
        out = {}
        by_rank = {}
        for c in self.hands[p]:
            by_rank.setdefault(rank(c), []).append(c)
        for cs in by_rank.values():
            cs = sorted(cs, key=lambda c: SUITS.index(suit(c)))
            for size in (3, 4):
                for combo in itertools.combinations(cs, size):
                    out["meld " + " ".join(combo)] = list(combo)
        return out

    def runs(self, p):
        """R5-7: every run of 3 to 13 cards of a suit, the Ace low (first) or high (last)."""
        out = {}
        for s in SUITS:
            held = {}
            for c in self.hands[p]:
                if suit(c) == s:
                    for i in places(c):
                        held[i] = c
            for lo in range(1, 13):
                for hi in range(lo + 2, min(lo + 12, 14) + 1):
                    if all(i in held for i in range(lo, hi + 1)):
                        cards = [held[i] for i in range(lo, hi + 1)]
                        out[f"meld the run {cards[0]} to {cards[-1]}"] = cards
        return out

    def lay_offs(self, p):
        out = {}
        for c in self.hands[p]:
            for q in range(1, self.n + 1):
                for k, m in sorted(self.tables[q].items()):
                    if m and fits(c, m):
                        out[f"lay off {c} on table {k} of player {q}"] = (c, q, k)
        return out

    def play_menu(self, p):
        melds = {**self.sets(p), **self.runs(p)}
        lays = self.lay_offs(p)
        discards = {}
        for c in self.hands[p]:
            if c != self.taken or len(self.hands[p]) == 1:
                discards[f"discard {c}"] = c
        if self.owed is not None:
            # R5-5: the first play must use the card taken from under others.
            melds = {l: m for l, m in melds.items() if self.owed in m}
            lays = {l: v for l, v in lays.items() if v[0] == self.owed}
            discards = {}
        return melds, lays, discards


def move_line(line):
    """(card, from, to) of a move line, or None."""
    m = re.match(r"^(\S+): (.+?) -> (.+?)( \(face (up|down)\))?$", line)
    if not m or m.group(1) in ("#",):
        return None
    return m.group(1), m.group(2), m.group(3)


def review(path):
    text = open(path, encoding="utf-8").read()
    lines = text.split("\n")
    if lines and lines[0] == "---":
        end = lines.index("---", 1)
        lines = lines[end + 1 :]
    lines = [l for l in lines if l.strip()]
    header = {}
    for l in lines:
        if l.startswith("# "):
            k, _, v = l[2:].partition(": ")
            header[k] = v
    options = dict(kv.split(" = ") for kv in header["options"].split(", "))
    players = header["seed"].split("players: ")[1].split(", ")
    t = Table(len(players), int(options["target"]), int(options["max_turns"]))
    body = [l for l in lines if not l.startswith("# ")]

    expected_moves = []  # (card, from, to), in order
    gather = None  # a Counter of (card, from) expected at the end of a hand, in any order
    announced = []
    expected_ann = []
    state = {"phase": "setup", "mover": None, "i": 0}
    ended = {"result": None}

    def zone_of(name):
        """The list behind a zone's name, and whether a card goes to its bottom."""
        bottom = name.startswith("bottom of ")
        if bottom:
            name = name[len("bottom of ") :]
        if name == "stock":
            return t.stock, bottom
        if name == "discard":
            return t.discard, bottom
        m = re.match(r"^hand of player (\d+)$", name)
        if m:
            return t.hands[int(m.group(1))], bottom
        m = re.match(r"^table (\d+) of player (\d+)$", name)
        if m:
            return t.tables[int(m.group(2))].setdefault(int(m.group(1)), []), bottom
        raise Fail(f"unknown zone {name}")

    def expect(card, src, dst):
        expected_moves.append((card, src, dst))

    def deal():
        t.hands_played += 1
        t.melded = {p: 0 for p in t.melded}
        size = 13 if t.n == 2 else 7
        order = [t.left(t.dealer)]
        while len(order) < t.n:
            order.append(t.left(order[-1]))
        stock = list(t.stock)
        for _ in range(size):
            for p in order:
                expect(stock.pop(0), "stock", f"hand of player {p}")
        up = stock.pop(0)
        expect(up, "stock", "discard")
        expected_ann.append(f"hand {t.hands_played}: player {t.dealer} deals; the discard pile starts with {up}")
        state["mover"] = order[0]
        state["phase"] = "draw"

    def hand_over(p_out):
        for p in range(1, t.n + 1):
            left = sum(points(c) for c in t.hands[p])
            t.score[p] += t.melded[p] - left
            expected_ann.append(f"player {p}: melded {t.melded[p]}, left in hand {left}: total {t.score[p]}")
        best = max(t.score.values())
        if best >= t.target and list(t.score.values()).count(best) == 1:
            state["phase"] = "over"
            ended["winner"] = max(t.score, key=t.score.get)
            return
        t.dealer = t.left(t.dealer)
        g = Counter()
        for p in range(1, t.n + 1):
            for k, m in t.tables[p].items():
                for c in m:
                    g[(c, f"table {k} of player {p}")] += 1
        for c in t.discard:
            g[(c, "discard")] += 1
        for p in range(1, t.n + 1):
            for c in t.hands[p]:
                g[(c, f"hand of player {p}")] += 1
        state["gather"] = g
        state["phase"] = "shuffle"

    def end_turn(p):
        t.taken = None
        if not t.hands[p]:
            return
        if not t.stock:
            expected_ann.append("the stock is empty: the hand is over")
            state["phase"] = "reveal"
            state["reveal"] = 1
            return
        state["mover"] = t.left(p)
        state["phase"] = "draw"
        if t.turns >= t.max_turns:
            state["phase"] = "capped"

    def went_out(p):
        if not t.hands[p]:
            expected_ann.append(f"player {p} goes out")
            t.outs += 1
            state["phase"] = "reveal"
            state["reveal"] = 1
            return True
        return False

    def choose(p, label, menu):
        check(p == state["mover"], f"player {p} chooses, but player {state['mover']} is to move")
        if state["phase"] == "draw":
            want = t.draw_menu(p)
            check(sorted(menu) == sorted(want), f"draw menu {menu} should be {want}")
            check(label in menu, f"{label} is not offered")
            t.turns += 1
            t.owed = None
            t.taken = None
            if label == "draw from the stock":
                expect(t.stock[0], "stock", f"hand of player {p}")
            elif label.startswith("take the "):
                k = int(label.split()[2])
                t.owed = t.discard[-k]
                for c in t.discard[-k:]:
                    expect(c, "discard", f"hand of player {p}")
            else:
                t.taken = t.discard[-1]
                expect(t.discard[-1], "discard", f"hand of player {p}")
            state["phase"] = "play"
            return
        check(state["phase"] == "play", f"a choice in phase {state['phase']}")
        melds, lays, discards = t.play_menu(p)
        want = list(melds) + list(lays) + list(discards)
        check(sorted(menu) == sorted(want), f"play menu {sorted(menu)} should be {sorted(want)}")
        check(label in menu, f"{label} is not offered")
        if label in melds:
            cards = melds[label]
            z = min(k for k in range(1, 18) if not t.tables[p].get(k))
            for c in cards:
                expect(c, f"hand of player {p}", f"table {z} of player {p}")
            n = sum(worth(c, cards) for c in cards)
            t.melded[p] += n
            expected_ann.append(f"player {p} melds {len(cards)} cards: {n} points")
            if t.owed in cards:
                t.owed = None
            state["after"] = ("meld", p)
        elif label in lays:
            c, q, k = lays[label]
            m = t.tables[q][k]
            below = not is_set(m) and (min(run_places(m)) - 1) in places(c)
            dst = f"table {k} of player {q}"
            expect(c, f"hand of player {p}", ("bottom of " if below else "") + dst)
            n = worth(c, m + [c])
            t.melded[p] += n
            expected_ann.append(f"player {p} lays off {c}: {n} points")
            if t.owed == c:
                t.owed = None
            state["after"] = ("meld", p)
        else:
            c = discards[label]
            expect(c, f"hand of player {p}", "discard")
            state["after"] = ("discard", p)

    def apply_move(card, src, dst):
        s, _ = zone_of(src)
        d, bottom = zone_of(dst)
        check(card in s, f"{card} is not in {src}")
        if s is t.stock:
            check(s[0] == card, f"{card} is not the top of the stock")
            s.pop(0)
        else:
            s.remove(card)
        if d is t.stock:
            d.insert(0, card)
        elif bottom:
            d.insert(0, card)
        else:
            d.append(card)

    def settle():
        """After a choice's moves: what follows it."""
        after = state.pop("after", None)
        if after is None:
            return
        kind, p = after
        if kind == "meld":
            went_out(p)
        else:
            if not went_out(p):
                end_turn(p)

    for line in body:
        mv = move_line(line)
        if line.startswith("shuffle stock"):
            order = line.split(": ", 1)[1].split()
            if state["phase"] == "setup":
                t.stock = order
                check(len(order) == 52 and len(set(order)) == 52, "the pack is 52 cards")
            else:
                check(state["phase"] == "shuffle", f"a shuffle in phase {state['phase']}")
                check(not state["gather"], f"cards never gathered: {state['gather']}")
                check(sorted(order) == sorted(t.stock), "the shuffle holds the cards gathered")
                t.stock = order
            deal()
        elif mv:
            card, src, dst = mv
            if state["phase"] == "shuffle":
                key = (card, src)
                check(dst == "stock" and state["gather"][key] > 0, f"an unexpected move {line}")
                state["gather"][key] -= 1
                if not state["gather"][key]:
                    del state["gather"][key]
            else:
                check(expected_moves, f"a move nobody chose: {line}")
                want = expected_moves.pop(0)
                check((card, src, dst) == want, f"move {line} should be {want}")
            apply_move(card, src, dst)
            if not expected_moves:
                settle()
        elif line.startswith("» "):
            announced.append(line[2:])
        elif " chooses " in line and line.startswith("player "):
            check(not expected_moves, f"moves missing before {line}: {expected_moves}")
            m = re.match(r"^player (\d+) chooses (.+) from \[(.*)\]( \(only player \d+ is told\))?$", line)
            check(m, f"cannot read {line}")
            choose(int(m.group(1)), m.group(2), m.group(3).split(", "))
        elif line.startswith("hand of player ") and " shows " in line:
            check(state["phase"] == "reveal", f"a hand shown in phase {state['phase']}: {line}")
            p = int(line.split()[3])
            check(p == state["reveal"], f"player {state['reveal']}'s hand should be shown, not {p}'s")
            shown = line.split(" shows ", 1)[1]
            shown = [] if shown == "nothing" else shown.split()
            check(sorted(shown) == sorted(t.hands[p]), f"{line}: the hand is {t.hands[p]}")
            state["reveal"] += 1
            if state["reveal"] > t.n:
                hand_over(p)
        elif line.startswith("game over:"):
            check(state["phase"] in ("over", "capped"), f"the game ends in phase {state['phase']}")
        elif line.startswith("result: "):
            ended["result"] = line
        elif re.match(r"^[a-z_]+: ", line):
            name, _, value = line.partition(": ")
            counters = {
                "score": " / ".join(str(t.score[p]) for p in range(1, t.n + 1)),
                "melded": " / ".join(str(t.melded[p]) for p in range(1, t.n + 1)),
                "hands": str(t.hands_played),
                "turns": str(t.turns),
                "outs": str(t.outs),
            }
            check(counters.get(name) == value, f"counter {name} is {value}, should be {counters.get(name)}")
        else:
            raise Fail(f"unread line: {line}")
    check(announced == expected_ann, first_difference(announced, expected_ann))
    if state["phase"] == "over":
        w = ended["winner"]
        check(ended["result"] is not None and ended["result"].startswith(f"result: player {w} wins"),
              f"{ended['result']}: player {w} has the single highest score")
    else:
        check(state["phase"] == "capped" and "unfinished" in (ended["result"] or ""),
              f"the game ended in phase {state['phase']}: {ended['result']}")
    return t


def first_difference(got, want):
    for i, (a, b) in enumerate(zip(got, want)):
        if a != b:
            return f"announcement {i + 1}: `{a}`, expected `{b}`"
    return f"{len(got)} announcements, expected {len(want)}"


def main(paths):
    bad = 0
    for path in paths:
        try:
            t = review(path)
            print(f"ok   {path}: {t.hands_played} hands, {t.turns} turns, scores {list(t.score.values())}")
        except (Fail, ValueError, KeyError, IndexError) as e:
            bad += 1
            print(f"FAIL {path}: {e}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
