"""`bench/run.py --server granian:W:T+cyclic`: `make run`'s server with DRF's objects of each
API request left in their reference cycles for the garbage collector, as before
`ApiView.dispatch` let them go (practiceapi/protocol/apiview.py): the A/B of that release.
Django's handler renders the answer, as it does for DRF views. `wsgi` is the same for
`granian-wsgi`.
"""

from __future__ import annotations

from practiceapi.asgi import application  # first: it sets Django up
from practiceapi.protocol.apiview import ApiView
from practiceapi.wsgi import application as wsgi

# DRF's own dispatch, the next in the class's method order.
ApiView.dispatch = super(ApiView, ApiView).dispatch  # type: ignore[method-assign]

__all__ = ["application", "wsgi"]
