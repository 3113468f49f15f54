"""A SIGKILLed production server loses nothing it acknowledged.

The scenario runs once per module: start the production server on a scratch database of its own (a
temporary SQLite file, or a scratch PostgreSQL database when `DATABASE_URL` is postgres),
create sessions with todos, a token, a note, a profile and progress, SIGKILL the whole
process group the moment the last write was answered (nothing gets to flush or shut down),
start a new server on the same database, and compare. A second scenario kills the server
in the middle of a storm of concurrent creates: every create that was answered 201 must
be there afterwards, and each session's todo count must still match its rows.
"""

from __future__ import annotations

import base64
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest

from practiceapi.server.harness import Server, scratch_database
from tests.reliability.server import Reply, list_todos, new_session, progress_of, request

pytestmark = pytest.mark.server

ADMIN = "Basic " + base64.b64encode(b"admin:password").decode()
XML = "application/xml"


@dataclass
class Snapshot:
    """What each session looked like just before the kill."""

    todos: dict[str, list[dict]] = field(default_factory=dict)
    progress: dict[str, dict] = field(default_factory=dict)
    tokens: dict[str, str] = field(default_factory=dict)
    notes: dict[str, str] = field(default_factory=dict)
    profiles: dict[str, dict] = field(default_factory=dict)
    next_ids: dict[str, int] = field(default_factory=dict)


@dataclass
class Restarted:
    before: Snapshot
    server: Server


def _send(server: Server, guid: str, method: str, path: str, body=None, **headers) -> Reply:
    sent = {"X-CHALLENGER": guid, **{k.replace("_", "-"): v for k, v in headers.items()}}
    return request(server, method, path, body, sent)


def _populate(server: Server, guid: str, n: int) -> tuple[str, str, int]:
    """Todos, edits, a deletion, a token, a note, a profile; returns token, note, last id."""
    assert _send(server, guid, "POST", "/api/todos", {"title": f"json {n}"}).status == 201
    done = {"title": f"done {n}", "doneStatus": True, "description": "kept after a crash"}
    assert _send(server, guid, "POST", "/api/todos", done).status == 201
    xml = f"<todo><title>xml {n}</title><description>é ✓ 日本</description></todo>".encode()
    created = _send(server, guid, "POST", "/api/todos", xml, Content_Type=XML)
    assert created.status == 201
    last_id = created.json()["id"]
    assert _send(server, guid, "PUT", "/api/todos/1", {"title": f"replaced {n}"}).status == 200
    assert _send(server, guid, "POST", "/api/todos/2", {"doneStatus": True}).status == 200
    assert _send(server, guid, "DELETE", f"/api/todos/{last_id - 1}").status == 204
    token = _send(server, guid, "POST", "/api/secret/token", Authorization=ADMIN)
    assert token.status == 201
    secret = token.header("X-AUTH-TOKEN")
    note = f"note {n}: survives SIGKILL"
    stored = _send(server, guid, "POST", "/api/secret/note", {"note": note}, X_AUTH_TOKEN=secret)
    assert stored.status == 200
    profile = {"displayName": f"Student {n}"}
    assert _send(server, guid, "PUT", f"/api/challenger/{guid}/profile", profile).status == 200
    assert _send(server, guid, "GET", "/api/heartbeat").status == 204
    return secret, note, last_id


def _snapshot(server: Server, guids: list[str]) -> Snapshot:
    # Reading a session's progress is itself a challenge (GET_RESTORE_EXISTING_CHALLENGER):
    # read once to let such credits settle, then take the snapshot.
    for guid in guids:
        progress_of(server, guid)
        _send(server, guid, "GET", f"/api/challenger/{guid}/profile")
    snap = Snapshot()
    for guid in guids:
        snap.todos[guid] = list_todos(server, guid)
        payload = progress_of(server, guid)
        snap.progress[guid] = payload["challengeStatus"]
        snap.tokens[guid] = payload["xAuthToken"]
        snap.notes[guid] = payload["secretNote"]
        snap.profiles[guid] = _send(server, guid, "GET", f"/api/challenger/{guid}/profile").json()
    return snap


@pytest.fixture(scope="module")
def restarted() -> Iterator[Restarted]:
    with scratch_database(prefix="durability") as url:
        first = Server(url).start()
        try:
            guids = [new_session(first) for _ in range(3)]
            last_ids = {}
            for n, guid in enumerate(guids):
                _token, _note, last_ids[guid] = _populate(first, guid, n)
            before = _snapshot(first, guids)
            before.next_ids = {guid: last_ids[guid] + 1 for guid in guids}
            # One more write, answered, then straight to SIGKILL: no time to flush anything.
            assert (
                _send(first, guids[0], "POST", "/api/todos", {"title": "last word"}).status == 201
            )
            before.todos[guids[0]] = list_todos(first, guids[0])
            before.next_ids[guids[0]] += 1
        finally:
            first.kill()
        assert first.process is not None and first.process.returncode == -9
        second = Server(url).start()
        try:
            yield Restarted(before, second)
        finally:
            second.stop()


def test_sessions_survive_a_sigkill(restarted: Restarted) -> None:
    for guid in restarted.before.todos:
        reply = request(restarted.server, "GET", f"/api/challenger/{guid}")
        assert reply.status == 200, guid


def test_todos_survive_a_sigkill(restarted: Restarted) -> None:
    for guid, todos in restarted.before.todos.items():
        assert list_todos(restarted.server, guid) == todos


def test_the_last_answered_write_survives_a_sigkill(restarted: Restarted) -> None:
    guid = next(iter(restarted.before.todos))
    titles = [todo["title"] for todo in list_todos(restarted.server, guid)]
    assert titles[-1] == "last word"


def test_progress_survives_a_sigkill(restarted: Restarted) -> None:
    for guid, status in restarted.before.progress.items():
        assert progress_of(restarted.server, guid)["challengeStatus"] == status
        assert sum(status.values()) >= 10


def test_the_secret_token_survives_a_sigkill(restarted: Restarted) -> None:
    for guid, token in restarted.before.tokens.items():
        assert progress_of(restarted.server, guid)["xAuthToken"] == token
        reply = _send(restarted.server, guid, "GET", "/api/secret/note", X_AUTH_TOKEN=token)
        assert reply.status == 200


def test_the_note_survives_a_sigkill(restarted: Restarted) -> None:
    for guid, note in restarted.before.notes.items():
        token = restarted.before.tokens[guid]
        reply = _send(restarted.server, guid, "GET", "/api/secret/note", X_AUTH_TOKEN=token)
        assert reply.json() == {"note": note}


def test_the_profile_survives_a_sigkill(restarted: Restarted) -> None:
    for guid, profile in restarted.before.profiles.items():
        reply = _send(restarted.server, guid, "GET", f"/api/challenger/{guid}/profile")
        assert reply.json() == profile


def test_the_id_counter_survives_a_sigkill(restarted: Restarted) -> None:
    """Deleted ids are never handed out again, even across a crash."""
    for guid, next_id in restarted.before.next_ids.items():
        reply = _send(restarted.server, guid, "POST", "/api/todos", {"title": "after restart"})
        assert reply.status == 201
        assert reply.json()["id"] == next_id


# --------------------------------------------------------------------- kill under load


@dataclass
class Storm:
    acknowledged: dict[str, list[int]]
    server: Server


def _hammer(server: Server, guid: str, acked: list[int], stop: threading.Event) -> None:
    n = 0
    while not stop.is_set():
        try:
            reply = _send(server, guid, "POST", "/api/todos", {"title": f"storm {n}"})
            if reply.status == 201:
                acked.append(reply.json()["id"])
            elif reply.status == 409:
                # Full: make room so that the storm keeps writing until the kill.
                for todo in list_todos(server, guid)[:5]:
                    # Forgotten before the DELETE is sent: if the kill cuts its answer off,
                    # whether it happened is unknown.
                    if todo["id"] in acked:
                        acked.remove(todo["id"])
                    _send(server, guid, "DELETE", f"/api/todos/{todo['id']}")
        except OSError:
            return  # the server died under us: the fate of this request is unknown, and free
        n += 1


@pytest.fixture(scope="module")
def storm() -> Iterator[Storm]:
    with scratch_database(prefix="durability_storm") as url:
        first = Server(url).start()
        guids = [new_session(first) for _ in range(6)]
        acked: dict[str, list[int]] = {guid: [] for guid in guids}
        stop = threading.Event()
        threads = [
            threading.Thread(target=_hammer, args=(first, guid, acked[guid], stop))
            for guid in guids
        ]
        for thread in threads:
            thread.start()
        try:
            # Kill once plenty of creates were answered, while others are in flight.
            deadline = threading.Event()
            for _ in range(200):
                if sum(len(ids) for ids in acked.values()) >= 60:
                    break
                deadline.wait(0.05)
            first.kill()
        finally:
            stop.set()
            for thread in threads:
                thread.join(30)
        second = Server(url).start()
        try:
            yield Storm(acked, second)
        finally:
            second.stop()


def test_every_answered_create_survives_a_sigkill_under_load(storm: Storm) -> None:
    assert sum(len(ids) for ids in storm.acknowledged.values()) >= 20
    for guid, ids in storm.acknowledged.items():
        stored = {todo["id"] for todo in list_todos(storm.server, guid)}
        assert set(ids) <= stored, guid


def test_the_todo_count_matches_the_rows_after_a_sigkill_under_load(storm: Storm) -> None:
    """The cap still means 20 rows: the count and the rows were written together."""
    for guid in storm.acknowledged:
        room = 20 - len(list_todos(storm.server, guid))
        replies = [
            _send(storm.server, guid, "POST", "/api/todos", {"title": f"fill {n}"})
            for n in range(room + 1)
        ]
        assert [reply.status for reply in replies] == [201] * room + [409], guid
        assert len(list_todos(storm.server, guid)) == 20
