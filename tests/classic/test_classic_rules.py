"""The classic rules where they differ from the current edition's, on hand-built
exchanges: what credits each challenge as the classic service credited it (400 not 422,
DELETE 200, the 21st todo refused with a 400, the 413's capital R), what is a near miss
and why, and what is no attempt at all."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from challenges.catalogue import by_key
from challenges.declarations import CREDITED, NOT_AN_ATTEMPT
from challenges.exchange import Exchange
from tests.challenges.test_rules import ex
from todos.facts import StoreFacts

DONE_STATUS = "Failed Validation: doneStatus should be BOOLEAN but was STRING"
TITLE_TOO_LONG = (
    "Failed Validation: Maximum allowable length exceeded for title - maximum allowed is 50"
)
DESCRIPTION_TOO_LONG = (
    "Failed Validation: Maximum allowable length exceeded for description - maximum allowed is 200"
)
UNKNOWN_FIELD = "Could not find field: priority"
PUT_CREATE = "Cannot create todo with PUT due to Auto fields id"
NO_TITLE = "title : field is mandatory"
AMEND_ID = "Can not amend id from 1 to 2"
NO_SUCH_TODO = "No such todo entity instance with id == 99 found"
FULL = "ERROR: Cannot add instance, maximum limit of 20 reached"
TOO_LARGE = "Error: Request body too large, max allowed is 5000 bytes"
BIG = "x" * 5001
EMPTY, ONE_LEFT, TWENTY = StoreFacts(0, 0), StoreFacts(1, 0), StoreFacts(20, 0)
# Bodies showing each create error's intent.
BAD_DONE = {"title": "x", "doneStatus": "bob"}
LONG_TITLE = {"title": "t" * 51}
LONG_DESCRIPTION = {"title": "t", "description": "d" * 201}
EXTRA = {"title": "x", "priority": "high"}


@dataclass(frozen=True)
class Case:
    key: str
    exchange: Exchange
    verdict: str  # "credited", "not an attempt", or the near miss's reason

    def __str__(self) -> str:
        return f"{self.key}: {self.exchange.method} /{self.exchange.path} {self.exchange.status}"


def credited(key: str, exchange: Exchange) -> Case:
    return Case(key, exchange, "credited")


def no_attempt(key: str, exchange: Exchange) -> Case:
    return Case(key, exchange, "not an attempt")


def near(key: str, exchange: Exchange, reason: str) -> Case:
    return Case(key, exchange, reason)


def said(text: str) -> str:
    return f"this challenge needs an error saying “{text}”"


CASES = (
    credited(
        "POST_TODOS_BAD_DONE_STATUS", ex("POST", status=400, body=BAD_DONE, messages=[DONE_STATUS])
    ),
    near(
        "POST_TODOS_BAD_DONE_STATUS",
        ex("POST", status=400, body=BAD_DONE | EXTRA, messages=[UNKNOWN_FIELD]),
        f"the response said “{UNKNOWN_FIELD}”; "
        + said("Failed Validation: doneStatus should be BOOLEAN"),
    ),
    near(
        "POST_TODOS_BAD_DONE_STATUS",
        ex("POST", status=422, body=BAD_DONE, messages=[DONE_STATUS]),
        f"the response status was 422 ({DONE_STATUS}); this challenge needs 400",
    ),
    no_attempt("POST_TODOS_BAD_DONE_STATUS", ex("POST", status=400, messages=[DONE_STATUS])),
    credited(
        "POST_TODOS_TOO_LONG_TITLE_LENGTH",
        ex("POST", status=400, body=LONG_TITLE, messages=[TITLE_TOO_LONG]),
    ),
    credited(
        "POST_TODOS_TOO_LONG_TITLE_LENGTH",
        ex("POST", "todos/1", status=400, body=LONG_TITLE, messages=[TITLE_TOO_LONG]),
    ),
    no_attempt(
        "POST_TODOS_TOO_LONG_TITLE_LENGTH",
        ex("POST", status=400, body=LONG_DESCRIPTION, messages=[DESCRIPTION_TOO_LONG]),
    ),
    credited(
        "POST_TODOS_TOO_LONG_DESCRIPTION_LENGTH",
        ex("POST", status=400, body=LONG_DESCRIPTION, messages=[DESCRIPTION_TOO_LONG]),
    ),
    near(
        "POST_TODOS_TOO_LONG_DESCRIPTION_LENGTH",
        ex("POST", status=422, body=LONG_DESCRIPTION, messages=[DESCRIPTION_TOO_LONG]),
        f"the response status was 422 ({DESCRIPTION_TOO_LONG}); this challenge needs 400",
    ),
    credited(
        "POST_TODOS_TOO_LONG_PAYLOAD_SIZE", ex("POST", status=413, body=BIG, messages=[TOO_LARGE])
    ),
    near(
        "POST_TODOS_TOO_LONG_PAYLOAD_SIZE",
        ex("POST", status=413, body=BIG, messages=[TOO_LARGE.replace("Request", "request")]),
        f"the response said “{TOO_LARGE.replace('Request', 'request')}”; " + said(TOO_LARGE),
    ),
    credited(
        "POST_TODOS_INVALID_EXTRA_FIELD",
        ex("POST", status=400, body=EXTRA, messages=[UNKNOWN_FIELD]),
    ),
    no_attempt("POST_TODOS_INVALID_EXTRA_FIELD", ex("POST", status=400, messages=[UNKNOWN_FIELD])),
    credited("PUT_TODOS_400", ex("PUT", "todos/99", status=400, messages=[PUT_CREATE])),
    # A todo that is there: the refusal is another challenge's.
    no_attempt("PUT_TODOS_400", ex("PUT", "todos/1", status=400, messages=[NO_TITLE])),
    credited(
        "PUT_TODOS_MISSING_TITLE_400",
        ex("PUT", "todos/1", status=400, body={"description": "x"}, messages=[NO_TITLE]),
    ),
    near(
        "PUT_TODOS_MISSING_TITLE_400",
        ex("PUT", "todos/1", status=422, body={"description": "x"}, messages=[NO_TITLE]),
        f"the response status was 422 ({NO_TITLE}); this challenge needs 400",
    ),
    no_attempt(
        "PUT_TODOS_MISSING_TITLE_400", ex("PUT", "todos/99", status=400, messages=[PUT_CREATE])
    ),
    credited(
        "PUT_TODOS_400_NO_AMEND_ID",
        ex("PUT", "todos/1", status=400, body={"id": 2, "title": "x"}, messages=[AMEND_ID]),
    ),
    no_attempt(
        "PUT_TODOS_400_NO_AMEND_ID",
        ex("PUT", "todos/1", status=400, body={"id": 1, "title": "x"}, messages=[AMEND_ID]),
    ),
    credited("POST_TODOS_404", ex("POST", "todos/99", status=404, messages=[NO_SUCH_TODO])),
    # A todo that is there: the too-long title's try, not this one's.
    no_attempt("POST_TODOS_404", ex("POST", "todos/1", status=400, messages=[TITLE_TOO_LONG])),
    credited("DELETE_A_TODO", ex("DELETE", "todos/1", status=200)),
    near(
        "DELETE_A_TODO",
        ex("DELETE", "todos/1", status=204),
        "the response status was 204; this challenge needs 200",
    ),
    credited("DELETE_ALL_TODOS", ex("DELETE", "todos/1", status=200, store=EMPTY)),
    near(
        "DELETE_ALL_TODOS",
        ex("DELETE", "todos/1", status=200, store=ONE_LEFT),
        "your list still holds 1 todo; this challenge needs every todo deleted",
    ),
    no_attempt("DELETE_ALL_TODOS", ex("DELETE", "todos/1", status=204, store=EMPTY)),
    credited("POST_ALL_TODOS", ex("POST", status=400, messages=[FULL])),
    near(
        "POST_ALL_TODOS",
        ex("POST", status=409, messages=[FULL]),
        f"the response status was 409 ({FULL}); this challenge needs 400",
    ),
    # The create that fills the list is no try at going past it.
    no_attempt("POST_ALL_TODOS", ex("POST", status=201, store=TWENTY)),
    no_attempt("POST_ALL_TODOS", ex("POST", status=400, messages=[TITLE_TOO_LONG])),
    credited("OPTIONS_TODOS", ex("OPTIONS", status=200)),
    near(
        "OPTIONS_TODOS",
        ex("OPTIONS", "todos/1", status=200),
        "the request went to /todos/1; this challenge needs /todos",
    ),
)


@pytest.mark.parametrize("case", CASES, ids=str)
def test_the_classic_rule_judges_it(case: Case) -> None:
    verdict = by_key(case.key).judge(case.exchange)
    if case.verdict == "credited":
        assert verdict is CREDITED
    elif case.verdict == "not an attempt":
        assert verdict is NOT_AN_ATTEMPT
    else:
        assert verdict.near_miss
        assert verdict.reason(case.exchange) == case.verdict
