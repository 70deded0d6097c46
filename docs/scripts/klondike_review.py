#!/usr/bin/env python3
"""Replays a Klondike transcript (games/klondike.cardgame, base game or `draw_one`) without the
engine and checks it against the rules of docs/games/klondike.md: the deal (KL-1), every list of
moves offered against the moves the rules allow (KL-2..9), each move's cards and the cards turned
up (KL-5, KL-7), the score after every move (KL-10), the end (KL-11..13) and the counters.

    python3 docs/scripts/klondike_review.py tests/snapshots/cardlang_tests__transcripts__klondike_seed_1.snap
"""
import re
import sys

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = ["♥", "♦", "♣", "♠"]


def rank(card):
    return RANKS.index(card[:-1])


def suit(card):
    return card[-1]


def red(card):
    return suit(card) in "♥♦"


def review(path):
    text = open(path, encoding="utf-8").read()
    lines = text.split("\n")
    start = next(i for i, l in enumerate(lines) if l.startswith("# Klondike"))
    body = [l for l in lines[start:] if l and not l.startswith("#")]
    header = "\n".join(lines[start:start + 6])
    opts = dict(re.findall(r"(\w+) = (-?\d+)", re.search(r"# options: (.*)", header).group(1)))
    draw_n, redeals, penalty = int(opts["draw"]), int(opts["redeals"]), int(opts["recycle_penalty"])
    max_idle, max_moves = int(opts["max_idle"]), int(opts["max_moves"])
    errors = []

    def check(cond, what):
        if not cond:
            errors.append(what)

    it = iter(body)
    order = re.fullmatch(r"shuffle stock \(52 cards, top first\): (.*)", next(it)).group(1).split()
    check(len(set(order)) == 52, "52 different cards")
    # KL-1: in rows from the left, face down, then each top card turned up.
    piles = [[] for _ in range(7)]  # bottom first: [card, face_up]
    deck = list(order)
    for row in range(7):
        for k in range(row, 7):
            card = deck.pop(0)
            line = next(it)
            check(line == f"{card}: stock -> tableau of {k + 1} (face down)", f"deal: {line!r}")
            piles[k].append([card, False])
    for k in range(7):
        line = next(it)
        check(line == f"turn {piles[k][-1][0]} face up", f"deal turn: {line!r}")
        piles[k][-1][1] = True
    stock = deck[::-1]  # bottom first
    waste = []  # bottom first
    found = {s: [] for s in SUITS}
    score = moves = turned = redeals_made = idle = 0
    most_piled = 0

    def gain(n):
        nonlocal score
        score = max(score + n, 0)

    def to_foundation(c):
        return rank(c) == len(found[suit(c)])

    def fits(c, k):
        if not piles[k]:
            return rank(c) == 12
        under, up = piles[k][-1]
        return up and red(c) != red(under) and rank(c) + 1 == rank(under)

    def offers():
        out = []
        w = waste[-1] if waste else None
        if w and to_foundation(w):
            out.append(f"{w}: waste -> foundation")
        for j in range(7):
            if piles[j] and piles[j][-1][1] and to_foundation(piles[j][-1][0]):
                out.append(f"{piles[j][-1][0]}: tableau {j + 1} -> foundation")
        if w:
            out += [f"{w}: waste -> tableau {k + 1}" for k in range(7) if fits(w, k)]
        for j in range(7):
            for i, (c, up) in enumerate(piles[j]):
                if not up:
                    continue
                for k in range(7):
                    if k != j and fits(c, k) and not (not piles[k] and i == 0):
                        out.append(f"{c}: tableau {j + 1} -> tableau {k + 1}")
        for s in SUITS:
            if found[s]:
                c = found[s][-1]
                out += [f"{c}: foundation -> tableau {k + 1}" for k in range(7) if fits(c, k)]
        if stock:
            out.append("draw")
        if not stock and waste and (redeals < 0 or redeals_made < redeals):
            out.append("turn the waste over")
        return out

    def expect(want):
        line = next(it)
        got = line.removesuffix(" (face down)")
        check(got == want, f"move {moves}: {line!r}, expected {want!r}")

    def uncover(j):
        nonlocal turned, advanced
        if piles[j] and not piles[j][-1][1]:
            expect(f"turn {piles[j][-1][0]} face up")
            piles[j][-1][1] = True
            turned += 1
            advanced = True
            gain(5)

    def piled():
        nonlocal most_piled, advanced
        gain(10)
        n = sum(len(f) for f in found.values())
        if n > most_piled:
            most_piled = n
            advanced = True

    result = None
    line = next(it)
    while True:
        # KL-11, KL-12, KL-13, in the order the rules test them.
        if sum(len(f) for f in found.values()) == 52:
            check(line == "» all 52 cards are on the foundations", f"win expected: {line!r}")
            result = "won"
            break
        if idle >= max_idle:
            check(line == f"» {max_idle} moves in a row without headway: the deal is lost", f"idle end: {line!r}")
            result = "lost"
            break
        if moves >= max_moves:
            check(line == f"» {max_moves} moves without finishing", f"cap: {line!r}")
            result = "unfinished"
            break
        moves += 1
        want = offers()
        if not want:
            check(line == "» no move is left", f"no move: {line!r}")
            result = "lost"
            break
        m = re.fullmatch(r"player 1 chooses (.+?) from \[(.*)\]", line)
        check(m is not None, f"move {moves}: a choice expected: {line!r}")
        if m is None:
            break
        offered = m.group(2).split(", ")
        check(offered == want, f"move {moves}: offered {offered}, the rules allow {want}")
        move = m.group(1)
        check(move in want, f"move {moves}: {move!r} is not legal")
        advanced = False
        if move == "draw":
            for _ in range(min(draw_n, len(stock))):
                c = stock.pop()
                expect(f"{c}: stock -> waste")
                waste.append(c)
        elif move == "turn the waste over":
            while waste:
                c = waste.pop()
                expect(f"{c}: waste -> stock")
                stock.append(c)
            redeals_made += 1
            gain(-penalty)
        else:
            mm = re.fullmatch(r"(\S+): (waste|tableau \d|foundation) -> (foundation|tableau \d)", move)
            c, src, dst = mm.groups()
            if src == "waste":
                waste.pop()
                advanced = True
                src_name = "waste"
            elif src == "foundation":
                found[suit(c)].pop()
                src_name = f"foundation of {suit(c)}"
            else:
                j = int(src[-1]) - 1
                src_name = f"tableau of {j + 1}"
            if dst == "foundation":
                if src.startswith("tableau"):
                    piles[j].pop()
                expect(f"{c}: {src_name} -> foundation of {suit(c)}")
                found[suit(c)].append(c)
                piled()
                if src.startswith("tableau"):
                    uncover(j)
            else:
                k = int(dst[-1]) - 1
                if src.startswith("tableau"):
                    i = [x[0] for x in piles[j]].index(c)
                    run = piles[j][i:]
                    del piles[j][i:]
                    for x in run:
                        expect(f"{x[0]}: {src_name} -> tableau of {k + 1}")
                        piles[k].append([x[0], True])
                    uncover(j)
                else:
                    expect(f"{c}: {src_name} -> tableau of {k + 1}")
                    piles[k].append([c, True])
                    gain(5 if src == "waste" else -15)
        idle = 0 if advanced else idle + 1
        line = next(it)
    line = next(it)
    want_end = {"won": "game over: player 1 wins", "lost": "game over: lost", "unfinished": "game over: unfinished"}
    check(line == want_end[result], f"end: {line!r}")
    rest = list(it)
    for want in [f"score: {score}", f"moves: {moves}", f"turned_up: {turned}", f"redeals_made: {redeals_made}", f"idle: {idle}"]:
        check(want in rest, f"counter line {want!r} missing: {rest}")
    check(sum(len(p) for p in piles) + len(stock) + len(waste) + sum(len(f) for f in found.values()) == 52, "52 cards")
    on = sum(len(f) for f in found.values())
    print(f"{path}: {moves} moves, {result}, score {score}, {on} cards on the foundations, "
          f"{turned} turned up, {redeals_made} turns of the waste")
    for e in errors[:20]:
        print("  ERROR", e)
    return not errors


if __name__ == "__main__":
    ok = all([review(p) for p in sys.argv[1:]])
    sys.exit(0 if ok else 1)
