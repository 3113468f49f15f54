"""Route shapes: which endpoint a normalised API path is about, as challenges see it.

A shape separates the collection from its items (`todos` from `todos/{id}`), so the route
index (`challenges.catalogue`) hands a request only the challenges of its own endpoint.
"""

from __future__ import annotations

TODOS = "todos"
TODO_ITEM = "todos/{id}"
TODOS_EXPORT = "todos/export"
TODO_SINGULAR = "todo"
CHALLENGES = "challenges"
CHALLENGER = "challenger"
CHALLENGER_GUID = "challenger/{guid}"
CHALLENGER_DATABASE = "challenger/database/{guid}"
HEARTBEAT = "heartbeat"
SECRET_TOKEN = "secret/token"
SECRET_NOTE = "secret/note"
OTHER = ""  # no challenge is about it

_FIXED_SHAPES = frozenset(
    {
        TODOS,
        TODOS_EXPORT,
        TODO_SINGULAR,
        CHALLENGES,
        CHALLENGER,
        HEARTBEAT,
        SECRET_TOKEN,
        SECRET_NOTE,
    }
)


def route_shape(path: str) -> str:
    """The route shape of a normalised path (`OTHER` when no challenge is about it).

    D2.2: `/api/todos/` is `/api/todos`; the normalised path may still carry the slash.
    """
    path = path.rstrip("/")
    if path in _FIXED_SHAPES:
        return path
    if item_id(path) is not None:
        return TODO_ITEM
    if database_guid(path) is not None:
        return CHALLENGER_DATABASE
    if challenger_guid(path) is not None:
        return CHALLENGER_GUID
    return OTHER


def item_id(path: str) -> str | None:
    """The `{x}` of `todos/{x}`: one non-empty segment.

    `export` has its own route registered before the item route, so it is never an id.
    """
    head, sep, rest = path.partition("/")
    if head != "todos" or not sep or not rest or "/" in rest or rest == "export":
        return None
    return rest


def challenger_guid(path: str) -> str | None:
    """The `{g}` of `challenger/{g}` (progress routes)."""
    head, sep, rest = path.rstrip("/").partition("/")
    if head != "challenger" or not sep or not rest or "/" in rest:
        return None
    return rest


def database_guid(path: str) -> str | None:
    """The `{g}` of `challenger/database/{g}` (todo-store routes)."""
    prefix = "challenger/database/"
    if not path.startswith(prefix):
        return None
    rest = path[len(prefix) :]
    return rest if rest and "/" not in rest else None
