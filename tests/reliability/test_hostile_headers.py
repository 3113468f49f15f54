"""Hostile request heads against the production server.

A 40 KB header, a header block over 32 KiB (431), an over-long
`X-CHALLENGER`, hundreds of fields, an over-long request line and bytes that are not ASCII
in it. The application answers what reaches it in the negotiated format; what the HTTP server
refuses before the application runs (request line, field count) is still a 4xx, and the
server keeps answering.
"""

from __future__ import annotations

import pytest

from practiceapi.server.harness import Server
from tests.reliability.server import raw_request, request
from tests.reliability.victim import Victim, is_error_document

pytestmark = pytest.mark.server

TOO_LONG_CHALLENGER = "X-CHALLENGER header is too large, maximum allowed is 100 characters"


@pytest.fixture
def victim(server: Server) -> Victim:
    return Victim.create(server)


def test_a_40_kb_header_is_a_431_in_json(victim: Victim) -> None:
    reply = victim.send("GET", "/api/todos", X_Padding="p" * 40_000)
    assert reply.status == 431
    assert is_error_document(reply)


def test_a_40_kb_header_is_a_431(victim: Victim) -> None:
    reply = victim.send("GET", "/api/todos", X_Padding="p" * 40_000)
    assert reply.status == 431


def test_a_40_kb_header_block_is_a_431_in_json(victim: Victim) -> None:
    padding = {f"X_Padding_{n}": "p" * 8000 for n in range(5)}
    reply = victim.send("GET", "/api/todos", **padding)
    assert reply.status == 431
    assert is_error_document(reply)


def test_an_x_challenger_over_100_characters_is_a_431_in_json(victim: Victim) -> None:
    reply = victim.send("GET", "/api/todos", X_CHALLENGER=victim.guid + "x" * 65)
    assert reply.status == 431
    assert reply.json() == {"errorMessages": [TOO_LONG_CHALLENGER]}


def test_the_431_is_xml_when_xml_is_accepted(victim: Victim) -> None:
    reply = victim.send("GET", "/api/todos", X_CHALLENGER="x" * 5000, Accept="application/xml")
    assert reply.status == 431
    assert is_error_document(reply, "application/xml")


def test_a_huge_x_challenger_on_a_write_changes_nothing(victim: Victim) -> None:
    before = victim.state()
    reply = victim.send("POST", "/api/todos", {"title": "x"}, X_CHALLENGER=victim.guid + "x" * 7000)
    assert reply.status == 431
    assert victim.state() == before


def test_hundreds_of_header_fields_are_refused(victim: Victim) -> None:
    fields = {f"X_Field_{n}": "v" for n in range(300)}
    reply = victim.send("GET", "/api/todos", **fields)
    assert 400 <= reply.status < 500


def test_an_accept_header_of_hundreds_of_ranges_is_answered_in_json(victim: Victim) -> None:
    """Ranges past the negotiator's cap are ignored, so the answer is a 406, not a hang."""
    accept = ",".join(f"text/x-{n};q=0.{n % 9 + 1}" for n in range(400)) + ",application/json"
    assert len(accept) < 8190
    reply = victim.send("GET", "/api/todos", Accept=accept)
    assert reply.status == 406
    assert is_error_document(reply)


def test_an_accept_header_with_thousands_of_parameters_is_negotiated(victim: Victim) -> None:
    reply = victim.send("GET", "/api/todos", Accept="application/json" + ";a=b" * 2000)
    assert reply.status == 200
    assert reply.header("Content-Type") == "application/json"


def test_a_very_long_request_line_gets_a_clean_answer(server: Server) -> None:
    reply = request(server, "GET", "/api/todos?title=" + "t" * 5000)
    assert reply.status in (200, 414)


def test_raw_bytes_that_are_not_ascii_in_the_request_line_are_400(server: Server) -> None:
    reply = raw_request(server, b"GET /api/todos?title=\xff HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert reply.status == 400


def test_a_header_line_without_a_colon_is_400(server: Server) -> None:
    reply = raw_request(
        server, b"GET /api/todos HTTP/1.1\r\nHost: 127.0.0.1\r\nnot a header\r\n\r\n"
    )
    assert reply.status == 400


def test_a_method_override_that_is_not_ascii_is_refused(victim: Victim) -> None:
    """400 when the override reaches the API; a plain POST (405) when the server drops
    the undecodable header."""
    reply = victim.send("POST", "/api/heartbeat", X_HTTP_Method_Override="DÉLÉTE")
    assert reply.status in (400, 405)
    if reply.status == 400:
        assert is_error_document(reply)


def test_the_server_answers_normally_after_hostile_heads(victim: Victim) -> None:
    victim.send("GET", "/api/todos", X_Padding="p" * 40_000)
    raw_request(victim.server, b"GET /\xff HTTP/1.1\r\n\r\n")
    request(victim.server, "GET", "/api/todos?x=" + "x" * 9000)
    assert victim.send("GET", "/api/todos").status == 200
