#!/usr/bin/env python3
"""Replays a Big Two transcript (games/big_two.cardgame) without the engine and checks it against
the rules of docs/games/big_two.md. It keeps its own hands and table from the shuffle order and
the players' choices, and checks:

- the deal (BT-2): thirteen cards each, one at a time from player 1, and the holder of 3 of
  diamonds announced and leading;
- every menu offered, as sets of cards, against the legal plays worked out here (BT-3 to BT-5):
  on a clear table every single, pair, triple and five-card hand of the hand (holding 3 of
  diamonds on the game's first play), no pass; otherwise every combination of as many cards as
  the play to beat that is stronger, and pass; no set offered twice;
- every move: the beaten play to `played`, the chosen cards to `last`;
- turn order (BT-6), three passes giving the lead to the last player (BT-7), and in `pass_final`
  (BT-8) the players who passed skipped until the next lead;
- the end (BT-9): the first player without cards wins, and the final counters (turns, leads,
  plays of each kind, cards left).

    python3 docs/scripts/big_two_review.py tests/snapshots/cardlang_tests__transcripts__big_two_*.snap
"""
import itertools
import re
import sys
from collections import Counter

RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
SUITS = ["♦", "♣", "♥", "♠"]


def rank(card):
    return RANKS.index(card[:-1])


def suit(card):
    return SUITS.index(card[-1])


def value(card):
    return 4 * rank(card) + suit(card)


def five_kind(cards):
    """1 straight, 2 flush, 3 full house, 4 four of a kind (+1), 5 straight flush, 0 none."""
    ranks = sorted(rank(c) for c in cards)
    counts = sorted(Counter(ranks).values())
    flush = len({suit(c) for c in cards}) == 1
    # BT-4: five consecutive ranks, twos never part of one, no wrapping.
    straight = len(set(ranks)) == 5 and RANKS.index("2") not in ranks and ranks[4] - ranks[0] == 4
    if straight and flush:
        return 5
    if counts == [1, 4]:
        return 4
    if counts == [2, 3]:
        return 3
    if flush:
        return 2
    if straight:
        return 1
    return 0


def is_combination(cards):
    """BT-3: one card, two or three of one rank, or a five-card hand."""
    if len(cards) in (1, 2, 3):
        return len({rank(c) for c in cards}) == 1
    return len(cards) == 5 and five_kind(cards) > 0


def strength(cards):
    """BT-5: a key that orders combinations of one size."""
    if len(cards) < 5:
        return (max(value(c) for c in cards),)
    kind = five_kind(cards)
    if kind in (3, 4):
        counts = Counter(rank(c) for c in cards)
        return (kind, max(r for r, n in counts.items() if n >= 3))
    if kind == 2:
        return (kind, sorted((rank(c) for c in cards), reverse=True), suit(cards[0]))
    return (kind, max(value(c) for c in cards))


def legal(hand, last, first):
    """The plays allowed, as frozensets, and whether pass is allowed."""
    out = set()
    sizes = [1, 2, 3, 5] if not last else [len(last)]
    for n in sizes:
        for s in itertools.combinations(sorted(hand), n):
            if not is_combination(s):
                continue
            if first and "3♦" not in s:
                continue
            if last and not strength(list(s)) > strength(last):
                continue
            out.add(frozenset(s))
    return out, bool(last)


CHOICE = re.compile(r"^player (\d) chooses (.*) from \[(.*)\]$")
MOVE = re.compile(r"^(\S+): (.*) -> (.*?)( \(face down\))?$")


def review(path):
    text = open(path, encoding="utf-8").read()
    lines = text.split("\n")
    body = [l for l in lines[lines.index("# Big Two"):] if l and not l.startswith("#")]
    pass_final = re.search(r"pass_final = (\w+)", text).group(1) == "true"
    errors = []

    def check(cond, what):
        if not cond:
            errors.append(what)

    i = 0
    # The shuffle and the deal (BT-2).
    m = re.match(r"shuffle stock \(52 cards, top first\): (.*)$", body[i])
    check(m is not None, f"line 1: {body[i]!r}")
    stock = m.group(1).split(" ")
    check(len(set(stock)) == 52, "the pack has 52 different cards")
    i += 1
    hands = {p: set() for p in (1, 2, 3, 4)}
    for k, card in enumerate(stock):
        want = f"{card}: stock -> hand of player {k % 4 + 1} (face down)"
        check(body[i] == want, f"deal {k + 1}: {body[i]!r}, expected {want!r}")
        hands[k % 4 + 1].add(card)
        i += 1
    p = next(q for q in hands if "3♦" in hands[q])
    check(body[i] == f"» player {p} holds 3♦ and leads", f"first leader: {body[i]!r}")
    i += 1

    last, played = [], []
    first, passes, last_player = True, 0, None
    out = set()
    counts = Counter()
    winner = None
    while winner is None:
        if i >= len(body):
            errors.append("the transcript ends before anyone has played every card")
            break
        # BT-8: in pass_final, a player who passed is skipped until the next lead.
        if pass_final and last and p in out:
            p = p % 4 + 1
            continue
        counts["turns"] += 1
        m = CHOICE.match(body[i])
        if not m or int(m.group(1)) != p:
            errors.append(f"turn {counts['turns']}: player {p} should choose: {body[i]!r}")
            break
        label, menu = m.group(2), m.group(3).split(", ")
        i += 1
        plays, may_pass = legal(hands[p], last, first)
        offered = [frozenset(l[len("play "):].split(" + ")) for l in menu if l.startswith("play ")]
        check(len(offered) == len(set(offered)), f"turn {counts['turns']}: a set is offered twice")
        check(set(offered) == plays,
              f"turn {counts['turns']}: player {p} offered {sorted(map(sorted, set(offered) - plays))} "
              f"not legal, missing {sorted(map(sorted, plays - set(offered)))}")
        check(("pass" in menu) == may_pass, f"turn {counts['turns']}: pass offered: {'pass' in menu}")
        check(all(l == "pass" or l.startswith("play ") for l in menu), f"turn {counts['turns']}: {menu}")
        check(label in menu, f"turn {counts['turns']}: {label!r} chosen but not offered")
        if not last:
            counts["leads"] += 1
        # The moves that follow the choice.
        moves = []
        while i < len(body) and MOVE.match(body[i]) and " chooses " not in body[i]:
            moves.append(body[i])
            i += 1
        if label == "pass":
            passes += 1
            if pass_final:
                out.add(p)
            if passes == 3:
                # BT-7: the last player leads; the table is cleared.
                want = f"» everyone else passes: player {last_player} leads"
                check(moves == [] and body[i] == want, f"turn {counts['turns']}: {body[i]!r}, expected {want!r}")
                i += 1
                while i < len(body) and MOVE.match(body[i]) and not body[i].startswith("»"):
                    moves.append(body[i])
                    i += 1
                check(sorted(moves) == sorted(f"{c}: last -> played" for c in last),
                      f"turn {counts['turns']}: clearing moves {moves}")
                played += last
                last, passes, out = [], 0, set()
                p = last_player
            else:
                check(moves == [], f"turn {counts['turns']}: a pass moves {moves}")
                p = p % 4 + 1
            continue
        chosen = label[len("play "):].split(" + ")
        want = [f"{c}: last -> played" for c in last]
        check(sorted(moves[:len(want)]) == sorted(want), f"turn {counts['turns']}: {moves} (the beaten play)")
        want2 = [f"{c}: hand of player {p} -> last" for c in chosen]
        check(sorted(moves[len(want):]) == sorted(want2), f"turn {counts['turns']}: {moves} (the play)")
        played += last
        last = chosen
        hands[p] -= set(chosen)
        first = False
        last_player = p
        if not pass_final:
            passes = 0
        counts[{1: "singles", 2: "pairs", 3: "triples", 5: "fives"}[len(chosen)]] += 1
        if not hands[p]:
            winner = p
            break
        p = p % 4 + 1

    if winner is not None:
        for want in (f"» player {winner} has played every card and wins", f"game over: player {winner} wins",
                     f"result: player {winner} wins"):
            check(i < len(body) and body[i] == want, f"the end: {body[i] if i < len(body) else None!r}, expected {want!r}")
            i += 1
        final = dict(l.split(": ", 1) for l in body[i:] if ": " in l)
        for name in ("turns", "leads", "singles", "pairs", "triples", "fives"):
            check(final.get(name) == str(counts[name]), f"counter {name}: {final.get(name)}, replayed {counts[name]}")
        left = " / ".join(str(len(hands[q])) for q in (1, 2, 3, 4))
        check(final.get("cards_left") == left, f"cards_left: {final.get('cards_left')}, replayed {left}")
        check(len(played) + len(last) + sum(len(h) for h in hands.values()) == 52, "52 cards in all")
    return errors, counts, winner


def main():
    paths = sys.argv[1:]
    if not paths:
        print(__doc__)
        return 2
    bad = 0
    for path in paths:
        errors, counts, winner = review(path)
        if errors:
            bad += 1
            print(f"{path}: {len(errors)} problems")
            for e in errors[:20]:
                print("  " + e)
        else:
            print(f"{path}: ok ({counts['turns']} turns, {counts['leads']} leads, player {winner} wins)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
