#!/usr/bin/env python3
"""Replays a Contract Bridge transcript (games/bridge.cardgame) without the engine and checks it
against the rules of docs/games/bridge.md (Chicago scoring). It keeps its own table (where every
card lies) from the shuffle orders and the moves, and works out by itself:

- the deal (BR-2): thirteen cards each, one at a time from the dealer's left; the dealer of
  deal k is player k (a passed-out deal is dealt again by the same dealer, BR-4); the
  vulnerability announced (BR-3);
- the auction (BR-5 to BR-8): the callers in turn from the dealer; every menu exactly the legal
  calls (pass, every bid above the last, double of the opponents' undoubled bid, redouble of a
  double of one's own side's bid), in order; the end after three passes following a call, or
  four passes; the contract, its doubling, and the declarer (the first of the winning side to
  name the strain) and dummy;
- the play (BR-9 to BR-12): the opening lead by the declarer's left; the dummy's thirteen cards
  laid face up after it; every card chosen by the right seat (the declarer for the dummy),
  every menu exactly the cards that follow suit (or every card held when none does); every
  trick's winner (the highest trump, else the highest card of the suit led) leading next;
- the score of every deal (BR-13 to BR-18) from its own Chicago table: trick points toward game
  with part-scores carried, game 300 or 500, a fourth-deal part-score 100, overtricks,
  undertricks undoubled, doubled and redoubled, insult and slam bonuses; each announced total;
- the end: four deals, the side with more points winning (level: a draw), the final counters
  (the calls of every auction counted).

    python3 docs/scripts/bridge_review.py tests/snapshots/cardlang_tests__transcripts__bridge_*.snap
"""
import re
import sys

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = ["♣", "♦", "♥", "♠"]
STRAINS = ["♣", "♦", "♥", "♠", "NT"]


class Mismatch(Exception):
    pass


def expect(cond, what):
    if not cond:
        raise Mismatch(what)


def rank(card):
    return RANKS.index(card[:-1])


def suit(card):
    return card[-1]


def left(p):
    return p % 4 + 1


def partner(p):
    return (p + 1) % 4 + 1


def side(p):
    return p % 2  # 1 for players 1 and 3, 0 for players 2 and 4


def vulnerable(p, deal, dealer):
    # BR-3: nobody in deal 1; the dealer's side in deals 2 and 3; everyone in deal 4.
    return deal == 4 or (deal in (2, 3) and side(p) == side(dealer))


def trick_points(level, strain):
    # BR-13
    if strain == "NT":
        return 40 + 30 * (level - 1)
    return (30 if strain in ("♥", "♠") else 20) * level


def undertricks(down, vul, doubling):
    # BR-16, written as a table walk rather than the file's formula
    if doubling == 0:
        return (100 if vul else 50) * down
    total = 0
    for k in range(1, down + 1):
        if vul:
            total += 200 if k == 1 else 300
        else:
            total += 100 if k == 1 else (200 if k <= 3 else 300)
    return total * doubling


class Review:
    def __init__(self, lines):
        self.lines = lines
        self.i = 0
        self.where = {}  # card -> zone name
        self.stock = []  # top first, as the shuffle line gives it
        self.score = {0: 0, 1: 0}
        self.part = {0: 0, 1: 0}
        self.deal = 0
        self.dealer = None
        self.passed_out = 0
        self.calls = 0
        self.made = 0
        self.defeated = 0
        self.doubled_contracts = 0
        self.slams = 0
        self.max_redeals = 10
        self.tricks = {0: 0, 1: 0}
        self.checked = {"menus": 0, "tricks": 0, "deals": 0}

    # -- reading lines --------------------------------------------------------------------
    def peek(self):
        return self.lines[self.i] if self.i < len(self.lines) else None

    def next(self):
        line = self.peek()
        expect(line is not None, "the transcript ends early")
        self.i += 1
        return line

    def move(self, line=None):
        """A move line `C: FROM -> TO[ (face down)]`, checked against the table."""
        line = line if line is not None else self.next()
        m = re.fullmatch(r"(\S+): (.+?) -> (.+?)( \(face down\))?", line)
        expect(m, f"a move, not {line!r}")
        card, src, dst = m.group(1), m.group(2), m.group(3)
        expect(self.where.get(card) == src, f"{card} moves from {src} but lies in {self.where.get(card)}")
        self.where[card] = dst
        return card, src, dst

    def say(self, text):
        line = self.next()
        expect(line == "» " + text, f"expected `» {text}`, found {line!r}")

    def choice(self, player):
        line = self.next()
        m = re.fullmatch(r"player (\d) chooses (.+?) from \[(.*)\]", line)
        expect(m, f"a choice of player {player}, not {line!r}")
        expect(int(m.group(1)) == player, f"player {m.group(1)} chooses where player {player} should: {line!r}")
        return m.group(2), m.group(3).split(", ")

    def held(self, zone):
        return [c for c, z in self.where.items() if z == zone]

    # -- the game -------------------------------------------------------------------------
    def run(self):
        while self.peek().startswith("#"):
            line = self.next()
            m = re.match(r"# options: max_redeals = (\d+)", line)
            if m:
                self.max_redeals = int(m.group(1))
        self.dealer = 4
        while self.deal < 4:
            self.dealer = left(self.dealer)
            self.deal += 1
            self.play_deal()
        a, b = self.score[1], self.score[0]
        self.say(f"after four deals: players 1 and 3 {a}, players 2 and 4 {b}")
        if a > b:
            self.expect_line("game over: player 1 and player 3 win")
        elif b > a:
            self.expect_line("game over: player 2 and player 4 win")
        else:
            self.expect_line("game over: a draw")
        self.next()  # result line, as the game over line
        counters = {
            "score": f"{a} / {b} / {a} / {b}",
            "part_score": f"{self.part[1]} / {self.part[0]} / {self.part[1]} / {self.part[0]}",
            "tricks": f"{self.tricks[1]} / {self.tricks[0]} / {self.tricks[1]} / {self.tricks[0]}",
            "deals": "4",
            "dealer": f"player {self.dealer}",
            "passed_out": str(self.passed_out),
            "calls": str(self.calls),
            "made": str(self.made),
            "defeated": str(self.defeated),
            "doubled_contracts": str(self.doubled_contracts),
            "slams_bid": str(self.slams),
        }
        for name, value in counters.items():
            self.expect_line(f"{name}: {value}")
        expect(self.peek() is None or self.peek() == "", f"an extra line: {self.peek()!r}")

    def expect_line(self, text):
        line = self.next()
        expect(line == text, f"expected {text!r}, found {line!r}")

    def play_deal(self):
        while True:
            # every card goes back to the stock, then it is shuffled
            while not self.peek().startswith("shuffle stock"):
                self.move()
            m = re.fullmatch(r"shuffle stock \(52 cards, top first\): (.*)", self.next())
            expect(m, "a shuffle with the order")
            order = m.group(1).split(" ")
            expect(len(order) == 52 and len(set(order)) == 52, "52 different cards shuffled")
            if not self.where:
                self.where = {c: "stock" for c in order}
            expect(all(self.where[c] == "stock" for c in order), "every card is in the stock at the shuffle")
            if self.deal == 1 or self.deal > 1:
                vul = "nobody is vulnerable" if self.deal == 1 else (
                    "both sides are vulnerable" if self.deal == 4 else
                    f"player {self.dealer} and player {partner(self.dealer)} are vulnerable")
                self.say(f"deal {self.deal}: player {self.dealer} deals; {vul}")
            # BR-2: one at a time from the dealer's left
            p = left(self.dealer)
            for card in order:
                c, src, dst = self.move()
                expect(c == card and dst == f"hand of player {p}", f"{c} dealt to {dst}, expected {card} to player {p}")
                p = left(p)
            self.checked["deals"] += 1
            contract = self.auction()
            if contract:
                self.play_contract(*contract)
                return
            self.passed_out += 1
            if self.passed_out > self.max_redeals:
                self.say("all four pass: the deal is scored zero")
                self.say(f"deal {self.deal}: {self.score[1]} to {self.score[0]} (part-scores {self.part[1]} and {self.part[0]})")
                return
            self.say(f"all four pass: player {self.dealer} deals again")

    def auction(self):
        level, strain, bidder, doubling, passes = 0, None, None, 0, 0
        first = {}  # (side, strain) -> the player who named it first for the side
        p = self.dealer
        while (level == 0 and passes < 4) or (level > 0 and passes < 3):
            menu = ["pass"]
            for l in range(1, 8):
                for s in STRAINS:
                    if level == 0 or (l, STRAINS.index(s)) > (level, STRAINS.index(strain)):
                        menu.append(f"{l} {s}")
            if bidder is not None and side(bidder) != side(p) and doubling == 0:
                menu.append("double")
            if bidder is not None and side(bidder) == side(p) and doubling == 1:
                menu.append("redouble")
            call, offered = self.choice(p)
            self.calls += 1
            expect(offered == menu, f"auction menu of player {p}: {offered} against {menu}")
            self.checked["menus"] += 1
            if call == "pass":
                passes += 1
            elif call == "double":
                doubling, passes = 1, 0
            elif call == "redouble":
                doubling, passes = 2, 0
            else:
                level, strain, bidder, doubling, passes = int(call[0]), call[2:], p, 0, 0
                first.setdefault((side(p), strain), p)
            p = left(p)
        for q in (1, 2, 3, 4):
            self.tricks[side(q)] = 0
        if level == 0:
            return None
        declarer = first[(side(bidder), strain)]
        dummy = partner(declarer)
        if doubling:
            self.doubled_contracts += 1
        if level >= 6:
            self.slams += 1
        dbl = " doubled" if doubling == 1 else (" redoubled" if doubling == 2 else "")
        self.say(f"the contract is {level} {strain}{dbl}, played by player {declarer}; player {dummy} is dummy")
        return level, strain, doubling, declarer

    def play_contract(self, level, strain, doubling, declarer):
        dummy = partner(declarer)
        trump = None if strain == "NT" else strain
        leader = left(declarer)
        for t in range(13):
            played = []
            order = [leader, left(leader), left(left(leader)), left(left(left(leader)))]
            for k, p in enumerate(order):
                zone = f"dummy of player {p}" if p == dummy else f"hand of player {p}"
                chooser = declarer if p == dummy else p
                cards = self.held(zone)
                led = suit(played[0]) if played else None
                legal = [c for c in cards if led is None or suit(c) == led]
                if not legal:
                    legal = cards
                card, offered = self.choice(chooser)
                expect(sorted(offered) == sorted(legal) and len(offered) == len(set(offered)),
                       f"trick {t + 1}: {chooser} offered {offered}, legal {sorted(legal)}")
                self.checked["menus"] += 1
                c, src, dst = self.move()
                expect(c == card and src == zone and dst == "trick", f"{card} from {zone} to the trick, not {c} {src} {dst}")
                played.append(card)
                if t == 0 and k == 0:
                    # BR-10: after the opening lead the dummy is laid face up
                    for _ in range(13):
                        c, src, dst = self.move()
                        expect(src == f"hand of player {dummy}" and dst == f"dummy of player {dummy}", "the dummy laid face up")
                    expect(not self.held(f"hand of player {dummy}"), "the whole dummy laid down")
                    self.say(f"player {dummy} lays the dummy face up")
            # BR-11: the winner
            best = 0
            for k in range(1, 4):
                c, b = played[k], played[best]
                if (suit(c) == suit(b) and rank(c) > rank(b)) or (suit(c) == trump and suit(b) != trump):
                    best = k
            winner = order[best]
            self.say(f"player {winner} takes the trick with {played[best]}")
            for _ in range(4):
                c, src, dst = self.move()
                expect(src == "trick" and dst == f"won of player {winner}", "the trick to its winner")
            self.tricks[side(winner)] += 1
            self.checked["tricks"] += 1
            leader = winner
        self.score_deal(level, strain, doubling, declarer)

    def score_deal(self, level, strain, doubling, declarer):
        need = 6 + level
        took = self.tricks[side(declarer)]
        vul = vulnerable(declarer, self.deal, self.dealer)
        factor = [1, 2, 4][doubling]
        if took >= need:
            self.made += 1
            contract = trick_points(level, strain) * factor
            extra = took - need
            if doubling == 0:
                per = 30 if strain == "NT" else trick_points(1, strain)
            else:
                per = (200 if vul else 100) * doubling
            insult = 50 * doubling
            slam = {7: 1500 if vul else 1000, 6: 750 if vul else 500}.get(level, 0)
            self.part[side(declarer)] += contract
            if self.part[side(declarer)] >= 100:
                bonus, why = (500 if vul else 300), "game"
                self.part = {0: 0, 1: 0}
            elif self.deal == 4:
                bonus, why = 100, "a part-score on the fourth deal"
            else:
                bonus, why = 0, "no game yet"
            total = contract + extra * per + insult + slam + bonus
            self.score[side(declarer)] += total
            ot = "overtrick" if extra == 1 else "overtricks"
            self.say(f"player {declarer} makes {level} {strain} with {took} tricks: {contract} for the contract, "
                     f"{extra * per} for {extra} {ot}, {insult + slam} in insult and slam bonuses, {bonus} for {why}: {total}")
        else:
            self.defeated += 1
            down = need - took
            penalty = undertricks(down, vul, doubling)
            self.score[side(left(declarer))] += penalty
            d = left(declarer)
            self.say(f"player {declarer} takes {took} tricks: down {down}, {penalty} to player {d} and player {partner(d)}")
        self.say(f"deal {self.deal}: {self.score[1]} to {self.score[0]} (part-scores {self.part[1]} and {self.part[0]})")


def body(text):
    """The transcript itself: a snapshot's lines after its second `---`."""
    lines = text.split("\n")
    if lines and lines[0] == "---":
        end = lines.index("---", 1)
        lines = lines[end + 1:]
    return [l for l in lines if l != ""] + [""]


def main(paths):
    bad = 0
    for path in paths:
        with open(path, encoding="utf-8") as f:
            review = Review(body(f.read()))
        try:
            review.run()
            c = review.checked
            print(f"{path}: ok ({c['deals']} deals dealt, {c['menus']} menus, {c['tricks']} tricks checked)")
        except Mismatch as e:
            bad += 1
            print(f"{path}: line {review.i}: {e}")
        except (ValueError, KeyError, IndexError, AttributeError) as e:
            bad += 1
            print(f"{path}: line {review.i}: unreadable ({e!r})")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
