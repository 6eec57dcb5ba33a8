"""The ``cpoly equity`` and ``cpoly eval`` commands: JSON shape, tables, user errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from cpoly.cli.main import main
from tests.conftest import ROOT


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_equity_json_published(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "equity", "AsAh", "KsKh", "--json")
    data = json.loads(out)
    assert code == 0 and data["boards"] == 1_712_304 and data["exact"] is True
    aces, kings = data["players"]
    assert (aces["win"], kings["win"], aces["tie"]) == (1_410_336, 292_660, 9_308)
    assert aces["equity_exact"] == "707495/856152"
    assert aces["equity"] == pytest.approx(float(Fraction(707495, 856152)))
    assert set(aces["by_category"]) >= {"high card", "flush", "royal flush"}
    assert sum(c["occur"] for c in aces["by_category"].values()) == data["boards"]
    assert "method_reason" in data


def test_equity_monte_carlo_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "equity", "QQ+", "AKs", "--samples", "5000", "--seed", "1",
                       "--json")
    data = json.loads(out)
    assert code == 0 and data["exact"] is False and data["boards"] == 5000
    assert all(p["equity_exact"] is None and p["stderr"] > 0 for p in data["players"])


def test_equity_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "equity", "Ac Kc", "??", "--board", "2c", "7c", "9h", "--dead",
                       "Qs")
    assert code == 0
    assert "Ac Kc" in out and "flush" in out and "method: exact" in out


#: Questions whose tables must fit 80 columns: six hands, ranges with many deals, Monte Carlo.
NARROW = [
    ["AsAh", "KsKh", "QsQh", "JsJh", "TsTh", "9s9h"],
    ["QQ+,AK,A2s+", "??", "??", "--board", "2c7d9hJs3s"],
    ["AA@50,KK", "As?", "??", "--board", "Kd 7c 2s 3h", "--dead", "2h"],
    ["AsAh", "??", "??", "--samples", "3000", "--seed", "2"],
    ["AsAhKsKh", "QdJdTc9c", "--game", "definitions/omaha.cp"],
]


@pytest.mark.parametrize("question", NARROW)
def test_equity_table_fits_80_columns_and_shows_the_key_numbers(
        capsys: pytest.CaptureFixture[str], question: list[str]) -> None:
    code, out, _ = run(capsys, "equity", *question, "--fractions")
    _, raw, _ = run(capsys, "equity", *question, "--json")
    data = json.loads(raw)
    assert code == 0 and max(len(line) for line in out.splitlines()) <= 80
    lines = out.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith(" hand "))
    assert lines[:header - 1] == ([data["game"]] if "game" in data else [])
    for line, player in zip(lines[header + 2:], data["players"]):
        cells = [cell for cell in line.split() if cell != "│"]
        if not data["exact"]:
            assert float(cells.pop(2)) == pytest.approx(100 * player["stderr"], abs=1e-4)
        assert cells == [player["hand"], f"{100 * player['equity']:.4f}",
                         f"{100 * player['probability']['win']:.4f}",
                         f"{100 * player['probability']['tie']:.4f}", f"{player['win']:,}", f"{player['tie']:,}"]
    word = "deals" if data["exact"] else "samples"
    assert f"{data['boards']:,} {word}" in lines[header - 1]
    fractions = [player["equity_exact"] for player in data["players"]]
    assert all(f in out for f in fractions) if data["exact"] else "exact" not in lines[header - 1]


def test_fractions_only_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    _, plain, _ = run(capsys, "equity", "AsAh", "KsKh")
    _, both, _ = run(capsys, "equity", "AsAh", "KsKh", "--fractions")
    assert "707495/856152" not in plain and "707495/856152" in both and "9794/11891" in both


def test_equity_help_says_when_it_enumerates(capsys: pytest.CaptureFixture[str]) -> None:
    from cpoly.games.holdem.planner import AUTO_EXACT_SECONDS, DEFAULT_SAMPLES

    with pytest.raises(SystemExit):
        main(["equity", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert f"at most {AUTO_EXACT_SECONDS:.0f} s" in text and f"{DEFAULT_SAMPLES:,} Monte Carlo" in text


def test_eval_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "eval", "As", "Ks", "Qs", "Js", "Ts", "2c", "3d", "--json")
    data = json.loads(out)
    assert code == 0 and data["category"] == "royal flush" and data["code"] == 10
    assert data["best_five"] == ["As", "Ks", "Qs", "Js", "Ts"]
    assert len(data["cards"]) == 7 and isinstance(data["strength"], int)


def test_eval_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "eval", "5h4h3h2hAh")
    assert code == 0 and "straight flush" in out


BAD = [
    (["equity", "AsAh", "AsKd"], "As"),
    (["equity", "AsAh", "KsKh", "--board", "As", "2c", "3d"], "As"),
    (["equity", "AsAh", "KsKh", "--board", "2c"], "'2c'"),
    (["equity", "AsAh", "KsKh", "--board", "2c 3d 4h 5s 6c 7d"], "6"),
    (["equity", "AsAh", "Zx"], "'Zx'"),
    (["equity", "AsAh"], "at least 2"),
    (["equity", "AA", "KK", "--dead", "AsAhAdAc"], "'AA'"),
    (["equity", "AsAh", "KsKh", "--dead", "Qx"], "'Qx'"),
    (["equity", "AsAh", "KsKh", "--samples", "0"], "0"),
    (["eval", "As", "Ks"], "2"),
    (["eval", "As", "Ks", "Qs", "Js", "Ts", "9s", "8s", "7s"], "8"),
    (["eval", "As", "As", "Qs", "Js", "Ts"], "As"),
    (["equity", *["??"] * 11], "10"),
    (["equity", *["??"] * 10, "--dead", "2c3c4c5c6c7c8c9cTcJcQcKcAc2d3d4d5d6d7d8d9dTdJdQdKdAd2h3h"],
     "too many cards"),
    (["equity", "AA", "AA", "AA"], "no way to deal"),
    (["equity", "AsAh", "KsKh", "--board", "2c", "3c", "4c", "--dead", "4c"], "4c"),
    # a two-card word after the board's first word is a hand, never the turn and river
    (["equity", "--board", "2c", "7c", "AcKc", "QQ", "JJ"], "a board has 0, 3, 4 or 5 cards, got 2"),
    (["equity", "--board", "2c7c", "AcKc", "QQ"], "a board has 0, 3, 4 or 5 cards, got 2"),
    (["equity", "AsAh", "KsKh", "--seed", "-1", "--samples", "10"], "got -1"),
    (["equity", "AsAh", "KsKh", "--seed", "-1"], "got -1"),  # refused even where exact ignores it
]


@pytest.mark.parametrize(("argv", "named"), BAD)
def test_user_errors(capsys: pytest.CaptureFixture[str], argv: list[str], named: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("error:") and named in err and "Traceback" not in err


def test_module_entry_point_exit_code() -> None:
    proc = subprocess.run([sys.executable, "-m", "cpoly", "equity", "AsAh", "AsKd"],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 2 and "duplicate card 'As'" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_no_flushes_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "equity", "6h6d", "7c9c", "8sQs", "--no-flushes", "--json")
    data = json.loads(out)
    assert code == 0 and data["flushes"] is False
    percents = [round(100 * p["equity"], 4) for p in data["players"]]
    assert percents == [32.8611, 30.4328, 36.7061]  # seed 000: 66 79 8Q


def test_eval_unicode(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "eval", "A♠", "K♠", "Q♠", "J♠", "9♠", "--json")
    assert code == 0 and json.loads(out)["category"] == "flush"


def test_loss_beside_win_and_tie(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "equity", "AsAh", "KsKh", "--json")
    aces, kings = json.loads(out)["players"]
    assert code == 0 and aces["loss"] == 292_660 and kings["loss"] == 1_410_336
    for player in (aces, kings):
        for counts in player["by_category"].values():
            assert counts["win"] + counts["tie"] + counts["loss"] == counts["occur"]
        assert sum(c["loss"] for c in player["by_category"].values()) == player["loss"]


@pytest.mark.parametrize("argv", [
    ["--board", "2c", "7d", "9h", "AsAh", "KsKh"],
    ["--board", "2c7d9h", "AsAh", "KsKh"],
    ["AsAh", "--board", "2c", "7d", "9h", "KsKh"],
    ["AsAh", "KsKh", "--board", "2c", "7d", "9h"],
])
def test_board_anywhere(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, _ = run(capsys, "equity", *argv, "--json")
    data = json.loads(out)
    assert code == 0 and [p["hand"] for p in data["players"]] == ["AsAh", "KsKh"]
    assert data["boards"] == 990 and data["players"][0]["win"] == 907


@pytest.mark.parametrize(("hand", "message"), [
    ("As", "a hand is two cards (1 given"), ("AsKsQs", "a hand is two cards (3 given"),
])
def test_hand_of_one_or_three_cards(capsys: pytest.CaptureFixture[str], hand: str,
                                    message: str) -> None:
    code, out, err = run(capsys, "equity", hand, "KK")
    assert code == 2 and message in err and "'As?'" in err


@pytest.mark.parametrize("argv", [
    ["--board", "2c", "7c", "9h", "AcKc", "QQ"],
    ["--board", "2c7c9h", "AcKc", "QQ"],
    ["--board", "2c", "7c", "9h", "AcKc", "--dead", "3s", "QQ"],
    ["AcKc", "QQ", "--board", "2c", "7c", "9h"],
])
def test_the_board_used_is_shown(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    """The board (and dead cards) the result is for, in --json and in the table's title."""
    code, out, _ = run(capsys, "equity", *argv, "--json")
    data = json.loads(out)
    assert code == 0 and data["board"] == ["2c", "7c", "9h"]
    assert data["dead"] == (["3s"] if "--dead" in argv else [])
    assert [p["hand"] for p in data["players"]] == ["AcKc", "QQ"]
    code, out, _ = run(capsys, "equity", *argv)
    assert code == 0 and "board 2c 7c 9h" in out


def test_seed_is_checked_by_the_library() -> None:
    from cpoly.errors import CpolyInputError
    from cpoly.games.holdem.equity import equity

    with pytest.raises(CpolyInputError, match="got -1"):
        equity(["AsAh", "KsKh"], samples=10, seed=-1)
    assert equity(["AsAh", "KsKh"], "2c 7c 9h 3d", samples=10, seed=10**30).boards == 10


@pytest.mark.parametrize("argv", [
    ["AsAh", "--dead", "2c", "KsKh", "--board", "3c", "4d", "5h", "QQ"],
    ["AsAh", "--board", "3c", "4d", "5h", "KsKh", "--dead", "2c", "QQ"],
    ["--board", "3c", "4d", "5h", "AsAh", "--dead", "2c", "KsKh", "--", "QQ"],
    ["AsAh", "KsKh", "QQ", "--board", "3c", "4d", "5h", "--dead", "2c"],
])
def test_hands_keep_their_command_line_order(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    """Hands typed after --board or --dead keep their place (they were appended board-first)."""
    code, out, _ = run(capsys, "equity", "--samples", "200", "--seed", "1", "--json", *argv)
    assert code == 0 and [p["hand"] for p in json.loads(out)["players"]] == ["AsAh", "KsKh", "QQ"]


def test_a_warm_two_hand_question_loads_only_what_it_needs(tmp_path: Path) -> None:
    """Warm (the game's rules and the preflop strength table in the store), ``cpoly equity AsAh
    KsKh --exact`` through a pipe builds no table and imports neither rich, nor the .cp parser,
    nor Omaha's methods or ranges, nor the deck's suit symmetries, nor NumPy (known hands reads the
    stored table as memoryviews); its tables are the cold ones (the cold run's method is holdings)."""
    child = ("import sys\n"
             "from cpoly.cli.main import main\n"
             "code = main(['equity', 'AsAh', 'KsKh', '--exact'])\n"
             "print(' '.join(sorted(sys.modules)), file=sys.stderr)\n"
             "sys.exit(code)\n")
    env = {**os.environ, "CPOLY_CACHE_DIR": str(tmp_path), "PYTHONPATH": str(ROOT)}
    env.pop("CPOLY_NO_CACHE", None)
    runs = [subprocess.run([sys.executable, "-c", child, mode], env=env, capture_output=True, text=True,
                           check=True, cwd=ROOT) for mode in ("cold", "warm")]
    assert runs[0].stdout.splitlines()[:-1] == runs[1].stdout.splitlines()[:-1] and "707495" not in runs[1].stdout
    assert "82.6366" in runs[1].stdout.splitlines()[3]
    packages = {m.rsplit(".", 1)[0] for m in runs[1].stderr.split()} | set(runs[1].stderr.split())
    unwanted = {"rich", "lark", "cpoly.lang", "numpy", "cpoly.games.holdem.omaha",
                "cpoly.games.holdem.omaha_exact", "cpoly.games.holdem.omaha_gather",
                "cpoly.games.holdem.omaha_ranges", "cpoly.deck.symmetry", "cpoly.games.holdem.boards",
                "cpoly.games.holdem.holding"}
    assert packages & unwanted == set()
