"""House-rule files: TOML bytes to checked `HouseRules`, each problem with its line and key.

The rules model and its checks are the game's (`game/rules.py`); this module only reads the
file's text, so the referee never needs the TOML reader.
"""

from __future__ import annotations

from popejoan_cli.base.errors import DataError
from popejoan_cli.formats.tomlsource import locate, located, parse
from popejoan_cli.game.rules import HouseRules, from_data


def from_toml(data: bytes, file: str, base: HouseRules | None = None) -> HouseRules:
    """Parse and validate a house-rule file's bytes, or raise one `DataError`."""
    doc, problems, text = parse(data)
    rules: HouseRules | None = None
    if doc is not None:
        rules, problems = from_data(doc, None, base)
        if problems:  # locating keys costs a scan of the text: only worth it for errors
            rules, problems = from_data(doc, locate(text), base)
    if problems or rules is None:
        raise DataError(located(problems, file, text))
    return rules
