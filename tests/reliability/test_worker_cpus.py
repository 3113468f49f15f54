"""`make run`'s workers each keep their threads on a CPU of its own (practiceapi/server/cpus.py):
the event loop and the Django threads of a worker hand every request over to each other.
`PIN_WORKERS=0` leaves them where the kernel puts them."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator

import psutil
import pytest

from practiceapi.server.harness import Server

pytestmark = pytest.mark.skipif(
    not hasattr(os, "sched_getaffinity") or len(os.sched_getaffinity(0)) < 2,
    reason="needs Linux and two CPUs",
)


def placements(server: Server) -> list[set[frozenset[int]]]:
    """For each worker of `server`, the CPU sets its threads may run on."""
    assert server.process is not None
    workers = psutil.Process(server.process.pid).children()
    assert len(workers) == server.workers
    found = []
    for worker in workers:
        masks = set()
        for thread in worker.threads():
            with contextlib.suppress(ProcessLookupError):  # a thread that has just ended
                masks.add(frozenset(os.sched_getaffinity(thread.id)))
        found.append(masks)
    return found


@pytest.fixture(scope="module")
def unpinned_server(server_database: str) -> Iterator[Server]:
    with Server(server_database, pin_workers=False) as server:
        yield server


def test_each_worker_runs_on_a_cpu_of_its_own(server: Server) -> None:
    found = placements(server)
    assert all(len(masks) == 1 and len(next(iter(masks))) == 1 for masks in found), found
    assert len({next(iter(masks)) for masks in found}) == server.workers, found


def test_workers_can_be_left_to_the_kernel(unpinned_server: Server) -> None:
    everywhere = frozenset(os.sched_getaffinity(0))
    assert all(masks == {everywhere} for masks in placements(unpinned_server))
