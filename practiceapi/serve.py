"""`python -m practiceapi.serve`: the production server, as `make run` starts it.

granian with `WORKERS` processes and `THREADS` Django threads in each, no access log, in
one of two shapes (docs/benchmark.md, "Server choice", has the measurements):

* default: granian's ASGI interface in front of Django (practiceapi/asgi.py). Request
  bodies are collected on the event loop with a deadline, so clients that stop sending
  cannot take the threads. Needs nothing in front of it: what `make run` on a laptop or
  a classroom machine should be.
* `PROXY_BUFFERS_BODIES=1`: granian's own WSGI interface, Django in its blocking threads.
  It reads a body in the thread, with no time limit, so it is only safe behind a reverse
  proxy that buffers request bodies (nginx does by default; docs/hosting.md). On the
  classroom workloads the two cost the same CPU per request.

The command is defined here once: `make run`, the reliability and scale-out tests and
`make bench` all use `command()`. Environment: HOST (127.0.0.1), PORT (4567), WORKERS (2),
THREADS (2), PROXY_BUFFERS_BODIES (0).
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

# granian from the environment this Python runs in (the project's .venv under `make run`).
_BESIDE_PYTHON = Path(sys.executable).with_name("granian")
GRANIAN = str(_BESIDE_PYTHON) if _BESIDE_PYTHON.exists() else shutil.which("granian") or "granian"


def command(
    host: str, port: int, workers: int = 2, threads: int = 2, *, proxy_buffers_bodies: bool = False
) -> list[str]:
    """The server command line; its environment must also carry `server_env(threads)`."""
    common = [
        GRANIAN,
        "--host", host,
        "--port", str(port),
        "--workers", str(workers),
        "--no-ws",
        "--log-level", "warning",
    ]  # fmt: skip
    if proxy_buffers_bodies:
        return [
            *common,
            "--interface", "wsgi",
            "--blocking-threads", str(threads),
            "practiceapi.wsgi:application",
        ]  # fmt: skip
    return [*common, "--interface", "asginl", "practiceapi.asgi:application"]


def server_env(threads: int) -> dict[str, str]:
    """What the server's environment needs on top of the settings' own variables."""
    return {"APICHALLENGES_THREADS": str(threads)}


def main() -> None:
    from practiceapi.settings import env_bool  # the settings' reading of a boolean variable

    threads = int(os.environ.get("THREADS", "2"))
    argv = command(
        os.environ.get("HOST", "127.0.0.1"),
        int(os.environ.get("PORT", "4567")),
        int(os.environ.get("WORKERS", "2")),
        threads,
        proxy_buffers_bodies=env_bool("PROXY_BUFFERS_BODIES", False),
    )
    os.environ.update(server_env(threads))
    os.execv(argv[0], argv)


if __name__ == "__main__":
    main()
