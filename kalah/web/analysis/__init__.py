"""The analysis board (analysis.html)."""
