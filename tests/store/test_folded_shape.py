"""The `.folded` cache's format names the shape of what it pickles (store/folded.py: `MAGIC`).

A cache is opened only by the same popejoan version and format; a build of the same version whose
pickled classes differ (a field added, a stop reason that moves the codes a hand's run tables hold)
would read an old cache wrong, not fail (issue 29's eighth stop reason did: an IndexError in an installed
command). This test pins the shape, every popejoan class a cached table pickles with the names of the
state it pickles, and the stop reasons' order, to the format: change the shape and it fails until the
format in `MAGIC` is raised and `SHAPES` below is given the new fingerprint for it.
"""

from __future__ import annotations

import enum
import hashlib
import io
import pickle
from pathlib import Path
from typing import Any

from popejoan_cli.game.state import STOP_REASONS
from popejoan_cli.store import folded, tables

SHAPES = {b"popejoan folded 7 ": "a1873e3a691f9a3e561f160c4e03d3705345ca5d0374a7052cb88f3d16193e5c"}
"""Format (MAGIC) -> the fingerprint of the shape it pickles."""


def _shape(obj: object) -> list[str]:
    found: set[str] = set()

    class Looking(pickle.Pickler):
        def reducer_override(self, o: object) -> Any:
            kind = type(o)
            if isinstance(o, enum.Enum):  # by its members: an enum's own attributes differ between Pythons
                members: type[enum.Enum] = type(o)
                found.add(f"{kind.__module__}.{kind.__qualname__}[{','.join(m.name for m in members)}]")
            elif kind.__module__.startswith("popejoan_cli") and not isinstance(o, type):
                names = sorted(vars(o)) if hasattr(o, "__dict__") else []
                for cls in kind.__mro__:
                    names += [s for s in getattr(cls, "__slots__", ()) if isinstance(s, str)]
                found.add(f"{kind.__module__}.{kind.__qualname__}({','.join(sorted(set(names)))})")
            return NotImplemented

    Looking(io.BytesIO(), protocol=5).dump(obj)
    return sorted(found)


def test_the_cache_format_names_the_shape_it_pickles(evening_table: Path) -> None:
    view = tables.view(evening_table, note=False)[0]
    assert view.open_hand is not None  # a hand in play: its state is pickled too
    shape = [*_shape(folded.light(view)), "stop reasons: " + ",".join(STOP_REASONS)]
    fingerprint = hashlib.sha256("\n".join(shape).encode("utf-8")).hexdigest()
    assert SHAPES.get(folded.MAGIC) == fingerprint, (
        f"the shape a .folded cache pickles is {fingerprint}: if it changed, raise the format in "
        f"store/folded.py's MAGIC and put {{new MAGIC: {fingerprint!r}}} in SHAPES")


def test_a_new_house_rule_key_changes_nothing_the_cache_pickles(evening_table: Path) -> None:
    """A rule set is pickled as its values (game/rules.py: `HouseRules.__reduce__`), not as its typed sections,
    so that adding a key (docs/adding-a-rule.md) raises no format; a key the pickled values lack reads as its
    default."""
    from popejoan_cli.game.rules import HouseRules

    view = tables.view(evening_table, note=False)[0]
    shape = _shape(folded.light(view))
    assert not [s for s in shape if s.split("(")[0].endswith(("PlayRules", "DealRules", "SettleRules"))], shape
    rules = view.rules
    old = pickle.loads(pickle.dumps(rules).replace(b"play.pope_in_lieu", b"play.pope_in_lieX"))
    assert isinstance(old, HouseRules) and old.play.pope_in_lieu is False and old.values["play.pope_in_lieX"] is False
