"""The classic catalogue is derived from the current declarations: the same rules, routes
explained at the root paths, the classic statuses where the editions' tables differ."""

from __future__ import annotations

from challenges import catalogue


def names(conditions: tuple) -> list[str]:
    return [condition.name for condition in conditions]


def test_a_shared_challenge_keeps_the_current_rule_at_the_root_paths() -> None:
    current = catalogue.CATALOGUE.by_key("GET_TODOS")
    classic = catalogue.CLASSIC.by_key("GET_TODOS")
    assert names(current.attempt) == ["method is GET", "route is /api/todos", "no query string"]
    assert names(classic.attempt) == ["method is GET", "route is /todos", "no query string"]
    assert names(classic.credit) == names(current.credit)
    assert classic.name == "GET /todos (200)"


def test_statuses_come_from_the_edition_tables() -> None:
    assert "status is 400" in names(catalogue.CLASSIC.by_key("POST_TODOS_BAD_DONE_STATUS").credit)
    too_long = catalogue.CLASSIC.by_key("POST_TODOS_TOO_LONG_TITLE_LENGTH")
    assert "status is 400" in names(too_long.credit)
    delete = catalogue.CLASSIC.by_key("DELETE_A_TODO")
    assert (delete.name, names(delete.credit)) == ("DELETE /todos/{id} (200)", ["status is 200"])


def test_the_classic_texts_are_its_own() -> None:
    current = catalogue.CATALOGUE.by_key("GET_TODOS")
    classic = catalogue.CLASSIC.by_key("GET_TODOS")
    assert classic.description != current.description
    assert classic.section.title == current.section.title
