"""Every memo of the counting engine, registered by name, bounded by one policy.

**The invariant.**  Nodes are interned (:mod:`cpoly.dag.expr`) and the intern table is never
emptied: a node lives as long as the process, and its uid, never reused, names one structure.
So a memo keyed by uids caches a pure function of nodes, and emptying it at any moment is safe:
what it held is computed again, never wrong.  The intern table itself is not a memo: emptying it
would make a node built again a different object from the one a loaded game holds (and from
``ONE`` and ``ZERO``), and in the DAG identity is equality.  Memos owned by an object (a
game's counting plan) live and die with it and are not registered here.

**The policy.**  A :class:`Memo` is a table with a ``bound`` on its entries.  A table that is
full is replaced by an empty one, whole (not least recently used: a hit is one dict lookup):

* on insert, through :meth:`Memo.put`, for entries read one at a time (a product by its factors);
* before a traversal fills it, through :meth:`Memo.room`, for entries that a traversal reads
  back (a node's children before the node).  The traversal keeps the table ``room`` gave it,
  so a nested call that replaces the memo's table, or another thread, never takes an entry
  from under it; the memo then holds at most its bound plus what one traversal adds.

:class:`MemoOfMemos` bounds both its tables and the entries of each (the rebuilt nodes of one
renaming).  Memos of a function of its arguments (small values, interned nodes) are
:func:`cached`.  No scope is needed: every memo is bounded at every moment, so a long-running
process (``cpoly serve``, a Dask worker) holds at most the sum of the bounds; :func:`clear`
empties them all.

>>> squares = Memo[int, int]("doctest squares", 2)
>>> [squares.put(n, n * n) for n in (1, 2, 3)], len(squares)     # full at 2: emptied, then 3
([1, 4, 9], 1)
>>> squares.get(3), squares.get(1)
(9, None)
>>> forget("doctest squares")
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sized
from functools import wraps
from typing import Generic, ParamSpec, Protocol, TypeVar

__all__ = ["Bounded", "Memo", "MemoOfMemos", "cached", "clear", "forget", "register", "registered"]

K = TypeVar("K")
V = TypeVar("V")
S = TypeVar("S", bound=Sized)
P = ParamSpec("P")
R = TypeVar("R")


class Bounded(Protocol):
    """What the registry needs of a memo: its name, its bound, its size, and emptying it."""

    name: str
    bound: int

    def __len__(self) -> int: ...

    def clear(self) -> None: ...


_REGISTRY: dict[str, Bounded] = {}


def register(memo: Bounded) -> None:
    """Add ``memo`` to the registry (a second memo of the same name is an error)."""
    if memo.name in _REGISTRY:
        raise ValueError(f"a memo named {memo.name!r} is registered already")
    _REGISTRY[memo.name] = memo


def forget(name: str) -> None:
    """Take the memo ``name`` out of the registry (a memo made for a test or an example)."""
    del _REGISTRY[name]


def registered() -> Iterator[Bounded]:
    """Every registered memo."""
    return iter(list(_REGISTRY.values()))


def clear() -> None:
    """Empty every registered memo (counts are the same afterwards, only computed again)."""
    for memo in registered():
        memo.clear()


class Memo(Generic[K, V]):
    """A table of at most about ``bound`` entries, emptied when full (module docstring);
    :attr:`get` reads the current table."""

    __slots__ = ("bound", "get", "name", "table")

    def __init__(self, name: str, bound: int) -> None:
        self.name = name
        self.bound = bound
        self._empty()
        register(self)

    def __len__(self) -> int:
        return len(self.table)

    def _empty(self) -> dict[K, V]:
        """A new, empty table; :attr:`get` is its ``dict.get`` (a lookup is one C call)."""
        table: dict[K, V] = {}
        self.table = table
        self.get: Callable[[K], V | None] = table.get
        return table

    def put(self, key: K, value: V) -> V:
        """Remember ``value`` under ``key`` (in a new table when the table is full); ``value``."""
        table = self.table
        if len(table) >= self.bound:
            table = self._empty()
        table[key] = value
        return value

    def room(self) -> dict[K, V]:
        """The table for one traversal to read and fill (a new one when the table is full)."""
        if len(self.table) >= self.bound:
            return self._empty()
        return self.table

    def clear(self) -> None:
        self._empty()


class MemoOfMemos(Memo[K, S]):
    """Tables by key (per renaming, the nodes it rebuilt), at most ``bound`` of them, each
    replaced by a new one when it holds ``inner`` entries; its size is the entries of all."""

    __slots__ = ("inner",)

    def __init__(self, name: str, bound: int, inner: int) -> None:
        super().__init__(name, bound)
        self.inner = inner

    def __len__(self) -> int:
        return sum(map(len, list(self.table.values())))

    def of(self, key: K, make: Callable[[], S]) -> S:
        """The table of ``key`` for one traversal (``make()`` when absent or full)."""
        found = self.table.get(key)
        if found is None or len(found) >= self.inner:
            found = self.put(key, make())
        return found


def cached(name: str, bound: int) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Memoise a function of hashable positional arguments in a :class:`Memo` named ``name``.

    >>> @cached("doctest double", 8)
    ... def double(n: int) -> int:
    ...     return 2 * n
    >>> double(21), len(_REGISTRY["doctest double"])
    (42, 1)
    >>> forget("doctest double")
    """
    def decorate(function: Callable[P, R]) -> Callable[P, R]:
        memo = Memo[tuple[object, ...], R](name, bound)

        @wraps(function)
        def memoised(*args: P.args, **kwargs: P.kwargs) -> R:
            assert not kwargs, "a cached function takes positional arguments only"
            found = memo.table.get(args, _MISSING)
            if found is _MISSING:
                return memo.put(args, function(*args, **kwargs))
            return found  # type: ignore[return-value]

        return memoised

    return decorate


_MISSING = object()
