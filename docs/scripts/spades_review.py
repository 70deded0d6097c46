#!/usr/bin/env python3
"""Replays a Spades transcript (games/spades.cardgame) without the engine and checks it against
the rules of docs/games/spades.md. It keeps its own stock, hands and tricks from the shuffle
orders and the players' choices, and checks:

- the deal (SP-2): thirteen cards each, one at a time from the dealer's left; player 4 deals
  first and the deal passes to the left;
- the bids (SP-3): one each from the dealer's left, every number from 0 to 13 offered, nil for 0,
  and the partnerships' bids (SP-7);
- every trick (SP-4 to SP-6): the first led by the dealer's left, each later one by the last
  winner; every list of cards offered, exactly the legal ones (a spade led only once broken or
  from a hand of spades only; follow suit if able, else anything); spades broken after the first
  trick with a spade; the winner (the highest spade, else the highest card of the suit led) and
  the cards going to their pile;
- the scoring of each hand (SP-7 to SP-10), recomputed: the bid, the tricks toward it, made or
  set, the points, the bags (overtricks and a nil bidder's tricks), each nil, the hundred off for
  ten bags, and the running scores and bags;
- with `blind_nil` (SP-13): the cards dealt unseen, the offer of a blind nil exactly to the
  players whose partnership trails by `blind_behind` and whose partner has not bid it, the cards
  then picked up, the blind bidder left out of the bidding, the two cards passed each way (every
  pair of the hand offered), and a blind nil scored double;
- the end (SP-11, SP-12): the game over exactly when a partnership reaches the target or falls to
  `lose_at`, the higher score winning, level scores playing on, the cap on hands; and the final
  counters.

    python3 docs/scripts/spades_review.py tests/snapshots/cardlang_tests__transcripts__spades_seed_1.snap
"""
import re
import sys

ORDER = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def rank(card):
    return card[:-1]


def suit(card):
    return card[-1]


def high(card):
    return ORDER.index(rank(card))


def left(p):
    return p % 4 + 1


def team(p):
    return 1 if p in (1, 3) else 2


def beats(c, best):
    return (suit(c) == suit(best) and high(c) > high(best)) or (suit(c) == "♠" and suit(best) != "♠")


def review(path):
    text = open(path, encoding="utf-8").read()
    lines = text.split("\n")
    body = lines[lines.index("# Spades"):]
    target = int(re.search(r"target = (-?\d+)", text).group(1))
    lose_at = re.search(r"lose_at = (-?\d+|never)", text).group(1)
    lose_at = 0 if lose_at == "never" else int(lose_at)
    max_hands = int(re.search(r"max_hands = (\d+)", text).group(1))
    blind_nil = re.search(r"blind_nil = (\w+)", text).group(1) == "true"
    behind = int(re.search(r"blind_behind = (\d+)", text).group(1))
    errors = []

    def check(cond, what):
        if not cond:
            errors.append(what)

    it = iter(l for l in body if l and not l.startswith("#"))

    def expect(want, what):
        got = next(it)
        check(got == want, f"{what}: {got!r}, expected {want!r}")
        return got

    score = {1: 0, 2: 0}
    bags = {1: 0, 2: 0}
    dealer = 4
    hands = sets = nils_made = nils_failed = penalties = 0
    bid = {}
    tricks = {}
    result = None
    line = next(it)
    while True:
        m = re.fullmatch(r"shuffle stock \(52 cards, top first\): (.*)", line)
        check(m is not None, f"hand {hands + 1}: expected the shuffle: {line!r}")
        stock = m.group(1).split()
        check(sorted(stock) == sorted(set(stock)) and len(stock) == 52, "the pack is 52 different cards")
        hands += 1
        expect(f"» hand {hands}: player {dealer} deals", f"hand {hands}")
        hand = {q: [] for q in (1, 2, 3, 4)}
        q = left(dealer)
        dealt_to = "unseen" if blind_nil else "hand"
        for c in stock:
            expect(f"{c}: stock -> {dealt_to} of player {q} (face down)", f"hand {hands}: deal")
            hand[q].append(c)
            q = left(q)
        blind = {q: False for q in (1, 2, 3, 4)}
        bid = {}
        if blind_nil:
            # SP-13: the offer of a blind nil, before the cards are picked up.
            q = left(dealer)
            for _ in range(4):
                if score[team(q)] + behind <= score[3 - team(q)] and not blind[(q + 1) % 4 + 1]:
                    m = re.fullmatch(
                        rf"player {q} chooses (bid blind nil|look at the cards) from \[bid blind nil, look at the cards\]",
                        next(it),
                    )
                    check(m is not None, f"hand {hands}: player {q} should be offered a blind nil")
                    if m and m.group(1) == "bid blind nil":
                        blind[q] = True
                        bid[q] = 0
                        expect(f"» player {q} bids blind nil", "blind nil")
                q = left(q)
            picked = {q: [] for q in (1, 2, 3, 4)}
            for _ in range(52):
                m = re.fullmatch(r"(\S+): unseen of player ([1-4]) -> hand of player \2 \(face down\)", next(it))
                check(m is not None, f"hand {hands}: the cards should be picked up")
                if m:
                    picked[int(m.group(2))].append(m.group(1))
            check(all(sorted(picked[q]) == sorted(hand[q]) for q in picked), f"hand {hands}: cards picked up")
        # SP-3: the bids, from the dealer's left.
        q = left(dealer)
        for _ in range(4):
            if blind[q]:
                q = left(q)
                continue
            m = re.fullmatch(rf"player {q} chooses (\d+) from \[0\.\.13\]", next(it))
            check(m is not None, f"hand {hands}: player {q} should bid")
            b = int(m.group(1)) if m else 0
            bid[q] = b
            expect(f"» player {q} bids {'nil' if b == 0 else b}", "bid")
            q = left(q)
        # SP-13: the two cards passed each way.
        for p in (1, 2, 3, 4):
            if not blind[p]:
                continue
            for giver, taker in ((p, (p + 1) % 4 + 1), ((p + 1) % 4 + 1, p)):
                m = re.fullmatch(rf"player {giver} chooses (\S+ \+ \S+) from \[(.*)\]", next(it))
                check(m is not None, f"hand {hands}: player {giver} should pass two cards")
                pair = m.group(1).split(" + ")
                offered = {frozenset(x.split(" + ")) for x in m.group(2).split(", ")}
                want = {frozenset((a, b)) for i, a in enumerate(hand[giver]) for b in hand[giver][i + 1 :]}
                check(offered == want, f"hand {hands}: player {giver} should be offered every pair")
                for c in pair:
                    expect(f"{c}: hand of player {giver} -> passing of player {giver} (face down)", "pass")
                moved = [next(it) for _ in pair]
                check(
                    sorted(moved) == sorted(f"{c}: passing of player {giver} -> hand of player {taker} (face down)" for c in pair),
                    f"hand {hands}: passed cards {moved}",
                )
                for c in pair:
                    hand[giver].remove(c)
                    hand[taker].append(c)
        team_bid = {t: sum(bid[q] for q in bid if team(q) == t) for t in (1, 2)}
        expect(f"» partnership 1 bids {team_bid[1]}, partnership 2 bids {team_bid[2]}", "team bids")
        # SP-4 to SP-6: thirteen tricks.
        tricks = {q: 0 for q in (1, 2, 3, 4)}
        broken = False
        leader = left(dealer)
        for t in range(13):
            played = []
            q = leader
            for i in range(4):
                m = re.fullmatch(rf"player {q} chooses (\S+) from \[(.*)\]", next(it))
                check(m is not None, f"hand {hands} trick {t + 1}: player {q} should play")
                c, offered = m.group(1), m.group(2).split(", ")
                if i == 0:
                    others = [d for d in hand[q] if suit(d) != "♠"]
                    legal = [d for d in hand[q] if suit(d) != "♠" or broken or not others]
                else:
                    led = suit(played[0][1])
                    follow = [d for d in hand[q] if suit(d) == led]
                    legal = follow or list(hand[q])
                check(sorted(offered) == sorted(legal), f"hand {hands} trick {t + 1}: player {q} offered {offered}, legal {legal}")
                check(c in legal, f"hand {hands} trick {t + 1}: {c} is not legal")
                expect(f"{c}: hand of player {q} -> trick", "play")
                hand[q].remove(c)
                played.append((q, c))
                q = left(q)
            winner, best = played[0]
            for p, c in played[1:]:
                if beats(c, best):
                    winner, best = p, c
            if not broken and any(suit(c) == "♠" for _, c in played):
                broken = True
                expect("» spades are broken", "broken")
            tricks[winner] += 1
            expect(f"» player {winner} takes the trick with {best}", f"hand {hands} trick {t + 1}: winner")
            for _, c in reversed(played):
                expect(f"{c}: trick -> won of player {winner} (face down)", "trick to pile")
            leader = winner
        check(all(not h for h in hand.values()), "every hand is played out")
        # SP-7 to SP-10: the scoring, partnership 1 (players 1 and 3) first.
        for t, (p, partner) in [(1, (1, 3)), (2, (2, 4))]:
            members = (p, partner)
            counted = sum(tricks[q] for q in members if bid[q] != 0)
            nil_tricks = sum(tricks[q] for q in members if bid[q] == 0)
            made = counted >= team_bid[t]
            hand_bags = (counted - team_bid[t] if made else 0) + nil_tricks
            nils = sum((100 if tricks[q] == 0 else -100) * (2 if blind[q] else 1) for q in members if bid[q] == 0)
            points = (10 if made else -10) * team_bid[t] + hand_bags + nils
            new_bags = bags[t] + hand_bags
            penalty = new_bags // 10
            expect(
                f"» player {p} and player {partner} bid {team_bid[t]} and take {tricks[p] + tricks[partner]} "
                f"({counted} toward the bid): {'made' if made else 'set'}, {points} points and {hand_bags} "
                f"{'bag' if hand_bags == 1 else 'bags'}",
                f"hand {hands}: partnership {t}",
            )
            if not made and team_bid[t] > 0:
                sets += 1
            for q in members:
                if bid[q] == 0:
                    if tricks[q] == 0:
                        nils_made += 1
                        expect(f"» player {q} makes {'blind nil' if blind[q] else 'nil'}", "nil made")
                    else:
                        nils_failed += 1
                        expect(
                            f"» player {q} fails {'blind nil' if blind[q] else 'nil'} with {tricks[q]} "
                            f"{'trick' if tricks[q] == 1 else 'tricks'}",
                            "nil failed",
                        )
            if penalty > 0:
                penalties += penalty
                expect(
                    f"» player {p} and player {partner} reach {new_bags} bags: {100 * penalty} points off", "bag penalty"
                )
            score[t] += points - 100 * penalty
            bags[t] = new_bags % 10
        expect(f"» hand {hands}: {score[1]} to {score[2]} (bags {bags[1]} and {bags[2]})", "running score")
        # SP-11, SP-12: the end.
        s1, s2 = score[1], score[2]
        finished = s1 >= target or s2 >= target or (lose_at != 0 and (s1 <= lose_at or s2 <= lose_at))
        line = next(it)
        if finished and s1 != s2:
            w = "player 1 and player 3" if s1 > s2 else "player 2 and player 4"
            check(line == f"game over: {w} win", f"{line!r}: {w} should win")
            result = line
            break
        if finished:
            check(line == f"» {s1} to {s2}: level, another hand is played", f"level: {line!r}")
            line = next(it)
        if hands >= max_hands:
            check(line == f"» the cap of {max_hands} {'hand' if max_hands == 1 else 'hands'} is reached", f"cap: {line!r}")
            line = next(it)
            if s1 != s2:
                w = "player 1 and player 3" if s1 > s2 else "player 2 and player 4"
                check(line == f"game over: {w} win", f"{line!r}: {w} should win at the cap")
            else:
                check(line == "game over: draw", f"{line!r}: a draw at the cap")
            result = line
            break
        check(not finished or s1 == s2, "the game should have ended")
        dealer = left(dealer)
        gathered = 0
        while re.fullmatch(r"\S+: won of player [1-4] -> stock \(face down\)", line):
            gathered += 1
            line = next(it)
        check(gathered == 52, f"hand {hands}: {gathered} cards gathered")
    rest = list(it)
    for want in [
        f"score: {score[1]} / {score[2]} / {score[1]} / {score[2]}",
        f"bags: {bags[1]} / {bags[2]} / {bags[1]} / {bags[2]}",
        f"bid: {bid[1]} / {bid[2]} / {bid[3]} / {bid[4]}",
        f"tricks: {tricks[1]} / {tricks[2]} / {tricks[3]} / {tricks[4]}",
        f"hands: {hands}",
        "blind: " + " / ".join("true" if blind[q] else "false" for q in (1, 2, 3, 4)),
        f"dealer: player {dealer}",
        f"sets: {sets}",
        f"nils_made: {nils_made}",
        f"nils_failed: {nils_failed}",
        f"bag_penalties: {penalties}",
    ]:
        check(want in rest, f"counter line {want!r} missing: {rest}")
    print(f"{path}: {hands} hands, {score[1]} to {score[2]}, nils {nils_made} made {nils_failed} failed, {result}")
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
