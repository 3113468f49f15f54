"""No session reaches another's data without that session's GUID.

Two students share the production server. Alpha has a private todo, a token and a note
and has completed challenges; Bravo (and a client with no session, or a made-up one) tries
every endpoint with its own credentials, with Alpha's token, with guessed or mangled
GUIDs. Nothing of Alpha's may be read or changed, and no answer may mention Alpha's GUID,
token or note. The GUID itself is the capability: a random uuid4, never listed anywhere.
"""

from __future__ import annotations

import base64
import uuid
from dataclasses import dataclass

import pytest

from practiceapi.server.harness import Server
from tests.reliability.server import (
    Reply,
    list_todos,
    new_session,
    progress_of,
    request,
    stored_progress,
)

pytestmark = pytest.mark.server

ADMIN = "Basic " + base64.b64encode(b"admin:password").decode()
PRIVATE_TITLE = "alpha private todo"
PRIVATE_NOTE = "alpha private note"
FORM = "application/x-www-form-urlencoded"


@dataclass
class Student:
    server: Server
    guid: str
    token: str

    def send(self, method: str, path: str, body=None, **headers: str) -> Reply:
        sent = {"X-CHALLENGER": self.guid}
        sent.update({name.replace("_", "-"): value for name, value in headers.items()})
        return request(self.server, method, path, body, sent)

    def note(self) -> str:
        reply = self.send("GET", "/api/secret/note", X_AUTH_TOKEN=self.token)
        assert reply.status == 200, reply
        return reply.json()["note"]


def _student(server: Server, note: str) -> Student:
    guid = new_session(server)
    reply = request(
        server, "POST", "/api/secret/token", None, {"X-CHALLENGER": guid, "Authorization": ADMIN}
    )
    assert reply.status == 201
    student = Student(server, guid, reply.header("X-AUTH-TOKEN") or "")
    assert (
        student.send("POST", "/api/secret/note", {"note": note}, X_AUTH_TOKEN=student.token).status
        == 200
    )
    return student


@dataclass
class Pair:
    alpha: Student
    bravo: Student

    def alpha_state(self) -> tuple:
        alpha = self.alpha
        return (
            list_todos(alpha.server, alpha.guid),
            alpha.note(),
            stored_progress(alpha.server.database_url, alpha.guid),
        )

    def mentions_alpha(self, reply: Reply) -> bool:
        secrets = (self.alpha.guid, self.alpha.token, PRIVATE_NOTE, PRIVATE_TITLE)
        text = reply.body.decode("utf-8", "replace") + " ".join(reply.headers.values())
        return any(secret.lower() in text.lower() for secret in secrets)


@pytest.fixture
def pair(server: Server) -> Pair:
    alpha = _student(server, PRIVATE_NOTE)
    created = alpha.send("POST", "/api/todos", {"title": PRIVATE_TITLE, "doneStatus": True})
    assert created.status == 201 and created.json()["id"] == 11
    assert alpha.send("DELETE", "/api/heartbeat").status == 405
    bravo = _student(server, "bravo note")
    return Pair(alpha, bravo)


# --------------------------------------------------------------------------------- GUIDs


def test_new_session_guids_are_random_uuid4(server: Server) -> None:
    guids = [new_session(server) for _ in range(20)]
    for guid in guids:
        parsed = uuid.UUID(guid)
        assert parsed.version == 4
        assert str(parsed) == guid
    assert len(set(guids)) == 20


def test_secret_tokens_are_128_bit_and_distinct(pair: Pair) -> None:
    for student in (pair.alpha, pair.bravo):
        assert len(student.token) >= 32
        assert int(student.token.replace("-", ""), 16) >= 0
    assert pair.alpha.token != pair.bravo.token


# ----------------------------------------------------------------------------- todos


READS = [
    ("GET", "/api/todos?_limit=20", None, {}),
    ("GET", "/api/todos/11", None, {}),
    ("HEAD", "/api/todos/11", None, {}),
    ("GET", "/api/todos?title=alpha%20private%20todo", None, {}),
    ("GET", "/api/todos/export?format=csv", None, {}),
    ("GET", "/api/todos/export?format=json", None, {}),
    ("QUERY", "/api/todos", b"$..title", {"Content-Type": "application/jsonpath"}),
    ("QUERY", "/api/todos", b"id=11", {"Content-Type": FORM}),
    ("GET", "/todos/11", None, {"Accept": "application/xml"}),
    ("GET", "/api/challenges", None, {}),
]


@pytest.mark.parametrize(("method", "path", "body", "headers"), READS)
def test_another_session_cannot_read_alphas_todo(
    pair: Pair, method: str, path: str, body: bytes | None, headers: dict
) -> None:
    reply = pair.bravo.send(method, path, body, **headers)
    assert not pair.mentions_alpha(reply), reply


@pytest.mark.parametrize(("method", "path", "body", "headers"), READS)
@pytest.mark.parametrize(
    "guid", ["", str(uuid.uuid4()), "%", "*", "' OR '1'='1", "00000000-0000-4000-8000-000000000000"]
)
def test_no_session_or_a_made_up_one_cannot_read_alphas_todo(
    pair: Pair, guid: str, method: str, path: str, body: bytes | None, headers: dict
) -> None:
    reply = pair.bravo.send(method, path, body, X_CHALLENGER=guid, **headers)
    assert not pair.mentions_alpha(reply), reply


def test_a_truncated_or_padded_guid_is_not_alphas_session(pair: Pair) -> None:
    alpha = pair.alpha.guid
    for guid in (alpha[:-1], alpha[1:], alpha + "0", alpha.replace("-", ""), "{" + alpha + "}"):
        reply = pair.bravo.send("GET", "/api/todos/11", X_CHALLENGER=guid)
        assert reply.status == 404, guid
        assert not pair.mentions_alpha(reply)


WRITES = [
    ("PUT", "/api/todos/11", {"title": "hijacked"}, {}),
    ("POST", "/api/todos/11", {"title": "hijacked"}, {}),
    ("PATCH", "/api/todos/11", {"title": "hijacked"}, {}),
    ("DELETE", "/api/todos/11", None, {}),
    ("PUT", "/api/todos", {"id": 11, "title": "hijacked"}, {}),
    ("DELETE", "/api/todos/1", None, {}),
    ("PUT", "/api/todos/2", {"title": "hijacked"}, {}),
    ("POST", "/api/todos", {"title": "hijacked"}, {}),
    ("POST", "/api/heartbeat", None, {"X-HTTP-Method-Override": "PATCH"}),
]


@pytest.mark.parametrize(("method", "path", "body", "headers"), WRITES)
@pytest.mark.parametrize("who", ["bravo", "no session", "made-up session"])
def test_nobody_else_can_change_alphas_data(
    pair: Pair,
    who: str,
    method: str,
    path: str,
    body,
    headers: dict,
) -> None:
    before = pair.alpha_state()
    guid = {"bravo": pair.bravo.guid, "no session": "", "made-up session": str(uuid.uuid4())}
    pair.bravo.send(method, path, body, X_CHALLENGER=guid[who], **headers)
    assert pair.alpha_state() == before


def test_bravos_todo_11_is_bravos_own(pair: Pair) -> None:
    """Ids are per session: Bravo's id 11 is a different todo from Alpha's."""
    created = pair.bravo.send("POST", "/api/todos", {"title": "bravo eleven"})
    assert created.json()["id"] == 11
    assert pair.bravo.send("GET", "/api/todos/11").json()["todos"][0]["title"] == "bravo eleven"
    alpha_todo = pair.alpha.send("GET", "/api/todos/11").json()["todos"][0]
    assert alpha_todo["title"] == PRIVATE_TITLE


# ----------------------------------------------------------------------- token and note


def test_the_token_request_gives_each_session_its_own_token(pair: Pair) -> None:
    reply = pair.bravo.send("POST", "/api/secret/token", Authorization=ADMIN)
    assert reply.status == 201
    assert reply.header("X-AUTH-TOKEN") == pair.bravo.token


@pytest.mark.parametrize("how", ["X-AUTH-TOKEN", "Bearer"])
@pytest.mark.parametrize("who", ["bravo", "no session", "made-up session"])
def test_alphas_token_does_not_open_another_sessions_note(pair: Pair, how: str, who: str) -> None:
    guid = {"bravo": pair.bravo.guid, "no session": "", "made-up session": str(uuid.uuid4())}
    credential = (
        {"X_AUTH_TOKEN": pair.alpha.token}
        if how == "X-AUTH-TOKEN"
        else {"Authorization": f"Bearer {pair.alpha.token}"}
    )
    reply = pair.bravo.send("GET", "/api/secret/note", X_CHALLENGER=guid[who], **credential)
    assert reply.status in (401, 403, 404), reply
    assert not pair.mentions_alpha(reply)


@pytest.mark.parametrize("who", ["bravo", "no session", "made-up session"])
def test_alphas_token_does_not_write_another_sessions_note(pair: Pair, who: str) -> None:
    guid = {"bravo": pair.bravo.guid, "no session": "", "made-up session": str(uuid.uuid4())}
    before = pair.alpha_state()
    reply = pair.bravo.send(
        "POST",
        "/api/secret/note",
        {"note": "overwritten"},
        X_CHALLENGER=guid[who],
        X_AUTH_TOKEN=pair.alpha.token,
    )
    assert reply.status in (401, 403, 404), reply
    assert pair.alpha_state() == before
    assert pair.bravo.note() == "bravo note"


def test_bravos_token_does_not_open_alphas_note_even_with_alphas_guid(pair: Pair) -> None:
    reply = pair.bravo.send(
        "GET", "/api/secret/note", X_CHALLENGER=pair.alpha.guid, X_AUTH_TOKEN=pair.bravo.token
    )
    assert reply.status == 403
    assert PRIVATE_NOTE.encode() not in reply.body


def test_restoring_a_payload_does_not_copy_alphas_token(pair: Pair) -> None:
    """A progress payload carrying Alpha's token, restored onto another GUID."""
    payload = progress_of(pair.alpha.server, pair.alpha.guid)
    new_guid = str(uuid.uuid4())
    payload["xChallenger"] = new_guid
    reply = request(pair.alpha.server, "PUT", f"/api/challenger/{new_guid}", payload)
    assert reply.status == 201
    assert progress_of(pair.alpha.server, new_guid)["xAuthToken"] != pair.alpha.token


def test_restoring_onto_bravo_does_not_give_bravo_alphas_token(pair: Pair) -> None:
    payload = progress_of(pair.alpha.server, pair.alpha.guid)
    payload["xChallenger"] = pair.bravo.guid
    reply = pair.bravo.send("PUT", f"/api/challenger/{pair.bravo.guid}", payload)
    assert reply.status == 200
    assert progress_of(pair.bravo.server, pair.bravo.guid)["xAuthToken"] == pair.bravo.token


# --------------------------------------------------------------------------- progress


def test_bravos_requests_credit_only_bravo(pair: Pair) -> None:
    before = stored_progress(pair.alpha.server.database_url, pair.alpha.guid)
    for method, path in [
        ("GET", "/api/todos"),
        ("DELETE", "/api/heartbeat"),
        ("TRACE", "/api/heartbeat"),
        ("GET", "/api/todos/99"),
    ]:
        pair.bravo.send(method, path)
    assert stored_progress(pair.alpha.server.database_url, pair.alpha.guid) == before


def test_bravos_challenge_list_shows_bravos_progress(pair: Pair) -> None:
    challenges = pair.bravo.send("GET", "/api/challenges").json()["challenges"]
    done = {c["name"] for c in challenges if c["status"]}
    assert "DELETE /heartbeat (405)" not in done


@pytest.mark.parametrize(
    "path",
    [
        "/api/challenger/{guid}",
        "/api/challenger/database/{guid}",
        "/api/challenger/{guid}/profile",
        "/gui/challenges/{guid}",
        "/gui/challenges/{guid}/status.json",
        "/gui/challenges/{guid}/progress.json",
    ],
)
def test_session_urls_with_a_guessed_guid_are_404(pair: Pair, path: str) -> None:
    reply = pair.bravo.send("GET", path.format(guid=uuid.uuid4()))
    assert reply.status == 404
    assert not pair.mentions_alpha(reply)


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("PUT", "/api/challenger/database/{guid}", {"todos": []}),
        ("PUT", "/api/challenger/{guid}/profile", {"displayName": "hijacked"}),
    ],
)
def test_session_writes_with_a_guessed_guid_change_nothing(
    pair: Pair, method: str, path: str, body: dict
) -> None:
    before = pair.alpha_state()
    reply = pair.bravo.send(method, path.format(guid=uuid.uuid4()), body)
    assert reply.status == 404
    assert pair.alpha_state() == before


# ------------------------------------------------------------------------ leak scan


PAGES = [
    "/",
    "/docs",
    "/api/schema/",
    "/sim/docs/openapi.json",
    "/gui/challenges",
    "/gui/restore",
    "/api/challenges",
    "/api/todos",
    "/api/challenger",
    "/sim/entities",
    "/mirror/request",
    "/practice-modes/mirror",
    "/no/such/page",
    "/admin/",
    "/admin/login/",
    "/gui/challenges/{bravo}",
    "/gui/challenges/{bravo}/status.json",
    "/gui/challenges/{bravo}/progress.json",
    "/api/challenger/{bravo}",
    "/api/challenger/database/{bravo}",
]


@pytest.mark.parametrize("page", PAGES)
def test_no_page_mentions_another_session(pair: Pair, page: str) -> None:
    reply = pair.bravo.send("GET", page.format(bravo=pair.bravo.guid))
    assert reply.status < 500
    assert not pair.mentions_alpha(reply), page
