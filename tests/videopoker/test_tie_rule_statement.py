"""A game's ``tie_rule`` statement: the tie rule of every video-poker command that is not given
``--tie-rule``, on the slow and the warm paths alike, and stated where it comes from.

Oracles: the slow path with ``--no-cache`` (the game classified again, no cache file read) for
the warm ``analyze`` and ``hold``; ``--tie-rule`` naming the same rule for the default; the
published rows of Royal Aces Bonus Poker are in ``test_published_rows.py``.  The deal
``2h 7h Kc Qc 8h`` of Royal Aces Bonus 10-5 has two best holds, which ``fewest-cards`` and
``rank-order`` decide differently, so a rule that is not applied shows.
"""

from __future__ import annotations

import io
import json
import shutil
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from cpoly.cli.main import main
from cpoly.games.videopoker.game import VideoPoker
from cpoly.games.videopoker.warm import warmanalysis

from ..conftest import DEFINITIONS

SHARED_CACHE = True
GAME = str(DEFINITIONS / "royal_aces_bonus.cp")
TIED = ["2h", "7h", "Kc", "Qc", "8h"]
Run = tuple[int, str, str]


def run_cli(args: list[str]) -> Run:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(args)
    return code, out.getvalue(), err.getvalue()


def run_json(args: list[str]) -> Any:
    code, out, err = run_cli([*args, "--json"])
    assert code == 0, err
    return json.loads(out)


def warm(args: list[str], monkeypatch: pytest.MonkeyPatch) -> Run:
    """The warm path's answer (loading the game fails the test)."""
    def refuse(*_: object, **__: object) -> VideoPoker:
        raise AssertionError("the slow path ran")

    with monkeypatch.context() as warm_only:
        warm_only.setattr(VideoPoker, "load", refuse)
        return run_cli(args)


def test_the_statement_is_the_default_and_the_flag_overrides_it() -> None:
    stated = run_json(["analyze", GAME])
    assert (stated["tie_rule"], stated["tie_rule_from"]) == ("fewest-cards", f"{GAME}:14:1")
    flagged = run_json(["analyze", GAME, "--tie-rule", "rank-order"])
    assert (flagged["tie_rule"], flagged["tie_rule_from"]) == ("rank-order", "--tie-rule")
    assert flagged["categories"] != stated["categories"]  # the tied deals move rows
    assert run_json(["analyze", GAME, "--tie-rule", "fewest-cards"])["categories"] == stated["categories"]
    plain = run_json(["analyze", str(DEFINITIONS / "jacks_or_better.cp")])
    assert (plain["tie_rule"], plain["tie_rule_from"]) == ("rank-order", "cpoly's default")


def test_hold_plays_the_games_rule() -> None:
    stated, flagged = run_json(["hold", GAME, *TIED]), run_json(["hold", GAME, *TIED, "--tie-rule", "rank-order"])
    assert stated["best"]["ev_exact"] == flagged["best"]["ev_exact"]
    assert stated["best"]["held"] != flagged["best"]["held"]
    assert run_json(["hold", GAME, *TIED, "--tie-rule", "fewest-cards"])["best"] == stated["best"]
    poker = VideoPoker.load(GAME)
    assert poker.tie_rule.value == "fewest-cards"
    assert poker.hold(TIED).best == poker.hold(TIED, tie_rule="fewest-cards").best != \
        poker.hold(TIED, tie_rule="rank-order").best


@pytest.mark.parametrize("command", [["analyze", GAME], ["analyze", GAME, "--paytable", "9-5", "--json"],
                                     ["analyze", GAME, "--tie-rule", "rank-order", "--json"],
                                     ["hold", GAME, *TIED], ["hold", GAME, *TIED, "--json"]])
def test_the_warm_paths_answer_as_the_game_loaded_without_a_cache(command: list[str],
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    run_cli(["analyze", GAME])  # writes the hold file
    assert warmanalysis.open_analysis(GAME, None) is not None
    cold = run_cli([*command, "--no-cache"])
    assert cold[0] == 0
    assert warm(command, monkeypatch) == cold


def test_an_edited_statement_is_never_answered_from_the_old_hold_file(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    game = tmp_path / "game.cp"
    shutil.copy(GAME, game)
    before = run_json(["analyze", str(game)])
    assert warm(["hold", str(game), *TIED, "--json"], monkeypatch)[0] == 0
    game.write_text(game.read_text(encoding="utf-8").replace("tie_rule fewest-cards", "tie_rule rank-order"),
                    encoding="utf-8")
    after = run_json(["analyze", str(game)])
    assert (after["tie_rule"], after["tie_rule_from"]) == ("rank-order", f"{game}:14:1")
    assert after["categories"] == run_json(["analyze", GAME, "--tie-rule", "rank-order"])["categories"]
    assert after["categories"] != before["categories"]
    assert run_json(["hold", str(game), *TIED])["best"] == run_json(["hold", GAME, *TIED, "--tie-rule",
                                                                       "rank-order"])["best"]
