"""`bench/run.py --server granian:W:T+lean`: a measured prototype, not a shape to serve.

Our application on `make run`'s server with the two things left out that make most of our
cost over the framework's floor (docs/benchmark.md): challenge tracking (both of its
middleware, so nothing is decided, judged or recorded) and Django's security and
clickjacking middleware on the API routes. The session is still read on every request and
every view answers as ours does, headers aside. Beside `+floor` in the same run it says
how far the classroom targets are for a design whose tracking and security headers cost
nothing: what is left between it and the floor is the rest of our path. In one process,
`bench/floor.py --ablate lean` times the same application beside ours and the floor.

`wsgi` is the same for `granian-wsgi`.
"""

from __future__ import annotations

from bench.floor import LEAN_LEAVES_OUT, handler_without
from practiceapi.asgi import BufferedBodies
from practiceapi.asgi import application as our_front
from practiceapi.handlers import SplitApplication
from practiceapi.wsgi import application as ours

wsgi = SplitApplication(site=ours.site, api=handler_without(LEAN_LEAVES_OUT))

application = BufferedBodies(wsgi, threads=our_front.django.count)
