"""The classic edition's catalogue: the 59 challenges of the public service before its
2026-07 rewrite, with its exact display ids, keys, names and section titles (client suites
assert them), and 58 in single-player mode."""

from __future__ import annotations

import pytest

from challenges import catalogue
from challenges.catalogue import by_key, challenges_for, display_id, keys_for, sections

# (display id, key, name, section title), in the classic service's order.
CLASSIC_59 = (
    ("01", "CREATE_NEW_CHALLENGER", "POST /challenger (201)", "Getting Started"),
    ("02", "GET_CHALLENGES", "GET /challenges (200)", "First Real Challenge"),
    ("03", "GET_TODOS", "GET /todos (200)", "GET Challenges"),
    ("04", "GET_TODOS_NOT_PLURAL_404", "GET /todo (404) not plural", "GET Challenges"),
    ("05", "GET_TODO", "GET /todos/{id} (200)", "GET Challenges"),
    ("06", "GET_TODO_404", "GET /todos/{id} (404)", "GET Challenges"),
    ("07", "GET_TODOS_FILTERED", "GET /todos (200) ?filter", "GET Challenges"),
    ("08", "GET_HEAD_TODOS", "HEAD /todos (200)", "HEAD Challenges"),
    ("09", "POST_TODOS", "POST /todos (201)", "Creation Challenges with POST"),
    (
        "10",
        "POST_TODOS_BAD_DONE_STATUS",
        "POST /todos (400) doneStatus",
        "Creation Challenges with POST",
    ),
    (
        "11",
        "POST_TODOS_TOO_LONG_TITLE_LENGTH",
        "POST /todos (400) title too long",
        "Creation Challenges with POST",
    ),
    (
        "12",
        "POST_TODOS_TOO_LONG_DESCRIPTION_LENGTH",
        "POST /todos (400) description too long",
        "Creation Challenges with POST",
    ),
    (
        "13",
        "POST_MAX_OUT_TITLE_DESCRIPTION_LENGTH",
        "POST /todos (201) max out content",
        "Creation Challenges with POST",
    ),
    (
        "14",
        "POST_TODOS_TOO_LONG_PAYLOAD_SIZE",
        "POST /todos (413) content too long",
        "Creation Challenges with POST",
    ),
    (
        "15",
        "POST_TODOS_INVALID_EXTRA_FIELD",
        "POST /todos (400) extra",
        "Creation Challenges with POST",
    ),
    ("16", "PUT_TODOS_400", "PUT /todos/{id} (400)", "Creation Challenges with PUT"),
    ("17", "POST_UPDATE_TODO", "POST /todos/{id} (200)", "Update Challenges with POST"),
    ("18", "POST_TODOS_404", "POST /todos/{id} (404)", "Update Challenges with POST"),
    ("19", "PUT_TODOS_FULL_200", "PUT /todos/{id} full (200)", "Update Challenges with PUT"),
    ("20", "PUT_TODOS_PARTIAL_200", "PUT /todos/{id} partial (200)", "Update Challenges with PUT"),
    (
        "21",
        "PUT_TODOS_MISSING_TITLE_400",
        "PUT /todos/{id} no title (400)",
        "Update Challenges with PUT",
    ),
    (
        "22",
        "PUT_TODOS_400_NO_AMEND_ID",
        "PUT /todos/{id} no amend id (400)",
        "Update Challenges with PUT",
    ),
    ("23", "DELETE_A_TODO", "DELETE /todos/{id} (200)", "DELETE Challenges"),
    ("24", "OPTIONS_TODOS", "OPTIONS /todos (200)", "OPTIONS Challenges"),
    ("25", "GET_ACCEPT_XML", "GET /todos (200) XML", "Accept Challenges"),
    ("26", "GET_ACCEPT_JSON", "GET /todos (200) JSON", "Accept Challenges"),
    ("27", "GET_ACCEPT_ANY_DEFAULT_JSON", "GET /todos (200) ANY", "Accept Challenges"),
    ("28", "GET_ACCEPT_XML_PREFERRED", "GET /todos (200) XML pref", "Accept Challenges"),
    ("29", "GET_JSON_BY_DEFAULT_NO_ACCEPT", "GET /todos (200) no accept", "Accept Challenges"),
    ("30", "GET_UNSUPPORTED_ACCEPT_406", "GET /todos (406)", "Accept Challenges"),
    ("31", "POST_CREATE_XML", "POST /todos XML", "Content-Type Challenges"),
    ("32", "POST_CREATE_JSON", "POST /todos JSON", "Content-Type Challenges"),
    ("33", "POST_TODOS_415", "POST /todos (415)", "Content-Type Challenges"),
    (
        "34",
        "GET_RESTORABLE_CHALLENGER_PROGRESS_STATUS",
        "GET /challenger/guid (existing X-CHALLENGER)",
        "Fancy a Break? Restore your session",
    ),
    (
        "35",
        "PUT_RESTORABLE_CHALLENGER_PROGRESS_STATUS",
        "PUT /challenger/guid RESTORE",
        "Fancy a Break? Restore your session",
    ),
    (
        "36",
        "PUT_NEW_RESTORED_CHALLENGER_PROGRESS_STATUS",
        "PUT /challenger/guid CREATE",
        "Fancy a Break? Restore your session",
    ),
    (
        "37",
        "GET_RESTORABLE_TODOS",
        "GET /challenger/database/guid (200)",
        "Fancy a Break? Restore your session",
    ),
    (
        "38",
        "PUT_RESTORABLE_TODOS",
        "PUT /challenger/database/guid (Update)",
        "Fancy a Break? Restore your session",
    ),
    (
        "39",
        "POST_CREATE_XML_ACCEPT_JSON",
        "POST /todos XML to JSON",
        "Mix Accept and Content-Type Challenges",
    ),
    (
        "40",
        "POST_CREATE_JSON_ACCEPT_XML",
        "POST /todos JSON to XML",
        "Mix Accept and Content-Type Challenges",
    ),
    ("41", "DELETE_HEARTBEAT_405", "DELETE /heartbeat (405)", "Status Code Challenges"),
    ("42", "PATCH_HEARTBEAT_500", "PATCH /heartbeat (500)", "Status Code Challenges"),
    ("43", "TRACE_HEARTBEAT_501", "TRACE /heartbeat (501)", "Status Code Challenges"),
    ("44", "GET_HEARTBEAT_204", "GET /heartbeat (204)", "Status Code Challenges"),
    (
        "45",
        "OVERRIDE_DELETE_HEARTBEAT_405",
        "POST /heartbeat as DELETE (405)",
        "HTTP Method Override Challenges",
    ),
    (
        "46",
        "OVERRIDE_PATCH_HEARTBEAT_500",
        "POST /heartbeat as PATCH (500)",
        "HTTP Method Override Challenges",
    ),
    (
        "47",
        "OVERRIDE_TRACE_HEARTBEAT_501",
        "POST /heartbeat as Trace (501)",
        "HTTP Method Override Challenges",
    ),
    ("48", "CREATE_SECRET_TOKEN_401", "POST /secret/token (401)", "Authentication Challenges"),
    ("49", "CREATE_SECRET_TOKEN_201", "POST /secret/token (201)", "Authentication Challenges"),
    ("50", "GET_SECRET_NOTE_403", "GET /secret/note (403)", "Authorization Challenges"),
    ("51", "GET_SECRET_NOTE_401", "GET /secret/note (401)", "Authorization Challenges"),
    ("52", "GET_SECRET_NOTE_200", "GET /secret/note (200)", "Authorization Challenges"),
    ("53", "POST_SECRET_NOTE_200", "POST /secret/note (200)", "Authorization Challenges"),
    ("54", "POST_SECRET_NOTE_401", "POST /secret/note (401)", "Authorization Challenges"),
    ("55", "POST_SECRET_NOTE_403", "POST /secret/note (403)", "Authorization Challenges"),
    ("56", "GET_SECRET_NOTE_BEARER_200", "GET /secret/note (Bearer)", "Authorization Challenges"),
    ("57", "POST_SECRET_NOTE_BEARER_200", "POST /secret/note (Bearer)", "Authorization Challenges"),
    ("58", "DELETE_ALL_TODOS", "DELETE /todos/{id} (200) all", "Miscellaneous Challenges"),
    ("59", "POST_ALL_TODOS", "POST /todos (201) all", "Miscellaneous Challenges"),
)
MULTI_ONLY = "PUT_NEW_RESTORED_CHALLENGER_PROGRESS_STATUS"


def listed(mode: str) -> list[tuple[str, str, str, str]]:
    return [(display_id(c.key, mode), c.key, c.name, c.section.title) for c in challenges_for(mode)]


def test_multi_mode_lists_the_59_challenges_exactly() -> None:
    assert listed("multi") == list(CLASSIC_59)


def test_single_mode_lists_58_without_restoring_into_a_new_session() -> None:
    keys = [key for _, key, _, _ in CLASSIC_59 if key != MULTI_ONLY]
    assert list(keys_for("single")) == keys
    assert [display_id(k, "single") for k in keys] == [f"{n:02d}" for n in range(1, 59)]


def test_single_mode_renumbers_the_challenges_after_the_dropped_one() -> None:
    assert display_id("GET_RESTORABLE_TODOS", "multi") == "37"
    assert display_id("GET_RESTORABLE_TODOS", "single") == "36"
    assert display_id("POST_ALL_TODOS", "single") == "58"


def test_sections_are_the_classic_titles_in_order() -> None:
    titles = list(dict.fromkeys(title for _, _, _, title in CLASSIC_59))
    assert [s.title for s in sections()] == titles


def test_challenges_of_the_current_edition_only_are_not_in_it() -> None:
    for key in ("X_CHALLENGER_TOO_LONG_431", "PUT_TODOS_422", "GET_TODOS_PAGINATED_LIMIT"):
        with pytest.raises(KeyError):
            by_key(key)


def test_every_challenge_has_its_own_description_and_a_hint() -> None:
    for challenge in challenges_for("multi"):
        assert challenge.description.strip(), challenge.key
        assert challenge.hints, challenge.key


def test_the_setting_is_read_per_call(settings) -> None:  # noqa: ANN001 - pytest-django
    assert len(challenges_for("multi")) == 59
    settings.APICHALLENGES_EDITION = "current"
    assert len(challenges_for("multi")) == 99
    assert catalogue.active() is catalogue.CATALOGUE
