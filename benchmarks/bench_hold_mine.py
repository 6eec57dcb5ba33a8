"""A warm ``cpoly hold GAME CARDS --mine HOLD`` against a warm ``hold`` of the same deal, in this
checkout and in a base checkout, alternating, CPU seconds (what the machine's other load does
not change) and wall seconds.

Run: python3 benchmarks/bench_hold_mine.py [--base DIR] [--repeats N] [--game FILE]

``--base DIR``: another checkout of cpoly (e.g. ``git archive a4e0ffd | tar -x -C DIR``); each
checkout keeps its own cache folder, warmed by one run of each command before the timed ones.
Prints the median of each command in each checkout, the extra CPU of ``--mine`` over ``hold``,
and the base's time over this checkout's for ``--mine``.  The two checkouts' ``--mine`` answers
are compared: they must agree.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path

from cpoly_process import ROOT, run

DEAL = ["Ah", "Kd", "Js", "4c", "7h"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path, help="a base checkout to compare with")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--game", default="definitions/jacks_or_better.cp")
    args = parser.parse_args()
    roots = {"this": ROOT, **({"base": args.base.resolve()} if args.base else {})}
    commands = {"hold": ["hold", args.game, *DEAL, "--json"],
                "--mine": ["hold", args.game, *DEAL, "--mine", "Ah", "--json"]}
    with tempfile.TemporaryDirectory() as folder:
        caches = {name: str(Path(folder, name)) for name in roots}
        answers = {name: run(commands["--mine"], caches[name], root)[2] for name, root in roots.items()}  # warm
        if len(set(answers.values())) != 1:
            raise SystemExit("the checkouts' --mine answers differ")
        for name, root in roots.items():
            run(commands["hold"], caches[name], root)
        times: dict[tuple[str, str], list[tuple[float, float]]] = {}
        for _ in range(args.repeats):  # alternating: every command of every checkout in each round
            for name, root in roots.items():
                for label, command in commands.items():
                    wall, cpu, _ = run(command, caches[name], root)
                    times.setdefault((name, label), []).append((cpu, wall))
    medians = {key: tuple(statistics.median(column) for column in zip(*runs)) for key, runs in times.items()}
    print(f"{'checkout':<8} {'command':<8} {'CPU s':>7} {'wall s':>7}   (median of {args.repeats}, warm)")
    for (name, label), (cpu, wall) in medians.items():
        print(f"{name:<8} {label:<8} {cpu:7.3f} {wall:7.3f}")
    for name in roots:
        print(f"{name}: --mine costs {medians[name, '--mine'][0] - medians[name, 'hold'][0]:+.3f} CPU s over hold")
    if args.base:
        ratio = medians["base", "--mine"][0] / medians["this", "--mine"][0]
        print(f"--mine CPU, base / this: {ratio:.2f}x")


if __name__ == "__main__":
    main()
