"""Route shapes: which endpoint an API request is about, as challenges see it.

A shape is the URL name of an API route (`practiceapi.routing`): the protocol middleware
reads it from the resolved path, so `/api/todos/5/` and `/todos/5` are both `todos/{id}`.
It separates the collection from its items (`todos` from `todos/{id}`), so the route index
(`declarations.Catalogue`) hands a request only the challenges of its own endpoint. The
constants below name the routes challenges are about.
"""

from __future__ import annotations

from django.urls import Resolver404, resolve

from practiceapi.routing import route_of

TODOS = "todos"
TODO_ITEM = "todos/{id}"
TODOS_EXPORT = "todos/export"
TODO_SINGULAR = "todo"
CHALLENGES = "challenges"
CHALLENGER = "challenger"
CHALLENGER_GUID = "challenger/{guid}"
CHALLENGER_DATABASE = "challenger/database/{guid}"
CHALLENGER_REQUESTS = "challenger/{guid}/requests"
HEARTBEAT = "heartbeat"
SECRET_TOKEN = "secret/token"
SECRET_NOTE = "secret/note"
OTHER = ""  # no API route: no challenge is about it


def shape(route: str | None) -> str:
    """The shape of a request on the API route named `route` (None when unrouted)."""
    return route or OTHER


def route_shape(path: str) -> str:
    """The shape of a normalised API path (`todos/5`), resolved as a request's path is:
    for exchanges described by their path alone."""
    try:
        match = resolve(f"/{path}")
    except Resolver404:
        return OTHER
    return shape(route_of(match)[1])


def challenger_guid(path: str) -> str | None:
    """The `{g}` of `challenger/{g}` (progress routes)."""
    head, sep, rest = path.rstrip("/").partition("/")
    if head != "challenger" or not sep or not rest or "/" in rest:
        return None
    return rest
