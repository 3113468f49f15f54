"""`bench/run.py --server granian:W:T+locked`: `make run`'s server with PostgreSQL's amends
and deletes run in a transaction of several statements, as before todos.services wrote
each in one statement (bench/variants.py): the A/B of those statements on the server.
`wsgi` is the same for `granian-wsgi`."""

from __future__ import annotations

from practiceapi.asgi import application  # Django is set up before the todo services are imported
from practiceapi.wsgi import application as wsgi

from bench import variants  # isort: skip
from todos import services  # isort: skip

services._amend_if_unchanged = variants.not_in_one_statement  # type: ignore[assignment]
services._delete_in_one = services._delete_in_a_transaction  # type: ignore[assignment]

__all__ = ["application", "wsgi"]
