"""No feature is silently ignored (issue 32, "Bad input"): every video-poker command run on a
game with two features (Multi-Strike and a wheel, on the 18-card test game) either solves each
one (``analyze``: its section) or warns naming it; a state option plays its feature and keeps
the other's warning; a state the game cannot be in is refused naming the value, exit 2, a JSON
error under ``--json``; a mistake in a feature of an imported file is located in that file."""

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
FEATURES = 'feature multi_strike: levels (1, 2, 4), free_ride (5%, 6%)\nfeature wheel "Lucky": on FourOfAKind, values (40, 80)\n'
WARNINGS = {"multi_strike": "feature multi_strike: this command plays the base game only",
            "wheel": 'feature wheel "Lucky": this command plays the base game only'}


@pytest.fixture
def game(tmp_path: Path) -> Path:
    path = tmp_path / "two_features.cp"
    path.write_text(f'import "{SMALL_GAME}"\n{FEATURES}', encoding="utf-8")
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
def test_a_command_that_plays_the_base_game_names_each_feature(command: list[str], game: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run([command[0], str(game), *command[1:]], monkeypatch)
    left_out = [kind for kind, warning in WARNINGS.items() if warning not in err]
    if command[0] == "train":  # it plays the Multi-Strike session: only the wheel is left out
        assert code == 0 and left_out == ["multi_strike"] and "level 1" in out, err
    else:
        assert code == 0 and left_out == [], err


def test_analyze_solves_both_features_and_drops_their_warnings(game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run(["analyze", str(game), "--json"], monkeypatch)
    assert code == 0 and not any(w in err for w in WARNINGS.values()), err
    assert [f["kind"] for f in json.loads(out)["features"]] == ["multi_strike", "wheel"]


def test_a_state_option_plays_its_feature_and_keeps_the_others_warning(game: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    for command in (["hold", str(game), *DEAL, "--level", "2"], ["strategy", str(game), "--level", "2", "--json"]):
        code, out, err = run(command, monkeypatch)
        assert code == 0 and WARNINGS["wheel"] in err and WARNINGS["multi_strike"] not in err, (command, err)


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
    assert code == 0 and "base game's" in note and "multi_strike" in note and 'wheel "Lucky"' in note, note


def test_the_par_report_says_its_multi_play_variances_are_the_base_games(game: Path, tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["report", str(game), "--json", "--out", str(tmp_path / "par")], monkeypatch)
    note = json.loads(out)["multiplay_note"]
    assert code == 0 and "base game's" in note and "multi_strike" in note, note
    assert "the multi-play variances (--plays) are the base game&#x27;s" in (tmp_path / "par" / "index.html").read_text()
