#!/usr/bin/env python3
"""Replays a Five-Card Draw transcript (games/five_card_draw.cardgame) without the engine and
checks it against the rules FD-1..17 of docs/games/five_card_draw.md. It keeps its own pack,
hands, purses, stakes and pot from the shuffle orders, the players' choices and the transfers,
and checks:

- the deal (FD-3, FD-5): the button from player 1, moving to the next player still in; five
  cards each, one at a time from the dealer's left, from the top of the shuffled pack;
- the antes (FD-4) and every bet's amount (FD-6): the small bet in the first round, twice it in
  the second, a raise the call plus one bet, all-in for less when short (FD-14);
- who acts (FD-7) and the actions offered (FD-6: check/bet with nothing owed, call/raise/fold
  facing a bet, the cap of a bet and `max_raises` raises);
- the draw (FD-8): every set of 0 to 3 cards of the hand offered, and as many cards dealt from
  the top of the pack;
- the showdown (FD-9..13): each hand re-ranked by its own evaluator (a sort of the groups, not the
  game's powers of two), the name of its category, and every pot and side pot (FD-14) computed
  from the stakes: who wins it, the split and the odd chips;
- chips: every transfer's "left" and "now" figures against its own books, the total kept;
  players out (FD-15), the end of the match (FD-16, FD-17) and the final counters.

    python3 docs/scripts/five_card_draw_review.py tests/snapshots/cardlang_tests__transcripts__five_card_draw_seed_25.snap
"""
import itertools
import re
import sys

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
NAMES = ["high card", "one pair", "two pair", "three of a kind", "a straight", "a flush", "a full house",
         "four of a kind", "a straight flush"]


def rank(card):
    return RANKS.index(card[:-1])


def evaluate(cards):
    """(category, tie-break list): compared as tuples."""
    ranks = sorted((rank(c) for c in cards), reverse=True)
    counts = {r: ranks.count(r) for r in set(ranks)}
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    flush = len({c[-1] for c in cards}) == 1
    straight_top = None
    if len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            straight_top = ranks[0]
        elif ranks == [12, 3, 2, 1, 0]:
            straight_top = 3
    shape = [n for _, n in groups]
    if straight_top is not None and flush:
        return (8, [straight_top])
    if shape == [4, 1]:
        return (7, [r for r, _ in groups])
    if shape == [3, 2]:
        return (6, [r for r, _ in groups])
    if flush:
        return (5, ranks)
    if straight_top is not None:
        return (4, [straight_top])
    if shape == [3, 1, 1]:
        return (3, [r for r, _ in groups])
    if shape == [2, 2, 1]:
        return (2, [r for r, _ in groups])
    if shape == [2, 1, 1, 1]:
        return (1, [r for r, _ in groups])
    return (0, ranks)


def review(path):
    text = open(path, encoding="utf-8").read()
    lines = [l for l in text.split("\n")[text.split("\n").index("# Five-Card Draw"):] if l and not l.startswith("#")]
    opts = dict(re.findall(r"(\w+) = (\d+)", re.search(r"# options: (.*)", text).group(1)))
    chips0, ante, small, max_raises, max_deals = (int(opts[k]) for k in
                                                  ("chips", "ante", "small_bet", "max_raises", "max_deals"))
    n = len(re.search(r"# seed: \d+; players: (.*)", text).group(1).split(", "))
    errors = []

    def check(cond, what):
        if not cond:
            errors.append(what)

    purse = {p: chips0 for p in range(1, n + 1)}
    stake = {p: 0 for p in range(1, n + 1)}
    pot = 0
    out = set()
    hands = {p: [] for p in range(1, n + 1)}
    shown = {p: [] for p in range(1, n + 1)}
    pack = []
    dealer = None
    deals = 0
    i = 0

    def seats_from(p):
        return [(p - 1 + k) % n + 1 for k in range(n)]

    def left_of(p):
        return p % n + 1

    def counter_place(s):
        m = re.match(r"(purse|stake) of player (\d)", s)
        return (m.group(1), int(m.group(2))) if m else ("pot", None)

    def do_transfer(line):
        nonlocal pot
        m = re.match(r"transfer (\d+): (.*) \((\d+) left\) -> (.*) \(now (\d+)\)", line)
        check(m is not None, f"not a transfer: {line}")
        amount, src, left, dst, now = int(m.group(1)), m.group(2), int(m.group(3)), m.group(4), int(m.group(5))
        for place, sign in ((src, -1), (dst, 1)):
            kind, p = counter_place(place)
            if kind == "pot":
                pot += sign * amount
                val = pot
            else:
                book = purse if kind == "purse" else stake
                book[p] += sign * amount
                val = book[p]
            check(val == (left if sign < 0 else now), f"{line}: the books say {val}")
            check(val >= 0, f"{line}: negative")
        check(sum(purse.values()) + sum(stake.values()) + pot == chips0 * n, f"{line}: the chips total changed")
        return amount, src, dst

    def expect_transfer(amount, src, dst):
        nonlocal i
        if amount == 0:
            return
        check(lines[i].startswith("transfer "), f"expected a transfer of {amount}, found {lines[i]}")
        got = do_transfer(lines[i])
        check(got == (amount, src, dst), f"expected transfer {amount} {src} -> {dst}, found {lines[i]}")
        i += 1

    def expect_moves(count, frm, to):
        nonlocal i
        moved = []
        for _ in range(count):
            m = re.match(r"(\S+): (.*) -> (.*?)( \(face (up|down)\))?$", lines[i])
            check(m is not None and m.group(2) == frm and m.group(3) == to, f"expected a move {frm} -> {to}: {lines[i]}")
            moved.append(m.group(1))
            i += 1
        return moved

    def live():
        return [p for p in range(1, n + 1) if state[p] == "live"]

    def betting(size):
        nonlocal i
        round_bet = {p: 0 for p in range(1, n + 1)}
        acted = {p: False for p in range(1, n + 1)}
        high = 0
        bets = 0

        def can_act(q):
            return state[q] == "live" and purse[q] > 0

        def to_act(q):
            return can_act(q) and (not acted[q] or high - round_bet[q] > 0)

        def over():
            if len(live()) <= 1 or not any(to_act(q) for q in range(1, n + 1)):
                return True
            actors = [q for q in range(1, n + 1) if can_act(q)]
            return len(actors) <= 1 and all(high - round_bet[q] <= 0 for q in actors)

        p = dealer
        while not over():
            p = next(q for q in seats_from(left_of(p)) if to_act(q))
            m = re.match(r"player (\d) chooses (\w+) from \[(.*)\]", lines[i])
            check(m is not None and int(m.group(1)) == p, f"player {p} should act: {lines[i]}")
            action, offered = m.group(2), m.group(3).split(", ")
            owe = high - round_bet[p]
            others = any(can_act(q) for q in range(1, n + 1) if q != p)
            if owe <= 0:
                want = ["check"] + (["bet"] if bets == 0 and others else [])
            else:
                want = ["call"] + (["raise"] if bets < 1 + max_raises and purse[p] > owe and others else []) + ["fold"]
            check(offered == want, f"{lines[i]}: the offer should be {want}")
            i += 1
            acted[p] = True
            if action == "fold":
                state[p] = "folded"
                expect_moves(5, f"hand of player {p}", "muck")
                hands[p] = []
                check(lines[i] == f"» player {p} folds", lines[i])
                i += 1
                continue
            if action == "check":
                check(lines[i] == f"» player {p} checks", lines[i])
                i += 1
                continue
            amount = min(owe, purse[p]) if action == "call" else min(owe + size, purse[p])
            expect_transfer(amount, f"purse of player {p}", f"stake of player {p}")
            round_bet[p] += amount
            high = max(high, round_bet[p])
            if action in ("bet", "raise"):
                bets += 1
            allin = " and is all-in" if purse[p] == 0 else ""
            said = {"call": f"calls {amount}", "bet": f"bets {amount}", "raise": f"raises to {round_bet[p]}"}[action]
            check(lines[i] == f"» player {p} {said}{allin}", f"{lines[i]}: expected {said}{allin}")
            i += 1

    state = {p: "live" for p in range(1, n + 1)}
    dealer = 1
    while i < len(lines):
        line = lines[i]
        if line.startswith("shuffle pack"):
            pack = line.split(": ", 1)[1].split(" ")
            check(len(pack) == 52 and len(set(pack)) == 52, "FD-1: the pack is 52 different cards")
            i += 1
            continue
        if line.startswith("game over") or line.startswith("result:"):
            break
        m = re.match(r"» deal (\d+): player (\d) deals", line)
        if not m:
            # The cards going back to the pack between deals.
            check(re.match(r"\S+: (muck|hand of player \d|shown of player \d) -> pack", line) is not None,
                  f"unexpected line between deals: {line}")
            i += 1
            continue
        deals += 1
        check(int(m.group(1)) == deals, line)
        check(int(m.group(2)) == dealer, f"{line}: the button should be at player {dealer}")
        i += 1
        for p in seats_from(1):
            if state[p] == "live":
                expect_transfer(min(ante, purse[p]), f"purse of player {p}", f"stake of player {p}")
        order = [q for q in seats_from(left_of(dealer)) if state[q] == "live"]
        for k in range(5 * len(order)):
            p = order[k % len(order)]
            card = expect_moves(1, "pack", f"hand of player {p}")[0]
            check(card == pack.pop(0), f"FD-5: {card} is not the top of the pack")
            hands[p].append(card)
        betting(small)
        if len(live()) > 1:
            for p in [q for q in seats_from(left_of(dealer)) if state[q] == "live"]:
                m = re.match(r"player (\d) chooses (.*) from \[(.*)\]$", lines[i])
                check(m is not None and int(m.group(1)) == p, f"FD-8: player {p} should draw: {lines[i]}")
                offered = m.group(3).split(", ")
                check(len(offered) == 26 and all(len(o.split(" + ")) <= 3 for o in offered),
                      f"FD-8: 0 to 3 cards of five: {lines[i]}")
                want = {frozenset()} | {frozenset(c) for k in (1, 2, 3) for c in itertools.combinations(hands[p], k)}
                got = {frozenset() if o == "no card" else frozenset(o.split(" + ")) for o in offered}
                check(got == want, f"FD-8: the sets offered to player {p}")
                chosen = [] if m.group(2) == "no card" else m.group(2).split(" + ")
                i += 1
                gone = expect_moves(len(chosen), f"hand of player {p}", "muck")
                check(gone == chosen, f"FD-8: {gone} discarded, {chosen} chosen")
                hands[p] = [c for c in hands[p] if c not in chosen]
                new = expect_moves(len(chosen), "pack", f"hand of player {p}")
                for c in new:
                    check(c == pack.pop(0), f"FD-8: {c} is not the top of the pack")
                hands[p] += new
                said = f"» player {p} draws {len(chosen)}" if chosen else f"» player {p} stands pat"
                check(lines[i] == said, f"{lines[i]}: expected {said}")
                i += 1
            betting(2 * small)
        in_deal = live()
        if len(in_deal) == 1:
            w = in_deal[0]
            total = sum(stake.values())
            for p in seats_from(1):
                expect_transfer(stake[p], f"stake of player {p}", "pot")
            check(lines[i] == f"» player {w} takes the pot of {total} unopposed", lines[i])
            i += 1
            expect_transfer(total, "pot", f"purse of player {w}")
        else:
            for p in [q for q in seats_from(left_of(dealer)) if state[q] == "live"]:
                cards = expect_moves(5, f"hand of player {p}", f"shown of player {p}")
                check(sorted(cards) == sorted(hands[p]), f"FD-12: player {p} shows their hand")
                shown[p] = cards
                name = NAMES[evaluate(cards)[0]]
                check(lines[i] == f"» player {p} shows {name}", f"FD-9: {lines[i]}: {cards} is {name}")
                i += 1
            while any(stake.values()):
                levels = [stake[q] for q in in_deal if stake[q] > 0]
                if levels:
                    level = min(levels)
                    eligible = [q for q in in_deal if stake[q] >= level]
                else:
                    level = max(stake.values())
                    eligible = list(in_deal)
                layer = 0
                for p in seats_from(1):
                    take = min(level, stake[p])
                    layer += take
                    expect_transfer(take, f"stake of player {p}", "pot")
                if len(eligible) == 1:
                    check(lines[i] == f"» player {eligible[0]} takes back {layer} that no other player still in could match",
                          lines[i])
                    i += 1
                    expect_transfer(layer, "pot", f"purse of player {eligible[0]}")
                    continue
                best = max(evaluate(shown[q]) for q in eligible)
                winners = [q for q in seats_from(left_of(dealer)) if q in eligible and evaluate(shown[q]) == best]
                if len(winners) == 1:
                    check(lines[i] == f"» player {winners[0]} wins {layer} with {NAMES[best[0]]}", f"FD-13: {lines[i]}")
                else:
                    check(lines[i] == f"» {len(winners)} players tie with equal hands and split {layer}", lines[i])
                i += 1
                share, odd = divmod(layer, len(winners))
                for w in winners:
                    expect_transfer(share, "pot", f"purse of player {w}")
                for w in winners[:odd]:
                    expect_transfer(1, "pot", f"purse of player {w}")
                check(pot == 0, "FD-13: the pot is paid out")
        for p in seats_from(1):
            hands[p], shown[p] = [], []
            if state[p] != "busted" and purse[p] == 0:
                state[p] = "busted"
                check(lines[i] == f"» player {p} has no chips left and is out", f"FD-15: {lines[i]}")
                i += 1
            elif state[p] != "busted":
                state[p] = "live"
        still = [p for p in seats_from(1) if state[p] != "busted"]
        if len(still) == 1:
            check(lines[i] == f"game over: player {still[0]} wins", f"FD-16: {lines[i]}")
            break
        if deals >= max_deals:
            top = max(purse.values())
            won = [p for p in seats_from(1) if purse[p] == top]
            check(lines[i].startswith("game over: ") and (("draw" in lines[i]) == (len(won) == n)),
                  f"FD-17: {lines[i]}")
            break
        dealer = next(q for q in seats_from(left_of(dealer)) if state[q] != "busted")
    final = re.search(r"^purse: (.*)$", text, re.M)
    check(final is not None and [int(x) for x in final.group(1).split(" / ")] == [purse[p] for p in seats_from(1)],
          "the final purses")
    check(re.search(rf"^deals: {deals}$", text, re.M) is not None, "the final count of deals")
    return errors, deals


def main():
    bad = 0
    for path in sys.argv[1:]:
        errors, deals = review(path)
        if errors:
            bad += 1
            print(f"{path}: {len(errors)} problem(s)")
            for e in errors[:20]:
                print("   ", e)
        else:
            print(f"{path}: ok ({deals} deals)")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
