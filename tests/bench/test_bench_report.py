"""`make bench`'s report (bench/run.py): each ratio is taken against the json-server run
that took turns with that very run of ours, never against another database's."""

from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path

import pytest

RUN_PY = Path(__file__).resolve().parents[2] / "bench" / "run.py"


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("bench_run", RUN_PY)
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_run"] = module  # dataclasses resolve their module by name
    spec.loader.exec_module(module)
    yield module
    del sys.modules["bench_run"]


def measurement(bench, workload: str, target: str, database: str, pair: str, rps: float):
    return bench.Measurement(
        workload=workload,
        target=target,
        database=database,
        server="granian:2:2" if target == "ours" else bench.JSONSERVER_NAME,
        pair=pair,
        rps=rps,
        p50_ms=5.0,
        p99_ms=20.0,
        max_ms=30.0,
        requests=int(rps * 15),
        errors=0,
        rss_mb=200.0,
        server_cpu_s=27.0,
        wrk_cpu_s=1.5,
        database_cpu_s=0.0,
        other_cpu_s=0.0,
    )


def test_each_ratio_uses_the_json_server_run_beside_it(bench, capsys):
    args = argparse.Namespace(server=[bench.ServerSpec.parse("granian:2:2")], duration=15)
    ours = [
        measurement(bench, "list", "ours", "sqlite", "sqlite[granian:2:2]", 6000),
        measurement(bench, "list", "ours", "postgres", "postgres[granian:2:2]", 3000),
    ]
    theirs = [
        measurement(bench, "list", "json-server", "db.json", "sqlite[granian:2:2]", 4000),
        measurement(bench, "list", "json-server", "db.json", "postgres[granian:2:2]", 2000),
    ]

    all_met = bench.report(args, ours, theirs)

    lines = [ln for ln in capsys.readouterr().out.splitlines() if ln.startswith("workload=")]
    assert lines == [
        "workload=list_sqlite ours_rps=6000 jsonserver_rps=4000 ratio=1.50 p99_ms=20.0"
        " errors=0 rss_mb=200",
        "workload=list_postgres ours_rps=3000 jsonserver_rps=2000 ratio=1.50 p99_ms=20.0"
        " errors=0 rss_mb=200",
    ]
    assert all_met is False  # 1.5 < the 2.0 target of the list
