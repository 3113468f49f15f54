"""Hostile requests are answered within 100 ms by the production server.

One representative request per kind of attack, timed from the first byte sent to the last
byte read against the warmed-up production server. Each is sent five times, alternating with
a plain `GET /api/heartbeat`, and the fastest attack is judged against the fastest plain
request: the attack may cost at most 100 ms more than a request that does nothing. A server
that really spends 100 ms on an attack is slow every time, while a busy CI machine delays
plain and hostile requests alike, and only some of them.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import quote

import pytest

from practiceapi.server.harness import Server
from tests.reliability.payloads import BILLION_LAUGHS, EXTERNAL_FILE
from tests.reliability.server import Reply, raw_request, request
from tests.reliability.victim import Victim

pytestmark = pytest.mark.server

BUDGET = 0.100
JSON = "application/json"
XML = "application/xml"
STRUCTURED = "application/vnd.service.query+json"
# A backtracking engine needs seconds for this pattern on a 200-character `aaaa…!`; RE2
# matches it in linear time.
SLOW_REGEX = "(.*a){20}"


@pytest.fixture(scope="module")
def victim(production_server: Server) -> Victim:
    victim = Victim.create(production_server)
    for _ in range(10):
        todo = {"title": "a" * 49 + "!", "description": "a" * 199 + "!"}
        assert victim.send("POST", "/api/todos", todo).status == 201
    return victim


@dataclass
class Timed:
    status: int
    extra: float  # seconds beyond the fastest plain request


def fastest(server: Server, send: Callable[[], Reply], attempts: int = 5) -> Timed:
    hostile: list[Reply] = []
    plain: list[Reply] = []
    for _ in range(attempts):
        hostile.append(send())
        plain.append(request(server, "GET", "/api/heartbeat"))
    assert len({reply.status for reply in hostile}) == 1, hostile
    best = min(reply.elapsed for reply in hostile)
    baseline = min(reply.elapsed for reply in plain)
    return Timed(hostile[0].status, best - baseline)


def test_a_billion_laughs_body_is_refused_within_100_ms(server: Server, victim: Victim) -> None:
    reply = fastest(
        server, lambda: victim.send("POST", "/api/todos", BILLION_LAUGHS, Content_Type=XML)
    )
    assert reply.status == 400
    assert reply.extra < BUDGET


def test_an_external_entity_is_refused_within_100_ms(server: Server, victim: Victim) -> None:
    reply = fastest(
        server, lambda: victim.send("POST", "/api/todos", EXTERNAL_FILE, Content_Type=XML)
    )
    assert reply.status == 400
    assert reply.extra < BUDGET


def test_a_body_over_5000_characters_is_refused_within_100_ms(
    server: Server, victim: Victim
) -> None:
    reply = fastest(
        server, lambda: victim.send("POST", "/api/todos", "x" * 5001, Content_Type=JSON)
    )
    assert reply.status == 413
    assert reply.extra < BUDGET


def test_a_50_mb_content_length_is_refused_within_100_ms(server: Server) -> None:
    head = (
        b"POST /api/todos HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Content-Length: 50000000\r\nConnection: close\r\n\r\n{"
    )
    reply = fastest(server, lambda: raw_request(server, head, method="POST"))
    assert reply.status == 413
    assert reply.extra < BUDGET


def test_json_nested_160000_deep_is_refused_within_100_ms(server: Server, victim: Victim) -> None:
    body = b"[" * 160_000 + b"]" * 160_000
    path = f"/api/challenger/{victim.guid}/profile"
    reply = fastest(server, lambda: victim.send("PUT", path, body, Content_Type=JSON))
    assert 400 <= reply.status < 500
    assert reply.extra < BUDGET


def test_a_body_that_is_not_utf8_is_refused_within_100_ms(server: Server, victim: Victim) -> None:
    body = b'{"title":"\xff\xfe"}'
    reply = fastest(server, lambda: victim.send("POST", "/api/todos", body, Content_Type=JSON))
    assert reply.status == 400
    assert reply.extra < BUDGET


def test_a_40_kb_header_is_refused_within_100_ms(server: Server, victim: Victim) -> None:
    reply = fastest(server, lambda: victim.send("GET", "/api/todos", X_Padding="p" * 40_000))
    assert reply.status == 431
    assert reply.extra < BUDGET


def test_a_huge_limit_is_refused_within_100_ms(server: Server, victim: Victim) -> None:
    reply = fastest(server, lambda: victim.send("GET", "/api/todos?_limit=" + "9" * 4000))
    assert reply.status == 400
    assert reply.extra < BUDGET


def test_a_negative_offset_is_refused_within_100_ms(server: Server, victim: Victim) -> None:
    reply = fastest(server, lambda: victim.send("GET", "/api/todos?_offset=-1"))
    assert reply.status == 400
    assert reply.extra < BUDGET


def test_a_huge_offset_is_answered_within_100_ms(server: Server, victim: Victim) -> None:
    reply = fastest(server, lambda: victim.send("GET", "/api/todos?_offset=" + "9" * 4000))
    assert reply.status == 200
    assert reply.extra < BUDGET


def test_a_slow_url_regex_filter_is_answered_within_100_ms(server: Server, victim: Victim) -> None:
    reply = fastest(
        server, lambda: victim.send("GET", f"/api/todos?description~={quote(SLOW_REGEX)}")
    )
    assert reply.status == 200
    assert reply.extra < BUDGET


def test_a_slow_structured_matches_is_answered_within_100_ms(
    server: Server, victim: Victim
) -> None:
    body = json.dumps({"filter": {"description": {"matches": SLOW_REGEX}}})
    reply = fastest(
        server, lambda: victim.send("QUERY", "/api/todos", body, Content_Type=STRUCTURED)
    )
    assert reply.status == 200
    assert reply.extra < BUDGET


def test_a_slow_jsonpath_match_is_answered_within_100_ms(server: Server, victim: Victim) -> None:
    body = "$.todos[?match(@.description, '(a|aa)+')]"
    reply = fastest(
        server,
        lambda: victim.send("QUERY", "/api/todos", body, Content_Type="application/jsonpath"),
    )
    assert reply.status == 200
    assert reply.extra < BUDGET


def test_a_regex_that_is_costly_to_compile_is_refused_within_100_ms(
    server: Server, victim: Victim
) -> None:
    reply = fastest(
        server, lambda: victim.send("GET", f"/api/todos?title~={quote('(a{1000}){1000}')}")
    )
    assert 400 <= reply.status < 500
    assert reply.extra < BUDGET
