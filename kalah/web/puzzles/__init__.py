"""The puzzles page (puzzles.html)."""
