"""Hostile payloads shared by the hostile-input tests, and the reasons of their known gaps.

XML documents that attack the parser (entity expansion, external entities) and the
explanation of the regex compile-time gap, referenced by more than one test module.
"""

from __future__ import annotations

BILLION_LAUGHS = (
    '<?xml version="1.0"?><!DOCTYPE todo ['
    '<!ENTITY a "lollollollollollollollollollol">'
    + "".join(
        f'<!ENTITY {n} "{("&" + p + ";") * 10}">'
        for p, n in zip("abcdefgh", "bcdefghi", strict=True)
    )
    + "]><todo><title>&i;</title></todo>"
)
QUADRATIC_BLOWUP = (
    f'<?xml version="1.0"?><!DOCTYPE todo [<!ENTITY x "{"x" * 3000}">]>'
    f"<todo><title>{'&x;' * 300}</title></todo>"
)
EXTERNAL_FILE = (
    '<?xml version="1.0"?><!DOCTYPE todo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'
    "<todo><title>&xxe;</title></todo>"
)
EXTERNAL_URL = (
    '<?xml version="1.0"?><!DOCTYPE todo ['
    '<!ENTITY xxe SYSTEM "http://127.0.0.1:9/steal">]><todo><title>&xxe;</title></todo>'
)
EXTERNAL_DTD = (
    '<?xml version="1.0"?><!DOCTYPE todo SYSTEM "file:///etc/passwd"><todo><title>t</title></todo>'
)
PARAMETER_ENTITY = (
    '<?xml version="1.0"?><!DOCTYPE todo ['
    '<!ENTITY % p SYSTEM "file:///etc/passwd"> %p;]><todo><title>t</title></todo>'
)
PAYLOADS = {
    "billion-laughs": BILLION_LAUGHS,
    "quadratic-blowup": QUADRATIC_BLOWUP,
    "external-file": EXTERNAL_FILE,
    "external-url": EXTERNAL_URL,
    "external-dtd": EXTERNAL_DTD,
    "parameter-entity": PARAMETER_ENTITY,
}
