"""Slow clients against the production server: many connections that stop half-way.

`SlowClients` opens connections that send part of a request and then wait: half-sent
headers (the request line and a header without the blank line that ends them) or
half-sent bodies (complete headers announcing a body, and a part of it). They are held
on an event loop in a thread of their own, so the probe requests of the caller run on a
plain blocking socket beside them. `probe()` times a normal request from before its
connect to the last byte of its answer, since a server that stops accepting makes the
connect wait, not the answer.

The reliability test (test_slow_clients.py) uses it at a scale that fits CI; at the scale
of docs/benchmark.md ("Slow clients") run it by hand, with the client's own `ulimit -n`
raised:

    ulimit -n 30000; .venv/bin/python -m tests.reliability.slowclients --headers 10000 \
        --bodies 2000 [--database-url postgres://...]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import resource
import socket
import statistics
import threading
import time
from dataclasses import dataclass

from practiceapi.server.harness import Server, scratch_database
from tests.reliability.server import new_session

HALF_HEADERS = b"GET /api/todos HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow"
BODY_ANNOUNCED = 1000
HALF_BODY = (
    b"POST /api/todos HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    b'Content-Length: %d\r\n\r\n{"title": "slow' % BODY_ANNOUNCED
)


def raise_open_files(wanted: int) -> int:
    """This process's soft RLIMIT_NOFILE raised towards `wanted` (up to the hard limit)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


class SlowClients:
    """`count` connections that each sent `data` and then wait, held on a loop thread."""

    def __init__(self, server: Server, data: bytes, count: int) -> None:
        self.server, self.data, self.count = server, data, count
        self.loop = asyncio.new_event_loop()
        self.writers: list[asyncio.StreamWriter] = []
        self.readers: list[asyncio.StreamReader] = []
        self.failed = 0
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)

    async def _open_one(self) -> None:
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(self.server.host, self.server.port), 10
            )
            writer.write(self.data)
            await writer.drain()
        except (OSError, TimeoutError):
            self.failed += 1
            return
        self.readers.append(reader)
        self.writers.append(writer)

    async def _open(self) -> None:
        # In waves: a listen backlog is finite, and so is the SYN queue of loopback.
        for start in range(0, self.count, 500):
            await asyncio.gather(*(self._open_one() for _ in range(min(500, self.count - start))))

    def __enter__(self) -> SlowClients:
        self.thread.start()
        asyncio.run_coroutine_threadsafe(self._open(), self.loop).result(300)
        return self

    def closed_by_server(self) -> int:
        """How many of the held connections the server has closed (EOF or reset)."""

        async def count() -> int:
            closed = 0
            for reader in self.readers:
                if reader.at_eof() or reader.exception() is not None:
                    closed += 1
                    continue
                with contextlib.suppress(TimeoutError, OSError):
                    # Whatever the server sent (a 408, or nothing before its close).
                    await asyncio.wait_for(reader.read(65536), 0.001)
                    if reader.at_eof():
                        closed += 1
            return closed

        return asyncio.run_coroutine_threadsafe(count(), self.loop).result(120)

    def __exit__(self, *exc: object) -> None:
        async def close() -> None:
            for writer in self.writers:
                writer.transport.abort()

        asyncio.run_coroutine_threadsafe(close(), self.loop).result(60)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()


def probe(server: Server, guid: str, timeout: float = 30) -> float:
    """Seconds for `GET /api/todos` with a session, from before the connect to the last
    byte of a 200 (connection closed after it)."""
    head = (
        f"GET /api/todos HTTP/1.1\r\nHost: {server.host}:{server.port}\r\n"
        f"X-CHALLENGER: {guid}\r\nConnection: close\r\n\r\n"
    ).encode()
    started = time.monotonic()
    with socket.create_connection((server.host, server.port), timeout=timeout) as sock:
        sock.sendall(head)
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    elapsed = time.monotonic() - started
    if not data.startswith(b"HTTP/1.1 200"):
        raise AssertionError(f"probe answered {data[:100]!r}")
    return elapsed


def probes(server: Server, guid: str, count: int, spacing: float = 0.05) -> list[float]:
    """`count` probe latencies, one every `spacing` seconds."""
    latencies = []
    for _ in range(count):
        latencies.append(probe(server, guid))
        time.sleep(spacing)
    return latencies


@dataclass
class Phase:
    what: str
    opened: int
    failed: int
    latencies: list[float]
    closed_by_server: int
    after: list[float]

    def __str__(self) -> str:
        ms = sorted(x * 1000 for x in self.latencies)
        after = sorted(x * 1000 for x in self.after)
        return (
            f"{self.what}: {self.opened} held ({self.failed} failed to open);"
            f" probes median {statistics.median(ms):.1f} ms, max {ms[-1]:.1f} ms;"
            f" closed by the server {self.closed_by_server};"
            f" after they went away: median {statistics.median(after):.1f} ms,"
            f" max {after[-1]:.1f} ms"
        )


def phase(server: Server, guid: str, what: str, data: bytes, count: int, hold: float) -> Phase:
    with SlowClients(server, data, count) as slow:
        latencies = []
        deadline = time.monotonic() + hold
        while time.monotonic() < deadline:
            latencies.append(probe(server, guid))
            time.sleep(0.05)
        closed = slow.closed_by_server()
        opened, failed = len(slow.writers), slow.failed
    return Phase(what, opened, failed, latencies, closed, probes(server, guid, 10))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--headers", type=int, default=10_000)
    parser.add_argument("--bodies", type=int, default=2_000)
    parser.add_argument("--hold", type=float, default=12.0, help="seconds of probes per phase")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--database-url", default="", help="PostgreSQL URL; SQLite otherwise")
    parser.add_argument(
        "--no-pin", action="store_true", help="workers where the kernel puts them (PIN_WORKERS=0)"
    )
    args = parser.parse_args(argv)
    limit = raise_open_files(args.headers + args.bodies + 1000)
    print(f"client RLIMIT_NOFILE {limit}")
    with (
        scratch_database("slowclients", configured=args.database_url) as url,
        Server(
            url, workers=args.workers, threads=args.threads, pin_workers=not args.no_pin
        ) as server,
    ):
        guid = new_session(server)
        base = probes(server, guid, 20)
        print(f"no slow clients: median {statistics.median(base) * 1000:.1f} ms")
        if args.headers:
            print(phase(server, guid, "half-sent headers", HALF_HEADERS, args.headers, args.hold))
        if args.bodies:
            print(phase(server, guid, "half-sent bodies", HALF_BODY, args.bodies, args.hold))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
