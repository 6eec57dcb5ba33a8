"""The full return of a game under optimal play, and its return table (9/6 Jacks or Better).

Run from the repository root: python3 examples/full_return.py  (a few seconds the first time;
the tables are cached on disk afterwards)
"""

from pathlib import Path

from cpoly.games.videopoker import VideoPoker

GAME = Path(__file__).resolve().parent.parent / "definitions" / "jacks_or_better.cp"

poker = VideoPoker.load(str(GAME))
analysis = poker.analyze("9/6")
names = poker.game.category_names + ["Nothing"]
for name, combinations, probability, share in zip(names, analysis.combinations, analysis.probabilities,
                                                   analysis.contributions):
    print(f"{name:<14} {combinations:>20,} {float(probability):.9f} {float(share):.6f}")
print(f"return {float(analysis.expected_return):.6%} = {analysis.expected_return}")
