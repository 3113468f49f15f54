"""`make run`'s application with the request history switched off:
`bench/run.py --server granian:W:T+nohistory`, beside `--server granian:W:T` in the same
turns, is what recording and writing the history costs a loaded server.

`challengers.history.record` becomes a no-op, so nothing is buffered and the writer
thread never starts; everything else is what `make run` serves.
"""

from __future__ import annotations

from practiceapi.server.asgi import application  # sets Django up
from practiceapi.server.wsgi import application as wsgi

# isort: split
from challengers import history  # needs Django set up

history.record = lambda *args, **kwargs: None

__all__ = ["application", "wsgi"]
