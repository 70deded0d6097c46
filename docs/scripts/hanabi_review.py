#!/usr/bin/env python3
"""Replays a Hanabi transcript (games/hanabi.cardgame) without the engine and checks it against
the rules of docs/games/hanabi.md. It keeps its own stock, hands, fireworks, discards and tokens
from the shuffle order and the players' choices, and checks:

- the deck (HN-1): fifty cards, three 1s, two each of 2, 3 and 4 and one 5 in each colour;
- the deal (HN-2): five cards each with two or three players, four with four or five, one at a
  time from player 1, each on top of the hand (HN-3: places count from the bottom, so the first
  card dealt is at place 1, and a card drawn goes under the hand, to place 1);
- every menu offered against the legal moves worked out here (HN-4 to HN-7): a clue to each other
  player for each colour, then each number, they hold, only with a clue token left; a play of
  each place; a discard of each place, only with fewer than eight tokens; in seat order from
  player 1;
- every clue's line: the places it touches and nothing else (HN-5, HN-11), and its token;
- every play: a card that fits climbs its firework (a 5 brings a token back below eight), one
  that does not is discarded and burns a fuse (HN-7); every discard brings a token back (HN-6);
  each followed by a draw while the stock lasts (HN-8), none after the third fuse;
- the end (HN-9, HN-10): the third fuse (score 0, or the fireworks in `count_on_burnout`), 25, or
  one more turn each once the stock is empty; the result a draw; the final counters.

    python3 docs/scripts/hanabi_review.py tests/snapshots/cardlang_tests__transcripts__hanabi_*.snap

Prints `ok FILE` for each transcript that agrees, or the first line that does not, and exits 1
if any does not.
"""
import re
import sys
from collections import Counter

COLOURS = ["R", "Y", "G", "B", "W"]
COLOUR_NAMES = {"R": "red", "Y": "yellow", "G": "green", "B": "blue", "W": "white"}
NUMBERS = ["1", "2", "3", "4", "5"]


class Bad(Exception):
    pass


def body(text):
    """The transcript without an insta snapshot's header."""
    lines = text.splitlines()
    if lines and lines[0] == "---":
        end = lines.index("---", 1)
        lines = lines[end + 1:]
    return lines


class Replay:
    def __init__(self, lines):
        self.lines = lines
        self.at = 0

    def next(self):
        if self.at >= len(self.lines):
            raise Bad("the transcript ends early")
        line = self.lines[self.at]
        self.at += 1
        return line

    def expect(self, want):
        got = self.next()
        if got != want:
            raise Bad(f"line {self.at}: expected {want!r}, found {got!r}")

    def run(self):
        header = {}
        while self.lines[self.at].startswith("# "):
            key, _, value = self.next()[2:].partition(": ")
            header[key] = value
        players = header["seed"].split("players: ")[1].split(", ")
        n = len(players)
        zero_on_burnout = "burnout_scores_zero = true" in header["options"]
        shuffle = self.next()
        m = re.fullmatch(r"shuffle stock \(50 cards, top first\): (.*)", shuffle)
        if not m:
            raise Bad(f"no shuffle of fifty cards: {shuffle!r}")
        stock = m.group(1).split(" ")
        # HN-1: the deck.
        want = Counter({c + x: (3 if x == "1" else 1 if x == "5" else 2) for c in COLOURS for x in NUMBERS})
        if Counter(stock) != want:
            raise Bad("the deck is not Hanabi's fifty cards")
        hands = [[] for _ in range(n)]
        fireworks = {c: 0 for c in COLOURS}
        discard = []
        clues, fuses, score, turns, final = 8, 3, 0, 0, -1
        # HN-2: the deal.
        size = 5 if n <= 3 else 4
        for _ in range(size):
            for p in range(n):
                card = stock.pop(0)
                self.expect(f"{card}: stock -> hand of player {p + 1} (face down)")
                # HN-3: places count from the bottom: the first card dealt is at place 1.
                hands[p].append(card)

        def draw(p):
            # HN-8: a card drawn goes under the hand, to place 1.
            if stock:
                card = stock.pop(0)
                self.expect(f"{card}: stock -> bottom of hand of player {p + 1} (face down)")
                hands[p].insert(0, card)

        p = 0
        while True:
            turns += 1
            # HN-4 to HN-7: the menu.
            menu = []
            if clues > 0:
                for q in range(n):
                    if q != p:
                        for c in COLOURS:
                            if any(card[0] == c for card in hands[q]):
                                menu.append(f"tell player {q + 1} their {COLOUR_NAMES[c]} cards")
                for q in range(n):
                    if q != p:
                        for x in NUMBERS:
                            if any(card[1] == x for card in hands[q]):
                                menu.append(f"tell player {q + 1} their {x}s")
            menu += [f"play card {k}" for k in range(1, len(hands[p]) + 1)]
            if clues < 8:
                menu += [f"discard card {k}" for k in range(1, len(hands[p]) + 1)]
            line = self.next()
            m = re.fullmatch(rf"player {p + 1} chooses (.*) from \[(.*)\]", line)
            if not m:
                raise Bad(f"line {self.at}: expected player {p + 1}'s choice, found {line!r}")
            chosen, offered = m.group(1), m.group(2).split(", ")
            if offered != menu:
                raise Bad(f"line {self.at}: menu {offered} is not the legal moves {menu}")
            if chosen not in menu:
                raise Bad(f"line {self.at}: {chosen!r} was not offered")
            m = re.fullmatch(r"tell player (\d) their (\w+?)( cards|s)", chosen)
            if m:
                q = int(m.group(1)) - 1
                what = m.group(2)
                if m.group(3) == " cards":
                    colour = next(c for c in COLOURS if COLOUR_NAMES[c] == what)
                    places = [k + 1 for k, card in enumerate(hands[q]) if card[0] == colour]
                    named = what
                else:
                    places = [k + 1 for k, card in enumerate(hands[q]) if card[1] == what]
                    named = f"{what}s"
                clues -= 1
                word = "place" if len(places) == 1 else "places"
                spots = "".join(f" {k}" for k in places)
                self.expect(f"» player {p + 1} tells player {q + 1}: {named} at {word}{spots}")
            elif chosen.startswith("play card "):
                card = hands[p].pop(int(chosen.split()[-1]) - 1)
                colour, number = card[0], int(card[1])
                if fireworks[colour] == number - 1:
                    self.expect(f"{card}: hand of player {p + 1} -> firework of {colour}")
                    fireworks[colour] = number
                    score = sum(fireworks.values())
                    if number == 5 and clues < 8:
                        clues += 1
                        self.expect(
                            f"» player {p + 1} plays {card}, completing the {COLOUR_NAMES[colour]} firework: "
                            f"a clue comes back ({clues})"
                        )
                    else:
                        self.expect(f"» player {p + 1} plays {card}")
                else:
                    self.expect(f"{card}: hand of player {p + 1} -> discard")
                    discard.append(card)
                    fuses -= 1
                    self.expect(f"» player {p + 1} plays {card}, which does not fit: a fuse burns ({fuses} left)")
                if fuses > 0:
                    draw(p)
            else:
                card = hands[p].pop(int(chosen.split()[-1]) - 1)
                self.expect(f"{card}: hand of player {p + 1} -> discard")
                discard.append(card)
                clues += 1
                self.expect(f"» player {p + 1} discards {card} and takes back a clue ({clues})")
                draw(p)
            # HN-9: the end.
            if fuses == 0:
                if zero_on_burnout:
                    score = 0
                self.expect(f"» the third fuse burns: the show is over, scoring {score}")
                break
            if score == 25:
                self.expect("» every firework is complete: a perfect 25")
                break
            if final > 0:
                final -= 1
            if final == 0:
                self.expect(f"» the last round is over: the fireworks score {score}")
                break
            if not stock and final < 0:
                final = n
                self.expect("» the stock is empty: everyone has one more turn")
            p = (p + 1) % n
        # HN-10: everyone shares the result.
        self.expect("game over: a draw")
        self.expect("result: a draw")
        for name, value in [("clues", clues), ("fuses", fuses), ("score", score), ("turns", turns)]:
            self.expect(f"{name}: {value}")
        if self.at != len(self.lines):
            raise Bad(f"line {self.at + 1}: more after the end: {self.lines[self.at]!r}")
        if len(stock) + sum(map(len, hands)) + len(discard) + sum(fireworks.values()) != 50:
            raise Bad("cards were lost or made")


def main(paths):
    bad = 0
    for path in paths:
        with open(path, encoding="utf-8") as f:
            lines = body(f.read())
        try:
            Replay(lines).run()
            print(f"ok {path}")
        except (Bad, IndexError, ValueError, KeyError, StopIteration) as e:
            bad += 1
            print(f"FAIL {path}: {e}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
