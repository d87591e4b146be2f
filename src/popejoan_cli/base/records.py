"""Frozen records that are cheap to define: a dataclass's `__init__`, equality, hash and repr, without exec.

`dataclasses.dataclass` writes the source of about six methods for each class and compiles it: a
frozen, slotted dataclass costs about half a millisecond to define, and the journal's event kinds
and the referee's small records are many, imported by every table command (issue 27). A `Record`
lists its fields as annotations, as a dataclass does; its metaclass turns them into `__slots__`
(the defaults into `_defaults`), and the methods here read the class's `_fields`, so nothing is
compiled. A record behaves as `@dataclass(frozen=True, slots=True)` does, and type checkers see
one (`typing.dataclass_transform`):

- made by keyword, or also by position unless the class says `kw_only=True`; a field with a
  default may be left out (`field(default_factory=list)` makes a fresh list for each record);
- frozen: assigning or deleting a field raises `FrozenRecordError`, an `AttributeError`;
- equal to a record of the same class with equal fields (never to another class's), hashed by
  its fields, shown as `Name(field=value, ...)`;
- picklable and copyable (`__reduce__`), since its `__setattr__` refuses the usual way back.

`fields_of(cls)`, `as_dict(record)` and `replace(record, ...)` stand in for `dataclasses.fields`,
`asdict` (shallow: the records that use it hold JSON data, never other records) and `replace`.

>>> class Seat(Record, kw_only=True):
...     player: str
...     counters: int = 0
>>> s = Seat(player="Ann")
>>> s, s == Seat(player="Ann", counters=0), as_dict(s)
(Seat(player='Ann', counters=0), True, {'player': 'Ann', 'counters': 0})
>>> try:
...     s.counters = 5
... except AttributeError as refused:
...     print(refused)
cannot assign to field 'counters'
"""

from __future__ import annotations

import collections
from collections.abc import Callable, Iterable, Mapping
from dataclasses import FrozenInstanceError  # dataclasses is imported on every command's path (base.errors)
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, dataclass_transform

__all__ = ["FrozenRecordError", "Record", "TupleRecord", "as_dict", "defaults_of", "field", "fields_of", "made",
           "replace"]

_T = TypeVar("_T")
_R = TypeVar("_R", bound="Record")
_set = object.__setattr__
_new = object.__new__


class FrozenRecordError(FrozenInstanceError):
    """A field of a frozen record was assigned or deleted: a `dataclasses.FrozenInstanceError` (an
    `AttributeError`), so whoever catches a frozen dataclass's refusal catches a record's.

    >>> class Seat(Record):
    ...     player: str
    >>> try:
    ...     del Seat("Ann").player
    ... except FrozenInstanceError as refused:
    ...     print(type(refused).__name__, refused)
    FrozenRecordError cannot delete field 'player'
    """


class _Factory:
    """A default made afresh for each record: what `field(default_factory=...)` puts in the class body."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[], object]) -> None:
        self.make = make


def field(*, default_factory: Callable[[], _T]) -> _T:
    """A field whose default is made by `default_factory` for each record (a list: never one shared list).

    >>> class Hand(Record):
    ...     cards: list[str] = field(default_factory=list)
    >>> one, two = Hand(), Hand()
    >>> one.cards.append("AS")
    >>> one.cards, two.cards
    (['AS'], [])
    """
    made: _T = _Factory(default_factory)  # type: ignore[assignment]  # typed as the field's value, as `dataclasses.field` is
    return made


def _values_getter(fields: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """A C-level function from a record to the tuple of its fields' values."""
    if len(fields) >= 2:
        return attrgetter(*fields)
    if fields:
        one = attrgetter(fields[0])
        return lambda record: (one(record),)
    return lambda record: ()


class _RecordMeta(type):
    """Makes `__slots__` from a record class's annotations and gathers its fields and defaults."""

    def __new__(mcs, name: str, bases: tuple[type, ...], ns: dict[str, Any], *, kw_only: bool = False) -> _RecordMeta:
        inherited: tuple[str, ...] = ()
        defaults: dict[str, object] = {}
        for base in bases:
            inherited += getattr(base, "_fields", ())
            defaults.update(getattr(base, "_defaults", {}))
        own = tuple(n for n, hint in ns.get("__annotations__", {}).items() if not str(hint).startswith("ClassVar"))
        for n in own:
            if n in ns:
                defaults[n] = ns.pop(n)
        ns["__slots__"] = own
        fields = inherited + own
        ns["_fields"] = fields
        ns.setdefault("_init_fields", fields)
        ns["_names"] = frozenset(fields)
        ns["_defaults"] = defaults
        ns["_kw_only"] = kw_only
        ns["_values"] = staticmethod(_values_getter(fields))
        if not kw_only:
            ns["__match_args__"] = fields
        cls = super().__new__(mcs, name, bases, ns)
        return cls

    def __init__(cls, name: str, bases: tuple[type, ...], ns: dict[str, Any], *, kw_only: bool = False) -> None:
        super().__init__(name, bases, ns)


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
class Record(metaclass=_RecordMeta):
    """The base of a frozen record class: see the module's docstring."""

    __slots__ = ()
    if TYPE_CHECKING:  # set by the metaclass; no annotations at run time, so a record's hints are its fields'
        _fields: ClassVar[tuple[str, ...]]
        _names: ClassVar[frozenset[str]]
        _defaults: ClassVar[dict[str, object]]
        _kw_only: ClassVar[bool]
        _values: ClassVar[Callable[[Any], tuple[Any, ...]]]
        _init_fields: ClassVar[tuple[str, ...]]
        """The fields `__init__` takes (`replace` passes these): all of them, unless a class that writes
        its own `__init__` says fewer (the others made from them)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        cls = type(self)
        fields = cls._fields
        if kwargs:
            if args:
                kwargs = _merged(cls, args, kwargs)
            if len(kwargs) != len(fields) or not kwargs.keys() <= cls._names:
                _check_names(cls, kwargs)
            for name in fields:
                _set(self, name, kwargs[name])
            return
        if args and (cls._kw_only or len(args) > len(fields)):
            raise TypeError(f"{cls.__name__}() takes {0 if cls._kw_only else len(fields)} positional arguments "
                            f"but {len(args)} were given")
        for name, value in zip(fields, args, strict=False):  # the first len(args) fields
            _set(self, name, value)
        for name in fields[len(args):]:
            _set(self, name, _default(cls, name))

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenRecordError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenRecordError(f"cannot delete field {name!r}")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return bool(type(self)._values(self) == type(self)._values(other))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(type(self)._values(self))

    def __repr__(self) -> str:
        values = type(self)._values(self)
        shown = ", ".join(f"{name}={value!r}" for name, value in zip(self._fields, values, strict=True))
        return f"{type(self).__qualname__}({shown})"

    def __reduce__(self) -> tuple[Callable[..., Record], tuple[type[Record], tuple[Any, ...]]]:
        return _rebuilt, (type(self), type(self)._values(self))


def _merged(cls: type[Record], args: tuple[Any, ...], kwargs: dict[str, Any]) -> dict[str, Any]:
    """Positional and keyword arguments as one mapping of fields, refused as a dataclass's `__init__` would."""
    if cls._kw_only or len(args) > len(cls._fields):
        raise TypeError(f"{cls.__name__}() takes {0 if cls._kw_only else len(cls._fields)} positional arguments "
                        f"but {len(args)} were given")
    for name in cls._fields[:len(args)]:
        if name in kwargs:
            raise TypeError(f"{cls.__name__}() got multiple values for argument {name!r}")
    return {**dict(zip(cls._fields, args, strict=False)), **kwargs}


def _default(cls: type[Record], name: str) -> object:
    """The default of a field left out, made afresh if it is a factory's; a `TypeError` if it has none."""
    if name not in cls._defaults:
        raise TypeError(f"{cls.__name__}.__init__() missing required argument: {name!r}")
    default = cls._defaults[name]
    return default.make() if isinstance(default, _Factory) else default


def _check_names(cls: type[Record], given: dict[str, Any]) -> None:
    """Fill the defaults into `given`, and raise the `TypeError` a dataclass would for a name it lacks or
    does not know."""
    for name in given:
        if name not in cls._fields:
            raise TypeError(f"{cls.__name__}.__init__() got an unexpected keyword argument {name!r}")
    for name in cls._defaults:
        if name not in given:
            given[name] = _default(cls, name)
    missing = [name for name in cls._fields if name not in given]
    if missing:
        raise TypeError(f"{cls.__name__}.__init__() missing required argument{'s' if len(missing) > 1 else ''}: "
                        + ", ".join(repr(n) for n in missing))


def _rebuilt(cls: type[_R], values: tuple[Any, ...]) -> _R:
    """A record from its fields' values, in order (unpickling, copying)."""
    record = _new(cls)
    for name, value in zip(cls._fields, values, strict=True):
        _set(record, name, value)
    return record


def made(cls: type[_R], values: Mapping[str, Any]) -> _R:
    """A record from a mapping that holds exactly its fields, already checked (a decoder's fast way in).

    >>> class Seat(Record):
    ...     player: str
    ...     counters: int = 0
    >>> made(Seat, {"player": "Ann", "counters": 4})
    Seat(player='Ann', counters=4)
    """
    record = _new(cls)
    for name in cls._fields:
        _set(record, name, values[name])
    return record


def defaults_of(cls: type[Record]) -> dict[str, object]:
    """The defaults of a record class's fields that have one (a factory's default made afresh).

    >>> class Seat(Record):
    ...     player: str
    ...     counters: int = 0
    ...     notes: list[str] = field(default_factory=list)
    >>> defaults_of(Seat)
    {'counters': 0, 'notes': []}
    """
    return {name: _default(cls, name) for name in cls._defaults}


def replace(record: _R, **changes: Any) -> _R:
    """A copy of `record` with some fields changed (`dataclasses.replace`).

    >>> class Seat(Record):
    ...     player: str
    ...     counters: int = 0
    >>> replace(Seat("Ann"), counters=3)
    Seat(player='Ann', counters=3)
    """
    kept = {name: getattr(record, name) for name in type(record)._init_fields}
    return type(record)(**{**kept, **changes})


def fields_of(cls: type[Record]) -> tuple[str, ...]:
    """The names of a record class's fields, in order (as `dataclasses.fields` gives them), a
    subclass's after its base's.

    >>> class Seat(Record):
    ...     player: str
    >>> class Dealer(Seat):
    ...     deals: int = 0
    >>> fields_of(Dealer)
    ('player', 'deals')
    """
    return cls._fields


def as_dict(record: Record) -> dict[str, Any]:
    """A record's fields and values, in order (`dataclasses.asdict`, one level deep).

    >>> class Pot(Record):
    ...     name: str
    ...     counters: int
    >>> as_dict(Pot("pope", 6))
    {'name': 'pope', 'counters': 6}
    """
    return dict(zip(record._fields, type(record)._values(record), strict=True))


# ----------------------------------------------------------------------------- named tuples
_tuplegetter: Any = getattr(collections, "_tuplegetter", None) or (
    lambda index, doc: property(itemgetter(index), doc=doc))
"""What `collections.namedtuple` makes a field of (a C descriptor in CPython; a property elsewhere)."""


class _TupleMeta(type):
    """Makes a `TupleRecord` subclass a named tuple from its annotations, as `typing.NamedTuple`
    does, but without the source that `collections.namedtuple` compiles for every class."""

    def __new__(mcs, name: str, bases: tuple[type, ...], ns: dict[str, Any]) -> _TupleMeta:
        if not any(isinstance(b, _TupleMeta) for b in bases):
            return super().__new__(mcs, name, bases, ns)  # TupleRecord itself
        fields = tuple(n for n, hint in ns.get("__annotations__", {}).items() if not str(hint).startswith("ClassVar"))
        defaults = {n: ns.pop(n) for n in fields if n in ns}
        ns.update(__slots__=(), _fields=fields, _field_defaults=defaults, __match_args__=fields)
        for i, n in enumerate(fields):
            ns[n] = _tuplegetter(i, f"Alias for field number {i}")
        cls = super().__new__(mcs, name, bases, ns)
        return cls


class TupleRecord(tuple[Any, ...], metaclass=_TupleMeta):
    """The run-time base of a named tuple class whose type checkers see `typing.NamedTuple`:

        if TYPE_CHECKING:
            from typing import NamedTuple as TupleRecord
        else:
            from popejoan_cli.base.records import TupleRecord

    A subclass is a `tuple` with its fields by name, defaults, `_fields`, `_replace`, `_asdict`,
    `_make`, a namedtuple's repr, equality and hash (a tuple's) and pickling; only making the class
    is cheaper (nothing compiled).

    >>> class Pay(TupleRecord):
    ...     payer: int
    ...     amount: int = 1
    >>> p = Pay(2)
    >>> p, p.amount, p == (2, 1), Pay._make([3, 4]), p._replace(amount=5)._asdict()
    (Pay(payer=2, amount=1), 1, True, Pay(payer=3, amount=4), {'payer': 2, 'amount': 5})
    """

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]]
    _field_defaults: ClassVar[dict[str, Any]]

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        fields = cls._fields
        if len(args) == len(fields) and not kwargs:
            return tuple.__new__(cls, args)
        if len(args) > len(fields):
            raise TypeError(f"{cls.__name__}() takes {len(fields)} arguments but {len(args)} were given")
        values = list(args)
        for name in fields[len(args):]:
            if name in kwargs:
                values.append(kwargs.pop(name))
            elif name in cls._field_defaults:
                values.append(cls._field_defaults[name])
            else:
                raise TypeError(f"{cls.__name__}() missing required argument: {name!r}")
        if kwargs:
            raise TypeError(f"{cls.__name__}() got an unexpected or repeated argument {next(iter(kwargs))!r}")
        return tuple.__new__(cls, values)

    def __repr__(self) -> str:
        shown = ", ".join(f"{n}={v!r}" for n, v in zip(self._fields, self, strict=True))
        return f"{type(self).__name__}({shown})"

    def __getnewargs__(self) -> tuple[Any, ...]:
        return tuple(self)

    @classmethod
    def _make(cls, iterable: Iterable[Any]) -> Any:
        return tuple.__new__(cls, iterable)

    def _replace(self, **changes: Any) -> Any:
        return type(self)(**{**self._asdict(), **changes})

    def _asdict(self) -> dict[str, Any]:
        return dict(zip(self._fields, self, strict=True))
