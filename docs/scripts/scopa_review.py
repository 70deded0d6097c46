#!/usr/bin/env python3
"""Replays a Scopa transcript (games/scopa.cardgame, base game or asso_piglia_tutto) without the
engine and checks it against the rules of docs/games/scopa.md. It keeps its own table, hands,
stock and capture piles from the shuffle orders and the players' choices, and checks:

- the deal (SC-2): three cards each, one at a time from the player who did not deal, then four to
  the table; the dealer alternating from player 2; the first player to play;
- three or four kings on the table dealt again (SC-3);
- every list of choices: the card played (the whole hand); then what it takes (SC-4: the one
  card of its value on the table at once, or a choice among several such cards and only them;
  SC-5, SC-6: otherwise every set of 2 to 6 table cards adding up to its value, and no choice
  when there is none; SC-14: an ace's sweep, at once);
- what each play takes, the seven-card Re (SC-7), the scope and the last play (SC-8), the deals of
  three more cards (SC-9), the cards left to the last taker (SC-10);
- each capture pile against the transcript's own (its reveal at the end of the hand), the scoring
  line, the sette bello, the points of the hand and of the match (SC-11, SC-12), and the end of
  the match (SC-13), with the final counters.

    python3 docs/scripts/scopa_review.py tests/snapshots/cardlang_tests__transcripts__scopa_seed_1.snap
"""
import itertools
import re
import sys

VALUE = {"A": 1, "F": 8, "C": 9, "R": 10}
PRIME = {"7": 21, "6": 18, "A": 16, "5": 15, "4": 14, "3": 13, "2": 12}
SUITS = "♦♥♠♣"


def rank(card):
    return card[:-1]


def suit(card):
    return card[-1]


def value(card):
    r = rank(card)
    return VALUE.get(r) or int(r)


def prime(card):
    return PRIME.get(rank(card), 10)


def primiera(pile):
    if not all(any(suit(c) == s for c in pile) for s in SUITS):
        return 0
    return sum(max(prime(c) for c in pile if suit(c) == s) for s in SUITS)


def sets_adding_up(table, total):
    out = set()
    for k in range(2, 7):
        for combo in itertools.combinations(table, k):
            if sum(value(c) for c in combo) == total:
                out.add(frozenset(combo))
    return out


def review(path):
    text = open(path, encoding="utf-8").read()
    lines = text.split("\n")
    start = lines.index("# Scopa")
    body = lines[start:]
    target = int(re.search(r"target = (\d+)", text).group(1))
    sweeps_ok = re.search(r"ace_sweeps = (\w+)", text).group(1) == "true"
    errors = []

    def check(cond, what):
        if not cond:
            errors.append(what)

    it = iter(l for l in body if l and not l.startswith("#"))
    line = next(it)

    points = {1: 0, 2: 0}
    dealer = 2
    hands = sweeps = redeals = 0
    stock = []
    result = None

    def expect(want, what):
        got = next(it)
        check(got == want, f"{what}: {got!r}, expected {want!r}")
        return got

    def deal_round(first):
        for _ in range(3):
            for q in (first, 3 - first):
                c = stock.pop(0)
                expect(f"{c}: stock -> hand of player {q} (face down)", f"hand {hands}: deal")
                hand[q].append(c)

    while True:
        # A hand: the shuffle (every hand but the first after the gathering), the deal.
        m = re.fullmatch(r"shuffle stock \(40 cards, top first\): (.*)", line)
        check(m is not None, f"hand {hands + 1}: expected the shuffle: {line!r}")
        stock = m.group(1).split()
        hands += 1
        expect(f"» hand {hands}: player {dealer} deals", f"hand {hands}")
        hand = {1: [], 2: []}
        taken = {1: [], 2: []}
        table = []
        scope = {1: 0, 2: 0}
        first = 3 - dealer
        while True:
            deal_round(first)
            for _ in range(4):
                c = stock.pop(0)
                expect(f"{c}: stock -> table", f"hand {hands}: table deal")
                table.append(c)
            kings = sum(1 for c in table if rank(c) == "R")
            if kings < 3:
                break
            # SC-3: dealt again by the same dealer.
            redeals += 1
            expect(f"» {kings} kings on the table: player {dealer} deals again", "three kings")
            back = [table, hand[1], hand[2]]
            for zone, name in zip(back, ["table", "hand of player 1", "hand of player 2"]):
                for c in reversed(zone):
                    expect(f"{c}: {name} -> stock (face down)", "redeal gathering")
            m = re.fullmatch(r"shuffle stock \(40 cards, top first\): (.*)", next(it))
            check(m is not None, "redeal shuffle")
            stock = m.group(1).split()
            hand = {1: [], 2: []}
            table = []
        last_taker = None
        p = first
        line = next(it)
        while hand[p]:
            # The card choice: the whole hand.
            m = re.fullmatch(rf"player {p} chooses (\S+) from \[(.*)\]", line)
            check(m is not None, f"hand {hands}: player {p} should play: {line!r}")
            c, offered = m.group(1), m.group(2).split(", ")
            check(sorted(offered) == sorted(hand[p]), f"hand {hands}: offers {offered}, the hand is {hand[p]}")
            expect(f"{c}: hand of player {p} -> played", "play")
            swept = False
            captured = []
            equal = [t for t in table if value(t) == value(c)]
            line = next(it)
            if sweeps_ok and rank(c) == "A" and table:
                # SC-14: an ace sweeps the table.
                captured = list(reversed(table))
                for t in captured:
                    check(line == f"{t}: table -> capture", f"sweep takes: {line!r}")
                    line = next(it)
                swept = True
            elif len(equal) == 1:
                # SC-4: the one card of its value, taken at once.
                captured = equal
                check(line == f"{equal[0]}: table -> capture", f"equal takes: {line!r}")
                line = next(it)
            elif equal:
                # SC-4: the player chooses among the cards of its value, and only them.
                m = re.fullmatch(rf"player {p} chooses (\S+) from \[(.*)\]", line)
                check(m is not None, f"hand {hands}: a card of value {value(c)} should be chosen: {line!r}")
                check(sorted(m.group(2).split(", ")) == sorted(equal), f"hand {hands}: equal cards offered")
                captured = [m.group(1)]
                expect(f"{captured[0]}: table -> capture", "equal takes")
                line = next(it)
            else:
                # SC-5, SC-6: the sets adding up, if any: one must be taken.
                sets = sets_adding_up(table, value(c))
                if sets:
                    m = re.fullmatch(rf"player {p} chooses (.+) from \[(.*)\]", line)
                    check(m is not None, f"hand {hands}: a set should be chosen for {c}: {line!r}")
                    got = {frozenset(x.split(" + ")) for x in m.group(2).split(", ")}
                    check(got == sets, f"hand {hands}: sets {got}, expected {sets}")
                    captured = m.group(1).split(" + ")
                    for t in captured:
                        expect(f"{t}: table -> capture", "set taken")
                    line = next(it)
                elif value(c) == 10 and sum(value(t) == 1 for t in table) == 4 and sum(value(t) == 2 for t in table) == 3:
                    # SC-7: the seven-card Re.
                    captured = [t for t in reversed(table) if value(t) <= 2]
                    for t in captured:
                        check(line == f"{t}: table -> capture", f"seven-card take: {line!r}")
                        line = next(it)
            hand[p].remove(c)
            if not captured:
                check(line == f"» player {p} plays {c}, which takes nothing", f"hand {hands}: {line!r}")
                expect(f"{c}: played -> table", "stays")
                table.append(c)
            else:
                n = len(captured)
                check(line == f"» player {p} takes {n} {'card' if n == 1 else 'cards'} with {c}", f"hand {hands}: {line!r}")
                for t in reversed(captured):
                    expect(f"{t}: capture -> taken of player {p} (face down)", "to the pile")
                expect(f"{c}: played -> taken of player {p} (face down)", "card to the pile")
                for t in captured:
                    table.remove(t)
                taken[p] += captured + [c]
                last_taker = p
                if not table:
                    # SC-8: a scopa, but not on the last play (nor an ace's sweep, SC-14).
                    if not stock and not hand[1] and not hand[2]:
                        expect(f"» player {p} clears the table on the last play: no scopa", "last play")
                    elif swept:
                        expect(f"» player {p}'s ace clears the table: no scopa", "sweep")
                    else:
                        scope[p] += 1
                        sweeps += 1
                        expect(f"» scopa! player {p} has {scope[p]} this hand", "scopa")
            p = 3 - p
            line = next(it)
            # SC-9: three more each when both hands are empty.
            if not hand[1] and not hand[2] and stock:
                check(line == f"» player {dealer} deals three more cards each ({len(stock)} left)", f"{line!r}")
                deal_round(first)
                line = next(it)
        check(p == first, f"hand {hands}: the hand should end after the dealer's card")
        # SC-10: the cards left go to the last taker.
        if table and last_taker:
            check(
                line == f"» player {last_taker} made the last capture and takes the {len(table)} cards left",
                f"leftovers: {line!r}",
            )
            for c in reversed(table):
                expect(f"{c}: table -> taken of player {last_taker} (face down)", "leftover")
            taken[last_taker] += table
            table = []
            line = next(it)
        # SC-11, SC-12: the piles shown and scored.
        for q in (1, 2):
            check(line.startswith(f"taken of player {q} shows"), f"reveal: {line!r}")
            shown = line.split(" shows ")[1].split() if " shows " in line else []
            check(sorted(shown) == sorted(taken[q]), f"hand {hands}: pile of player {q} differs")
            line = next(it)
        coins = {q: sum(1 for c in taken[q] if suit(c) == "♦") for q in (1, 2)}
        prim = {q: primiera(taken[q]) for q in (1, 2)}
        want = (
            f"» cards {len(taken[1])} to {len(taken[2])}, coins {coins[1]} to {coins[2]}, "
            f"primiera {prim[1]} to {prim[2]}, scope {scope[1]} to {scope[2]}"
        )
        check(line == want, f"hand {hands}: {line!r}, expected {want!r}")
        line = next(it)
        bello = {q: "7♦" in taken[q] for q in (1, 2)}
        for q in (1, 2):
            if bello[q]:
                check(line == f"» player {q} has the sette bello", f"sette bello: {line!r}")
                line = next(it)
        got = {}
        for q in (1, 2):
            o = 3 - q
            got[q] = (
                (len(taken[q]) > len(taken[o]))
                + (coins[q] > coins[o])
                + bello[q]
                + (prim[q] > prim[o])
                + scope[q]
            )
            points[q] += got[q]
        want = f"» hand {hands} scores {got[1]} to {got[2]}; the match stands at {points[1]} to {points[2]}"
        check(line == want, f"{line!r}, expected {want!r}")
        line = next(it)
        # SC-13: the end of the match.
        if max(points.values()) >= target and points[1] != points[2]:
            w = 1 if points[1] > points[2] else 2
            want = f"game over: player {w} wins (scores {points[1]} - {points[2]})"
            check(line == want, f"{line!r}, expected {want!r}")
            result = line
            break
        if max(points.values()) >= target:
            check(line == f"» {points[1]} to {points[2]}: level at {target} or more, another hand is played", line)
            line = next(it)
        dealer = 3 - dealer
        # The gathering: table, then each pile, back to the stock.
        for name, zone in [("table", table), ("taken of player 1", taken[1]), ("taken of player 2", taken[2])]:
            for c in reversed(zone) if name == "table" else []:
                check(line == f"{c}: table -> stock (face down)", f"gathering: {line!r}")
                line = next(it)
        while re.fullmatch(r"\S+: taken of player [12] -> stock \(face down\)", line):
            line = next(it)
    rest = list(it)
    for want in [
        f"points: {points[1]} / {points[2]}",
        f"hands: {hands}",
        f"sweeps: {sweeps}",
        f"redeals: {redeals}",
        f"dealer: player {dealer}",
    ]:
        check(want in rest, f"counter line {want!r} missing: {rest}")
    print(f"{path}: {hands} hands, {sweeps} scope, {redeals} redeals, {result}")
    for e in errors[:20]:
        print("  ERROR", e)
    return not errors


def review_or_fail(path):
    try:
        return review(path)
    except (StopIteration, AttributeError, ValueError, KeyError) as e:
        # A transcript the replay cannot follow at all (a line out of place) is a failure too.
        print(f"{path}: ERROR the replay stopped: {e!r}")
        return False


if __name__ == "__main__":
    ok = all([review_or_fail(p) for p in sys.argv[1:]])
    sys.exit(0 if ok else 1)
