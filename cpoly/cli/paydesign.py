"""``cpoly design``: every pay table of a family analysed exactly, and those that meet a target
return, a variance and a hit frequency (:mod:`~cpoly.games.videopoker.par.design`).

The members are analysed in chunks of ids through the project's Dask layer
(:mod:`cpoly.scale.chunks`): in this process for a small family, on a ``LocalCluster`` for a large
one (or ``--workers N``, ``--scheduler ADDRESS``); each chunk is a checkpoint in ``--out DIR``
(its identity and checksum checked), so ``--resume`` continues a run that was stopped.

Both files a run writes follow :mod:`cpoly.store`'s rules, checked before any work: ``--out``
must be new, empty or an earlier run's folder (:func:`~cpoly.store.outfolder.claim_checkpoints`),
and ``--csv FILE`` new or an earlier design table (:func:`~cpoly.store.outfile.claim_file`, its
header recognised), written atomically; the user's own files are never overwritten.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import math
import tempfile
from contextlib import ExitStack
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cpoly.cli.analyze_options import exact
from cpoly.cli.daskoptions import add_dask_options, check_dask_options
from cpoly.cli.output import echo, print_json, print_table, progress_bar
from cpoly.cli.tieflag import add_tie_rule_option
from cpoly.cli.videopoker import print_source_warnings
from cpoly.errors import CpolyInputError

if TYPE_CHECKING:
    from cpoly.games.videopoker.par.design import Constraints, Family, Member

__all__ = ["CHUNK_TABLES", "CSV_FIGURES", "CSV_WHAT", "IN_PROCESS_TABLES", "RECORD", "SHOWN",
           "design_json", "is_design_csv", "register", "run_design", "write_csv"]

#: Members per chunk (a few seconds of work for Jacks or Better).
CHUNK_TABLES = 25
#: Families up to this size run in this process unless --workers or --scheduler says otherwise.
IN_PROCESS_TABLES = 1_000
#: Rows the text output shows (--json and --csv have them all).
SHOWN = 25
RECORD = "design.json"
#: The columns of a --csv table after the pays (its header ends so: how an earlier one is known).
CSV_FIGURES = ("return", "return_exact", "variance", "variance_exact", "hit_frequency", "hit_frequency_exact",
               "distance_exact")
CSV_WHAT = "design table (cpoly design --csv)"


def register(subparsers: Any) -> None:
    design = subparsers.add_parser(
        "design", help="pay-table design: every table of a family analysed, those meeting a target",
        description="Enumerate every pay table of a family (some pays over ranges), analyse each exactly "
                    "with its own optimal strategy, and list those whose return is in the target range "
                    "(and variance and hit frequency within bounds), nearest the target's middle first.")
    design.add_argument("file", help="a .cp game file")
    design.add_argument("--vary", nargs="+", action="extend", default=[], metavar="CATEGORY=LOW..HIGH",
                        help="pays to vary, e.g. --vary FullHouse=6..9 Flush=5..6 (exact values)")
    design.add_argument("--target", required=True, metavar="LOW..HIGH",
                        help="the return wanted, e.g. 0.95..0.97 (or one value)")
    design.add_argument("--step", help="the step of every range (default 1; e.g. 0.5 or 1/2)")
    design.add_argument("--max-variance", metavar="V", help="keep tables of variance at most V")
    design.add_argument("--min-hit", metavar="H", help="keep tables of hit frequency at least H (e.g. 0.45)")
    design.add_argument("--monotone", action="store_true",
                        help="only tables whose pays never rise down the pay order")
    design.add_argument("--paytable", help="the base pay table (default: the game's first)")
    add_tie_rule_option(design)
    design.add_argument("--csv", metavar="FILE", help="also write the tables that meet the constraints "
                                                      "(a new file, or an earlier design table)")
    design.add_argument("--out", metavar="DIR", help="keep the checkpoints here (for --resume)")
    design.add_argument("--resume", action="store_true", help="continue a stopped run in --out")
    add_dask_options(design, "worker processes of a local Dask cluster (0: this process; default: this process "
                             f"up to {IN_PROCESS_TABLES:,} tables, else one per core)")
    design.add_argument("--json", action="store_true", help="print JSON")
    design.set_defaults(func=run_design)


def _constraints(args: argparse.Namespace) -> Constraints:
    from cpoly.games.videopoker.par.design import Constraints
    from cpoly.games.videopoker.par.paychange import parse_pay_value

    low_text, dots, high_text = args.target.partition("..")
    low = parse_pay_value(low_text, "--target")
    high = parse_pay_value(high_text, "--target") if dots else low
    if low > high:
        raise CpolyInputError(f"--target {args.target}: the low end is above the high end")
    variance = None if args.max_variance is None else parse_pay_value(args.max_variance, "--max-variance")
    hit = None if args.min_hit is None else parse_pay_value(args.min_hit, "--min-hit")
    return Constraints(low, high, variance, hit)


def _check_run_options(args: argparse.Namespace) -> None:
    if args.resume and args.out is None:
        raise CpolyInputError("--resume needs --out DIR (the folder of the stopped run)")
    check_dask_options(args)


def run_design(args: argparse.Namespace) -> int:
    from cpoly.api import load_program
    from cpoly.games.videopoker.gamesource import game_source
    from cpoly.games.videopoker.par.design import parse_family
    from cpoly.games.videopoker.par.paychange import parse_pay_value
    from cpoly.store.outfile import claim_file

    _check_run_options(args)
    if args.csv is not None:
        claim_file(args.csv, "--csv", CSV_WHAT, is_design_csv)  # refused before any work
    constraints = _constraints(args)
    step = None if args.step is None else parse_pay_value(args.step, "--step")
    source = game_source(args.file, not args.no_cache, (args.paytable,))
    print_source_warnings(source.warnings)
    base = source.paytable(args.paytable)
    family = parse_family(args.vary, step, base)  # refused with its size before any work
    args.tie_rule = source.tie_rule(args.tie_rule).rule.value  # what the members are analysed with
    sources = load_program(args.file, use_cache=not args.no_cache).module.sources
    run = {"command": "design", "game": "" if sources is None else sources.key(), "paytable": base.name,
           "tie_rule": args.tie_rule, "monotone": args.monotone, "family": family.as_text()}
    with ExitStack() as stack:
        directory = _directory(args, run, stack)
        client = _client(args, family.size, stack)
        results = _analyse(args, family, run, directory, client, base.name)
    from cpoly.games.videopoker.par.design import ranked

    members = ranked(family, results, constraints)
    skipped = int(results["skipped"].sum())
    data = design_json(source.title, base.name, family, constraints, members, skipped)
    if args.csv is not None:
        write_csv(args.csv, family, members, constraints)
    if args.json:
        print_json(data)
    else:
        _print(data, family)
    return 0


def _directory(args: argparse.Namespace, run: dict[str, Any], stack: ExitStack) -> Path:
    """The checkpoint folder: --out (claimed for this run, or resumed) or a temporary one."""
    from cpoly.store.outfolder import claim_checkpoints, start_checkpoints

    if args.out is None:
        return Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="cpoly-design-")))
    folder = claim_checkpoints(args.out, "--out", RECORD, "design run")
    marker = folder / RECORD
    expected = json.loads(json.dumps(run))
    if marker.exists():
        if not args.resume:
            raise CpolyInputError(f"{args.out} already holds a design run; pass --resume to continue it or "
                                  "choose another --out directory")
        try:
            found = json.loads(marker.read_text())
        except (OSError, ValueError):
            found = None
        if found != expected:
            raise CpolyInputError(f"{args.out} holds a design run of another family, game or option: resume it "
                                  "with the options it was started with, or choose another --out directory")
    else:
        start_checkpoints(folder, RECORD, (json.dumps(expected) + "\n").encode())
    return folder


def _client(args: argparse.Namespace, size: int, stack: ExitStack) -> Any:
    """None (this process) or a Dask client, as the options and the family's size say."""
    from cpoly.scale.daskclient import dask_client

    in_process = args.workers == 0 or (args.workers is None and args.scheduler is None and size <= IN_PROCESS_TABLES)
    return None if in_process else stack.enter_context(dask_client(args.scheduler, args.workers))


def _analyse(args: argparse.Namespace, family: Family, run: dict[str, Any], directory: Path, client: Any,
             paytable: str) -> dict[str, Any]:
    """Every member's figures, chunk by chunk (checkpoints in ``directory``), joined."""
    import numpy as np

    from cpoly.games.videopoker.par.design import analyse_members
    from cpoly.scale.chunks import Chunk, run_chunks

    starts = range(0, family.size, CHUNK_TABLES)
    chunks = (Chunk(f"tables-{start}", analyse_members,
                    (str(Path(args.file).absolute()), not args.no_cache, paytable, args.tie_rule, args.monotone,
                     family.as_text(), start, min(start + CHUNK_TABLES, family.size), run["game"]))
              for start in starts)
    parts = []
    with progress_bar(f"analysing {family.size:,} pay tables", not args.json) as update:
        for _, arrays in run_chunks(client, directory / "tables", chunks, run, total=len(starts), progress=update):
            parts.append(arrays)
    return {name: np.concatenate([part[name] for part in parts]) for name in ("ids", "skipped", "return",
                                                                                "variance", "hit")}


def _member_json(family: Family, member: Member, constraints: Constraints) -> dict[str, Any]:
    from cpoly.games.videopoker.par.paychange import format_value

    return {"id": member.index, "pays": {c: format_value(v) for c, v in zip(family.categories, member.pays)},
            "return": float(member.expected_return), "return_exact": exact(member.expected_return),
            "variance": float(member.variance), "variance_exact": exact(member.variance),
            "standard_deviation": math.sqrt(member.variance),
            "hit_frequency": float(member.hit_frequency), "hit_frequency_exact": exact(member.hit_frequency),
            "distance_exact": exact(constraints.distance(member))}


def design_json(title: str, paytable: str, family: Family, constraints: Constraints, members: list[Member],
                skipped: int) -> dict[str, Any]:
    """The ``design --json`` contract."""
    from cpoly.games.videopoker.par.paychange import format_value

    def optional(value: Fraction | None) -> str | None:
        return None if value is None else format_value(value)

    return {"game": title, "paytable": paytable,
            "vary": {c: [format_value(v) for v in vs] for c, vs in zip(family.categories, family.values)},
            "family_size": family.size, "analysed": family.size - skipped, "skipped_not_monotone": skipped,
            "target": [format_value(constraints.low), format_value(constraints.high)],
            "max_variance": optional(constraints.max_variance), "min_hit": optional(constraints.min_hit),
            "meeting": len(members), "tables": [_member_json(family, m, constraints) for m in members]}


def write_csv(given: str, family: Family, members: list[Member], constraints: Constraints) -> None:
    """The tables that meet the constraints, one a row, nearest the target first (exact figures),
    written at ``given`` (claimed again, then written atomically: :func:`cpoly.store.outfile.write_claimed`)."""
    from cpoly.store.outfile import write_claimed

    text = io.StringIO(newline="")
    writer = csv.writer(text)
    writer.writerow([*family.categories, *CSV_FIGURES])
    for member in members:
        row = _member_json(family, member, constraints)
        writer.writerow([*row["pays"].values(), repr(row["return"]), row["return_exact"], repr(row["variance"]),
                         row["variance_exact"], repr(row["hit_frequency"]), row["hit_frequency_exact"],
                         row["distance_exact"]])
    write_claimed(given, text.getvalue().encode(), "--csv", CSV_WHAT, is_design_csv)


def is_design_csv(path: Path) -> bool:
    r"""Whether ``path`` is a table ``design --csv`` wrote (its header's last columns are :data:`CSV_FIGURES`).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     table, notes = Path(folder, "t.csv"), Path(folder, "n.csv")
    ...     _ = table.write_text("Flush," + ",".join(CSV_FIGURES) + "\r\n6,0.9,...")
    ...     _ = notes.write_text("my,own,data")
    ...     is_design_csv(table), is_design_csv(notes)
    (True, False)
    """
    with path.open("rb") as found:
        header = found.read(4096).partition(b"\n")[0].rstrip(b"\r").decode("utf-8")
    return header.endswith("," + ",".join(CSV_FIGURES))


def _print(data: dict[str, Any], family: Family) -> None:
    rows = [[*t["pays"].values(), f"{t['return']:.6%}", f"{t['variance']:.4f}", f"{t['hit_frequency']:.6f}"]
            for t in data["tables"][:SHOWN]]
    low, high = (f"{float(Fraction(end)):g}" for end in data["target"])
    print_table(f"{data['game']} ({data['paytable']}): {data['meeting']:,} of {data['family_size']:,} pay tables "
                f"return {low}..{high}" + ("" if data["max_variance"] is None else
                                           f", variance <= {float(Fraction(data['max_variance'])):g}")
                + ("" if data["min_hit"] is None else f", hit frequency >= {float(Fraction(data['min_hit'])):g}"),
                [*family.categories, "return", "variance", "hit frequency"], rows,
                [True] * (len(family.categories) + 3))
    if data["meeting"] > SHOWN:
        echo(f"... {data['meeting'] - SHOWN:,} more (--json or --csv FILE lists them all)")
    if data["skipped_not_monotone"]:
        echo(f"{data['skipped_not_monotone']:,} tables skipped: their pays rise down the pay order (--monotone)")
    echo("nearest the middle of the target first; exact figures in --json and --csv")
