"""docs/hosting.md links deploy/haproxy.cfg rather than copying it: the configuration a host
copies is the one `make hosted` runs and these tests drive, and a copy in the guide would
drift from it."""

from __future__ import annotations

import re

from practiceapi.server.harness import ROOT

GUIDE = ROOT / "docs" / "hosting.md"
PROXY_FILE = ROOT / "deploy" / "haproxy.cfg"


def test_the_guide_links_the_deployed_proxy_file() -> None:
    links = re.findall(r"\]\(([^)#\s]+)\)", GUIDE.read_text())
    assert PROXY_FILE in {(GUIDE.parent / link).resolve() for link in links}


def test_the_guides_links_into_the_repository_reach_files() -> None:
    links = re.findall(r"\]\(([^)#\s]+)\)", GUIDE.read_text())
    local = [link for link in links if "://" not in link]
    assert [link for link in local if not (GUIDE.parent / link).exists()] == []


def test_the_guide_holds_no_copy_of_the_proxy_file() -> None:
    blocks = re.findall(r"^```[^\n]*\n(.*?)^```$", GUIDE.read_text(), flags=re.M | re.S)
    directives = {
        line.strip()
        for line in PROXY_FILE.read_text().splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    }
    copied = [line for block in blocks for line in block.splitlines() if line.strip() in directives]
    assert copied == []
