"""docs/hosting.md shows deploy/haproxy.cfg as it is: the configuration a host copies is
the one `make hosted` runs and these tests drive."""

from __future__ import annotations

import re

from tests.reliability.server import ROOT


def test_the_guides_haproxy_block_is_the_deployed_file() -> None:
    guide = (ROOT / "docs" / "hosting.md").read_text()
    blocks = re.findall(r"^```haproxy\n(.*?)^```$", guide, flags=re.MULTILINE | re.DOTALL)
    assert blocks == [(ROOT / "deploy" / "haproxy.cfg").read_text()]
