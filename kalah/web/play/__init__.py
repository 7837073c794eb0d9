"""The play page (index.html)."""
