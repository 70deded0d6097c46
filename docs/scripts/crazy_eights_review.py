#!/usr/bin/env python3
"""Re-reads Crazy Eights transcripts (text, as `cardlang transcript` writes them, or insta
snapshots of them) against the rules of docs/games/crazy_eights.md, base game or `must_play`:
the deal (from player 1, seven or five cards each, the last seat dealing), the starter (an eight
buried), every list of choices (the cards that match the top discard or the suit called, any
eight, "draw a card" while the stock or the discards can give one and drawing at will is on),
who is told of each choice, every draw from the top of the stock, every reshuffle (the
discards under the top card, only when the stock is empty), every pass, the turn order, the
winner and the counters turns, draws, reshuffles and passes. Independent of the engine: it keeps
every zone from the shuffle orders and the moves. Not for `penalty_scoring`. (In a game stopped
by `max_turns`, it counts one turn more than `turns`.)

    for f in tests/snapshots/*crazy_eights*.snap; do python3 docs/scripts/crazy_eights_review.py $f; done
"""
import sys, re
lines = open(sys.argv[1]).read().splitlines()
lines = [l for l in lines if not l.startswith('---') and not l.startswith(('source:','expression:','assertion_line:'))]
n = int(re.search(r'players: (.*)', '\n'.join(lines[:5])).group(1).count(',')) + 1
hands = {p: [] for p in range(1, n+1)}
stock = []; discard = []; called = None
def rank(c): return c[:-1]
def suit(c): return c[-1]
def playable(c):
    if rank(c) == '8': return True
    top = discard[-1]
    if called: return suit(c) == called
    return suit(c) == suit(top) or rank(c) == rank(top)
turn_player = 1; pending_suit = None; turns = 0; dealt = 0; errors = []
expect_deal = 7 if n == 2 else 5
deal_next = 1; started = False; draws = 0; reshuffles = 0; passes = 0; last_mover=None
at_will = 'draw_at_will = true' in '\n'.join(lines[:5])
def err(i, m): errors.append(f"line {i+1}: {m}")
def replay(i, l):
    global stock, discard, called, turn_player, pending_suit, turns, dealt, deal_next, started, draws, reshuffles, passes, winner
    m = re.match(r'shuffle stock \((\d+) cards, top first\): (.*)', l)
    if m:
        stock = m.group(2).split(); assert len(stock) == int(m.group(1)); return
    m = re.match(r'(\S+): stock -> hand of player (\d) \(face down\)', l)
    if m:
        c, p = m.group(1), int(m.group(2))
        if stock[0] != c: err(i, f"drew {c} not top {stock[0]}")
        stock.pop(0); hands[p].append(c)
        if not started:
            if p != deal_next: err(i, f"deal to {p}, expected {deal_next}")
            deal_next = deal_next % n + 1; dealt += 1
        else:
            if p != turn_player: err(i, "draw by wrong player"); 
            draws += 1
        return
    m = re.match(r'(\S+): stock -> discard$', l)
    if m:
        c = m.group(1)
        if stock[0] != c: err(i, "starter not top")
        stock.pop(0); discard.append(c)
        if dealt != expect_deal * n: err(i, f"dealt {dealt}")
        return
    m = re.match(r'(\S+): discard -> stock \(face down\)', l)
    if m:
        c = m.group(1)
        if not started:  # buried starter
            if rank(c) != '8': err(i, "buried non-eight")
            discard.remove(c); stock.insert(0, c); return
        if c == discard[-1]: err(i, "top card moved to stock")
        if discard[0] != c: err(i, "not bottom discard")
        discard.remove(c); return
    m = re.match(r'» (player (\d) )?deals|» player (\d) deals (\d+) cards each; the starter is (\S+)', l)
    if m and 'deals' in l:
        mm = re.match(r'» player (\d) deals (\d+) cards each; the starter is (\S+)', l)
        if int(mm.group(1)) != n: err(i, "dealer not last seat")
        if mm.group(3) != discard[-1] or rank(discard[-1]) == '8': err(i, "starter")
        started = True; turn_player = 1; turns = 1; return
    m = re.match(r'player (\d) chooses (.*) from \[(.*)\]( \(only player (\d) is told\))?$', l)
    if m:
        p, pick, opts = int(m.group(1)), m.group(2), m.group(3).split(', ')
        private = m.group(4) is not None
        if pending_suit:
            if p != pending_suit or sorted(opts) != sorted(['♥','♦','♣','♠']): err(i, "suit choice")
            called = pick; pending_suit = None
            turn_player = turn_player % n + 1; turns += 1; return
        if p != turn_player: err(i, f"player {p} moves, expected {turn_player}")
        exp = {f"play {c}" for c in hands[p] if playable(c)}
        open_menu = at_will and (stock or len(discard) > 1)
        if open_menu: exp.add("draw a card")
        if private == open_menu: err(i, f"private {private}")
        if set(opts) != exp or len(opts) != len(exp): err(i, f"options {opts} expected {sorted(exp)}")
        return
    m = re.match(r'(\S+): hand of player (\d) -> discard$', l)
    if m:
        c, p = m.group(1), int(m.group(2))
        if not playable(c): err(i, f"{c} not playable")
        if c not in hands[p]:
            err(i, f"{c} is not in the hand of player {p}"); return
        hands[p].remove(c); discard.append(c)
        if not hands[p]:
            winner = p; return
        if rank(c) == '8': pending_suit = p
        else:
            called = None; turn_player = turn_player % n + 1; turns += 1
        return
    m = re.match(r'» player (\d) cannot play and the stock is empty: player \d passes', l)
    if m:
        p = int(m.group(1))
        if any(playable(c) for c in hands[p]) or stock or len(discard) > 1: err(i, "bad pass")
        passes += 1; turn_player = turn_player % n + 1; turns += 1; return
    m = re.match(r'» the stock is empty: the discards under (\S+) are', l)
    if m:
        if stock or m.group(1) != discard[-1]: err(i, "bad reshuffle")
        reshuffles += 1; return
    m = re.match(r'game over: player (\d) wins', l)
    if m:
        if int(m.group(1)) != winner or hands[winner]: err(i, "winner")
        return
    m = re.match(r'(turns|draws|reshuffles|passes): (\d+)', l)
    if m:
        val = {'turns': turns, 'draws': draws, 'reshuffles': reshuffles, 'passes': passes}[m.group(1)]
        if int(m.group(2)) != val: err(i, f"{m.group(1)} {m.group(2)} != {val}")
        return
    if l.startswith('»') and ('calls' in l or 'last card' in l or 'buried' in l): return
    if l.startswith(('#','result','called','score','hands','game over')) or not l.strip(): return
    err(i, f"unread line: {l}")
winner = None
for i, l in enumerate(lines):
    try:
        replay(i, l)
    except (ValueError, IndexError, KeyError) as e:
        err(i, f"the transcript cannot be replayed here ({e}): {l}")
        break
tot = sum(len(h) for h in hands.values()) + len(stock) + len(discard)
print(sys.argv[1], "players", n, "cards", tot, "turns", turns, "draws", draws, "reshuffles", reshuffles, "passes", passes, "errors", len(errors))
for e in errors[:20]: print(" ", e)
