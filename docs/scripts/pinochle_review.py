#!/usr/bin/env python3
"""Replays a two-handed Pinochle transcript (games/pinochle.cardgame) without the engine and
checks it against the rules of docs/games/pinochle.md. It keeps its own stock, card turned up,
hands, melds on the table and tricks from the shuffle orders and the players' choices, and
checks:

- every deal (PN-1, PN-2): 48 cards, every card twice; twelve each, one at a time from the
  non-dealer, the next card turned up for trumps, the deal alternating (player 2 first); a nine
  turned up scoring 10 for the dealer (PN-8);
- every menu offered, as a set of labels, against the moves worked out here: while the stock
  lasts, every card of the hand and of the melds (PN-4); after a trick won, the melds the winner
  can make (PN-5, PN-6: flags per card for each kind of meld, at least one card from the hand,
  a married card allowed into a flush and not the other way) and the dix (PN-8); after the stock,
  the leader any card and the other player what PN-9 allows;
- who wins each trick (PN-4, PN-7: of two identical cards the first played), the counters
  (PN-10), the draws (PN-3: the winner first, the loser taking the turned card last), every card
  moved, every announcement with its points, the deal totals (PN-11), and the end of the game
  (PN-12) with the final counters.

    python3 docs/scripts/pinochle_review.py tests/snapshots/cardlang_tests__transcripts__pinochle_*.snap
"""
import re
import sys
from collections import Counter

RANKS = ["9", "J", "Q", "K", "10", "A"]
SUITS = ["♥", "♦", "♣", "♠"]
WORTH = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
AROUND = {"A": 100, "K": 80, "Q": 60, "J": 40}
KINDS = ("marriage", "flush", "around", "pinochle")


def rank(card):
    return card[:-1]


def suit(card):
    return card[-1]


class Bad(Exception):
    pass


def check(cond, msg):
    if not cond:
        raise Bad(msg)


class Card:
    """One physical card: its name and the kinds of meld it has served in (PN-6)."""

    def __init__(self, name):
        self.name = name
        self.used = set()


class Reader:
    def __init__(self, lines):
        self.lines = lines
        self.i = 0

    def peek(self):
        return self.lines[self.i] if self.i < len(self.lines) else ""

    def next(self):
        line = self.peek()
        self.i += 1
        return line

    def announce(self, text):
        line = self.next()
        check(line == "» " + text, f"line {self.i}: expected `» {text}`, found `{line}`")

    def moves(self, want):
        """The next len(want) lines are these moves (card, from, to), in any order."""
        got = []
        for _ in want:
            line = self.next()
            m = re.match(r"^(\S+): (.+?) -> (.+?)( \(face down\))?$", line)
            check(m, f"line {self.i}: expected a move, found `{line}`")
            got.append((m.group(1), m.group(2), m.group(3)))
        check(Counter(got) == Counter(want), f"line {self.i}: moves {sorted(got)} differ from {sorted(want)}")

    def choice(self, player, menu, dedupe=True):
        line = self.next()
        m = re.match(r"^player (\d) chooses (.+) from \[(.*)\]$", line)
        check(m, f"line {self.i}: expected a choice of player {player}, found `{line}`")
        check(int(m.group(1)) == player, f"line {self.i}: player {m.group(1)} chooses, not player {player}")
        offered = m.group(3).split(", ")
        if dedupe:
            # Two identical cards in one zone are one move: the menu names them once.
            menu = list(dict.fromkeys(menu))
        check(Counter(offered) == Counter(menu), f"line {self.i}: menu {sorted(offered)} differs from {sorted(menu)}")
        check(m.group(2) in offered, f"line {self.i}: `{m.group(2)}` is not offered")
        return m.group(2)


class Game:
    def __init__(self, r, target, max_deals):
        self.r = r
        self.target = target
        self.max_deals = max_deals
        self.score = {1: 0, 2: 0}
        self.deals = 0
        self.tricks = 0
        self.dealer = 2

    def zone(self, z, p):
        return f"{z} of player {p}"

    def take(self, cards, name):
        """Removes and returns the physical card called `name` from a list (the first one)."""
        for k, c in enumerate(cards):
            if c.name == name:
                return cards.pop(k)
        raise Bad(f"line {self.r.i}: {name} is not there")

    def free(self, c, kind):
        if kind == "marriage":
            return "marriage" not in c.used and "flush" not in c.used
        return kind not in c.used

    def find(self, p, rk, st, kind):
        """(in the hand, on the table): cards of rank rk, suit st still free for `kind`."""
        ok = lambda c: rank(c.name) == rk and suit(c.name) == st and self.free(c, kind)
        return [c for c in self.hand[p] if ok(c)], [c for c in self.laid[p] if ok(c)]

    def can(self, p, specs, kind):
        found = [self.find(p, rk, st, kind) for rk, st in specs]
        return all(h or t for h, t in found) and any(h for h, _ in found)

    def specs(self, label):
        if label.startswith("meld the marriage in "):
            s = label[-1]
            return [("K", s), ("Q", s)], "marriage"
        if label.startswith("meld the flush"):
            return [(r, self.trump) for r in ["J", "Q", "K", "10", "A"]], "flush"
        m = re.match(r"meld (\S+) around$", label)
        if m:
            return [(m.group(1), s) for s in SUITS], "around"
        if label == "meld the pinochle":
            return [("Q", "♠"), ("J", "♦")], "pinochle"
        return None, None

    def meld_menu(self, p):
        menu = ["no meld"]
        menu += [f"meld the marriage in {s}" for s in SUITS if self.can(p, [("K", s), ("Q", s)], "marriage")]
        if self.can(p, self.specs("meld the flush")[0], "flush"):
            menu.append(f"meld the flush in {self.trump}")
        menu += [f"meld {r} around" for r in ["J", "Q", "K", "A"] if self.can(p, [(r, s) for s in SUITS], "around")]
        if self.can(p, [("Q", "♠"), ("J", "♦")], "pinochle"):
            menu.append("meld the pinochle")
        if any(c.name == "9" + self.trump for c in self.hand[p]):
            menu.append("meld the dix")
        return menu

    def meld(self, p, label):
        """Carries out a meld: PN-6 takes cards from the table where it can, at least one from
        the hand; returns the cards moved from the hand."""
        if label == "no meld":
            return
        if label == "meld the dix":
            nine = self.take(self.hand[p], "9" + self.trump)
            self.score[p] += 10
            if self.stock and rank(self.turnup[0].name) != "9":
                up = self.turnup.pop()
                self.hand[p].append(up)
                self.turnup.append(nine)
                self.r.moves([(up.name, "turnup", self.zone("hand", p)), (nine.name, self.zone("hand", p), "turnup")])
                self.r.announce(f"player {p} melds the dix and takes {up.name} for it: 10")
            else:
                self.laid[p].append(nine)
                self.r.moves([(nine.name, self.zone("hand", p), self.zone("laid", p))])
                self.r.announce(f"player {p} melds the dix: 10")
            return
        specs, kind = self.specs(label)
        fresh = False
        moved = []
        for rk, st in specs:
            hand, table = self.find(p, rk, st, kind)
            if table and (fresh or not hand):
                c = table[0]
            else:
                c = hand[0]
                self.hand[p].remove(c)
                self.laid[p].append(c)
                moved.append((c.name, self.zone("hand", p), self.zone("laid", p)))
                fresh = True
            c.used.add(kind)
        check(fresh, f"line {self.r.i}: a meld with no card from the hand")
        self.r.moves(moved)
        if kind == "marriage":
            s = specs[0][1]
            pts = 40 if s == self.trump else 20
            what = "the royal marriage" if s == self.trump else "a marriage"
            self.r.announce(f"player {p} melds {what} in {s}: {pts}")
        elif kind == "flush":
            pts = 150
            self.r.announce(f"player {p} melds the flush in {self.trump}: 150")
        elif kind == "around":
            pts = AROUND[specs[0][0]]
            self.r.announce(f"player {p} melds {specs[0][0]} around: {pts}")
        else:
            pts = 40
            self.r.announce(f"player {p} melds the pinochle: 40")
        self.score[p] += pts

    def beats(self, c, best):
        return (suit(c) == suit(best) and RANKS.index(rank(c)) > RANKS.index(rank(best))) or (
            suit(c) == self.trump and suit(best) != self.trump
        )

    def may_follow(self, p, c, lead):
        hand = [d.name for d in self.hand[p]]
        follows = [d for d in hand if suit(d) == suit(lead)]
        heads = [d for d in follows if RANKS.index(rank(d)) > RANKS.index(rank(lead))]
        if follows:
            return suit(c) == suit(lead) and (self.beats(c, lead) or not heads)
        if any(suit(d) == self.trump for d in hand):
            return suit(c) == self.trump
        return True

    def play_card(self, p, label, verb):
        src = "hand"
        name = label[len(verb) + 1:]
        if name.endswith(" from your melds"):
            name = name[: -len(" from your melds")]
            src = "laid"
        c = self.take(self.hand[p] if src == "hand" else self.laid[p], name)
        self.r.moves([(c.name, self.zone(src, p), "trick")])
        return c

    def trick(self, leader, early):
        other = 3 - leader
        if early:
            menu = [f"lead {c.name}" for c in self.hand[leader]] + [f"lead {c.name} from your melds" for c in self.laid[leader]]
            first = self.play_card(leader, self.r.choice(leader, menu), "lead")
        else:
            # After the stock, a plain choice of a card: every card named, twins twice.
            name = self.r.choice(leader, [c.name for c in self.hand[leader]], dedupe=False)
            first = self.take(self.hand[leader], name)
            self.r.moves([(name, self.zone("hand", leader), "trick")])
        if early:
            menu = [f"play {c.name}" for c in self.hand[other]] + [f"play {c.name} from your melds" for c in self.laid[other]]
            second = self.play_card(other, self.r.choice(other, menu), "play")
        else:
            menu = [c.name for c in self.hand[other] if self.may_follow(other, c.name, first.name)]
            name = self.r.choice(other, menu, dedupe=False)
            second = self.take(self.hand[other], name)
            self.r.moves([(name, self.zone("hand", other), "trick")])
        self.tricks += 1
        won = self.beats(second.name, first.name)
        w = other if won else leader
        n = WORTH[rank(first.name)] + WORTH[rank(second.name)]
        self.counted[w] += n
        self.r.announce(f"player {w} takes the trick with {(second if won else first).name} ({n} in counters)")
        self.r.moves([(c.name, "trick", self.zone("won", w)) for c in (first, second)])
        self.won[w] += [first, second]
        return w

    def deal(self, order):
        self.deals += 1
        self.counted = {1: 0, 2: 0}
        self.hand = {1: [], 2: []}
        self.laid = {1: [], 2: []}
        self.won = {1: [], 2: []}
        check(len(order) == 48 and all(v == 2 for v in Counter(order).values()) and len(set(order)) == 24,
              "PN-1: 48 cards, 24 different, each twice")
        stock = [Card(n) for n in order]
        first = 3 - self.dealer
        want = []
        for k in range(24):
            p = first if k % 2 == 0 else self.dealer
            c = stock.pop(0)
            self.hand[p].append(c)
            want.append((c.name, "stock", self.zone("hand", p)))
        self.r.moves(want)
        self.turnup = [stock.pop(0)]
        self.r.moves([(self.turnup[0].name, "stock", "turnup")])
        self.stock = stock
        self.trump = suit(self.turnup[0].name)
        self.r.announce(f"deal {self.deals}: player {self.dealer} deals; {self.turnup[0].name} is turned: {self.trump} are trumps")
        if rank(self.turnup[0].name) == "9":
            self.score[self.dealer] += 10
            self.r.announce(f"player {self.dealer} scores 10 for the dix turned up")
        leader = first
        while self.stock or self.turnup:
            w = self.trick(leader, True)
            label = self.r.choice(w, self.meld_menu(w))
            self.meld(w, label)
            c = self.stock.pop(0)
            self.hand[w].append(c)
            self.r.moves([(c.name, "stock", self.zone("hand", w))])
            if self.stock:
                d, src = self.stock.pop(0), "stock"
            else:
                d, src = self.turnup.pop(), "turnup"
            self.hand[3 - w].append(d)
            self.r.moves([(d.name, src, self.zone("hand", 3 - w))])
            leader = w
        self.r.announce("the stock is gone: the melds are taken back")
        back = []
        for p in (1, 2):
            back += [(c.name, self.zone("laid", p), self.zone("hand", p)) for c in self.laid[p]]
            self.hand[p] += self.laid[p]
            self.laid[p] = []
        self.r.moves(back)
        check(len(self.hand[1]) == 12 and len(self.hand[2]) == 12, "PN-9: twelve cards each after the stock")
        while self.hand[leader]:
            leader = self.trick(leader, False)
        self.counted[leader] += 10
        self.r.announce(f"player {leader} takes the last trick: 10 points")
        check(self.counted[1] + self.counted[2] == 250, "PN-10: 250 in counters a deal")
        for p in (1, 2):
            self.score[p] += self.counted[p]
            self.r.announce(f"player {p}: {self.counted[p]} in counters, {self.score[p]} in all")


def review(path):
    text = open(path, encoding="utf-8").read()
    lines = text.split("\n")
    if lines[0] == "---":
        lines = lines[lines.index("---", 1) + 1:]
    head = [l for l in lines if l.startswith("# options:")][0]
    opts = dict(re.findall(r"(\w+) = (\d+)", head))
    body = [l for l in lines if l and not l.startswith("#")]
    r = Reader(body)
    g = Game(r, int(opts["target"]), int(opts["max_deals"]))
    while True:
        line = r.next()
        m = re.match(r"^shuffle stock \(48 cards, top first\): (.*)$", line)
        check(m, f"line {r.i}: expected the shuffle, found `{line}`")
        g.deal(m.group(1).split(" "))
        best = max(g.score.values())
        if best >= g.target and g.score[1] != g.score[2]:
            w = 1 if g.score[1] > g.score[2] else 2
            result = f"player {w} wins (scores {g.score[1]} - {g.score[2]})"
            check(r.next() == f"game over: {result}", f"line {r.i}: the end of the game")
            check(r.next() == f"result: {result}", f"line {r.i}: the result")
            break
        if g.deals >= g.max_deals:
            check(r.next().startswith("game over: unfinished"), f"line {r.i}: unfinished after max_deals")
            return g
        g.dealer = 3 - g.dealer
        r.moves([(c.name, g.zone("won", p), "stock") for p in (1, 2) for c in reversed(g.won[p])])
    tail = {k: v for k, v in (l.split(": ", 1) for l in body[r.i:] if ": " in l)}
    check(tail.get("score") == f"{g.score[1]} / {g.score[2]}", "the final scores")
    check(tail.get("counted") == f"{g.counted[1]} / {g.counted[2]}", "the final counters")
    check(tail.get("deals") == str(g.deals) and tail.get("tricks") == str(g.tricks), "deals and tricks")
    check(tail.get("dealer") == f"player {g.dealer}" and tail.get("trump") == g.trump, "dealer and trump")
    return g


def main(paths):
    bad = 0
    for path in paths:
        try:
            g = review(path)
            print(f"{path}: ok ({g.deals} deals, {g.tricks} tricks, {g.score[1]} to {g.score[2]})")
        except (Bad, IndexError, ValueError, KeyError) as e:
            bad += 1
            print(f"{path}: WRONG: {e}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
