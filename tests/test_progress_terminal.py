"""Issue 34, item 6: a cold ``hold`` (seconds; a two-deck game much longer) shows progress on a
terminal's stderr, and its stdout is byte for byte that of a run without a terminal (which
shows none)."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOLD = ["hold", "definitions/jacks_or_better.cp", "Ah", "Kh", "Qh", "5c", "5d"]


def _run(cache: Path, terminal: bool) -> tuple[int, bytes, bytes]:
    """Exit code, stdout (a pipe) and stderr (a pseudo-terminal when ``terminal``) of a cold hold."""
    env = {**os.environ, "CPOLY_CACHE_DIR": str(cache), "TERM": "xterm-256color", "CPOLY_DEBUG": "0"}
    env.pop("NO_COLOR", None)
    reader, writer = pty.openpty() if terminal else os.pipe()
    process = subprocess.Popen([sys.executable, "-m", "cpoly", *HOLD], cwd=ROOT, env=env,
                               stdout=subprocess.PIPE, stderr=writer)
    os.close(writer)
    err = b""
    while True:
        try:
            chunk = os.read(reader, 1 << 16)
        except OSError:  # the terminal's other side closed
            break
        if not chunk:
            break
        err += chunk
    os.close(reader)
    assert process.stdout is not None
    out = process.stdout.read()
    return process.wait(timeout=600), out, err


def test_a_cold_hold_shows_progress_on_a_terminal_only(tmp_path: Path) -> None:
    code, plain_out, plain_err = _run(tmp_path / "plain", terminal=False)
    assert code == 0 and plain_err == b""
    code, out, err = _run(tmp_path / "terminal", terminal=True)
    assert code == 0
    assert out == plain_out and b"* Ah Kh Qh" in out
    assert b"preparing Jacks or Better" in err
