"""Full-game analysis of every shipped game from its .cp file, cold and warm, side by side.

Run: python3 benchmarks/bench_variants.py

Each game: `cpoly analyze` in a fresh process with an empty cache (parse, classify every hand
through the engine, tables, all deals x 32 holds), then again with the cache filled; the
ratio is to 9/6 Jacks or Better cold.  Also `cpoly count` (the deal table) per game.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
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


def main() -> None:
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
