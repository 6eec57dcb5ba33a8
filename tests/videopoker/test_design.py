"""``cpoly design``: every member of a small family against ``cpoly analyze --pay`` of that
table; the constraints, --monotone and the order; the family's size refused before any work;
checkpoints, --resume and a Dask LocalCluster run equal to the in-process one."""

from __future__ import annotations

import csv
import io
import json
from contextlib import redirect_stderr, redirect_stdout
from fractions import Fraction
from itertools import product
from pathlib import Path
from typing import Any

import pytest

from cpoly.cli.main import main

from ..conftest import DEFINITIONS

SHARED_CACHE = True
JOB = str(DEFINITIONS / "jacks_or_better.cp")
FAMILY = ["--vary", "FullHouse=8..9", "Flush=5..6", "Straight=3..4"]


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


def run_json(*args: str) -> Any:
    code, out, err = run(*args, "--json")
    assert code == 0, err + out
    return json.loads(out)


def test_every_member_equals_analyze_pay() -> None:
    data = run_json("design", JOB, *FAMILY, "--target", "0..2", "--paytable", "8/5")
    assert (data["family_size"], data["analysed"], data["meeting"]) == (8, 8, 8)
    found = {tuple(t["pays"].values()): t for t in data["tables"]}
    assert set(found) == {(a, b, c) for a, b, c in product("89", "56", "34")}
    for (full, flush, straight), table in found.items():
        alone = run_json("analyze", JOB, "--paytable", "8/5", "--pay", f"FullHouse={full}", f"Flush={flush}",
                         f"Straight={straight}")
        assert table["return_exact"] == alone["return_exact"]
        assert float(Fraction(table["variance_exact"])) == table["variance"] == alone["variance"]
        assert float(Fraction(table["hit_frequency_exact"])) == alone["hit_frequency"]
    assert found[("9", "6", "4")]["return_exact"] == "1653526326983/1661102543100"  # 9/6: 99.5439 %
    assert found[("8", "5", "4")]["return_exact"] == "1616226757427/1661102543100"  # 8/5: 97.2984 %


def test_constraints_and_order(tmp_path: Path) -> None:
    every = run_json("design", JOB, *FAMILY, "--target", "0..2", "--paytable", "8/5")["tables"]
    target = (Fraction("0.96"), Fraction("0.98"))
    kept = run_json("design", JOB, *FAMILY, "--target", "0.96..0.98", "--max-variance", "19.3", "--min-hit", "0.4545",
                    "--paytable", "8/5", "--csv", str(tmp_path / "tables.csv"))
    expected = [t for t in every if target[0] <= Fraction(t["return_exact"]) <= target[1]
                and Fraction(t["variance_exact"]) <= Fraction("19.3")
                and Fraction(t["hit_frequency_exact"]) >= Fraction("0.4545")]
    middle = sum(target) / 2
    expected.sort(key=lambda t: (abs(Fraction(t["return_exact"]) - middle), t["id"]))
    assert 0 < len(kept["tables"]) < len(every)
    def without_distance(tables: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [{key: value for key, value in t.items() if key != "distance_exact"} for t in tables]

    assert without_distance(kept["tables"]) == without_distance(expected)
    for table in kept["tables"]:
        assert Fraction(table["distance_exact"]) == abs(Fraction(table["return_exact"]) - middle)
    with (tmp_path / "tables.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert [(r["FullHouse"], r["Flush"], r["Straight"], r["return_exact"], r["variance_exact"]) for r in rows] == [
        (*t["pays"].values(), t["return_exact"], t["variance_exact"]) for t in kept["tables"]]


def test_monotone() -> None:
    """FullHouse 4..6 below a Flush of 6 (or a Straight of 5 above a Flush of 4) rises down the
    pay order: those tables are skipped without analysis."""
    plain = run_json("design", JOB, "--vary", "FullHouse=4..6", "Flush=4..6", "Straight=5", "--target", "0..2")
    monotone = run_json("design", JOB, "--vary", "FullHouse=4..6", "Flush=4..6", "Straight=5", "--target", "0..2",
                        "--monotone")
    assert plain["family_size"] == monotone["family_size"] == 9
    ok = [t for t in plain["tables"] if int(t["pays"]["FullHouse"]) >= int(t["pays"]["Flush"]) >= 5]
    assert monotone["tables"] == sorted(ok, key=lambda t: (Fraction(t["distance_exact"]), t["id"]))
    assert (monotone["analysed"], monotone["skipped_not_monotone"]) == (3, 6)  # (5,5), (6,5), (6,6)


def test_family_too_large_refused_with_its_size() -> None:
    code, _, err = run("design", JOB, "--vary", "RoyalFlush=1..1000", "FullHouse=1..1000", "--target", "0.9..1")
    assert code == 2 and "the family has 1,000,000 pay tables (1,000 x 1,000): at most 200,000" in err


@pytest.mark.parametrize(("args", "message"), [
    (["--vary", "Full=6..9", "--target", "0.9..1"], "--vary: unknown category 'Full'"),
    (["--vary", "FullHouse=6..9", "FullHouse=7..8", "--target", "0.9..1"], "--vary gives 'FullHouse' twice"),
    (["--vary", "FullHouse=6..9", "--target", "1..0.9"], "--target 1..0.9: the low end is above the high end"),
    (["--vary", "FullHouse=6..9", "--target", "0.9..1", "--step", "0"], "--step must be positive"),
    (["--vary", "FullHouse=6..9", "--target", "x"], "--target: 'x' is not an exact number"),
    (["--vary", "FullHouse=6..9", "--target", "0.9..1", "--resume"], "--resume needs --out DIR"),
    (["--target", "0.9..1"], "--vary needs at least one"),
])
def test_bad_requests(args: list[str], message: str) -> None:
    code, _, err = run("design", JOB, *args)
    assert code == 2 and message in err, err


def test_checkpoints_resume_and_local_cluster(tmp_path: Path) -> None:
    """In this process with checkpoints; the same --out refused without --resume, resumed from
    its checkpoints (one damaged: recomputed, said so); a LocalCluster of 2 workers (started by
    the test on 127.0.0.1) gives the same tables.  About 15 s: the cluster's start and each
    worker's own preparation of the game."""
    args = ["design", JOB, "--vary", "FullHouse=7..9", "Flush=5..6", "--target", "0.9..1", "--paytable", "8/5"]
    first = run_json(*args, "--workers", "0", "--out", str(tmp_path / "run"))
    chunks = sorted((tmp_path / "run" / "tables").glob("*.npz"))
    assert len(chunks) == 1
    code, _, err = run(*args, "--workers", "0", "--out", str(tmp_path / "run"))
    assert code == 2 and "already holds a design run; pass --resume" in err
    chunks[0].write_bytes(chunks[0].read_bytes()[:100])  # damaged
    code, out, err = run(*args, "--workers", "0", "--out", str(tmp_path / "run"), "--resume", "--json")
    assert code == 0 and json.loads(out) == first and "computing the chunk again" in err
    code, out, err = run(*args[:-4], "--paytable", "8/5", "--target", "0.97..1", "--workers", "0", "--out",
                         str(tmp_path / "run"), "--resume", "--json")
    assert code == 0 and not err  # the target is not part of the run: the checkpoints still hold
    assert 0 < json.loads(out)["meeting"] < first["meeting"]
    code, _, err = run("design", JOB, "--vary", "FullHouse=7..8", "--target", "0.9..1", "--paytable", "8/5",
                       "--out", str(tmp_path / "run"), "--resume", "--workers", "0")
    assert code == 2 and "holds a design run of another family" in err
    on_dask = run_json(*args, "--workers", "2", "--out", str(tmp_path / "dask"))
    assert on_dask == first
    assert len(first["tables"]) == 6 and first["tables"][0]["pays"] == {"FullHouse": "7", "Flush": "5"}  # 96.147 %
