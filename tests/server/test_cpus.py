"""practiceapi/server/cpus.py: how the production server's workers share out the CPUs.

Whether `make run`'s workers end up on CPUs of their own is checked through the real
server in tests/reliability/test_worker_cpus.py.
"""

from __future__ import annotations

import os
import socket
import sys
import time
import uuid
from collections.abc import Callable, Iterator

import pytest

from practiceapi.server import cpus
from tests.fresh_python import run_python

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux only")


Claim = Callable[[str, list[int]], tuple[int, socket.socket]]


@pytest.fixture
def claim() -> Iterator[Claim]:
    """Claims a CPU for a new worker of a server; the worker holds it until it closes the
    socket, or until the test ends."""
    held: list[socket.socket] = []

    def claim(server: str, choice: list[int]) -> tuple[int, socket.socket]:
        claimed = cpus.claim_free_cpu(server, choice)
        assert claimed is not None
        held.append(claimed[1])
        return claimed

    yield claim
    for holder in held:
        holder.close()


def test_workers_of_one_server_take_different_cpus(claim: Claim) -> None:
    server = uuid.uuid4().hex
    assert [claim(server, [5, 7])[0], claim(server, [5, 7])[0]] == [5, 7]


def test_no_cpu_is_claimed_when_every_one_is_taken(claim: Claim) -> None:
    server = uuid.uuid4().hex
    claim(server, [5])
    assert cpus.claim_free_cpu(server, [5]) is None


def test_a_cpu_is_free_again_once_its_worker_is_gone(claim: Claim) -> None:
    server = uuid.uuid4().hex
    _, gone = claim(server, [5, 7])
    claim(server, [5, 7])
    gone.close()
    assert claim(server, [5, 7])[0] == 5


def test_servers_do_not_share_cpus(claim: Claim) -> None:
    assert [claim(uuid.uuid4().hex, [5])[0], claim(uuid.uuid4().hex, [5])[0]] == [5, 5]


def test_a_worker_that_finds_every_cpu_taken_waits_for_one(claim: Claim) -> None:
    server = uuid.uuid4().hex
    _, old_worker = claim(server, [5])
    pinned: list[int] = []
    assert cpus.settle(server, [5], pin=pinned.append, retry_interval=0.01) is None
    old_worker.close()  # it exits
    deadline = time.monotonic() + 10
    while not cpus._held and time.monotonic() < deadline:  # held once pinned
        time.sleep(0.01)
    assert pinned == [5]
    cpus._held.pop().close()


@pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2, reason="needs two CPUs")
def test_pinning_covers_every_thread_and_those_started_later() -> None:
    # In a process of its own: pinning this one would pin the rest of the suite.
    cpu = max(os.sched_getaffinity(0))
    script = f"""
import os, threading
from practiceapi.server import cpus
early = threading.Event()
threading.Thread(target=early.wait, daemon=True).start()
cpus.pin_process({cpu})
late = threading.Thread(target=lambda: print(sorted(os.sched_getaffinity(0))))
late.start(); late.join()
masks = {{frozenset(os.sched_getaffinity(int(t))) for t in os.listdir("/proc/self/task")}}
print(sorted(sorted(mask) for mask in masks))
"""
    assert run_python(script).splitlines() == [f"[{cpu}]", f"[[{cpu}]]"]
