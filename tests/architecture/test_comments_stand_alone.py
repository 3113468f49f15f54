"""Comments, docstrings, templates and docs stand alone: none sends the reader to a document
that is not in the repository (the behaviour notes the project was written from, by file
name, section mark or decision id) or to an issue tracker by number. A reader of a clone
can follow nothing of the kind, so each comment states the fact or the reason itself.

Challenge numbers (`#54`) are the catalogue's own numbering and stay allowed."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SUFFIXES = {".py", ".html", ".js", ".css", ".lua", ".md", ".toml", ".cfg", ".ini", ".txt"}
NAMES = {"Makefile", "run"}  # `run`: the CI script, .ci/run
SKIPPED_DIRS = {".git", ".venv", "node_modules", "__pycache__", "staticfiles"}

# Written as an escape, so that a search of the sources for the mark finds only citations.
SECTION = "\u00a7"
REFERENCES = {
    "a section mark": re.compile("(?<!RFC [0-9]{4} )" + SECTION),  # a public RFC's is fine
    "a path into the notes' folder": re.compile(r"(?<![\w./-])spec[/]\w"),
    "a notes file by name": re.compile(
        r"\b(?:api|challenges|classic|decisions|design|style)[.]md\b", re.IGNORECASE
    ),
    "a decision id": re.compile(r"\bD[1-9](?:[.][0-9]{1,2})?\b"),
    "a lettered section id": re.compile(r"(?<![\w.])[A-F][.][0-9]{1,2}(?:[.][0-9])?(?![\w.])"),
    "the notes by name": re.compile(r"\b(?:the|per|see) spec\b|\bspec (?:rows?|table)\b", re.I),
    "an issue number": re.compile(
        r"\b(?:issues?|PR|pull request|GH)[ -]?#?[0-9]+\b|\bgithub[.]com/\S+/(?:issues|pull)/",
        re.IGNORECASE,
    ),
}


def repository_files() -> list[Path]:
    """Tracked and not-ignored files (the work tree when there is no git checkout)."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.splitlines()
        paths = [ROOT / name for name in listed]
    except (OSError, subprocess.CalledProcessError):
        paths = [
            path
            for path in ROOT.rglob("*")
            if not SKIPPED_DIRS.intersection(path.relative_to(ROOT).parts)
        ]
    return sorted(
        path
        for path in paths
        if path.is_file()
        and (path.suffix in SUFFIXES or path.name in NAMES)
        and path != Path(__file__).resolve()  # its examples below cite on purpose
    )


def references(text: str) -> list[tuple[int, str, str]]:
    """(line number, kind, line) for each line that cites something outside the repository."""
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        for kind, pattern in REFERENCES.items():
            if pattern.search(line):
                found.append((number, kind, line.strip()))
    return found


def test_no_file_cites_a_document_outside_the_repository() -> None:
    cited = [
        f"{path.relative_to(ROOT)}:{number}: {kind}: {line}"
        for path in repository_files()
        for number, kind, line in references(path.read_text(errors="replace"))
    ]
    assert not cited, "state the fact or the reason instead of citing it:\n" + "\n".join(cited)


@pytest.mark.parametrize(
    "line",
    [
        "# Lengths count code points (D3.4).",
        "# QUERY bodies, as decided in D4.",
        '"""Accept negotiation (spec/api.md 3.1)."""',
        "<!-- the GUI's cookie name (F.3) -->",
        "// see design.md for the budget",
        "# fixed in issue 23",
        "# the public service changed this (#12 is a challenge, issue #12 is not)",
        "Classic edition, spec rows 33-38: bodies.",
        "-- " + SECTION + "4.2 operators",
    ],
)
def test_a_citation_is_found(line: str) -> None:
    assert references(line)


@pytest.mark.parametrize(
    "line",
    [
        "# challenge #54 credits any Accept it cannot serve",
        "color: #555;",
        'escaped = text.replace("\'", "&#39;")',
        "def _sort_keys(spec: Any, fields: Sequence[Field]) -> list[Field]:",
        "openapi-spec-validator==0.9.0",
        "version = 3.12",
        "See docs/hosting.md and README.md.",
        "# An incomplete message must not be processed (RFC 9112 " + SECTION + "8).",
    ],
)
def test_ordinary_text_is_not_a_citation(line: str) -> None:
    assert not references(line)
