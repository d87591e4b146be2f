"""`rules list` reads the presets' index, which must say what their files say (issue 27).

After changing a preset's title or description, refresh it:

    python -c "from popejoan_cli.formats import presets; print(presets.index_text(), end='')" \\
        > house-rules/index.json
"""

from __future__ import annotations

from pathlib import Path

import pytest

from popejoan_cli.formats import presets


def test_the_index_says_what_the_presets_say() -> None:
    shipped = (presets._preset_dir() / presets.INDEX).read_text(encoding="utf-8")
    assert shipped == presets.index_text(), "house-rules/index.json is stale: see this module's docstring"
    assert [n for n, _, _ in presets.summaries()] == presets.preset_names()


def test_without_an_index_that_matches_the_files_are_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in presets.preset_names():
        (tmp_path / f"{name}.toml").write_bytes(presets.preset_path(name).read_bytes())
    (tmp_path / presets.INDEX).write_text('[{"name": "russian", "title": "Stale", "description": ""}]',
                                          encoding="utf-8")
    expected = presets._read_summaries(presets.preset_names())
    monkeypatch.setattr(presets, "_preset_dir", lambda: tmp_path)
    assert presets.summaries() == expected  # an index naming other presets is not believed
    (tmp_path / presets.INDEX).write_text("not json", encoding="utf-8")
    assert presets.summaries() == expected
