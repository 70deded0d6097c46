#!/usr/bin/env python3
"""Replays a Cheat transcript (games/cheat.cardgame, base game) without the engine and checks it
against the rules of docs/games/cheat.md: the deal (CH-1), the rank due and the turn order
(CH-2), the set of one to four cards put down and the choices offered, whole or card by card
(CH-3), who is asked and the first doubt (CH-4), a believed claim (CH-5), a doubted claim (CH-6,
CH-7), the winner (CH-8), the cap (CH-9), the counters, and that the 52 cards are all in the
hands and the pile after every turn.

    python3 docs/scripts/cheat_review.py tests/snapshots/cardlang_tests__transcripts__cheat_seed_1.snap
"""
import re
import sys
from itertools import combinations

# The most sets a choice lists whole; past it the engine offers them card by card.
LIMIT = 500
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def rank(card):
    return card[:-1]


def review(path):
    lines = [l for l in open(path, encoding="utf-8").read().split("\n")]
    body = lines[lines.index("# Cheat"):] if "# Cheat" in lines else lines
    n = len(re.search(r"players: (.*)", "\n".join(body)).group(1).split(", "))
    max_turns = int(re.search(r"max_turns = (\d+)", "\n".join(body)).group(1))
    stock = re.search(r"shuffle stock \(52 cards, top first\): (.*)", "\n".join(body)).group(1).split()
    hands = {p: [] for p in range(1, n + 1)}
    it = iter(l for l in body if l and not l.startswith("#") and not l.startswith("shuffle"))
    errors = []

    def check(cond, what):
        if not cond:
            errors.append(what)

    # CH-1: the deal, one at a time from player 1, every card.
    for i, card in enumerate(stock):
        line = next(it)
        want = f"{card}: stock -> hand of player {i % n + 1} (face down)"
        check(line == want, f"deal {i + 1}: {line!r}, expected {want!r}")
        hands[i % n + 1].append(card)
    check(next(it) == f"» every card is dealt: {n} players, the first to play is player 1", "deal announcement")

    pile = []
    turns = challenges = lies = 0
    p = 1
    result = None
    line = next(it)
    while True:
        if line.startswith("game over"):
            result = line
            break
        turns += 1
        due = RANKS[(turns - 1) % 13]
        # CH-3: one set of one to four cards of the hand. The sets are listed whole (by size,
        # each in hand order, bottom first) unless there are more than 500: then the same set
        # is picked a card at a time, any order, with "done" once a card is picked, and made by
        # itself at the fourth. Either way the cards then move in hand order.
        hand = hands[p]
        sets = [c for k in range(1, 5) for c in combinations(hand, k)]
        if len(sets) <= LIMIT:
            m = re.fullmatch(rf"player {p} chooses (.+?) from \[(.*)\]", line)
            check(m is not None, f"turn {turns}: player {p} should choose a set: {line!r}")
            check(m.group(2) == ", ".join(" + ".join(c) for c in sets), f"turn {turns}: the sets offered")
            chosen = m.group(1).split(" + ")
            check(chosen in [list(c) for c in sets], f"turn {turns}: {m.group(1)!r} is not a set of the hand")
            picked_by_card = False
        else:
            chosen = []
            picked_by_card = True
            while True:
                m = re.fullmatch(rf"player {p} chooses (\S+) from \[(.*)\]", line)
                check(m is not None, f"turn {turns}: player {p} should pick a card: {line!r}")
                want = [c for c in hand if c not in chosen] + (["done"] if chosen else [])
                check(m.group(2).split(", ") == want, f"turn {turns}: pick {len(chosen) + 1} offers {m.group(2)!r}")
                if m.group(1) == "done":
                    break
                chosen.append(m.group(1))
                if len(chosen) == 4:
                    break
                line = next(it)
            check(1 <= len(chosen) <= 4, f"turn {turns}: {len(chosen)} cards picked")
        by_hand = [c for c in hand if c in chosen]
        if not picked_by_card:
            check(chosen == by_hand, f"turn {turns}: the set is not in hand order")
        played = []
        for card in by_hand:
            check(next(it) == f"{card}: hand of player {p} -> played (face down)", f"turn {turns}: move of {card}")
            hands[p].remove(card)
            played.append(card)
        line = next(it)
        k = len(played)
        want = f"» player {p} puts down {k} {'card' if k == 1 else 'cards'}, claiming {k} × {due}"
        check(line == want, f"turn {turns}: {line!r}, expected {want!r}")
        # CH-4: asked from the left, stopping at the first doubt.
        challenger = None
        q = p % n + 1
        while q != p:
            line = next(it)
            m = re.fullmatch(rf"player {q} chooses (believe|doubt) from \[believe, doubt\]", line)
            check(m is not None, f"turn {turns}: player {q} should be asked: {line!r}")
            if m.group(1) == "doubt":
                challenger = q
                break
            q = q % n + 1
        if challenger is None:
            # CH-5: the cards join the pile unseen.
            for c in reversed(played):
                check(next(it) == f"{c}: played -> pile (face down)", f"turn {turns}: to pile")
                pile.append(c)
        else:
            challenges += 1
            check(next(it) == "played shows " + " ".join(reversed(played)), f"turn {turns}: reveal")
            for c in reversed(played):
                check(next(it) == f"{c}: played -> pile (face down)", f"turn {turns}: to pile")
                pile.append(c)
            honest = all(rank(c) == due for c in played)
            taker = challenger if honest else p
            lies += 0 if honest else 1
            size = len(pile)
            word = "true" if honest else "false"
            want = f"» the claim was {word}: player {taker} takes the pile of {size} {'card' if size == 1 else 'cards'}"
            check(next(it) == want, f"turn {turns}: expected {want!r}")
            for c in reversed(pile):
                check(next(it) == f"{c}: pile -> hand of player {taker} (face down)", f"turn {turns}: pile taken")
                hands[taker].append(c)
            pile = []
        line = next(it)
        # Every card is in a hand or the pile once the turn is settled, each once.
        everywhere = [c for h in hands.values() for c in h] + pile
        check(sorted(everywhere) == sorted(stock), f"turn {turns}: the cards are not the pack")
        # CH-8: an empty hand once the claim is settled wins.
        if not hands[p]:
            check(line == f"» player {p} has no card left and wins", f"turn {turns}: win expected")
            line = next(it)
            check(line == f"game over: player {p} wins", f"turn {turns}: result")
            result = line
            break
        check(all(hands[q] for q in hands), "only the player can be out")
        # CH-9: the cap.
        if turns >= max_turns:
            check(line == "game over: unfinished", "the cap")
            result = line
            break
        p = p % n + 1
    rest = list(it)
    # The rank due moves on after every turn but the winning one.
    due_end = RANKS[(turns - (0 if result == "game over: unfinished" else 1)) % 13]
    for want in [f"due: {due_end}", f"turns: {turns}", f"challenges: {challenges}", f"lies_caught: {lies}"]:
        check(want in rest, f"counter line {want!r} missing: {rest}")
    print(f"{path}: {n} players, {turns} turns, {challenges} challenges, {lies} lies caught, {result}")
    for e in errors[:20]:
        print("  ERROR", e)
    return not errors


if __name__ == "__main__":
    ok = all([review(p) for p in sys.argv[1:]])
    sys.exit(0 if ok else 1)
