"""No feature is silently ignored (issue 32, "Bad input"): every video-poker command run on a
game with a feature (Multi-Strike on the 18-card test game) either solves it (``analyze``: its
section) or warns naming it; a game with a second feature is refused at it, naming both (no two
compose); a state the game cannot be in is refused naming the value, exit 2, a JSON error under
``--json``; a mistake in a feature of an imported file is located in that file."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from cpoly.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
SMALL_GAME = (ROOT / "tests" / "fixtures" / "small_poker.cp").as_posix()
DEAL = ["Ah", "Kh", "Qh", "9d", "9c"]
FEATURE = "feature multi_strike: levels (1, 2, 4), free_ride (5%, 6%)\n"
WARNING = "feature multi_strike: this command plays the base game only"
SECOND = 'feature wheel "Lucky": on FourOfAKind, values (40, 80)\n'


@pytest.fixture
def game(tmp_path: Path) -> Path:
    path = tmp_path / "multi_strike.cp"
    path.write_text(f'import "{SMALL_GAME}"\n{FEATURE}', encoding="utf-8")
    return path


def run(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # train: the end of input at once
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(argv)
    assert "Traceback" not in err.getvalue() and "internal error" not in err.getvalue(), err.getvalue()
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("command", [
    ["count"], ["hold", *DEAL], ["hold", *DEAL, "--json"], ["strategy"], ["strategy", "--json"],
    ["sweep", "FullHouse=8..9"], ["design", "--vary", "FullHouse=8..9", "--target", "0..2"],
    ["analyze", "--play-as", "flat"], ["train", "--hands", "1", "--seed", "1"],
], ids=lambda argv: " ".join(argv))
def test_a_command_that_plays_the_base_game_names_the_feature(command: list[str], game: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run([command[0], str(game), *command[1:]], monkeypatch)
    if command[0] == "train":  # it plays the Multi-Strike session: nothing is left out
        assert code == 0 and WARNING not in err and "level 1" in out, err
    else:
        assert code == 0 and WARNING in err, err


def test_analyze_solves_the_feature_and_drops_its_warning(game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run(["analyze", str(game), "--json"], monkeypatch)
    assert code == 0 and WARNING not in err, err
    assert [f["kind"] for f in json.loads(out)["features"]] == ["multi_strike"]


def test_a_state_option_plays_the_feature_without_its_warning(game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for command in (["hold", str(game), *DEAL, "--level", "2"], ["strategy", str(game), "--level", "2", "--json"]):
        code, out, err = run(command, monkeypatch)
        assert code == 0 and WARNING not in err, (command, err)


@pytest.mark.parametrize("command", [["analyze"], ["hold", *DEAL, "--level", "2"], ["strategy"], ["count"]],
                         ids=lambda argv: " ".join(argv))
def test_a_second_feature_is_refused_naming_both(command: list[str], game: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Multi-Strike and a wheel do not compose (each is solved on the base game alone): every
    command refuses the game at the wheel's line, plain and under --json."""
    game.write_text(game.read_text(encoding="utf-8") + SECOND, encoding="utf-8")
    named = 'a second feature: wheel "Lucky" cannot be played with multi_strike (line 2)'
    code, out, err = run([command[0], str(game), *command[1:]], monkeypatch)
    assert code == 2 and out == "" and f"{game}:3:9: error: {named}" in err, err
    code, out, _ = run([command[0], str(game), *command[1:], "--json"], monkeypatch)
    error = json.loads(out)["error"]
    assert code == 2 and named in error["message"] and (error["line"], error["column"]) == (3, 9), error


@pytest.mark.parametrize("options, named", [
    (["--level", "4"], "--level 4: this game has no level 4 (its levels: 1, 2, 3)"),
    (["--level", "0"], "--level 0: this game has no level 0"),
    (["--multipliers", "2"], "--multipliers: this game has no ultimate_x feature"),
    (["--level", "2", "--multipliers", "2"], "--level and --multipliers name states of two different features"),
])
@pytest.mark.parametrize("command", ["hold", "strategy"])
def test_a_state_the_game_cannot_be_in_is_refused_naming_it(command: str, options: list[str], named: str, game: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    cards = DEAL if command == "hold" else []
    code, out, err = run([command, str(game), *cards, *options], monkeypatch)
    assert code == 2 and named in err and out == "", err
    code, out, _ = run([command, str(game), *cards, *options, "--json"], monkeypatch)
    assert code == 2 and named in json.loads(out)["error"]["message"]


def test_a_mistake_in_an_imported_feature_is_located_in_the_imported_file(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "base.cp").write_text(f'import "{SMALL_GAME}"\nfeature multi_strike: levels (1, 2), free_ride 150%\n',
                                      encoding="utf-8")
    (tmp_path / "game.cp").write_text('import "base.cp"\n', encoding="utf-8")
    code, out, _ = run(["analyze", str(tmp_path / "game.cp"), "--json"], monkeypatch)
    error = json.loads(out)["error"]
    assert code == 2 and error["file"].endswith("base.cp") and (error["line"], error["column"]) == (2, 48), error
    assert "a chance is between 0 and 1" in error["message"]


def test_analyze_plays_says_its_multi_play_variances_are_the_base_games(game: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["analyze", str(game), "--plays", "1", "3", "--json"], monkeypatch)
    note = json.loads(out)["multiplay_note"]
    assert code == 0 and "base game's" in note and "multi_strike" in note, note


def test_the_par_report_says_its_multi_play_variances_are_the_base_games(game: Path, tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["report", str(game), "--json", "--out", str(tmp_path / "par")], monkeypatch)
    note = json.loads(out)["multiplay_note"]
    assert code == 0 and "base game's" in note and "multi_strike" in note, note
    assert "the multi-play variances (--plays) are the base game&#x27;s" in (tmp_path / "par" / "index.html").read_text()
