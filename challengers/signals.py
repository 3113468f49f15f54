"""Signals the sessions app sends to the apps built on it.

The todo app depends on the sessions app, never the other way round, yet every new
session starts with the default todo list. So creating a session announces it, and the
todo app (its AppConfig.ready) seeds the list, inside the creating transaction.
"""

from __future__ import annotations

from django.dispatch import Signal

# Sent by `challengers.sessions.create_challenger` with `challenger=<the new session>`.
challenger_created = Signal()
