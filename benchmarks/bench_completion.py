"""One completion of the seed's own discard form against a cold ``cpoly hold`` (issue 21, §2).

Run: python3 benchmarks/bench_completion.py [--rounds N]

Each run is a fresh process with an empty cache folder (cold: the game is parsed, nothing is
read from a snapshot or a hold file):

* hold: ``cpoly hold definitions/jacks_or_better.cp 7c Ah Kh 2d Qh`` (prices all 32 holds);
* seed form, game file: ``cpoly count tests/fixtures/seed_discard.cp DrawAny Draw…`` — the
  seed's ``DiscardC1C4`` (cards 2, 3, 5 held) times each of its nine paid forms and ``Hand``,
  counted as a completion inside the seed's long-hand game;
* seed form, no game: the same definitions without the game section, counted over every
  assignment of the vertices (the seed's counting function, ordered draws);
* two decks: ``cpoly hold definitions/double_deck_jacks.cp Ah Ah Kd Qc 2s`` against the standard
  library's ``Draw`` (autohold.cp) over the same deal, holding Ah Ah.

The goal: one completion of the seed's form no slower than 3x a cold hold of the same hand.
Medians of ``--rounds`` runs (default 3), printed with their ratios to the cold hold.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
JACKS = str(ROOT / "definitions" / "jacks_or_better.cp")
DOUBLE = str(ROOT / "definitions" / "double_deck_jacks.cp")
DEAL = ["7c", "Ah", "Kh", "2d", "Qh"]
SEED_PARAMS = "F1=5 S1=2 F2=12 S2=0 F3=11 S3=0 F4=0 S4=1 F5=10 S5=0".split()
CATEGORIES = ["RoyalFlush", "StraightFlush", "FourOfAKind", "FullHouse", "Flush", "Straight",
              "ThreeOfAKind", "TwoPair", "JacksOrBetter"]
DRAWS = ["DrawAny"] + [f"Draw{name}" for name in CATEGORIES]
TWO_DECK_PARAMS = [f"{k}[{i}]={v}" for i, (face, suit, held) in
                   enumerate([(12, 0, 1), (12, 0, 1), (11, 1, 0), (10, 2, 0), (0, 3, 0)], start=1)
                   for k, v in (("DF", face), ("DS", suit), ("Held", held))]


def cold(args: list[str]) -> float:
    """Seconds of one ``cpoly`` run in a fresh process with an empty cache folder."""
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "CPOLY_CACHE_DIR": cache}
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "cpoly", *args], check=True, capture_output=True,
                       env=env, cwd=ROOT)
        return time.perf_counter() - start


def seed_without_game(folder: Path) -> Path:
    """The seed's definitions and discard form with no game section (counted over assignments)."""
    longhand = (FIXTURES / "seed_longhand.cp").read_text(encoding="utf-8")
    definitions = longhand.split("cards FaceVertices")[0]
    form = (FIXTURES / "seed_discard.cp").read_text(encoding="utf-8").replace('import "seed_longhand.cp"', "")
    path = folder / "seed_no_game.cp"
    path.write_text(definitions + form, encoding="utf-8")
    return path


def two_deck_form(folder: Path) -> Path:
    path = folder / "two_deck_draws.cp"
    path.write_text(f'import "{DOUBLE}"\nimport "autohold.cp"\n'
                    + "".join(f"Draw{n} = Hand * Draw * {n}\n" for n in ["FiveOfAKind", "FourOfAKind", "Flush"])
                    + "DrawAny = Hand * Draw\n", encoding="utf-8")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    rounds = parser.parse_args().rounds
    with tempfile.TemporaryDirectory() as folder:
        cases = {
            "hold (cold), 32 holds": ["hold", JACKS, *DEAL],
            "seed form in its game, 10 counts": ["count", str(FIXTURES / "seed_discard.cp"), *DRAWS,
                                                 "--param", *SEED_PARAMS],
            "seed form, no game, 10 counts": ["count", str(seed_without_game(Path(folder))), *DRAWS,
                                              "--param", *SEED_PARAMS],
            "two decks: hold (cold), 32 holds": ["hold", DOUBLE, "Ah", "Ah", "Kd", "Qc", "2s"],
            "two decks: autohold.cp Draw, 4 counts": ["count", str(two_deck_form(Path(folder))), "DrawAny",
                                                      "DrawFiveOfAKind", "DrawFourOfAKind", "DrawFlush",
                                                      "--param", *TWO_DECK_PARAMS],
        }
        times = {name: statistics.median(cold(args) for _ in range(rounds)) for name, args in cases.items()}
    hold, two_hold = times["hold (cold), 32 holds"], times["two decks: hold (cold), 32 holds"]
    print(f"{'case':<40} {'seconds':>8} {'x cold hold':>12}")
    for name, seconds in times.items():
        base = two_hold if name.startswith("two decks") else hold
        print(f"{name:<40} {seconds:>8.2f} {seconds / base:>12.2f}")
    print("goal: the seed's form no slower than 3x the cold hold of the same hand")


if __name__ == "__main__":
    main()
