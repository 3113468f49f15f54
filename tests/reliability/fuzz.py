"""Fuzz both OpenAPI documents with schemathesis against the production server:
`make fuzz`, or `python -m tests.reliability.fuzz [--url URL] [--max-examples N]`.

Without `--url` it starts the production server (practiceapi/server/harness.py) on a scratch database,
so the fuzzer's writes never touch `db.sqlite3`. Every operation of `/api/schema/` and of
the /sim document (`/sim/docs/openapi.json`) is run with a bounded number of examples and
two checks: no 5xx (`not_a_server_error`) and every answer matching the documented schema
(`response_schema_conformance`). Requests carry the `X-CHALLENGER` of a fresh session so
that writes are exercised too, not only the 401 of the read-only default list, and the
session's secret token and the practice Basic login open the secret area.

Some 5xx are challenges the API must answer (PATCH /api/heartbeat -> 500, PATCH and TRACE
on the heartbeat and on /sim -> 501): only those operations may answer them. Exit status:
non-zero when any document has a failure.
"""

from __future__ import annotations

import argparse
import base64
import os
import subprocess
import sys
import tempfile
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from practiceapi.server.harness import VENV_BIN, Server, scratch_database
from tests.reliability.server import new_session, request

DOCUMENTS = {
    "api": "/api/schema/",
    "sim": "/sim/docs/openapi.json",
}
CHECKS = "not_a_server_error,response_schema_conformance"
SCHEMATHESIS = (
    str(VENV_BIN / "schemathesis") if (VENV_BIN / "schemathesis").exists() else "schemathesis"
)
BASIC_ADMIN = "Basic " + base64.b64encode(b"admin:password").decode()
# Every `{guid}` path parameter names the fuzzing session, so that the session routes reach
# their real logic instead of answering 404 for a random GUID. Some 5xx are answers the
# challenges require: PATCH/TRACE on /sim -> 501, PATCH on the
# heartbeat -> 500, TRACE -> 501; only those operations accept them.
CONFIG = """\
[parameters]
"path.guid" = "{guid}"

[[operations]]
include-path-regex = "^/sim/"
checks.not_a_server_error.expected-statuses = ["2xx", "3xx", "4xx", 501]

[[operations]]
include-path-regex = "^/(api/)?heartbeat/?$"
checks.not_a_server_error.expected-statuses = ["2xx", "3xx", "4xx", 500, 501]
"""


@dataclass(frozen=True)
class Credentials:
    guid: str
    token: str


def config_file(credentials: Credentials, directory: Path) -> Path:
    path = directory / "schemathesis.toml"
    path.write_text(CONFIG.format(guid=credentials.guid))
    return path


def schemathesis(
    base_url: str,
    document: str,
    *,
    credentials: Credentials,
    config: Path,
    max_examples: int,
    seed: int,
    report_dir: Path,
    extra: list[str],
) -> list[str]:
    """The schemathesis command line for one document."""
    return [
        SCHEMATHESIS,
        "--config-file",
        str(config),
        "run",
        f"{base_url}{DOCUMENTS[document]}",
        "--url",
        base_url,
        "--checks",
        CHECKS,
        "--max-examples",
        str(max_examples),
        "--seed",
        str(seed),
        # The session, its secret token, and the practice API's Basic login: writes and
        # the secret area are exercised past their 401s.
        "--header",
        f"X-CHALLENGER:{credentials.guid}",
        "--header",
        f"X-AUTH-TOKEN:{credentials.token}",
        "--auth",
        "admin:password",
        "--generation-database",
        "none",
        "--request-timeout",
        "10",
        "--no-color",
        "--report",
        "junit",
        "--report-junit-path",
        str(report_dir / f"{document}.xml"),
        *extra,
    ]


def credentials_for(server: Server) -> Credentials:
    guid = new_session(server)
    reply = request(
        server,
        "POST",
        "/api/secret/token",
        None,
        {"X-CHALLENGER": guid, "Authorization": BASIC_ADMIN},
    )
    return Credentials(guid, reply.header("X-AUTH-TOKEN") or "")


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
        server: Server | None = None
        if args.url:
            base_url = args.url.rstrip("/")
            parts = urlsplit(base_url)
            target = Server(database_url="", host=parts.hostname or "", port=parts.port or 80)
        else:
            database = stack.enter_context(scratch_database(prefix="fuzz"))
            server = target = stack.enter_context(Server(database))
            base_url = server.url
        credentials = credentials_for(target)
        config = config_file(credentials, args.report_dir)
        failed = False
        for document in args.documents.split(","):
            command = schemathesis(
                base_url,
                document.strip(),
                credentials=credentials,
                config=config,
                max_examples=args.max_examples,
                seed=args.seed,
                report_dir=args.report_dir,
                extra=args.extra,
            )
            print("$", " ".join(command), flush=True)
            env = {**os.environ, "PYTHONUNBUFFERED": "1"}
            failed |= subprocess.run(command, env=env).returncode != 0
        if server is not None and "Traceback" in server.log():
            print("\n--- server log (tracebacks) ---\n" + server.log()[-20000:])
    print(f"JUnit reports: {args.report_dir}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
