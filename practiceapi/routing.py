"""How API routes are declared, and what a resolved path says about the request.

Each app declares its routes once, as named URL patterns: a view per route (`ApiView`,
the todos), a viewset registered with `ApiRouter` (the simulator's entities) or a fixed
route. The root URL conf mounts that one list twice, under
`/api/` (namespace `api`) and at the legacy root (namespace `legacy`); every route
takes an optional trailing slash.

An API route's URL name is its route shape, written as the curriculum and the documents
write it (`todos`, `todos/{id}`, `todos/export`): the name says which endpoint a request is
about, and a challenge names the routes it is about by the same string. A path is
resolved once and the match remembered (`resolved`): it first picks the request's
middleware stack (`on_api_stack`, practiceapi/server/handlers.py), then the protocol middleware
reads from it whether the request is on an API route and which one (`route_of`), and the
handler dispatches on it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from django.conf import settings
from django.urls import Resolver404, URLPattern, URLResolver, get_resolver, re_path
from django.urls.resolvers import ResolverMatch
from rest_framework.routers import DynamicRoute, Route, SimpleRouter
from rest_framework.viewsets import ViewSetMixin

from practiceapi.protocol.apiview import ApiView
from practiceapi.views import not_found

# The namespaces `practiceapi.urls` mounts the API routes under.
API_NAMESPACES = frozenset({"api", "legacy"})
# The practice routes beside the API-challenge ones: served like them, but not tracked.
PRACTICE_PREFIXES = ("/mirror/", "/sim/")
PRACTICE_ROOTS = ("/mirror", "/sim")
# Longer paths are resolved afresh each time: remembering them would let a client fill
# memory with long made-up paths. An API route's path is at most ~60 characters.
MAX_REMEMBERED_PATH = 200


class ApiRouter(SimpleRouter):
    """DRF's SimpleRouter with every verb a resource of this API answers, an optional
    trailing slash, and route shapes as URL names.

    The list route maps GET, HEAD, POST, PUT, QUERY, PATCH, TRACE and OPTIONS, the detail
    route the same plus DELETE, each to its own action; a viewset implements the actions
    its resource has, and a verb with no action gets the empty 405 of `ApiView`. Extra
    actions (`@action`) come before the detail route, so their paths are never an id.
    """

    routes = [
        Route(
            url=r"^{prefix}{trailing_slash}$",
            mapping={
                "get": "list",
                "head": "list_head",
                "post": "create",
                "put": "list_update",
                "query": "query",
                "patch": "list_patch",
                "trace": "list_trace",
                "options": "list_options",
            },
            name="{basename}",
            detail=False,
            initkwargs={"suffix": "List"},
        ),
        DynamicRoute(
            url=r"^{prefix}/{url_path}{trailing_slash}$",
            name="{basename}/{url_name}",
            detail=False,
            initkwargs={},
        ),
        Route(
            url=r"^{prefix}/{lookup}{trailing_slash}$",
            mapping={
                "get": "retrieve",
                "head": "retrieve_head",
                "post": "amend",
                "put": "update",
                "patch": "partial_update",
                "delete": "destroy",
                "trace": "detail_trace",
                "options": "detail_options",
            },
            name="{basename}/{{id}}",
            detail=True,
            initkwargs={"suffix": "Instance"},
        ),
    ]

    def __init__(self) -> None:
        super().__init__()
        # `/api/todos/` is `/api/todos`, without a redirect (POST clients break on one).
        self.trailing_slash = "/?"


class ApiViewSet(ViewSetMixin, ApiView):
    """A resource of this API: the actions `ApiRouter` maps on each of its routes.

    A verb its route maps no action to gets ApiView's empty 405, even where the class has
    the action for another route (`query` is the collection's, not the item's).
    """

    def implements(self, method: str) -> bool:
        return method.lower() in self.action_map


def unrouted_below(patterns: Sequence[URLPattern | URLResolver]) -> URLPattern:
    """The 404 of every other path below the API routes' first segments (`todos/1/2`,
    `secret/x`, `todo`'s neighbours), under either root.

    Such a path is still an API-challenge endpoint (CORS, the `X-CHALLENGER` echo,
    tracking), as a student's mistyped request is; it is answered as any unknown path.
    Mounted last in the legacy tree, where `/api/...` paths the API tree did not match
    arrive too; leading slashes are skipped as the path normalisation skips them.
    """
    segments = sorted({_first_segment(pattern) for pattern in patterns})
    choice = "|".join(re.escape(segment) for segment in segments)
    # Unnamed: no route shape, so no challenge is about it.
    return re_path(rf"^/*(?:api/)?(?:{choice})(?:/.*)?$", not_found)


def _first_segment(pattern: URLPattern | URLResolver) -> str:
    found = re.match(r"\^([\w-]+)", str(pattern.pattern))
    if found is None:
        raise ValueError(f"an API route must start with a literal segment: {pattern.pattern}")
    return found.group(1)


def route_of(match: ResolverMatch | None) -> tuple[bool, str | None]:
    """Whether a resolved path is an API-challenge endpoint, and its route shape (None on
    an unrouted path below the API routes)."""
    if match is None or match.app_name not in API_NAMESPACES:
        return False, None
    return True, match.url_name


def on_api_stack(path: str, match: ResolverMatch | None) -> bool:
    """Whether a request for `path` (matched as `match`) is served by the API's middleware
    stack: an API-challenge endpoint or a practice route (everything else is the site's)."""
    return route_of(match)[0] or path.startswith(PRACTICE_PREFIXES) or path in PRACTICE_ROOTS


def on_poll_stack(match: ResolverMatch | None) -> bool:
    """Whether a request (matched as `match`) is for JSON an open page polls
    (`POLL_ROUTES`), served by the polled pages' middleware stack."""
    return match is not None and not match.namespace and match.url_name in settings.POLL_ROUTES


def resolved(path: str) -> ResolverMatch | None:
    """The root URL conf's match of `path` (the handler's own resolver: no per-request
    `urlconf`), or None."""
    resolver = get_resolver()
    if len(path) > MAX_REMEMBERED_PATH:
        return _match.__wrapped__(resolver, path)
    return _match(resolver, path)


@lru_cache(maxsize=4096)
def _match(resolver: URLResolver, path: str) -> ResolverMatch | None:
    """The match of `path`, remembered: a class asks for the same few paths (`/api/todos`,
    its sessions' GUID routes) over and over, and walking the route trees is a measurable
    part of a request. Keyed on the resolver, so a changed URL conf (tests) starts afresh;
    a match is only read (the handler unpacks its arguments into the view's own)."""
    try:
        return resolver.resolve(path)
    except Resolver404:
        return None  # the handler answers its 404
