"""The rules page (rules.html)."""
