"""A 40 KB header passes HAProxy (its buffer is 64 KiB, deploy/haproxy.cfg) and reaches the
app, which answers 431 in its own error format: with HAProxy's default 16 KiB buffer the
proxy would answer 400 itself."""

from __future__ import annotations

import pytest

from tests.hosted.shape import Shape, send, wait_for_log

pytestmark = pytest.mark.server

CLIENT = "127.0.0.5"


def test_a_40_kb_header_gets_the_apps_431_through_the_proxy(shape: Shape) -> None:
    reply = send(shape, "GET", "/api/todos", headers={"X-Padding": "p" * 40_000}, client=CLIENT)
    assert reply.status == 431
    assert reply.json() == {
        "errorMessages": ["Request header fields too large, max allowed is 32768 bytes"]
    }
    assert wait_for_log(shape, CLIENT, 1)[-1]["server"] in ("app1", "app2")
