"""The order in which a Java `HashMap` iterates its string keys.

The public service builds its XML by converting each entity to an org.json `JSONObject`, which
stores members in a `java.util.HashMap`, and then walking that map. So the element order
of its XML is not the definition order but the map's bucket order, which is fixed for a
fixed set of keys. Student suites validate that XML against schemas with `xs:sequence`
written from the public service, so the XML renderer reproduces the order;
computing it, rather than listing it, keeps the reason next to the result and lets a new
field land where the public service would put it.

A `HashMap` created with the default capacity (16) and load factor (0.75) doubles its
table whenever it holds more than three quarters of its capacity. A key's bucket is
`(h ^ (h >>> 16)) & (capacity - 1)`, `h` being Java's `String.hashCode`; a bucket keeps
insertion order, and doubling splits each bucket without reordering it, so the iteration
order is (bucket at the final capacity, insertion order). Buckets of more than eight keys
become trees in Java; no entity here has nearly that many fields.
"""

from __future__ import annotations

from collections.abc import Iterable

DEFAULT_CAPACITY = 16
LOAD_FACTOR = 0.75


def java_string_hash(text: str) -> int:
    """`String.hashCode()`: `s[0]*31^(n-1) + … + s[n-1]` over UTF-16 code units, in 32 bits.

    Returned as the unsigned 32-bit pattern (bucket arithmetic only looks at bits)."""
    units = text.encode("utf-16-be")
    value = 0
    for index in range(0, len(units), 2):
        value = (value * 31 + (units[index] << 8 | units[index + 1])) & 0xFFFFFFFF
    return value


def _capacity(size: int) -> int:
    capacity = DEFAULT_CAPACITY
    while size > capacity * LOAD_FACTOR:
        capacity *= 2
    return capacity


def java_hashmap_order(keys: Iterable[str]) -> tuple[str, ...]:
    """`keys` (in insertion order, no repeats) in the order a default `HashMap` iterates them."""
    inserted = list(keys)
    mask = _capacity(len(inserted)) - 1

    def bucket(key: str) -> int:
        h = java_string_hash(key)
        return (h ^ (h >> 16)) & mask

    # sorted() is stable, so keys sharing a bucket keep their insertion order.
    return tuple(sorted(inserted, key=bucket))
