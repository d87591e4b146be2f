"""The garbage collector waits while popejoan starts and is back on while the command runs (issue 27)."""

from __future__ import annotations

import subprocess
import sys

SEEN = """\
import gc, sys
from popejoan_cli import launch  # as pip's launcher does
held = not gc.isenabled()
from popejoan_cli.cli import rules_cmd
emit = rules_cmd.emit_json
def seen(data):  # what `rules list --json` calls as it answers
    print(held, gc.isenabled(), gc.get_freeze_count() > 1000, file=sys.stderr)
    emit(data)
rules_cmd.emit_json = seen
sys.argv = ["popejoan", "rules", "list", "--json"]
launch.main()
"""


def test_start_up_is_not_collected_and_the_command_is() -> None:
    # One process: held off from the launcher's import, then on (start-up set aside) when the command runs.
    proc = subprocess.run([sys.executable, "-c", SEEN], capture_output=True, text=True, encoding="utf-8",
                          check=False)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.split() == ["True", "True", "True"], proc.stderr
    assert proc.stdout.startswith("[")
