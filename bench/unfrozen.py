"""`bench/run.py --server granian:W:T+nofreeze`: `make run`'s server with what startup made
left to the garbage collector, as before practiceapi/wsgi.py froze it (the A/B of that
freeze). `wsgi` is the same for `granian-wsgi`."""

from __future__ import annotations

import gc

from practiceapi.asgi import application
from practiceapi.wsgi import application as wsgi

gc.unfreeze()

__all__ = ["application", "wsgi"]
