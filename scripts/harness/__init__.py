"""What tests, benchmarks and the build share: chromium's launch recipe and traces, the history-import workload, the lab page's driver (a game, a tournament)."""
