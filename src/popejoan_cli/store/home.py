"""popejoan's own folder: where its tables, the current table's name and the key of `.verified` live.

`POPEJOAN_HOME`, else the system's folder for a user's data (`system_home`). Its own module so that
the journal finds its key here without importing the tables (which import the journal).
"""

from __future__ import annotations

import os
from pathlib import Path


def home() -> Path:
    """popejoan's own folder: `POPEJOAN_HOME`, else the system's folder for a user's data."""
    if os.environ.get("POPEJOAN_HOME"):
        return Path(os.environ["POPEJOAN_HOME"])
    return system_home()


def system_home() -> Path:
    """The system's folder for popejoan's data, unless tables were made before popejoan used it.

    `platformdirs` knows each system's convention: `%LOCALAPPDATA%\\popejoan` on Windows,
    `~/Library/Application Support/popejoan` on macOS, `$XDG_DATA_HOME/popejoan` (by default
    `~/.local/share/popejoan`) on Linux and the BSDs. Earlier versions used
    `~/.local/share/popejoan` everywhere: while the system's folder holds nothing of
    popejoan's, a home there is still used where it is.
    """
    import platformdirs  # only when POPEJOAN_HOME is not set: start-up

    chosen = platformdirs.PlatformDirs("popejoan", appauthor=False).user_data_path
    earlier = Path.home() / ".local" / "share" / "popejoan"
    if earlier != chosen and not _holds_tables(chosen) and _holds_tables(earlier):
        return earlier
    return chosen


def _holds_tables(folder: Path) -> bool:
    return (folder / "tables").is_dir() or (folder / "current").is_file()
