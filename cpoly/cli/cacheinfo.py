"""``cpoly cache``: where the cache directory is, what it holds (entries and bytes by kind) and
its cap; ``--clear`` empties it (:mod:`cpoly.store.cachecap`).

The web server's folder in it (``serve/``, capped on its own) is shown on its own line and
cleared too, unless a running server holds it (it is left then, and the answer says so).
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path
from typing import Any

from cpoly.cli.output import echo, print_json, print_table
from cpoly.store.cachecap import (
    CAP_ENV,
    DEFAULT_CAP_BYTES,
    SERVER_FOLDER,
    Entry,
    cap_bytes,
    clear,
    entries,
    remove_tree,
    size_text,
    tree_size,
)
from cpoly.store.sources import cache_dir

__all__ = ["register", "run_cache"]


def register(subparsers: Any) -> None:
    """Add the ``cache`` subcommand."""
    parser = subparsers.add_parser(
        "cache", help="show the cache directory (location, entries, size by kind) or clear it",
        description="The cache directory keeps loaded games and prepared video-poker tables so "
                    "that a second run is fast. Its size is capped: after a command adds to it, "
                    f"the least recently used entries are removed until it fits "
                    f"(default cap {size_text(DEFAULT_CAP_BYTES)}; ${CAP_ENV} sets it in GiB, "
                    "e.g. 0.5). Its location is ~/.cache/cpoly, or $CPOLY_CACHE_DIR.")
    parser.add_argument("--clear", action="store_true",
                        help="remove every entry (and the web server's folder, unless a server is running)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run_cache)


def run_cache(args: argparse.Namespace) -> int:
    """Show the cache directory, or clear it; returns the exit code."""
    folder = cache_dir()
    cap = cap_bytes()
    if args.clear:
        _report_cleared(folder, clear(folder), _clear_server_folder(folder / SERVER_FOLDER), args.json)
    else:
        _report_contents(folder, cap, entries(folder), args.json)
    return 0


def _clear_server_folder(folder: Path) -> bool | None:
    """Remove the web server's folder unless a server holds its lock: True when removed, False
    when left (in use), None when there is none."""
    from cpoly.web.cachefolder import lock

    if not folder.is_dir():
        return None
    held = lock(folder)
    if held is None:
        return False
    try:
        return remove_tree(folder)
    finally:
        held.close()


def _by_kind(found: list[Entry]) -> list[tuple[str, int, int]]:
    counts = Counter(entry.kind for entry in found)
    sizes: Counter[str] = Counter()
    for entry in found:
        sizes[entry.kind] += entry.size
    return sorted(((kind, counts[kind], sizes[kind]) for kind in counts), key=lambda row: -row[2])


def _report_contents(folder: Path, cap: int, found: list[Entry], as_json: bool) -> None:
    server = folder / SERVER_FOLDER
    server_bytes = tree_size(server) if server.is_dir() else None
    total = sum(entry.size for entry in found)
    kinds = _by_kind(found)
    if as_json:
        print_json({"location": str(folder), "cap_bytes": cap, "entries": len(found), "bytes": total,
                    "kinds": [{"kind": kind, "entries": count, "bytes": size} for kind, count, size in kinds],
                    "server_folder": None if server_bytes is None else {"path": str(server), "bytes": server_bytes}})
        return
    echo(f"cache: {folder}")
    echo(f"{len(found):,} entries, {size_text(total)} of a cap of {size_text(cap)} (${CAP_ENV} in GiB); "
         "least recently used removed first")
    if kinds:
        rows = [[kind, f"{count:,}", size_text(size)] for kind, count, size in kinds]
        print_table(None, ["kind", "entries", "size"], rows, [False, True, True])
    if server_bytes is not None:
        echo(f"web server's folder: {server} ({size_text(server_bytes)}, capped by 'cpoly serve --cache-size')")


def _report_cleared(folder: Path, removed: list[Entry], server: bool | None, as_json: bool) -> None:
    freed = sum(entry.size for entry in removed)
    if as_json:
        print_json({"location": str(folder), "removed_entries": len(removed), "removed_bytes": freed,
                    "server_folder": {None: "none", True: "removed", False: "in use, left"}[server]})
        return
    echo(f"removed {len(removed):,} entries ({size_text(freed)}) from {folder}")
    if server is False:
        echo(f"left {folder / SERVER_FOLDER}: a running 'cpoly serve' is using it")
    elif server:
        echo(f"removed the web server's folder {folder / SERVER_FOLDER}")
