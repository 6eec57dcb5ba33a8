"""Deal tables of every game, plan and count apart; Jacks or Better against brute force.

Run: python3 benchmarks/bench_counting.py [--repeat N] [--games a.cp b.cp] [--no-methods] [--dense] [--plan-parts]

Part 1, every ``definitions/*.cp`` (issue 33, goal 1), games alternating, each run ``--repeat``
times in fresh processes and the fastest kept (the machine is shared: CPU seconds, not wall):

  * ``cpoly count FILE --no-cache``: the command's CPU seconds (user + system, from the kernel's
    accounting of the child) and its peak RSS, and the ratio to Jacks or Better's;
  * in a process of its own, the table's parts (CPU seconds): loading the game (parse, lower,
    the load-time checks), then the table's own planning of its counts
    (:attr:`cpoly.count.counting.CountingPlan.clock`: every method priced, the cheapest chosen),
    running them, and the rest (the pay-only-the-highest walk and the 0/1 proofs around them).

  Goals: a five-card table at most 2x Jacks or Better's command, seven cards at most 4x; at most
  150 MB; the plan at most the count it plans.

  Cold, nothing is read from the cache (``--no-cache``, ``CPOLY_NO_CACHE=1``); then, in a cache
  directory of the game's own, a first run keeps the game's snapshot and its counts' plans
  (:mod:`cpoly.count.plancache`) and a second is measured: "cached" the command's CPU seconds,
  and the table's plan (reading the kept plans) and count, in a process of its own.

  With ``--plan-parts``, per game where the planning goes (CPU seconds inside splitting sums by
  literal set, the terms' plans, their canonical merge, the wild-card cases, the contractions) next to
  the counting itself: the profile that shows what the plan costs.

  What the terms show (2026-12-06, after the planner2 changes): a node with one literal is one term,
  a product's pieces equal up to a relabeling of values are merged before the deal multiplies them,
  and a sum of 0/1 terms times 0/1 factors is proved 0/1 by pairs instead of counting c(c - 1).
  Cold plan/count, base -> now (min of 3, CPU, same run): Jacks or Better 2.28 -> 1.19 (part of
  its plan became the 0/1 proof, counted in "rest": its table is unchanged), Deuces Wild
  4.14 -> 3.58, Hold'em 1.81 -> 1.72.  The limit left: Deuces Wild plans 42 targets (45 overlaps
  of the pay-highest-only rule), each conditioned on its wild cards in 6 cases; rebuilding each
  case's DAG through the rewrite rules ("wild cases", 0.09 s) and splitting and planning its
  terms (0.07 s) cost about 5 ms a target against the count's 0.4 ms a canonical term.

  After the planner3 changes (2026-12-06): the conditioning was already per category (the
  rebuilt nodes are memoised per wild case and shared by every target), so what a target paid
  was the product of its conditioned factors, its cases that are 0, and planning its terms.  A
  product is conditioned factor by factor, its literals first, and a case stops at the first
  factor that conditions to 0 (nodes conditioned 9,616 -> 6,540); a case's plan (priced_terms)
  and a piece's canonical key are memoised per node and domains; the straight sums' exclusivity
  is proved by a quick zero test per pair; postorder walks resume each node's operands in a loop.
  Cold plan/count, base -> now (min of 3, CPU, runs back to back): Jacks or Better 1.22 -> 1.11,
  Deuces Wild 3.50 -> 2.76 (plan 0.189 -> 0.154 s, count 0.054 s), Hold'em 1.64 -> 1.65 (its plan
  is contractions: unchanged).  The limit left for Deuces Wild: 299 distinct terms are built and
  planned (146 distinct canonical terms counted), at 0.48 ms a term planned against 0.35 ms a term
  counted: conditioning each category in 6 cases through the rewrite rules (6,540 nodes), the
  flattened product of each target's 6 cases (11-51 factors), and splitting, narrowing and
  keying each term are Python work per distinct term that no memo shares (the terms of two
  targets differ), so plan <= count needs fewer distinct terms built, not cheaper ones.

  After the planner4 changes (2026-12-06): the split candidates are read from a memoised walk
  of the literals and memoised on them (0.015 -> 0.004 s in Deuces Wild: the 42 targets walked
  their whole DAG), and the wild cases are made lazily, so the check that a one-value split
  makes every case 0 stops at the first case that is not (Deuces and Joker Wild: 42 such checks,
  none all 0, 0.052 -> 0.006 s).  Cold plan/count (min of 5, CPU, a table each in a fresh
  process alternating with base): Deuces Wild 2.81 -> 2.52 (plan 0.146 -> 0.138 s), Deuces and
  Joker Wild 3.63 -> 2.97 (plan 0.203 -> 0.162 s), Joker Poker 2.13 -> 1.97, Sequential
  Straight Flush 2.14 -> 1.83, Multi-Strike Deuces 2.76 -> 2.54, Jacks or Better 1.06 -> 1.00.
  The wild cases are timed where they are made (``_conditioned``, ``counted_apart``, the
  symmetry test), the split candidates and the pieces merged apart.  The plan's parts now
  listed cover it but for the pricing loop and the pins (~0.02 s in Deuces Wild): the ~0.05 s
  the parts missed were the split candidates (0.015 s), the pieces merged before the deal
  multiplies them (``_relabelings_merged``: narrowing piece x deal and the pieces' keys,
  0.025 s) and pricing.  What did not pay: a memo keyed on the canonical form of the unsplit
  case is never hit (in all five wild games no two distinct cases are relabelings: 83 distinct
  case nodes, 87 distinct keys in Deuces Wild; the terms planned over distinct cases, 142, are
  136 distinct canonical terms); merging a sum's terms that are relabelings fixing the rest's
  value sets before the product is distributed (10 straight windows -> 3 before, not after,
  the deal and NaturalsDistinct multiply them) and splitting the unconditioned targets first
  both cost more than they saved (plan +5 %, +100 %); faster product rules (one δ per merged
  vertex, one memo lookup per NOT) were within noise.  The limit stands: every case is a
  distinct DAG, each built (conditioned: 0.05 s), split, narrowed and keyed (0.07 s) once.

Part 2, side by side on Jacks or Better (``--no-methods`` skips it):
  * cpoly count, cold: a fresh process that parses the .cp file and counts every category,
    both columns (including higher wins, and paid);
  * the same table warm (second call in one process, parser and DAG already built);
  * checking every one of the 2,598,960 hands (vectorised evaluation of the categories on
    concrete cards) and histogramming, the "enumerate the deals" approach;
  * the dense oracle (every one of 52^5 * 4^5 assignments of the ten vertices) for one
    category (Flush), and with --dense for the whole table (minutes).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
JACKS = (ROOT / "definitions" / "jacks_or_better.cp").resolve()  # definitions/ may be a link
FIVE_CARD_GOAL, SEVEN_CARD_GOAL, MEMORY_GOAL_MB = 2.0, 4.0, 150

# One game's table in a process of its own: the parts of its CPU time and its peak memory.
PARTS = """
import json, resource, sys, time
clock = time.process_time
from cpoly.api import deal_table, load_game
start = clock()
game = load_game(sys.argv[1], use_cache=sys.argv[2] == "cached")
loaded, planned, counted = clock(), game.plan.clock.plan, game.plan.clock.count  # the load's own checks
deal_table(game)
done = clock()
print(json.dumps({"load": loaded - start, "table": done - loaded, "plan": game.plan.clock.plan - planned,
                  "count": game.plan.clock.count - counted, "cards": game.hand_size,
                  "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""

# Where a table's planning goes (--plan-parts): CPU seconds inside each step of the planner,
# timed by wrapping the functions the plan calls (nested steps are counted in each).
PLAN_STEPS = [("split sums", "cpoly.count.patterncount", "split_factored"),
              ("term plans", "cpoly.count.patterncount", "plan_term"),
              ("canonical merge", "cpoly.count.patterncount", "_merged"),
              ("pieces merged", "cpoly.count.patterncount", "_relabelings_merged"),
              # the wild cases are made lazily: timed where they are made (a label's steps add up)
              ("wild cases", "cpoly.count.patterncount", "_symmetric"),
              ("wild cases", "cpoly.count.condition", "_conditioned"),
              ("wild cases", "cpoly.count.condition", "counted_apart"),
              ("split candidates", "cpoly.count.patterncount", "split_candidates"),
              ("contractions", "cpoly.count.patterncount", "plan_contraction"),
              ("counting", "cpoly.count.counting", "run_patterns")]
# Terms made and counted (--plan-parts): calls, where the plan makes a term's plan and where the count
# runs one (a term whose canonical key was counted before is not counted again).
TERM_CALLS = [("planned", "cpoly.count.patterncount", "plan_term"), ("planned", "cpoly.count.contraction", "plan_term"),
              ("counted", "cpoly.count.patterncount", "term_sum"),
              ("counted", "cpoly.count.patterncount", "decoupled_sum"),
              ("counted", "cpoly.count.contraction", "_term_histogram")]
STEPS = """
import importlib, json, sys, time
clock, spent, calls = time.process_time, {}, {}
def timed(label, function):
    def wrapper(*args):
        start = clock()
        try:
            return function(*args)
        finally:
            spent[label] = spent.get(label, 0.0) + clock() - start
    return wrapper
def counted(label, function):
    def wrapper(*args):
        calls[label] = calls.get(label, 0) + 1
        return function(*args)
    return wrapper
for wrap, steps in ((timed, json.loads(sys.argv[2])), (counted, json.loads(sys.argv[3]))):
    for label, module, name in steps:
        module = importlib.import_module(module)
        setattr(module, name, wrap(label, getattr(module, name)))
from cpoly.api import deal_table, load_game
game = load_game(sys.argv[1], use_cache=False)  # and CPOLY_NO_CACHE: no plan recalled
spent.clear(), calls.clear()  # the table's own
planned, count = game.plan.clock.plan, game.plan.clock.count
deal_table(game)
print(json.dumps({"plan": game.plan.clock.plan - planned, "count": game.plan.clock.count - count, **spent,
                  **calls}))
"""


def reaped(command: list[str], cache: Path | None = None) -> tuple[float, float, str]:
    """Run ``command`` with the cache directory ``cache`` (None: the cache off); its CPU seconds
    (user + system, reaped with ``os.wait4``: this process's own accounting), peak RSS (MB) and
    stdout."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if cache is None:
        env["CPOLY_NO_CACHE"] = "1"
    else:
        env.pop("CPOLY_NO_CACHE", None)
        env["CPOLY_CACHE_DIR"] = str(cache)
    with open(os.devnull, "wb") as null:
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=null, env=env, cwd=ROOT)
        assert process.stdout is not None
        out = process.stdout.read()
        _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        raise SystemExit(f"{' '.join(command)} failed with exit code {process.returncode}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, out.decode()


def cached_run(path: Path) -> dict[str, float]:
    """The command and the table's parts on a second run, the first having kept the game's
    snapshot and plans in a cache directory of its own."""
    with tempfile.TemporaryDirectory() as folder:
        command = [sys.executable, "-m", "cpoly", "count", str(path)]
        reaped(command, Path(folder))
        cpu, _, _ = reaped(command, Path(folder))
        _, _, out = reaped([sys.executable, "-c", PARTS, str(path), "cached"], Path(folder))
    parts = json.loads(out)
    return {"cached_cpu": cpu, "cached_plan": parts["plan"], "cached_count": parts["count"]}


def per_game(files: list[Path], repeat: int) -> None:
    best: dict[Path, dict[str, float]] = {}
    for _ in range(repeat):
        for path in files:  # games alternate: load on the machine spreads over all of them
            cpu, rss, _ = reaped([sys.executable, "-m", "cpoly", "count", str(path), "--no-cache"])
            _, _, out = reaped([sys.executable, "-c", PARTS, str(path), "cold"])
            parts = json.loads(out)
            row = {"cpu": cpu, "rss": rss, **parts, **cached_run(path)}
            kept = best.setdefault(path, row)
            for key, value in row.items():
                if key not in ("cards",):
                    kept[key] = min(kept[key], value)
    jacks = best[JACKS]["cpu"] if JACKS in best else float("nan")
    print(f"{'':<28} {'cold':-^77} {'cached':-^37}")
    print(f"{'game':<28} {'command s':>9} {'x JoB':>6} {'goal':>5} {'peak MB':>8} {'load s':>7} "
          f"{'plan s':>7} {'count s':>8} {'rest s':>7} {'plan/count':>10} "
          f"{'command s':>9} {'plan s':>7} {'count s':>8} {'p/c':>5}")
    for path, row in best.items():
        goal = SEVEN_CARD_GOAL if row["cards"] >= 7 else FIVE_CARD_GOAL
        ratio = row["cpu"] / jacks
        rest = max(row["table"] - row["plan"] - row["count"], 0.0)
        marks = ("" if ratio <= goal else "!") + ("" if row["rss"] <= MEMORY_GOAL_MB else "M")
        print(f"{path.name:<28} {row['cpu']:>9.2f} {ratio:>6.2f} {goal:>4.0f}x {row['rss']:>8.0f} "
              f"{row['load']:>7.2f} {row['plan']:>7.3f} {row['count']:>8.3f} {rest:>7.2f} "
              f"{row['plan'] / max(row['count'], 1e-9):>10.2f} {row['cached_cpu']:>9.2f} "
              f"{row['cached_plan']:>7.3f} {row['cached_count']:>8.3f} "
              f"{row['cached_plan'] / max(row['cached_count'], 1e-9):>5.2f} {marks}")
    print("(!: over the time goal, cold; M: over 150 MB; min of the runs, CPU seconds; cached: the "
          "second run, its plans read from the store)")


def plan_parts(files: list[Path]) -> None:
    """Per game, the CPU seconds of the table's planning and of its steps (one run each)."""
    labels = list(dict.fromkeys(label for label, _, _ in PLAN_STEPS))
    print(f"\n{'game':<28} {'plan s':>7} " + " ".join(f"{label:>15}" for label in labels)
          + f" {'terms planned':>13} {'counted':>8} {'plan ms/term':>12} {'count ms/term':>13}")
    for path in files:
        _, _, out = reaped([sys.executable, "-c", STEPS, str(path), json.dumps(PLAN_STEPS), json.dumps(TERM_CALLS)])
        row = json.loads(out)
        planned, counted = row.get("planned", 0), row.get("counted", 0)
        print(f"{path.name:<28} {row['plan']:>7.3f} " + " ".join(f"{row.get(label, 0.0):>15.3f}" for label in labels)
              + f" {planned:>13} {counted:>8} {1e3 * row['plan'] / max(planned, 1):>12.2f} "
                f"{1e3 * row['count'] / max(counted, 1):>13.2f}")
    print("(CPU seconds inside each step, nested steps in each: wild cases and contractions split sums too; "
          "terms: made by the plan, and run by the count, which counts each canonical term once)")


def timed(action):  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    result = action()
    return time.perf_counter() - start, result


def cold_cli() -> float:
    command = [sys.executable, "-m", "cpoly", "count", str(JACKS), "--json"]
    seconds, _ = timed(lambda: subprocess.run(command, check=True, capture_output=True))
    return seconds


def methods(dense: bool) -> None:
    from cpoly.api import deal_table, dense_count, load_game

    cold = min(cold_cli() for _ in range(3))
    game = load_game(JACKS)
    deal_table(game)
    warm, table = timed(lambda: deal_table(game))
    assert table.total == 2_598_960

    deck = [(f, s) for f in range(13) for s in range(4)]

    def enumerate_all() -> np.ndarray:
        hands = np.array(list(itertools.combinations(deck, 5)), dtype=np.int8)
        return np.bincount(game.classify(hands) + 1)

    enumerate_seconds, histogram = timed(enumerate_all)
    assert histogram[1 + game.category_names.index("Flush")] == 5_108
    dense_one, flush = timed(lambda: dense_count(game, game.categories["Flush"], 10**9))
    assert flush == 5_148 * 120
    rows = [
        ("cpoly count, cold process (parse + whole table)", cold),
        ("cpoly deal_table, warm (whole table)", warm),
        ("check all 2,598,960 hands, vectorised", enumerate_seconds),
        ("dense oracle, one category (Flush)", dense_one),
    ]
    if dense:
        def dense_table() -> None:
            for name in game.category_names:
                dense_count(game, game.categories[name], 10**9)
                dense_count(game, game.paid_form(name), 10**9)
        rows.append(("dense oracle, whole table", timed(dense_table)[0]))
    else:
        rows.append(("dense oracle, whole table (18 counts, estimated)", dense_one * 18))
    print(f"\n{'Jacks or Better, method':<52} {'seconds':>9} {'ratio to cold':>14}")
    for label, seconds in rows:
        print(f"{label:<52} {seconds:>9.3f} {seconds / cold:>13.1f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3, help="runs per game (the fastest is kept)")
    parser.add_argument("--games", nargs="*", type=Path, help="the .cp files (default: definitions/*.cp)")
    parser.add_argument("--no-methods", action="store_true", help="skip the Jacks-or-Better methods")
    parser.add_argument("--dense", action="store_true", help="also run the dense oracle on every row")
    parser.add_argument("--plan-parts", action="store_true", help="also print where each table's planning goes")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    files = [p.resolve() for p in (sorted((ROOT / "definitions").glob("*.cp")) if not args.games else args.games)]
    if JACKS not in files:
        files.insert(0, JACKS)
    per_game(files, args.repeat)
    if args.plan_parts:
        plan_parts(files)
    if not args.no_methods:
        methods(args.dense)


if __name__ == "__main__":
    main()
