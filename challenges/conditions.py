"""The vocabulary challenge declarations are written in: named conditions.

A challenge (`challenges.catalogue`) declares two tuples of `Condition`s:

* `attempt`: what makes a request an attempt at it: its method, its route and what sets
  it apart from its neighbours (for "filter the done todos" a `doneStatus=true` query);
* `credit`: what must then hold for the challenge to count (status 200, the session's
  todos include done and not-done ones ...).

A request that meets every condition of both completes the challenge. One that meets every
attempt condition but not every credit condition is a near miss, and the first unmet credit
condition's `explanation` tells the student why, with the value the request showed. So one
declaration both credits a request and explains a near miss.

An attempt condition may hold for a request that shows no aim at the challenge: one that
meets it only with what the student's client sends on its own (an Accept header it adds
to every request), or with what is another challenge's aim (`unaimed`). Such a request
still completes the challenge when every credit condition holds, but is no near miss when
one fails: a near miss is a sign of a try, and the student tried something else.

Nothing is declared twice: the route index (methods × route shapes),
whether a challenge can be judged when the request arrives (every condition reads only
the request) and what a request must carry to be worth judging (`needs`) are derived from
the conditions here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any

from challenges.exchange import Exchange
from practiceapi.protocol.query import ParsedQuery, parse_query_string

# What a condition reads: REQUEST ones can be judged before the view runs. BODY ones read
# only the request body, yet are judged with the response, and only for the challenges a
# session still has open: a body is parsed afresh for every request (headers and queries
# are remembered per value), so deciding them on arrival would cost every write, and a
# session that has done the body challenges pays nothing for them.
REQUEST = "request"
BODY = "body"
RESPONSE = "response"

QUERY = "?"  # in `needs`: at least one query parameter (`query_param`: one of that name)
ANY_METHOD = "*"  # in the route index: challenges whose attempt names no method

Test = Callable[[Exchange], Any]
Seen = Callable[[Exchange], Any]


@dataclass(frozen=True, eq=False)
class Condition:
    """One named, explained test of an exchange.

    `explain` is plain language for a student; `{seen}` in it is replaced by what `seen`
    observed on the exchange ("the response status was {seen}; this challenge needs 200").
    `methods`/`shapes` say which methods and route shapes the condition admits (the route
    index is built from the attempt's); `needs` what a request must carry for it to hold
    (`QUERY`, or a lower-case header name that must be present and not blank).

    `looks_at`, for a condition that reads only the request: the parts of it the test
    reads besides the method, the route and the mode (lower-case header names, `QUERY`
    for the query string), or None when undeclared. When every such condition of a route's
    attempts declares it, whether a request is an attempt is decided once for all the
    requests that show those parts alike (`Catalogue.attempts`). `per_client`: a part it
    reads has as many values as there are clients (a session GUID, credentials), so a
    route with such a condition decides afresh for each request: remembering would keep
    those values, and each would be used once.

    `unaimed`, for an attempt condition: whether the exchange meets it without showing
    the student aimed at this challenge: only with what its client sends unless told
    otherwise (a client's own Accept, a browser's CORS preflight), or with what sets
    another challenge apart. Failing a credit condition then makes the request no near
    miss (`Challenge.judge`); it is asked only then, so it costs a request nothing else.
    """

    name: str
    test: Test
    explain: str
    seen: Seen | None = None
    reads: str = RESPONSE
    methods: frozenset[str] = frozenset()
    shapes: frozenset[str] = frozenset()
    needs: frozenset[str] = frozenset()
    looks_at: frozenset[str] | None = None
    per_client: bool = False
    unaimed: Test | None = None

    def holds(self, exchange: Exchange) -> bool:
        return bool(self.test(exchange))

    def explanation(self, exchange: Exchange) -> str:
        if self.seen is None:
            return self.explain
        return self.explain.replace("{seen}", str(self.seen(exchange)))

    def __repr__(self) -> str:
        return f"<Condition {self.name}>"


def on_request(
    name: str,
    test: Test,
    explain: str,
    seen: Seen | None = None,
    *,
    needs: Iterable[str] = (),
    looks_at: Iterable[str] | None = None,
    per_client: bool = False,
    unaimed: Test | None = None,
) -> Condition:
    """A condition that reads only the request (`looks_at`, `per_client`: which parts;
    `unaimed`: when it holds without showing the student's aim, `Condition`)."""
    return Condition(
        name,
        test,
        explain,
        seen,
        REQUEST,
        needs=frozenset(needs),
        looks_at=None if looks_at is None else frozenset(looks_at),
        per_client=per_client,
        unaimed=unaimed,
    )


def on_body(name: str, test: Test, explain: str, seen: Seen | None = None) -> Condition:
    """A condition that reads only the request body (`BODY`)."""
    return Condition(name, test, explain, seen, BODY)


def on_response(name: str, test: Test, explain: str, seen: Seen | None = None) -> Condition:
    """A condition that reads the response, or the facts the view left (the todo store)."""
    return Condition(name, test, explain, seen, RESPONSE)


# --------------------------------------------------------------------------- method, route


def _one_of(
    what: str,
    value: Seen,
    values: Iterable[str],
    reads: str,
    quote: str = "",
    looks_at: Iterable[str] | None = None,
) -> Condition:
    """`value(x)` is one of `values`; the explanation shows the value seen."""
    wanted = frozenset(values)
    shown = " or ".join(values)
    return Condition(
        f"{what} is {shown}",
        lambda x: value(x) in wanted,
        f"the {what} was {quote}{{seen}}{quote}; this challenge needs {shown}",
        lambda x: value(x) or "(none)",
        reads,
        looks_at=None if looks_at is None else frozenset(looks_at),
    )


def method_is(*methods: str) -> Condition:
    condition = _one_of("method", lambda x: x.method, methods, REQUEST)
    return replace(condition, methods=frozenset(methods))


def route(*shapes: str, root: str = "/api/") -> Condition:
    """The request path has one of these route shapes (`challenges.routes`); `root` is
    where the explanation says the routes live (both roots are served alike)."""
    wanted = frozenset(shapes)
    shown = " or ".join(f"{root}{shape}" for shape in shapes)
    return Condition(
        f"route is {shown}",
        lambda x: x.shape in wanted,
        f"the request went to {root}{{seen}}; this challenge needs {shown}",
        lambda x: x.path.strip("/"),
        REQUEST,
        shapes=wanted,
    )


# --------------------------------------------------------------------------- request


def no_query() -> Condition:
    # Judged on the raw string: an undecodable query the lenient parser drops is still
    # "a query parameter" from the student's point of view.
    return on_request(
        "no query string",
        lambda x: not any(x.query_string.split("&")),
        "the request had the query `?{seen}`; this challenge needs the list without a query",
        lambda x: x.query_string,
        looks_at=(QUERY,),
    )


def header_absent(name: str) -> Condition:
    """The request has no header `name`, or only a blank one."""
    lower = name.lower()
    return on_request(
        f"no {name} header",
        lambda x: not (x.header(lower) or "").strip(),
        f"the {name} header was `{{seen}}`; this challenge needs no {name} header",
        lambda x: x.header(lower),
        looks_at=(lower,),
    )


def content_type_in(*media_types: str) -> Condition:
    """The request Content-Type (parameters and case ignored) is one of these."""
    lowered = tuple(t.lower() for t in media_types)
    return _one_of(
        "request Content-Type",
        lambda x: x.content_type,
        lowered,
        REQUEST,
        "`",
        looks_at=("content-type",),
    )


# --------------------------------------------------------------------------- response


def _status_seen(x: Exchange) -> str:
    messages = x.response_messages
    return f"{x.status} ({messages[0]})" if messages else str(x.status)


def status(*codes: int) -> Condition:
    wanted = frozenset(codes)
    shown = " or ".join(str(code) for code in codes)
    return on_response(
        f"status is {shown}",
        lambda x: x.status in wanted,
        f"the response status was {{seen}}; this challenge needs {shown}",
        _status_seen,
    )


def _said(x: Exchange) -> str:
    messages = x.response_messages
    return f"“{messages[0]}”" if messages else "no error message"


def says(text: str) -> Condition:
    """The response carries `text`, in its error messages or anywhere in its body."""

    def test(x: Exchange) -> bool:
        if any(text in message for message in x.response_messages):
            return True
        return text in x.response_body.decode("utf-8", errors="replace")

    return on_response(
        f"says “{text}”",
        test,
        f"the response said {{seen}}; this challenge needs an error saying “{text}”",
        _said,
    )


def response_type(*media_types: str) -> Condition:
    return _one_of(
        "response Content-Type", lambda x: x.response_media_type, media_types, RESPONSE, "`"
    )


# --------------------------------------------------------------------------- derivations


def query_param(name: str) -> str:
    """In `needs`: a query parameter `name` (trimmed, in any case), as the request's
    parsed query names it. A challenge about `_limit` is not worth judging on a request
    whose query is `doneStatus=false`: a filtered list read otherwise judged every query
    challenge of the list route."""
    return QUERY + name.strip().lower()


def request_carries(
    query_string: str,
    header: Callable[[str], str | None],
    needed: Iterable[str],
    query: Callable[[], ParsedQuery] | None = None,
) -> frozenset[str]:
    """Which of `needed` (`QUERY`, `query_param`s, header names) this request carries.
    `query`: the request's parsed query (what the conditions read), parsed from
    `query_string` when not given."""
    carried = set()
    names: set[str] | None = None
    for what in needed:
        if what == QUERY:
            if any(query_string.split("&")):
                carried.add(what)
        elif what.startswith(QUERY):
            if names is None:
                parsed = query() if query is not None else parse_query_string(query_string)
                names = {query_param(p.name) for p in parsed.params}
            if what in names:
                carried.add(what)
        elif (header(what) or "").strip():
            carried.add(what)
    return frozenset(carried)
