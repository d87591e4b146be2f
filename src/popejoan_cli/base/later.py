"""Containers whose older part is read only when something asks for it: a long table's history.

A table opened from its folded-state cache (`store.folded`) knows its present (the balances, the
board, the hand being played) but not, until asked, every event and every hand before it: those
are read back from the journal by a loader only when a command walks the history (`history`,
`undo`, the ledger). `LaterList` and `LaterDict` hold the recent part (`tail`) and know how many
older items there are; the first question the recent part cannot answer loads the rest, once.

>>> loads = []
>>> hands = LaterList(3, ["d"], lambda: loads.append(1) or ["a", "b", "c"])
>>> len(hands), hands[-1], hands[3], bool(hands), loads
(4, 'd', 'd', True, [])
>>> hands.append("e")
>>> hands[-1], len(hands), loads
('e', 5, [])
>>> list(hands), loads
(['a', 'b', 'c', 'd', 'e'], [1])
>>> times = LaterDict(10, {12: "21:04"}, lambda: {3: "20:00"})
>>> times.get(12), times.get(11), times.get(3), times[3]
('21:04', None, '20:00', '20:00')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, TypeVar, overload

T = TypeVar("T")
V = TypeVar("V")


class LaterList(Sequence[T]):
    """A list of `count` older items (loaded by `load` when first needed) followed by `tail`.

    Length, truth, the recent items (by a negative index within the tail, or any index past the
    older ones) and appending need no loading; iterating, slicing or an older index load once.
    """

    __slots__ = ("_count", "_items", "_load", "_tail")

    def __init__(self, count: int, tail: list[T], load: Callable[[], list[T]] | None = None) -> None:
        self._count, self._tail, self._load = count, tail, load
        self._items: list[T] | None = None if count else tail

    def attach(self, load: Callable[[], list[T]]) -> None:
        """Where the older items come from (a cache is restored without its loader).

        >>> import pickle
        >>> hands = pickle.loads(pickle.dumps(LaterList(2, ["c"], lambda: ["a", "b"])))
        >>> hands.attach(lambda: ["a", "b"])
        >>> hands[0]
        'a'
        """
        self._load = load

    def whole(self) -> list[T]:
        """Every item, the older ones loaded now if they were not: the list itself from then on.

        >>> hands = LaterList(2, ["c"], lambda: ["a", "b"])
        >>> hands.whole(), hands.whole() is hands.whole()
        (['a', 'b', 'c'], True)
        >>> LaterList(2, ["c"], lambda: ["a"]).whole()
        Traceback (most recent call last):
        ValueError: the history read back holds 1 items, not 2
        """
        if self._items is None:
            assert self._load is not None, "a history that cannot be read back"
            older = self._load()
            if len(older) != self._count:
                raise ValueError(f"the history read back holds {len(older)} items, not {self._count}")
            self._items = older + self._tail
            self._tail, self._load = [], None
        return self._items

    @property
    def older(self) -> int:
        """How many older items there are (0 once loaded).

        >>> hands = LaterList(2, ["c"], lambda: ["a", "b"])
        >>> hands.older, hands[0], hands.older
        (2, 'a', 0)
        """
        return 0 if self._items is not None else self._count

    def recent(self) -> list[T]:
        """The items after the older ones, without loading them.

        >>> hands = LaterList(2, ["c"], lambda: ["a", "b"])
        >>> hands.append("d")
        >>> hands.recent(), hands.older
        (['c', 'd'], 2)
        """
        return self._items[self._count:] if self._items is not None else self._tail

    def __len__(self) -> int:
        return len(self._items) if self._items is not None else self._count + len(self._tail)

    def __bool__(self) -> bool:
        return len(self) > 0

    @overload
    def __getitem__(self, i: int) -> T: ...

    @overload
    def __getitem__(self, i: slice) -> list[T]: ...

    def __getitem__(self, i: int | slice) -> T | list[T]:
        if self._items is None and isinstance(i, int):
            if -len(self._tail) <= i < 0:
                return self._tail[i]
            if i >= self._count:
                return self._tail[i - self._count]
        return self.whole()[i]

    def __iter__(self) -> Iterator[T]:
        return iter(self.whole())

    def __reversed__(self) -> Iterator[T]:
        return reversed(self.whole())

    def __eq__(self, other: object) -> bool:
        return list(self) == (list(other) if isinstance(other, LaterList) else other)

    __hash__ = None  # type: ignore[assignment]  # mutable, as a list

    def append(self, item: T) -> None:
        (self._items if self._items is not None else self._tail).append(item)

    def extend(self, items: Iterable[T]) -> None:
        (self._items if self._items is not None else self._tail).extend(items)

    def __getstate__(self) -> tuple[int, list[T]]:
        if self._items is not None:
            return 0, self._items
        return self._count, self._tail

    def __setstate__(self, state: tuple[int, list[T]]) -> None:
        self.__init__(state[0], state[1])  # type: ignore[misc]  # no loader: `attach` gives it

    def __repr__(self) -> str:
        return f"LaterList({self._count} older, {self.recent()!r})"


class LaterDict(Mapping[int, V]):
    """A mapping from seq to a value: the keys up to `upto` are loaded by `load` when first needed;
    later ones are in `tail`. Asking for a key after `upto` never loads."""

    __slots__ = ("_items", "_load", "_tail", "_upto")

    def __init__(self, upto: int, tail: dict[int, V], load: Callable[[], dict[int, V]] | None = None) -> None:
        self._upto, self._tail, self._load = upto, tail, load
        self._items: dict[int, V] | None = None if upto else tail

    def attach(self, load: Callable[[], dict[int, V]]) -> None:
        """Where the older keys come from (a cache is restored without its loader).

        >>> import copy
        >>> times = copy.copy(LaterDict(10, {12: "21:04"}, lambda: {3: "20:00"}))
        >>> times.attach(lambda: {3: "20:00"})
        >>> times[3]
        '20:00'
        """
        self._load = load

    def whole(self) -> dict[int, V]:
        """Every key, the older ones loaded now if they were not (a loaded key after `upto` is
        dropped: the recent part is the truth there).

        >>> LaterDict(10, {12: "21:04"}, lambda: {3: "20:00", 12: "stale"}).whole()
        {3: '20:00', 12: '21:04'}
        """
        if self._items is None:
            assert self._load is not None, "a history that cannot be read back"
            older = {k: v for k, v in self._load().items() if k <= self._upto}
            older.update(self._tail)
            self._items, self._tail, self._load = older, {}, None
        return self._items

    def recent(self) -> dict[int, V]:
        """The keys after the older ones, without loading them.

        >>> times = LaterDict(10, {12: "21:04"}, lambda: {3: "20:00"})
        >>> times.update({13: "21:10"})
        >>> times.recent()
        {12: '21:04', 13: '21:10'}
        """
        items = self._items
        return {k: v for k, v in items.items() if k > self._upto} if items is not None else self._tail

    def get(self, key: int, default: Any = None) -> Any:
        if self._items is None and key > self._upto:
            return self._tail.get(key, default)
        return self.whole().get(key, default)

    def __getitem__(self, key: int) -> V:
        if self._items is None and key > self._upto:
            return self._tail[key]
        return self.whole()[key]

    def __contains__(self, key: object) -> bool:
        if self._items is None and isinstance(key, int) and key > self._upto:
            return key in self._tail
        return key in self.whole()

    def __iter__(self) -> Iterator[int]:
        return iter(self.whole())

    def __len__(self) -> int:
        return len(self.whole())

    def __bool__(self) -> bool:
        return bool(self._tail) or len(self) > 0

    def update(self, pairs: Iterable[tuple[int, V]] | dict[int, V]) -> None:
        (self._items if self._items is not None else self._tail).update(pairs)

    def clear(self) -> None:
        """Forget every item, the older ones too (never read back).

        >>> times = LaterDict(10, {12: "21:04"}, lambda: {3: "20:00"})
        >>> times.clear()
        >>> dict(times), times.get(3)
        ({}, None)
        """
        self._items, self._tail, self._load = {}, {}, None

    def __eq__(self, other: object) -> bool:
        return self.whole() == (other.whole() if isinstance(other, LaterDict) else other)

    __hash__ = None  # type: ignore[assignment]

    def __getstate__(self) -> tuple[int, dict[int, V]]:
        if self._items is not None:
            return 0, self._items
        return self._upto, self._tail

    def __setstate__(self, state: tuple[int, dict[int, V]]) -> None:
        self.__init__(state[0], state[1])  # type: ignore[misc]

    def __repr__(self) -> str:
        return f"LaterDict(up to {self._upto} later, {self.recent()!r})"
