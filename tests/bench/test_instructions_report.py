"""bench/instructions.py's reading of callgrind's dumps and its report: each side's window
is found by the name its dump was triggered with, and counts are per request."""

from __future__ import annotations

from pathlib import Path

from bench import instructions


def dump(folder: Path, name: str, window: str, total: int) -> None:
    (folder / name).write_text(
        "version: 1\ncreator: callgrind-3.19.0\n"
        f"desc: Trigger: Client Request: {window}\n"
        "events: Ir\n"
        f"summary: {total}\n"
        "fn=(1) main\n0 1\n"
        f"totals: {total}\n"
    )


def test_each_window_is_read_by_its_side_and_type(tmp_path: Path) -> None:
    dump(tmp_path, "callgrind.41.1", "ours|list", 1_600_000)
    dump(tmp_path, "callgrind.41.2", "floor|list", 800_000)
    (tmp_path / "callgrind.41").write_text("desc: Trigger: Program termination\nsummary: 5\n")
    assert instructions.read_dumps(tmp_path) == {
        ("ours", "list"): 1_600_000,
        ("floor", "list"): 800_000,
    }


def test_a_side_s_windows_are_added_up(tmp_path: Path) -> None:
    dump(tmp_path, "callgrind.41.1", "ours|list", 1_600_000)
    dump(tmp_path, "callgrind.41.2", "floor|list", 800_000)
    dump(tmp_path, "callgrind.41.3", "floor|list", 700_000)
    dump(tmp_path, "callgrind.41.4", "ours|list", 1_500_000)
    assert instructions.read_dumps(tmp_path) == {
        ("ours", "list"): 3_100_000,
        ("floor", "list"): 1_500_000,
    }


def test_the_report_gives_counts_per_request_and_ratios_to_both_floors() -> None:
    args = instructions.parse(["--types", "one", "--requests", "100"])
    per_request = {
        ("ours", "one"): 1_800_000,
        ("floor", "one"): 900_000,
        ("floor+SQL", "one"): 1_200_000,
        ("without tracking", "one"): 1_500_000,
    }
    # What callgrind counted: each side's windows of 100 requests added up.
    counts = {key: n * 100 * instructions.WINDOWS for key, n in per_request.items()}
    lines = instructions.report(args, counts).splitlines()
    assert lines[2].split()[-5:] == ["1,800,000", "900,000", "2.00", "1,200,000", "1.50"]
    assert lines[-1].split()[-7:] == [
        "1,500,000;",
        "the",
        "layer:",
        "300,000",
        "(16.7%",
        "of",
        "ours)",
    ]
