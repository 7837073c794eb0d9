"""The bot lab (lab.html)."""
