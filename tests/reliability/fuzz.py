"""Fuzz both OpenAPI documents with schemathesis against the production server (issue 9
item 1): `make fuzz`, or `python -m tests.reliability.fuzz [--url URL] [--max-examples N]`.

Without `--url` it starts gunicorn (tests/reliability/server.py) on a scratch database,
so the fuzzer's writes never touch `db.sqlite3`. Every operation of `/api/schema/` and of
the /sim document (`/sim/docs/openapi.json`) is run with a bounded number of examples and
two checks: no 5xx (`not_a_server_error`) and every answer matching the documented schema
(`response_schema_conformance`). Requests carry the `X-CHALLENGER` of a fresh session so
that writes are exercised too, not only the 401 of the read-only default list.

The PATCH /api/heartbeat (and POST with `X-HTTP-Method-Override: PATCH`) 500 is a
challenge the API must answer (PATCH_HEARTBEAT_500), so that operation is run with the
schema check only. Exit status: non-zero when any document has a failure.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path
from urllib.parse import urlsplit

from tests.reliability.server import VENV_BIN, Server, new_session, scratch_database

DOCUMENTS = {
    "api": "/api/schema/",
    "sim": "/sim/docs/openapi.json",
}
CHECKS = "not_a_server_error,response_schema_conformance"
SCHEMATHESIS = (
    str(VENV_BIN / "schemathesis") if (VENV_BIN / "schemathesis").exists() else ("schemathesis")
)
# The deliberate 500 of the heartbeat challenge (spec: PATCH /api/heartbeat -> 500).
DELIBERATE_500 = r"^/(api/)?heartbeat/?$"


def schemathesis(
    base_url: str,
    document: str,
    *,
    guid: str,
    max_examples: int,
    seed: int,
    report_dir: Path,
    extra: list[str],
) -> list[list[str]]:
    """The schemathesis command lines for one document (the heartbeat gets its own)."""
    common = [
        SCHEMATHESIS,
        "run",
        f"{base_url}{DOCUMENTS[document]}",
        "--url",
        base_url,
        "--max-examples",
        str(max_examples),
        "--seed",
        str(seed),
        "--header",
        f"X-CHALLENGER:{guid}",
        "--generation-database",
        "none",
        "--request-timeout",
        "10",
        "--no-color",
        "--report",
        "junit",
        *extra,
    ]
    if document != "api":
        return [
            [
                *common,
                "--checks",
                CHECKS,
                "--report-junit-path",
                str(report_dir / f"{document}.xml"),
            ]
        ]
    return [
        [
            *common,
            "--checks",
            CHECKS,
            "--exclude-path-regex",
            DELIBERATE_500,
            "--report-junit-path",
            str(report_dir / "api.xml"),
        ],
        [
            *common,
            "--checks",
            "response_schema_conformance",
            "--include-path-regex",
            DELIBERATE_500,
            "--report-junit-path",
            str(report_dir / "api-heartbeat.xml"),
        ],
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a running server (default: start one on a scratch DB)")
    parser.add_argument("--max-examples", type=int, default=30)
    parser.add_argument("--seed", type=int, default=20269)
    parser.add_argument("--documents", default="api,sim", help="comma-separated: api,sim")
    parser.add_argument(
        "--report-dir",
        default=Path(tempfile.gettempdir()) / "apichallenges-fuzz-report",
        type=Path,
        help="where the JUnit reports go (default: a folder in the temporary directory)",
    )
    parser.add_argument("extra", nargs="*", help="passed on to schemathesis (after --)")
    args = parser.parse_args(argv)

    args.report_dir.mkdir(parents=True, exist_ok=True)
    with ExitStack() as stack:
        if args.url:
            base_url = args.url.rstrip("/")
            server = None
        else:
            database = stack.enter_context(scratch_database(prefix="fuzz"))
            server = stack.enter_context(Server(database))
            base_url = server.url
        guid = new_session(server) if server else _new_session_at(base_url)
        failed = False
        for document in args.documents.split(","):
            for command in schemathesis(
                base_url,
                document.strip(),
                guid=guid,
                max_examples=args.max_examples,
                seed=args.seed,
                report_dir=args.report_dir,
                extra=args.extra,
            ):
                print("$", " ".join(command), flush=True)
                env = {**os.environ, "PYTHONUNBUFFERED": "1"}
                failed |= subprocess.run(command, env=env).returncode != 0
        if server is not None and "Traceback" in server.log():
            print("\n--- server log (tracebacks) ---\n" + server.log()[-20000:])
    print(f"JUnit reports: {args.report_dir}")
    return 1 if failed else 0


def _new_session_at(base_url: str) -> str:
    """A session on a server this script did not start (plain HTTP)."""
    parts = urlsplit(base_url)
    return new_session(Server(database_url="", host=parts.hostname or "", port=parts.port or 80))


if __name__ == "__main__":
    sys.exit(main())
