"""How long SQLite writers wait for each other: several processes, each with a few
threads, write to one SQLite file as `make run`'s workers do, and every write's latency is
recorded, with writers queued on the lock file (practiceapi/backends/sqlite/base.py, what the
service runs) and with SQLite's busy handler alone (Django's own backend).

Each thread owns a session and repeats the classroom mix's writes through the todo
services: create, full amend, delete (each its own transaction). What the two engines
differ in is only how a writer waits for the one before it, so the gap between them is
time spent sleeping in the busy handler after the lock was free.

    .venv/bin/python bench/writers.py [--processes 2] [--threads 2] [--seconds 5]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINES = {"lock file": "practiceapi.backends.sqlite", "busy handler": "django.db.backends.sqlite3"}


def writer_process(
    engine: str, url: str, threads: int, seconds: float, out: multiprocessing.Queue
) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.update(DATABASE_URL=url, DJANGO_SETTINGS_MODULE="practiceapi.settings")
    from django.conf import settings

    settings.DATABASES  # noqa: B018 - loads the settings module before the override
    settings.DATABASES["default"]["ENGINE"] = engine
    import django

    django.setup()
    from django.db import connection

    from challengers.sessions import create_challenger
    from todos.services import amend_todo, create_todo, delete_todo

    latencies: list[float] = []
    start = threading.Barrier(threads)

    def run() -> None:
        session = create_challenger()
        draft = {"title": "bench", "doneStatus": False, "description": ""}
        amended = {"title": "bench", "doneStatus": True, "description": "amended"}
        mine: list[float] = []
        start.wait()
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            began = time.perf_counter()
            row, _ = create_todo(session, draft, cap=0)
            mine.append(time.perf_counter() - began)
            began = time.perf_counter()
            amend_todo(session, row["id"], lambda current: {**current, **amended})
            mine.append(time.perf_counter() - began)
            began = time.perf_counter()
            delete_todo(session, row["id"])
            mine.append(time.perf_counter() - began)
        latencies.extend(mine)
        connection.close()

    workers = [threading.Thread(target=run) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    out.put(latencies)


def measure(engine: str, args: argparse.Namespace) -> list[float]:
    with tempfile.TemporaryDirectory(prefix="apichallenges-writers-") as directory:
        url = f"sqlite:///{directory}/db.sqlite3"
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput", "--verbosity", "0"],
            cwd=ROOT,
            env={**os.environ, "DATABASE_URL": url},
            check=True,
        )
        context = multiprocessing.get_context("spawn")
        out = context.Queue()
        processes = [
            context.Process(
                target=writer_process, args=(engine, url, args.threads, args.seconds, out)
            )
            for _ in range(args.processes)
        ]
        for process in processes:
            process.start()
        latencies = [value for _ in processes for value in out.get(timeout=args.seconds + 120)]
        for process in processes:
            process.join()
    return sorted(latencies)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--rounds", type=int, default=2, help="engines measured in turns")
    args = parser.parse_args(argv)
    print(
        f"{args.processes} processes x {args.threads} threads writing for {args.seconds:g} s, "
        f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    for round_ in range(args.rounds):
        names = list(ENGINES) if round_ % 2 == 0 else list(reversed(ENGINES))
        for name in names:
            found = measure(ENGINES[name], args)

            def at(share: float, found: list[float] = found) -> float:
                return found[min(len(found) - 1, int(share * len(found)))] * 1000

            print(
                f"  {name:<13} {len(found) / args.seconds:7.0f} writes/s  p50 {at(0.5):6.1f} ms"
                f"  p99 {at(0.99):6.1f} ms  p99.9 {at(0.999):6.1f} ms  max {found[-1] * 1000:6.1f} ms"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
