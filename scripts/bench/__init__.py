"""Benchmarks and measurements: python -m scripts.bench.NAME from the repository root; figures in docs/performance.md (current) and docs/performance-log.md (every run)."""
