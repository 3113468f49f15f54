"""Benchmark tools (docs/benchmark.md). Run from the repository root as modules, e.g.
`python -m bench.run`, so that they import the project as a package."""
