"""GET /api/challenger/{guid}/requests: what the server received from a session and
answered, newest first, with the challenges each request completed or nearly completed.

The server writes the history in batches, off the request's path; here each test writes
the batch when it reads (`writer.flush()`), as a serving process's writer thread does
every second (tests/history/test_history_across_servers.py runs that thread).
"""

from __future__ import annotations

import io
import uuid
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client

from challengers.models import Challenger
from history import recorder, writer
from history.models import RequestBatch

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def empty_buffer() -> None:
    writer.discard()  # what earlier tests of this process sent


def requests_of(client: Client, guid: str, **headers: str) -> list[dict[str, Any]]:
    writer.flush()
    response = client.get(f"/api/challenger/{guid}/requests", headers=headers)
    assert response.status_code == 200, response.content
    return response.json()["requests"]


def stored_entries(guid: str) -> int:
    """The entries the database holds for session `guid`, shown or not."""
    return sum(RequestBatch.objects.filter(challenger=guid).values_list("count", flat=True))


def as_student(guid: str, **headers: str) -> dict[str, str]:
    return {"X-CHALLENGER": guid, **headers}


def header(entry: dict[str, Any], name: str) -> str | None:
    found = [h["value"] for h in entry["requestHeaders"] if h["name"].lower() == name.lower()]
    return found[0] if found else None


def test_a_request_shows_as_the_server_received_and_answered_it(client: Client, guid: str) -> None:
    response = client.get(
        "/api/todos?doneStatus=true", headers=as_student(guid, Accept="application/json")
    )
    [entry] = requests_of(client, guid)
    assert entry["method"] == "GET"
    assert entry["path"] == "/api/todos?doneStatus=true"
    assert entry["status"] == 200
    assert header(entry, "X-Challenger") == guid
    assert header(entry, "Accept") == "application/json"
    assert entry["requestBody"] == ""
    assert entry["responseBody"] == response.content.decode()
    assert entry["at"].endswith("Z")


def test_a_near_miss_shows_with_its_reason(client: Client, guid: str) -> None:
    client.get("/api/todos?doneStatus=true", headers=as_student(guid))
    [entry] = requests_of(client, guid)
    [near] = [n for n in entry["nearMisses"] if n["name"] == "GET /api/todos (200) ?filter"]
    assert near["id"] == 7
    assert "done" in near["reason"]
    assert entry["completed"] == []


def test_a_completed_challenge_shows_with_its_id(client: Client, guid: str) -> None:
    client.get("/api/challenges", headers=as_student(guid))
    [entry] = requests_of(client, guid)
    assert entry["completed"] == [{"id": 2, "name": "GET /api/challenges (200)"}]
    assert entry["nearMisses"] == []


def test_the_newest_comes_first(client: Client, guid: str) -> None:
    for n in range(3):
        client.get(f"/api/todos/{n + 1}", headers=as_student(guid))
    assert [e["path"] for e in requests_of(client, guid)] == [
        "/api/todos/3",
        "/api/todos/2",
        "/api/todos/1",
    ]


def test_the_request_body_is_kept_to_its_first_2_kb(client: Client, guid: str) -> None:
    body = '{"title":"' + "x" * 4500 + '"}'
    client.post("/api/todos", body, content_type="application/json", headers=as_student(guid))
    [entry] = requests_of(client, guid)
    assert entry["requestBody"] == body[:2048]


def test_the_response_body_is_kept_to_its_first_2_kb(client: Client, guid: str) -> None:
    response = client.get("/api/challenges", headers=as_student(guid))
    assert len(response.content) > 2048
    [entry] = requests_of(client, guid)
    assert entry["responseBody"] == response.content[:2048].decode()


def test_an_answer_repeated_in_one_batch_shows_in_full_for_each_request(
    client: Client, guid: str
) -> None:
    # Stored once per batch row and read back for each request that got it.
    first = client.get("/api/todos", headers=as_student(guid)).content.decode()
    assert client.get("/api/todos", headers=as_student(guid)).content.decode() == first
    client.delete("/api/todos/1", headers=as_student(guid))
    changed = client.get("/api/todos", headers=as_student(guid)).content.decode()
    client.get("/api/todos/2", headers=as_student(guid))
    assert changed != first
    again = client.get("/api/todos", headers=as_student(guid)).content.decode()
    bodies = [e["responseBody"] for e in requests_of(client, guid) if e["path"] == "/api/todos"]
    assert bodies == [again, changed, first, first]


def test_an_answer_repeated_in_the_next_batch_shows_in_full(client: Client, guid: str) -> None:
    first = client.get("/api/todos", headers=as_student(guid)).content.decode()
    writer.flush()
    client.get("/api/todos", headers=as_student(guid))
    assert [e["responseBody"] for e in requests_of(client, guid)] == [first, first]


def test_a_long_header_value_is_cut_at_1000_characters(client: Client, guid: str) -> None:
    client.get("/api/todos", headers=as_student(guid, **{"X-Note": "n" * 1500}))
    [entry] = requests_of(client, guid)
    assert header(entry, "X-Note") == "n" * 1000 + "…"


def test_a_utf8_header_value_shows_as_the_client_sent_it(client: Client, guid: str) -> None:
    # A WSGI server hands a header's bytes over as latin-1 text; the history, as the
    # mirror, shows the UTF-8 the client sent.
    as_wsgi_gives_it = "Zoë, café".encode().decode("iso-8859-1")
    client.get("/api/todos", headers=as_student(guid, **{"X-Note": as_wsgi_gives_it}))
    [entry] = requests_of(client, guid)
    assert header(entry, "X-Note") == "Zoë, café"


def test_a_long_path_is_cut(client: Client, guid: str) -> None:
    client.get("/api/todos?title=" + "t" * 3000, headers=as_student(guid))
    [entry] = requests_of(client, guid)
    assert entry["path"] == ("/api/todos?title=" + "t" * 3000)[:1024] + "…"


def test_a_body_that_is_not_text_shows_with_replacement_characters(
    client: Client, guid: str
) -> None:
    client.post(
        "/api/todos", b"\xff\x00{", content_type="application/json", headers=as_student(guid)
    )
    [entry] = requests_of(client, guid)
    assert entry["requestBody"] == "\ufffd\ufffd{"


def test_a_session_keeps_its_newest_100_requests(client: Client, guid: str) -> None:
    for n in range(130):
        client.get(f"/api/todos?n={n}", headers=as_student(guid))
    shown = requests_of(client, guid)
    assert [e["path"] for e in shown] == [f"/api/todos?n={n}" for n in range(129, 29, -1)]
    assert stored_entries(guid) == 100


def test_sessions_trimmed_in_one_batch_each_keep_their_own_newest_100(client: Client) -> None:
    first, second = (client.post("/api/challenger")["X-CHALLENGER"] for _ in range(2))
    for n in range(60):
        client.get(f"/api/todos?n={n}", headers=as_student(first))
    writer.flush()
    for n in range(140):  # more than a batch writes for one session: its newest 100
        client.get(f"/api/todos?n={n}", headers=as_student(second))
        client.get(f"/api/todos?m={n}", headers=as_student(first))
    writer.flush()  # both due: trimmed together
    assert [e["path"] for e in requests_of(client, first)] == [
        f"/api/todos?m={n}" for n in range(139, 39, -1)
    ]
    assert [e["path"] for e in requests_of(client, second)] == [
        f"/api/todos?n={n}" for n in range(139, 39, -1)
    ]
    assert stored_entries(first) + stored_entries(second) == 200


def test_batches_that_overlap_in_time_keep_the_newest_100_of_both(
    client: Client, guid: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Two processes write batches of the same second: one the even moments, one the odd.
    def send(moments: range) -> None:
        clock = iter(moments)
        monkeypatch.setattr(recorder, "_clock", lambda: next(clock) / 1000)
        for n in moments:
            client.get(f"/api/todos?n={n}", headers=as_student(guid))
        writer.flush()

    send(range(0, 200, 2))
    send(range(1, 200, 2))
    assert [e["path"] for e in requests_of(client, guid)] == [
        f"/api/todos?n={n}" for n in range(199, 99, -1)
    ]


def test_the_database_stays_bounded_over_many_batches(client: Client, guid: str) -> None:
    for n in range(300):
        client.get(f"/api/todos?n={n}", headers=as_student(guid))
        if n % 7 == 0:
            writer.flush()
    writer.flush()
    stored = stored_entries(guid)
    # The newest 100, the rest of the row that holds the 100th (a batch here holds at
    # most 7), and what was written since the last trim.
    assert 100 <= stored < 100 + 7 + writer.TRIM_EVERY
    assert len(requests_of(client, guid)) == 100


def test_one_session_never_sees_another_s(client: Client, guid: str) -> None:
    other = client.post("/api/challenger")["X-CHALLENGER"]
    client.get("/api/todos/1", headers=as_student(guid))
    client.get("/api/todos/2", headers=as_student(other))
    assert [e["path"] for e in requests_of(client, guid)] == ["/api/todos/1"]
    assert [e["path"] for e in requests_of(client, other)] == ["/api/todos/2"]


def test_requests_without_a_known_session_are_in_no_history(client: Client, guid: str) -> None:
    client.get("/api/todos")
    client.get("/api/todos", headers={"X-CHALLENGER": str(uuid.uuid4())})
    client.post("/api/challenger")  # creates a session, but was sent without one
    writer.flush()
    assert not RequestBatch.objects.exists()


def test_reading_the_history_is_not_recorded_in_it(client: Client, guid: str) -> None:
    client.get("/api/heartbeat", headers=as_student(guid))
    requests_of(client, guid, **{"X-CHALLENGER": guid})
    assert [e["path"] for e in requests_of(client, guid)] == ["/api/heartbeat"]


def test_a_session_deleted_before_the_batch_is_written_is_skipped(
    client: Client, guid: str
) -> None:
    client.get("/api/todos", headers=as_student(guid))
    Challenger.objects.filter(pk=guid).delete()
    assert writer.flush() == 0
    assert not RequestBatch.objects.exists()


def test_a_session_deleted_while_its_batch_is_written_loses_the_batch(
    client: Client, guid: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The session goes after the writer checked it and before its rows are committed;
    # the deletion's own clean-up (after its commit) is not run here, as if it had run
    # before the rows arrived.
    client.get("/api/todos", headers=as_student(guid))
    insert = writer._insert

    def deleted_meanwhile(connection: Any, rows: list[tuple[Any, ...]]) -> None:
        Challenger.objects.filter(pk=guid).delete()
        insert(connection, rows)

    monkeypatch.setattr(writer, "_insert", deleted_meanwhile)
    writer.flush()
    assert not RequestBatch.objects.filter(challenger=guid).exists()


def test_the_purge_removes_a_session_s_history(
    client: Client, guid: str, django_capture_on_commit_callbacks: Any
) -> None:
    client.get("/api/todos", headers=as_student(guid))
    writer.flush()
    Challenger.objects.filter(pk=guid).update(last_seen="2000-01-01T00:00:00Z")
    with django_capture_on_commit_callbacks(execute=True):
        call_command("purge_challengers", stdout=io.StringIO())
    assert not RequestBatch.objects.filter(challenger=guid).exists()


def test_head_is_shown_without_a_body(client: Client, guid: str) -> None:
    client.head("/api/todos", headers=as_student(guid))
    [entry] = requests_of(client, guid)
    assert (entry["method"], entry["responseBody"]) == ("HEAD", "")


def test_it_answers_xml_when_asked(client: Client, guid: str) -> None:
    client.get("/api/challenges", headers=as_student(guid, Accept="application/json"))
    writer.flush()
    response = client.get(f"/api/challenger/{guid}/requests", headers={"Accept": "application/xml"})
    assert response.status_code == 200
    assert response["Content-Type"] == "application/xml"
    text = response.content.decode()
    assert text.startswith("<requests><request><id>")
    assert "<method>GET</method><path>/api/challenges</path>" in text
    assert "Accept: application/json" in text
    assert "<completed>02 GET /api/challenges (200)</completed>" in text
    assert "<nearMisses/>" in text


def test_it_answers_csv_when_asked(client: Client, guid: str) -> None:
    client.get("/api/todos/1", headers=as_student(guid))
    writer.flush()
    response = client.get(f"/api/challenger/{guid}/requests", headers={"Accept": "text/csv"})
    assert response.status_code == 200
    first = response.content.decode().split("\n")[0]
    assert first == (
        "id,at,method,path,requestHeaders,requestBody,status,responseBody,completed,nearMisses"
    )


def test_an_unacceptable_accept_is_406(client: Client, guid: str) -> None:
    response = client.get(f"/api/challenger/{guid}/requests", headers={"Accept": "image/png"})
    assert response.status_code == 406
    assert "errorMessages" in response.json()


def test_an_unknown_guid_is_404(client: Client) -> None:
    unknown = str(uuid.uuid4())
    response = client.get(f"/api/challenger/{unknown}/requests")
    assert response.status_code == 404
    assert response.json() == {"errorMessages": [f"Challenger not found {unknown}"]}


def test_the_legacy_root_route_answers_the_same(client: Client, guid: str) -> None:
    client.get("/api/todos", headers=as_student(guid))
    writer.flush()
    legacy = client.get(f"/challenger/{guid}/requests")
    assert legacy.status_code == 200
    assert legacy.content == client.get(f"/api/challenger/{guid}/requests").content


def test_other_verbs_are_405(client: Client, guid: str) -> None:
    response = client.delete(f"/api/challenger/{guid}/requests")
    assert response.status_code == 405
    assert response["Allow"] == "GET, HEAD, OPTIONS"


def test_it_is_documented_in_the_openapi(client: Client) -> None:
    schema = client.get("/api/schema/", headers={"Accept": "application/json"}).json()
    operation = schema["paths"]["/api/challenger/{guid}/requests"]["get"]
    body = operation["responses"]["200"]["content"]["application/json"]["schema"]
    fields = body["properties"]["requests"]["items"]["properties"]
    assert list(fields) == [
        "id",
        "at",
        "method",
        "path",
        "requestHeaders",
        "requestBody",
        "status",
        "responseBody",
        "completed",
        "nearMisses",
    ]


def test_single_mode_records_for_the_single_session(client: Client, single_mode: None) -> None:
    client.get("/api/todos/3")
    writer.flush()
    response = client.get(f"/api/challenger/{uuid.uuid4()}/requests")
    assert [e["path"] for e in response.json()["requests"]] == ["/api/todos/3"]


def test_a_request_about_another_session_shows_only_in_the_sender_s(
    client: Client, guid: str
) -> None:
    other = client.post("/api/challenger")["X-CHALLENGER"]
    client.get(f"/api/challenger/{other}", headers=as_student(guid))
    assert [e["path"] for e in requests_of(client, guid)] == [f"/api/challenger/{other}"]
    assert requests_of(client, other) == []
