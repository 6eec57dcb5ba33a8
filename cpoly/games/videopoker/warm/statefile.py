"""The solved states of a feature game, kept so that a later ``cpoly hold --level K`` (or
``--multipliers``) answers warm: what a final hand is worth in each state
(:class:`~cpoly.games.videopoker.feature.states.StateValue`), or for Ultimate X on several lines
the relative value of each total (:class:`~cpoly.games.videopoker.feature.linestates.LineTotals`),
exact, per pay table and feature.

The file is one :mod:`cpoly.store.container` container without arrays, named by the game's
sources key, cpoly's code (:func:`~cpoly.games.videopoker.warm.holdfile.prepared_path`'s rule),
the feature and the exact pays: other definitions, code or pays never read it.  Standard library
only, as the warm ``hold``.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from cpoly.games.videopoker.feature.linestates import Kept, LineTotals
from cpoly.games.videopoker.feature.states import StateValue
from cpoly.lang.paytable import PayTable
from cpoly.store.container import open_store, write
from cpoly.store.sources import cache_dir, cache_enabled, code_digest

__all__ = ["load_states", "store_states"]


def _path(key: str, table: PayTable, kind: str, title: str | None) -> tuple[Path, str]:
    """Where the states of ``kind`` ``title`` under ``table`` live, and the entry their file holds."""
    pays = [str(table.pay(c, dealt)) for c in range(table.n_categories) for dealt in (False, True)]
    entry = f"{key} {code_digest()} {kind} {title!r} {' '.join(pays)}"
    return cache_dir() / f"states-{hashlib.sha256(entry.encode()).hexdigest()}.vpc", entry


def store_states(key: str, table: PayTable, kind: str, title: str | None, states: Kept) -> bool:
    """Keep ``states`` (values by label, or a lines game's totals); False when the cache is off
    or cannot be written."""
    if not cache_enabled():
        return False
    path, entry = _path(key, table, kind, title)
    kept = ({"totals": states.as_json()} if isinstance(states, LineTotals) else
            {"states": {label: v.as_json() for label, v in states.items()}})
    return write(path, {}, {"entry": entry, **kept})


def load_states(key: str, table: PayTable, kind: str, title: str | None) -> Kept | None:
    """The kept states, or None when there are none for this game, code, feature and pays."""
    if not cache_enabled():
        return None
    path, entry = _path(key, table, kind, title)
    opened = open_store(path)
    if opened is None or opened.meta.get("entry") != entry:
        return None
    try:
        if "totals" in opened.meta:
            return LineTotals.of_json(opened.meta["totals"])
        return {label: StateValue.of_json(value) for label, value in opened.meta["states"].items()}
    except (KeyError, TypeError, ValueError, ZeroDivisionError):
        return None
