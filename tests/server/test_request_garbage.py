"""An API request leaves nothing for the garbage collector: its objects are freed by
reference counting as it ends (practiceapi/protocol/apiview.py, `ApiView.dispatch`), so
none waits in a reference cycle for the collector's next pass."""

from __future__ import annotations

import gc
from collections import Counter
from typing import Any

import pytest

from tests.served import served


def left_in_cycles(request: Any) -> Counter[str]:
    """The types of the objects `request()` left in reference cycles, by count."""
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        request()
        gc.collect()
        return Counter(type(o).__qualname__ for o in gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()


@pytest.fixture
def session() -> str:
    _status, headers, _body = served("POST", "/api/challenger")
    return headers["X-CHALLENGER"]


REQUESTS = {
    "list": ("GET", "/api/todos", b"", {}),
    "list as XML": ("GET", "/api/todos", b"", {"HTTP_ACCEPT": "application/xml"}),
    "a todo not there (404)": ("GET", "/api/todos/999", b"", {}),
    "create": ("POST", "/api/todos", b'{"title":"x"}', {"content_type": "application/json"}),
    "unreadable JSON (400)": (
        "POST",
        "/api/todos",
        b'{"title":',
        {"content_type": "application/json"},
    ),
    "no acceptable type (406)": ("GET", "/api/todos", b"", {"HTTP_ACCEPT": "text/nope"}),
    "a verb not allowed (405)": ("DELETE", "/api/heartbeat", b"", {}),
    "progress": ("GET", "/api/challenges", b"", {}),
    "preflight": ("OPTIONS", "/api/todos", b"", {}),
    "simulator": ("GET", "/sim/entities", b"", {}),
}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("name", REQUESTS)
def test_an_api_request_leaves_no_objects_in_reference_cycles(session: str, name: str) -> None:
    method, path, body, headers = REQUESTS[name]
    served(method, path, body, HTTP_X_CHALLENGER=session, **headers)  # warm: caches fill once
    assert (
        left_in_cycles(lambda: served(method, path, body, HTTP_X_CHALLENGER=session, **headers))
        == Counter()
    )
