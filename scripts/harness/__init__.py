"""What tests, benchmarks and the build share: chromium's launch recipe and traces, the history-import workload, the lab's tournament driver."""
