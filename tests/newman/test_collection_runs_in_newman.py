"""The server's Postman collection works in a real client: newman (Postman's command-line
runner) runs `GET /postman/collection.json` as downloaded, against the production server,
for a fresh session.

newman is installed here from tests/newman/package-lock.json (`npm ci`, once per test
run, when the installed copy is missing or older than the lock file). Without Node.js the
test is skipped, saying so; with Node.js, a failed install fails it.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from practiceapi.server.harness import Server, manage, scratch_database
from tests.reliability.server import request

HERE = Path(__file__).resolve().parent
NEWMAN = HERE / "node_modules" / ".bin" / "newman"
LOCK = HERE / "package-lock.json"
INSTALLED = HERE / "node_modules" / ".package-lock.json"

# What the collection's requests complete, run in order for a fresh session: each is one
# request of the collection (the session's creation, the list, the first todo's reads and
# writes, the heartbeat's deliberate answers, the session's own payloads sent back).
COMPLETED = {
    "CREATE_NEW_CHALLENGER",
    "GET_CHALLENGES",
    "GET_TODOS",
    "GET_TODO",
    "POST_TODOS",
    "DELETE_A_TODO",
    "GET_HEARTBEAT_204",
    "PATCH_HEARTBEAT_500",
    "DELETE_HEARTBEAT_405",
    "GET_RESTORABLE_CHALLENGER_PROGRESS_STATUS",
    "PUT_RESTORABLE_CHALLENGER_PROGRESS_STATUS",
    "GET_RESTORABLE_TODOS",
    "PUT_RESTORABLE_TODOS",
    "GET_TODOS_EXPORT_CSV_CONTENT_DISPOSITION",
}

pytestmark = [
    pytest.mark.server,
    pytest.mark.skipif(
        shutil.which("node") is None or shutil.which("npm") is None,
        reason="Node.js and npm are not installed: newman cannot run the Postman collection",
    ),
]


@pytest.fixture(scope="session")
def newman() -> Path:
    fresh = INSTALLED.exists() and INSTALLED.stat().st_mtime >= LOCK.stat().st_mtime
    if not (NEWMAN.exists() and fresh):
        subprocess.run(
            ["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"],
            cwd=HERE,
            check=True,
            timeout=600,
        )
    return NEWMAN


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with scratch_database(prefix="newman") as database, Server(database) as running:
        yield running


def run_newman(
    newman: Path, server: Server, folder: Path, *options: str
) -> tuple[dict[str, Any], str]:
    """newman's report and console output for the collection downloaded without a session."""
    reply = request(server, "GET", "/postman/collection.json")
    assert reply.status == 200
    collection = folder / "collection.json"
    collection.write_bytes(reply.body)
    report = folder / "report.json"
    finished = subprocess.run(
        [
            str(newman),
            "run",
            str(collection),
            "--reporters",
            "cli,json",
            "--reporter-json-export",
            str(report),
            "--timeout-request",
            "20000",
            *options,
        ],
        check=False,  # the deliberate 500 and the 401s are answers, not failures
        timeout=300,
        capture_output=True,
        text=True,
    )
    return json.loads(report.read_text())["run"], finished.stdout


@pytest.fixture(scope="module")
def run(newman: Path, server: Server, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return run_newman(newman, server, tmp_path_factory.mktemp("newman"))[0]


def header(execution: dict[str, Any], name: str) -> str:
    headers = execution["response"]["header"]
    return next((h["value"] for h in headers if h["key"].lower() == name.lower()), "")


def test_every_request_gets_an_answer(run: dict[str, Any]) -> None:
    executions = run["executions"]
    assert len(executions) >= 30
    unanswered = [
        e["item"]["name"] for e in executions if not e.get("response") or e.get("requestError")
    ]
    assert unanswered == []


def test_every_request_after_the_first_sends_the_session_it_created(run: dict[str, Any]) -> None:
    first, *others = run["executions"]
    guid = header(first, "X-CHALLENGER")
    assert len(guid) == 36
    sent = [
        h["value"]
        for e in others
        for h in e["request"]["header"]
        if h["key"] == "X-CHALLENGER" and not h.get("disabled")
    ]
    assert sent and set(sent) == {guid}


def test_the_requests_complete_their_challenges(run: dict[str, Any], server: Server) -> None:
    guid = header(run["executions"][0], "X-CHALLENGER")
    progress = request(server, "GET", f"/api/challenger/{guid}").json()["challengeStatus"]
    done = {key for key, value in progress.items() if value}
    assert sorted(COMPLETED - done) == []


def test_every_credit_of_the_run_is_the_collections(run: dict[str, Any], server: Server) -> None:
    # Every request the collection sends, the GETs its scripts send included, carries its
    # mark: nothing it completes passes for the student's own work.
    guid = header(run["executions"][0], "X-CHALLENGER")
    read = (
        "import json; from challengers.models import Challenger; "
        f"s = Challenger.objects.get(guid='{guid}'); "
        "print(json.dumps([sorted(s.progress), s.credit_channels]))"
    )
    output = manage(server.database_url, "shell", "-c", read)
    done, channels = json.loads(output.strip().splitlines()[-1])
    assert set(done) >= COMPLETED
    # Another test's own request may have done one again since: it keeps its channel.
    channel = {
        key: entry.get("channel") if isinstance(entry, dict) else entry
        for key, entry in channels.items()
    }
    assert channel == dict.fromkeys(done, "collection")


def test_without_a_session_requests_are_stopped_unsent(
    newman: Path, server: Server, tmp_path: Path
) -> None:
    report, console = run_newman(newman, server, tmp_path, "--folder", "todos")
    assert report["stats"]["items"]["total"] >= 8
    assert report["stats"]["requests"]["total"] == 0
    assert "No session: the collection variable xChallenger" in console


def test_an_unresolved_session_variable_stops_requests_too(
    newman: Path, server: Server, tmp_path: Path
) -> None:
    # The classic mistake: the session set to a variable nobody defined.
    options = ("--folder", "heartbeat", "--env-var", "xChallenger={{guid}}")
    report, console = run_newman(newman, server, tmp_path, *options)
    assert report["stats"]["requests"]["total"] == 0
    assert "No session: the collection variable xChallenger" in console
