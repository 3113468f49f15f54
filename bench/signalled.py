"""`bench/run.py --server granian:W:T+signals`: `make run`'s server with the API routes'
handler framing each request with Django's request signals, as Django's WSGI handler does
and as ours did before it ran its own request cycle (practiceapi/handlers.py, `ApiHandler`):
the A/B of that cycle. `wsgi` is the same for `granian-wsgi`.
"""

from __future__ import annotations

from django.core.handlers.wsgi import WSGIHandler

from practiceapi.asgi import BufferedBodies
from practiceapi.asgi import application as our_front
from practiceapi.handlers import ApiHandler, SplitApplication
from practiceapi.wsgi import application as ours


class SignalledApiHandler(ApiHandler):
    __call__ = WSGIHandler.__call__  # type: ignore[assignment]


wsgi = SplitApplication(site=ours.site, api=SignalledApiHandler())

application = BufferedBodies(wsgi, threads=our_front.django.count)
