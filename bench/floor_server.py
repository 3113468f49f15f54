"""The framework's floor (bench/floor.py) served the way `make run` serves ours:
`bench/run.py --server granian:W:T+floor` (the ASGI body front, its Django threads, each
worker on a CPU of its own) or `--server granian-wsgi:W:T+floor` (granian's WSGI
interface), beside json-server in `make bench`'s turns.

`/api/todos` and `/api/todos/{id}` go to the floor: bare DRF `APIView`s with no middleware
that run the statements ours runs (the session's SELECT on every request, the same writes
in one transaction) and answer the same bytes. Everything else (`POST /api/challenger`,
which makes the benchmark's sessions) goes to our application. What this server reaches
is the ceiling of any Django and DRF design on that server and machine; ours against it
is what our own code costs there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from bench.floor import build_floor
from practiceapi.server.asgi import BufferedBodies
from practiceapi.server.asgi import application as our_front
from practiceapi.server.wsgi import application as ours

floor = build_floor(read_sql=True)


def wsgi(environ: dict[str, Any], start_response: Callable) -> Iterable[bytes]:
    app = floor if environ["PATH_INFO"].startswith("/api/todos") else ours
    return app(environ, start_response)


application = BufferedBodies(wsgi, threads=our_front.django.count)
