"""Instructions per request, counted by valgrind's callgrind, for the sides bench/floor.py
times: ours, the floor, and ours without a layer (`--ablate`).

Unlike CPU time, the count does not move with the machine's speed: two runs of the same
code agree within 0.1 %, where the CPU-time ratios of bench/floor.py move by ±0.1 from
one run to the next on a busy machine. So a change of a few percent reads from one run.
It counts user-space instructions only (no system calls, no cache misses, no waiting): a
proxy for CPU time, not the target itself, which stays bench/floor.py's ratio.

    .venv/bin/python -m bench.instructions [--types list,one,filtered,writes,mix]
        [--requests 100] [--database sqlite|postgres] [--ablate LAYER]

`writes` is the cycle of create, full PUT and DELETE, counted as one; `mix` is
bench/floor.py's classroom mix, per request. Each side's requests are counted twice, the
sides taken in one order and then in the other, and the figure is the mean. Collection is
off while Django starts and the sides warm up; before each side's window the garbage
collector runs and what exists is frozen, so a full collection of Django's heap cannot
land in one side's window. Needs valgrind with its headers and a C compiler (Debian:
`apt-get install valgrind gcc`); each side's requests run about 50 times slower than
natively (a minute for the defaults).
"""

from __future__ import annotations

import argparse
import ctypes
import gc
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from bench import floor
from practiceapi.server.harness import ROOT

# Two client requests of callgrind's, compiled on the fly: Python cannot issue them itself.
MARKERS_C = """
#include <valgrind/callgrind.h>
void window_open(void) { CALLGRIND_ZERO_STATS; CALLGRIND_START_INSTRUMENTATION; }
void window_close(const char *name) {
    CALLGRIND_DUMP_STATS_AT(name); CALLGRIND_STOP_INSTRUMENTATION;
}
"""
LIBRARY_VARIABLE = "BENCH_CALLGRIND_MARKERS"
# Each side's requests are counted in this many windows, the sides in their order and then
# the other way round: the side counted first runs the same requests at more instructions
# than in second place, which would otherwise be charged to every layer `--ablate` measures.
WINDOWS = 2
TYPES = (*floor.READS, "writes", floor.MIX)
LABELS = {**floor.LABELS, "writes": "create + PUT + DELETE (one cycle)"}


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--types", default=",".join(TYPES))
    parser.add_argument("--requests", type=int, default=100, help="per side and type")
    parser.add_argument("--database", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--postgres-url", default=floor.DEFAULT_POSTGRES_URL)
    parser.add_argument("--ablate", action="append", default=[], choices=sorted(floor.ABLATIONS))
    args = parser.parse_args(argv)
    unknown = set(args.types.split(",")) - set(TYPES)
    if unknown:
        parser.error(f"unknown types: {', '.join(sorted(unknown))}")
    return args


def count_under_callgrind(args: argparse.Namespace) -> None:
    """Inside valgrind: run each side's window of each type, marking it for callgrind."""
    markers = ctypes.CDLL(os.environ[LIBRARY_VARIABLE])
    with floor.django_on_scratch_database(args.database, args.postgres_url) as wsgi:
        app = wsgi.application
        sides = [floor.Side("ours", app, floor.new_session(app))]
        sides += [floor.ablated_side(name, app, floor.new_session(app)) for name in args.ablate]
        sides.append(floor.Side("floor", floor.build_floor(), floor.new_session(app)))
        types = args.types.split(",")
        for kind in types:
            for side in sides:
                floor.timed_batch(side, kinds_of(kind), 20)  # warm-up
        gc.collect()
        gc.freeze()
        for kind in types:
            for window in range(WINDOWS):
                for side in sides if window % 2 == 0 else sides[::-1]:
                    seen_now(side.guid)
                    gc.collect()
                    markers.window_open()
                    floor.timed_batch(side, kinds_of(kind), args.requests)
                    markers.window_close(f"{side.name}|{kind}".encode())


def seen_now(guid: str) -> None:
    """Mark a side's session active now, and its stored near misses recorded now. A request
    under callgrind runs about 50 times slower, so the once-a-minute writes of the request
    path (the activity time, `challengers.sessions.touch_api`; a near miss repeated,
    `challenges.progress.REPEAT_INTERVAL`) would land in a window every few hundred requests
    instead of every few thousand, and unevenly between sides: one such UPDATE moved a
    side's count by about 27,000 instructions per request. Refreshed just before its
    window, a session is written to during it only for what its requests do anew."""
    from django.utils import timezone

    from challengers.models import Challenger
    from challenges.progress import stamp, stored_misses

    now = timezone.now()
    session = Challenger.objects.get(pk=guid)
    misses = {key: {**entry, "at": stamp(now)} for key, entry in stored_misses(session).items()}
    Challenger.objects.filter(pk=guid).update(
        last_seen=now, last_api_request=now, near_misses=misses
    )


def kinds_of(kind: str) -> tuple[str, ...]:
    return floor.WRITES if kind == "writes" else (kind,)


def run_callgrind(args: argparse.Namespace, argv: list[str]) -> dict[tuple[str, str], int]:
    """Start this module under callgrind; the instructions of each (side, type) window."""
    for tool in ("valgrind", "gcc"):
        if shutil.which(tool) is None:
            sys.exit(f"{tool} not found (Debian: apt-get install valgrind gcc)")
    with tempfile.TemporaryDirectory(prefix="bench-instructions-") as scratch:
        source, library = Path(scratch, "markers.c"), Path(scratch, "markers.so")
        source.write_text(MARKERS_C)
        subprocess.run(
            ["gcc", "-O2", "-shared", "-fPIC", "-o", str(library), str(source)], check=True
        )
        env = {**os.environ, LIBRARY_VARIABLE: str(library), "PYTHONHASHSEED": "0"}
        # No request-history thread: its batch writes would land in whichever window is
        # open (totals below zero, or twice the side's). Each side's window writes its own
        # batch at its end instead (bench/floor.py's timed_batch), so both the recording
        # on the request's path and the writing are counted, where they belong.
        env["APICHALLENGES_HISTORY_BATCH_SECONDS"] = "0"
        command = [
            "valgrind", "--tool=callgrind", "--instr-atstart=no",
            f"--callgrind-out-file={scratch}/callgrind.%p",
            sys.executable, "-m", "bench.instructions", *argv,
        ]  # fmt: skip
        done = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit(f"under callgrind:\n{done.stdout}\n{done.stderr[-4000:]}")
        return read_dumps(Path(scratch))


def read_dumps(folder: Path) -> dict[tuple[str, str], int]:
    counts: dict[tuple[str, str], int] = {}
    for dump in folder.glob("callgrind.*.*"):
        text = dump.read_text(errors="replace")
        name = re.search(r"^desc: Trigger: Client Request: (.+)$", text, re.MULTILINE)
        total = re.search(r"^(?:summary|totals): (\d+)", text, re.MULTILINE)
        if name and total:
            side, kind = name.group(1).split("|")
            # A side's windows (`WINDOWS`) added up.
            counts[(side, kind)] = counts.get((side, kind), 0) + int(total.group(1))
    return counts


def report(args: argparse.Namespace, counts: dict[tuple[str, str], int]) -> str:
    per = {key: value / (WINDOWS * args.requests) for key, value in counts.items()}
    lines = [
        f"Instructions per request (callgrind), {args.database}, {args.requests} per side and"
        " type:",
        f"{'request type':<36} {'ours':>11} {'floor':>11} {'ratio':>6}",
    ]
    types = args.types.split(",")
    for kind in types:
        ours, bare = per[("ours", kind)], per[("floor", kind)]
        lines.append(f"{LABELS[kind]:<36} {ours:>11,.0f} {bare:>11,.0f} {ours / bare:>6.2f}")
    others = sorted({side for side, _ in per} - {"ours", "floor"})
    for side in others:
        lines += ["", f"ours {side} (the layer: what it saves; negative: it costs more):"]
        for kind in types:
            ours, changed = per[("ours", kind)], per[(side, kind)]
            lines.append(
                f"  {LABELS[kind]:<34} {changed:>11,.0f}; the layer: {ours - changed:>9,.0f}"
                f" ({(ours - changed) / ours:.1%} of ours)"
            )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    args = parse(argv)
    if LIBRARY_VARIABLE in os.environ:
        count_under_callgrind(args)
        return 0
    print(report(args, run_callgrind(args, argv)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
