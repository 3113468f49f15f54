"""The declaration vocabulary (`challenges.conditions`): each condition's test and its
explanation with the observed value, and what a challenge derives from its conditions.

Pure unit tests on hand-built Exchanges."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

import pytest

from challenges import conditions as c
from challenges.catalogue import CATALOGUE, CLASSIC, by_key
from challenges.declarations import CREDITED, NOT_AN_ATTEMPT, Catalogue, Challenge, Section
from challenges.exchange import Exchange
from challenges.routes import HEARTBEAT, TODO_ITEM, TODOS
from challenges.rules.todos import store_has_done_and_not_done
from practiceapi.protocol.query import ParsedQuery
from tests.challenges.test_rules import CASES, ex
from todos import models as todo_models
from todos.facts import StoreFacts
from todos.resource import DESCRIPTION_MAX, TITLE_MAX

SECTION = Section("s", "Section", "blurb")


def challenge(attempt: tuple, credit: tuple, key: str = "K") -> Challenge:
    return Challenge(key, key, SECTION, "d", (), attempt, credit)


def test_method_is_explains_the_method_sent() -> None:
    condition = c.method_is("GET")
    assert condition.holds(ex("GET"))
    assert not condition.holds(ex("HEAD"))
    assert condition.explanation(ex("HEAD")) == "the method was HEAD; this challenge needs GET"


def test_route_matches_the_route_shape_with_or_without_a_trailing_slash() -> None:
    condition = c.route(TODOS)
    assert condition.holds(ex(path="todos/"))
    assert not condition.holds(ex(path="todos/1"))
    assert condition.explanation(ex(path="todos/1")) == (
        "the request went to /api/todos/1; this challenge needs /api/todos"
    )


def test_status_shows_the_first_error_message() -> None:
    condition = c.status(200)
    missing = ex(status=404, messages=["No such todo entity instance with id == 9 found"])
    assert not condition.holds(missing)
    assert condition.explanation(missing) == (
        "the response status was 404 (No such todo entity instance with id == 9 found); "
        "this challenge needs 200"
    )
    assert c.status(200).explanation(ex(status=201)) == (
        "the response status was 201; this challenge needs 200"
    )


def test_says_looks_in_the_messages_and_the_body() -> None:
    condition = c.says("Can not amend id from")
    assert condition.holds(ex(messages=["Can not amend id from 1 to 2"]))
    assert condition.holds(ex(response=b"<e>Can not amend id from 1 to 2</e>"))
    other = ex(messages=["title : field is mandatory"])
    assert not condition.holds(other)
    assert condition.explanation(other) == (
        "the response said “title : field is mandatory”; this challenge needs an error saying "
        "“Can not amend id from”"
    )


def test_no_query_shows_the_query() -> None:
    condition = c.no_query()
    assert condition.holds(ex(query="&"))
    assert not condition.holds(ex(query="_limit=5"))
    assert condition.explanation(ex(query="_limit=5")) == (
        "the request had the query `?_limit=5`; this challenge needs the list without a query"
    )


def test_header_absent() -> None:
    absent = c.header_absent("Accept")
    assert absent.holds(ex(headers={}))
    assert absent.holds(ex(headers={"accept": "  "}))
    assert not absent.holds(ex(headers={"accept": "*/*"}))
    assert absent.explanation(ex(headers={"accept": "*/*"})) == (
        "the Accept header was `*/*`; this challenge needs no Accept header"
    )


def test_content_and_response_types_ignore_parameters() -> None:
    sent = ex(headers={"content-type": "Application/JSON; charset=utf-8"})
    assert c.content_type_in("application/json").holds(sent)
    answered = ex(response_headers={"content-type": "application/xml; charset=utf-8"})
    assert c.response_type("application/xml").holds(answered)
    assert c.response_type("application/json").explanation(answered) == (
        "the response Content-Type was `application/xml`; this challenge needs application/json"
    )


def test_the_store_condition_names_what_is_missing() -> None:
    condition = store_has_done_and_not_done()
    assert condition.holds(ex(store=StoreFacts(total=3, done=1)))
    all_done = ex(store=StoreFacts(total=3, done=3))
    assert condition.explanation(all_done) == (
        "your todos include 0 not-done todos; this challenge needs at least one done and one "
        "not done"
    )


# --------------------------------------------------------------------------- judging


def test_a_request_failing_an_attempt_condition_is_no_attempt() -> None:
    rule = challenge((c.method_is("GET"), c.route(TODOS)), (c.status(200),))
    assert rule.judge(ex("POST", status=500)) is NOT_AN_ATTEMPT


def test_the_first_unmet_credit_condition_explains_a_near_miss() -> None:
    rule = challenge(
        (c.method_is("GET"), c.route(TODOS)), (c.status(200), c.response_type("text/xml"))
    )
    verdict = rule.judge(ex(status=404))
    assert verdict.near_miss
    assert verdict.reason(ex(status=404)) == "the response status was 404; this challenge needs 200"


def test_meeting_every_condition_credits() -> None:
    rule = challenge((c.method_is("GET"), c.route(TODOS)), (c.status(200),))
    assert rule.judge(ex()) is CREDITED
    assert rule.credits(ex())


# --------------------------------------------------------------------------- derivations


def test_routes_come_from_the_attempts_method_and_route() -> None:
    rule = challenge((c.method_is("GET", "HEAD"), c.route(TODOS, TODO_ITEM)), ())
    assert set(rule.routes) == {
        ("GET", TODOS),
        ("GET", TODO_ITEM),
        ("HEAD", TODOS),
        ("HEAD", TODO_ITEM),
    }


def test_an_attempt_naming_no_method_is_indexed_under_any_method() -> None:
    rule = challenge((c.route(HEARTBEAT),), (c.method_is("DELETE"),))
    assert rule.routes == ((c.ANY_METHOD, HEARTBEAT),)
    edition = Catalogue((rule,))
    assert edition.route_candidates("multi", "PUT", "heartbeat") == (rule,)


def test_a_method_in_the_credit_does_not_narrow_the_index() -> None:
    rule = challenge((c.route(TODOS),), (c.method_is("GET"),))
    assert rule.routes == ((c.ANY_METHOD, TODOS),)


def test_a_challenge_reading_only_the_request_is_judged_on_arrival() -> None:
    assert challenge((c.method_is("GET"), c.route(TODOS)), (c.no_query(),)).on_arrival
    assert not challenge((c.method_is("GET"), c.route(TODOS)), (c.status(200),)).on_arrival


def test_needs_come_from_the_attempt_only() -> None:
    def sent(header: str) -> c.Condition:
        return c.on_request(f"{header} sent", lambda x: True, "", needs=(header,))

    rule = challenge((c.method_is("GET"), c.route(TODOS), sent("accept")), (sent("x-thing"),))
    assert rule.needs == {"accept"}


def test_an_attempt_without_a_route_is_refused() -> None:
    with pytest.raises(ValueError):
        challenge((c.method_is("GET"),), ())


def test_a_catalogue_refuses_two_challenges_with_one_key() -> None:
    one = challenge((c.route(TODOS),), ())
    with pytest.raises(ValueError):
        Catalogue((one, one))


def test_request_carries_only_what_is_needed() -> None:
    carried = c.request_carries("a=1", {"accept": "*/*", "x-other": "y"}.get, {c.QUERY, "accept"})
    assert carried == {c.QUERY, "accept"}
    assert c.request_carries("", {}.get, {c.QUERY, "accept"}) == frozenset()


def test_the_length_challenges_name_the_model_limits() -> None:
    assert (TITLE_MAX, DESCRIPTION_MAX) == (todo_models.TITLE_MAX, todo_models.DESCRIPTION_MAX)


def test_a_declaration_reads_as_data() -> None:
    declared = by_key("GET_TODOS_FILTERED")
    assert [condition.name for condition in declared.attempt] == [
        "method is GET",
        "route is /api/todos",
        "query doneStatus=true",
    ]
    assert [condition.name for condition in declared.credit] == [
        "status is 200",
        "your todos include done and not-done ones",
    ]


# --------------------------------------------------------------------------- looks_at


class Watched(Exchange):
    """An exchange that notes which parts of it a condition reads."""

    def __post_init__(self) -> None:
        self.read: set[str] = set()
        super().__post_init__()
        self.read.clear()

    def __getattribute__(self, name: str) -> Any:
        if name in WATCHED:
            object.__getattribute__(self, "read").add(name)
        return super().__getattribute__(name)

    def header(self, name: str) -> str | None:
        self.read.add(name.lower())
        return object.__getattribute__(self, "headers").get(name.lower())

    @property
    def query(self) -> ParsedQuery:
        self.read.add(c.QUERY)
        return object.__getattribute__(self, "outcome").query


# What a request-side condition may read besides the parts it declares: what the route
# index and the mode already settle.
FREE = {"method", "shape", "route", "mode"}
# `header()` notes each header by name; any other read of `headers` is noted as such.
WATCHED = {f.name for f in fields(Exchange)} | {"produced", "body_json"}


def _shown(part: str) -> str:
    return c.QUERY if part == "query_string" else part


@pytest.mark.parametrize("catalogue", [CATALOGUE, CLASSIC], ids=["current", "classic"])
def test_request_side_attempt_conditions_read_only_what_they_declare(
    catalogue: Catalogue,
) -> None:
    # `Catalogue.attempts` remembers its answer per declared parts: a condition reading
    # an undeclared part would be answered from another request's parts.
    exchanges = [x for case in CASES for x in (*case.credits, *case.misses)]
    for challenge in catalogue.challenges:
        for condition in challenge.request_attempt:
            assert condition.looks_at is not None, (challenge.key, condition.name)
            for x in exchanges:
                watched = Watched(**{f.name: getattr(x, f.name) for f in fields(Exchange)})
                condition.test(watched)
                undeclared = {_shown(p) for p in watched.read} - FREE - condition.looks_at
                assert not undeclared, (challenge.key, condition.name, undeclared)


@pytest.mark.parametrize("catalogue", [CATALOGUE, CLASSIC], ids=["current", "classic"])
def test_what_an_attempt_needs_is_among_the_parts_it_is_decided_on(
    catalogue: Catalogue,
) -> None:
    # A challenge needing what a request lacks is passed over when its route decides: the
    # need must be a declared part too, or one request's answer would serve another.
    for challenge in catalogue.challenges:
        declared = set().union(*(cond.looks_at or () for cond in challenge.request_attempt))
        for need in challenge.needs:
            part = c.QUERY if need.startswith(c.QUERY) else need
            assert part in declared, (challenge.key, need)


def test_a_route_whose_attempts_read_a_session_or_credentials_decides_afresh() -> None:
    # The secret note's attempts read X-AUTH-TOKEN and Authorization: their values are as
    # many as the students, and credentials are not kept.
    assert CATALOGUE._route_attempts("multi", "GET", "secret/note").parts is None
    assert CATALOGUE._route_attempts("multi", "GET", "todos").parts == (c.QUERY, "accept")
