"""Full-game analysis of every shipped game from its .cp file, cold and warm, side by side.

Run: python3 benchmarks/bench_variants.py [--suits-only] [--repeat N] [--outputs DIR]

Each game: `cpoly analyze` in a fresh process with an empty cache (parse, classify every hand
through the engine, tables, all deals x 32 holds), then again with the cache filled; the
ratio is to 9/6 Jacks or Better cold.  Also `cpoly count` (the deal table) per game.

Deck sizes (issue 33, goal 2: five suits at most 5x four): Jacks or Better with
``override Suits = 3, 4, 5`` (39, 52, 65 cards; 0.58 M, 2.60 M, 8.26 M deals), each `cpoly
analyze --no-cache` in a fresh process, the sizes alternating, ``--repeat`` rounds; the child's
CPU seconds (best of the rounds) and peak RSS, and each deck's ratio to four suits.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from math import comb
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["jacks_or_better", "bonus_poker", "double_double_bonus", "deuces_wild", "joker_poker",
         "double_deck_jacks", "sequential_royal"]


def run(args: list[str], cache: str) -> tuple[float, str]:
    env = {**os.environ, "CPOLY_CACHE_DIR": cache}
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "cpoly", *args], check=True, capture_output=True,
                          text=True, env=env)
    return time.perf_counter() - start, done.stdout


def run_child(args: list[str]) -> tuple[float, float, str]:
    """CPU seconds, peak RSS (MB) and stdout of ``python -m cpoly ARGS`` in a fresh process."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with tempfile.TemporaryFile() as out:
        child = subprocess.Popen([sys.executable, "-m", "cpoly", *args], stdout=out, stderr=subprocess.DEVNULL,
                                 env=env, cwd=ROOT)
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode:
            raise subprocess.CalledProcessError(child.returncode, args)
        out.seek(0)
        text = out.read().decode()
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, text


def suit_decks(repeat: int, outputs: Path | None) -> None:
    """Jacks or Better on 3, 4 and 5 suits, alternating, with the ratios to four suits; each
    deck's JSON answer written to ``outputs`` when given, and the two-deck game's."""
    game = (ROOT / "definitions" / "jacks_or_better.cp").read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory() as folder:
        paths = {}
        for suits in (3, 4, 5):
            path = Path(folder) / f"jacks_{suits}_suits.cp"
            path.write_text(game.replace('import "poker.cp"\n', f'import "poker.cp"\noverride Suits = {suits}\n'),
                            encoding="utf-8")
            paths[suits] = path
        cpu: dict[int, list[float]] = {suits: [] for suits in paths}
        peak: dict[int, float] = dict.fromkeys(paths, 0.0)
        returns: dict[int, float] = {}
        for _ in range(repeat):
            for suits, path in paths.items():
                seconds, megabytes, out = run_child(["analyze", str(path), "--no-cache", "--json"])
                cpu[suits].append(seconds)
                peak[suits] = max(peak[suits], megabytes)
                returns[suits] = json.loads(out)["return"]
                if outputs is not None:
                    (outputs / f"{path.stem}.json").write_text(out, encoding="utf-8")
    if outputs is not None:
        double = run_child(["analyze", str(ROOT / "definitions" / "double_deck_jacks.cp"), "--no-cache", "--json"])
        (outputs / "double_deck_jacks.json").write_text(double[2], encoding="utf-8")
    base = min(cpu[4])
    print(f"Jacks or Better by suits, `analyze --no-cache`, CPU best of {repeat} (alternating)")
    print(f"{'suits':>5}{'cards':>7}{'return':>12}{'cpu s':>9}{'peak MB':>9}{'/ 4 suits':>11}")
    for suits in paths:
        best = min(cpu[suits])
        print(f"{suits:>5}{13 * suits:>7}{returns[suits]:>12.6f}{best:>9.2f}{peak[suits]:>9.0f}{best / base:>10.1f}x")
    print(f"goal (issue 33): five suits at most 5x four suits; now {min(cpu[5]) / base:.1f}x")
    deck_layer(repeat)


def deck_layer(repeat: int) -> None:
    """The deck layer's part in this process: the deal classes of 52 and 65 cards (every deal's
    class), CPU best of ``repeat``, against the ratio of the deals."""
    sys.path.insert(0, str(ROOT))
    from cpoly.deck.codes import CardCodes
    from cpoly.deck.subsets import all_hands
    from cpoly.deck.symmetry import deal_classes

    seconds = {}
    for suits in (4, 5):
        codes = CardCodes(13, suits)
        all_hands(codes.size, 5)  # the enumeration is shared with the classification: not timed
        times = []
        for _ in range(repeat):
            start = time.process_time()
            classes = deal_classes(*codes.faces_and_suits())
            times.append(time.process_time() - start)
        seconds[suits] = min(times)
        print(f"deal classes, {codes.size} cards: {classes.count:,} classes of {int(classes.sizes.sum()):,} deals, "
              f"{seconds[suits]:.2f} s CPU")
    deals = comb(65, 5) / comb(52, 5)
    print(f"deal classes 65 / 52 cards: {seconds[5] / seconds[4]:.1f}x for {deals:.1f}x the deals "
          "(CPU summed over the threads)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suits-only", action="store_true", help="only the deck sizes")
    parser.add_argument("--repeat", type=int, default=3, help="rounds of the deck sizes")
    parser.add_argument("--outputs", type=Path, help="a folder for the deck sizes' answers (JSON; the "
                        "two-deck game's too): run on two checkouts and compare the folders byte for byte")
    options = parser.parse_args()
    if options.outputs is not None:
        options.outputs.mkdir(parents=True, exist_ok=True)
    suit_decks(options.repeat, options.outputs)
    if options.suits_only:
        return
    rows = []
    for game in GAMES:
        path = str(ROOT / "definitions" / f"{game}.cp")
        with tempfile.TemporaryDirectory() as cache:
            cold, out = run(["analyze", path, "--json"], cache)
            warm, _ = run(["analyze", path, "--json"], cache)
            counting, _ = run(["count", path, "--json"], cache)
        rows.append((game, json.loads(out)["return"], cold, warm, counting))
    base = rows[0][2]
    print(f"{'game':<22}{'return':>12}{'cold s':>9}{'warm s':>9}{'count s':>9}{'cold/JoB':>10}")
    for game, value, cold, warm, counting in rows:
        print(f"{game:<22}{value:>12.6f}{cold:>9.2f}{warm:>9.2f}{counting:>9.2f}{cold / base:>9.1f}x")


if __name__ == "__main__":
    main()
