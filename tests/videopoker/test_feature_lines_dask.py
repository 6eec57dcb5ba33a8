"""Multi-line Ultimate X on Dask: a LocalCluster of 2 workers started here (on 127.0.0.1, as the
search's tests do) gives byte-for-byte the solution of the in-process solve on the 18-card deck,
through the API (many small ranges of deal classes, joined exactly) and through
``cpoly analyze --workers 2``; a worker refuses a game other than the one being solved."""

from __future__ import annotations

import shutil
from dataclasses import replace
from functools import partial

import pytest

from cpoly.cli.daskoptions import prepared_from_cache
from cpoly.games.videopoker.feature import linesdask
from cpoly.games.videopoker.feature.linesdask import LinesOnDask, WorkerJob, job_key
from cpoly.games.videopoker.feature.linespasses import InProcess, class_ranges
from cpoly.games.videopoker.feature.ultimatexlines import analyze_ultimate_x_lines, per_line_model_return
from cpoly.games.videopoker.game import VideoPoker
from cpoly.lang.features import UltimateX
from cpoly.scale.daskclient import dask_client
from tests.conftest import ROOT
from tests.videopoker.test_feature_commands import run_cli

SMALL = ROOT / "tests" / "fixtures" / "small_poker.cp"
THREE_LINES = ("feature ultimate_x: lines 3, multipliers (RoyalFlush 2, StraightFlush 2, FourOfAKind 3, "
               "FullHouse 12, Flush 10, Straight 7, ThreeOfAKind 4, TwoPair 3, JacksOrBetter 2)\n")
#: Deal classes a task: the 18-card deck's classes split into many tasks.
SMALL_CHUNK = 16


@pytest.fixture(scope="module")
def game_file(tmp_path_factory: pytest.TempPathFactory) -> str:
    folder = tmp_path_factory.mktemp("lines")
    shutil.copy(SMALL, folder / "small_poker.cp")
    path = folder / "ux3.cp"
    path.write_text(f'import "small_poker.cp"\n{THREE_LINES}')
    return str(path)


def test_a_local_cluster_solves_as_this_process(game_file: str) -> None:
    """The solution (every total's share, relative value and policy, the rounds) and the
    per-line model's return, on 2 workers with tasks of 16 classes, equal the in-process ones;
    the two passes report their tasks to the progress callback; each worker built the model."""
    poker = VideoPoker.load(game_file)
    feature = poker.game.spec.features[0]
    assert isinstance(feature, UltimateX) and feature.lines == 3
    prepared, table = poker.single_deck(use_cache=False), poker.paytable()
    here = InProcess(SMALL_CHUNK)
    expected = analyze_ultimate_x_lines(prepared, table, feature, passes=here)
    assert expected == analyze_ultimate_x_lines(prepared, table, feature)  # the range size changes nothing
    tasks = len(class_ranges(len(prepared.sizes), SMALL_CHUNK))
    assert tasks >= 8
    job = WorkerJob(partial(prepared_from_cache, game_file, False), table, feature, job_key(prepared, table, feature))
    reported: list[tuple[int, int]] = []
    with dask_client(None, workers=2) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        dask = LinesOnDask(client, job, SMALL_CHUNK)
        found = analyze_ultimate_x_lines(prepared, table, feature, lambda done, total: reported.append((done, total)),
                                         dask)
        model = per_line_model_return(prepared, table, feature, dask)
        built = client.run(lambda: list(linesdask._BUILT))
    assert found == expected and model == per_line_model_return(prepared, table, feature, here)
    assert reported[-1] == (tasks, tasks) and len(reported) == tasks * found.iterations
    assert sorted(built.values()) == [[job.key], [job.key]]


def test_analyze_with_workers_prints_what_this_process_prints(game_file: str) -> None:
    code, alone, err = run_cli(["analyze", game_file, "--json"])
    assert code == 0, err
    code, on_dask, err = run_cli(["analyze", game_file, "--json", "--workers", "2"])
    assert code == 0, err
    assert on_dask == alone and '"lines": 3' in on_dask


def test_a_worker_refuses_another_game(game_file: str) -> None:
    poker = VideoPoker.load(game_file)
    feature = poker.game.spec.features[0]
    assert isinstance(feature, UltimateX)
    prepared, table = poker.single_deck(use_cache=False), poker.paytable()
    other = job_key(prepared, table, replace(feature, lines=2))
    job = WorkerJob(partial(prepared_from_cache, game_file, False), table, feature, other)
    with pytest.raises(RuntimeError, match="another game"):
        linesdask.improve_task(job, 0, 1, (), prepared.sizes[:0].reshape(0, 1))


@pytest.mark.parametrize(("options", "message"), [
    (["--workers", "-1"], "--workers must be 0 or more, got -1"),
    (["--workers", "0", "--scheduler", "tcp://127.0.0.1:1"], "--workers 0 runs in this process"),
    (["--scheduler", "tcp://127.0.0.1:1"], "cannot reach the Dask scheduler at tcp://127.0.0.1:1"),
])
def test_bad_dask_options_exit_2(game_file: str, options: list[str], message: str) -> None:
    code, out, err = run_cli(["analyze", game_file, *options])
    assert code == 2 and message in err and "Traceback" not in err


def test_workers_0_is_this_process(game_file: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--workers 0`` starts no cluster (the client would fail here)."""
    import cpoly.scale.daskclient as daskclient

    def refused(*args: object) -> None:
        raise AssertionError("a cluster was started")

    monkeypatch.setattr(daskclient, "dask_client", refused)
    code, out, err = run_cli(["analyze", game_file, "--json", "--workers", "0"])
    assert code == 0 and '"lines": 3' in out, err


def test_workers_on_a_game_without_a_lines_solve_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """A plain game given ``--workers 2`` starts no cluster and says the option did nothing."""
    import cpoly.scale.daskclient as daskclient

    def refused(*args: object) -> None:
        raise AssertionError("a cluster was started")

    monkeypatch.setattr(daskclient, "dask_client", refused)
    code, out, err = run_cli(["analyze", str(SMALL), "--json", "--workers", "2"])
    assert code == 0 and '"return_exact"' in out, err
    assert "nothing in this analysis runs on Dask" in err
