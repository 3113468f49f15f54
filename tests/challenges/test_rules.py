"""Completion rules, table-driven: every challenge has exchanges that credit it and near
misses that do not (wrong status, header, body or missing precondition).

Pure unit tests: Exchanges are built by hand, nothing touches the database or HTTP.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import orjson
import pytest

from challenges import routes
from challenges.catalogue import attempts as route_attempts
from challenges.catalogue import (
    by_key,
    completed_keys,
    completed_on_arrival,
    judge,
)
from challenges.catalogue.current import ALL_CHALLENGES
from challenges.catalogue.current.formats import VENDOR_TODO_XML
from challenges.conditions import QUERY, request_carries
from challenges.exchange import Exchange
from practiceapi.protocol.outcome import Outcome
from practiceapi.protocol.payloads import Collection, ErrorMessages, Item
from todos.facts import CreatedTodo, StoreFacts

GUID = "0d4e5b4c-1f0e-4c7a-9a47-2b9c0c1d2e3f"
OTHER_GUID = "7c1f2a33-5e6d-4b8a-8c9d-0a1b2c3d4e5f"
SINGLE_GUID = "rest-api-challenges-single-player"
JSON = "application/json"
TODO_FIELD_NAMES = ("id", "title", "doneStatus", "description")
XML = "application/xml"


def ex(
    method: str = "GET",
    path: str = "todos",
    *,
    status: int = 200,
    mode: str = "multi",
    query: str = "",
    headers: dict[str, str] | None = None,
    body: bytes | str | dict[str, Any] | list[Any] = b"",
    response_headers: dict[str, str] | None = None,
    response: Any = None,
    store: StoreFacts | None = None,
    created: dict[str, Any] | None = None,
    messages: list[str] | None = None,
) -> Exchange:
    """An Exchange with sensible defaults; `response` is JSON-encoded when not bytes."""
    if isinstance(body, dict | list):
        body = orjson.dumps(body)
    elif isinstance(body, str):
        body = body.encode()
    out_headers = {"x-challenger": GUID, **(response_headers or {})}
    outcome = Outcome(query, error_messages=messages)
    if response is None:
        response_body = b""
    elif isinstance(response, bytes):
        response_body = response
    else:
        response_body = orjson.dumps(response)
        out_headers.setdefault("content-type", JSON)
        outcome.payload = _payload(response)
    if store is not None:
        outcome.leave(store)
    if created is not None:
        outcome.leave(CreatedTodo(created))
    return Exchange(
        mode=mode,
        method=method,
        path=path,
        query_string=query,
        headers={k.lower(): v for k, v in (headers or {}).items()},
        body=body,
        status=status,
        response_headers={k.lower(): v for k, v in out_headers.items()},
        response_body=response_body,
        outcome=outcome,
    )


def _payload(response: Any) -> Any:
    """What a view would have rendered `response` (a JSON document) from."""
    if isinstance(response, dict) and isinstance(response.get("todos"), list):
        return Collection("todos", "todo", TODO_FIELD_NAMES, response["todos"])
    if isinstance(response, dict) and isinstance(response.get("errorMessages"), list):
        return ErrorMessages(response["errorMessages"])
    if isinstance(response, dict):
        return Item("todo", TODO_FIELD_NAMES, response)
    return response


def todo(id_: int, done: bool = False, description: str = "") -> dict[str, Any]:
    return {"id": id_, "title": f"todo {id_}", "doneStatus": done, "description": description}


def todos(*rows: dict[str, Any]) -> dict[str, Any]:
    return {"todos": list(rows)}


def ids(*numbers: int) -> dict[str, Any]:
    return todos(*(todo(n) for n in numbers))


TEN = StoreFacts(total=10, done=0)
MIXED = StoreFacts(total=10, done=2)
XML_BODY = b"<todo><title>from xml</title></todo>"
NOTE = {"note": "my secret"}
XML_NOTE = b"<secretnote><note>my secret</note></secretnote>"


def get_todos(query: str = "", *, status: int = 200, response: Any = None, **kw: Any) -> Exchange:
    return ex("GET", "todos", query=query, status=status, response=response, **kw)


def accept(value: str | None, status: int, response_type: str | None) -> Exchange:
    headers = {} if value is None else {"Accept": value}
    rh = {"content-type": response_type} if response_type else {}
    return ex("GET", "todos", headers=headers, status=status, response_headers=rh, response=b"x")


def post_todos(
    status: int, content_type: str, response_type: str | None, accept_: str | None = None
) -> Exchange:
    headers = {"Content-Type": content_type}
    if accept_ is not None:
        headers["Accept"] = accept_
    rh = {"content-type": response_type} if response_type else {}
    return ex("POST", "todos", status=status, headers=headers, response_headers=rh, response=b"x")


def export(status: int, disposition: str, fmt: str = "") -> Exchange:
    """An export answered with `disposition`; `fmt` the `?format=` asked for (by default
    the one the file name ends in)."""
    rh = {"content-disposition": disposition}
    asked = fmt or disposition.rstrip('"').rsplit(".", 1)[-1]
    return ex("GET", "todos/export", status=status, query=f"format={asked}", response_headers=rh)


def secret(
    method: str,
    status: int,
    *,
    token: str | None = None,
    authorization: str | None = None,
    body: Any = b"",
    path: str = "secret/note",
) -> Exchange:
    headers: dict[str, str] = {}
    if token is not None:
        headers["X-AUTH-TOKEN"] = token
    if authorization is not None:
        headers["Authorization"] = authorization
    return ex(method, path, status=status, headers=headers, body=body)


def override(verb: str | None, *, method: str = "POST", status: int = 405) -> Exchange:
    # The protocol middleware turns POST + override into the overriding (effective) method.
    headers = {} if verb is None else {"X-HTTP-Method-Override": verb}
    effective = verb.upper() if verb and method == "POST" else method
    return ex(effective, "heartbeat", status=status, headers=headers)


def query(content_type: str, body: Any, *, response: Any, store: StoreFacts = MIXED) -> Exchange:
    return ex(
        "QUERY",
        "todos",
        headers={"Content-Type": content_type},
        body=body,
        response=response,
        store=store,
    )


def patch(content_type: str, status: int = 200, path: str = "todos/1") -> Exchange:
    return ex("PATCH", path, status=status, headers={"Content-Type": content_type})


MAX_TITLE = "t" * 50
MAX_DESCRIPTION = "d" * 200
# Bodies that show a create challenge's intent (an attempt is what the request sends).
MAXED_OUT = {"title": MAX_TITLE, "description": MAX_DESCRIPTION}
LONG_TITLE = {"title": MAX_TITLE + "t"}
LONG_DESCRIPTION = {"title": "t", "description": MAX_DESCRIPTION + "d"}
TITLE_TOO_LONG = (
    "Failed Validation: Maximum allowable length exceeded for title - maximum allowed is 50"
)
DESCRIPTION_TOO_LONG = (
    "Failed Validation: Maximum allowable length exceeded for description - maximum allowed is 200"
)
NO_SUCH_TODO = "No such todo entity instance with id == 99 found"


@dataclass(frozen=True)
class Case:
    key: str
    credits: tuple[Exchange, ...]
    misses: tuple[Exchange, ...]


def case(key: str, credits: list[Exchange], misses: list[Exchange]) -> Case:
    return Case(key, tuple(credits), tuple(misses))


CASES: list[Case] = [
    # 1-2
    case(
        "CREATE_NEW_CHALLENGER",
        [ex("POST", "challenger", status=201), ex("POST", "challenger", status=201, mode="single")],
        [ex("POST", "challenger", status=200), ex("GET", "challenger", status=405)],
    ),
    case(
        "GET_CHALLENGES",
        [ex("GET", "challenges"), ex("GET", "challenges", status=406)],
        [ex("HEAD", "challenges"), ex("GET", "challenge", status=404)],
    ),
    # 3 GET
    case(
        "GET_TODOS",
        [get_todos(), get_todos(status=406), ex("GET", "todos/")],
        [get_todos("doneStatus=true"), ex("HEAD", "todos")],
    ),
    case(
        "GET_TODOS_NOT_PLURAL_404",
        [ex("GET", "todo", status=404)],
        [ex("GET", "todo", status=405), ex("GET", "todos", status=404)],
    ),
    case(
        "GET_TODO",
        [ex("GET", "todos/1")],
        [
            ex("GET", "todos/1", status=404),
            ex("GET", "todos/export"),
            ex("GET", "todos/1/extra"),
            ex("HEAD", "todos/1"),
        ],
    ),
    case(
        "GET_TODO_404",
        [ex("GET", "todos/99", status=404), ex("GET", "todos/abc", status=404)],
        [ex("GET", "todos/99", status=200), ex("POST", "todos/99", status=404)],
    ),
    # 4 filters
    case(
        "GET_TODOS_FILTERED",
        [get_todos("doneStatus=true", store=MIXED, response=todos(todo(1, True), todo(2, True)))],
        [
            get_todos("doneStatus=true", store=TEN),
            get_todos("doneStatus=true", store=StoreFacts(10, 10)),
            get_todos("doneStatus=true", store=None),
            get_todos("doneStatus=TRUE", store=MIXED),
            get_todos("doneStatus=true", store=MIXED, status=400),
        ],
    ),
    case(
        "GET_TODOS_FILTERED_ID_GREATER_THAN",
        [
            get_todos("id>5", store=TEN, response=ids(6, 7, 8, 9, 10)),
            get_todos("id%3E8", store=TEN, response=ids(9, 10)),
        ],
        [
            get_todos("id>0", store=TEN, response=ids(*range(1, 11))),  # not a proper subset
            get_todos("id>5", store=TEN, response=ids(3, 6)),
            get_todos("id>5", store=TEN, response=ids()),
            get_todos("id>=5", store=TEN, response=ids(5, 6)),
            get_todos("id>5", store=None, response=ids(6)),
            get_todos("id>5", store=TEN, response=ids(6), status=400),
        ],
    ),
    case(
        "GET_TODOS_FILTERED_ID_LESS_THAN",
        [get_todos("id<3", store=TEN, response=ids(1, 2))],
        [
            get_todos("id<3", store=TEN, response=ids(1, 2, 3)),
            get_todos("id<11", store=TEN, response=ids(*range(1, 11))),
            get_todos("id<abc", store=TEN, response=ids(1)),
            get_todos("id>3", store=TEN, response=ids(1, 2)),
        ],
    ),
    case(
        "GET_TODOS_FILTERED_ID_SINGLE_RESULT",
        [
            get_todos("id=3", store=TEN, response=ids(3)),
            get_todos("ID=3", store=TEN, response=ids(3)),
        ],
        [
            get_todos("id=3", store=StoreFacts(1, 0), response=ids(3)),
            get_todos("id=3", store=TEN, response=ids(3, 4)),
            get_todos("id=3", store=TEN, response=ids(4)),
            get_todos("title=todo 3", store=TEN, response=ids(3)),
        ],
    ),
    case(
        "GET_TODOS_FILTERED_DESCRIPTION_REGEX",
        [get_todos("description~=.*pay.*", response=todos(todo(1, description="pay the bills")))],
        [
            get_todos("description~=.*", response=todos(todo(1, description=""))),
            get_todos("description~=(", response=todos(todo(1, description="("))),
            get_todos("description~=pay", response=todos(todo(1, description="pay bills"))),
            get_todos("description~=.*pay.*", response=todos()),
            get_todos("title~=.*pay.*", response=todos(todo(1, description="pay"))),
        ],
    ),
    case(
        "GET_TODOS_FILTERED_DESCRIPTION_WILDCARD",
        [
            get_todos("description*=*pay*", response=todos(todo(1, description="pay bills"))),
            get_todos("description*=pa?", response=todos(todo(1, description="pay"))),
        ],
        [
            get_todos("description*=pay", response=todos(todo(1, description="pay bills"))),
            get_todos("description*=.*", response=todos(todo(1, description="anything"))),
            get_todos("description*=*", response=todos(todo(1, description=""))),
            get_todos("description~=.*", response=todos(todo(1, description="pay"))),
        ],
    ),
    # 5 sorting
    case(
        "GET_TODOS_SORTED_ASCENDING",
        [get_todos("_sortBy=title"), get_todos("_sortBy=+title"), get_todos("_sortBy=%2Bid")],
        [
            get_todos("_sortBy=-title"),
            get_todos("_sortBy=priority"),
            get_todos("_sortBy=title,id"),
            get_todos("_sortBy=title", status=400),
        ],
    ),
    case(
        "GET_TODOS_SORTED_DESCENDING",
        [get_todos("_sortBy=-id"), get_todos("_sortBy=-doneStatus")],
        [get_todos("_sortBy=id"), get_todos("_sortBy=-bob"), get_todos("_sortBy=-id,-title")],
    ),
    case(
        "GET_TODOS_SORTED_MULTIPLE_FIELDS",
        [get_todos("_sortBy=doneStatus,-id"), get_todos("_sortBy=title&_sortBy=-id")],
        [get_todos("_sortBy=id"), get_todos("_sortBy=id,bob")],
    ),
    case(
        "GET_TODOS_FILTERED_AND_SORTED",
        [get_todos("doneStatus=false&_sortBy=-id"), get_todos("id>2&_sortBy=title,id")],
        [
            get_todos("_sortBy=-id"),
            get_todos("doneStatus=false"),
            get_todos("bob=1&_sortBy=id"),
            get_todos("doneStatus=false&_sortBy=bob"),
        ],
    ),
    # 6 pagination
    case(
        "GET_TODOS_PAGINATED_LIMIT",
        [
            get_todos("_limit=8", store=TEN, response=ids(*range(1, 9))),
            get_todos("_limit=8", store=StoreFacts(2, 0), response=ids(1, 2)),
        ],
        [
            get_todos("_limit=8", store=TEN, response=ids(*range(1, 8))),
            get_todos("_limit=9", store=TEN, response=ids(*range(1, 9))),
            get_todos("_limit>8", store=TEN, response=ids(*range(1, 9))),
            get_todos("_limit=8", store=None, response=ids(*range(1, 9))),
            get_todos("_limit=8", store=TEN, response=ids(*range(1, 9)), status=400),
        ],
    ),
    case(
        "GET_TODOS_PAGINATED_LIMIT_OFFSET",
        [
            get_todos("_limit=5&_offset=5", store=TEN, response=ids(6, 7, 8, 9, 10)),
            get_todos("_offset=5&_limit=5", store=StoreFacts(5, 0), response=ids()),
        ],
        [
            get_todos("_limit=5&_offset=5", store=TEN, response=ids(6, 7, 8, 9)),
            get_todos("_limit=5&_offset=4", store=TEN, response=ids(5, 6, 7, 8, 9)),
            get_todos("_limit=5", store=TEN, response=ids(1, 2, 3, 4, 5)),
        ],
    ),
    case(
        "GET_TODOS_PAGINATED_LIMIT_TOO_HIGH",
        [get_todos("_limit=21", status=400), get_todos("_limit=100", status=200)],
        [
            get_todos("_limit=20", status=200),
            get_todos("_limit=abc", status=400),
            get_todos("_limit>25", status=400),
            ex("HEAD", "todos", query="_limit=21"),
            ex("QUERY", "todos", query="_limit=21"),
        ],
    ),
    case(
        "GET_TODOS_PAGINATED_SORTED",
        [get_todos("_sortBy=-id&_limit=5&_offset=5", store=TEN, response=ids(5, 4, 3, 2, 1))],
        [
            get_todos("_sortBy=-id&_limit=5&_offset=5", store=TEN, response=ids(1, 2, 3, 4, 5)),
            get_todos("_sortBy=id&_limit=5&_offset=5", store=TEN, response=ids(6, 7, 8, 9, 10)),
            get_todos("_sortBy=-id&_limit=5&_offset=5", store=TEN, response=ids(5, 4, 3, 2)),
            get_todos("_sortBy=-id,title&_limit=5&_offset=5", store=TEN, response=ids(5, 4, 3)),
        ],
    ),
    case(
        "GET_TODOS_PAGINATED_FILTERED",
        [
            get_todos("doneStatus=false&_limit=2&_offset=1", store=MIXED, response=ids(2, 3)),
        ],
        [
            get_todos(
                "doneStatus=false&_limit=2&_offset=1",
                store=MIXED,
                response=todos(todo(2), todo(3, True)),
            ),
            # Only two not-done todos: the page from offset 1 holds just one.
            get_todos(
                "doneStatus=false&_limit=2&_offset=1", store=StoreFacts(10, 8), response=ids(2, 3)
            ),
            get_todos("doneStatus=true&_limit=2&_offset=1", store=MIXED, response=ids(2, 3)),
            get_todos("doneStatus=false&_limit=2", store=MIXED, response=ids(2, 3)),
        ],
    ),
    # 7 HEAD
    case(
        "GET_HEAD_TODOS",
        [ex("HEAD", "todos"), ex("HEAD", "todos", status=406)],
        [ex("HEAD", "todos", query="_limit=5"), ex("GET", "todos", query="x")],
    ),
    # 8 POST create
    case(
        "POST_TODOS",
        [ex("POST", "todos", status=201)],
        [ex("POST", "todos", status=400), ex("POST", "todos/1", status=201)],
    ),
    case(
        "POST_TODOS_BAD_DONE_STATUS",
        [
            ex(
                "POST",
                "todos",
                status=422,
                body={"title": "x", "doneStatus": "bob"},
                messages=["Failed Validation: doneStatus should be BOOLEAN but was STRING"],
            )
        ],
        [
            ex("POST", "todos", status=422, messages=[TITLE_TOO_LONG]),
            ex(
                "POST",
                "todos",
                status=400,
                messages=["Failed Validation: doneStatus should be BOOLEAN"],
            ),
        ],
    ),
    case(
        "POST_TODOS_TOO_LONG_TITLE_LENGTH",
        [
            ex("POST", "todos", status=422, body=LONG_TITLE, messages=[TITLE_TOO_LONG]),
            ex("POST", "todos/3", status=422, body=LONG_TITLE, messages=["other", TITLE_TOO_LONG]),
            ex(
                "POST",
                "todos",
                status=422,
                body=LONG_TITLE,
                response={"errorMessages": [TITLE_TOO_LONG]},
            ),
        ],
        [
            ex("PUT", "todos/3", status=422, messages=[TITLE_TOO_LONG]),
            ex("POST", "todos", status=400, messages=[TITLE_TOO_LONG]),
            ex("POST", "todos", status=422, messages=[DESCRIPTION_TOO_LONG]),
        ],
    ),
    case(
        "POST_TODOS_TOO_LONG_DESCRIPTION_LENGTH",
        [
            ex("POST", "todos", status=422, body=LONG_DESCRIPTION, messages=[DESCRIPTION_TOO_LONG]),
            ex(
                "POST",
                "todos/3",
                status=422,
                body=LONG_DESCRIPTION,
                messages=[DESCRIPTION_TOO_LONG],
            ),
        ],
        [
            ex("POST", "todos", status=422, messages=[TITLE_TOO_LONG]),
            ex("POST", "todos", status=413, messages=[DESCRIPTION_TOO_LONG]),
        ],
    ),
    case(
        "POST_MAX_OUT_TITLE_DESCRIPTION_LENGTH",
        [
            ex(
                "POST",
                "todos",
                status=201,
                body=MAXED_OUT,
                response_headers={"location": "/api/todos/11"},
                created={"id": 11, "title": MAX_TITLE, "description": MAX_DESCRIPTION},
            ),
            ex(
                "POST",
                "todos",
                status=201,
                body=MAXED_OUT,
                response_headers={"location": "http://host/todos/12"},
                response={"id": 12, "title": MAX_TITLE, "description": MAX_DESCRIPTION},
            ),
        ],
        [
            ex(
                "POST",
                "todos",
                status=201,
                response_headers={"location": "/api/todos/11"},
                created={"id": 11, "title": MAX_TITLE[:-1], "description": MAX_DESCRIPTION},
            ),
            ex(
                "POST",
                "todos",
                status=201,
                created={"id": 11, "title": MAX_TITLE, "description": MAX_DESCRIPTION},
            ),
            ex(
                "POST",
                "todos",
                status=422,
                response_headers={"location": "/api/todos/11"},
                created={"id": 11, "title": MAX_TITLE, "description": MAX_DESCRIPTION},
            ),
        ],
    ),
    case(
        "POST_TODOS_TOO_LONG_PAYLOAD_SIZE",
        [
            ex(
                "POST",
                "todos",
                status=413,
                messages=["Error: request body too large, max allowed is 5000 bytes"],
            ),
            ex("POST", "todos", status=413, messages=["Request Body Too Large"]),
        ],
        [
            ex("POST", "todos", status=400, messages=["Error: request body too large"]),
            ex("POST", "todos", status=413, messages=[]),
        ],
    ),
    case(
        "POST_TODOS_INVALID_EXTRA_FIELD",
        [
            ex(
                "POST",
                "todos",
                status=422,
                body={"title": "x", "priority": "high"},
                messages=["Could not find field: priority"],
            )
        ],
        [
            ex("POST", "todos", status=400, messages=["Could not find field: priority"]),
            ex("POST", "todos/1", status=422, messages=["Could not find field: priority"]),
        ],
    ),
    # 9 PUT create
    case(
        "PUT_TODOS_422",
        [
            ex(
                "PUT",
                "todos/99",
                status=422,
                body={"id": 99, "title": "x"},
                messages=["Cannot create todo with PUT due to Auto fields id"],
            ),
            ex(
                "PUT",
                "todos/99",
                status=422,
                body={"id": 99, "title": "x"},
                response=b"<errorMessages><errorMessage>Cannot create todo with PUT due to "
                b"Auto fields id</errorMessage></errorMessages>",
            ),
        ],
        [
            ex("PUT", "todos/99", status=404, messages=[NO_SUCH_TODO]),
            ex(
                "PUT",
                "todos",
                status=422,
                messages=["Cannot create todo with PUT due to Auto fields id"],
            ),
        ],
    ),
    # 10 POST update
    case(
        "POST_UPDATE_TODO",
        [ex("POST", "todos/1")],
        [ex("POST", "todos/1", status=404), ex("POST", "todos", status=200)],
    ),
    case(
        "POST_TODOS_404",
        [ex("POST", "todos/99", status=404, messages=[NO_SUCH_TODO])],
        [
            ex("POST", "todos/99", status=404),
            ex("POST", "todos/99", status=404, messages=["Not found"]),
            ex("GET", "todos/99", status=404, messages=[NO_SUCH_TODO]),
        ],
    ),
    # 11 PUT update
    case(
        "PUT_TODOS_FULL_200",
        [ex("PUT", "todos/1", body={"title": "a", "description": "b", "doneStatus": True})],
        [
            ex("PUT", "todos/1", body={"title": "a", "doneStatus": True}),
            ex(
                "PUT",
                "todos/1",
                status=400,
                body={"title": "a", "description": "", "doneStatus": True},
            ),
        ],
    ),
    case(
        "PUT_TODOS_PARTIAL_200",
        [ex("PUT", "todos/1", body={"title": "a"})],
        [
            ex("PUT", "todos/1", body={"title": "a", "description": "b"}),
            ex("PUT", "todos/1", status=422, body={"title": "a"}),
        ],
    ),
    case(
        "PUT_TODOS_BODY_ID_200",
        [ex("PUT", "todos", body={"id": 1, "title": "a"})],
        [
            ex("PUT", "todos", body={"title": "a"}),
            ex("PUT", "todos/1", body={"id": 1, "title": "a"}),
            ex("PUT", "todos", status=422, body={"id": 1, "title": "a"}),
        ],
    ),
    case(
        "PUT_TODOS_ID_NO_BODY_ID_200",
        [ex("PUT", "todos/1", body={"title": "a"}), ex("PUT", "todos/1", body=XML_BODY)],
        [
            ex("PUT", "todos/1", body={"id": 1, "title": "a"}),
            ex("PUT", "todos", body={"title": "a"}),
        ],
    ),
    case(
        "PUT_TODOS_MISSING_TITLE_422",
        [ex("PUT", "todos/1", status=422, messages=["title : field is mandatory"])],
        [
            ex("PUT", "todos/1", status=400, messages=["title : field is mandatory"]),
            ex("PUT", "todos/1", status=422, messages=["title : too long"]),
        ],
    ),
    case(
        "PUT_TODOS_NO_ID_422",
        [ex("PUT", "todos", status=422, body={"title": "a"})],
        [
            ex("PUT", "todos", status=422, body={"id": 50, "title": "a"}),
            ex("PUT", "todos/1", status=422, body={"title": "a"}),
        ],
    ),
    case(
        "PUT_TODOS_ID_NOT_FOUND_404",
        [ex("PUT", "todos/99", status=404, body={"title": "a"}, messages=[NO_SUCH_TODO])],
        [
            ex("PUT", "todos/99", status=404, body={"id": 99, "title": "a"}),
            ex("PUT", "todos/99", status=422, body={"title": "a"}),
            ex("PUT", "todos/export", status=404, body={"title": "a"}),
        ],
    ),
    case(
        "PUT_TODOS_422_NO_AMEND_ID",
        [
            ex(
                "PUT",
                "todos/1",
                status=422,
                body={"id": 2, "title": "x"},
                messages=["Can not amend id from 1 to 2"],
            )
        ],
        [
            ex("PUT", "todos/1", status=422, messages=["title : field is mandatory"]),
            ex("PUT", "todos/1", status=400, messages=["Can not amend id from 1 to 2"]),
        ],
    ),
    # 12 DELETE
    case(
        "DELETE_A_TODO",
        [ex("DELETE", "todos/1", status=204, store=StoreFacts(9, 0))],
        [ex("DELETE", "todos/1", status=404), ex("DELETE", "todos", status=405)],
    ),
    # 13 QUERY
    case(
        "QUERY_TODOS_FILTERED",
        [
            query("application/x-www-form-urlencoded", "doneStatus=true", response=ids()),
            query(
                "application/x-www-form-urlencoded; charset=utf-8",
                "doneStatus=true&_sortBy=-id",
                response=ids(),
            ),
        ],
        [
            query(
                "application/x-www-form-urlencoded", "doneStatus=true", response=ids(), store=TEN
            ),
            query(JSON, "doneStatus=true", response=ids()),
            query("application/x-www-form-urlencoded", "doneStatus=false", response=ids()),
            query("application/x-www-form-urlencoded", "=5&doneStatus=true", response=ids()),
            query("application/x-www-form-urlencoded", "", response=ids()),
        ],
    ),
    case(
        "QUERY_TODOS_JSONPATH_FILTERED",
        [
            query(
                "application/jsonpath",
                "$.todos[?(@.doneStatus == true)]",
                response=todos(todo(1, True), todo(2, True)),
            )
        ],
        [
            query(
                "application/jsonpath",
                "$.todos[?(@.doneStatus == true)]",
                response=todos(todo(1, True), todo(2, False)),
            ),
            query("application/jsonpath", "$.todos[?(@.doneStatus == true)]", response=todos()),
            query("application/jsonpath", "$.todos[?(@.id > 1)]", response=todos(todo(2, True))),
            query(
                "application/jsonpath",
                "$.todos[?(@.doneStatus == true)]",
                response=todos(todo(1, True)),
                store=StoreFacts(10, 10),
            ),
        ],
    ),
    case(
        "QUERY_TODOS_STRUCTURED_JSON_FILTERED",
        [
            query(
                "application/vnd.service.query+json",
                {"filter": {"doneStatus": True}},
                response=todos(todo(1, True)),
            ),
            query(
                "application/vnd.thingifier.query+json",
                {"filter": {"doneStatus": True}, "sort": [{"field": "id", "direction": "desc"}]},
                response=todos(todo(2, True), todo(1, True)),
            ),
        ],
        [
            query(
                "application/vnd.service.query+json",
                {"sort": [{"field": "id", "direction": "desc"}]},
                response=todos(todo(1, True)),
            ),
            query(
                "application/vnd.service.query+json",
                {"filter": {"doneStatus": "true"}},
                response=todos(todo(1, True)),
            ),
            query(JSON, {"filter": {"doneStatus": True}}, response=todos(todo(1, True))),
        ],
    ),
    # 14 PATCH
    case(
        "PATCH_TODOS_PARTIAL_200",
        [patch(JSON), patch("application/json; charset=utf-8")],
        [patch("application/merge-patch+json"), patch(JSON, 400), patch(JSON, path="todos")],
    ),
    case(
        "PATCH_TODOS_MERGE_PATCH_200",
        [patch("application/merge-patch+json")],
        [patch(JSON), patch("application/merge-patch+json", 415)],
    ),
    case(
        "PATCH_TODOS_JSON_PATCH_200",
        [patch("Application/JSON-Patch+JSON")],
        [patch(JSON), patch("application/json-patch+json", 422)],
    ),
    # 15 OPTIONS
    case(
        "OPTIONS_TODOS",
        [ex("OPTIONS", "todos")],
        [ex("OPTIONS", "todos", status=204), ex("OPTIONS", "todos/1")],
    ),
    # 16 Accept
    case(
        "GET_ACCEPT_XML",
        [accept(XML, 200, XML), accept("application/*", 200, XML)],
        [accept(XML, 200, JSON), accept(XML, 406, XML), accept(None, 200, XML)],
    ),
    case(
        "GET_ACCEPT_JSON",
        [accept(JSON, 200, JSON), accept("application/xml, application/json", 200, JSON)],
        [
            accept("*/*", 200, JSON),
            accept(JSON, 200, XML),
            accept("application/json;q=0", 200, JSON),
        ],
    ),
    case(
        "GET_ACCEPT_ANY_DEFAULT_JSON",
        [accept("*/*", 200, JSON)],
        [accept(None, 200, JSON), accept("*/*", 200, XML)],
    ),
    case(
        "GET_ACCEPT_XML_PREFERRED",
        [accept("application/xml, application/json", 200, XML)],
        [
            accept("application/xml", 200, XML),
            accept("application/json, application/xml", 200, XML),
            accept("application/xml, application/json", 200, JSON),
        ],
    ),
    case(
        "GET_JSON_BY_DEFAULT_NO_ACCEPT",
        [accept(None, 200, JSON), accept("  ", 200, JSON)],
        [accept(JSON, 200, JSON), accept(None, 500, JSON)],
    ),
    case(
        "GET_UNSUPPORTED_ACCEPT_406",
        [accept("application/gzip", 406, JSON), accept("text/calendar", 406, JSON)],
        [
            accept("application/json;q=0", 406, JSON),
            accept(None, 406, JSON),
            accept("application/gzip", 200, JSON),
        ],
    ),
    case(
        "GET_TODO_ACCEPT_TEXT_CALENDAR",
        [
            ex(
                "GET",
                "todos/1",
                headers={"Accept": "text/calendar"},
                response_headers={"content-type": "text/calendar"},
            ),
            ex(
                "GET",
                "todos/1",
                headers={"Accept": "application/json;q=0.5, text/calendar"},
                response_headers={"content-type": "text/calendar"},
            ),
        ],
        [
            ex("GET", "todos/99", status=404, headers={"Accept": "text/calendar"}),
            ex(
                "GET",
                "todos/1",
                headers={"Accept": "application/json, text/calendar;q=0.5"},
                response_headers={"content-type": "text/calendar"},
            ),
            ex(
                "GET",
                "todos",
                headers={"Accept": "text/calendar"},
                response_headers={"content-type": "text/calendar"},
            ),
        ],
    ),
    # 17 advanced Accept
    case(
        "GET_ACCEPT_XML_Q_PREFERRED",
        [
            accept("application/json;q=0.5, application/xml;q=1", 200, XML),
            accept("Application/JSON; q=0.5,application/xml; q=1", 200, XML),
        ],
        [
            accept("application/xml", 200, XML),
            accept("application/json;q=0.5, application/xml;q=1", 200, JSON),
        ],
    ),
    case(
        "GET_ACCEPT_JSON_Q_PREFERRED",
        [accept("application/xml;q=0.5,application/json;q=1", 200, JSON)],
        [
            accept("application/xml;q=0.5,application/json;q=1", 200, XML),
            accept("application/xml;q=0.5,application/json;q=0.9", 200, JSON),
        ],
    ),
    case(
        "GET_ACCEPT_Q_REJECTS_ALL_406",
        [accept("application/json;q=0, application/xml;q=0", 406, JSON)],
        [
            accept("application/json;q=0, application/xml;q=0", 200, JSON),
            accept("application/json;q=0", 406, JSON),
        ],
    ),
    case(
        "GET_UNSUPPORTED_STRUCTURED_JSON_ACCEPT_406",
        [accept("application/problem+json", 406, JSON), accept("application/*+json", 406, JSON)],
        [accept(JSON, 406, JSON), accept("application/problem+json", 200, JSON)],
    ),
    case(
        "GET_ACCEPT_TEXT_XML",
        [accept("text/xml", 200, "text/xml")],
        [accept("text/xml", 200, XML), accept("text/xml, application/json", 200, "text/xml")],
    ),
    case(
        "GET_ACCEPT_VENDOR_XML",
        [accept(VENDOR_TODO_XML, 200, VENDOR_TODO_XML)],
        [accept(VENDOR_TODO_XML, 200, XML), accept(XML, 200, VENDOR_TODO_XML)],
    ),
    case(
        "GET_ACCEPT_STRUCTURED_XML_WILDCARD",
        [accept("application/*+xml", 200, "application/todo+xml")],
        [
            accept("application/*+xml", 200, XML),
            accept("application/*", 200, "application/todo+xml"),
        ],
    ),
    # 18 Content-Type
    case(
        "POST_CREATE_XML",
        [post_todos(201, XML, XML, XML), post_todos(201, "text/xml", XML)],
        [post_todos(201, XML, JSON, JSON), post_todos(400, XML, XML), post_todos(201, JSON, XML)],
    ),
    case(
        "POST_CREATE_JSON",
        [post_todos(201, "application/json; charset=utf-8", JSON, JSON)],
        [
            post_todos(201, JSON, JSON),
            post_todos(201, XML, JSON, JSON),
            post_todos(201, JSON, XML, JSON),
        ],
    ),
    case(
        "POST_CREATE_VENDOR_XML",
        [post_todos(201, VENDOR_TODO_XML, JSON, JSON)],
        [post_todos(201, XML, XML), post_todos(415, VENDOR_TODO_XML, JSON)],
    ),
    case(
        "POST_TODOS_415",
        [post_todos(415, "text/plain", JSON)],
        [post_todos(400, "", JSON), ex("PUT", "todos/1", status=415)],
    ),
    # 19 Content-Disposition
    case(
        "GET_TODOS_EXPORT_CSV_CONTENT_DISPOSITION",
        [export(200, 'attachment; filename="todos.csv"')],
        [
            export(200, 'attachment; filename="todos.tsv"'),
            export(400, 'attachment; filename="todos.csv"'),
            export(200, 'inline; filename="todos.csv"'),
        ],
    ),
    case(
        "GET_TODOS_EXPORT_HTML_CONTENT_DISPOSITION",
        [export(200, 'attachment; filename="todos.html"')],
        [export(200, 'attachment; filename="todos.htm"'), export(200, "")],
    ),
    case(
        "GET_TODOS_EXPORT_TSV_CONTENT_DISPOSITION",
        [export(200, 'attachment; filename="todos.tsv"')],
        [
            export(200, "attachment; filename=todos.tsv"),
            export(404, 'attachment; filename="todos.tsv"'),
        ],
    ),
    # 20 restore
    case(
        "GET_RESTORE_EXISTING_CHALLENGER",
        [
            ex("GET", f"challenger/{GUID}", headers={}),
            ex("GET", f"challenger/database/{GUID}"),
        ],
        [
            ex("GET", f"challenger/{GUID}", status=404),
            ex("HEAD", f"challenger/{GUID}"),
            ex("POST", "challenger", status=200, headers={"X-CHALLENGER": GUID}),
        ],
    ),
    case(
        "POST_RESTORE_EXISTING_CHALLENGER",
        [
            ex("POST", "challenger", status=200, headers={"X-CHALLENGER": GUID}),
            ex("POST", "challenger", status=200, headers={"X-CHALLENGER": f" {GUID.upper()}"}),
        ],
        [
            ex("POST", "challenger", status=200),
            ex("POST", "challenger", status=200, headers={"X-CHALLENGER": OTHER_GUID}),
            ex("POST", "challenger", status=404, headers={"X-CHALLENGER": GUID}),
        ],
    ),
    case(
        "GET_RESTORABLE_CHALLENGER_PROGRESS_STATUS",
        [
            ex("GET", f"challenger/{GUID}", headers={"X-CHALLENGER": GUID}),
            ex("GET", f"challenger/{GUID.upper()}", headers={"X-CHALLENGER": GUID}, status=404),
            ex(
                "GET",
                f"challenger/{SINGLE_GUID}",
                mode="single",
                response_headers={"x-challenger": SINGLE_GUID},
            ),
        ],
        [
            ex("GET", f"challenger/{GUID}"),
            ex("GET", f"challenger/{GUID}", headers={"X-CHALLENGER": OTHER_GUID}),
            ex(
                "GET",
                f"challenger/{GUID}",
                mode="single",
                headers={"X-CHALLENGER": GUID},
                response_headers={"x-challenger": SINGLE_GUID},
            ),
            ex("GET", f"challenger/database/{GUID}", headers={"X-CHALLENGER": GUID}),
        ],
    ),
    case(
        "PUT_RESTORABLE_CHALLENGER_PROGRESS_STATUS",
        [ex("PUT", f"challenger/{GUID}")],
        [ex("PUT", f"challenger/{GUID}", status=201), ex("PUT", f"challenger/database/{GUID}")],
    ),
    case(
        "PUT_CHALLENGER_GUID_MISMATCH_409",
        [
            ex(
                "PUT",
                f"challenger/{OTHER_GUID}",
                status=409,
                body={"xChallenger": GUID},
                response={"errorMessages": ["URL GUID does not match payload X-CHALLENGER"]},
            )
        ],
        [
            ex("PUT", f"challenger/{OTHER_GUID}", status=409),
            ex("PUT", f"challenger/{OTHER_GUID}", status=400, messages=["Invalid Payload"]),
        ],
    ),
    case(
        "PUT_NEW_RESTORED_CHALLENGER_PROGRESS_STATUS",
        [ex("PUT", f"challenger/{OTHER_GUID}", status=201)],
        [ex("PUT", f"challenger/{OTHER_GUID}", status=200), ex("POST", "challenger", status=201)],
    ),
    case(
        "GET_RESTORABLE_TODOS",
        [ex("GET", f"challenger/database/{GUID}")],
        [ex("GET", f"challenger/{GUID}"), ex("GET", f"challenger/database/{GUID}", status=404)],
    ),
    case(
        "PUT_RESTORABLE_TODOS",
        [ex("PUT", f"challenger/database/{GUID}", status=204)],
        [
            ex("PUT", f"challenger/database/{GUID}", status=400),
            ex("PUT", f"challenger/{GUID}", status=204),
        ],
    ),
    # 21 mixed formats
    case(
        "POST_CREATE_XML_ACCEPT_JSON",
        [post_todos(201, XML, JSON, JSON), post_todos(201, "text/xml", JSON, JSON)],
        [
            post_todos(201, XML, JSON),
            post_todos(201, JSON, JSON, JSON),
            post_todos(400, XML, JSON, JSON),
        ],
    ),
    case(
        "POST_CREATE_JSON_ACCEPT_XML",
        [post_todos(201, JSON, XML, XML)],
        [post_todos(201, XML, XML, XML), post_todos(201, JSON, JSON, XML)],
    ),
    # 22 status codes (REQ: any status)
    case(
        "DELETE_HEARTBEAT_405",
        [ex("DELETE", "heartbeat", status=405), ex("DELETE", "heartbeat", status=500)],
        [ex("GET", "heartbeat", status=405), ex("DELETE", "todos/1", status=405)],
    ),
    case(
        "PATCH_HEARTBEAT_500",
        [ex("PATCH", "heartbeat", status=500), override("PATCH", status=500)],
        [ex("POST", "heartbeat", status=500)],
    ),
    case(
        "TRACE_HEARTBEAT_501",
        [ex("TRACE", "heartbeat", status=501)],
        [ex("OPTIONS", "heartbeat", status=501)],
    ),
    case(
        "GET_HEARTBEAT_204",
        [ex("GET", "heartbeat", status=204), ex("GET", "heartbeat/")],
        [ex("HEAD", "heartbeat", status=204), ex("GET", "heartbeats", status=404)],
    ),
    case(
        "X_CHALLENGER_TOO_LONG_431",
        [ex("GET", "heartbeat", status=431, headers={"X-CHALLENGER": GUID + "x" * 65})],
        [
            ex("GET", "heartbeat", status=431, headers={"X-CHALLENGER": GUID + "x" * 64}),
            ex("GET", "todos", status=431, headers={"X-CHALLENGER": GUID + "x" * 65}),
            ex("POST", "heartbeat", status=431, headers={"X-CHALLENGER": GUID + "x" * 65}),
        ],
    ),
    # 23 method override (REQ, method-agnostic)
    case(
        "OVERRIDE_DELETE_HEARTBEAT_405",
        [override("DELETE"), override("delete", method="GET", status=204)],
        [override(None), override("PUT"), ex("DELETE", "heartbeat", status=405)],
    ),
    case(
        "OVERRIDE_PATCH_HEARTBEAT_500",
        [override("PATCH", status=500), override(" Patch ", status=500)],
        [override("DELETE"), ex("PATCH", "heartbeat", status=500)],
    ),
    case(
        "OVERRIDE_TRACE_HEARTBEAT_501",
        [override("TRACE", status=501)],
        [override("PATCH", status=500), ex("TRACE", "heartbeat", status=501)],
    ),
    # 24 authentication
    case(
        "CREATE_SECRET_TOKEN_401",
        [secret("POST", 401, authorization="Basic Ym9iOmJvYg==", path="secret/token")],
        [
            secret("POST", 401, path="secret/token"),
            secret("POST", 401, authorization="Basic abc", path="secret/token"),
            secret("GET", 401, authorization="Basic Ym9iOmJvYg==", path="secret/token"),
            secret("POST", 201, authorization="Basic YWRtaW46cGFzc3dvcmQ=", path="secret/token"),
        ],
    ),
    case(
        "CREATE_SECRET_TOKEN_201",
        [secret("POST", 201, authorization="Basic YWRtaW46cGFzc3dvcmQ=", path="secret/token")],
        [
            secret("POST", 401, authorization="Basic YWRtaW46cGFzc3dvcmQ=", path="secret/token"),
            secret("GET", 200, authorization="Basic YWRtaW46cGFzc3dvcmQ=", path="secret/token"),
        ],
    ),
    # 25 authorization
    case(
        "GET_SECRET_NOTE_403",
        [secret("GET", 403, token="not-my-token")],
        [
            secret("GET", 403, token="x"),
            secret("GET", 401, token="wrong"),
            secret("HEAD", 403, token="wrong"),
        ],
    ),
    case(
        "GET_SECRET_NOTE_401",
        # An empty X-AUTH-TOKEN is no token at all, as the note endpoint itself treats it.
        [secret("GET", 401), secret("GET", 401, token=""), secret("GET", 401, authorization="B")],
        [secret("GET", 401, token="abc"), secret("GET", 403), secret("HEAD", 401)],
    ),
    case(
        "GET_SECRET_NOTE_200",
        [secret("GET", 200, token="the-token")],
        [secret("GET", 200, authorization="Bearer the-token"), secret("GET", 403, token="t")],
    ),
    case(
        "POST_SECRET_NOTE_200",
        [secret("POST", 200, token="the-token", body=NOTE)],
        [
            secret("POST", 200, token="the-token", body=XML_NOTE),
            secret("POST", 200, body=NOTE, authorization="Bearer the-token"),
            secret("POST", 422, token="the-token", body=NOTE),
        ],
    ),
    case(
        "POST_SECRET_NOTE_401",
        [secret("POST", 401, body=NOTE), secret("POST", 401, token="", body=NOTE)],
        [secret("POST", 401, token="abc", body=NOTE), secret("POST", 401, body=XML_NOTE)],
    ),
    case(
        "POST_SECRET_NOTE_403",
        [secret("POST", 403, token="wrong", body=NOTE)],
        [
            secret("POST", 403, token="wrong", body=XML_NOTE),
            secret("POST", 403, token="w", body=NOTE),
            secret("POST", 401, token="wrong", body=NOTE),
        ],
    ),
    case(
        "GET_SECRET_NOTE_BEARER_200",
        [
            secret("GET", 200, authorization="Bearer the-token"),
            secret("GET", 200, authorization="bearer  t"),
        ],
        [
            secret("GET", 200, authorization="Bearer"),
            secret("GET", 200, authorization="Basic the-token"),
            secret("GET", 403, authorization="Bearer wrong"),
        ],
    ),
    case(
        "POST_SECRET_NOTE_BEARER_200",
        [secret("POST", 200, authorization="Bearer the-token", body=NOTE)],
        [
            secret("POST", 200, authorization="Bearer the-token", body=XML_NOTE),
            secret("POST", 200, authorization="Bearer ", body=NOTE),
            secret("GET", 200, authorization="Bearer the-token", body=NOTE),
        ],
    ),
    # 26 miscellaneous
    case(
        "DELETE_ALL_TODOS",
        [ex("DELETE", "todos/1", status=204, store=StoreFacts(0, 0))],
        [
            ex("DELETE", "todos/1", status=204, store=StoreFacts(1, 0)),
            ex("DELETE", "todos/1", status=204),
            ex("DELETE", "todos/1", status=404, store=StoreFacts(0, 0)),
        ],
    ),
    case(
        "POST_ALL_TODOS",
        [
            ex(
                "POST",
                "todos",
                status=409,
                messages=["ERROR: Cannot add instance, maximum limit of 20 reached"],
            ),
            ex(
                "POST",
                "todos",
                status=409,
                messages=["ERROR: Cannot add instance, maximum limit of 35 reached"],
            ),
        ],
        [
            ex("POST", "todos", status=409, messages=["Conflict"]),
            ex(
                "POST",
                "todos",
                status=400,
                messages=["ERROR: Cannot add instance, maximum limit of 20 reached"],
            ),
        ],
    ),
]

CASES_BY_KEY = {c.key: c for c in CASES}
# What any attempt needs (`Challenge.needs`).
NEEDED = frozenset().union(*(c.needs for c in ALL_CHALLENGES))


def _flatten(kind: str) -> list[Any]:
    params = []
    for c in CASES:
        for n, x in enumerate(getattr(c, kind)):
            params.append(pytest.param(c.key, x, id=f"{c.key}-{n}"))
    return params


def test_every_challenge_has_cases() -> None:
    assert len(CASES_BY_KEY) == len(CASES), "a challenge is listed twice"
    assert set(CASES_BY_KEY) == {c.key for c in ALL_CHALLENGES}
    for c in CASES:
        assert c.credits and c.misses, c.key


@pytest.mark.parametrize(("key", "exchange"), _flatten("credits"))
def test_credits(key: str, exchange: Exchange) -> None:
    assert by_key(key).credits(exchange) is True
    # Through the route index too, so a rule registered on the wrong route is caught.
    assert key in completed_keys(exchange)
    # The tracker skips a rule for requests without what it `needs`: never a crediting one.
    assert by_key(key).needs <= request_carries(exchange.query_string, exchange.header, NEEDED)
    # And the tracker's way: decided on the request alone, then judged on the response.
    assert key in tracked_keys(exchange)


@pytest.mark.parametrize(("key", "exchange"), _flatten("misses"))
def test_near_misses(key: str, exchange: Exchange) -> None:
    assert by_key(key).credits(exchange) is False
    assert key not in completed_keys(exchange)
    assert key not in tracked_keys(exchange)


def attempts(exchange: Exchange) -> list[str]:
    """The keys the tracker judges for `exchange` once its response exists."""

    def part(name: str) -> str | None:
        return exchange.query_string if name == QUERY else exchange.header(name)

    found = route_attempts(exchange.mode, exchange.method, exchange.shape, part, lambda: exchange)
    return [c.key for c in found]


def tracked_keys(exchange: Exchange) -> set[str]:
    """What the tracker credits for `exchange`: its `attempts`, judged with the response."""
    return judge(exchange, [by_key(key) for key in attempts(exchange)], sifted=True).credited


# --------------------------------------------------------------------------- interplay


def test_text_calendar_also_credits_get_todo() -> None:
    x = ex(
        "GET",
        "todos/1",
        headers={"Accept": "text/calendar"},
        response_headers={"content-type": "text/calendar"},
    )
    assert completed_keys(x) == {"GET_TODO", "GET_TODO_ACCEPT_TEXT_CALENDAR"}


def test_text_calendar_for_a_missing_todo_credits_only_404() -> None:
    x = ex(
        "GET", "todos/99", status=404, headers={"Accept": "text/calendar"}, messages=[NO_SUCH_TODO]
    )
    assert completed_keys(x) == {"GET_TODO_404"}


def test_override_patch_credits_both_patch_challenges() -> None:
    assert completed_keys(override("PATCH", status=500)) == {
        "PATCH_HEARTBEAT_500",
        "OVERRIDE_PATCH_HEARTBEAT_500",
    }


def test_plain_get_with_query_is_not_get_todos() -> None:
    x = get_todos("_sortBy=-id", response=ids(3, 2, 1))
    assert completed_keys(x) == {"GET_TODOS_SORTED_DESCENDING"}


def test_problem_json_406_credits_both_accept_406s() -> None:
    assert completed_keys(accept("application/problem+json", 406, JSON)) == {
        "GET_TODOS",
        "GET_UNSUPPORTED_ACCEPT_406",
        "GET_UNSUPPORTED_STRUCTURED_JSON_ACCEPT_406",
    }


def test_get_own_progress_credits_restore_family_in_multi_only() -> None:
    x = ex("GET", f"challenger/{GUID}", headers={"X-CHALLENGER": GUID})
    assert completed_keys(x) == {
        "GET_RESTORE_EXISTING_CHALLENGER",
        "GET_RESTORABLE_CHALLENGER_PROGRESS_STATUS",
    }


def test_post_challenger_single_mode_credits_create_only() -> None:
    x = ex(
        "POST",
        "challenger",
        status=201,
        mode="single",
        response_headers={"x-challenger": SINGLE_GUID},
    )
    assert completed_keys(x) == {"CREATE_NEW_CHALLENGER"}


def test_trailing_slash_is_the_same_route() -> None:
    assert completed_keys(ex("OPTIONS", "todos/")) == {"OPTIONS_TODOS"}
    assert completed_keys(ex("GET", "todos/1/")) == {"GET_TODO"}


ON_ARRIVAL = {
    "GET_CHALLENGES",
    "GET_TODOS",
    "GET_TODOS_PAGINATED_LIMIT_TOO_HIGH",
    "GET_HEAD_TODOS",
    "GET_RESTORABLE_CHALLENGER_PROGRESS_STATUS",
    "DELETE_HEARTBEAT_405",
    "PATCH_HEARTBEAT_500",
    "TRACE_HEARTBEAT_501",
    "GET_HEARTBEAT_204",
    "OVERRIDE_DELETE_HEARTBEAT_405",
    "OVERRIDE_PATCH_HEARTBEAT_500",
    "OVERRIDE_TRACE_HEARTBEAT_501",
}


def test_on_arrival_rules_are_the_request_only_ones() -> None:
    assert {c.key for c in ALL_CHALLENGES if c.on_arrival} == ON_ARRIVAL


@pytest.mark.parametrize("key", sorted(ON_ARRIVAL))
def test_on_arrival_rules_need_no_response(key: str) -> None:
    for x in CASES_BY_KEY[key].credits:
        blank = replace(x, status=0, response_headers={}, response_body=b"", outcome=None)
        assert key in completed_on_arrival(blank)
    for x in CASES_BY_KEY[key].misses:
        blank = replace(x, status=0, response_headers={}, response_body=b"", outcome=None)
        assert key not in completed_on_arrival(blank)


def test_on_arrival_evaluates_nothing_else() -> None:
    x = get_todos(store=TEN, response=ids(1))
    assert completed_on_arrival(x) == {"GET_TODOS"}
    assert completed_on_arrival(ex("POST", "todos", status=201)) == set()


def test_query_string_is_parsed_once_per_exchange() -> None:
    x = get_todos("_sortBy=-id")
    completed_keys(x)
    # The parse is the request's outcome's, which the view filters with too.
    assert "query" in vars(x.outcome)


@pytest.mark.parametrize(
    ("path", "shape"),
    [
        ("todos", routes.TODOS),
        ("todos/", routes.TODOS),
        ("todos/5", routes.TODO_ITEM),
        ("todos/export", routes.TODOS_EXPORT),
        ("todos/5/x", routes.OTHER),
        ("todo", routes.TODO_SINGULAR),
        ("challenger", routes.CHALLENGER),
        (f"challenger/{GUID}", routes.CHALLENGER_GUID),
        (f"challenger/database/{GUID}", routes.CHALLENGER_DATABASE),
        ("secret/note", routes.SECRET_NOTE),
        ("secret/token", routes.SECRET_TOKEN),
        ("mirror/request", routes.OTHER),
    ],
)
def test_route_shapes(path: str, shape: str) -> None:
    assert routes.route_shape(path) == shape


# --------------------------------------------------------------------------- needs


@pytest.mark.parametrize(
    ("query", "headers", "carried"),
    [
        ("", {}, set()),
        ("&", {}, set()),
        ("doneStatus=true", {}, {QUERY, "?donestatus"}),
        ("&_limit=5", {}, {QUERY, "?_limit"}),
        ("%20_SortBy%20=-id", {}, {QUERY, "?_sortby"}),
        ("id>1&_offset=2", {}, {QUERY, "?id", "?_offset"}),
        ("nothing=1", {}, {QUERY}),
        ("", {"accept": "application/xml"}, {"accept"}),
        ("", {"accept": "  "}, set()),
        ("id=1", {"accept": "*/*"}, {QUERY, "?id", "accept"}),
    ],
)
def test_request_carries_a_query_its_parameters_and_non_blank_headers(
    query: str, headers: dict[str, str], carried: set[str]
) -> None:
    assert request_carries(query, headers.get, NEEDED) == carried


def test_a_filtered_list_read_is_no_attempt_at_sorting_or_paging() -> None:
    judged = set(attempts(ex("GET", "todos", query="doneStatus=true")))
    assert "GET_TODOS_FILTERED" in judged
    assert not judged & {"GET_TODOS_SORTED_ASCENDING", "GET_TODOS_PAGINATED_LIMIT"}


def test_a_list_read_accepting_anything_is_judged_only_for_what_any_type_can_meet() -> None:
    # The list route has a dozen Accept challenges; `*/*` can meet two of them (the JSON
    # default, and XML should the answer be XML), so only those wait for the response.
    judged = set(attempts(ex("GET", "todos", headers={"Accept": "*/*"})))
    assert {key for key in judged if "ACCEPT" in key} == {
        "GET_ACCEPT_ANY_DEFAULT_JSON",
        "GET_ACCEPT_XML",
    }


def test_plain_list_reads_meet_no_filter_sort_paging_or_accept_rule() -> None:
    needy = [c.key for c in ALL_CHALLENGES if c.needs]
    assert "GET_TODOS_FILTERED" in needy and "GET_ACCEPT_XML" in needy
    assert "GET_TODOS" not in needy and "GET_JSON_BY_DEFAULT_NO_ACCEPT" not in needy
