"""The challenge catalogue as data: counts, numbering per mode, names, texts, progress map."""

from __future__ import annotations

import pytest

from challenges import catalogue, routes
from challenges.catalogue import (
    by_key,
    challenges_for,
    completed_keys,
    display_id,
    progress_status,
)
from challenges.catalogue.current import ALL_CHALLENGES, DEPRECATED_KEYS, SECTIONS
from challenges.conditions import Condition
from challenges.declarations import Catalogue, Challenge
from challenges.exchange import Exchange

MULTI_ONLY = {
    "GET_RESTORE_EXISTING_CHALLENGER",
    "POST_RESTORE_EXISTING_CHALLENGER",
    "PUT_NEW_RESTORED_CHALLENGER_PROGRESS_STATUS",
}


def test_counts_per_mode() -> None:
    assert len(ALL_CHALLENGES) == 99
    assert len(challenges_for("multi")) == 99
    assert len(challenges_for("single")) == 96
    single = {c.key for c in challenges_for("single")}
    assert {c.key for c in ALL_CHALLENGES} - single == MULTI_ONLY


def test_unknown_mode_is_an_error() -> None:
    with pytest.raises(ValueError):
        challenges_for("solo")


@pytest.mark.parametrize(
    ("mode", "display", "key"),
    [
        ("multi", "01", "CREATE_NEW_CHALLENGER"),
        ("single", "01", "CREATE_NEW_CHALLENGER"),
        ("multi", "69", "GET_TODOS_EXPORT_TSV_CONTENT_DISPOSITION"),
        ("single", "69", "GET_TODOS_EXPORT_TSV_CONTENT_DISPOSITION"),
        ("multi", "70", "GET_RESTORE_EXISTING_CHALLENGER"),
        ("multi", "71", "POST_RESTORE_EXISTING_CHALLENGER"),
        ("multi", "72", "GET_RESTORABLE_CHALLENGER_PROGRESS_STATUS"),
        ("single", "70", "GET_RESTORABLE_CHALLENGER_PROGRESS_STATUS"),
        ("single", "72", "PUT_CHALLENGER_GUID_MISMATCH_409"),
        ("multi", "75", "PUT_NEW_RESTORED_CHALLENGER_PROGRESS_STATUS"),
        ("multi", "76", "GET_RESTORABLE_TODOS"),
        ("single", "73", "GET_RESTORABLE_TODOS"),
        ("multi", "84", "X_CHALLENGER_TOO_LONG_431"),
        ("single", "81", "X_CHALLENGER_TOO_LONG_431"),
        ("multi", "99", "POST_ALL_TODOS"),
        ("single", "96", "POST_ALL_TODOS"),
    ],
)
def test_display_ids_shift_with_the_mode(mode: str, display: str, key: str) -> None:
    assert display_id(key, mode) == display
    assert challenges_for(mode)[int(display) - 1].key == key


def test_display_ids_are_consecutive() -> None:
    for mode in ("multi", "single"):
        ids = [display_id(c.key, mode) for c in challenges_for(mode)]
        assert ids == [f"{n:02d}" for n in range(1, len(ids) + 1)]


def test_multi_only_challenge_has_no_single_display_id() -> None:
    with pytest.raises(KeyError):
        display_id("PUT_NEW_RESTORED_CHALLENGER_PROGRESS_STATUS", "single")


def test_keys_and_names_are_unique() -> None:
    assert len({c.key for c in ALL_CHALLENGES}) == len(ALL_CHALLENGES)
    assert len({c.name for c in ALL_CHALLENGES}) == len(ALL_CHALLENGES)


@pytest.mark.parametrize(
    ("key", "name"),
    [
        ("CREATE_NEW_CHALLENGER", "POST /api/challenger (201)"),
        ("GET_CHALLENGES", "GET /api/challenges (200)"),
        ("GET_TODOS_NOT_PLURAL_404", "GET /api/todo (404) not plural"),
        ("GET_TODOS_FILTERED_AND_SORTED", "GET /api/todos (200) ?filter&_sortBy"),
        ("GET_TODOS_PAGINATED_SORTED", "GET /api/todos (200) ?_sortBy&_limit&_offset"),
        ("POST_MAX_OUT_TITLE_DESCRIPTION_LENGTH", "POST /api/todos (201) max out content"),
        ("PUT_TODOS_422_NO_AMEND_ID", "PUT /api/todos/{id} no amend id (422)"),
        ("QUERY_TODOS_STRUCTURED_JSON_FILTERED", "QUERY /api/todos (200) Structured JSON"),
        ("PATCH_TODOS_MERGE_PATCH_200", "PATCH /api/todos/{id} (200) merge-patch"),
        ("GET_ACCEPT_XML_PREFERRED", "GET /api/todos (200) XML pref"),
        ("GET_TODO_ACCEPT_TEXT_CALENDAR", "GET /api/todos/{id} (200) text/calendar"),
        ("GET_UNSUPPORTED_STRUCTURED_JSON_ACCEPT_406", "GET /api/todos (406) unsupported +json"),
        (
            "GET_TODOS_EXPORT_TSV_CONTENT_DISPOSITION",
            "GET /api/todos/export (200) tab-delimited download",
        ),
        ("POST_RESTORE_EXISTING_CHALLENGER", "POST /api/challenger (existing X-CHALLENGER)"),
        ("PUT_RESTORABLE_TODOS", "PUT /api/challenger/database/guid (Update)"),
        ("X_CHALLENGER_TOO_LONG_431", "GET /api/heartbeat (431) X-CHALLENGER too long"),
        ("OVERRIDE_TRACE_HEARTBEAT_501", "POST /api/heartbeat as Trace (501)"),
        ("GET_SECRET_NOTE_BEARER_200", "GET /api/secret/note (Bearer)"),
        ("DELETE_ALL_TODOS", "DELETE /api/todos/{id} (204) all"),
        ("POST_ALL_TODOS", "POST /api/todos (409) max todos"),
    ],
)
def test_names_are_exact(key: str, name: str) -> None:
    assert by_key(key).name == name


def test_by_key_unknown() -> None:
    with pytest.raises(KeyError):
        by_key("GET_NOTHING")


def test_sections_in_display_order() -> None:
    titles = [s.title for s in SECTIONS]
    assert len(titles) == 26
    assert titles[0] == "Getting Started"
    assert titles[19] == "Fancy a Break? Restore your session"
    assert titles[-1] == "Miscellaneous Challenges"
    assert len({s.key for s in SECTIONS}) == 26
    assert all(s.blurb for s in SECTIONS)


def test_challenges_follow_section_order() -> None:
    order = {s: n for n, s in enumerate(SECTIONS)}
    positions = [order[c.section] for c in ALL_CHALLENGES]
    assert positions == sorted(positions)
    assert {c.section for c in ALL_CHALLENGES} == set(SECTIONS)


@pytest.mark.parametrize("challenge", ALL_CHALLENGES, ids=lambda c: c.key)
def test_every_challenge_is_explained(challenge: Challenge) -> None:
    assert challenge.description.strip()
    assert "<a " not in challenge.description  # plain text: the dashboard adds its own links
    assert challenge.hints
    assert all(h.text.strip() for h in challenge.hints)
    assert all(h.link is None or h.link.startswith("/") for h in challenge.hints)
    assert challenge.modes <= {"multi", "single"} and challenge.modes


@pytest.mark.parametrize("challenge", ALL_CHALLENGES, ids=lambda c: c.key)
def test_every_rule_is_indexed(challenge: Challenge) -> None:
    assert challenge.routes
    for mode in challenge.modes:
        for route in challenge.routes:
            assert challenge in catalogue.active().route_index(mode)[route]


def test_index_keeps_requests_cheap() -> None:
    # The busiest route (GET on the collection) is the only one with dozens of rules.
    sizes = {route: len(found) for route, found in catalogue.active().route_index("multi").items()}
    assert max(size for route, size in sizes.items() if route != ("GET", routes.TODOS)) <= 16


def test_index_per_mode_leaves_out_other_modes_challenges() -> None:
    single = {c.key for found in catalogue.active().route_index("single").values() for c in found}
    assert not single & MULTI_ONLY


def _exchange(method: str, path: str, **kwargs: object) -> Exchange:
    fields: dict = {
        "mode": "multi",
        "method": method,
        "path": path,
        "query_string": "",
        "headers": {},
        "body": b"",
        "status": 200,
        "response_headers": {},
        "response_body": b"",
    }
    fields.update(kwargs)
    return Exchange(**fields)


def test_completed_keys_collects_every_passing_rule() -> None:
    x = _exchange("GET", "heartbeat", headers={"x-http-method-override": "delete"}, status=204)
    assert completed_keys(x) == {"GET_HEARTBEAT_204", "OVERRIDE_DELETE_HEARTBEAT_405"}


def test_completed_keys_ignores_unrelated_paths() -> None:
    assert completed_keys(_exchange("GET", "mirror/request")) == set()
    assert completed_keys(_exchange("GET", "")) == set()


def test_completed_keys_respects_the_mode() -> None:
    multi = _exchange("PUT", "challenger/abc", status=201)
    assert completed_keys(multi) == {"PUT_NEW_RESTORED_CHALLENGER_PROGRESS_STATUS"}
    single = _exchange("PUT", "challenger/abc", status=201, mode="single")
    assert completed_keys(single) == set()


def test_a_failing_condition_never_breaks_tracking() -> None:
    def broken(x: Exchange) -> bool:
        raise RuntimeError("bug")

    good = by_key("GET_HEARTBEAT_204")
    bad = Challenge(
        "BROKEN",
        "broken",
        good.section,
        "d",
        good.hints,
        good.attempt,
        (Condition("broken", broken, "never shown"),),
        good.modes,
    )
    edition = Catalogue((bad, good))
    assert edition.completed_keys(_exchange("GET", "heartbeat", status=204)) == {
        "GET_HEARTBEAT_204"
    }


# --------------------------------------------------------------------------- progress


def test_progress_status_covers_exactly_the_mode() -> None:
    multi = progress_status({}, "multi")
    single = progress_status({}, "single")
    assert list(multi) == [c.key for c in challenges_for("multi")]
    assert list(single) == [c.key for c in challenges_for("single")]
    assert not any(multi.values()) and not any(single.values())


def test_progress_status_reads_timestamps_and_booleans() -> None:
    progress = {
        "GET_TODOS": "2024-05-01T10:00:00+00:00",
        "GET_CHALLENGES": True,
        "POST_TODOS": False,
        "GET_TODO": "",
        "GET_TODO_404": None,
        "UNKNOWN_KEY": True,
    }
    status = progress_status(progress, "multi")
    assert status["GET_TODOS"] is True
    assert status["GET_CHALLENGES"] is True
    assert status["POST_TODOS"] is False
    assert status["GET_TODO"] is False
    assert status["GET_TODO_404"] is False
    assert "UNKNOWN_KEY" not in status


def test_deprecated_keys_map_to_current_ones() -> None:
    assert DEPRECATED_KEYS == {
        "PUT_TODOS_400": "PUT_TODOS_422",
        "PUT_TODOS_MISSING_TITLE_400": "PUT_TODOS_MISSING_TITLE_422",
        "PUT_TODOS_400_NO_AMEND_ID": "PUT_TODOS_422_NO_AMEND_ID",
    }
    for old, new in DEPRECATED_KEYS.items():
        assert old not in {c.key for c in ALL_CHALLENGES}
        assert by_key(new)


def test_deprecated_key_counts_when_new_key_is_missing() -> None:
    status = progress_status(
        {"PUT_TODOS_400": True, "PUT_TODOS_MISSING_TITLE_400": "2023-01-01T00:00:00Z"}, "single"
    )
    assert status["PUT_TODOS_422"] is True
    assert status["PUT_TODOS_MISSING_TITLE_422"] is True
    assert status["PUT_TODOS_422_NO_AMEND_ID"] is False
    assert "PUT_TODOS_400" not in status


def test_new_key_wins_over_deprecated_one() -> None:
    status = progress_status({"PUT_TODOS_400": True, "PUT_TODOS_422": False}, "multi")
    assert status["PUT_TODOS_422"] is False
