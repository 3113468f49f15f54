"""`python -m practiceapi.serve`: the production server, as `make run` starts it.

granian, `WORKERS` processes, each an event loop that buffers request bodies and a pool of
`THREADS` threads running Django (practiceapi/asgi.py says why), no access log. The
command is defined here once: `make run`, the reliability tests and `make bench` all use
`command()`. Environment: HOST (127.0.0.1), PORT (4567), WORKERS (2), THREADS (2).
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

# granian from the environment this Python runs in (the project's .venv under `make run`).
_BESIDE_PYTHON = Path(sys.executable).with_name("granian")
GRANIAN = str(_BESIDE_PYTHON) if _BESIDE_PYTHON.exists() else shutil.which("granian") or "granian"


def command(host: str, port: int, workers: int = 2, threads: int = 2) -> list[str]:
    """The server command line; the environment must carry `server_env(threads)`."""
    return [
        GRANIAN,
        "--interface", "asginl",
        "--host", host,
        "--port", str(port),
        "--workers", str(workers),
        "--no-ws",
        "--log-level", "warning",
        "practiceapi.asgi:application",
    ]  # fmt: skip


def server_env(threads: int) -> dict[str, str]:
    """What the server's environment needs on top of the settings' own variables."""
    return {"APICHALLENGES_THREADS": str(threads)}


def main() -> None:
    threads = int(os.environ.get("THREADS", "2"))
    argv = command(
        os.environ.get("HOST", "127.0.0.1"),
        int(os.environ.get("PORT", "4567")),
        int(os.environ.get("WORKERS", "2")),
        threads,
    )
    os.environ.update(server_env(threads))
    os.execv(argv[0], argv)


if __name__ == "__main__":
    main()
