"""The shipped presets (see README: The presets) and loading a rule set by preset name or file path.

This is shell code: it reads the packaged `house_rules/*.toml` (installed from the
project's `house-rules/` folder) and users' files, then hands the bytes to `rules`.
For a fast start-up (`rules list` reads only this module) the rules core, the TOML reader and
the file helpers are imported inside the functions that need them.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import TYPE_CHECKING

from popejoan_cli.base.errors import Said, UsageError, allowed
from popejoan_cli.base.marks import Quoted

if TYPE_CHECKING:
    from popejoan_cli.game.rules import HouseRules

PRESET_ORDER = ("russian", "modern-stops", "parlett", "hoyle", "michigan", "boodle", "newmarket")


def _preset_dir() -> Path:
    # The wheel puts the presets inside the package (see pyproject's force-include). Plain
    # file paths suffice for that, and skip importlib.resources' start-up cost.
    package = Path(__file__).resolve().parents[1]
    packaged = package / "house_rules"
    if packaged.is_dir():
        return packaged
    # An editable install runs from the source tree, where the presets sit at the top.
    return package.parents[1] / "house-rules"


def preset_names() -> list[str]:
    found = {p.stem for p in _preset_dir().glob("*.toml")}
    return [n for n in PRESET_ORDER if n in found] + sorted(found - set(PRESET_ORDER))


def preset_path(name: str) -> Path:
    return _preset_dir() / f"{name}.toml"


INDEX = "index.json"
"""The presets' names, titles and descriptions beside them, as their files say (`index_text`; a test keeps it
so): `rules list` reads it instead of parsing seven TOML files, which with the TOML reader's own import was
most of that command's time beyond the framework's (issue 27)."""


def summaries() -> list[tuple[str, str, str]]:
    """(name, title, description) of each preset: from the index beside them where it names exactly the
    presets there, else read from each file (without validating it: every preset is validated in full by
    the tests and by `rules check`)."""
    import json

    names = preset_names()
    try:
        listed = json.loads((_preset_dir() / INDEX).read_text(encoding="utf-8"))
        rows = [(str(r["name"]), str(r["title"]), str(r["description"])) for r in listed]
    except (OSError, ValueError, KeyError, TypeError):
        rows = []
    return rows if [r[0] for r in rows] == names else _read_summaries(names)


def _read_summaries(names: list[str]) -> list[tuple[str, str, str]]:
    import tomllib

    out = []
    for name in names:
        doc = tomllib.loads(preset_path(name).read_text(encoding="utf-8"))
        out.append((name, str(doc.get("title") or name), str(doc.get("description", ""))))
    return out


def index_text() -> str:
    """The index of the presets as their files say it: what `INDEX` must hold."""
    import json

    rows = [{"name": n, "title": t, "description": d} for n, t, d in _read_summaries(preset_names())]
    return json.dumps(rows, ensure_ascii=False, indent=2) + "\n"


@functools.cache
def preset(name: str) -> HouseRules:
    from popejoan_cli.formats.rulefile import from_toml

    path = preset_path(name)
    if not path.is_file():
        raise UsageError(Said("unknown preset {name}", name=Quoted(name)), allowed(preset_names(), name))
    return from_toml(path.read_bytes(), f"<preset {name}>")


def read_file_bytes(path: Path, what: str = "house-rule file") -> bytes:
    """A user's house-rule or deal file: anything that stops the read is a data error naming it."""
    from popejoan_cli.formats.tomlsource import MAX_BYTES  # the TOML reader: not for `rules list`
    from popejoan_cli.formats.userfiles import read_user_file

    return read_user_file(path, what, MAX_BYTES)


def _may_be_file(path: Path) -> bool:
    try:
        return path.exists()
    except OSError:  # a name too long to look up: let the reader say so
        return True


def load_rules(spec: str, relative_to: Path | None = None) -> HouseRules:
    """A preset name, or a house-rule file path (relative to `relative_to` if given)."""
    if spec in preset_names():
        return preset(spec)
    looks_like_file = spec.endswith(".toml") or "/" in spec or "\\" in spec
    path = Path(spec)
    if relative_to is not None and not path.is_absolute():
        path = relative_to / path
    if looks_like_file or _may_be_file(path):
        from popejoan_cli.formats.rulefile import from_toml
        from popejoan_cli.formats.userfiles import label

        return from_toml(read_file_bytes(path), label(spec))
    from popejoan_cli.base.limits import cut

    raise UsageError(Said("unknown preset {name}", name=cut(spec)),
                     Said("{allowed} (or give the path of a .toml file)", allowed=allowed(preset_names(), spec[:100])))
