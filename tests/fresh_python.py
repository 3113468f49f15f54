"""Scripts run by a Python interpreter of their own, in the project's root: for what only a
new process shows (what importing a module does to it, its threads' CPUs) or what must
not touch the test run's own process."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_python(script: str) -> str:
    """The script's standard output; a script that fails fails the test with its error."""
    return subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
