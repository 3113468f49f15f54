"""Which requests are on an API route, and which route: read from the resolved path."""

from __future__ import annotations

import pytest
from django.http import HttpResponse
from django.test import RequestFactory
from django.urls import reverse

from challenges import routes
from practiceapi.middleware import ProtocolMiddleware
from practiceapi.protocol.request import ApiRequest

GUID = "3f2504e0-4f89-41d3-9a0c-0305e82c3301"


def classify(path: str) -> tuple[bool, str]:
    seen: list[ApiRequest] = []

    def view(request: ApiRequest) -> HttpResponse:
        seen.append(request)
        return HttpResponse()

    request = RequestFactory().get("/")
    request.path = request.path_info = path  # as a server hands it over: `//todos` too
    ProtocolMiddleware(view)(request)
    return seen[0].api_endpoint, routes.shape(seen[0].api_route)


@pytest.mark.parametrize(
    ("path", "endpoint", "shape"),
    [
        ("/api/todos", True, routes.TODOS),
        ("/todos/", True, routes.TODOS),
        ("/api/todos/5", True, routes.TODO_ITEM),
        ("/todos/export/", True, routes.TODOS_EXPORT),
        ("/api/todo", True, routes.TODO_SINGULAR),
        (f"/challenger/{GUID}", True, routes.CHALLENGER_GUID),
        (f"/api/challenger/database/{GUID}", True, routes.CHALLENGER_DATABASE),
        ("/api/secret/note/", True, routes.SECRET_NOTE),
        # Below an API route's first segment but unrouted: a 404 still tracked, echoed.
        ("/api/todos/1/2", True, routes.OTHER),
        ("/todo/1", True, routes.OTHER),
        ("/api/secret", True, routes.OTHER),
        # Extra slashes: the 404 is about the route the student meant.
        ("/todos//", True, routes.TODOS),
        ("//todos", True, routes.TODOS),
        ("/api/todos/5//", True, routes.TODO_ITEM),
        # Not the API's.
        ("/api/nothing", False, routes.OTHER),
        ("/todosx", False, routes.OTHER),
        ("/api/schema/", False, routes.OTHER),
        ("/api//todos", False, routes.OTHER),
        ("/sim/entities", False, routes.OTHER),
        ("/", False, routes.OTHER),
    ],
)
def test_the_resolved_path_says_whether_and_which_api_route(
    path: str, endpoint: bool, shape: str
) -> None:
    assert classify(path) == (endpoint, shape)


@pytest.mark.parametrize("namespace", ["api", "legacy"])
@pytest.mark.parametrize(
    "shape",
    [value for name, value in vars(routes).items() if name.isupper() and value],
)
def test_every_route_shape_challenges_name_is_a_route_of_both_trees(
    namespace: str, shape: str
) -> None:
    kwargs = {"todo_id": "1"} if "{id}" in shape else {"guid": GUID} if "{guid}" in shape else {}
    path = reverse(f"{namespace}:{shape}", kwargs=kwargs)
    assert path.startswith("/api/" if namespace == "api" else "/")
    assert routes.route_shape(path.removeprefix("/api/").lstrip("/")) == shape


def test_the_wsgi_application_resolves_a_path_once(monkeypatch, db) -> None:  # noqa: ANN001
    from django.test.client import RequestFactory as Factory
    from django.urls.resolvers import URLResolver

    from practiceapi import routing
    from practiceapi.server import wsgi

    routing._match.cache_clear()

    resolved: list[str] = []
    resolve = URLResolver.resolve

    def counting(self: URLResolver, path: str):  # noqa: ANN202
        if path.startswith("/"):  # the root resolver; included ones see the rest
            resolved.append(path)
        return resolve(self, path)

    monkeypatch.setattr(URLResolver, "resolve", counting)
    status: list[str] = []
    for _ in range(2):
        environ = Factory().get("/api/heartbeat").environ
        wsgi.application(environ, lambda line, headers: status.append(line))
    assert status == ["204 No Content"] * 2
    assert resolved == ["/api/heartbeat"]
