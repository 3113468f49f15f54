"""The health check: `GET /api/heartbeat` answers 204 through HAProxy, and each app process
answers HAProxy's own probe (deploy/haproxy.cfg: the Host it names, `X-Forwarded-Proto:
https`) with 204, so neither is taken out of service."""

from __future__ import annotations

import pytest

from tests.hosted.shape import Shape, send

pytestmark = pytest.mark.server


def test_the_heartbeat_answers_204_through_the_proxy(shape: Shape) -> None:
    assert send(shape, "GET", "/api/heartbeat", client="127.0.0.3").status == 204


def test_each_app_process_answers_the_proxys_probe(shape: Shape) -> None:
    probe = {"Host": "localhost", "X-Forwarded-Proto": "https"}
    for port in shape.app_ports:
        reply = send(shape, "GET", "/api/heartbeat", headers=probe, port=port)
        assert reply.status == 204, port
    assert " is DOWN" not in shape.log()
