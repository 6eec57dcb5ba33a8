"""cpoly search on Dask: a LocalCluster, and an external scheduler and worker started here on
127.0.0.1.  Both must give the answer of a run in this process."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from cpoly.cli.main import main
from cpoly.games.holdem.search.run import search
from cpoly.scale.daskclient import dask_client

ROOT = Path(__file__).resolve().parents[2]
DECK = "TJQKA"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def inline_best() -> list[object]:
    return list(search(DECK, 3, top=4).best)


def test_local_cluster(inline_best: list[object], tmp_path: Path) -> None:
    with dask_client(None, workers=2) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        result = search(DECK, 3, top=4, client=client, directory=tmp_path / "out")
    assert result.proven and result.best == inline_best
    assert len(list((tmp_path / "out" / "pass1").glob("chunk-*.npz"))) >= 8


@contextmanager
def _cluster(workers: int, nanny: bool) -> Iterator[tuple[str, list[subprocess.Popen[bytes]]]]:
    """``dask scheduler`` and ``workers`` single-threaded ``dask worker`` processes on
    127.0.0.1; yields the address and the worker processes."""
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    dask = [sys.executable, "-m", "distributed.cli.dask_scheduler"]
    started = [subprocess.Popen(dask + ["--host", "127.0.0.1", "--port", str(port),
                                        "--no-dashboard"], env=env, cwd=ROOT,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    worker = [sys.executable, "-m", "distributed.cli.dask_worker", address, "--nworkers", "1",
              "--nthreads", "1", "--no-dashboard", "--nanny" if nanny else "--no-nanny"]
    for _ in range(workers):
        started.append(subprocess.Popen(worker, env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL))
    try:
        from distributed import Client

        deadline = time.monotonic() + 120
        while True:
            try:
                with Client(address, timeout="10s") as client:
                    client.wait_for_workers(workers, timeout=120)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(1)
        yield address, started[1:]
    finally:
        for process in reversed(started):
            if process.poll() is None:
                process.terminate()
        for process in started:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:  # a worker without its nanny may linger
                process.kill()
                process.wait()


@pytest.fixture()
def external_scheduler() -> Iterator[str]:
    """A scheduler and one worker (with its nanny) as separate processes on 127.0.0.1."""
    with _cluster(1, nanny=True) as (address, _):
        yield address


def test_external_scheduler(external_scheduler: str, inline_best: list[object],
                            capsys: pytest.CaptureFixture[str]) -> None:
    from distributed import Client

    with Client(external_scheduler, timeout="10s") as client:
        result = search(DECK, 3, top=4, client=client)
    assert result.proven and result.best == inline_best
    assert main(["search", "--ranks", DECK, "--top", "4", "--scheduler", external_scheduler,
                 "--json"]) == 0
    assert '"proven": true' in capsys.readouterr().out


def test_unreachable_scheduler_is_a_clean_error(capsys: pytest.CaptureFixture[str]) -> None:
    address = f"tcp://127.0.0.1:{_free_port()}"
    assert main(["search", "--ranks", DECK, "--scheduler", address]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: cannot reach the Dask scheduler") and "Traceback" not in err


def test_a_worker_killed_mid_run_changes_nothing(inline_best: list[object], tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Two workers (no nanny) on an external scheduler; in pass 2, SIGKILL the worker holding
    the most of the run's tasks (running, or finished and not yet fetched): the scheduler runs
    them again on the other one, and the answer and every checkpoint are those of a run in
    this process."""
    from distributed import Client

    with _cluster(2, nanny=False) as (address, workers), Client(address, timeout="10s") as client:
        lost: list[int] = []
        pids = client.run(os.getpid)

        def kill_the_busiest(name: str, done: int, total: int) -> None:
            if name != "suiting" or done != 3 or lost:
                return
            held = {w: len(client.processing().get(w, ())) + len(client.has_what().get(w, ()))
                    for w in client.scheduler_info()["workers"]}
            busiest = max(held, key=lambda w: held[w])
            victim = next(p for p in workers if p.pid == pids[busiest])
            victim.send_signal(signal.SIGKILL)
            victim.wait(timeout=30)
            lost.append(held[busiest])

        result = search(DECK, 3, top=4, client=client, directory=tmp_path / "out",
                        progress=kill_the_busiest)
        assert len(client.scheduler_info()["workers"]) == 1
    assert lost and lost[0] >= 1                      # the killed worker held tasks of the run
    assert result.proven and result.best == inline_best
    capsys.readouterr()
    again = search(DECK, 3, top=4, directory=tmp_path / "out", resume=True)
    assert again.best == inline_best and capsys.readouterr().err == ""  # every checkpoint sound
