"""Benchmarks (print figures, never assert timing). Run from the repo root: ``python -m bench.bench_…``."""
