"""Hostile XML bodies against the production server.

Entity expansion (billion laughs, quadratic blow-up) and external entities (a local file,
a URL, an external DTD, a parameter entity) are refused with a 400 in the negotiated
format before anything is expanded or fetched; nothing of a local file shows up in an
answer, and the session's data is unchanged. Every route that reads an XML body is tried.
"""

from __future__ import annotations

import pytest

from practiceapi.server.harness import Server
from tests.reliability.payloads import PAYLOADS
from tests.reliability.server import request
from tests.reliability.victim import Victim, is_error_document, leaks_a_file

pytestmark = pytest.mark.server

XML = "application/xml"

# Every session route that parses an XML body: (method, path, needs the secret token).
SESSION_ROUTES = [
    ("POST", "/api/todos", False),
    ("PUT", "/api/todos", False),
    ("PUT", "/api/todos/1", False),
    ("POST", "/api/todos/1", False),
    ("POST", "/todos", False),
    ("POST", "/api/secret/note", True),
]
# The simulator validates POST bodies on the collection; its item routes ignore
# bodies altogether (quirks of the public service), so they only must not leak.
SIM_ITEM_ROUTES = [("PUT", "/sim/entities/10"), ("POST", "/sim/entities/10")]


def test_the_payloads_fit_the_5000_character_limit() -> None:
    """Otherwise the 413 would answer first and the parser would never be tested."""
    assert all(len(payload) <= 5000 for payload in PAYLOADS.values())


@pytest.fixture
def victim(server: Server) -> Victim:
    return Victim.create(server)


@pytest.mark.parametrize("payload", PAYLOADS, ids=str)
@pytest.mark.parametrize(("method", "path", "with_token"), SESSION_ROUTES)
def test_a_hostile_xml_body_is_a_400_in_json(
    victim: Victim, payload: str, method: str, path: str, with_token: bool
) -> None:
    reply = victim.send(method, path, PAYLOADS[payload], with_token=with_token, Content_Type=XML)
    assert reply.status == 400, reply
    assert is_error_document(reply)


@pytest.mark.parametrize("payload", PAYLOADS, ids=str)
@pytest.mark.parametrize(("method", "path", "with_token"), SESSION_ROUTES)
def test_a_hostile_xml_body_is_a_400_in_xml_when_xml_is_accepted(
    victim: Victim, payload: str, method: str, path: str, with_token: bool
) -> None:
    reply = victim.send(
        method, path, PAYLOADS[payload], with_token=with_token, Content_Type=XML, Accept=XML
    )
    assert reply.status == 400, reply
    assert is_error_document(reply, XML)


@pytest.mark.parametrize("payload", PAYLOADS, ids=str)
def test_a_hostile_xml_body_changes_nothing(victim: Victim, payload: str) -> None:
    before = victim.state()
    for method, path, with_token in SESSION_ROUTES:
        victim.send(method, path, PAYLOADS[payload], with_token=with_token, Content_Type=XML)
    assert victim.state() == before


@pytest.mark.parametrize("payload", ["external-file", "external-dtd", "parameter-entity"])
@pytest.mark.parametrize(("method", "path", "with_token"), SESSION_ROUTES)
def test_no_answer_contains_a_local_file(
    victim: Victim, payload: str, method: str, path: str, with_token: bool
) -> None:
    reply = victim.send(method, path, PAYLOADS[payload], with_token=with_token, Content_Type=XML)
    assert not leaks_a_file(reply)


@pytest.mark.parametrize("payload", PAYLOADS, ids=str)
def test_the_simulator_refuses_hostile_xml_with_a_400(server: Server, payload: str) -> None:
    reply = request(server, "POST", "/sim/entities", PAYLOADS[payload], {"Content-Type": XML})
    assert reply.status == 400, reply
    assert is_error_document(reply)
    assert not leaks_a_file(reply)


@pytest.mark.parametrize("payload", PAYLOADS, ids=str)
@pytest.mark.parametrize(("method", "path"), SIM_ITEM_ROUTES)
def test_the_simulator_item_routes_ignore_hostile_xml(
    server: Server, payload: str, method: str, path: str
) -> None:
    reply = request(server, method, path, PAYLOADS[payload], {"Content-Type": XML})
    assert reply.status < 500
    assert not leaks_a_file(reply)


def test_an_xinclude_is_not_followed(victim: Victim) -> None:
    body = (
        '<todo xmlns:xi="http://www.w3.org/2001/XInclude"><title>'
        '<xi:include href="file:///etc/passwd" parse="text"/></title></todo>'
    )
    before = victim.state()
    reply = victim.send("POST", "/api/todos", body, Content_Type=XML)
    assert 400 <= reply.status < 500
    assert not leaks_a_file(reply)
    assert victim.state() == before


def test_a_huge_number_of_xml_attributes_is_harmless(victim: Victim) -> None:
    attributes = " ".join(f"a{i}='{i}'" for i in range(450))
    reply = victim.send(
        "POST", "/api/todos", f"<todo {attributes}><title>t</title></todo>", Content_Type=XML
    )
    assert reply.status in (201, 400, 422)


def test_the_server_answers_normally_after_hostile_xml(victim: Victim) -> None:
    for payload in PAYLOADS.values():
        victim.send("POST", "/api/todos", payload, Content_Type=XML)
    reply = victim.send("POST", "/api/todos", "<todo><title>fine</title></todo>", Content_Type=XML)
    assert reply.status == 201
