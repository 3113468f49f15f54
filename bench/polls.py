"""What the open pages' polls cost the server, in units of one API read.

An open progress page polls its `status.json?history=N` (its status and the history
entries newer than the newest it shows, N); Try it asks `status.json` alone; the
instructor's live class page polls `.../progress/live.json`. Each poll is measured here as
the server answers it twice over: changed and unchanged (304, the version the page sends
back as If-None-Match). Changed is the whole answer for the status and the class, and for
the page's poll what a student's request makes of it: one new history entry, the status
as it was. The unit is one API read, `GET /api/todos` of a session (bench/floor.py's
"list"), measured in the same run, so the figures read as "this poll costs as much as N
students' reads".

The data is a classroom's: the student's session, one of the class, has a full request
history (100 entries), 30 challenges done and a few near misses; the class has
`--students` sessions (300) with progress and near misses, and an open assignment.

    .venv/bin/python -m bench.polls [--database sqlite|postgres] [--rounds 7] [--batch 40]
        [--students 300] [--instructions]

By default it times CPU per request in this process (`time.process_time`), in alternating
turns of `--batch` requests of each kind, `--rounds` times; a figure is the median of its
turns. On a busy machine those move by some percent from run to run; `--instructions`
counts instructions under valgrind's callgrind instead (bench/instructions.py: needs
valgrind and gcc), which agree within a fraction of a percent, at about 50 times the
run time.
"""

from __future__ import annotations

import argparse
import ctypes
import gc
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson

if not __package__:  # run as a script: the project is one level up
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import floor  # noqa: E402
from bench.instructions import LIBRARY_VARIABLE, MARKERS_C, read_dumps  # noqa: E402
from practiceapi.server.harness import ROOT  # noqa: E402

KINDS = (
    "api read",
    "status 200",
    "status 304",
    "page 200",
    "page 304",
    "class 200",
    "class 304",
)


class Polls:
    """The requests of each kind, against one application."""

    def __init__(self, app: Callable[..., Any], students: int) -> None:
        self.app = app
        self.guid = floor.new_session(app)
        self.cohort_id, self.admin_cookie = class_of(app, students)
        self.versions: dict[str, str] = {}
        from history import writer

        seed_student(app, self.guid, self.cohort_id)
        self.send("api read")  # the latest request, stored in a row of its own
        writer.flush()
        # The page's poll as it stands after its student's latest request: it shows every
        # entry but that one (`?history=` the one before), and the status as it is.
        page = f"/gui/challenges/{self.guid}/status.json?history=0"
        _, headers, body = floor.call(self.app, floor.make_environ("GET", page, {}))
        entries = orjson.loads(body)["history"]["entries"]
        self.shown_before_latest = entries[1]["id"]
        self.status_version = headers["ETag"].strip('"').partition(".")[0]

    def url(self, kind: str) -> str:
        page = kind.split()[0]
        return {
            "status": f"/gui/challenges/{self.guid}/status.json",
            "page": f"/gui/challenges/{self.guid}/status.json?history={self.shown_before_latest}",
            "class": f"/admin/challengers/cohort/{self.cohort_id}/progress/live.json",
        }[page]

    def send(self, kind: str) -> str:
        if kind == "api read":
            environ = floor.make_environ(
                "GET", "/api/todos", {**floor.postman_headers(), "X-CHALLENGER": self.guid}
            )
            return floor.call(self.app, environ)[0]
        page, answer = kind.split()
        headers = {"Accept": "application/json", "User-Agent": "Mozilla/5.0 (bench)"}
        if page == "class":
            headers["Cookie"] = self.admin_cookie
        if answer == "304" and page in self.versions:
            headers["If-None-Match"] = self.versions[page]
        elif page == "page":  # the status as shown, the history one entry behind
            headers["If-None-Match"] = f'"{self.status_version}.behind"'
        status, answer_headers, _ = floor.call(
            self.app, floor.make_environ("GET", self.url(kind), headers)
        )
        if "ETag" in answer_headers:
            self.versions[page] = answer_headers["ETag"]
        return status

    def check(self) -> list[str]:
        """Where a kind answers other than it is named for (a 304 the server cannot
        give yet), a line saying so: its figure is that answer's."""
        notes = []
        for kind in KINDS:
            self.send(kind)  # the version to send back
            status = self.send(kind)
            wanted = "200" if kind == "api read" else kind.split()[1]
            if not status.startswith(wanted):
                notes.append(f"note: {kind} answers {status}")
        return notes


def seed_student(app: Callable[..., Any], guid: str, cohort_id: int) -> None:
    """A student of the class: a full history, 30 challenges done and three near misses."""
    from challengers.models import Challenger
    from challenges.catalogue import keys_for
    from history import writer

    for n in range(100):
        environ = floor.make_environ(
            "GET", f"/api/todos?n={n}", {**floor.postman_headers(), "X-CHALLENGER": guid}
        )
        floor.call(app, environ)
    writer.flush()
    keys = keys_for("multi")
    progress = {key: "2026-11-23T16:18:00.123456Z" for key in keys[:30]}
    misses = {key: near_miss() for key in keys[30:33]}
    Challenger.objects.filter(pk=guid).update(
        progress=progress, near_misses=misses, cohort_id=cohort_id
    )


def near_miss() -> dict[str, Any]:
    return {
        "at": "2026-11-23T16:18:00.123456Z",
        "request": "GET /api/todos?doneStatus=true",
        "status": 200,
        "reason": "your todos include 0 done todos",
    }


def class_of(app: Callable[..., Any], students: int) -> tuple[int, str]:
    """A cohort of `students` sessions with progress and near misses and an open
    assignment; a logged-in staff user's cookie."""
    from django.contrib.auth import get_user_model
    from django.test import Client
    from django.utils import timezone

    from challengers.models import Challenger, Cohort
    from challenges.catalogue import keys_for
    from classroom.models import Assignment

    draws = random.Random(4567)
    keys = keys_for("multi")
    cohort = Cohort.objects.create(name="Bench class", code="BENCH1")
    Assignment.objects.create(cohort=cohort, title="Today", challenges=list(keys[:20]))
    now = timezone.now()
    sessions = []
    for n in range(students):
        done = draws.randint(0, len(keys))
        sessions.append(
            Challenger(
                guid=f"00000000-0000-4000-8000-{n:012d}",
                display_name=f"Student {n:03d} Example",
                cohort=cohort,
                last_seen=now,
                progress={key: "2026-11-23T16:18:00.123456Z" for key in keys[:done]},
                near_misses={key: near_miss() for key in keys[done : done + 2]},
            )
        )
    Challenger.objects.bulk_create(sessions)
    user = get_user_model().objects.create_superuser("bench", "bench@example.com", "bench")
    client = Client()
    client.force_login(user)
    return cohort.pk, f"sessionid={client.cookies['sessionid'].value}"


def timed(polls: Polls, kind: str, batch: int) -> float:
    clock = time.process_time
    started = clock()
    for _ in range(batch):
        polls.send(kind)
    return (clock() - started) / batch


def run_timed(polls: Polls, args: argparse.Namespace) -> dict[str, float]:
    turns: dict[str, list[float]] = {kind: [] for kind in KINDS}
    for kind in KINDS:
        timed(polls, kind, 5)  # warm-up
    for round_ in range(args.rounds):
        order = KINDS if round_ % 2 == 0 else KINDS[::-1]
        for kind in order:
            turns[kind].append(timed(polls, kind, args.batch))
    return {kind: statistics.median(values) for kind, values in turns.items()}


def count_under_callgrind(polls: Polls, args: argparse.Namespace) -> None:
    markers = ctypes.CDLL(os.environ[LIBRARY_VARIABLE])
    for kind in KINDS:
        timed(polls, kind, 5)  # warm-up
    gc.collect()
    gc.freeze()
    for kind in KINDS:
        gc.collect()
        markers.window_open()
        timed(polls, kind, args.batch)
        markers.window_close(f"polls|{kind}".encode())


def run_callgrind(argv: list[str]) -> dict[str, float]:
    for tool in ("valgrind", "gcc"):
        if shutil.which(tool) is None:
            sys.exit(f"{tool} not found (Debian: apt-get install valgrind gcc)")
    with tempfile.TemporaryDirectory(prefix="bench-polls-") as scratch:
        source, library = Path(scratch, "markers.c"), Path(scratch, "markers.so")
        source.write_text(MARKERS_C)
        subprocess.run(
            ["gcc", "-O2", "-shared", "-fPIC", "-o", str(library), str(source)], check=True
        )
        env = {**os.environ, LIBRARY_VARIABLE: str(library), "PYTHONHASHSEED": "0"}
        command = [
            "valgrind", "--tool=callgrind", "--instr-atstart=no",
            f"--callgrind-out-file={scratch}/callgrind.%p",
            sys.executable, "-m", "bench.polls", *argv,
        ]  # fmt: skip
        done = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit(f"under callgrind:\n{done.stdout}\n{done.stderr[-4000:]}")
        print(done.stdout, end="")
        return {kind: float(total) for (_, kind), total in read_dumps(Path(scratch)).items()}


def report(args: argparse.Namespace, per: dict[str, float], unit: str) -> str:
    base = per["api read"]
    lines = [
        f"Poll costs, {args.database}, class of {args.students}, {unit} per request:",
        f"{'request':<14} {unit:>14} {'API reads':>10}",
    ]
    for kind in KINDS:
        lines.append(f"{kind:<14} {per[kind]:>14,.6g} {per[kind] / base:>10.2f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--postgres-url", default=floor.DEFAULT_POSTGRES_URL)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--batch", type=int, default=40)
    parser.add_argument("--students", type=int, default=300)
    parser.add_argument("--instructions", action="store_true")
    args = parser.parse_args(argv)
    if args.instructions and LIBRARY_VARIABLE not in os.environ:
        counts = run_callgrind(argv)
        print(report(args, {k: v / args.batch for k, v in counts.items()}, "instructions"))
        return 0
    with floor.django_on_scratch_database(args.database, args.postgres_url) as wsgi:
        polls = Polls(wsgi.application, args.students)
        for note in polls.check():
            print(note)
        if LIBRARY_VARIABLE in os.environ:
            count_under_callgrind(polls, args)
            return 0
        per = run_timed(polls, args)
    print(report(args, {k: v * 1000 for k, v in per.items()}, "CPU ms"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
