"""Regular-expression bombs, sent to the production server the way a student can send them.

Every place a student's pattern reaches the regex engine is attacked with the same corpus:
`~=` URL filters on the todos (with and without a session) and on the simulator, QUERY form
bodies, structured `matches` and JSONPath `match()`/`search()`. The corpus holds the
patterns that cost a backtracking engine seconds and gigabytes, and the spellings that got
past a guard written in front of one: a `{n}` after an escaped backslash, `(?x)` with
`{1000 }`, leading zeros, classes and groups repeated inside repeats, huge alternations and
the catastrophic-backtracking classics on long `aaaa…!` values. Each request is answered
(200, or a 4xx error document that says why) within a second; the workers' memory stays
within a few tens of MB across the whole corpus, and plain requests are not held up while
bombs arrive four at a time.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from urllib.parse import quote

import psutil
import pytest

from practiceapi.server.harness import Server
from tests.reliability.server import Reply, all_at_once, request
from tests.reliability.victim import Victim, is_error_document

pytestmark = pytest.mark.server

ANSWER_WITHIN_S = 1.0
# Growth of a worker's resident memory across the whole corpus, every route.
MEMORY_GROWTH_LIMIT = 48 * 2**20

FORM = "application/x-www-form-urlencoded"
JSONPATH = "application/jsonpath"
STRUCTURED = "application/vnd.service.query+json"

ALTERNATIVES = "|".join(f"a{n:03d}" for n in range(199))  # 994 characters, 199 branches

BOMBS: dict[str, str] = {
    # A guard that skips a `{n}` after a backslash misses the repeats of `\\` (a literal
    # backslash): a billion-character program.
    "escaped-backslash-repeats": r"((?:\\{1000}){1000}){10}u1",
    # Verbose mode lets the count be written `{1000 }`.
    "verbose-spaced-repeats": "(?x)(a{1000 }){1000 }",
    "leading-zero-repeats": "((a{0001000}){0001000}){0001000}",
    "nested-counted-repeats": "((a{100}){100}){100}",
    "nested-class-repeats": "(([a-z]{1000}){1000}){1000}",
    "unicode-class-repeat": r"\pL{1000}",
    "any-character-repeat": "(?s)(.{1000}){1000}",
    "repeat-of-empty-repeats": "((a*){1000}){1000}",
    "huge-alternation": f"({ALTERNATIVES})+",
    "alternation-of-repeats": "|".join(["(a{999})"] * 100),
    "nested-plus-dollar": "(a+)+$",
    "overlapping-alternation": "(a|aa)+",
    "alternation-then-miss": "(a|a)+b",
    "dot-star-repeat": "(.*a){20}",
    "word-spaces": r"(\w+\s?)+$",
    "star-of-stars": "(((((a*)*)*)*)*)*!x",
    # Valid I-Regexps too (most of the above are not, so JSONPath's functions are false):
    # what JSONPath compiles.
    "iregexp-unicode-repeats": r"((\p{L}{9}){9}){9}",
    "iregexp-nested-repeats": "(((a{9}){9}){9}){9}",
    "iregexp-nested-plus": "((a+)+)+b",
}


@pytest.fixture(scope="module")
def victim(production_server: Server) -> Victim:
    """A session holding the values that make backtracking regexes explode."""
    victim = Victim.create(production_server)
    for _ in range(10):
        todo = {"title": "a" * 49 + "!", "description": "a" * 199 + "!"}
        assert victim.send("POST", "/api/todos", todo).status == 201
    return victim


def _jsonpath_literal(pattern: str) -> str:
    """`pattern` as a single-quoted JSONPath string literal."""
    return "'" + pattern.replace("\\", "\\\\").replace("'", "\\'") + "'"


Route = Callable[[Victim, str], Reply]

ROUTES: dict[str, Route] = {
    "todos-url": lambda v, p: v.send("GET", f"/api/todos?title~={quote(p)}"),
    "todos-url-no-session": lambda v, p: request(v.server, "GET", f"/todos?title~={quote(p)}"),
    "sim-url": lambda v, p: request(v.server, "GET", f"/sim/entities?name~={quote(p)}"),
    "query-form": lambda v, p: v.send(
        "QUERY", "/api/todos", f"description~={quote(p)}", Content_Type=FORM
    ),
    "query-structured": lambda v, p: v.send(
        "QUERY",
        "/api/todos",
        json.dumps({"filter": {"description": {"matches": p}}}),
        Content_Type=STRUCTURED,
    ),
    "jsonpath-match": lambda v, p: v.send(
        "QUERY",
        "/api/todos",
        f"$.todos[?match(@.description, {_jsonpath_literal(p)})]",
        Content_Type=JSONPATH,
    ),
    "jsonpath-search": lambda v, p: v.send(
        "QUERY",
        "/api/todos",
        f"$.todos[?search(@.title, {_jsonpath_literal(p)})]",
        Content_Type=JSONPATH,
    ),
}


def _answered(reply: Reply) -> bool:
    """A list, or an error document that says why (never a 5xx)."""
    if reply.status == 200:
        return True
    return 400 <= reply.status < 500 and is_error_document(reply)


def _workers(server: Server) -> list[psutil.Process]:
    assert server.process is not None
    return psutil.Process(server.process.pid).children()


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("bomb", BOMBS)
def test_a_regex_bomb_is_answered_within_a_second(
    server: Server, victim: Victim, bomb: str, route: str
) -> None:
    reply = ROUTES[route](victim, BOMBS[bomb])
    assert _answered(reply), reply
    assert reply.elapsed <= ANSWER_WITHIN_S, reply.elapsed


def test_the_whole_corpus_leaves_the_workers_memory_within_a_few_tens_of_mb(
    server: Server, victim: Victim
) -> None:
    workers = _workers(server)
    before = {worker.pid: worker.memory_info().rss for worker in workers}
    for pattern in BOMBS.values():
        for send in ROUTES.values():
            # Twice, so that both workers are likely to meet every pattern.
            for _ in range(2):
                send(victim, pattern)
    growth = {w.pid: w.memory_info().rss - before[w.pid] for w in workers}
    assert max(growth.values()) <= MEMORY_GROWTH_LIMIT, growth


def test_bombs_change_nothing(server: Server, victim: Victim) -> None:
    before = victim.state()
    for pattern in BOMBS.values():
        ROUTES["todos-url"](victim, pattern)
        ROUTES["query-structured"](victim, pattern)
    assert victim.state() == before


def test_plain_requests_are_not_held_up_while_four_bombs_run(
    server: Server, victim: Victim
) -> None:
    bomb = BOMBS["escaped-backslash-repeats"]
    calls: list[Callable[[], Reply]] = [lambda: ROUTES["todos-url"](victim, bomb)] * 4
    calls.append(lambda: victim.send("GET", "/api/todos"))
    *bombs, plain = all_at_once(calls)
    assert all(_answered(reply) for reply in bombs), bombs
    assert plain.status == 200
    assert plain.elapsed <= ANSWER_WITHIN_S, plain.elapsed
