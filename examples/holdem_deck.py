"""The Hold'em utilities document's deck, and its Monte Carlo workflow written by hand with it.

First the document's deck example: a deck without AS, 3D, 4H; then AC, 2C, 6C, 7H removed; the
deck shuffled (seeded) and a hand of 2 cards and one of 5 dealt.  Then the workflow the document
describes for its table: set the known cards (KS KD, QH QD, the flop 5H 6S 10D), and for each
deal shuffle the rest of the deck, deal the unknown cards (player 2's hole cards, the turn and the
river), find the winners and record wins and draws per player and per hand code.

Run with ``python3 examples/holdem_deck.py [deals] [seed]`` (``--game FILE`` for another game).
"""

from __future__ import annotations

import sys

import numpy as np

from cpoly.games.holdem import Deck, Table, category_codes, evaluate
from cpoly.games.holdem.intcards import format_cards

args = [a for a in sys.argv[1:] if not a.startswith("--game")]
game = next((a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--game=")), None)
deals = int(args[0]) if args else 20_000
seed = int(args[1]) if len(args) > 1 else 1

# ---- the document's deck example ------------------------------------------------------------
deck = Deck.partial([(1, 1), (3, 4), (4, 3)], game)      # without AS, 3D, 4H
deck.remove([(1, 2), (2, 2), (6, 2), (7, 3)])              # remove AC, 2C, 6C, 7H
deck.shuffle(seed=seed)
first, second = deck.deal(2), deck.deal(5)
print("First hand of 2 cards:", format_cards(first), Deck.faces_and_suits(first))
print("Second hand of 5 cards:", format_cards(second), Deck.faces_and_suits(second))
print("Num cards left in deck:", len(deck))

# ---- the Monte Carlo workflow, by hand --------------------------------------------------------
players = 3
table = Table(players, game=game)
table.set_hole(0, (13, 13), (1, 4))                        # KS KD
table.set_hole(1, (12, 12), (3, 4))                        # QH QD
table.set_flop((5, 6, 10), (3, 1, 4))                      # 5H 6S 10D
rest = table.deck()                                         # every card not yet seen
hands = []
for deal in range(deals):
    rest.shuffle(seed=seed * 1_000_003 + deal)
    unknown = rest.deal(2 + 2)                              # player 2's hole cards, turn, river
    board = table.board + unknown[2:]
    hands.append([table.hands[0] + board, table.hands[1] + board, unknown[:2] + board])
strength = evaluate(np.array(hands).reshape(-1, 7), table.rules).reshape(deals, players)
codes = category_codes(strength, table.rules)
best = strength == strength.max(axis=1, keepdims=True)
alone = best & (best.sum(axis=1, keepdims=True) == 1)
draws = best & ~alone
for p in range(players):
    print(f"player {p} | Win count : {alone[:, p].sum():9} | Win prob : {alone[:, p].mean():2.4f}"
          f" | Draw count : {draws[:, p].sum():9} | Draw prob : {draws[:, p].mean():2.4f}")
for code, name in table.hand_codes.items():
    occur = [(codes[:, p] == code).sum() for p in range(players)]
    wins = [(alone[:, p] & (codes[:, p] == code)).sum() for p in range(players)]
    print(f"hand code {code:2} {name:16} " + " ".join(f"| win {w:7} occur {o:7}" for w, o in zip(wins, occur)))
