"""The pictures of docs/screenshots/, taken again from this tree: ``cpoly serve`` on 127.0.0.1 (a
free port, a private cache folder) and the pages in Debian's headless chromium driven by
playwright, doing what tests/web/test_browser.py does on them; the PAR report as
``cpoly report --out`` writes it, opened from its folder.

Run: python3 tools/screenshots.py [--only NAME] [--out DIR]

Each picture is 1280 px wide and the whole page long.  Every picture written must be referenced
by a page of docs/ (or the README): the script says which are not and exits 1.
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "docs" / "screenshots"
CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
JACKS = "definitions/jacks_or_better.cp"
WAIT_MS = 600_000  # a full-game analysis and its strategy chart on a busy machine


def video_poker(page: Any, _: Path) -> None:
    """9/6 Jacks or Better, one deal's 32 holds, the full game and the strategy chart."""
    page.goto("/")
    page.get_by_label("Game", exact=True).select_option("jacks_or_better")
    page.get_by_label("Cards", exact=True).fill("Ah Kd Js 4c 7h")
    page.get_by_role("button", name="Analyze", exact=True).click()
    page.locator("#holds table tbody tr").first.wait_for()
    page.locator("#return table caption").wait_for()
    page.wait_for_selector("#strategy-progress .progress", state="detached")


def holdem(page: Any, _: Path) -> None:
    """Three players on a flop, one of them a range picked on the grid, with the street plot."""
    page.goto("/holdem")
    page.get_by_label("Hands", exact=True).fill("AsAh KsKh")
    page.get_by_label("Board", exact=True).fill("Kd 7c 2s")
    page.get_by_role("button", name="Equity", exact=True).click()
    page.wait_for_function("document.querySelectorAll('#streets table tbody tr').length === 2")
    page.get_by_label("Edit the range of player").select_option("3")
    grid = page.locator("#grid")
    grid.get_by_role("button", name="QQ", exact=True).click()
    grid.get_by_role("button", name="AKs", exact=True).click()
    page.get_by_role("button", name="Equity", exact=True).click()
    page.wait_for_function("document.querySelectorAll('#streets svg circle').length === 6")


def par_report(page: Any, scratch: Path) -> None:
    """``cpoly report`` of 8/5 Jacks or Better with a royal-pay sweep, as a browser shows it."""
    cpoly("report", str(ROOT / JACKS), "--paytable", "8/5", "--sweep", "RoyalFlush=800..2000", "--out", "par-85",
          folder=scratch)
    page.goto((scratch / "par-85" / "index.html").as_uri())


PICTURES: dict[str, Callable[[Any, Path], None]] = {
    "videopoker": video_poker, "holdem": holdem, "par_report": par_report}


def cpoly(*args: str, folder: Path) -> None:
    """``python -m cpoly ARGS`` of this tree run in ``folder``, its cache there (it must succeed)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CPOLY_CACHE_DIR": str(folder / "cache")}
    subprocess.run([sys.executable, "-m", "cpoly", *args], cwd=folder, env=env, check=True)


@contextmanager
def served(scratch: Path) -> Iterator[str]:
    """``cpoly serve`` of this tree on a free port of 127.0.0.1 until the block ends; its URL."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    url = f"http://127.0.0.1:{port}"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CPOLY_CACHE_DIR": str(scratch / "cache")}
    process = subprocess.Popen([sys.executable, "-m", "cpoly", "serve", "--host", "127.0.0.1", "--port", str(port),
                                "--cache-dir", str(scratch / "serve-cache")], cwd=ROOT, env=env)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"{url}/api/games", timeout=2).read()
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(f"cpoly serve did not answer on {url}") from None
                time.sleep(0.2)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=30)


def unreferenced(names: list[str]) -> list[str]:
    """The pictures no page of docs/ (nor the README) shows."""
    pages = [*ROOT.joinpath("docs").rglob("*.md"), ROOT / "README.md"]
    text = "\n".join(page.read_text() for page in pages)
    return [name for name in names if f"screenshots/{name}.png" not in text]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", choices=sorted(PICTURES), help="this picture only (repeatable)")
    parser.add_argument("--out", type=Path, default=SHOTS, help="where the pictures go (default: docs/screenshots)")
    args = parser.parse_args()
    names = args.only or list(PICTURES)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder, served(Path(folder)) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        for name in names:
            context = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=url)
            page = context.new_page()
            page.set_default_timeout(WAIT_MS)
            PICTURES[name](page, Path(folder))
            page.screenshot(path=str(args.out / f"{name}.png"), full_page=True)
            context.close()
            print(f"wrote {args.out / f'{name}.png'}")
        browser.close()
    missing = unreferenced(names)
    for name in missing:
        print(f"docs/screenshots/{name}.png is not shown by any page of docs/", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
