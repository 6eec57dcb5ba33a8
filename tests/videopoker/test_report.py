"""``cpoly report``: every figure of the PAR report against the commands it reuses (``analyze
--json``, ``analyze --plays``, ``sweep --json``, ``strategy --json``) and against the exact
definitions of its own figures (cycle, share, volatility index, limits, minimum); the page's
cells against the report's JSON; the page opened in headless Chromium (screenshot in
the test's tmp_path); atomic output; bad requests named."""

from __future__ import annotations

import hashlib
import html.parser
import io
import json
import math
from contextlib import redirect_stderr, redirect_stdout
from fractions import Fraction
from pathlib import Path
from statistics import NormalDist
from typing import Any

import pytest

from cpoly.cli.main import main

from ..conftest import DEFINITIONS

SHARED_CACHE = True
JOB = str(DEFINITIONS / "jacks_or_better.cp")
ROOT = Path(__file__).resolve().parent.parent.parent
LIBRARY = ROOT / "cpoly" / "lib"


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


def run_json(*args: str) -> Any:
    code, out, err = run(*args, "--json")
    assert code == 0, err + out
    return json.loads(out)


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory, module_cache: Path) -> tuple[Path, Any]:
    """8/5 Jacks or Better with a royal sweep: the folder written and the --json printed."""
    out = tmp_path_factory.mktemp("report") / "par"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CPOLY_CACHE_DIR", str(module_cache))  # the module's cache (module scope)
        data = run_json("report", JOB, "--paytable", "8/5", "--plays", "1", "3", "10", "--sweep",
                        "RoyalFlush=800..2000", "--out", str(out))
    return out, data


def test_figures_equal_analyze_json(report: tuple[Path, Any]) -> None:
    out, data = report
    analyze = run_json("analyze", JOB, "--paytable", "8/5", "--plays", "1", "3", "10")
    assert data["analysis"] == {key: value for key, value in analyze.items() if key != "multiplay"}
    assert data["multiplay"] == analyze["multiplay"]
    assert json.loads((out / "report.json").read_text()) == data  # the folder's copy is the same document
    par, total = data["par"], analyze["total_combinations"]
    assert par["return_exact"] == analyze["return_exact"] == "1616226757427/1661102543100"  # 97.2984 %
    assert float(Fraction(par["variance_exact"])) == analyze["variance"]
    assert float(Fraction(par["hit_frequency_exact"])) == analyze["hit_frequency"]
    assert par["standard_deviation"] == analyze["standard_deviation"]
    returns = Fraction(0)
    for hand, row in zip(par["hands"], analyze["categories"], strict=True):
        assert (hand["name"], hand["combinations"]) == (row["name"], row["combinations"])
        assert Fraction(hand["probability_exact"]) == Fraction(row["combinations"], total)
        assert float(Fraction(hand["return_exact"])) == row["return"]
        assert Fraction(hand["pays_exact"]) == row["pays"]
        if row["combinations"]:
            assert Fraction(hand["cycle_exact"]) == Fraction(total, row["combinations"])
        assert Fraction(hand["share_exact"]) == Fraction(hand["return_exact"]) / Fraction(par["return_exact"])
        returns += Fraction(hand["return_exact"])
    assert returns == Fraction(par["return_exact"])
    assert par["hands"][0]["cycle"] == total / analyze["categories"][0]["combinations"]  # 40,169.75 (8/5)


def test_volatility_limits_and_minimum(report: tuple[Path, Any]) -> None:
    par = report[1]["par"]
    sd, expected = par["standard_deviation"], par["return"]
    z90, z95 = NormalDist().inv_cdf(0.95), NormalDist().inv_cdf(0.975)
    assert [(v["confidence"], v["z"], v["index"]) for v in par["volatility_index"]] == [
        (0.9, z90, z90 * sd), (0.95, z95, z95 * sd)]
    assert round(z90, 4) == 1.6449 and round(z95, 4) == 1.96
    assert [row["hands"] for row in par["confidence_limits"]["rows"]] == [10**3, 10**4, 10**5, 10**6, 10**7]
    for row in par["confidence_limits"]["rows"]:
        for limit, z in zip(row["limits"], (z90, z95), strict=True):
            assert limit["low"] == pytest.approx(expected - z * sd / math.sqrt(row["hands"]), rel=1e-14)
            assert limit["high"] == pytest.approx(expected + z * sd / math.sqrt(row["hands"]), rel=1e-14)
    assert par["minimum"] | {"margin": None} == {
        "jurisdiction": "Nevada", "required": 0.75, "required_exact": "3/4", "verdict": "PASS", "margin": None,
        "margin_exact": str(Fraction(par["return_exact"]) - Fraction(3, 4))}


def test_minimum_fails_exactly_above_the_return() -> None:
    """The verdict compares exact fractions: the return itself passes, one above it fails."""
    exact = Fraction("1616226757427/1661102543100")
    at = run_json("report", JOB, "--paytable", "8/5", "--plays", "1", "--minimum", f"{exact.numerator}/{exact.denominator}")
    above = run_json("report", JOB, "--paytable", "8/5", "--plays", "1", "--minimum", "0.973",
                     "--jurisdiction", "Atlantis")
    assert at["par"]["minimum"]["verdict"] == "PASS" and at["par"]["minimum"]["margin_exact"] == "0/1"
    assert above["par"]["minimum"] | {"margin": 0} == {"jurisdiction": "Atlantis", "required": 0.973,
                                                         "required_exact": "973/1000", "verdict": "FAIL",
                                                         "margin": 0, "margin_exact": str(exact - Fraction(973, 1000))}


def test_sweep_equals_cpoly_sweep(report: tuple[Path, Any]) -> None:
    sweep = report[1]["sweep"]
    alone = run_json("sweep", JOB, "RoyalFlush=800..2000", "--paytable", "8/5")
    assert {key: value for key, value in sweep.items() if key != "curve"} == alone
    assert sweep["break_even"]["value_exact"] == "88383208636/50995941"  # 1,733.14 per coin (docs)
    # the curve: both ends and every turning point, each the return cpoly sweep gives there
    values = [Fraction(point["value_exact"]) for point in sweep["curve"]]
    turns = [Fraction(turn["value_exact"]) for turn in alone["turning_points"]]
    assert values == sorted({Fraction(800), Fraction(2000), *turns})
    ends = {Fraction(p["value_exact"]): p["return_exact"] for p in alone["points"]}
    assert sweep["curve"][0]["return_exact"] == ends[Fraction(800)]
    assert sweep["curve"][-1]["return_exact"] == ends[Fraction(2000)]
    some = turns[len(turns) // 2]
    at = run_json("sweep", JOB, f"RoyalFlush={some.numerator}/{some.denominator}..2000", "--points", "2",
                  "--paytable", "8/5")
    assert sweep["curve"][values.index(some)]["return_exact"] == at["points"][0]["return_exact"]


class _Cells(html.parser.HTMLParser):
    """The ``data-exact`` of every number cell of each table, by table id, and the images."""

    def __init__(self) -> None:
        super().__init__()
        self.table: str | None = None
        self.cells: dict[str, list[str]] = {}
        self.images: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "table":
            self.table = found.get("id")
        elif tag == "img":
            self.images.append(str(found["src"]))
        elif self.table and "data-exact" in found:
            self.cells.setdefault(self.table, []).append(str(found["data-exact"]))

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self.table = None


def test_page_cells_are_the_json_figures(report: tuple[Path, Any]) -> None:
    out, data = report
    cells = _Cells()
    cells.feed((out / "index.html").read_text())
    par = data["par"]
    expected_hands = [str(v) for h in par["hands"] for v in (h["pays_exact"], h["combinations"], h["probability_exact"],
                                                              h["return_exact"], h["share_exact"])]
    assert cells.cells["hands"] == expected_hands + [str(data["analysis"]["total_combinations"]), par["return_exact"]]
    assert cells.cells["summary"] == [par["return_exact"], par["hit_frequency_exact"], par["variance_exact"]]
    assert cells.cells["multiplay"] == [str(v) for row in data["multiplay"]["plays"]
                                        for v in (row["plays"], row["variance_per_bet_exact"],
                                                  row["variance_per_line_exact"])]
    assert cells.cells["sweep"] == [v for p in data["sweep"]["points"] for v in (p["value_exact"], p["return_exact"])]
    assert cells.images == ["shares.png", "limits.png", "multiplay.png", "sweep.png"]
    for image in cells.images:
        assert (out / image).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_provenance(report: tuple[Path, Any]) -> None:
    from cpoly import __version__

    source = report[1]["provenance"]
    files = {Path(entry["path"]).resolve(): entry["sha256"] for entry in source["files"]}
    assert list(files)[0] == Path(JOB).resolve()  # the game's own file first, then every imported file
    assert set(files) == {Path(JOB).resolve(), *(LIBRARY / name for name in ("poker.cp", "deck.cp", "values.cp"))}
    for path, digest in files.items():
        assert digest == hashlib.sha256(path.read_bytes()).hexdigest()
    assert (source["cpoly_version"], source["tie_rule"], source["tie_rule_from"]) == \
        (__version__, "rank-order", "cpoly's default")
    assert len(source["code_digest"]) == 64 and source["date"][:2] == "20"


def test_provenance_names_the_games_tie_rule_statement(tmp_path: Path) -> None:
    game = str(DEFINITIONS / "royal_aces_bonus.cp")
    data = run_json("report", game, "--plays", "1", "--out", str(tmp_path / "par"))
    assert (data["provenance"]["tie_rule"], data["provenance"]["tie_rule_from"]) == ("fewest-cards", f"{game}:14:1")
    assert data["analysis"] == {key: value for key, value in run_json("analyze", game).items()}
    flagged = run_json("report", game, "--tie-rule", "rank-order", "--plays", "1")["provenance"]
    assert (flagged["tie_rule"], flagged["tie_rule_from"]) == ("rank-order", "--tie-rule")
    assert "tie rule fewest-cards (from " in (tmp_path / "par" / "index.html").read_text()


def test_a_changed_pay_equals_analyze_pay(tmp_path: Path) -> None:
    """``--pay`` (a progressive's meter): every figure is ``analyze --pay``'s, the strategy re-solved."""
    pays = ["--pay", "RoyalFlush=1760", "Flush=11/2"]
    data = run_json("report", JOB, "--paytable", "8/5", *pays, "--plays", "1", "5", "--out", str(tmp_path / "par"))
    analyze = run_json("analyze", JOB, "--paytable", "8/5", *pays, "--plays", "1", "5")
    assert data["analysis"] == {key: value for key, value in analyze.items() if key != "multiplay"}
    assert data["multiplay"] == analyze["multiplay"]
    assert data["analysis"]["paytable"] == "8/5 with RoyalFlush=1760 Flush=11/2"
    assert data["par"]["return_exact"] == analyze["return_exact"] != run_json("analyze", JOB, "--paytable", "8/5")["return_exact"]
    assert [Fraction(h["pays_exact"]) for h in data["par"]["hands"]][:5] == [1760, 50, 25, 8, Fraction(11, 2)]
    assert [h["combinations"] for h in data["par"]["hands"]] == [c["combinations"] for c in analyze["categories"]]
    assert "8/5 with RoyalFlush=1760 Flush=11/2" in (tmp_path / "par" / "index.html").read_text()


def test_play_as_equals_analyze_play_as(tmp_path: Path) -> None:
    """``--play-as 8/5`` on a progressive 8/5: the figures of that strategy's play, as ``analyze``'s."""
    options = ["--paytable", "8/5", "--pay", "RoyalFlush=1760", "--play-as", "8/5"]
    data = run_json("report", JOB, *options, "--out", str(tmp_path / "par"))
    analyze = run_json("analyze", JOB, *options)
    assert data["analysis"] == analyze
    assert data["par"]["return_exact"] == analyze["return_exact"]
    assert Fraction(analyze["play_as"]["cost_exact"]) > 0  # not re-solving costs something
    assert data["multiplay"] is None and "--play-as" in data["multiplay_note"]
    assert data["heading"] == "played with the strategy optimal for 8/5"
    assert analyze["play_as"]["cost_exact"] in (tmp_path / "par" / "index.html").read_text()


def test_strategy_equals_cpoly_strategy(tmp_path: Path) -> None:
    """The chart and its exact cost are those of ``cpoly strategy --json`` (a few seconds: the
    chart search)."""
    data = run_json("report", JOB, "--paytable", "8/5", "--plays", "1", "--strategy", "--lines", "12",
                    "--out", str(tmp_path / "par"))
    alone = run_json("strategy", JOB, "--paytable", "8/5", "--lines", "12")
    assert data["strategy"] == alone
    assert data["strategy"]["optimal_return_exact"] == data["par"]["return_exact"]
    page = (tmp_path / "par" / "index.html").read_text()
    assert f'data-exact="{alone["cost_exact"]}"' in page and "Strategy chart (12 lines)" in page


def test_page_in_chromium(report: tuple[Path, Any], tmp_path: Path) -> None:
    """The page as a person sees it: headless Debian chromium (never skipped), every image
    loaded, the figures shown; the screenshot goes to the test's tmp_path."""
    from tests.web.conftest import CHROMIUM, CHROMIUM_FLAGS

    out, data = report
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        try:
            page = browser.new_page(viewport={"width": 1000, "height": 900})
            page.goto((out / "index.html").as_uri())
            assert page.title() == "PAR report: Jacks or Better (8/5)"
            rows = page.locator("#hands tbody tr")
            assert rows.count() == len(data["analysis"]["categories"])
            assert rows.nth(0).locator("td").nth(1).inner_text() == f"{data['par']['hands'][0]['combinations']:,}"
            assert "1 in 40,169.8" in rows.nth(0).inner_text()
            assert page.locator("#minimum .verdict").inner_text() == "PASS"
            assert page.locator("#summary").inner_text().count("97.298434 %") == 1
            widths = page.eval_on_selector_all("img", "images => images.map(i => i.complete ? i.naturalWidth : 0)")
            assert len(widths) == 4 and min(widths) > 300
            page.screenshot(path=str(tmp_path / "par_report.png"), full_page=True)
            page.emulate_media(media="print")
            assert page.locator("h1").inner_text() == "Jacks or Better (8/5)"
        finally:
            browser.close()


def test_output_is_atomic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A failure while writing leaves no folder (and an earlier report as it was); a folder of
    other files is refused before any work."""
    import cpoly.games.videopoker.par.parplots as parplots

    out = tmp_path / "par"
    assert run("report", JOB, "--plays", "1", "--out", str(out))[0] == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}

    def broken(data: Any, folder: Path) -> Any:
        (folder / "shares.png").write_bytes(b"half")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(parplots, "draw_figures", broken)
    code, _, err = run("report", JOB, "--plays", "1", "--paytable", "8/5", "--out", str(out))
    assert code == 2 and "No space left on device" in err
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before  # the earlier report, untouched
    assert sorted(p.name for p in tmp_path.iterdir()) == ["par"]      # no temporary folder left
    code, _, err = run("report", JOB, "--out", str(tmp_path / "new"))
    assert code == 2 and not (tmp_path / "new").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["par"]
    other = tmp_path / "mine"
    other.mkdir()
    (other / "notes.txt").write_text("keep")
    code, _, err = run("report", JOB, "--out", str(other))
    assert code == 2 and "holds other files" in err and (other / "notes.txt").read_text() == "keep"


@pytest.mark.parametrize(("args", "message"), [
    (["--out", "x", "--minimum", "three"], "--minimum: 'three' is not an exact number"),
    (["--out", "x", "--minimum", "75"], "a return between 0 and 1"),
    (["--out", "x", "--plays", "0"], "--plays 0: a number of lines is at least 1"),
    (["--out", "x", "--sweep", "Royal=800..900"], "--sweep: unknown category 'Royal' (did you mean 'RoyalFlush'?)"),
    (["--out", "x", "--sweep", "RoyalFlush=900..800"], "the low end 900 is above the high end 800"),
    (["--out", "x", "--strategy", "--lines", "0"], "--lines"),
    (["--out", "x", "--pay", "Royal=1760"], "unknown category 'Royal'"),
    (["--out", "x", "--play-as", "8/5", "--plays", "3"], "--plays with --play-as is not supported"),
    (["--out", "x", "--play-as", "8/5", "--strategy"], "--strategy with --play-as is not supported"),
    ([], "cpoly report needs --out DIR"),
])
def test_bad_requests(args: list[str], message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run("report", JOB, *args)
    assert code == 2 and message in err, err
    assert not (tmp_path / "x").exists()


def test_ordered_game_without_multiplay(tmp_path: Path) -> None:
    """A game multi-play does not support yet: --plays is refused before any work; without it
    the report has no multi-play section and says why (the source's own refusal)."""
    import argparse

    from cpoly.cli.parreport import _multiplay
    from cpoly.errors import CpolyError

    code, _, err = run("report", str(DEFINITIONS / "sequential_royal.cp"), "--plays", "3", "--out", str(tmp_path / "a"))
    assert code == 2 and "--plays is not supported for ordered games" in err and not (tmp_path / "a").exists()

    class Ordered:
        def plain(self, feature: str) -> None:
            raise CpolyError(f"{feature} is not supported for ordered games yet")

    found = _multiplay(argparse.Namespace(plays=[]), Ordered(), None)  # type: ignore[arg-type]
    assert found == {"multiplay": None, "multiplay_note": "--plays is not supported for ordered games yet"}
