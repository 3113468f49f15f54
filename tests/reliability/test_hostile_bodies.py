"""Hostile request bodies against the production server.

Bodies over the limits, deeply nested JSON, bytes that are not UTF-8, and Content-Length
headers that lie. Each gets a clear 4xx in the negotiated format (where the application
answers; malformed framing is refused by the HTTP server itself, see the last section) and
changes nothing.
"""

from __future__ import annotations

import socket
import time

import pytest

from practiceapi.server.asgi import body_deadline
from practiceapi.server.harness import Server
from tests.reliability.server import _read_reply, list_todos, raw_request, request
from tests.reliability.victim import Victim, is_error_document

pytestmark = pytest.mark.server

JSON = "application/json"
XML = "application/xml"
FORM = "application/x-www-form-urlencoded"
JSONPATH = "application/jsonpath"
STRUCTURED = "application/vnd.service.query+json"
MERGE_PATCH = "application/merge-patch+json"
JSON_PATCH = "application/json-patch+json"
TOO_LARGE_5000 = "Error: request body too large, max allowed is 5000 bytes"
TOO_LARGE_1MB = "Error: request body too large, max allowed is 1000000 bytes"


@pytest.fixture
def victim(server: Server) -> Victim:
    return Victim.create(server)


# ------------------------------------------------------------------------ over the limits

# Routes of the todo engine, where bodies over 5000 characters are refused.
LIMITED_ROUTES = [
    ("POST", "/api/todos", JSON),
    ("PUT", "/api/todos", JSON),
    ("PUT", "/api/todos/1", JSON),
    ("POST", "/api/todos/1", JSON),
    ("PATCH", "/api/todos/1", MERGE_PATCH),
    ("QUERY", "/api/todos", STRUCTURED),
    ("POST", "/api/todos", XML),
]


@pytest.mark.parametrize(("method", "path", "content_type"), LIMITED_ROUTES)
def test_a_body_over_5000_characters_is_413(
    victim: Victim, method: str, path: str, content_type: str
) -> None:
    body = '{"title":"x","description":"' + "d" * 5000 + '"}'
    reply = victim.send(method, path, body, Content_Type=content_type)
    assert reply.status == 413
    assert reply.json() == {"errorMessages": [TOO_LARGE_5000]}


def test_the_413_is_xml_when_xml_is_accepted(victim: Victim) -> None:
    reply = victim.send("POST", "/api/todos", "x" * 5001, Content_Type=JSON, Accept=XML)
    assert reply.status == 413
    assert is_error_document(reply, XML)


def test_bodies_over_the_limits_change_nothing(victim: Victim) -> None:
    before = victim.state()
    body = '{"title":"x","description":"' + "d" * 5000 + '"}'
    for method, path, content_type in LIMITED_ROUTES:
        victim.send(method, path, body, Content_Type=content_type)
    victim.send("POST", "/api/secret/note", "n" * 1_000_001, with_token=True, Content_Type=JSON)
    assert victim.state() == before


@pytest.mark.parametrize(
    "path", ["/api/todos", "/api/secret/note", "/api/challenger", "/sim/entities", "/todos"]
)
def test_a_body_over_one_megabyte_is_413_without_being_sent(server: Server, path: str) -> None:
    """The answer comes from the headers alone: the server does not wait for 50 MB."""
    head = (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        "Content-Length: 50000000\r\nConnection: close\r\n\r\n"
    )
    reply = raw_request(server, head.encode() + b"{", method="POST", timeout=10)
    assert reply.status == 413
    assert reply.json() == {"errorMessages": [TOO_LARGE_1MB]}


def test_a_mirror_body_over_24000_bytes_is_413(server: Server) -> None:
    reply = request(server, "POST", "/mirror/request", b"x" * 24001, {"Content-Type": "text/plain"})
    assert reply.status == 413


def test_a_chunked_body_is_refused_with_411(victim: Victim) -> None:
    body = b'{"title":"chunked"}'
    head = (
        f"POST /api/todos HTTP/1.1\r\nHost: 127.0.0.1\r\nX-CHALLENGER: {victim.guid}\r\n"
        "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    )
    chunked = f"{len(body):x}\r\n".encode() + body + b"\r\n0\r\n\r\n"
    reply = raw_request(victim.server, head.encode() + chunked, method="POST")
    assert reply.status == 411
    assert is_error_document(reply)


def test_a_chunked_body_over_one_megabyte_changes_nothing(victim: Victim) -> None:
    before = victim.state()
    head = (
        f"POST /api/todos HTTP/1.1\r\nHost: 127.0.0.1\r\nX-CHALLENGER: {victim.guid}\r\n"
        "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    )
    chunk = b"x" * 0x10000
    body = b"".join(b"10000\r\n" + chunk + b"\r\n" for _ in range(24)) + b"0\r\n\r\n"
    reply = raw_request(victim.server, head.encode() + body, method="POST")
    assert 400 <= reply.status < 500
    assert victim.state() == before


# ------------------------------------------------------------------------- deep nesting


def _nested_array(depth: int) -> bytes:
    return b"[" * depth + b"]" * depth


def _nested_object(depth: int) -> bytes:
    return b'{"a":' * depth + b"1" + b"}" * depth


@pytest.mark.parametrize(
    ("method", "path", "content_type"),
    [
        ("POST", "/api/todos", JSON),
        ("PUT", "/api/todos/1", JSON),
        ("POST", "/api/todos/1", JSON),
        ("PATCH", "/api/todos/1", JSON),
        ("PATCH", "/api/todos/1", MERGE_PATCH),
        ("QUERY", "/api/todos", STRUCTURED),
    ],
)
@pytest.mark.parametrize(
    "body",
    # As deep as 5000 characters allow: past Python's recursion limit of 1000.
    [_nested_array(2490), _nested_object(830)],
    ids=["array", "object"],
)
def test_deeply_nested_json_on_a_todo_route_is_a_4xx(
    victim: Victim, method: str, path: str, content_type: str, body: bytes
) -> None:
    assert len(body) <= 5000
    reply = victim.send(method, path, body, Content_Type=content_type)
    assert 400 <= reply.status < 500, reply
    assert is_error_document(reply)


def test_a_deeply_nested_json_patch_value_is_refused(victim: Victim) -> None:
    ops = b'[{"op":"add","path":"/description","value":' + _nested_array(2000) + b"}]"
    reply = victim.send("PATCH", "/api/todos/1", ops, Content_Type=JSON_PATCH)
    assert reply.status == 400, reply
    assert is_error_document(reply)


# Routes without the 5000-character limit: a 1 MB body can nest 500,000 levels deep.
UNLIMITED_ROUTES = [
    ("PUT", "/api/challenger/{guid}"),
    ("PUT", "/api/challenger/database/{guid}"),
    ("PUT", "/api/challenger/{guid}/profile"),
    ("POST", "/api/secret/note"),
    ("POST", "/sim/entities"),
]


@pytest.mark.parametrize(("method", "path"), UNLIMITED_ROUTES)
@pytest.mark.parametrize("shape", [_nested_array, _nested_object], ids=["array", "object"])
def test_json_nested_half_a_million_deep_is_a_4xx(
    victim: Victim, method: str, path: str, shape
) -> None:
    body = shape(160_000)
    reply = victim.send(
        method, path.format(guid=victim.guid), body, with_token=True, Content_Type=JSON
    )
    assert 400 <= reply.status < 500, reply
    assert is_error_document(reply)


def test_deeply_nested_json_changes_nothing(victim: Victim) -> None:
    before = victim.state()
    for method, path in UNLIMITED_ROUTES:
        for shape in (_nested_array, _nested_object):
            victim.send(
                method,
                path.format(guid=victim.guid),
                shape(160_000),
                with_token=True,
                Content_Type=JSON,
            )
    assert victim.state() == before


# ------------------------------------------------------------------------- invalid UTF-8

INVALID_UTF8 = [
    ("POST", "/api/todos", JSON, b'{"title":"\xff\xfe"}'),
    ("POST", "/api/todos", XML, b"<todo><title>\xc3</title></todo>"),
    ("PUT", "/api/todos/1", JSON, b'{"title":"\xed\xa0\x80"}'),
    ("PATCH", "/api/todos/1", MERGE_PATCH, b'{"title":"\x80"}'),
    ("QUERY", "/api/todos", FORM, b"title=%ff%fe"),
    ("QUERY", "/api/todos", FORM, b"title=\xff"),
    ("QUERY", "/api/todos", JSONPATH, b"$.todos[?@.title=='\xff']"),
    ("QUERY", "/api/todos", STRUCTURED, b'{"filter":{"title":"\xc0\x80"}}'),
    ("POST", "/api/secret/note", JSON, b'{"note":"\xf8\x88\x80\x80\x80"}'),
    ("PUT", "/api/challenger/{guid}", JSON, b'{"xChallenger":"\xff"}'),
    ("PUT", "/api/challenger/database/{guid}", JSON, b'{"todos":[{"title":"\xff"}]}'),
    ("PUT", "/api/challenger/{guid}/profile", JSON, b'{"displayName":"\xff"}'),
    ("POST", "/sim/entities", JSON, b'{"name":"\xff"}'),
]


@pytest.mark.parametrize(
    ("method", "path", "content_type", "body"),
    INVALID_UTF8,
    ids=[f"{m} {p} {c}" for m, p, c, _ in INVALID_UTF8],
)
def test_a_body_that_is_not_utf8_is_400(
    victim: Victim, method: str, path: str, content_type: str, body: bytes
) -> None:
    reply = victim.send(
        method, path.format(guid=victim.guid), body, with_token=True, Content_Type=content_type
    )
    assert reply.status == 400, reply
    assert is_error_document(reply)


def test_a_body_that_is_not_utf8_is_an_xml_400_when_xml_is_accepted(victim: Victim) -> None:
    reply = victim.send("POST", "/api/todos", b'{"title":"\xff"}', Content_Type=JSON, Accept=XML)
    assert reply.status == 400
    assert is_error_document(reply, XML)


def test_bodies_that_are_not_utf8_change_nothing(victim: Victim) -> None:
    before = victim.state()
    for method, path, content_type, body in INVALID_UTF8:
        victim.send(
            method, path.format(guid=victim.guid), body, with_token=True, Content_Type=content_type
        )
    assert victim.state() == before


def test_header_values_that_are_not_utf8_get_clear_answers(victim: Victim) -> None:
    """Latin-1 bytes in X-CHALLENGER, Authorization, Accept and Content-Type."""
    server = victim.server
    # The server may drop a header it cannot decode (granian does) or pass it on as
    # Latin-1; either way the answer is the documented one for "absent" or "unsupported".
    cases = [
        (b"GET /api/todos HTTP/1.1\r\nX-CHALLENGER: \xff\xfe\r\n", {200}),
        (
            b"POST /api/secret/token HTTP/1.1\r\nAuthorization: Basic \xff\r\n"
            b"Content-Length: 0\r\n",
            {401},
        ),
        (b"GET /api/todos HTTP/1.1\r\nAccept: application/\xff\r\n", {200, 406}),
        (
            b"POST /api/todos HTTP/1.1\r\nContent-Type: application/\xffjson\r\n"
            b"Content-Length: 2\r\nX-CHALLENGER: " + victim.guid.encode() + b"\r\n",
            {400, 415},
        ),
    ]
    for head, statuses in cases:
        data = head + b"Host: 127.0.0.1\r\nConnection: close\r\n\r\n"
        if b"Content-Length: 2" in head:
            data += b"{}"
        reply = raw_request(server, data, method="POST" if head.startswith(b"POST") else "GET")
        assert reply.status in statuses, (head, reply)


# ---------------------------------------------------------------- Content-Length that lies


def _head(guid: str, length: str, path: str = "/api/todos") -> bytes:
    return (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-CHALLENGER: {guid}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {length}\r\n\r\n"
    ).encode()


def test_a_body_shorter_than_its_content_length_is_400(victim: Victim) -> None:
    before = victim.state()
    with socket.create_connection((victim.server.host, victim.server.port), timeout=10) as sock:
        started = time.monotonic()
        sock.sendall(_head(victim.guid, "100") + b'{"title":"lie"}')
        sock.shutdown(socket.SHUT_WR)
        reply = _read_reply(sock, "POST", started)
    assert reply.status == 400, reply
    assert is_error_document(reply)
    assert victim.state() == before


def test_a_body_longer_than_its_content_length_is_cut_at_the_length(victim: Victim) -> None:
    """Only Content-Length bytes are the body: `{"ti` is not JSON, so nothing is created."""
    before = victim.state()
    data = _head(victim.guid, "4").replace(b"\r\n\r\n", b"\r\nConnection: close\r\n\r\n")
    reply = raw_request(victim.server, data + b'{"title":"too long"}', method="POST")
    assert reply.status == 400, reply
    assert is_error_document(reply)
    assert victim.state() == before


@pytest.mark.parametrize(
    "length", ["abc", "-5", "1e3", "0x10", "15, 15", "+15"], ids=lambda v: f"CL={v}"
)
def test_a_malformed_content_length_is_400(victim: Victim, length: str) -> None:
    """Refused by the HTTP server before the application sees it, so the body is the server's."""
    before = victim.state()
    data = _head(victim.guid, length).replace(b"\r\n\r\n", b"\r\nConnection: close\r\n\r\n")
    reply = raw_request(victim.server, data + b'{"title":"lie!"}', method="POST")
    assert reply.status == 400
    assert victim.state() == before


def test_two_different_content_lengths_are_400(victim: Victim) -> None:
    before = victim.state()
    data = _head(victim.guid, "15").replace(
        b"\r\n\r\n", b"\r\nContent-Length: 16\r\nConnection: close\r\n\r\n"
    )
    reply = raw_request(victim.server, data + b'{"title":"lie!"}', method="POST")
    assert reply.status == 400
    assert victim.state() == before


def test_content_length_beside_transfer_encoding_is_refused(victim: Victim) -> None:
    """The classic request-smuggling shape is refused outright (400 from a server that
    rejects it, 411 from the API when the server drops the Content-Length)."""
    before = victim.state()
    data = _head(victim.guid, "15").replace(
        b"\r\n\r\n", b"\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    )
    reply = raw_request(victim.server, data + b'f\r\n{"title":"lie"}\r\n0\r\n\r\n', method="POST")
    assert reply.status in (400, 411)
    assert victim.state() == before


def test_a_body_that_never_arrives_is_408_after_its_deadline(victim: Victim) -> None:
    """Content-Length: 100, 15 bytes sent, connection kept open: the server stops waiting
    after the body deadline (practiceapi/server/asgi.py) and answers 408, changing nothing."""
    before = victim.state()
    with socket.create_connection((victim.server.host, victim.server.port), timeout=30) as sock:
        started = time.monotonic()
        sock.sendall(_head(victim.guid, "100") + b'{"title":"lie"}')
        reply = _read_reply(sock, "POST", started)
    assert reply.status == 408, reply
    assert reply.json() == {"errorMessages": ["Request body not received in time"]}
    assert body_deadline(100) <= reply.elapsed < body_deadline(100) + 3
    assert victim.state() == before


def test_forty_bodies_that_never_arrive_do_not_stall_the_server(victim: Victim) -> None:
    """Slow-body clients cost the server a coroutine each, not one of its few threads: the
    class goes on being served while they hang, and each gets its 408 in the end."""
    before = victim.state()
    socks = []
    try:
        for _ in range(40):
            sock = socket.create_connection((victim.server.host, victim.server.port), timeout=30)
            sock.sendall(_head(victim.guid, "100") + b'{"title":"lie"}')
            socks.append(sock)
        started = time.monotonic()
        for _ in range(5):
            assert request(victim.server, "GET", "/api/heartbeat", timeout=10).status == 204
            assert list_todos(victim.server, victim.guid)
        assert time.monotonic() - started < 1.0
        assert {_read_reply(sock, "POST", started).status for sock in socks} == {408}
    finally:
        for sock in socks:
            sock.close()
    assert victim.state() == before
