"""`bench/run.py --server granian:W:T+locked`: `make run`'s server with PostgreSQL's amends
and deletes run in a transaction of several statements, as before todos.services wrote
each in one statement (bench/variants.py): the A/B of those statements on the server.
`wsgi` is the same for `granian-wsgi`."""

from __future__ import annotations

from practiceapi.asgi import application  # Django is set up before the views are imported
from practiceapi.wsgi import application as wsgi

from bench import variants  # isort: skip
from todos.views import base, item  # isort: skip

base.amend_todo = variants.amend_todo_locked  # type: ignore[assignment]
item.delete_todo = variants.delete_todo_in_a_transaction  # type: ignore[assignment]

__all__ = ["application", "wsgi"]
