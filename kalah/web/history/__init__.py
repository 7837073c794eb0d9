"""The saved games page (history.html)."""
