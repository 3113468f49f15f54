"""The curriculum's own error texts (its challenger endpoints), sent by its views and
recognised by its challenge conditions. Exact copies of the public service's."""

from __future__ import annotations

GUID_MISMATCH = "URL GUID does not match payload X-CHALLENGER"
