"""Loading a long .cp file: linear in the number of definitions (issue 21, section 4).

Run: python3 benchmarks/bench_loading.py [--quick]

Two kinds of file, each loaded in a fresh process with an empty cache:

* a chain ``A{k} = (1 - A{k-1})`` of 2,500 / 5,000 / 10,000 / 20,000 definitions on the
  standard library (it took 2.0 / 3.2 / 13.5 / 44.2 s: the lowerer rescanned the definition
  order for every name);
* a game of 169 / 338 / 676 different categories, each with two indexed forms.

For each file it prints the seconds of every stage of a cold :func:`cpoly.api.load_game`
(parse + syntax + imports, resolve, lower + game + order check, writing the snapshot), the
whole cold load, a warm load (from the snapshot) and a cold ``cpoly count`` of the chain as a
command; wall-clock and CPU seconds (the CPU seconds are what the machine's other load does not
change), and each size's ratio to the previous one: about 2 when the work is linear, about 4
when it is quadratic.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHAINS = (2_500, 5_000, 10_000, 20_000)
CATEGORIES = (169, 338, 676)

_STAGES = r"""
import json, sys, time
from pathlib import Path
sys.path.insert(0, sys.argv[2])
from cpoly import api
from cpoly.store import snapshot
from cpoly.lang.imports import load_module
from cpoly.lang.resolve import resolve
from cpoly.store.sources import collection_paused
path = Path(sys.argv[1])
from cpoly.lang.parse import syntax_parser  # lark's own import, not part of loading
times = {}

def timed(name, work):
    wall, cpu = time.perf_counter(), time.process_time()
    result = work()
    times[name] = (time.perf_counter() - wall, time.process_time() - cpu)
    return result

with collection_paused():  # as api.load_game loads
    module = timed("parse+imports", lambda: load_module(path))
    program = timed("resolve", lambda: resolve(module))
    game = timed("lower+game", lambda: api._game(program))
    options = api._load_options("game", [], None)
    timed("snapshot", lambda: snapshot.keep(path, options, game, module.sources))
path.with_name("again.cp").write_bytes(path.read_bytes())
timed("cold load_game", lambda: api.load_game(path.with_name("again.cp")))
timed("warm load_game", lambda: api.load_game(path.with_name("again.cp")))
print(json.dumps(times))
"""


def chain(n: int) -> str:
    lines = ['import "poker.cp"', 'game "Chain"', "A0 = Flush"]
    lines += [f"A{k} = (1 - A{k - 1})" for k in range(1, n + 1)]
    return "\n".join(lines + [f"categories Flush, A{n - n % 2}"]) + "\n"


def categories(n: int) -> str:
    """``n`` (at most 676) different categories: a pair of one face, a pair of another, a
    flush of one suit."""
    lines = ['import "poker.cp"', 'game "Many categories"']
    lines += [f"C{k} = any(i<j in 1..5) δF[i],F[j]{{{k % 13}}} * any(i<j in 1..5) δF[i],F[j]{{{k // 13 % 13}}}"
              f" * δS[1],S[2],S[3],S[4],S[5]{{{k // 169}}}" for k in range(n)]
    return "\n".join(lines + ["categories " + ", ".join(f"C{k}" for k in range(n))]) + "\n"


def stages(text: str, folder: Path) -> dict[str, tuple[float, float]]:
    path = folder / "game.cp"
    path.write_text(text, encoding="utf-8")
    env = {**os.environ, "CPOLY_CACHE_DIR": str(folder / "cache")}
    done = subprocess.run([sys.executable, "-c", _STAGES, str(path), str(ROOT)], check=True,
                          capture_output=True, text=True, env=env)
    return {name: (wall, cpu) for name, (wall, cpu) in json.loads(done.stdout).items()}


def command(text: str, folder: Path) -> tuple[float, float]:
    """Wall and CPU seconds of a cold ``cpoly count`` (a fresh process, an empty cache)."""
    path = folder / "command.cp"
    path.write_text(text, encoding="utf-8")
    env = {**os.environ, "CPOLY_CACHE_DIR": str(folder / "command-cache")}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "cpoly", "count", str(path)], check=True, capture_output=True,
                   env=env, cwd=ROOT)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def report(kind: str, sizes: tuple[int, ...], make: object, with_command: bool) -> None:
    print(f"\n{kind}: seconds wall / CPU (ratio of CPU seconds to the previous size)")
    previous: dict[str, float] = {}
    for n in sizes:
        with tempfile.TemporaryDirectory() as folder:
            text = make(n)  # type: ignore[operator]
            times = stages(text, Path(folder))
            if with_command:
                times["cpoly count (cold)"] = command(text, Path(folder))
        cells = []
        for name, (wall, cpu) in times.items():
            ratio = f" x{cpu / previous[name]:.1f}" if previous.get(name) else ""
            cells.append(f"{name} {wall:.2f}/{cpu:.2f}{ratio}")
            previous[name] = cpu
        print(f"  {n:>6,}: " + "; ".join(cells))


def main() -> None:
    quick = "--quick" in sys.argv
    report("chain A{k} = (1 - A{k-1})", CHAINS[:2] if quick else CHAINS, chain, True)
    report("different categories", CATEGORIES[:2] if quick else CATEGORIES, categories, False)
    print("\ngoal: a cold load of the 20,000-definition chain in at most 2 s; ratios about 2")


if __name__ == "__main__":
    main()
