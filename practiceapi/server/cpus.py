"""One CPU for each worker process of the production server, all its threads on it.

A worker of practiceapi/server/asgi.py runs three kinds of thread that take turns at the
interpreter on every request: granian's thread that hands the request to Python, the event
loop that collects its body, and the Django thread that answers it. Left to the kernel,
they run on different CPUs, and each turn moves the interpreter's state from one CPU's
cache to another's. Kept on one CPU, the same requests cost a worker noticeably less CPU,
on small machines and large (docs/benchmark.md, "What each server piece buys").

A worker takes a CPU no other worker of its server holds, and holds it for its lifetime
as an abstract Unix socket named after the server and the CPU: the kernel frees it when the
worker exits. A worker that finds every CPU taken runs where the kernel puts it and tries
again every few seconds: granian's reload starts each new worker before it stops the old
one, and with more workers than CPUs the extra ones share what is left. Linux only
(abstract sockets, per-thread affinity); elsewhere, where pinning fails, and when told
not to, workers run where the kernel puts them.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import multiprocessing
import os
import socket
import sys
import time
from collections.abc import Callable, Sequence
from threading import Thread

logger = logging.getLogger(__name__)

# Seconds between a worker's attempts while every CPU is taken.
RETRY_INTERVAL_S = 5.0

# Bound for the worker's lifetime: closing it (at exit) frees the CPU.
_held: list[socket.socket] = []


def claim_free_cpu(server: str, cpus: Sequence[int]) -> tuple[int, socket.socket] | None:
    """The first of `cpus` that no live worker of `server` holds, and the socket that now
    holds it for this worker; None when every one is taken."""
    for cpu in cpus:
        holder = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        try:
            holder.bind(f"\0apichallenges-{server}-cpu-{cpu}")
        except OSError as exc:
            holder.close()
            if exc.errno != errno.EADDRINUSE:
                raise
            continue
        return cpu, holder
    return None


def pin_process(cpu: int) -> None:
    """Keep every thread of this process, and those it starts later, on `cpu`."""
    for thread in os.listdir("/proc/self/task"):
        with contextlib.suppress(ProcessLookupError):  # a thread that has just ended
            os.sched_setaffinity(int(thread), {cpu})


def server_name(master: int) -> str:
    """The server a worker belongs to: its master's process id and start time (a process
    id alone can be reused, and abstract sockets are shared across PID namespaces)."""
    with open(f"/proc/{master}/stat") as stat:
        started = stat.read().rsplit(")", 1)[1].split()[19]  # field 22: start time
    return f"{master}-{started}"


def settle(
    server: str,
    cpus: Sequence[int],
    pin: Callable[[int], None] = pin_process,
    retry_interval: float = RETRY_INTERVAL_S,
) -> int | None:
    """Pin to a free CPU now if there is one (which, or None); otherwise keep trying in a
    thread of its own until one is freed."""

    def attempt() -> int | None:
        claim = claim_free_cpu(server, cpus)
        if claim is None:
            return None
        cpu, holder = claim
        pin(cpu)
        _held.append(holder)
        return cpu

    def keep_trying() -> None:
        try:
            while attempt() is None:
                time.sleep(retry_interval)
        except OSError as exc:
            logger.warning("worker %d left unpinned: %s", os.getpid(), exc)

    cpu = attempt()
    if cpu is None:
        Thread(target=keep_trying, name="cpu-claim", daemon=True).start()
    return cpu


def pin_worker() -> int | None:
    """Pin this worker process to a CPU of its own (module docstring); which one, if any
    was free."""
    if not sys.platform.startswith("linux") or multiprocessing.parent_process() is None:
        # Not a worker process of its own: granian runs workers as threads of one process
        # on a free-threaded Python.
        return None
    try:
        return settle(server_name(os.getppid()), sorted(os.sched_getaffinity(0)))
    except OSError as exc:  # no abstract sockets, or a CPU set changed under us
        logger.warning("worker %d left unpinned: %s", os.getpid(), exc)
        return None
