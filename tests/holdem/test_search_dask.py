"""cpoly search on Dask: a LocalCluster, and an external scheduler and worker started here on
127.0.0.1.  Both must give the answer of a run in this process."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from cpoly.chunks import dask_client
from cpoly.cli.main import main
from cpoly.games.holdem.search.run import search

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


@pytest.fixture()
def external_scheduler() -> Iterator[str]:
    """``dask scheduler`` and one ``dask worker`` as separate processes on 127.0.0.1."""
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    dask = [sys.executable, "-m", "distributed.cli.dask_scheduler"]
    started = [subprocess.Popen(dask + ["--host", "127.0.0.1", "--port", str(port),
                                        "--no-dashboard"], env=env, cwd=ROOT,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    worker = [sys.executable, "-m", "distributed.cli.dask_worker", address, "--nworkers", "1",
              "--nthreads", "1", "--no-dashboard"]
    started.append(subprocess.Popen(worker, env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL))
    try:
        from distributed import Client

        deadline = time.monotonic() + 120
        while True:
            try:
                with Client(address, timeout="10s") as client:
                    client.wait_for_workers(1, timeout=120)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(1)
        yield address
    finally:
        for process in reversed(started):
            process.terminate()
        for process in started:
            process.wait(timeout=30)


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
