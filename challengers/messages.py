"""What the session routes say when a URL names no session, defined once: the session's
own routes, the todo store's save and restore and the profile route all say it. Clients
assert the text."""

from __future__ import annotations


def challenger_not_found(guid: str) -> str:
    return f"Challenger not found {guid}"
