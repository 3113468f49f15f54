"""A near miss needs a request that shows the student aimed at the challenge: an attempt
condition met only with what the client sends on its own (its Accept, a browser's CORS
preflight) or with what sets a sibling challenge apart (q-values, another format the API
answers in) credits as before, but a failed credit condition then makes no near miss.

Pure unit tests on hand-built Exchanges (`Challenge.judge`, `client_default_accept`).
"""

from __future__ import annotations

import pytest

from challenges import conditions as c
from challenges.catalogue import by_key
from challenges.declarations import CREDITED, NOT_AN_ATTEMPT, Challenge, Section
from challenges.exchange import Exchange
from challenges.routes import TODOS
from challenges.rules.headers import client_default_accept
from tests.challenges.client_defaults import CLIENTS
from tests.challenges.test_rules import ex
from todos.facts import StoreFacts

JSON = "application/json"
XML = "application/xml"
AXIOS = "application/json, text/plain, */*"
CHROME_PAGE = (
    "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,"
    "image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7"
)
FIREFOX_PAGE = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"


def read(accept: str | None, query: str = "", response_type: str = JSON) -> Exchange:
    headers = {} if accept is None else {"Accept": accept}
    return ex(
        "GET",
        "todos",
        query=query,
        headers=headers,
        response_headers={"content-type": response_type},
        response=b"x",
    )


# --------------------------------------------------------------------------- the vocabulary


def challenge(shown: bool) -> Challenge:
    """A challenge whose one attempt condition beyond the route always holds, showing the
    student's aim or not (`shown`), and whose credit needs a 200."""
    attempt = c.on_request("holds", lambda x: True, "", unaimed=lambda x: not shown)
    return Challenge(
        "K", "K", Section("s", "S", ""), "d", (), (c.route(TODOS), attempt), (c.status(200),)
    )


def test_an_attempt_met_without_aim_credits_but_makes_no_near_miss() -> None:
    assert challenge(shown=False).judge(ex(status=200)) is CREDITED
    assert challenge(shown=False).judge(ex(status=500)) is NOT_AN_ATTEMPT


def test_an_attempt_that_shows_its_aim_is_a_near_miss() -> None:
    assert challenge(shown=True).judge(ex(status=500)).near_miss


# --------------------------------------------------------------------------- client defaults


@pytest.mark.parametrize(
    "accept",
    [pytest.param(client.accept, id=client.name) for client in CLIENTS if client.accept]
    + [pytest.param(CHROME_PAGE, id="Chrome page"), pytest.param(FIREFOX_PAGE, id="Firefox page")],
)
def test_what_clients_send_on_their_own_is_a_client_default(accept: str) -> None:
    assert client_default_accept(accept)


@pytest.mark.parametrize(
    "accept",
    [
        JSON,
        XML,
        "application/xml, application/json",
        "application/json, application/xml",
        "application/json;q=0.5, application/xml;q=1",
        "text/calendar",
        "application/gzip",
        "*/*;q=0.8",
    ],
)
def test_an_accept_a_student_types_is_chosen(accept: str) -> None:
    assert not client_default_accept(accept)


def test_axios_plain_read_still_completes_the_json_accept_challenge() -> None:
    assert by_key("GET_ACCEPT_JSON").judge(read(AXIOS)) is CREDITED


@pytest.mark.parametrize("query", ["doneStatus=true", "_sortBy=-id", "_limit=5"])
@pytest.mark.parametrize("key", ["GET_ACCEPT_JSON", "GET_ACCEPT_XML_PREFERRED"])
def test_axios_query_reads_are_no_near_miss_on_accept_challenges(key: str, query: str) -> None:
    assert by_key(key).judge(read(AXIOS, query)) is NOT_AN_ATTEMPT


def test_axios_plain_read_is_no_near_miss_on_xml_preferred() -> None:
    assert by_key("GET_ACCEPT_XML_PREFERRED").judge(read(AXIOS)) is NOT_AN_ATTEMPT


def test_a_chosen_json_accept_on_a_query_read_is_still_a_near_miss() -> None:
    assert by_key("GET_ACCEPT_JSON").judge(read(JSON, "doneStatus=true")).near_miss


def test_a_browser_page_load_is_no_near_miss_on_the_any_challenge() -> None:
    page = read(FIREFOX_PAGE, response_type="text/html")
    assert by_key("GET_ACCEPT_ANY_DEFAULT_JSON").judge(page) is NOT_AN_ATTEMPT


# --------------------------------------------------------------------------- siblings' aims


def test_xml_listed_first_is_no_near_miss_on_the_json_accept_challenge() -> None:
    xml_first = read("application/xml, application/json", response_type=XML)
    assert by_key("GET_ACCEPT_XML_PREFERRED").judge(xml_first) is CREDITED
    assert by_key("GET_ACCEPT_JSON").judge(xml_first) is NOT_AN_ATTEMPT


def test_q_values_preferring_json_are_no_near_miss_on_xml_preferred() -> None:
    weighed = read("application/xml;q=0.5, application/json;q=1")
    assert by_key("GET_ACCEPT_JSON_Q_PREFERRED").judge(weighed) is CREDITED
    assert by_key("GET_ACCEPT_XML_PREFERRED").judge(weighed) is NOT_AN_ATTEMPT


def test_json_listed_first_is_still_a_near_miss_on_xml_preferred() -> None:
    json_first = read("application/json, application/xml")
    assert by_key("GET_ACCEPT_XML_PREFERRED").judge(json_first).near_miss


def test_a_vendor_xml_type_the_api_answers_is_no_try_at_the_406() -> None:
    vendor = "application/vnd.apichallenges.todo+xml"
    assert by_key("GET_UNSUPPORTED_ACCEPT_406").judge(read(vendor, response_type=vendor)) is (
        NOT_AN_ATTEMPT
    )


def test_a_body_too_large_to_read_is_no_near_miss_on_the_description_length() -> None:
    padded = ex("POST", "todos", body={"title": "x", "description": "d" * 5000}, status=413)
    assert by_key("POST_TODOS_TOO_LONG_DESCRIPTION_LENGTH").judge(padded) is NOT_AN_ATTEMPT


def test_a_put_changing_the_id_is_no_near_miss_on_the_partial_put() -> None:
    amend = ex("PUT", "todos/1", body={"id": 2, "title": "x"}, status=422)
    assert by_key("PUT_TODOS_PARTIAL_200").judge(amend) is NOT_AN_ATTEMPT


# --------------------------------------------------------------------------- the list's bounds


def test_the_largest_page_is_no_try_at_a_limit_too_high() -> None:
    assert by_key("GET_TODOS_PAGINATED_LIMIT_TOO_HIGH").judge(read(None, "_limit=20")) is (
        NOT_AN_ATTEMPT
    )


def test_the_create_that_fills_the_list_is_no_try_at_max_todos() -> None:
    filling = ex("POST", "todos", status=201, store=StoreFacts(20, 0), created={"id": 20})
    assert by_key("POST_ALL_TODOS").judge(filling) is NOT_AN_ATTEMPT


# --------------------------------------------------------------------------- preflights


def options(path: str, **headers: str) -> Exchange:
    return ex("OPTIONS", path, headers=headers, status=200)


PREFLIGHT = {"Origin": "http://localhost:5173", "Access-Control-Request-Method": "PUT"}


def test_a_preflight_on_one_todo_is_no_near_miss_on_options() -> None:
    assert by_key("OPTIONS_TODOS").judge(options("todos/1", **PREFLIGHT)) is NOT_AN_ATTEMPT


def test_an_options_the_student_sends_on_one_todo_is_a_near_miss() -> None:
    assert by_key("OPTIONS_TODOS").judge(options("todos/1")).near_miss


def test_a_preflight_on_the_list_still_completes_options() -> None:
    assert by_key("OPTIONS_TODOS").judge(options("todos", **PREFLIGHT)) is CREDITED
