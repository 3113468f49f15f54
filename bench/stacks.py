"""Summarise py-spy samples of a request path by layer of our stack.

Input: py-spy's raw (collapsed) output, one `frame;frame;...;frame COUNT` line per stack,
frames written `function (path:line)`. Record it from a live worker under wrk load:

    .venv/bin/py-spy record --rate 250 --format raw --subprocesses -o /tmp/worker.txt \\
        --pid <server master pid> --duration 20

or from the in-process loop of bench/hotpath.py:

    .venv/bin/py-spy record --rate 250 --format raw -o /tmp/hot.txt -- \\
        .venv/bin/python bench/hotpath.py --loop-only --requests 3000

then `.venv/bin/python bench/stacks.py /tmp/worker.txt`. Two tables: "self" charges each
sample to the innermost layer on its stack (where the CPU is burnt: the rows add up to
100 %), "inclusive" counts a layer whenever it is anywhere on the stack (what a call
site costs with everything under it).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

# (label, path regex, function regex or None). Order matters for "self": the first
# layer that matches a frame, scanning the stack from the leaf up, gets the sample.
LAYERS: tuple[tuple[str, str, str | None], ...] = (
    ("DB driver (sqlite3 / psycopg C calls)", r"(sqlite3|psycopg)/", None),
    ("ORM: SQL execute wrappers", r"django/db/backends/", None),
    ("ORM: query building + compiling", r"django/db/models/", None),
    ("ORM: transactions / connections", r"django/db/(transaction|utils|__init__)\.py", None),
    ("tracking: rules (catalogue/rules)", r"challenges/(catalogue|declarations|rules)\.py", None),
    ("tracking: Exchange building", r"challenges/(tracking|exchange)\.py", "exchange_for|Exchange"),
    (
        "tracking: record/touch",
        r"(challenges/progress|challengers/sessions)\.py",
        "record|touch|hold",
    ),
    ("tracking: other", r"challenges/(tracking|exchange)\.py", None),
    ("session lookup (find_challenger)", r"challengers/sessions\.py", None),
    ("ChallengerMiddleware own", r"challengers/middleware\.py", None),
    ("tracking middleware own", r"challenges/middleware\.py", None),
    ("todo selectors (rows)", r"todos/selectors\.py", None),
    ("todo views", r"todos/views/", None),
    ("content negotiation", r"practiceapi/protocol/(negotiation|drf)\.py", None),
    ("query string parse/apply", r"practiceapi/protocol/(query|querybody)\.py", None),
    ("rendering (renderers, payloads)", r"practiceapi/protocol/(renderers|payloads)\.py", None),
    ("ApiView / protocol other", r"practiceapi/protocol/", None),
    ("ProtocolMiddleware own", r"practiceapi/middleware\.py", None),
    ("DRF (Request, dispatch, Response)", r"rest_framework/", None),
    ("WhiteNoise middleware", r"whitenoise/", None),
    (
        "Django contrib middleware (session/csrf/auth/messages)",
        r"django/(contrib/(sessions|auth|messages)|middleware)/",
        None,
    ),  # fmt: skip
    ("Django URL resolving", r"django/urls/", None),
    ("Django HttpResponse / headers", r"django/http/response\.py", None),
    (
        "Django request building (WSGIRequest, QueryDict)",
        r"django/(http/request|core/handlers/wsgi)\.py",
        None,
    ),
    ("Django signals (request_started/finished)", r"django/dispatch/", None),
    ("Django handler / other Django", r"django/", None),
    ("orjson / json", r"(orjson|json/)", None),
    ("our server (ASGI front, request cycle)", r"practiceapi/server/", None),
    ("server: granian", r"granian/", None),
)
FRAME = re.compile(r"^(?P<function>.*) \((?P<path>.*?)(?::\d+)?\)$")


def parse(lines: list[str]) -> Counter:
    stacks: Counter = Counter()
    for line in lines:
        line = line.rstrip()
        if not line:
            continue
        stack, _, count = line.rpartition(" ")
        if count.isdigit():
            stacks[stack] += int(count)
    return stacks


def layer_of(frame: str) -> str | None:
    match = FRAME.match(frame)
    function, path = (match["function"], match["path"]) if match else (frame, "")
    for label, path_re, function_re in LAYERS:
        if re.search(path_re, path) and (function_re is None or re.search(function_re, function)):
            return label
    return None


def summarise(stacks: Counter, within: str | None) -> tuple[Counter, Counter, int]:
    own: Counter = Counter()
    inclusive: Counter = Counter()
    total = 0
    cache: dict[str, str | None] = {}
    for stack, count in stacks.items():
        frames = stack.split(";")
        if within and not any(within in f for f in frames):
            continue
        total += count
        layers = []
        for frame in frames:
            if frame not in cache:
                cache[frame] = layer_of(frame)
            layers.append(cache[frame])
        innermost = next((layer for layer in reversed(layers) if layer), "other (stdlib, C)")
        own[innermost] += count
        for layer in set(layers):
            if layer:
                inclusive[layer] += count
    return own, inclusive, total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument(
        "--within",
        default=None,
        help="keep only stacks with a frame containing this text (e.g. 'WSGIHandler.__call__')",
    )
    args = parser.parse_args(argv)
    lines: list[str] = []
    for path in args.files:
        lines += path.read_text().splitlines()
    own, inclusive, total = summarise(parse(lines), args.within)
    if not total:
        print("no samples", file=sys.stderr)
        return 1
    print(f"{total} samples" + (f" within {args.within!r}" if args.within else ""))
    print(f"\n{'self (innermost layer)':<62} {'share':>7}")
    for label, count in own.most_common():
        print(f"{label:<62} {count / total * 100:>6.1f} %")
    print(f"\n{'inclusive (layer anywhere on the stack)':<62} {'share':>7}")
    for label, count in inclusive.most_common():
        print(f"{label:<62} {count / total * 100:>6.1f} %")
    return 0


if __name__ == "__main__":
    sys.exit(main())
