"""What a search is of, and the ``search.json`` record of its ``--out`` folder.

:func:`run_settings` is the search's part of every checkpoint's identity (:mod:`cpoly.scale.chunks`):
the deck, the hands per tuple, ``top``, ``fraction`` and the version of pass 2's bounds.  The
folder's ``search.json`` holds the same settings and cpoly's code digest; a folder is reused
only with ``--resume`` and only by a run of the same settings and code.  A ``search.json``
that cannot be read, or that records anything else, is refused with what differs: checkpoints
of two configurations are never mixed.

>>> from cpoly.games.holdem.search.searchdeck import search_deck
>>> settings = run_settings(search_deck("9TJQKA", 3), top=10, fraction=1.0)
>>> settings["ranks"], settings["players"], settings["bounds"]
('9TJQKA', 3, 1)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cpoly.errors import CpolyInputError
from cpoly.games.holdem.intcards import RANKS
from cpoly.games.holdem.search.bounds import BOUNDS_VERSION
from cpoly.games.holdem.search.searchdeck import SearchDeck
from cpoly.store.outfolder import claim_checkpoints, start_checkpoints
from cpoly.store.sources import code_digest

__all__ = ["RECORD", "RECORD_VERSION", "check_directory", "run_settings"]

#: Bump when ``search.json`` changes meaning.
RECORD_VERSION = 2
RECORD = "search.json"


def run_settings(deck: SearchDeck, top: int, fraction: float) -> dict[str, Any]:
    """The search's parameters, as JSON values."""
    return {"search": "equal-equity", "ranks": "".join(RANKS[r] for r in deck.ranks),
            "players": deck.players, "top": top, "fraction": fraction, "bounds": BOUNDS_VERSION}


def _record(settings: dict[str, Any]) -> dict[str, Any]:
    return {"record": RECORD_VERSION, **settings, "code": code_digest()}


def check_directory(directory: str | Path, settings: dict[str, Any], resume: bool) -> Path:
    """Claim ``directory`` for a search of ``settings`` (the folder to write in: a link's
    target), or refuse to mix runs or to write among the user's files
    (:func:`cpoly.store.outfolder.claim_checkpoints`, before any work).

    Raises
    ------
    CpolyInputError
        When the folder holds anything but a search's checkpoints, or a search and ``resume``
        is off, or its ``search.json`` is unreadable or records other settings or another
        version of cpoly.
    """
    directory = claim_checkpoints(directory, "--out", RECORD, "search")
    marker = directory / RECORD
    expected = _record(settings)
    if not marker.exists():
        start_checkpoints(directory, RECORD, (json.dumps(expected) + "\n").encode())
        return directory
    if not resume:
        raise CpolyInputError(f"{directory} already holds a search; pass --resume to "
                              f"continue it or choose another --out directory")
    try:
        found = json.loads(marker.read_bytes())
    except ValueError:
        found = None
    if not isinstance(found, dict):
        raise CpolyInputError(f"{marker} is not a search record cpoly can read (damaged, or not "
                              f"written by cpoly): choose another --out directory, or delete "
                              f"{directory} to start again")
    if found != expected:
        raise CpolyInputError(f"{directory} holds a search of another configuration "
                              f"({_differences(found, expected)}): resume it with the options it "
                              f"was started with, or choose another --out directory")
    return directory


def _differences(found: dict[str, Any], expected: dict[str, Any]) -> str:
    """``ranks '89TJQKA' there, '9TJQKA' here; ...`` (the code digest in words)."""
    if found.get("record") != expected["record"]:
        return "written by another version of cpoly"
    parts = []
    for name, value in expected.items():
        if found.get(name) == value:
            continue
        if name == "code":
            parts.append("written by another version of cpoly")
        else:
            parts.append(f"{name} {found.get(name)!r} there, {value!r} here")
    return "; ".join(parts) or "other fields"
