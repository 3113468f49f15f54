"""The Java `HashMap` iteration order the XML renderer reproduces:
student suites check the order of XML children with `xs:sequence` schemas."""

from __future__ import annotations

from practiceapi.protocol.hashorder import java_hashmap_order, java_string_hash


def test_string_hash_matches_java() -> None:
    # Values printed by Java's "id".hashCode() and "title".hashCode().
    assert java_string_hash("id") == 3355
    assert java_string_hash("title") == 110371416


def test_string_hash_wraps_to_32_bits() -> None:
    # "doneStatus".hashCode() is -869943788 in Java: the same 32 bits, unsigned.
    assert java_string_hash("doneStatus") == -869943788 & 0xFFFFFFFF


def test_string_hash_counts_utf16_code_units() -> None:
    # U+1F600 is the surrogate pair D83D DE00 in Java's UTF-16 strings.
    assert java_string_hash("\U0001f600") == (0xD83D * 31 + 0xDE00)


def test_empty_string_hashes_to_zero() -> None:
    assert java_string_hash("") == 0


def test_todo_fields_iterate_as_the_reference_emits_them() -> None:
    fields = ("id", "title", "doneStatus", "description")
    assert java_hashmap_order(fields) == ("doneStatus", "description", "id", "title")


def test_entity_fields_iterate_as_the_reference_emits_them() -> None:
    assert java_hashmap_order(("id", "name", "description")) == ("name", "description", "id")


def test_keys_sharing_a_bucket_keep_insertion_order() -> None:
    # "Aa" and "BB" have the same Java hash (2112), so only insertion order separates them.
    assert java_string_hash("Aa") == java_string_hash("BB")
    assert java_hashmap_order(("BB", "Aa")) == ("BB", "Aa")
    assert java_hashmap_order(("Aa", "BB")) == ("Aa", "BB")


def test_a_map_over_three_quarters_full_doubles_before_ordering() -> None:
    # Thirteen keys exceed 16 * 0.75, so buckets are taken modulo 32: "a" (hash 97, bucket
    # 1 at 32 but also 1 at 16) and "q" (113: bucket 1 at 16, 17 at 32) come apart.
    keys = ("q", "a", *(f"k{n}" for n in range(11)))
    order = java_hashmap_order(keys)
    assert order.index("a") < order.index("q")
    assert java_hashmap_order(("q", "a")) == ("q", "a")
